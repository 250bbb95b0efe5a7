package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.json.JsonParser;
import dev.chronoscope.internal.report.jmh.TinyBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Chronoscope's JMH-format JSON has the shape of a real JMH 1.37 result file, generated here by
 * running a tiny benchmark in sample mode (one fork, one warm-up and one measurement iteration of
 * 100 ms): the same members at every level, recursively, and values of the same JSON types.
 */
class JmhFormatTests {

    @TempDir
    Path dir;

    @Test
    void hasTheShapeOfARealJmhSampleModeResult() throws Exception {
        Path real = dir.resolve("jmh-result.json");
        // JMH takes a machine-wide lock (/tmp/jmh.lock) so that benchmarks do not disturb each other;
        // this run wants only the file's shape, not its numbers, so it must not fail while another runs
        String ignoreLock = System.setProperty("jmh.ignoreLock", "true");
        try {
            runTinyBenchmark(real);
        } finally {
            if (ignoreLock == null) {
                System.clearProperty("jmh.ignoreLock");
            } else {
                System.setProperty("jmh.ignoreLock", ignoreLock);
            }
        }
        List<Object> jmh = list(JsonParser.parse(Files.readString(real, StandardCharsets.UTF_8)));
        List<Object> ours = list(JsonParser.parse(JmhJson.render(RunRecords.of(List.of(ReportFixtures.test("a <&> label"))),
                JmhJson.Jvm.current())));

        assertThat(jmh).hasSize(1);
        assertThat(ours).hasSize(2);
        List<String> differences = new ArrayList<>();
        // the region's entry: the invocation's single sample has no error, which JMH writes as the string "NaN"
        compare("", jmh.getFirst(), ours.get(1), differences);
        assertThat(differences).as("differences from JMH's shape").isEmpty();

        Map<?, ?> entry = (Map<?, ?>) ours.get(1);
        assertThat(entry.get("benchmark")).isEqualTo("dev.example.HashTests.hashes:a <&> label");
        assertThat(entry.get("mode")).isEqualTo("sample");
        Map<?, ?> primary = (Map<?, ?>) entry.get("primaryMetric");
        assertThat(primary.get("scoreUnit")).isEqualTo("ns/op");
        assertThat(keys((Map<?, ?>) primary.get("scorePercentiles"))).containsExactly("0.0", "50.0", "90.0", "95.0", "99.0",
                "99.9", "99.99", "99.999", "99.9999", "100.0");
        assertThat(((Map<?, ?>) primary.get("scorePercentiles")).get("50.0")).isEqualTo(150.0);
    }

    @Test
    void aRefusedOrUnresolvedTimingIsMarkedInItsParamsAsJmhWritesABenchmarksParameters() {
        ReportedTest t = ReportFixtures.test("region");
        ReportedTiming resolved = t.timings().get(1);
        ReportedTiming refused = new ReportedTiming("refused", resolved.kept(), 0, 0, resolved.rawNs(), resolved.netNs(), "REFUSED",
                "self-check core speed: …", resolved.distribution(), null);
        ReportedTiming unresolved = new ReportedTiming("unresolved", resolved.kept(), 0, 0, resolved.rawNs(), resolved.netNs(),
                "NOT_RESOLVED", "not resolved: …", resolved.distribution(), null);
        ReportedTest marked = t.toBuilder().timings(List.of(t.timings().get(0), resolved, refused, unresolved))
                .comparisons(List.of()).container(ContainerFacts.NOT_RECORDED).claims(List.of())
                .coreSpeed(CoreSpeed.UNKNOWN).build();

        List<Object> entries = list(JsonParser.parse(JmhJson.render(RunRecords.of(List.of(marked)), JmhJson.Jvm.current())));

        assertThat(entries).hasSize(4);
        Map<?, ?> plain = (Map<?, ?>) entries.get(1);
        assertThat(plain.containsKey("params")).as("a resolved timing keeps JMH's shape exactly").isFalse();
        for (int i = 2; i < 4; i++) {
            Map<?, ?> entry = (Map<?, ?>) entries.get(i);
            List<String> keys = keys(entry);
            assertThat(keys.indexOf("params")).as("where JMH writes params: before the primary metric")
                    .isEqualTo(keys.indexOf("primaryMetric") - 1);
            assertThat(entry.get("params")).isEqualTo(Map.of(JmhJson.VERDICT_PARAM, i == 2 ? "REFUSED" : "NOT_RESOLVED"));
        }
    }

    /** One fork, one warm-up and one measurement iteration of 100 ms, sample mode, in ns: a real result file. */
    private static void runTinyBenchmark(Path real) throws Exception {
        new Runner(new OptionsBuilder().include(TinyBenchmark.class.getName() + "\\.").forks(1)
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(100))
                .mode(Mode.SampleTime).timeUnit(TimeUnit.NANOSECONDS)
                .jvmArgsAppend("--enable-native-access=ALL-UNNAMED")
                .result(real.toString()).resultFormat(ResultFormatType.JSON).build()).run();
    }

    /** Records where {@code ours} differs from {@code real} in members or JSON types, path by path. */
    private static void compare(String path, Object real, Object ours, List<String> out) {
        if (real instanceof Map<?, ?> r) {
            if (!(ours instanceof Map<?, ?> o)) {
                out.add(path + ": object in JMH, " + ours + " here");
                return;
            }
            if (!new TreeSet<>(keys(r)).equals(new TreeSet<>(keys(o)))) {
                out.add(path + ": members " + new TreeSet<>(keys(r)) + " in JMH, " + new TreeSet<>(keys(o)) + " here");
            }
            for (Object k : r.keySet()) {
                if (o.containsKey(k)) {
                    compare(path + "." + k, r.get(k), o.get(k), out);
                }
            }
        } else if (real instanceof List<?> r) {
            if (!(ours instanceof List<?> o)) {
                out.add(path + ": array in JMH, " + ours + " here");
                return;
            }
            if (!r.isEmpty() && !o.isEmpty()) {
                compare(path + "[0]", r.getFirst(), o.getFirst(), out);
            }
        } else if (real != null && ours != null && real.getClass() != ours.getClass()) {
            out.add(path + ": " + real.getClass().getSimpleName() + " in JMH, " + ours.getClass().getSimpleName() + " here");
        }
    }

    private static List<String> keys(Map<?, ?> m) {
        return m.keySet().stream().map(String::valueOf).toList();
    }

    private static List<Object> list(Object o) {
        assertThat(o).isInstanceOf(List.class);
        @SuppressWarnings("unchecked")
        List<Object> l = (List<Object>) o;
        return l;
    }
}
