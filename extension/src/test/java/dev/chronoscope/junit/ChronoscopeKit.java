package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.DescribedHost;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs {@code *TestCase} fixtures through the Jupiter engine with the engine test kit, with a
 * report directory of its own, and captures what they print. Defaults keep runs short where the
 * values do not matter: 2,000 floor samples (with a budget that does not cut them short), 100 ms of
 * region warm-up (a fifth of the documented default: often too short for a region class's first
 * warm-up to settle, and such records carry a warning, but long enough that C2 rarely compiles a
 * fixture's region during its samples), full sections. Published files go under the
 * directory too.
 *
 * <p>Fixtures are {@code static} nested {@code *TestCase} classes of the {@code *Tests} class that
 * runs them. Surefire does not run them on their own: its default excludes ({@code **}{@code /*$*})
 * skip nested classes, and Jupiter does not descend into static nested classes that are not
 * {@code @Nested} (checked: no {@code TEST-*$*TestCase.xml} in {@code target/surefire-reports}).
 */
final class ChronoscopeKit {

    private final Path directory;
    private final Map<String, String> configuration = new LinkedHashMap<>();

    private ChronoscopeKit(Path directory) {
        this.directory = directory;
        configuration.put(ChronoscopeConfig.REPORT_DIR_KEY, directory.resolve("chronoscope").toString());
        configuration.put(ChronoscopeConfig.FLOOR_SAMPLES_KEY, "2000");
        configuration.put(ChronoscopeConfig.FLOOR_BUDGET_KEY, "2s");
        // long enough for C2 to finish the fixtures' short regions before their samples: with 20 ms the
        // self-check "JIT during sampling" refused a figure now and then, as it should
        configuration.put(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "100ms");
        // the tests read sections line by line: every figure, every time; the compact default has its own tests
        configuration.put(ChronoscopeConfig.REPORT_DETAIL_KEY, "full");
        // the hosts these tests run on change speed in spells (x1.3-1.6 on a bhyve guest, about half of some
        // nights): a fixture's throughput would be refused for it, whatever the test is about; the check has
        // tests of its own (CoreSpeedCheckTests, and the kit's runs that turn it on)
        configuration.put(ChronoscopeConfig.CORE_SPEED_CHECK_KEY, "false");
        // the gate's tests judge one JVM's figures; confirming a regression in a fresh JVM has tests of its own
        // (ConfirmedFailureTests), which turn it on
        configuration.put(ChronoscopeConfig.FORK_CONFIRM_KEY, "false");
    }

    /** A kit writing under {@code directory} (a test's {@code @TempDir}). */
    static ChronoscopeKit in(Path directory) {
        return new ChronoscopeKit(directory);
    }

    ChronoscopeKit with(String key, String value) {
        configuration.put(key, value);
        return this;
    }

    /** Without {@code key}: its default applies. */
    ChronoscopeKit without(String key) {
        configuration.remove(key);
        return this;
    }

    /** Describes the host with {@code supplier} instead of reading the real one. */
    ChronoscopeKit host(Class<? extends Supplier<DescribedHost>> supplier) {
        return with(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY, DescribedHosts.name(supplier));
    }

    /** The configured report directory; where the configuration names none a path can be, the kit's own. */
    Path reportDir() {
        try {
            return Path.of(configuration.get(ChronoscopeConfig.REPORT_DIR_KEY));
        } catch (java.nio.file.InvalidPathException e) {
            return directory.resolve("chronoscope");
        }
    }

    KitRun run(Class<?>... fixtures) {
        return run(Stream.of(fixtures).map(c -> (DiscoverySelector) selectClass(c)).toArray(DiscoverySelector[]::new));
    }

    /** Executes {@code selectors}, capturing {@code System.out} and {@code System.err} meanwhile. */
    synchronized KitRun run(DiscoverySelector... selectors) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        EngineExecutionResults results;
        try (PrintStream capturedOut = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream capturedErr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(capturedOut);
            System.setErr(capturedErr);
            results = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectors)
                    .configurationParameters(configuration)
                    .outputDirectoryCreator(new FilesUnder(directory.resolve("published")))
                    .execute();
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        return new KitRun(results, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), reportDir());
    }

    /** Published files, one directory per test descriptor. */
    private record FilesUnder(Path root) implements OutputDirectoryCreator {
        @Override
        public Path getRootDirectory() {
            return root;
        }

        @Override
        public Path createOutputDirectory(TestDescriptor descriptor) {
            Path dir = root.resolve(descriptor.getUniqueId().toString().replaceAll("[^A-Za-z0-9._-]+", "_"));
            try {
                return Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
