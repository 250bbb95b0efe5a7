package dev.chronoscope.architecture;

import dev.chronoscope.Jdk;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Java 17 JVM loads the API, the JDK gate, the extension's entry points and the launcher listener
 * before Chronoscope can say that it needs JDK 22+, and a Java 17 javac reads the API when a project
 * compiles its tests at release 17: those classes must be class-file version 61 (Java 17). The rest
 * uses the FFM API and is version 66 (Java 22). extension/pom.xml compiles the two sets; this test
 * reads what the build left in the classes folder the jar is made of.
 */
class ClassFileVersionTests {

    private static final int JAVA_17 = 61;
    private static final int JAVA_22 = 66;

    @Test
    void entryPointsAreJava17AndTheRestJava22() throws IOException, URISyntaxException {
        Map<String, Integer> versions = versions();
        assertThat(versions).containsKeys("module-info", "dev/chronoscope/Jdk", "dev/chronoscope/ChronoscopeExtension",
                "dev/chronoscope/internal/junit/ChronoscopeExecutionListener", "dev/chronoscope/internal/junit/PlanPreparation");
        versions.forEach((name, version) -> assertThat(version)
                .as("class-file version of %s", name)
                .isEqualTo(loadedBeforeTheJdkCheck(name) ? JAVA_17 : JAVA_22));
    }

    private static boolean loadedBeforeTheJdkCheck(String name) {
        return name.equals("module-info")
                || name.matches("dev/chronoscope/[^/]+")
                || name.matches("dev/chronoscope/assertj/[^/]+")
                || name.equals("dev/chronoscope/internal/junit/ChronoscopeExecutionListener");
    }

    private static Map<String, Integer> versions() throws IOException, URISyntaxException {
        Path classes = Path.of(Jdk.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Map<String, Integer> versions = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('\\', '/').replaceAll("\\.class$", "");
                versions.put(name, majorVersion(file));
            }
        }
        return versions;
    }

    private static int majorVersion(Path classFile) throws IOException {
        try (InputStream in = Files.newInputStream(classFile); DataInputStream data = new DataInputStream(in)) {
            int magic = data.readInt();
            assertThat(magic).as("magic number of %s", classFile).isEqualTo(0xCAFEBABE);
            data.readUnsignedShort(); // minor
            return data.readUnsignedShort();
        }
    }

    @Test
    void theRuleTellsTheSetsApart() {
        assertThat(List.of("dev/chronoscope/Probe", "dev/chronoscope/TimingBuilder", "dev/chronoscope/assertj/TimingAssert",
                "dev/chronoscope/internal/junit/ChronoscopeExecutionListener", "module-info"))
                .allMatch(ClassFileVersionTests::loadedBeforeTheJdkCheck);
        assertThat(List.of("dev/chronoscope/internal/junit/PlanPreparation", "dev/chronoscope/internal/clock/TscFencedReader",
                "dev/chronoscope/internal/junit/ChronoscopeRuntime"))
                .noneMatch(ClassFileVersionTests::loadedBeforeTheJdkCheck);
    }
}
