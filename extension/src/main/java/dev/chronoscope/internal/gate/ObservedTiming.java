package dev.chronoscope.internal.gate;

import java.util.List;

/**
 * What one timing of this run is, for {@link Baseline#compare(ObservedTiming, HostFingerprint, double)}.
 *
 * @param kind        invocation, latency or throughput: which noise it is judged with, and which floor is its own
 * @param medianNs    the median the test reports ({@code measure} figures)
 * @param withinRunSe the standard error of its log-median from its own samples (NaN: unknown)
 * @param floorNs     the median of the floor of its kind, per call (a throughput timing's batch floor)
 * @param testFloorNs the median of its test's probe floor (for a throughput timing, the host-state
 *                    control its batch floor is too coarse to be; NaN: unknown, or the same as floorNs)
 * @param coreSpeed   the core's speed before and after its test ({@link SpeedControl})
 * @param bytesPerCall its allocation per call ({@link AllocationRule}); null where not counted
 * @param repetitionKeys a repeated test's: the keys of this run's repetitions whose medians' geometric mean
 *                    {@code medianNs} is, this one's last ({@link Repetitions}); empty: this timing alone
 * @param firstCalls  what its first calls allocated, before C2 ({@link AllocationRule.FirstCalls}); null where not
 * counted
 * @param stepNs      the clock's step per call in ns ({@link BaselineRule.RunMedian#stepNs}); NaN where unknown
 */
public record ObservedTiming(String key, BaselineRule.Kind kind, String clock, String measure, double medianNs,
        double withinRunSe,
                             double floorNs, double testFloorNs, boolean resolved, CoreSpeed coreSpeed,
                                     Double bytesPerCall,
                             List<String> repetitionKeys, AllocationRule.FirstCalls firstCalls, double stepNs) {

    public ObservedTiming {
        coreSpeed = coreSpeed == null ? CoreSpeed.UNKNOWN : coreSpeed;
        repetitionKeys = List.copyOf(repetitionKeys);
    }

    /**
     * A timing alone, as far as its figure goes: its test's floor its {@code floorNs}, its own precision, core speed,
     * allocation and clock step unknown; the {@code with…} methods add what is known.
     */
    public static ObservedTiming of(String key, BaselineRule.Kind kind, String clock, String measure, double medianNs,
            double floorNs,
                              boolean resolved) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, Double.NaN, floorNs, Double.NaN, resolved,
                CoreSpeed.UNKNOWN, null,
                List.of(), null, Double.NaN);
    }

    /** This timing whose log-median's standard error from its own samples is {@code se}. */
    public ObservedTiming withWithinRunSe(double se) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, se, floorNs, testFloorNs, resolved, coreSpeed,
                bytesPerCall,
                repetitionKeys, firstCalls, stepNs);
    }

    /** This timing whose test's probe floor median was {@code ns}. */
    public ObservedTiming withTestFloorNs(double ns) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, withinRunSe, floorNs, ns, resolved, coreSpeed,
                bytesPerCall,
                repetitionKeys, firstCalls, stepNs);
    }

    /** This timing whose test read the core's speed {@code speed}. */
    public ObservedTiming withCoreSpeed(CoreSpeed speed) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, withinRunSe, floorNs, testFloorNs, resolved,
                speed, bytesPerCall,
                repetitionKeys, firstCalls, stepNs);
    }

    /**
     * This timing allocating {@code perCall} bytes per call settled (null: not counted), its first calls {@code first}.
     */
    public ObservedTiming withAllocation(Double perCall, AllocationRule.FirstCalls first) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, withinRunSe, floorNs, testFloorNs, resolved,
                coreSpeed, perCall,
                repetitionKeys, first, stepNs);
    }

    /**
     * This timing as the mean of a repeated test's repetitions so far, whose keys are {@code keys}, this one's last.
     */
    public ObservedTiming withRepetitionKeys(List<String> keys) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, withinRunSe, floorNs, testFloorNs, resolved,
                coreSpeed, bytesPerCall,
                keys, firstCalls, stepNs);
    }

    /** This timing read with a clock stepping {@code ns} per call. */
    public ObservedTiming withStepNs(double ns) {
        return new ObservedTiming(key, kind, clock, measure, medianNs, withinRunSe, floorNs, testFloorNs, resolved,
                coreSpeed, bytesPerCall,
                repetitionKeys, firstCalls, ns);
    }
}
