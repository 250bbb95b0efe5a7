package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.BitSet;

import static dev.chronoscope.ClockId.TSC_FENCED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A test thread that moves to another CPU during its invocation keeps the invocation's sample, and
 * its record says the thread moved and between which CPUs; one that stays says nothing. The move is
 * real, not scripted: the fixture's {@code @BeforeEach} pins the thread to one CPU, so the
 * invocation's first read runs there, and the test method itself moves the thread to another, so the
 * last read runs there. With TSC_FENCED each read returns the CPU it ran on.
 */
class InvocationMigrationTests {

    @TempDir
    Path dir;

    @MeasureWith(TSC_FENCED)
    static class MigrationTestCase {
        static BitSet allowed;
        static int first;
        static int second;

        @BeforeEach
        void onTheFirstCpu() throws Libc.LibcException {
            Libc.setThreadAffinity(only(first));
        }

        @AfterEach
        void everywhereAgain() throws Libc.LibcException {
            Libc.setThreadAffinity(allowed);
        }

        @Test
        void moves() throws Libc.LibcException {
            Libc.setThreadAffinity(only(second));
        }

        @Test
        void staysPut() {
        }

        private static BitSet only(int cpu) {
            BitSet one = new BitSet();
            one.set(cpu);
            return one;
        }
    }

    @Test
    void aMoveDuringTheInvocationIsNotedAndItsSampleKeptAndNoMoveIsNotNoted() throws Libc.LibcException {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "TSC_FENCED reports each read's CPU through the native probe, which is not loaded: "
                + ProbeLibrary.unavailableReason());
        BitSet allowed = Libc.threadAffinity();
        assumeTrue(allowed.cardinality() >= 2, () -> "a move needs two CPUs; this thread may run on " + allowed);
        MigrationTestCase.allowed = allowed;
        MigrationTestCase.first = allowed.nextSetBit(0);
        MigrationTestCase.second = allowed.nextSetBit(MigrationTestCase.first + 1);

        KitRun run = ChronoscopeKit.in(dir).run(MigrationTestCase.class);

        run.tests().assertStatistics(s -> s.started(2).succeeded(2));
        JsonRecord moved = run.record("MigrationTestCase.moves()");
        assertThat(moved.list("warnings")).singleElement().asString().isEqualTo("the test thread moved from CPU "
                + MigrationTestCase.first + " to CPU " + MigrationTestCase.second + " during the invocation; its sample is kept "
                + "(a cross-CPU counter offset is negligible against a whole invocation), while probe regions that move are dropped");
        JsonRecord invocation = moved.timing("invocation");
        assertThat(invocation.whole("kept")).isEqualTo(1);
        assertThat(invocation.whole("dropped.cpuMigration")).isZero();
        assertThat(run.section("MigrationTestCase.moves()")).contains("\nwarning      the test thread moved from CPU ");

        JsonRecord stayed = run.record("MigrationTestCase.staysPut()");
        assertThat(stayed.list("warnings")).isEmpty();
        assertThat(stayed.timing("invocation").whole("kept")).isEqualTo(1);
        assertThat(Libc.threadAffinity()).as("the fixture gave the thread its CPUs back").isEqualTo(allowed);
    }
}
