package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Headless Chromium for the report's browser tests, with everything it writes inside a test's
 * directory: its profile ({@code --user-data-dir}), and {@code HOME}, {@code XDG_CONFIG_HOME},
 * {@code XDG_CACHE_HOME} and {@code TMPDIR}, where it otherwise keeps crash-report settings, a
 * dconf cache and temporary files. Where Chromium is missing a test is skipped with the reason,
 * except on CI ({@code CI=true}), where {@code .ci/run} installs it and a missing browser is a failure.
 * The build itself never installs a browser: it uses one it finds on the PATH.
 */
public final class HeadlessChromium {

    /** The browsers looked for on the PATH, in this order: Debian's, Ubuntu's and Google's names. */
    static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private HeadlessChromium() {
    }

    /** Chromium (or Chrome) on the PATH; skips the test (fails it on CI) where there is none. */
    public static Path require() {
        Optional<Path> chromium = chromium();
        if (chromium.isEmpty()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but none of " + NAMES + " on PATH: .ci/run installs chromium (apt-get install chromium)");
            }
            assumeTrue(false, "none of " + NAMES + " on PATH (and CI is not set): this test needs a headless "
                    + "Chromium or Chrome; the build installs none (Debian/Ubuntu: 'apt-get install -y chromium')");
        }
        return chromium.get();
    }

    /** What one Chromium run printed, and how long it took (wall time, launch included). */
    public record Result(String stdout, String stderr, long nanos) {
        /** The page's console messages as Chromium logs them ({@code --enable-logging=stderr}): none for a page without errors. */
        public List<String> consoleMessages() {
            return stderr.lines().filter(l -> l.contains(":CONSOLE(") || l.contains("Uncaught") || l.contains("Failed to load resource"))
                    .toList();
        }
    }

    public static Optional<Path> chromium() {
        return chromium(System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    }

    /** The first of {@link #NAMES} that is an executable file in a directory of {@code path}, in the order of both. */
    static Optional<Path> chromium(String path) {
        return Stream.of(path.split(":")).filter(d -> !d.isEmpty()).flatMap(d -> NAMES.stream().map(name -> Path.of(d, name)))
                .filter(Files::isExecutable).findFirst();
    }

    /**
     * Runs headless Chromium with {@code arguments}, everything it writes inside {@code work} (see
     * the class comment); returns its stdout.
     */
    public static String chromium(Path chromium, Path work, String... arguments) throws IOException, InterruptedException {
        return run(chromium, work, arguments).stdout();
    }

    /** Runs headless Chromium with {@code arguments} and its console logged to stderr, everything it writes inside {@code work}. */
    public static Result run(Path chromium, Path work, String... arguments) throws IOException, InterruptedException {
        Path home = Files.createDirectories(work.resolve("home"));
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + work.resolve("profile")));
        command.addAll(List.of(arguments));
        Path out = work.resolve("chromium.out");
        Path err = work.resolve("chromium.err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        builder.environment().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        builder.environment().put("TMPDIR", tmp.toString());
        long start = System.nanoTime();
        Process p = builder.start();
        boolean finished = p.waitFor(90, TimeUnit.SECONDS);
        long elapsed = System.nanoTime() - start;
        if (!finished) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(finished).as("chromium finished within 90 s: " + stderr).isTrue();
        assertThat(p.exitValue()).as("chromium's exit status; stderr: " + stderr).isZero();
        return new Result(stdout, stderr, elapsed);
    }

    /**
     * Waits (up to 10 s) until no process started with {@code work}'s profile runs, then deletes
     * {@code work}; a Chromium process that outlives the wait fails the test, which names it.
     */
    public static void deleteOnceChromiumIsGone(Path work) throws IOException, InterruptedException {
        String profile = "--user-data-dir=" + work.resolve("profile");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> left = survivors(profile);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = survivors(profile);
        }
        assertThat(left).as("Chromium processes still running with the test's profile").isEmpty();
        if (Files.exists(work)) {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        assertThat(work).doesNotExist();
    }

    /** The processes whose arguments include {@code profile}, as {@code pid command}. */
    private static List<String> survivors(String profile) {
        return ProcessHandle.allProcesses().filter(h -> h.info().arguments().map(a -> List.of(a).contains(profile)).orElse(false))
                .map(h -> h.pid() + " " + h.info().command().orElse("?")).toList();
    }
}
