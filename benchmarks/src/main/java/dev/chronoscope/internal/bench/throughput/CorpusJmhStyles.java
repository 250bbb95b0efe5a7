package dev.chronoscope.internal.bench.throughput;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JMH's other harness styles for the corpus's calls of a few nanoseconds, whose JMH figure depends on the loop
 * around them: {@value #CALLS} calls per invocation with their results summed ({@code Summed}: primitive results
 * only; an object's cannot be summed without adding work), and {@value #CALLS} calls per invocation each handed to
 * the Blackhole ({@code Each}). With {@link CorpusJmh}'s one call per invocation they give the envelope a figure
 * below 10 ns is judged against ({@link PairedValidation}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CorpusJmhStyles extends Corpus {

    static final int CALLS = 100;

    /** The workloads that have other styles, and their benchmark methods here. */
    static final Map<String, List<String>> STYLES = Map.of(
            "hashMapGet", List.of("hashMapGetSummed", "hashMapGetEach"),
            "fastutilGet", List.of("fastutilGetSummed", "fastutilGetEach"),
            "caffeineGet", List.of("caffeineGetEach"),
            "bigDecimal", List.of("bigDecimalEach"));

    /** The class-qualified benchmarks of {@code workload}'s other styles; none where it has none. */
    static List<String> benchmarks(String workload) {
        return STYLES.getOrDefault(workload, List.of()).stream().map(m -> CorpusJmhStyles.class.getName() + "." + m).toList();
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public long hashMapGetSummed() {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += hashMapGet();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void hashMapGetEach(Blackhole blackhole) {
        for (int i = 0; i < CALLS; i++) {
            blackhole.consume(hashMapGet());
        }
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public long fastutilGetSummed() {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += fastutilGet();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void fastutilGetEach(Blackhole blackhole) {
        for (int i = 0; i < CALLS; i++) {
            blackhole.consume(fastutilGet());
        }
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void caffeineGetEach(Blackhole blackhole) {
        for (int i = 0; i < CALLS; i++) {
            blackhole.consume(caffeineGet());
        }
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void bigDecimalEach(Blackhole blackhole) {
        for (int i = 0; i < CALLS; i++) {
            blackhole.consume(bigDecimal());
        }
    }
}
