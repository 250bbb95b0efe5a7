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
        byte[] text;
        try {
            text = Files.readAllBytes(status);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        // parsed in place: no line or string per read (a read happens around every timing)
        int at = indexOf(text, KEY_BYTES);
        if (at < 0) {
            return -1;
        }
        int i = at + KEY_BYTES.length;
        while (i < text.length && (text[i] == ' ' || text[i] == '\t')) {
            i++;
        }
        long value = 0;
        int digits = 0;
        for (; i < text.length && text[i] >= '0' && text[i] <= '9' && digits < 19; i++, digits++) {
            value = value * 10 + (text[i] - '0');
        }
        return digits == 0 ? -1 : value;
    }

    private static final byte[] KEY_BYTES = KEY.getBytes(StandardCharsets.US_ASCII);

    /** Where {@code key} starts in {@code text} at the start of a line, or -1. */
    static int indexOf(byte[] text, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= text.length; i++) {
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
