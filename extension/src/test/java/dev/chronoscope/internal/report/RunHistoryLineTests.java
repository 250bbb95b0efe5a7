package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The run's console summary counts the tests a JVM timed after other timed tests (their figures have a history), and
 * those a fresh JVM decided again, with how they ended there.
 */
class RunHistoryLineTests {

    private static ReportedTest inJvm(String run, long pid) {
        return ReportFixtures.test("sum").toBuilder().run(run).pid(pid).build();
    }

    @Test
    void testsAfterTheFirstOfTheirJvmAreCountedOnce() {
        List<ReportedTest> tests = List.of(inJvm("run 1", 7), inJvm("run 1", 7), inJvm("run 1", 8), inJvm("run 1", 7),
                inJvm("run 2", 8));

        assertThat(RunReport.afterOthers(tests)).hasValueSatisfying(line -> assertThat(line)
                .startsWith("history: 2 of 5 timed tests ran in a JVM after other timed tests")
                .contains("chronoscope.fork = per-test"));
    }

    @Test
    void aRunWhoseEveryTestHadAJvmOfItsOwnSaysNothing() {
        assertThat(RunReport.afterOthers(List.of(inJvm("run 1", 7), inJvm("run 1", 8), inJvm("run 1", 9)))).isEmpty();
    }

    private static ReportedTest decided(ReportedTest.DecidedAgain what, String outcome) {
        return ReportFixtures.test("sum").toBuilder().decidedAgain(what).outcome(outcome).build();
    }

    @Test
    void testsAFreshJvmDecidedAgainAreCountedWithHowTheyEndedThere() {
        List<ReportedTest> tests = List.of(decided(ReportedTest.DecidedAgain.FAILURE, "passed"),
                decided(ReportedTest.DecidedAgain.FAILURE, "failed"), decided(ReportedTest.DecidedAgain.PASS, "passed"),
                decided(ReportedTest.DecidedAgain.PASS, "passed"), decided(ReportedTest.DecidedAgain.PASS, "aborted"),
                decided(ReportedTest.DecidedAgain.NO, "passed"));

        assertThat(RunReport.decidedAgain(tests)).hasValue("decided again in a fresh JVM: 2 failures of the suite's JVM"
                + " (1 confirmed, 1 not), 3 passes a slowed figure could have made (2 held, 1 not)");
        assertThat(RunReport.decidedAgain(List.of(decided(ReportedTest.DecidedAgain.NO, "passed")))).isEmpty();
    }

    @Test
    void whatWasDecidedAgainIsReadFromTheRecordsForkMember() {
        assertThat(ReportedTest.DecidedAgain.fromJson(java.util.Map.of("pid", 7, "confirming",
                java.util.Map.of("suiteJvmPass", "'p50 > 2 us' passed after 3 timed tests")))).isEqualTo(ReportedTest.DecidedAgain.PASS);
        assertThat(ReportedTest.DecidedAgain.fromJson(java.util.Map.of("confirming", java.util.Map.of("suiteJvmFailure", "x"))))
                .isEqualTo(ReportedTest.DecidedAgain.FAILURE);
        assertThat(ReportedTest.DecidedAgain.fromJson(java.util.Map.of("pid", 7))).as("a fork of its own")
                .isEqualTo(ReportedTest.DecidedAgain.NO);
        assertThat(ReportedTest.DecidedAgain.fromJson(null)).as("timed in the suite's JVM").isEqualTo(ReportedTest.DecidedAgain.NO);
    }
}
