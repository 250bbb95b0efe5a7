package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Appends one JSON record per line to a file only one run writes:
 * {@code chronoscope-<yyyyMMdd-HHmmss>-<pid>-<random>.jsonl} in the report directory. Surefire forks
 * and repeated runs therefore never share (or clobber) a file; within the run, appends are
 * serialised and each record is written whole in one call, so parallel tests never interleave.
 * A record is written whole or not at all: a write that fails part-way (a full disk) cuts the file
 * back to where the record began; where even that fails, the next record starts on a fresh line,
 * so the fragment is one unreadable line, never the start of the next record's.
 */
public final class JsonLinesWriter {

    private final Path file;
    private final ChannelOpener opener;
    /**
     * A failed write left part of a record that could not be cut off: the next record starts on a new line. Guarded by
     * this.
     */
    private boolean fragmentAtEnd;

    private JsonLinesWriter(Path file, ChannelOpener opener) {
        this.file = file;
        this.opener = opener;
    }

    /** A writer of a new file in {@code directory}, named for this moment, this JVM and a random number. */
    public static JsonLinesWriter newFileIn(Path directory) {
        return newFileIn(directory, ChannelOpener.APPEND);
    }

    /** A writer of a new file in {@code directory}, opened with {@code opener}. */
    public static JsonLinesWriter newFileIn(Path directory, ChannelOpener opener) {
        String run = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + "-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(ThreadLocalRandom.current()
                .nextInt(1 << 16, 1 << 20));
        return new JsonLinesWriter(directory.toAbsolutePath().normalize().resolve("chronoscope-" + run + ".jsonl"),
                opener);
    }

    public Path file() {
        return file;
    }

    /**
     * Appends {@code json} (one line, no newline inside) and a newline, or nothing: a write that
     * fails part-way is cut off again (the exception says if that failed too).
     */
    public synchronized void append(String json) throws IOException {
        if (json.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a JSON Lines record must be one line");
        }
        byte[] bytes = ((fragmentAtEnd ? "\n" : "") + json + "\n").getBytes(StandardCharsets.UTF_8);
        // a test may leave its thread interrupted: the channel would close itself on it
        Uninterrupted.call(() -> {
            Files.createDirectories(file.getParent());
            try (SeekableByteChannel channel = opener.open(file)) {
                long start = channel.size();
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                try {
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                } catch (IOException | RuntimeException e) {
                    cutBack(channel, start, e);
                    throw e;
                }
            }
            fragmentAtEnd = false;
            return null;
        });
    }

    /**
     * Cuts the file back to {@code start}, where the failed record began; if that fails, the next record starts on a
     * new line.
     */
    private void cutBack(SeekableByteChannel channel, long start, Exception failure) {
        try {
            if (channel.size() > start) {
                channel.truncate(start);
            }
        } catch (IOException | RuntimeException e) {
            fragmentAtEnd = true;
            failure.addSuppressed(new IOException("the part of the record written could not be cut off: " + e
                    + "; the next record starts on a new line", e));
        }
    }
}
