package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A number that moves while the JIT compiles. On Linux: the CPU time of the JVM's compiler threads
 * ({@code /proc/self/task/<tid>/schedstat}, nanoseconds), which moves as soon as a compilation is
 * under way. Elsewhere: the accumulated compilation time of the {@link CompilationMXBean}, which
 * moves only when a compilation finishes (a long compilation in progress is invisible to it: seen
 * here, a warm-up judged the JIT quiet and settled at 1.65x the floor while the timing loop was
 * still being compiled).
 */
final class JitActivity {

    private static final Path TASKS = Path.of("/proc/self/task");

    private JitActivity() {
    }

    /** The current reading; compare two readings for equality, nothing else. */
    static long now() {
        long fromThreads = compilerThreadCpuNanos();
        if (fromThreads >= 0) {
            return fromThreads;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0L;
    }

    /** Sum of the compiler threads' CPU time, or -1 when it cannot be read. */
    static long compilerThreadCpuNanos() {
        if (!Files.isDirectory(TASKS)) {
            return -1;
        }
        long sum = 0;
        boolean found = false;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String comm;
                String schedstat;
                try {
                    comm = Files.readString(task.resolve("comm"));
                    if (!comm.contains("CompilerThre")) {
                        continue;
                    }
                    schedstat = Files.readString(task.resolve("schedstat"));
                } catch (IOException e) {
                    continue; // the thread ended while we looked
                }
                int space = schedstat.indexOf(' ');
                sum += Long.parseLong(space < 0 ? schedstat.trim() : schedstat.substring(0, space));
                found = true;
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return found ? sum : -1;
    }
}
