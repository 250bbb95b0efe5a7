package dev.chronoscope.internal.ab;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;

/**
 * The workloads of the A/B validation (docs/evidence/ab-validation.md), run by {@code ab} in child JVMs, never by
 * Surefire (the name matches none of its patterns). Five regions are the same on both sides (A/A); three do more
 * work where the JVM runs with {@code -Dab.head=true}: +5 %, +10 % and 2x the multiply-adds of their chain.
 */
@SubtractProbeFloor
public class AbValidationWorkloads {

    static final boolean HEAD = Boolean.getBoolean("ab.head");
    // not final: the JIT must not fold the chains or their lengths
    private long multiplier = 6364136223846793005L;
    private long increment = 1442695040888963407L;
    private int steps256 = 256;
    private int steps64 = 64;
    private int steps1024 = 1024;
    private int plus5 = HEAD ? 269 : 256;
    private int plus10 = HEAD ? 282 : 256;
    private int twice = HEAD ? 512 : 256;

    long chain(int steps) {
        long x = increment;
        for (int i = 0; i < steps; i++) {
            x = x * multiplier + increment;
        }
        return x;
    }

    @Test
    void same256(Probe probe) {
        probe.throughput("same 256", 2_000, () -> chain(steps256));
    }

    @Test
    void same64(Probe probe) {
        probe.throughput("same 64", 2_000, () -> chain(steps64));
    }

    @Test
    void same1024(Probe probe) {
        probe.throughput("same 1024", 1_000, () -> chain(steps1024));
    }

    @Test
    void same256Latency(Probe probe) {
        probe.repeat("same 256 latency", 2_000, () -> chain(steps256));
    }

    @Test
    void sameAllocating(Probe probe) {
        probe.throughput("same allocating", 2_000, () -> new long[] {chain(steps64), increment});
    }

    @Test
    void plus5(Probe probe) {
        probe.throughput("plus 5 %", 2_000, () -> chain(plus5));
    }

    @Test
    void plus10(Probe probe) {
        probe.throughput("plus 10 %", 2_000, () -> chain(plus10));
    }

    @Test
    void twice(Probe probe) {
        probe.throughput("twice", 2_000, () -> chain(twice));
    }
}
