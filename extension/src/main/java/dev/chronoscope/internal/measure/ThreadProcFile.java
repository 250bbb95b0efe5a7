package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One of the calling thread's {@code /proc/thread-self} files, kept open with a buffer of its own,
 * per thread: a read allocates nothing on the heap. (Reading such a file afresh allocated 8 KB per
 * read, and in a fresh heap those bytes were themselves first-touch page faults: a comparison's
 * reads around each block counted ~740 faults of their own in 5,000 samples here.) A read costs
 * ~12 µs on this host: around a measurement, never inside one.
 */
final class ThreadProcFile {

    /**
     * A count read from a file's first {@code length} bytes, parsed in place: no line or string per read; -1 when it
     * has none.
     */
    @FunctionalInterface
    interface Parser {
        long parse(byte[] text, int length);
    }

    private final ThreadLocal<Open> files;
    private final Parser parser;

    ThreadProcFile(Path path, int capacity, Parser parser) {
        this.files = ThreadLocal.withInitial(() -> new Open(path, capacity));
        this.parser = parser;
    }

    /** The count in the calling thread's file, read afresh into the buffer its last read used; -1 when unreadable. */
    long read() {
        Open file = files.get();
        int length = file.read();
        return length < 0 ? -1 : parser.parse(file.bytes, length);
    }

    /** The count in {@code path}, read whole, once (for files other than the calling thread's); -1 when unreadable. */
    static long readOnce(Path path, Parser parser) {
        byte[] text;
        try {
            text = Files.readAllBytes(path);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return parser.parse(text, text.length);
    }

    /**
     * The decimal number at {@code from} (at most 19 digits, within the first {@code length} bytes); -1 when none
     * starts there.
     */
    static long digitsAt(byte[] text, int from, int length) {
        long value = 0;
        int digits = 0;
        for (int i = from; i < length && text[i] >= '0' && text[i] <= '9' && digits < 19; i++, digits++) {
            value = value * 10 + (text[i] - '0');
        }
        return digits == 0 ? -1 : value;
    }

    /**
     * One thread's file; {@code /proc/thread-self} names the thread that opened it. A
     * {@link RandomAccessFile}, not a {@code FileChannel}: a channel is closed for good by a read on an
     * interrupted thread, and a test may leave its thread interrupted; this file's reads ignore the
     * interrupt status and leave it as it was.
     */
    private static final class Open {
        private final RandomAccessFile file;
        private final byte[] bytes;

        Open(Path path, int capacity) {
            RandomAccessFile f;
            try {
                f = new RandomAccessFile(path.toFile(), "r");
            } catch (IOException | RuntimeException e) {
                f = null;
            }
            file = f;
            bytes = new byte[capacity];
        }

        /** Reads the file afresh into {@code bytes}: how many bytes it read, -1 when unreadable. */
        int read() {
            if (file == null) {
                return -1;
            }
            int length = 0;
            try {
                // from position 0 each time: procfs writes the figures afresh
                file.seek(0);
                int n;
                while (length < bytes.length && (n = file.read(bytes, length, bytes.length - length)) > 0) {
                    length += n;
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            }
            return length;
        }
    }
}
