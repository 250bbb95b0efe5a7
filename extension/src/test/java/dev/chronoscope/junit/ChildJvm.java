package dev.chronoscope.junit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@link KitMain} (or another main class) in a JVM of its own, on this test class path, with
 * other JVM flags or another runtime: for what one JVM cannot show twice (native access denied, a
 * probe that did not load, {@code -Xcomp}). Its output goes to a file, so that the timeout can fire
 * while the child still runs.
 */
final class ChildJvm {

    private ChildJvm() {
    }

    /** What the child printed; it must finish within 120 s and exit with 0. */
    static String runKit(List<String> jvmArgs, String... kitArgs) throws Exception {
        return runKit(List.of(), jvmArgs, kitArgs);
    }

    /** {@link #runKit(List, String...)}, the java command run by {@code launcher} (e.g. a shell that first joins a cgroup). */
    static String runKit(List<String> launcher, List<String> jvmArgs, String... kitArgs) throws Exception {
        return run(launcher, Path.of(System.getProperty("java.home"), "bin", "java").toString(), jvmArgs, KitMain.class, kitArgs);
    }

    /** What {@code main} printed, run with {@code args} in a JVM of this runtime with {@code jvmArgs}; as {@link #runKit(List, String...)}. */
    static String run(List<String> jvmArgs, Class<?> main, String... args) throws Exception {
        return run(List.of(), Path.of(System.getProperty("java.home"), "bin", "java").toString(), jvmArgs, main, args);
    }

    /** What {@code main} printed, run with {@code args} by {@code java} (another runtime's, say) with {@code jvmArgs}, started by {@code launcher}. */
    static String run(List<String> launcher, String java, List<String> jvmArgs, Class<?> main, String... args) throws Exception {
        List<String> command = new ArrayList<>(launcher);
        command.add(java);
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("chronoscope-child-", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(120, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly();
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(finished).as("the JVM finished within 120 s; it printed:\n" + out).isTrue();
            assertThat(process.exitValue()).as(out).isZero();
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
