package dev.chronoscope.internal.measure;

import dev.chronoscope.ChronoscopeConfig;

import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link MeasuringProbe} measures, besides its test's {@link Timings.Context}: each setting
 * named and checked, with a default ({@link #defaultsFor}), so that a call site says what each
 * number is and changes only what it means to ({@code with...}).
 *
 * @param regionWarmupBudgetNanos the most a region is warmed before its samples, ns; 0 turns region warm-ups off (every
 *                                call is then a measured one, and no sampling is taken again). Default
 *                                {@link ChronoscopeConfig#REGION_WARMUP_BUDGET}
 * @param floorSamples            samples of each throughput batch floor, 1 or more. Default: as many as the context's
 *                                latency floor kept, at least 1,000
 * @param floorBudgetNanos        the time each throughput batch floor may take, ns, more than 0 (it is stretched to one
 * ns
 *                                per call of its samples). Default {@link ChronoscopeConfig#FLOOR_BUDGET}
 * @param testName                the test the probe times regions for, named in its JFR events. Default empty: outside
 * a test
 * @param loopBytesPerCall        what the floor's run allocated per empty region ({@link
 * Timings.Floor#loopBytesPerCall()}),
 *                                subtracted from every region's count: finite, 0 or more. Default 0
 * @param compiledRegions         the JVM's region classes already compiled ({@link JvmState#compiledRegions()}).
 * Default: a
 *                                memory of the probe's own, empty
 * @param coreSpeed               the JVM's core-speed reference ({@link JvmState#coreSpeed()}), read around the samples
 * of
 *                                throughput timings and comparisons for the core-speed self-check. Default empty: not
 * read
 */
public record ProbeSettings(long regionWarmupBudgetNanos, int floorSamples, long floorBudgetNanos, String testName,
                            double loopBytesPerCall, CompiledRegions compiledRegions,
                                    Optional<CoreSpeedReference> coreSpeed) {

    /** The fewest samples a batch floor takes by default, however few the latency floor kept. */
    static final int MIN_DEFAULT_FLOOR_SAMPLES = 1_000;

    public ProbeSettings {
        if (regionWarmupBudgetNanos < 0) {
            throw invalid("regionWarmupBudgetNanos", regionWarmupBudgetNanos,
                    "0 (no region warm-up) or more nanoseconds");
        }
        if (floorSamples < 1) {
            throw invalid("floorSamples", floorSamples, "1 or more samples");
        }
        if (floorBudgetNanos < 1) {
            throw invalid("floorBudgetNanos", floorBudgetNanos, "1 or more nanoseconds");
        }
        Objects.requireNonNull(testName, "ProbeSettings.testName (empty outside a test)");
        if (!Double.isFinite(loopBytesPerCall) || loopBytesPerCall < 0) {
            throw invalid("loopBytesPerCall", loopBytesPerCall, "a finite number of bytes, 0 or more");
        }
        Objects.requireNonNull(compiledRegions, "ProbeSettings.compiledRegions");
        Objects.requireNonNull(coreSpeed, "ProbeSettings.coreSpeed (empty: not read)");
    }

    private static IllegalArgumentException invalid(String field, Object value, String expected) {
        return new IllegalArgumentException("ProbeSettings." + field + " was " + value + "; expected " + expected);
    }

    /**
     * Every setting at its default, the floor samples as many as {@code context}'s latency floor kept (at least 1,000).
     */
    public static ProbeSettings defaultsFor(Timings.Context context) {
        return new ProbeSettings(ChronoscopeConfig.REGION_WARMUP_BUDGET.toNanos(),
                (int) Math.max(MIN_DEFAULT_FLOOR_SAMPLES, context.floor().raw().count()),
                        ChronoscopeConfig.FLOOR_BUDGET.toNanos(),
                "", 0, new CompiledRegions(), Optional.empty());
    }

    public ProbeSettings withRegionWarmupBudgetNanos(long nanos) {
        return new ProbeSettings(nanos, floorSamples, floorBudgetNanos, testName, loopBytesPerCall, compiledRegions,
                coreSpeed);
    }

    public ProbeSettings withFloorSamples(int samples) {
        return new ProbeSettings(regionWarmupBudgetNanos, samples, floorBudgetNanos, testName, loopBytesPerCall,
                compiledRegions,
                coreSpeed);
    }

    public ProbeSettings withFloorBudgetNanos(long nanos) {
        return new ProbeSettings(regionWarmupBudgetNanos, floorSamples, nanos, testName, loopBytesPerCall,
                compiledRegions, coreSpeed);
    }

    public ProbeSettings withTestName(String name) {
        return new ProbeSettings(regionWarmupBudgetNanos, floorSamples, floorBudgetNanos, name, loopBytesPerCall,
                compiledRegions,
                coreSpeed);
    }

    public ProbeSettings withLoopBytesPerCall(double bytes) {
        return new ProbeSettings(regionWarmupBudgetNanos, floorSamples, floorBudgetNanos, testName, bytes,
                compiledRegions, coreSpeed);
    }

    public ProbeSettings withCompiledRegions(CompiledRegions regions) {
        return new ProbeSettings(regionWarmupBudgetNanos, floorSamples, floorBudgetNanos, testName, loopBytesPerCall,
                regions,
                coreSpeed);
    }

    /** These settings with {@code reference} read around throughput and comparison samples. */
    public ProbeSettings withCoreSpeed(CoreSpeedReference reference) {
        return new ProbeSettings(regionWarmupBudgetNanos, floorSamples, floorBudgetNanos, testName, loopBytesPerCall,
                compiledRegions,
                Optional.of(Objects.requireNonNull(reference, "ProbeSettings.coreSpeed reference")));
    }
}
