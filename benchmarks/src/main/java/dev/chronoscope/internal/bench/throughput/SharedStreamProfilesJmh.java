package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.clock.ClockUnavailableException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * JMH's side of the {@code streamShared} workload: {@link Corpus#stream} in a fork whose JDK stream
 * classes other pipelines used first ({@link Corpus#shareStreamProfiles}), as they are in any test JVM,
 * and which then timed the workload with Chronoscope, as Chronoscope's JVM did: the stream classes'
 * out-of-line code (a spliterator's {@code forEachRemaining}, the sinks' {@code accept}) is compiled with
 * the profiles of every pipeline the JVM ran, its harness's own among them, so the same pipeline runs
 * at another speed in a JVM with another history (docs/latency-and-throughput.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SharedStreamProfilesJmh extends Corpus {

    @Setup(Level.Trial)
    public void shareProfiles(Blackhole blackhole) throws ClockUnavailableException {
        blackhole.consume(shareStreamProfiles());
        blackhole.consume(ThroughputComparison.timeAsChronoscopeDoes(Region.ofLong(this::stream), "streamShared"));
    }

    @Benchmark
    public long streamSharedJmh() {
        return stream();
    }
}
