package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * End to end: two builds of one small project, the head a copy of the base with one region doing twice the work,
 * compiled here and compared by {@code ab} through the classpath way in 7 rounds. The doubled region is
 * {@code regressed}, the two untouched ones are not, and {@code --fail-on-regression} exits with 1.
 */
class AbTwoBuildsTests {

    /** The project: three throughput regions of dependent multiply-adds, one of them scaled by {@code SCALE}. */
    static final String SOURCE = """
            package abfixture;

            import dev.chronoscope.Probe;
            import dev.chronoscope.SubtractProbeFloor;
            import org.junit.jupiter.api.Test;

            @SubtractProbeFloor
            class ChainPerformanceTests {
                static final int SCALE = %d;
                // not final: the JIT must not fold the chain
                private long multiplier = 6364136223846793005L;
                private long increment = 1442695040888963407L;

                long chain(int steps) {
                    long x = increment;
                    for (int i = 0; i < steps; i++) {
                        x = x * multiplier + increment;
                    }
                    return x;
                }

                @Test
                void steady(Probe probe) {
                    probe.throughput("steady", 2_000, () -> chain(256));
                }

                @Test
                void scaled(Probe probe) {
                    probe.throughput("scaled", 2_000, () -> chain(256 * SCALE));
                }

                @Test
                void other(Probe probe) {
                    probe.throughput("other", 2_000, () -> chain(128));
                }
            }
            """;

    @Test
    void theRegionMadeTwiceAsSlowIsRegressedAndTheOthersAreNot(@TempDir Path dir) throws Exception {
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        assumeTrue(Files.isExecutable(javac), "no javac in this JDK (" + javac + "): the two builds cannot be compiled");
        String testClassPath = System.getProperty("java.class.path");
        assumeTrue(SideLauncher.missingLauncher(new Side("base", Side.Way.CLASSPATH, List.of(testClassPath.split(File.pathSeparator)),
                null, Path.of("."), List.of())).isEmpty(), "junit-platform-launcher is not on this test class path: " + testClassPath);
        Path base = build(javac, dir.resolve("base"), 1, testClassPath);
        Path head = build(javac, dir.resolve("head"), 2, testClassPath);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Ab.run(new String[] {"--base-classpath", base + File.pathSeparator + testClassPath,
                "--head-classpath", head + File.pathSeparator + testClassPath, "--class", "abfixture.ChainPerformanceTests",
                // 7 rounds: a JVM whose region settled at another level widens the interval past deciding; with 5,
                // a full suite's run left the doubled region inconclusive with its rounds 34 % apart (Student's t at
                // 99 % with 4 degrees of freedom is 4.6, with 6 it is 3.7, and the mean's error shrinks with the rounds)
                "--rounds", "7", "--seed", "7", "--fail-on-regression", "--out", dir.resolve("ab").toString(),
                "--jvm-arg", "-Dchronoscope.report.print=false"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);

        Map<String, Object> json = JsonParser.parseObject(Files.readString(dir.resolve("ab").resolve(Ab.JSON)));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> timings = (List<Map<String, Object>>) json.get("timings");
        assertThat(timings).as(printed).extracting(t -> t.get("label")).contains("steady", "scaled", "other");
        Map<String, Object> scaled = timings.stream().filter(t -> t.get("label").equals("scaled")).findFirst().orElseThrow();
        assertThat(scaled.get("verdict")).as(printed).isEqualTo("regressed");
        // twice the work: a ratio near 2, with room for a busy host
        assertThat(((Number) scaled.get("ratio")).doubleValue()).as(printed).isBetween(1.4, 2.8);
        assertThat(timings.stream().filter(t -> !t.get("label").equals("scaled")).map(t -> t.get("verdict")))
                .as(printed).doesNotContain("regressed");
        assertThat(timings.getFirst().get("label")).as("worst first\n" + printed).isEqualTo("scaled");
        assertThat(code).as(printed).isEqualTo(Ab.EXIT_REGRESSED);
        assertThat(printed).contains("seed 7").contains("7 rounds completed, 0 dropped");
        assertThat(Files.readString(dir.resolve("ab").resolve(Ab.MARKDOWN))).contains("| **regressed** |");
        assertThat(Files.readString(dir.resolve("ab").resolve(Ab.HTML))).contains("<svg").contains("round 5: x");
    }

    /** The project compiled with {@code SCALE = scale} into {@code dir}, which is returned. */
    static Path build(Path javac, Path dir, int scale, String classPath) throws Exception {
        Path source = dir.resolve("src/abfixture/ChainPerformanceTests.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, SOURCE.formatted(scale));
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        Process javacRun = new ProcessBuilder(javac.toString(), "-d", classes.toString(), "-cp", classPath, source.toString())
                .redirectErrorStream(true).start();
        String diagnostics = new String(javacRun.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(javacRun.waitFor()).as(diagnostics).isZero();
        return classes;
    }
}
