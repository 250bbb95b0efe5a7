package dev.chronoscope.samples;

import dev.chronoscope.Probe;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times a 64-bit FNV-1a hash of short keys with the fenced TSC, net of the probe floor. The keys
 * live in non-final fields so the JIT cannot fold the hash into a constant.
 */
@RequiresInvariantTsc
@SubtractProbeFloor
class Fnv1aHashPerformanceTests {

    private byte[] key16 = "user:1234567890a".getBytes(StandardCharsets.US_ASCII);
    private byte[] key64 = "session:4f1c2b9e-8a7d-4c3b-9e2f-1a0b3c4d5e6f:tenant:acme:region".getBytes(StandardCharsets.US_ASCII);

    static long fnv1a(byte[] data) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : data) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    @Test
    void hashesA16ByteKey(Probe probe) {
        Timing t = probe.repeat("fnv1a 16 B", 200_000, () -> fnv1a(key16));
        assertThat(t.kept() + t.dropped()).isEqualTo(200_000);
    }

    @Test
    void hashesA64ByteKey(Probe probe) {
        Timing t = probe.repeat("fnv1a 64 B", 200_000, () -> fnv1a(key64));
        assertThat(t.kept() + t.dropped()).isEqualTo(200_000);
    }
}
