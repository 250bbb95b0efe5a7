package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JVM told to end (SIGTERM, as a CI timeout sends it) in the middle of a timed test, run through
 * the launcher as a Surefire fork runs it ({@link LauncherMain}): the run's records say the test
 * did not end, the run report of the run so far replaces the earlier run's and says it too, stderr
 * says both, and nothing is half-written.
 */
class JvmEndingMidTestTests {

    static final String BEGINS = "until-stopped begins";

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class UntilStoppedTestCase {
        static long acc = 1;

        @Test
        @Order(1)
        @MeasureWith(NANO_TIME)
        void endsFirst(Probe probe) {
            probe.repeat("add", 1_000, () -> acc += 3);
        }

        @Test
        @Order(2)
        @MeasureWith(NANO_TIME)
        void runsUntilStopped() throws InterruptedException {
            System.out.println(BEGINS);
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    @TempDir
    Path tmp;

    @Test
    void sigtermMidTestRecordsThatItDidNotEndAndWritesTheReportOfTheRunSoFar() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("chronoscope"));
        for (String name : List.of(RunReport.HTML, RunReport.JMH, RunReport.SUMMARY)) {
            Files.writeString(dir.resolve(name), "an earlier run's file");
        }
        Path errors = tmp.resolve("stderr.txt");
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), LauncherMain.class.getName(), dir.toString(),
                UntilStoppedTestCase.class.getName(), ChronoscopeConfig.PRINT_SECTIONS_KEY + "=false",
                ChronoscopeConfig.TIMING_LOCK_KEY + "=false").redirectError(errors.toFile()).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && !line.equals(BEGINS); line = lines.readLine()) {
                out.add(line);
            }
            assertThat(jvm.isAlive()).as("the JVM reached the second test; it printed %s and on stderr: %s", out,
                    Files.readString(errors)).isTrue();
            jvm.destroy();
        }
        assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(errors, StandardCharsets.UTF_8);

        String test = "JvmEndingMidTestTests.UntilStoppedTestCase.runsUntilStopped()";
        assertThat(err).containsPattern("\\[chronoscope\\] the JVM is ending while " + java.util.regex.Pattern.quote(test) + " runs: "
                + java.util.regex.Pattern.quote(dir.toString()) + "/chronoscope-[^ ]+\\.jsonl records that it did not end")
                .contains("[chronoscope] run report of the run so far: " + dir.resolve(RunReport.HTML) + " (1 timed tests ended, 1 did not); "
                        + "no baseline saved: the run did not end");
        String note = "1 timed test did not end: " + test + " (started ";
        String why = "the JVM was told to end (a signal such as SIGTERM, or System.exit) while it ran); it has no record and no timings";
        assertThat(Files.readString(dir.resolve(RunReport.SUMMARY))).as("Markdown escapes parentheses")
                .contains(note.replace("(", "\\(").replace(")", "\\)")).contains(why.replace("(", "\\(").replace(")", "\\)"))
                .doesNotContain("an earlier run's");
        assertThat(Files.readString(dir.resolve(RunReport.HTML))).contains(note).contains(why).endsWith("</html>\n");
        assertThat(Files.readString(dir.resolve(RunReport.JMH))).contains("endsFirst").contains(":add\"");
        TestJson.parse(Files.readString(dir.resolve(RunReport.JMH)));
        List<String> recordLines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).toList()) {
                recordLines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        assertThat(recordLines).as("every record line whole").hasSize(2).allSatisfy(line -> TestJson.parseObject(line));
        assertThat(recordLines).anySatisfy(line -> assertThat(line).startsWith("{\"schema\":\"chronoscope-unended/1\"")
                .contains("\"test\":\"" + test + "\"").contains("\"outcome\":\"not ended\""));
    }
}
