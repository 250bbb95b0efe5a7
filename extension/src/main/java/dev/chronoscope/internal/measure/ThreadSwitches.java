package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How often the kernel took the CPU away from the calling thread against its will: the
 * {@code nonvoluntary_ctxt_switches} of {@code /proc/thread-self/status} (the same count as
 * {@code getrusage(RUSAGE_THREAD)}'s {@code ru_nivcsw}, read without a native call). Read around a
 * measurement, never inside one — a read costs a few microseconds and allocates.
 */
public final class ThreadSwitches {

    static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final String KEY = "nonvoluntary_ctxt_switches:";

    private ThreadSwitches() {
    }

    /** The calling thread's involuntary context switches so far; -1 where they cannot be read. */
    public static long involuntary() {
        return involuntary(STATUS);
    }

    static long involuntary(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith(KEY)) {
                    return Long.parseLong(line.substring(KEY.length()).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
