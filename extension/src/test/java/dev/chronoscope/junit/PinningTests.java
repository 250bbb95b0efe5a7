package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code chronoscope.pin = true}: the test runs on one CPU, and its thread's affinity is restored after. */
class PinningTests {

    @TempDir
    Path dir;

    static class PinnedTestCase {
        static final AtomicReference<BitSet> DURING = new AtomicReference<>();

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void pinned() throws Libc.LibcException {
            DURING.set(Libc.threadAffinity());
        }
    }

    static class UnpinnableTestCase {
        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void runsAnyway() {
        }
    }

    @BeforeEach
    void forgetTheLastRun() {
        // the fixture's value is static: without this, a run in which the fixture did not run at
        // all would still find the previous test's affinity
        PinnedTestCase.DURING.set(null);
    }

    @Test
    void theTestRunsOnOneCpuAndTheAffinityIsRestored() throws Libc.LibcException {
        assumeTrue(Libc.isAvailable(), Libc::unavailableReason);
        BitSet before = Libc.threadAffinity();

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.PIN_KEY, "true").run(PinnedTestCase.class);

        run.tests().assertStatistics(s -> s.started(1).succeeded(1));
        JsonRecord r = run.record("PinnedTestCase.pinned()");
        BitSet during = PinnedTestCase.DURING.get();
        assertThat(during).as("the fixture read its affinity in this run").isNotNull();
        assertThat(during.cardinality()).as("pinned to one CPU: " + during).isEqualTo(1);
        assertThat(r.string("pinned")).isEqualTo("CPU " + during.nextSetBit(0) + " (thread affinity was " + before
                + "; restored after the test)");
        assertThat(r.list("warnings")).isEmpty();
        assertThat(Libc.threadAffinity()).as("restored on the thread that ran the test").isEqualTo(before);
    }

    @Test
    void unpinnedByDefault() throws Libc.LibcException {
        assumeTrue(Libc.isAvailable(), Libc::unavailableReason);
        BitSet before = Libc.threadAffinity();

        KitRun run = ChronoscopeKit.in(dir).run(PinnedTestCase.class);

        run.tests().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(run.record("PinnedTestCase.pinned()").string("pinned")).isEqualTo("no");
        assertThat(PinnedTestCase.DURING.get()).as("the test kept the thread's whole affinity").isEqualTo(before);
    }

    @Test
    void aPinThatFailsIsAWarningAndTheTestRunsUnpinned() throws Exception {
        // sched_setaffinity cannot be called where native access is denied: a real failure, in a JVM of its own
        assumeTrue(Platform.current().isLinux(), "pinning is Linux's sched_setaffinity");
        String out = ChildJvm.runKit(List.of("--illegal-native-access=deny"), ChronoscopeConfig.PIN_KEY + "=true",
                UnpinnableTestCase.class.getName());

        assertThat(out).contains("result runsAnyway() TestExecutionResult [status = SUCCESSFUL");
        String record = out.lines().filter(l -> l.startsWith("record ")).findFirst().orElseThrow(() -> new AssertionError(out));
        assertThat(record).contains(" pinned=no ")
                .containsPattern("could not pin the test thread: sched_setaffinity cannot be called in this JVM \\(.*"
                        + "IllegalCallerException.*\\); the test ran on whichever CPUs the scheduler chose");
        assertThat(out.lines().filter(l -> l.startsWith("out| warning      could not pin the test thread: ")))
                .as("the section's warning line").hasSize(1);
        assertThat(out.lines().filter(l -> l.startsWith("out| pinned       "))).containsExactly("out| pinned       no");
    }
}
