package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/** A disk that fills: room for {@link #room} more bytes, then "No space left on device"; cutting a file back fails if asked. */
final class FillingDisk {

    long room = Long.MAX_VALUE;
    boolean truncateFails;

    /** Opens files with {@code real}, writing through this disk's room. */
    ChannelOpener opener(ChannelOpener real) {
        return file -> {
            SeekableByteChannel channel = real.open(file);
            return new SeekableByteChannel() {
                @Override
                public int write(ByteBuffer src) throws IOException {
                    if (room == 0) {
                        throw new IOException("No space left on device");
                    }
                    int n = (int) Math.min(room, src.remaining());
                    int written = channel.write(src.slice(src.position(), n));
                    src.position(src.position() + written);
                    room -= written;
                    return written;
                }

                @Override
                public SeekableByteChannel truncate(long size) throws IOException {
                    if (truncateFails) {
                        throw new IOException("Input/output error");
                    }
                    channel.truncate(size);
                    return this;
                }

                @Override
                public int read(ByteBuffer dst) throws IOException {
                    return channel.read(dst);
                }

                @Override
                public long position() throws IOException {
                    return channel.position();
                }

                @Override
                public SeekableByteChannel position(long p) throws IOException {
                    channel.position(p);
                    return this;
                }

                @Override
                public long size() throws IOException {
                    return channel.size();
                }

                @Override
                public boolean isOpen() {
                    return channel.isOpen();
                }

                @Override
                public void close() throws IOException {
                    channel.close();
                }
            };
        };
    }
}
