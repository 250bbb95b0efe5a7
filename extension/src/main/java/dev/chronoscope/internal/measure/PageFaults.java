package dev.chronoscope.internal.measure;

import java.nio.file.Path;

/**
 * The calling thread's minor page faults — pages the kernel handed out on first touch, without
 * disk I/O — from field 10 ({@code minflt}) of {@code /proc/thread-self/stat}. Read around a
 * measurement, never inside one: a read costs a few microseconds.
 */
public final class PageFaults {

    static final Path STAT = Path.of("/proc/thread-self/stat");

    private PageFaults() {
    }

    // static: each thread's own file, open for the thread's lifetime (a thread-local inside), not a run's or a
    // test's state; opened per test or per timing, every read around a measurement would allocate
    private static final ThreadProcFile FILE = new ThreadProcFile(STAT, 1024, PageFaults::parse);

    /** The calling thread's minor faults so far; -1 where they cannot be read. */
    public static long minor() {
        return FILE.read();
    }

    /** Field 10 of a stat file's first {@code length} bytes; -1 when it has none. */
    static long parse(byte[] text, int length) {
        // the command name (field 2) may hold spaces and parentheses: count fields after the last ')'
        int i = length - 1;
        while (i >= 0 && text[i] != ')') {
            i--;
        }
        if (i < 0) {
            return -1;
        }
        int field = 2;
        for (i++; i < length && field < 10; i++) {
            if (text[i] == ' ') {
                field++;
            }
        }
        return ThreadProcFile.digitsAt(text, i, length);
    }
}
