package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Opens a file the reports write: the real file system's channels in use, a channel that fails
 * part-way (a full disk) in tests of what a failed write leaves behind.
 */
@FunctionalInterface
public interface ChannelOpener {

    /** Opens {@code file} for appending, creating it if needed. */
    ChannelOpener APPEND = file -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND);

    /**
     * Creates {@code file}, which must not exist yet, for writing (as any new file is, with the umask's permissions).
     */
    ChannelOpener CREATE_NEW = file -> FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

    SeekableByteChannel open(Path file) throws IOException;
}
