package dev.chronoscope.internal.bench.throughput;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * JMH's side of the validation corpus ({@link ThroughputComparison}): average time per call of each
 * {@link Corpus} method, its result returned so that JMH consumes it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CorpusJmh extends Corpus {

    @Benchmark
    public long hashMapGetJmh() {
        return hashMapGet();
    }

    @Benchmark
    public long fastutilGetJmh() {
        return fastutilGet();
    }

    @Benchmark
    public Object caffeineGetJmh() {
        return caffeineGet();
    }

    @Benchmark
    public long murmur3Jmh() {
        return murmur3();
    }

    @Benchmark
    public int isBlankJmh() {
        return isBlank();
    }

    @Benchmark
    public int isBlankBuilderJmh() {
        return isBlankBuilder();
    }

    @Benchmark
    public Object joinJmh() {
        return join();
    }

    @Benchmark
    public int regexJmh() {
        return regex();
    }

    @Benchmark
    public Object bigDecimalJmh() {
        return bigDecimal();
    }

    @Benchmark
    public long streamJmh() {
        return stream();
    }

    /**
     * The {@code streamShared} workload: the same pipeline as {@link #streamJmh}, run only inside a Chronoscope
     * JVM that shared the stream classes' profiles, beside Chronoscope's timing of it (JMH without a fork of its own).
     */
    @Benchmark
    public long streamSharedJmh() {
        return stream();
    }

    @Benchmark
    public Object formatJmh() {
        return format();
    }

    @Benchmark
    public Object jsonWriteJmh() {
        return jsonWrite();
    }

    @Benchmark
    public Object jsonReadJmh() {
        return jsonRead();
    }

    @Benchmark
    public int lz4Jmh() {
        return lz4();
    }

    @Benchmark
    public Object sortJmh() {
        return sort();
    }
}
