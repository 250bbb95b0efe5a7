package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.host.HostFactsReader;
import dev.chronoscope.internal.junit.ClockChoice;
import dev.chronoscope.internal.measure.JvmFacts;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real code on this host's fenced TSC, read in steps of 10 ns as an AMD EPYC guest's TSC moves (26 ticks at
 * 2.6 GHz: the counter advances at a 100 MHz reference), to show on a 2-tick host what a 10 ns-step host
 * does to short regions: one lookup alone is not resolved, in batches it is, and a comparison of regions
 * below four steps is batched and decides. Only the quantum is simulated: the code, the JIT, the fenced
 * reads and their noise are real. ({@link ShortRegionTests} simulates the whole clock.)
 */
class SteppedTscTests {

    /** This host's TSC with its readings rounded down to multiples of {@code step} ticks. */
    static final class SteppedTsc extends ClockReader {
        private final ClockReader tsc;
        private final long step;

        SteppedTsc(ClockReader tsc, long step) {
            this.tsc = tsc;
            this.step = step;
        }

        @Override
        public ClockId clock() {
            return tsc.clock();
        }

        @Override
        public long begin() {
            return Math.floorDiv(tsc.begin(), step) * step;
        }

        @Override
        public long end() {
            return Math.floorDiv(tsc.end(), step) * step;
        }

        @Override
        public int beginCpu() {
            return tsc.beginCpu();
        }

        @Override
        public int endCpu() {
            return tsc.endCpu();
        }

        @Override
        public boolean reportsCpu() {
            return tsc.reportsCpu();
        }

        @Override
        public String readMethod() {
            return tsc.readMethod() + ", rounded down to " + step + "-tick steps";
        }
    }

    private static TscFrequency frequency;
    private static long tenNanosecondStep;

    @BeforeAll
    static void needsAUsableTsc() {
        assumeTrue(ClockChoice.tscUsable(HostFactsReader.read()), () -> "this host's TSC is not usable: "
                + ClockChoice.tscFacts(HostFactsReader.read()));
        frequency = new JvmFacts().frequency().get();
        tenNanosecondStep = Math.round(frequency.hz() / 100e6);
    }

    /** A test's context on the stepped TSC: its step and floor measured, the floor subtracted. */
    private static Timings.Context steppedTsc() throws Exception {
        ClockReader clock = new SteppedTsc(ClockReaders.open(ClockId.TSC_FENCED), tenNanosecondStep);
        StepObservation reads = ClockSurvey.observe(clock, 100_000, 0, Long.MAX_VALUE);
        Timings.Floor floor = Timings.measureFloor(clock, 10_000, 2_000_000_000L, frequency);
        EffectiveResolution resolution = new JvmFacts.ClockStep(reads, reads.smallestStep()).resolution(floor);
        return new Timings.Context(clock, frequency, floor.floor(), true, resolution, AssertionSettings.defaults());
    }

    private static Map<Integer, Integer> filled(Map<Integer, Integer> map) {
        for (int i = 0; i < 1_000; i++) {
            map.put(i * 7919, i);
        }
        return map;
    }

    private static int lookUp(Map<Integer, Integer> map, int count) {
        int found = 0;
        for (int i = 0; i < count; i++) {
            found += map.get((i * 37 % 1_000) * 7919);
        }
        return found;
    }

    @Test
    void aLookupTooShortForTheStepAloneIsResolvedPerCallInBatches() throws Exception {
        Timings.Context context = steppedTsc();
        MeasuringProbe probe = new MeasuringProbe(context, 500_000_000L);
        Map<Integer, Integer> hash = filled(new HashMap<>());

        Timing alone = probe.repeat("HashMap.get", 2_000, () -> lookUp(hash, 1));
        Timing batched = probe.throughput("HashMap.get", 2_000, () -> lookUp(hash, 1));

        assertThat(context.step()).as("the effective resolution found, in ticks: %s", context.stepSource())
                .isCloseTo(tenNanosecondStep, within(0.5));
        assertThat(alone.verdict()).as(alone.verdictReason()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(batched.mode()).isEqualTo(TimingMode.THROUGHPUT);
        assertThat(batched.verdict()).as(batched.verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(batched.callsPerSample()).as("a sample spans at least four steps").isGreaterThan(4);
        // a lookup of a 1,000-entry map costs a few nanoseconds: not nothing, not a step's worth of reads
        assertThat(batched.netNanos().p50()).isBetween(0.3, 40.0);
    }

    @Test
    void aComparisonOfLookupsBelowFourStepsIsBatchedAndDecides() throws Exception {
        MeasuringProbe probe = new MeasuringProbe(steppedTsc(), 500_000_000L);
        Map<Integer, Integer> hash = filled(new HashMap<>());
        Map<Integer, Integer> tree = filled(new TreeMap<>());

        // CollectionPerformanceTests' claim on 2 lookups: a HashMap.get alone is below the 40 ns four steps need
        Comparison c = probe.compare("HashMap.get x2", () -> lookUp(hash, 2), "TreeMap.get x2", () -> lookUp(tree, 2),
                5_000);

        assertThat(c.batching()).as(c.toString()).get().asString().startsWith("throughput: both regions per call, ");
        assertThat(c.first().callsPerSample()).isEqualTo(c.second().callsPerSample()).isGreaterThan(1);
        assertThat(c.first().verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(c.second().verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(c).firstIsFasterThanSecond().byAtLeast(1.5);
    }
}
