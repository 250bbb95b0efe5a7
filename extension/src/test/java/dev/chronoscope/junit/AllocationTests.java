package dev.chronoscope.junit;

import dev.chronoscope.Allocation;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.ClockId.NANO_TIME;
import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Every region's heap allocation per call on the measuring thread, in the timing, the record, the
 * section and the assertions; and every timing as a JFR event.
 */
class AllocationTests {

    @TempDir
    Path dir;

    /** Loaded from non-final fields, so the JIT cannot fold the work away. */
    static long seed = 1_234_567_890_123L;
    static int small = 7;

    static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
    static final Map<String, Throwable> FAILURES = new ConcurrentHashMap<>();

    static class AllocatingTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void regions(Probe probe) {
            TIMINGS.put("array", probe.repeat("new long[8]", 20_000, () -> new long[8]));
            TIMINGS.put("boxed", probe.repeat("Long.valueOf(large)", 20_000, () -> Long.valueOf(seed++)));
            TIMINGS.put("arithmetic", probe.repeat("small arithmetic", 20_000, () -> small * 3 + 1 > 0));
            TIMINGS.put("budget", probe.repeatFor("new long[8] for 30 ms", Duration.ofMillis(30), () -> new long[8]));
            try {
                assertThat(TIMINGS.get("array")).allocatesNothing();
            } catch (Throwable t) {
                FAILURES.put("allocatesNothing", t);
            }
            assertThat(TIMINGS.get("arithmetic")).allocatesNothing();
            assertThat(TIMINGS.get("array")).allocatesAtMostPerCall(100);
        }
    }

    @Test
    void eachRegionsAllocationPerCallIsCountedAndClaimed() {
        TIMINGS.clear();
        FAILURES.clear();
        KitRun run = ChronoscopeKit.in(dir).run(AllocatingTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        // a long[8]: 16 bytes of header and length, 64 of elements
        assertThat(bytes("array")).isCloseTo(80, within(1.0));
        assertThat(bytes("budget")).as("repeatFor: the sample list's own growth is not the region's").isCloseTo(80, within(1.0));
        // a Long outside the cache: a header and 8 bytes, 24 with padding (16 with compact headers)
        assertThat(bytes("boxed")).isBetween(15.0, 25.0);
        assertThat(bytes("arithmetic")).as("a Boolean from the cache").isCloseTo(0, within(0.5));
        Allocation array = TIMINGS.get("array").allocation().orElseThrow();
        assertThat(array.calls()).isEqualTo(20_000);
        assertThat(array.changedBetweenHalves()).isFalse();
        assertThat(FAILURES.get("allocatesNothing")).isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("Expected that 'new long[8]' allocates nothing, but it allocates 80 B/call")
                .hasMessageContaining("20,000 calls after the region's warm-up");

        JsonRecord record = run.record("AllocatingTestCase.regions()");
        assertThat(record.number("timings.1.allocatedBytesPerCall")).isCloseTo(80, within(1.0));
        assertThat(record.isNull("timings.0.allocatedBytesPerCall")).as("the invocation's allocation is not counted").isTrue();
        assertThat(record.string("timings.0.allocation.unknown")).isEqualTo("not counted for this timing");
        assertThat(run.section("AllocatingTestCase.regions()")).contains("\nalloc        80 B/call | 20,000 calls after warm-up");
        // noise evidence beside every timing: the thread's involuntary context switches meanwhile, and CPU moves
        assertThat(record.whole("timings.1.noise.involuntaryContextSwitches")).isNotNegative();
        assertThat(record.whole("timings.1.noise.cpuMigrations")).isEqualTo(record.whole("timings.1.dropped.cpuMigration"));
        assertThat(run.section("AllocatingTestCase.regions()")).containsPattern("\nnoise        \\d+ involuntary context switches \\| \\d+ samples moved between CPUs");
    }

    private static double bytes(String key) {
        return TIMINGS.get(key).allocation().orElseThrow(() -> new AssertionError(key + ": "
                + TIMINGS.get(key).allocationUnknownReason())).bytesPerCall();
    }

    @Test
    void aClaimOnAnAllocationThatChangedOrWasNotCountedIsInconclusive() {
        dev.chronoscope.internal.measure.Timings.Context context = dev.chronoscope.internal.stats.Synthetic.context(30, 1, false);
        long[] samples = dev.chronoscope.internal.stats.Synthetic.around(1000, 100, 1001);
        Timing changed = dev.chronoscope.internal.measure.Timings.build("escape", dev.chronoscope.internal.stats.Synthetic.recorder(samples),
                context, new Allocation(1000, 8, 16, 0, 0), "");
        Timing unknown = dev.chronoscope.internal.measure.Timings.build("unknown", dev.chronoscope.internal.stats.Synthetic.recorder(samples),
                context, null, "this JVM does not support counting a thread's allocated bytes");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertThat(changed).allocatesNothing())
                .isInstanceOf(org.opentest4j.TestAbortedException.class)
                .hasMessageStartingWith("Inconclusive: cannot tell whether 'escape' allocates nothing: its allocation changed during the run")
                .hasMessageContaining("16 / 0 B/call (first / second half of the calls)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertThat(unknown).allocatesAtMostPerCall(8))
                .isInstanceOf(org.opentest4j.TestAbortedException.class)
                .hasMessageStartingWith("Inconclusive: cannot tell whether 'unknown' allocates at most 8 B per call: its allocation "
                        + "was not counted: this JVM does not support counting a thread's allocated bytes");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertThat(unknown).allocatesAtMostPerCall(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("bytes must not be negative, was -1");
    }

    static class TwoRegionsTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void regions(Probe probe) {
            probe.repeat("first", 500, () -> small + 1);
            probe.compare("a", () -> small * 2, "b", () -> small * 3, 400);
        }
    }

    @Test
    void everyTimingIsAFlightRecorderEventSpanningItsMeasurement() throws Exception {
        Path file = dir.resolve("regions.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("dev.chronoscope.TimedRegion");
            recording.start();
            ChronoscopeKit.in(dir).run(TwoRegionsTestCase.class).tests().assertStatistics(s -> s.succeeded(1));
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("dev.chronoscope.TimedRegion")).toList();

        assertThat(events).extracting(e -> e.getString("label")).containsExactlyInAnyOrder("invocation", "first", "a", "b");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getString("test")).isEqualTo("AllocationTests.TwoRegionsTestCase.regions(Probe)");
            assertThat(e.getString("clock")).isEqualTo("NANO_TIME");
            assertThat(e.getString("verdict")).isNotBlank();
            assertThat(e.getDuration()).isPositive();
        });
        RecordedEvent first = events.stream().filter(e -> e.getString("label").equals("first")).findFirst().orElseThrow();
        assertThat(first.getLong("calls")).isEqualTo(500);
        assertThat(first.getLong("medianNanos")).isPositive();
        assertThat(first.getDouble("allocatedBytesPerCall")).as("an Integer from the cache").isCloseTo(0, within(0.5));
    }
}
