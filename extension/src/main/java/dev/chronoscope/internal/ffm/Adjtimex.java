package dev.chronoscope.internal.ffm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * What a read-only {@code adjtimex(2)} call returns: the clock state and the fields of
 * {@code struct timex} (LP64 Linux layout) that describe NTP discipline.
 *
 * @param clockState    return value: TIME_OK (0), TIME_INS, TIME_DEL, TIME_OOP, TIME_WAIT, TIME_ERROR (5)
 * @param offset        time offset (µs, or ns with STA_NANO)
 * @param frequencyRaw  frequency offset in ppm with a 16-bit fraction ({@code freq} field)
 * @param maxErrorMicros maximum error (µs)
 * @param estErrorMicros estimated error (µs)
 * @param status        STA_* bits
 * @param tickMicros    microseconds between clock ticks
 * @param taiOffset     TAI − UTC (s)
 */
public record Adjtimex(int clockState, long offset, long frequencyRaw, long maxErrorMicros, long estErrorMicros,
                       int status, long tickMicros, int taiOffset) {

    public static final int TIME_ERROR = 5;
    public static final int STA_PLL = 0x0001;
    public static final int STA_UNSYNC = 0x0040;
    public static final int STA_NANO = 0x2000;

    // offsets in struct timex (LP64): modes 0, offset 8, freq 16, maxerror 24, esterror 32, status 40,
    // constant 48, precision 56, tolerance 64, time 72, tick 88, ..., tai 160; 208 bytes in all
    static final int SIZE = 208;

    /** Parses the bytes of a {@code struct timex} filled by the kernel. */
    public static Adjtimex parse(int clockState, byte[] timex, ByteOrder order) {
        if (timex.length < SIZE) {
            throw new IllegalArgumentException("struct timex needs " + SIZE + " bytes, got " + timex.length);
        }
        ByteBuffer b = ByteBuffer.wrap(timex).order(order);
        return new Adjtimex(clockState, b.getLong(8), b.getLong(16), b.getLong(24), b.getLong(32),
                b.getInt(40), b.getLong(88), b.getInt(160));
    }

    /** The kernel's frequency correction in parts per million (positive: the clock is sped up). */
    public double frequencyPpm() {
        return frequencyRaw / 65536.0;
    }

    /** True when the kernel considers the clock synchronised (STA_UNSYNC clear, state not TIME_ERROR). */
    public boolean synchronised() {
        return (status & STA_UNSYNC) == 0 && clockState != TIME_ERROR;
    }

    /** The clock state by name. */
    public String clockStateName() {
        return switch (clockState) {
            case 0 -> "TIME_OK";
            case 1 -> "TIME_INS";
            case 2 -> "TIME_DEL";
            case 3 -> "TIME_OOP";
            case 4 -> "TIME_WAIT";
            case 5 -> "TIME_ERROR";
            default -> "state " + clockState;
        };
    }

    /** The STA_* bits that are set, by name. */
    public List<String> statusFlags() {
        String[] names = {"STA_PLL", "STA_PPSFREQ", "STA_PPSTIME", "STA_FLL", "STA_INS", "STA_DEL", "STA_UNSYNC",
            "STA_FREQHOLD", "STA_PPSSIGNAL", "STA_PPSJITTER", "STA_PPSWANDER", "STA_PPSERROR", "STA_CLOCKERR",
            "STA_NANO", "STA_MODE", "STA_CLK"};
        List<String> set = new ArrayList<>();
        for (int bit = 0; bit < names.length; bit++) {
            if ((status & (1 << bit)) != 0) {
                set.add(names[bit]);
            }
        }
        return set;
    }
}
