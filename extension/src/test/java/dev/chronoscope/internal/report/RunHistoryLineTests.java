package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's console summary counts the tests a JVM timed after other timed tests: their figures have a history. */
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
}
