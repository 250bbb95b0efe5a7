package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;
import dev.chronoscope.internal.ffm.Libc;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class NtpSourceTests {

    /** A 208-byte LP64 struct timex, little-endian, as the kernel fills it. */
    private static byte[] timex(long freq, int status) {
        ByteBuffer b = ByteBuffer.allocate(208).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(8, 1234);          // offset
        b.putLong(16, freq);         // freq: ppm with a 16-bit fraction
        b.putLong(24, 16_000);       // maxerror (µs)
        b.putLong(32, 500);          // esterror (µs)
        b.putInt(40, status);
        b.putLong(88, 10_000);       // tick (µs)
        b.putInt(160, 37);           // tai
        return b.array();
    }

    @Test
    void parsesAStructTimex() {
        long freq = Math.round(1.970 * 65536);

        Adjtimex a = Adjtimex.parse(0, timex(freq, 0x2001), ByteOrder.LITTLE_ENDIAN);

        assertThat(a.frequencyRaw()).isEqualTo(freq);
        assertThat(a.frequencyPpm()).isCloseTo(1.970, within(1e-4));
        assertThat(a.offset()).isEqualTo(1234);
        assertThat(a.maxErrorMicros()).isEqualTo(16_000);
        assertThat(a.estErrorMicros()).isEqualTo(500);
        assertThat(a.tickMicros()).isEqualTo(10_000);
        assertThat(a.taiOffset()).isEqualTo(37);
        assertThat(a.statusFlags()).containsExactly("STA_PLL", "STA_NANO");
        assertThat(a.synchronised()).isTrue();
        assertThat(a.clockStateName()).isEqualTo("TIME_OK");
    }

    @Test
    void unsyncIsNotSynchronised() {
        Adjtimex a = Adjtimex.parse(0, timex(0, 0x40), ByteOrder.LITTLE_ENDIAN);

        assertThat(a.synchronised()).isFalse();
        assertThat(a.statusFlags()).containsExactly("STA_UNSYNC");
        assertThat(Adjtimex.parse(5, timex(0, 0x2001), ByteOrder.LITTLE_ENDIAN).synchronised()).isFalse();
    }

    @Test
    void describedSources() {
        Adjtimex a = Adjtimex.parse(0, timex(0, 0), ByteOrder.LITTLE_ENDIAN);

        assertThat(NtpSource.of(a).read()).isEqualTo(Fact.of(a, NtpSource.SOURCE));
        assertThat(NtpSource.unavailable("adjtimex failed with errno 1 (EPERM)").read().unknownReason())
                .isEqualTo("adjtimex failed with errno 1 (EPERM)");
    }

    @Test
    void readsThisKernel() {
        assumeTrue(Libc.isAvailable(), () -> "needs libc's adjtimex, but libc is not available: " + Libc.unavailableReason());

        Fact<Adjtimex> state = NtpSource.system().read();
        // a restricted container (a seccomp profile) may refuse the call even with modes = 0: that is
        // the container, not the code; any other failure is the code's
        assumeTrue(state.isKnown() || !refusedByTheContainer(state.unknownReason()),
                () -> "adjtimex(2) could not be read here: " + state.unknownReason());

        assertThat(state.isKnown()).as(state.describe()).isTrue();
        assertThat(state.source()).isEqualTo("adjtimex(2), modes = 0");
        assertThat(state.get().tickMicros()).isPositive();
    }

    private static boolean refusedByTheContainer(String reason) {
        // EPERM (1), EACCES (13), ENOSYS (38): what seccomp profiles answer for a refused call
        return reason.matches("adjtimex failed with errno (1|13|38) \\(.*");
    }
}
