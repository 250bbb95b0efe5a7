package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.report.RecordJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.Event;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/** The JSON Lines records: one whole, valid line per timed test, also with tests running in parallel. */
class JsonLinesRecordTests {

    @TempDir
    Path dir;

    static class RecordsTestCase {
        long seed = 5;

        @Test
        @SubtractProbeFloor
        void defaultClock(Probe probe) {
            probe.repeat("sum", 1_000, () -> seed * 3 + 1);
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void monotonic() {
        }

        @Test
        @MeasureWith(NANO_TIME)
        void nanoTime(Probe probe) {
            probe.repeat("sum", 100, () -> seed + 1);
        }

        @Test
        void untimed() {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class ParallelTestCase {
        static final AtomicInteger RUNNING = new AtomicInteger();
        static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();
        static final Set<String> THREADS = ConcurrentHashMap.newKeySet();
        long seed = 9;

        void timed(Probe probe) {
            MOST_AT_ONCE.accumulateAndGet(RUNNING.incrementAndGet(), Math::max);
            THREADS.add(Thread.currentThread().getName());
            try {
                probe.repeat("work", 20_000, () -> {
                    long x = seed;
                    for (int i = 0; i < 50; i++) {
                        x ^= x << 13;
                        x ^= x >>> 7;
                    }
                    return x;
                });
            } finally {
                RUNNING.decrementAndGet();
            }
        }

        @Test void t1(Probe p) { timed(p); }
        @Test void t2(Probe p) { timed(p); }
        @Test void t3(Probe p) { timed(p); }
        @Test void t4(Probe p) { timed(p); }
        @Test void t5(Probe p) { timed(p); }
        @Test void t6(Probe p) { timed(p); }
        @Test void t7(Probe p) { timed(p); }
        @Test void t8(Probe p) { timed(p); }
    }

    @BeforeEach
    void reset() {
        ParallelTestCase.RUNNING.set(0);
        ParallelTestCase.MOST_AT_ONCE.set(0);
        ParallelTestCase.THREADS.clear();
    }

    @Test
    void oneValidRecordPerTimedTest() throws IOException {
        KitRun run = ChronoscopeKit.in(dir).run(RecordsTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(4));

        assertThat(run.reportFiles()).singleElement().satisfies(f ->
                assertThat(f.getFileName().toString()).matches("chronoscope-\\d{8}-\\d{6}-" + ProcessHandle.current().pid() + "-[0-9a-f]+\\.jsonl"));
        List<JsonRecord> records = run.records();
        assertThat(records).extracting(JsonRecord::test).containsExactlyInAnyOrder(
                "RecordsTestCase.defaultClock()", "RecordsTestCase.monotonic()", "RecordsTestCase.nanoTime()");
        Set<String> testIds = run.tests().finished().stream().map(e -> e.getTestDescriptor().getUniqueId().toString())
                .collect(Collectors.toSet());
        for (JsonRecord r : records) {
            assertThat(r.string("schema")).isEqualTo(RecordJson.SCHEMA).isEqualTo("chronoscope-test/2");
            assertThat(testIds).contains(r.string("uniqueId"));
            assertThat(r.string("outcome")).isEqualTo("passed");
            assertThat(r.whole("pid")).isEqualTo(ProcessHandle.current().pid());
            assertThat(Instant.parse(r.string("startedAt"))).isBefore(Instant.now());
            assertThat(r.string("clock.readMethod")).isNotBlank();
            assertThat(r.string("clock.why")).isNotBlank();
            // chronoscope.floor.samples = 2000, within its budget; a sample whose reads ran on two CPUs is
            // dropped (a busy host moves the thread now and then), so a few may be missing
            assertThat(r.whole("floor.raw.count")).as("chronoscope.floor.samples = 2000, within its budget").isBetween(1_900L, 2_000L);
            assertThat(r.number("floor.raw.p50")).isPositive();
            assertThat(r.string("floor.raw.unit")).isEqualTo(r.string("clock.unit"));
            assertThat(r.number("resolution.quantum")).isPositive();
            assertThat(r.string("pinned")).isEqualTo("no");
            // a dependent multiply-add takes a few cycles on any core this runs on: 0.05-50 ns is every clock from 100 MHz up
            assertThat(r.number("coreSpeed.beforeNsPerStep")).isBetween(0.05, 50.0);
            assertThat(r.number("coreSpeed.afterNsPerStep")).isBetween(0.05, 50.0);
            assertThat(r.isNull("aggregate")).isTrue();
            assertThat(r.timings().get(0).string("label")).isEqualTo("invocation");
            assertThat(r.timings().get(0).whole("kept") + r.timings().get(0).whole("dropped.cpuMigration")).isEqualTo(1);
        }
        assertThat(run.record("RecordsTestCase.monotonic()").timings()).hasSize(1);
        assertThat(run.record("RecordsTestCase.nanoTime()").timing("sum").whole("kept")).isEqualTo(100);
        assertThat(run.record("RecordsTestCase.defaultClock()").timing("sum").whole("raw.count"))
                .isEqualTo(run.record("RecordsTestCase.defaultClock()").timing("sum").whole("kept"));
    }

    @Test
    void theRecordIsAlsoPublishedAsAReportEntryAndTheSamplesAsFiles() throws IOException {
        KitRun run = ChronoscopeKit.in(dir).run(RecordsTestCase.class);

        List<String> lines = run.recordLines();
        List<Map<String, String>> entries = run.tests().reportingEntryPublished().stream()
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs()).toList();
        assertThat(entries).hasSize(3);
        // entries a person reads as the console launcher and IDEs print them: a line each, the record kept in files
        assertThat(entries).allSatisfy(e -> {
            assertThat(e).containsKeys("chronoscope.clock", "chronoscope.timing.0", "chronoscope.record");
            assertThat(e.get("chronoscope.timing.0")).startsWith("invocation | ").contains("RESOLVED");
            assertThat(e.get("chronoscope.record")).endsWith(run.reportFiles().getFirst().getFileName().toString());
            assertThat(e.values()).allSatisfy(v -> assertThat(v).doesNotContain("\n").doesNotStartWith("{").hasSizeLessThan(600));
            assertThat(String.join("", e.values())).as("a few lines, not the record's kilobytes").hasSizeLessThan(2_000);
        });
        assertThat(entries).anySatisfy(e -> assertThat(e.get("chronoscope.timing.1")).startsWith("sum | latency: one call alone | p50 "));
        List<String> published = new java.util.ArrayList<>();
        for (Event e : run.tests().fileEntryPublished().list()) {
            FileEntry f = e.getPayload(FileEntry.class).orElseThrow();
            if (f.getPath().getFileName().toString().equals("chronoscope-record.json")) {
                published.add(Files.readString(f.getPath()).strip());
            }
        }
        assertThat(published).as("the full record, published as a file per test").containsExactlyInAnyOrderElementsOf(lines);

        JsonRecord nano = run.record("RecordsTestCase.nanoTime()");
        List<Event> files = run.tests().fileEntryPublished().stream()
                .filter(e -> e.getTestDescriptor().getUniqueId().toString().equals(nano.string("uniqueId"))).toList();
        FileEntry samples = files.stream().map(e -> e.getPayload(FileEntry.class).orElseThrow())
                .filter(f -> f.getPath().getFileName().toString().equals("chronoscope-samples-1.txt")).findFirst().orElseThrow();
        List<String> content = Files.readAllLines(samples.getPath());
        assertThat(content.get(0)).isEqualTo("# sum: 100 samples in ns, sorted ascending");
        List<Long> values = content.subList(1, content.size()).stream().map(Long::parseLong).toList();
        assertThat(values).hasSize(100).isSorted();
        assertThat((double) values.get(0)).isEqualTo(nano.timing("sum").number("raw.min"));
        assertThat((double) values.get(99)).isEqualTo(nano.timing("sum").number("raw.max"));
    }

    @Test
    void inParallelEveryRecordIsWholeAndNoneIsLost() {
        KitRun run = ChronoscopeKit.in(dir)
                .with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .with("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
                .run(ParallelTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(8));
        assertThat(ParallelTestCase.MOST_AT_ONCE.get()).as("tests ran at the same time, on " + ParallelTestCase.THREADS)
                .isGreaterThan(1);
        List<String> lines = run.recordLines();
        assertThat(lines).hasSize(8);
        List<JsonRecord> records = lines.stream().map(JsonRecord::parse).toList();
        assertThat(records).extracting(JsonRecord::test).containsExactlyInAnyOrder("ParallelTestCase.t1()",
                "ParallelTestCase.t2()", "ParallelTestCase.t3()", "ParallelTestCase.t4()", "ParallelTestCase.t5()",
                "ParallelTestCase.t6()", "ParallelTestCase.t7()", "ParallelTestCase.t8()");
        assertThat(records).allSatisfy(r -> {
            assertThat(r.string("schema")).isEqualTo("chronoscope-test/2");
            assertThat(r.timing("work").whole("kept") + r.timing("work").whole("dropped.cpuMigration")
                    + r.timing("work").whole("dropped.negativeDelta")).isEqualTo(20_000);
        });

        // the printed sections are whole too: eight, none inside another
        List<TimingSectionParser.Section> sections = TimingSectionParser.parseAll(run.stdout());
        assertThat(sections).extracting(TimingSectionParser.Section::testName)
                .containsExactlyInAnyOrderElementsOf(records.stream().map(JsonRecord::fullTest).toList());
        assertThat(sections).allSatisfy(s -> assertThat(s.timings()).extracting(TimingSectionParser.ParsedTiming::label)
                .containsExactly("invocation", "work"));
    }
}
