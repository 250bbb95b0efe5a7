package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Appends one JSON record per line to a file only one run writes:
 * {@code chronoscope-<yyyyMMdd-HHmmss>-<pid>-<random>.jsonl} in the report directory. Surefire forks
 * and repeated runs therefore never share (or clobber) a file; within the run, appends are
 * serialised and each record is written whole in one call, so parallel tests never interleave.
 */
public final class JsonLinesWriter {

    private final Path file;

    private JsonLinesWriter(Path file) {
        this.file = file;
    }

    /** A writer of a new file in {@code directory}, named for this moment, this JVM and a random number. */
    public static JsonLinesWriter newFileIn(Path directory) {
        String run = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + "-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16, 1 << 20));
        return new JsonLinesWriter(directory.toAbsolutePath().normalize().resolve("chronoscope-" + run + ".jsonl"));
    }

    public Path file() {
        return file;
    }

    /** Appends {@code json} (one line, no newline inside) and a newline. */
    public synchronized void append(String json) throws IOException {
        if (json.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a JSON Lines record must be one line");
        }
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        // a test may leave its thread interrupted: the channel would close itself on it
        Uninterrupted.call(() -> {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
            return null;
        });
    }
}
