package dev.chronoscope.internal.bench.allocation;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The regions both tools count the allocation of ({@link AllocationComparison}). Each returns an
 * object, as a region returning through {@code Supplier<?>} does: JMH consumes it, and so does
 * Chronoscope, so neither lets escape analysis remove it. Inputs load from non-final fields.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocationWorkloads {

    public long large = 1_234_567_890_123L;
    public int small = 7;

    /** A long[8]: 16 bytes of header and length, 64 of elements. */
    @Benchmark
    public Object array8() {
        return new long[8];
    }

    /** A Long outside the cache: the box a primitive region returning through Supplier&lt;?&gt; pays. */
    @Benchmark
    public Object boxedLong() {
        return Long.valueOf(large++);
    }

    /** A Boolean from the cache: no allocation at all. */
    @Benchmark
    public Object arithmetic() {
        return small * 3 + 1 > 0;
    }

    /** A String of ten digits and its byte[]. */
    @Benchmark
    public Object longToString() {
        return Long.toString(large++);
    }
}
