package dev.chronoscope.internal.bench.throughput;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The workloads' common base: as a JMH state, it reads the core's speed around each measured
 * iteration ({@link CoreSpeedLog}) for the comparison; on Chronoscope's side these methods are not
 * called (it reads the speed around each timing itself).
 */
public abstract class CoreSpeedLogged {

    private final CoreSpeedLog coreSpeed = new CoreSpeedLog();

    @Setup(Level.Iteration)
    public void readCoreSpeedBefore(IterationParams iteration) {
        coreSpeed.before(iteration);
    }

    @TearDown(Level.Iteration)
    public void readCoreSpeedAfter(BenchmarkParams benchmark, IterationParams iteration) {
        coreSpeed.after(benchmark, iteration);
    }
}
