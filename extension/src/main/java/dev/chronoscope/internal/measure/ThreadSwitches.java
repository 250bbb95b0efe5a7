package dev.chronoscope.internal.measure;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * How often the kernel took the CPU away from the calling thread against its will: the
 * {@code nonvoluntary_ctxt_switches} of {@code /proc/thread-self/status} (the same count as
 * {@code getrusage(RUSAGE_THREAD)}'s {@code ru_nivcsw}, read without a native call). Read around a
 * measurement, never inside one — a read costs a few microseconds ({@link ThreadProcFile}).
 */
public final class ThreadSwitches {

    static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final String KEY = "nonvoluntary_ctxt_switches:";
    private static final String VOLUNTARY_KEY = "voluntary_ctxt_switches:";

    private ThreadSwitches() {
    }

    // static: each thread's own file, open for the thread's lifetime (a thread-local inside), not a run's or a
    // test's state; opened per test or per timing, every read around a measurement would allocate
    private static final ThreadProcFile FILE = new ThreadProcFile(STATUS, 4096, ThreadSwitches::parse);
    private static final ThreadProcFile VOLUNTARY_FILE = new ThreadProcFile(STATUS, 4096,
            ThreadSwitches::parseVoluntary);

    /** The calling thread's involuntary context switches so far; -1 where they cannot be read. */
    public static long involuntary() {
        return FILE.read();
    }

    /**
     * The calling thread's voluntary context switches so far — each time it gave up the CPU to wait
     * (a lock, a park, I/O, a safepoint); -1 where they cannot be read.
     */
    static long voluntary() {
        return VOLUNTARY_FILE.read();
    }

    static long involuntary(Path status) {
        return ThreadProcFile.readOnce(status, ThreadSwitches::parse);
    }

    static long voluntary(Path status) {
        return ThreadProcFile.readOnce(status, ThreadSwitches::parseVoluntary);
    }

    /** The involuntary count in the first {@code length} bytes of a status file; -1 when it has none. */
    private static long parse(byte[] text, int length) {
        return count(text, length, KEY_BYTES);
    }

    /** The voluntary count: its key begins a line, so the involuntary one's tail never matches it. */
    private static long parseVoluntary(byte[] text, int length) {
        return count(text, length, VOLUNTARY_KEY_BYTES);
    }

    private static long count(byte[] text, int length, byte[] key) {
        // parsed in place: no line or string per read (a read happens around every timing)
        int at = indexOf(text, length, key);
        if (at < 0) {
            return -1;
        }
        int i = at + key.length;
        while (i < length && (text[i] == ' ' || text[i] == '\t')) {
            i++;
        }
        return ThreadProcFile.digitsAt(text, i, length);
    }

    private static final byte[] KEY_BYTES = KEY.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VOLUNTARY_KEY_BYTES = VOLUNTARY_KEY.getBytes(StandardCharsets.US_ASCII);

    /** Where {@code key} starts in the first {@code length} bytes of {@code text} at the start of a line, or -1. */
    static int indexOf(byte[] text, int length, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= length; i++) {
            if (i > 0 && text[i - 1] != '\n') {
                continue;
            }
            for (int j = 0; j < key.length; j++) {
                if (text[i + j] != key[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
