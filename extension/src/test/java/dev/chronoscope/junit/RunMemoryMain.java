package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * The run-memory benchmark: 1,000 timed tests of 500,000 samples each through the JUnit launcher
 * (as a Surefire fork runs them), printing the heap after a full collection every 100 tests. Run in
 * a JVM with {@code -Xmx256m}:
 * <pre>
 * java -Xmx256m --enable-native-access=ALL-UNNAMED -cp &lt;test class path&gt; dev.chronoscope.junit.RunMemoryMain [dir]
 * </pre>
 * Published sample files (2 MB a test) are deleted as the run goes, so the disk holds at most one test's.
 */
public final class RunMemoryMain {

    private static Path output;

    private RunMemoryMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("chronoscope-memory-");
        output = dir.resolve("junit-output");
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request().selectors(selectClass(ThousandTimedTestsCase.class))
                .configurationParameter(ChronoscopeConfig.REPORT_DIR_KEY, dir.resolve("chronoscope").toString())
                .configurationParameter(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms")
                .configurationParameter(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false")
                .configurationParameter("junit.platform.reporting.output.dir", output.toString())
                .build(), summary);
        System.out.printf("tests %d, succeeded %d, failed %d; heap max %d MB%n", summary.getSummary().getTestsFoundCount(),
                summary.getSummary().getTestsSucceededCount(), summary.getSummary().getTestsFailedCount(),
                Runtime.getRuntime().maxMemory() >> 20);
        summary.getSummary().getFailures().forEach(f -> System.out.println("failure: " + f.getException()));
    }

    static void deletePublishedFiles() throws IOException {
        if (output != null && Files.exists(output)) {
            try (Stream<Path> files = Files.walk(output)) {
                files.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(output)).forEach(p -> p.toFile().delete());
            }
        }
    }

    static class ThousandTimedTestsCase {
        static long acc = 1;

        @BeforeEach
        void heap(RepetitionInfo info) throws IOException {
            deletePublishedFiles();
            int done = info.getCurrentRepetition() - 1;
            if (done % 100 == 0) {
                System.out.printf("after %4d tests: heap after GC %6.1f MB%n", done, RunMemoryTests.usedAfterCollection() / 1048576.0);
            }
        }

        @RepeatedTest(1000)
        @MeasureWith(ClockId.NANO_TIME)
        void manySamples(Probe probe) {
            probe.repeat("add", 500_000, () -> acc += 3);
        }
    }
}
