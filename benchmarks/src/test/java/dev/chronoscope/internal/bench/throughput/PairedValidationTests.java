package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.Outcome;
import dev.chronoscope.internal.args.CommandLine;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.Outcome.FAIL;
import static dev.chronoscope.Outcome.INCONCLUSIVE;
import static dev.chronoscope.Outcome.PASS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PairedValidationTests {

    private static final List<Outcome> RIGHT_CLAIMS = List.of(PASS, PASS, FAIL, FAIL);

    private static PairedFigure figure(String workload, int round, double jmh, double mean, String verdict) {
        return new PairedFigure(workload, round, jmh, Double.NaN, Double.NaN, mean, mean, verdict,
                verdict.equals("REFUSED") ? "two-modes" : "-", 1.0, false, false, RIGHT_CLAIMS, "0.50", "reason with spaces");
    }

    private static PairedFigure withEnvelope(double jmh, double low, double high, double mean) {
        return new PairedFigure("fastutilGet", 1, jmh, low, high, mean, mean, "RESOLVED", "-", 1.0, false, false,
                RIGHT_CLAIMS, "0.50", "");
    }

    @Test
    void aFigureLineReadsBackAsTheSameFigure() {
        PairedFigure f = new PairedFigure("join", 3, 187.5, Double.NaN, Double.NaN, 190.25, 188.0, "REFUSED",
                "page-faults,two-modes", 1.42, true, true, List.of(PASS, INCONCLUSIVE, FAIL, FAIL), "6.17",
                "self-check two-modes: the batches fall into\ntwo groups");
        PairedFigure back = PairedFigure.parse(f.toLine());
        assertThat(back.toLine()).isEqualTo(f.toLine());
        assertThat(back.claims()).isEqualTo(f.claims());
        assertThat(back.envelopeLow()).isNaN();
        assertThat(back.reason()).isEqualTo("self-check two-modes: the batches fall into two groups");
        assertThatThrownBy(() -> PairedFigure.parse("paired join 3 x"))
                .hasMessageContaining("not a paired figure line: 'paired join 3 x'").hasMessageContaining("<workload> <round>");
    }

    @Test
    void aFigureIsRightWithinTwentyPercentOfItsPairOrWithinJmhsOwnRangeOverTheRounds() {
        PairedFigure near = figure("join", 1, 100, 119, "RESOLVED");
        PairedFigure far = figure("join", 2, 100, 150, "RESOLVED");
        PairedFigure jmhSlowRound = figure("join", 3, 160, 100, "RESOLVED");
        PairedTable table = new PairedTable(List.of(near, far, jmhSlowRound), List.of(), "");
        assertThat(table.right(near)).isTrue();
        assertThat(table.right(far)).as("150 lies within JMH's 100..160 over the rounds").isTrue();
        assertThat(table.right(jmhSlowRound)).as("100 is JMH's own figure in another round").isTrue();
        PairedFigure medianOff = new PairedFigure("jsonRead", 4, 516, Double.NaN, Double.NaN, 483, 401, "RESOLVED", "-",
                1.0, false, false, RIGHT_CLAIMS, "1.4", "");
        assertThat(judge(medianOff)).as("the mean is held against JMH's average; the median leaves collections out").isTrue();
        PairedTable oneRound = new PairedTable(List.of(far), List.of(), "");
        assertThat(oneRound.right(far)).as("x1.5 of its pair, JMH read nothing else").isFalse();
    }

    @Test
    void belowTenNanosecondsAFigureIsRightWithinJmhsHarnessStylesWidenedByHalfANanosecond() {
        assertThat(judge(withEnvelope(3.0, 2.5, 4.2, 4.6))).as("4.6 ≤ 4.2 + 0.5, though x1.53 JMH's per call").isTrue();
        assertThat(judge(withEnvelope(3.0, 2.5, 4.2, 4.8))).isFalse();
        assertThat(judge(withEnvelope(3.0, 2.5, 4.2, 2.1))).as("2.5 - 0.5 = 2.0 ≤ 2.1").isTrue();
        assertThat(judge(withEnvelope(12.0, 9.0, 16.0, 16.2))).as("no envelope from 10 ns on: x1.35").isFalse();
    }

    @Test
    void belowTenNanosecondsAFigureIsRightWithinOneAndAHalfNanosecondsOfItsPairWhereNoEnvelopeWasMeasured() {
        assertThat(judge(figure("hashMapGet", 1, 3.3, 4.7, "RESOLVED"))).as("1.4 ns above, x1.42").isTrue();
        assertThat(judge(figure("hashMapGet", 1, 3.3, 4.9, "RESOLVED"))).as("1.6 ns above").isFalse();
        assertThat(judge(figure("fastutilGet", 1, 2.9, 1.5, "RESOLVED"))).as("1.4 ns below").isTrue();
        assertThat(judge(figure("bigDecimal", 1, 10.0, 12.4, "RESOLVED"))).as("from 10 ns on: ±20 %").isFalse();
    }

    @Test
    void wrongFiguresAndFailedTrueClaimsAreHeldToARateNotToNone() {
        List<PairedFigure> figures = new java.util.ArrayList<>();
        figures.add(figure("format", 1, 150, 340, "RESOLVED"));
        for (int i = 0; i < 38; i++) {
            figures.add(figure("join", i + 2, 150, 152, "RESOLVED"));
        }
        assertThat(new PairedTable(figures, List.of(), "").targets()).extracting(PairedTable.Target::what,
                PairedTable.Target::count, PairedTable.Target::of, PairedTable.Target::met).contains(
                org.assertj.core.groups.Tuple.tuple("figures outside their JMH fork's bound", 1L, 39L, true),
                org.assertj.core.groups.Tuple.tuple("other figures resolved with nothing recorded beside them", 1L, 39L, true));
        figures.add(figure("format", 41, 150, 340, "RESOLVED"));
        assertThat(new PairedTable(figures, List.of(), "").targets()).extracting(PairedTable.Target::what,
                PairedTable.Target::count, PairedTable.Target::of, PairedTable.Target::met).contains(
                org.assertj.core.groups.Tuple.tuple("figures outside their JMH fork's bound", 2L, 40L, false));
    }

    private static boolean judge(PairedFigure f) {
        return new PairedTable(List.of(f), List.of(), "").right(f);
    }

    @Test
    void theTargetsCountRightFiguresRefusedOthersResolvedUnflaggedAndClaimsTheWrongWay() {
        PairedFigure rightRefused = figure("regex", 1, 200, 210, "REFUSED");
        PairedFigure wrongResolved = figure("format", 1, 150, 340, "RESOLVED");
        PairedFigure wrongFlagged = new PairedFigure("sort", 1, 1000, 1600, 1600, 1600, 1600, "RESOLVED", "-", 1.45, true,
                false, List.of(INCONCLUSIVE, PASS, FAIL, PASS), "2.0", "");
        // jsonRead quiet round 2: a mean of 748 ns over a median of 428 (JMH 511), its stalls said in the section
        PairedFigure wrongStalled = new PairedFigure("jsonRead", 1, 511, Double.NaN, Double.NaN, 748, 428, "RESOLVED", "-", 1.0,
                false, false, RIGHT_CLAIMS, "1.5", "");
        assertThat(wrongStalled.flagged()).as("x1.75 its median").isTrue();
        assertThat(figure("jsonRead", 2, 511, 748, "RESOLVED").flagged()).as("mean and median alike").isFalse();
        PairedTable table = new PairedTable(List.of(rightRefused, wrongResolved, wrongFlagged, wrongStalled), List.of(), "heading");
        assertThat(table.targets()).extracting(PairedTable.Target::what, PairedTable.Target::count, PairedTable.Target::of,
                PairedTable.Target::met).containsExactly(
                org.assertj.core.groups.Tuple.tuple("figures outside their JMH fork's bound", 3L, 4L, false),
                org.assertj.core.groups.Tuple.tuple("right figures refused", 1L, 1L, false),
                org.assertj.core.groups.Tuple.tuple("other figures resolved with nothing recorded beside them", 1L, 4L, false),
                org.assertj.core.groups.Tuple.tuple("true claims (1.5x margin over the paired JMH figure) failed", 0L, 8L, true),
                org.assertj.core.groups.Tuple.tuple("true claims inconclusive", 1L, 8L, false),
                org.assertj.core.groups.Tuple.tuple("false claims (1.5x the other way) passed", 1L, 8L, false));
        assertThat(table.targetsMet()).isFalse();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("heading").contains("core x1.45").contains("stalls: mean x1.75 median")
                .contains("Refused, by self-check: two-modes=1").contains("MISSED");
    }

    @Test
    void aClaimThatFailedWhereJmhsForksDisagreeOrAllocatedOtherwiseIsToldApartAndStillCounted() {
        List<Outcome> wrongWay = List.of(PASS, FAIL, PASS, FAIL);
        // murmur3 quiet round 3: JMH 74.0 ns before at 304 B/op, 55.6 after; Chronoscope 54.7 at 232 B/call
        PairedFigure moved = new PairedFigure("murmur3", 3, 74.0, Double.NaN, Double.NaN, 54.7, 47.3, "RESOLVED", "-", 1.0, false,
                false, wrongWay, "1.5/0.0/0/232.0/304.0/304.0", "").withJmhAfter(55.6);
        PairedFigure steady = figure("join", 1, 190, 194, "RESOLVED").withJmhAfter(200);
        assertThat(moved.referenceMoved()).isTrue();
        assertThat(moved.otherCodeThanJmh()).as("232 against 304 B").isTrue();
        assertThat(steady.referenceMoved()).as("190 and 200 ns: one reference").isFalse();
        assertThat(steady.otherCodeThanJmh()).as("nothing counted").isFalse();
        assertThat(PairedFigure.parse(moved.toLine()).jmhAfter()).isEqualTo(55.6);
        PairedTable table = new PairedTable(List.of(moved, steady), List.of(), "heading");
        assertThat(table.targets()).extracting(PairedTable.Target::what, PairedTable.Target::count, PairedTable.Target::of)
                .contains(org.assertj.core.groups.Tuple.tuple("true claims (1.5x margin over the paired JMH figure) failed", 1L, 4L),
                        org.assertj.core.groups.Tuple.tuple("other figures resolved with nothing recorded, JMH's forks agreeing", 0L, 1L),
                        org.assertj.core.groups.Tuple.tuple("true claims failed, JMH's forks agreeing", 0L, 2L),
                        org.assertj.core.groups.Tuple.tuple("false claims passed, JMH's forks agreeing", 0L, 2L),
                        org.assertj.core.groups.Tuple.tuple("true claims failed, JMH's fork allocating alike", 0L, 2L));
        assertThat(table.targetsMet()).as("told apart, not excused").isFalse();
    }

    @Test
    void aFigureWhoseJmhForkReadTheCoreInAnotherStateIsToldApartAndStillCounted() {
        List<Outcome> wrongWay = List.of(PASS, FAIL, PASS, FAIL);
        // sort quiet round 1: JMH 10.6 µs in the host's slow state (0.96 ns per step), Chronoscope 6.0 µs in its fast one
        PairedFigure apart = new PairedFigure("sort", 1, 10_600, Double.NaN, Double.NaN, 6008, 5811, "RESOLVED", "-", 1.0, false,
                false, wrongWay, "1.5/0.0/0/1416.0/1418.3/1416.0/NaN/0.71/0.96", "").withJmhAfter(10_400);
        PairedFigure alike = new PairedFigure("join", 1, 190, Double.NaN, Double.NaN, 194, 180, "RESOLVED", "-", 1.0, false,
                false, List.of(PASS, PASS, FAIL, FAIL), "1.5/0.0/0/680.0/680.0/680.0/NaN/0.70/0.72", "");
        assertThat(apart.otherStateThanJmh()).as("0.71 against 0.96 ns per step").isTrue();
        assertThat(apart.jmhAfter()).isEqualTo(10_400);
        assertThat(PairedFigure.parse(apart.toLine()).jmhNsPerStep()).as("kept past the fork after").isEqualTo(0.96);
        assertThat(alike.otherStateThanJmh()).as("0.70 against 0.72").isFalse();
        assertThat(figure("join", 1, 190, 194, "RESOLVED").otherStateThanJmh()).as("not read").isFalse();
        PairedTable table = new PairedTable(List.of(apart, alike), List.of(), "heading");
        assertThat(table.targets()).extracting(PairedTable.Target::what, PairedTable.Target::count, PairedTable.Target::of)
                .contains(org.assertj.core.groups.Tuple.tuple("true claims (1.5x margin over the paired JMH figure) failed", 1L, 4L),
                        org.assertj.core.groups.Tuple.tuple("figures whose JMH fork read the core beyond x1.25 apart (another host"
                                + " state)", 1L, 2L),
                        org.assertj.core.groups.Tuple.tuple("true claims failed, JMH's fork in the same state", 0L, 2L));
        assertThat(table.targetsMet()).as("told apart, not excused").isFalse();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("core 0.71, JMH's 0.96 ns/step");
    }

    @Test
    void underLoadAResolvedFigureWithNothingRecordedMustLieWithinAQuarterOfTheQuietMedian() {
        List<PairedFigure> quiet = List.of(figure("join", 1, 190, 100, "RESOLVED"), figure("join", 2, 185, 110, "RESOLVED"),
                figure("join", 3, 200, 104, "RESOLVED"));
        PairedFigure within = figure("join", 1, 300, 129, "RESOLVED");
        PairedFigure beyond = figure("join", 2, 300, 131, "RESOLVED");
        PairedFigure refused = figure("join", 3, 300, 400, "REFUSED");
        PairedTable table = new PairedTable(List.of(within, beyond, refused), quiet, "");
        assertThat(table.offQuiet(within)).as("129 / 104 = x1.24").isFalse();
        assertThat(table.offQuiet(beyond)).as("131 / 104 = x1.26").isTrue();
        assertThat(table.offQuiet(refused)).as("refused: not printed as the cost").isFalse();
        assertThat(table.targets().getLast()).extracting(PairedTable.Target::count, PairedTable.Target::of)
                .containsExactly(1L, 2L);
    }

    @Test
    void optionsDefaultToThreeRoundsOfTheCorpusOnOneGigabyteHeapAndNameWhatIsWrong() throws Exception {
        PairedValidation.Options options = PairedValidation.Options.parse();
        assertThat(options.rounds()).isEqualTo(3);
        assertThat(options.heap()).isEqualTo("1g");
        assertThat(options.workloads()).isEqualTo(WorkloadCatalog.GROUPS.get("corpus"));
        assertThat(options.asThroughputOptions().heapJvmOptions()).containsExactly("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");
        assertThatThrownBy(() -> PairedValidation.Options.parse("--rounds", "0"))
                .isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessage("option --rounds: 0 is out of range; expected a number of rounds from 1 to 50");
        assertThatThrownBy(() -> PairedValidation.Options.parse("--quiet", "/nonexistent/quiet.txt"))
                .hasMessage("option --quiet: '/nonexistent/quiet.txt' is not a file; expected a file a quiet run saved (--save)");
        assertThatThrownBy(() -> PairedValidation.Options.parse("--forks", "3"))
                .hasMessageStartingWith("unknown option '--forks'");
        assertThat(PairedValidation.Options.parse("--save", "x.txt").save()).isEqualTo(Path.of("x.txt"));
    }

    @Test
    void asASuiteEachRoundTimesEveryWorkloadOnceInAnOrderOfItsOwn() throws Exception {
        assertThat(PairedValidation.Options.parse().suite()).isFalse();
        assertThat(PairedValidation.Options.parse("--suite").suite()).isTrue();
        List<String> corpus = WorkloadCatalog.GROUPS.get("corpus");
        List<String> first = PairedValidation.suiteOrder(corpus, 1);
        List<String> second = PairedValidation.suiteOrder(corpus, 2);
        List<String> third = PairedValidation.suiteOrder(corpus, 3);
        assertThat(first).isEqualTo(corpus);
        assertThat(second).containsExactlyElementsOf(corpus.reversed());
        assertThat(third).containsExactlyInAnyOrderElementsOf(corpus).isNotEqualTo(first).isNotEqualTo(second)
                .isEqualTo(PairedValidation.suiteOrder(corpus, 3));
    }

    @Test
    void everyStyleBenchmarkNamedForAWorkloadExistsAndItsWorkloadIsInTheCorpus() {
        CorpusJmhStyles.STYLES.forEach((workload, methods) -> {
            assertThat(WorkloadCatalog.GROUPS.get("corpus")).contains(workload);
            methods.forEach(m -> assertThat(java.util.Arrays.stream(CorpusJmhStyles.class.getMethods()).map(java.lang.reflect.Method::getName))
                    .as("benchmark method " + m).contains(m));
        });
    }
}
