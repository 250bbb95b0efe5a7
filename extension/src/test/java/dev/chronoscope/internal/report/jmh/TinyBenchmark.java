package dev.chronoscope.internal.report.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A benchmark whose only purpose is a real JMH result file, run cheaply by {@code JmhFormatTests}
 * to check the shape of Chronoscope's JMH-format JSON against JMH's own.
 */
@State(Scope.Thread)
public class TinyBenchmark {

    /** Not final: the JIT must not fold the work into a constant. */
    private long seed = 42;

    @Benchmark
    public long multiplyAdd() {
        return seed * 6364136223846793005L + 1442695040888963407L;
    }
}
