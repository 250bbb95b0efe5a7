package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.measure.PageFaults;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every way of timing runs its self-checks through the one list ({@link SelfCheckPlan}): a region
 * that takes fresh pages at every call (it gives its 16 pages back to the kernel with
 * {@code madvise(MADV_DONTNEED)} and touches them again) is refused by the page-fault check in
 * {@code repeat}, {@code repeatFor}, {@code throughput} and each side of {@code compare}, and the
 * refusal carries the check's id in the timing and the record.
 */
class SelfCheckWaysTests {

    @TempDir
    Path dir;

    static final int PAGES = 16;
    static final long PAGE = 4096;
    static final int MADV_DONTNEED = 4;
    static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();

    /** Touches {@value #PAGES} pages the kernel has just taken back: {@value #PAGES} minor faults per call. */
    static final class FreshPages {
        private final MemorySegment pages = Arena.global().allocate(PAGES * PAGE, PAGE);
        private final MethodHandle madvise = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().find("madvise").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));

        /** Whether the kernel takes these pages back as asked (4 kB pages; a larger page size refuses the range). */
        boolean canGiveBack() {
            try {
                return (int) madvise.invokeExact(pages, PAGES * PAGE, MADV_DONTNEED) == 0;
            } catch (Throwable e) {
                return false;
            }
        }

        long touch() {
            long sum = 0;
            for (int i = 0; i < PAGES; i++) {
                pages.set(ValueLayout.JAVA_LONG, i * PAGE, i);
                sum += pages.get(ValueLayout.JAVA_LONG, i * PAGE);
            }
            try {
                int rc = (int) madvise.invokeExact(pages, PAGES * PAGE, MADV_DONTNEED);
                if (rc != 0) {
                    throw new IllegalStateException("madvise returned " + rc);
                }
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
            return sum;
        }
    }

    static class FaultingTestCase {
        final FreshPages fresh = new FreshPages();

        @Test
        @MeasureWith(NANO_TIME)
        void everyWay(Probe probe) {
            TIMINGS.put("repeat", probe.repeat("repeat", 300, fresh::touch));
            TIMINGS.put("repeatFor", probe.repeatFor("repeatFor", Duration.ofMillis(60), fresh::touch));
            TIMINGS.put("throughput", probe.repeatBackToBack("throughput", 300, fresh::touch));
            Comparison c = probe.compare("first", fresh::touch, "second", fresh::touch, 300);
            TIMINGS.put("compare first", c.first());
            TIMINGS.put("compare second", c.second());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void thePageFaultCheckRefusesInEveryWayOfTimingNamingItsId() {
        assumeTrue(PageFaults.minor() >= 0, "the thread's minor page faults cannot be read here (/proc/thread-self/stat)");
        assumeTrue(new FreshPages().canGiveBack(), "madvise(MADV_DONTNEED) on 16 pages of 4 kB is refused here");
        TIMINGS.clear();

        KitRun run = ChronoscopeKit.in(dir).run(FaultingTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(TIMINGS).hasSize(5);
        TIMINGS.forEach((way, t) -> assertThat(t.refusedBy()).as("%s: %s", way, t.verdictReason()).contains(SelfCheck.PAGE_FAULTS));
        JsonRecord record = run.record("FaultingTestCase.everyWay(Probe)");
        assertThat((java.util.List<Object>) record.timing("repeatFor").list("refusedBy")).contains("page-faults");
        assertThat(record.timing("throughput").string("verdictReason")).contains("self-check page faults");
    }

    @Test
    void everyWayRunsThePageFaultJitAndWorkBesideChecksFirstAndOnlyBatchesTheRest() {
        for (SelfCheckPlan.Way way : SelfCheckPlan.Way.values()) {
            assertThat(SelfCheckPlan.of(way)).as(way.name())
                    .startsWith(SelfCheck.PAGE_FAULTS, SelfCheck.JIT_DURING_SAMPLING, SelfCheck.WORK_BESIDE);
        }
        assertThat(SelfCheckPlan.of(SelfCheckPlan.Way.THROUGHPUT)).containsExactly(SelfCheck.values());
        assertThat(SelfCheckPlan.of(SelfCheckPlan.Way.REPEAT)).doesNotContain(SelfCheck.TWO_MODES, SelfCheck.RESIZED);
    }
}
