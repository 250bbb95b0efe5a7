package dev.chronoscope.samples;

import dev.chronoscope.Probe;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/**
 * Times a 64-bit FNV-1a hash of short keys with the fenced TSC, net of the probe floor, and claims
 * an upper bound several times what the hash costs. The keys live in non-final fields so the JIT
 * cannot fold the hash into a constant.
 *
 * <p>A timed region should take a few hundred nanoseconds at least, so that even a clock stepping
 * by 10 ns resolves it with room to spare. One 64-byte hash is 64 dependent multiplies (~100 ns,
 * ten steps of such a clock; the fenced TSC steps far finer), a 16-byte one a quarter of that, so
 * the 16-byte key is hashed eight times per region, each hash starting from the last one's result
 * so that none can be skipped or hoisted.
 */
@RequiresInvariantTsc
@SubtractProbeFloor
class Fnv1aHashPerformanceTests {

    private static final long OFFSET_BASIS = 0xcbf29ce484222325L;

    private byte[] key16 = "user:1234567890a".getBytes(StandardCharsets.US_ASCII);
    private byte[] key64 = "session:4f1c2b9e-8a7d-4c3b-9e2f-1a0b3c4d5e6f:tenant:acme:region".getBytes(StandardCharsets.US_ASCII);

    static long fnv1a(byte[] data) {
        return fnv1a(data, OFFSET_BASIS);
    }

    static long fnv1a(byte[] data, long basis) {
        long hash = basis;
        for (byte b : data) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    private long eightChainedHashesOfKey16() {
        long hash = OFFSET_BASIS;
        for (int i = 0; i < 8; i++) {
            hash = fnv1a(key16, hash);
        }
        return hash;
    }

    @Test
    void hashesA16ByteKey(Probe probe) {
        Timing t = probe.repeat("fnv1a 16 B x8", 200_000, this::eightChainedHashesOfKey16);
        // eight hashes of 16 bytes: 128 dependent multiplies, ~190 ns net here; the claim allows 2 us
        assertThat(t).isResolved();
        assertThat(t).median().isLessThan(Duration.ofNanos(2_000));
    }

    @Test
    void hashesA64ByteKey(Probe probe) {
        Timing t = probe.repeat("fnv1a 64 B", 200_000, () -> fnv1a(key64));
        // 64 dependent multiplies, ~100 ns net here: the README's claim, with a margin of about 5x
        assertThat(t).isResolved();
        assertThat(t).median().isLessThan(Duration.ofNanos(500));
    }

    @Test
    void hashesA64ByteKeyForATimeBudget(Probe probe) {
        // fnv1a returns a long: the region is a LongSupplier, its result consumed without a Long per call
        Timing t = probe.repeatFor("fnv1a 64 B, 100 ms", Duration.ofMillis(100), () -> fnv1a(key64));
        assertThat(t).isResolved();
        assertThat(t).allocatesNothing();
        assertThat(t).median().isLessThan(Duration.ofNanos(500));
    }
}
