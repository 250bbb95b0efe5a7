package dev.chronoscope.internal.json;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Strict UTF-8 decoding that says where it failed: the JDK's own says only "Input length = 1",
 * naming neither the file nor the place.
 */
public final class Utf8 {

    private Utf8() {
    }

    /** Bytes that are not UTF-8: where, and which. */
    public static final class NotUtf8 extends Exception {
        private final int offset;

        NotUtf8(byte[] bytes, int offset) {
            super(describe(bytes, offset));
            this.offset = offset;
        }

        /** Where, from the start of the bytes decoded. */
        int offset() {
            return offset;
        }

        private static String describe(byte[] bytes, int offset) {
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            return String.format(Locale.ROOT,
                    "not UTF-8: the byte 0x%02X at offset %,d (line %,d, byte %,d of the line) is not "
                    + "part of a whole UTF-8 character", bytes[offset] & 0xFF, offset, line, offset - lineStart + 1);
        }
    }

    /** The text of {@code bytes[from, to)}. */
    public static String decode(byte[] bytes, int from, int to) throws NotUtf8 {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, from, to - from);
        CharBuffer out = CharBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, (long) (to - from)));
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new NotUtf8(bytes, in.position());
        }
        return out.flip().toString();
    }

    public static String decode(byte[] bytes) throws NotUtf8 {
        return decode(bytes, 0, bytes.length);
    }
}
