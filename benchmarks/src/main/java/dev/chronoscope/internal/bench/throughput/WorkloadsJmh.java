package dev.chronoscope.internal.bench.throughput;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * JMH's side of the throughput comparison ({@link ThroughputComparison}): average time per call of
 * each {@link Workloads} method, its result returned so that JMH consumes it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WorkloadsJmh extends Workloads {

    @Benchmark
    public long chain4Jmh() {
        return chain4();
    }

    @Benchmark
    public long chain64Jmh() {
        return chain64();
    }

    @Benchmark
    public long fnv64Jmh() {
        return fnv64();
    }

    @Benchmark
    public long chain1024Jmh() {
        return chain1024();
    }
}
