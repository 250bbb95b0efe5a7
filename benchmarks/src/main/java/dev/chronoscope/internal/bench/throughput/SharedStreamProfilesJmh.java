package dev.chronoscope.internal.bench.throughput;

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
 * classes other pipelines used first ({@link Corpus#shareStreamProfiles}), as they are in any test JVM.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SharedStreamProfilesJmh extends Corpus {

    @Setup(Level.Trial)
    public void shareProfiles(Blackhole blackhole) {
        blackhole.consume(shareStreamProfiles());
    }

    @Benchmark
    public long streamSharedJmh() {
        return stream();
    }
}
