package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.nio.file.Files;
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

    private static final ThreadProcFile FILE = new ThreadProcFile(STAT, 1024);

    /** The calling thread's minor faults so far; -1 where they cannot be read. */
    public static long minor() {
        java.nio.ByteBuffer read = FILE.read();
        return read == null ? -1 : parse(read.array(), read.position());
    }

    static long minor(Path stat) {
        byte[] text;
        try {
            text = Files.readAllBytes(stat);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return parse(text, text.length);
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
        long value = 0;
        int digits = 0;
        for (; i < length && text[i] >= '0' && text[i] <= '9' && digits < 19; i++, digits++) {
            value = value * 10 + (text[i] - '0');
        }
        return digits == 0 ? -1 : value;
    }
}
