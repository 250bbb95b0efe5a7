package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.clock.EffectiveResolution.Method;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The quantum estimator on difference distributions like those the hosts we have seen produce. */
class EffectiveResolutionTests {

    /** Every read changed: the differences are the read cost plus part of a quantum. */
    private static final double ALL_CHANGED = 1.0;
    /** Most reads saw the same value as the read before: the clock is slower than its reads. */
    private static final double FEW_CHANGED = 0.4;

    /** {@code counts[i]} differences of {@code values[i]}. */
    private static ReadingDifferences histogram(long[] values, long[] counts) {
        long[] all = new long[(int) java.util.Arrays.stream(counts).sum()];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            for (long c = 0; c < counts[i]; c++) {
                all[n++] = values[i];
            }
        }
        return ReadingDifferences.of(all);
    }

    private static EffectiveResolution estimate(ReadingDifferences d, double changed, String unit) {
        return EffectiveResolution.estimate(d, changed, 30.0, unit);
    }

    @Test
    void aCounterThatMovesIn24TickStepsHasA24TickQuantumWhetherOrNotItsReadsAreFasterThanAStep() {
        EffectiveResolution bare = estimate(histogram(new long[] {24}, new long[] {10_000}), FEW_CHANGED, "ticks");
        // fenced reads cost two to four steps: every read changes, by several multiples
        EffectiveResolution fenced = estimate(histogram(new long[] {48, 72, 96}, new long[] {3_000, 6_000, 1_000}),
                ALL_CHANGED, "ticks");

        assertThat(bare.quantum()).isEqualTo(24);
        assertThat(bare.method()).isEqualTo(Method.MULTIPLES);
        assertThat(fenced.quantum()).isEqualTo(24);
        assertThat(fenced.share()).isEqualTo(1.0);
        assertThat(fenced.smallestDifference()).isEqualTo(48);
    }

    @Test
    void fencedReadsThatAlmostAlwaysCostThreeStepsStillShowTheStepNotThreeOfThem() {
        // a 21-tick counter under fenced reads of ~30 ns: 95.3 % of the differences are 63 ticks,
        // in two multiples of 63 (63, 126), and the rest sit exactly on 21 (84, 105)
        EffectiveResolution r = estimate(histogram(new long[] {63, 84, 105, 126}, new long[] {9_430, 300, 70, 100}),
                ALL_CHANGED, "ticks");

        assertThat(r.quantum()).isEqualTo(21);
        assertThat(r.share()).isEqualTo(1.0);
    }

    @Test
    void outliersAnywhereDoNotMakeAFinerQuantum() {
        // 10 ns steps and 4 % of differences spread by interrupts over values no finer step explains
        EffectiveResolution r = estimate(histogram(new long[] {20, 30, 37, 43, 51, 57, 67, 73},
                new long[] {3_000, 6_600, 60, 60, 60, 60, 60, 100}), ALL_CHANGED, "ns");

        assertThat(r.quantum()).isEqualTo(10);
    }

    @Test
    void aCounterThatStepsBy24Or25TicksHasTheirMeanAsQuantum() {
        // 2445 MHz counter refreshed every 10 ns: 24.45 ticks per step on average
        EffectiveResolution r = estimate(histogram(new long[] {24, 25, 49, 73, 98},
                new long[] {550, 450, 2_000, 5_000, 2_000}), ALL_CHANGED, "ticks");

        assertThat(r.method()).isEqualTo(Method.MULTIPLES);
        assertThat(r.quantum()).isBetween(24.0, 25.0);
        assertThat(r.share()).isGreaterThanOrEqualTo(EffectiveResolution.SHARE);
    }

    @Test
    void aCounterThatStepsByTwoTicksUnderADearReadHasATwoTickQuantum() {
        // the Intel guest here: fenced pairs 86-120 ticks, always even
        SplittableRandom random = new SplittableRandom(7);
        long[] d = new long[20_000];
        for (int i = 0; i < d.length; i++) {
            d[i] = 86 + 2L * random.nextInt(18);
        }
        EffectiveResolution r = estimate(ReadingDifferences.of(d), ALL_CHANGED, "ticks");

        assertThat(r.quantum()).isEqualTo(2);
        assertThat(r.method()).isEqualTo(Method.MULTIPLES);
        assertThat(r.tolerance()).as("small quanta are matched exactly").isZero();
    }

    @Test
    void tenNanosecondReadingsWithOnePercentOfOneNanosecondDifferencesHaveATenNanosecondQuantum() {
        EffectiveResolution r = estimate(histogram(new long[] {1, 20, 30, 40}, new long[] {100, 2_900, 6_800, 200}),
                ALL_CHANGED, "ns");

        assertThat(r.quantum()).isEqualTo(10);
        assertThat(r.smallestDifference()).as("the smallest difference is not the quantum").isEqualTo(1);
        assertThat(r.share()).isCloseTo(0.99, within(0.001));
        assertThat(r.describe()).startsWith("multiples: 99.0 % of 10,000 differences between readings within ±1 ns of a"
                + " multiple of 10 ns").contains("smallest difference 1 ns").contains("read cost 30.0 ns");
    }

    @Test
    void theKernelsOffByOneAroundTenNanosecondMultiplesStillGivesTen() {
        EffectiveResolution r = estimate(histogram(new long[] {1, 19, 20, 21, 29, 30, 31},
                new long[] {50, 300, 2_000, 300, 700, 6_000, 700}), ALL_CHANGED, "ns");

        assertThat(r.quantum()).isEqualTo(10);
        assertThat(r.tolerance()).isEqualTo(1);
    }

    @Test
    void aClockFinerThanItsReadCostHasAQuantumOfOneUnitAndSaysSo() {
        // every read changed, by amounts spread over 25..60 ns with no common quantum
        SplittableRandom random = new SplittableRandom(11);
        long[] d = new long[20_000];
        for (int i = 0; i < d.length; i++) {
            d[i] = 25 + random.nextInt(36);
        }
        EffectiveResolution r = estimate(ReadingDifferences.of(d), ALL_CHANGED, "ns");

        assertThat(r.quantum()).isEqualTo(1);
        assertThat(r.method()).isEqualTo(Method.ONE_UNIT);
        assertThat(r.describe()).startsWith("one-unit: no quantum above 1 ns fits 95 % of 20,000 differences")
                .contains("the clock is finer than they show");
    }

    @Test
    void oneClusterOfEqualDifferencesWhereEveryReadChangedIsTheReadCostNotAQuantum() {
        EffectiveResolution allChanged = estimate(histogram(new long[] {30}, new long[] {10_000}), ALL_CHANGED, "ns");
        EffectiveResolution fewChanged = estimate(histogram(new long[] {30}, new long[] {10_000}), FEW_CHANGED, "ns");

        assertThat(allChanged.quantum()).isEqualTo(1);
        assertThat(allChanged.method()).isEqualTo(Method.ONE_UNIT);
        assertThat(fewChanged.quantum()).as("reads that saw no change show the clock is slower than its reads")
                .isEqualTo(30);
    }

    @Test
    void aCoarseFourMillisecondClockHasAFourMillisecondQuantumDespiteNtpScaling() {
        EffectiveResolution r = estimate(histogram(new long[] {3_999_983, 4_000_000, 4_000_001, 8_000_000},
                new long[] {3, 20, 2, 1}), 0.00001, "ns");

        assertThat(r.method()).isEqualTo(Method.MULTIPLES);
        assertThat(r.quantum()).isCloseTo(4_000_000, within(4_000.0));
        assertThat(r.share()).isEqualTo(1.0);
    }

    @Test
    void noDifferenceLeavesTheQuantumUnknown() {
        EffectiveResolution r = estimate(ReadingDifferences.of(0, 0, -3), 0.0, "ns");

        assertThat(r.isKnown()).isFalse();
        assertThat(r.quantum()).isZero();
        assertThat(r.method()).isEqualTo(Method.NO_DIFFERENCE);
        assertThat(Method.ofDescription(r.describe())).contains(Method.NO_DIFFERENCE);
    }

    @Test
    void theFloorsSamplesRevealAQuantumThatOneClusterOfBackToBackDifferencesHides() {
        // back-to-back reads always 30 ns apart (the read cost); the floor's samples 70-100 ns in 10 ns quanta
        StepObservation reads = new StepObservation(10_000, 10_000, 30, 300_000, 0, 300_000,
                histogram(new long[] {30}, new long[] {10_000}));
        ReadingDifferences floor = histogram(new long[] {70, 80, 90, 100}, new long[] {1_000, 5_000, 3_000, 1_000});

        assertThat(EffectiveResolution.of(reads, "ns").quantum()).isEqualTo(1);
        assertThat(EffectiveResolution.of(reads, floor, "ns").quantum()).isEqualTo(10);
    }

    @Test
    void differencesAreAHistogramOfThePositiveValues() {
        ReadingDifferences a = ReadingDifferences.of(30, 20, 30, 0, -5);
        ReadingDifferences b = ReadingDifferences.of(10, 30);

        assertThat(a.values()).containsExactly(20, 30);
        assertThat(a.counts()).containsExactly(1, 2);
        assertThat(a.plus(b)).isEqualTo(ReadingDifferences.of(10, 20, 30, 30, 30));
        assertThat(a.plus(b).total()).isEqualTo(5);
        assertThat(a.smallest()).isEqualTo(20);
    }
}
