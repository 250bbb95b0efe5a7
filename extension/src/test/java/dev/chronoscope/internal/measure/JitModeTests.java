package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JVM's compilation mode as {@link JitMode} reads it, in JVMs started with the options that
 * change it (one short child JVM each): a JVM whose code never reaches C2 is named, with the option,
 * and warned about; one with C2 is not.
 */
class JitModeTests {

    /** Prints this JVM's mode: top tier, description, warning. */
    public static final class Print {
        public static void main(String[] args) {
            JitMode m = JitMode.current();
            System.out.println(m.topTier() + "|" + m.describe() + "|" + m.warning().orElse(""));
        }
    }

    static String[] modeIn(String... options) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(options));
        command.add("-cp");
        command.add(location(JitMode.class) + File.pathSeparator + location(Print.class));
        command.add(Print.class.getName());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out.lines().reduce((a, b) -> b).orElse("").split("\\|", -1);
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void c1OnlyIsNamedWithItsOptionAndWarnedAbout() throws Exception {
        String[] m = modeIn("-XX:TieredStopAtLevel=1");
        assertThat(m[0]).isEqualTo("1");
        assertThat(m[1]).isEqualTo("tiered up to level 1, C1, no C2 (-XX:TieredStopAtLevel=1)");
        assertThat(m[2]).startsWith("this JVM's code never reaches C2 (tiered up to level 1").contains("C1's code");
    }

    @Test
    void theInterpreterOnlyIsNamedAndWarnedAbout() throws Exception {
        String[] m = modeIn("-Xint");
        assertThat(m[0]).isEqualTo("0");
        assertThat(m[1]).isEqualTo("interpreter only (-Xint)");
        assertThat(m[2]).contains("interpreted code");
    }

    @Test
    void theDefaultReachesC2AndIsNotWarnedAbout() throws Exception {
        String[] m = modeIn();
        assertThat(m[0]).isEqualTo("4");
        assertThat(m[1]).isEqualTo("tiered C1 and C2, C2 at the top");
        assertThat(m[2]).isEmpty();
    }
}
