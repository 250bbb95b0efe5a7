package dev.chronoscope.internal.launch;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * {@code LaunchMain} is used as the main class of every test JVM Chronoscope starts (a forked test's, a side of
 * {@code ab}): it sets the system properties the request names, runs the request's selection through the JUnit
 * Platform Launcher with the request's configuration parameters, and says how it ended: the watched test's outcome
 * in the result file ({@link LaunchOutcome} reads it), a summary on standard output, and an exit code.
 *
 * <p>It depends on the JDK and junit-platform-launcher alone, and is one class file (no nested, anonymous or
 * switch-map class), so that {@code ab} can copy it in front of any build's class path. The request's keys are
 * compile-time constants here, so {@link LaunchRequest} and {@link LaunchOutcome} share them without this class
 * needing either.
 *
 * <p>Exit codes: with a watched test, 0 once its outcome is written; without, 0 every test succeeded, 1 some
 * failed; 2 nothing was selected, or the request could not be read.
 */
public final class LaunchMain implements TestExecutionListener {

    static final String UNIQUE_IDS = "uniqueIds";
    static final String CLASSES = "classes";
    static final String PACKAGES = "packages";
    static final String CLASSPATH_ROOTS = "classpathRoots";
    static final String INCLUDE_TAGS = "includeTags";
    static final String EXCLUDE_TAGS = "excludeTags";
    static final String SYSTEM_PREFIX = "system.";
    static final String CONFIG_PREFIX = "config.";
    /** The unique id of the test whose outcome the result file holds. */
    static final String WATCH = "watch";
    static final String RESULT = "result";
    /** Where present, the summary is printed with this prefix, and failures under it. */
    static final String SUMMARY_PREFIX = "summaryPrefix";
    /** Where present, a {@link Runnable} class run before the launcher starts. */
    static final String PREPARATION = "preparation";

    static final String STATUS = "status";
    static final String REASON = "reason";
    static final String THROWN = "thrown";
    static final String THROWN_TEXT = "thrownText";
    static final String MAIN_ENTERED = "mainEntered";
    static final String PREPARED = "prepared";
    static final String TEST_STARTED = "testStarted";
    static final String TEST_ENDED = "testEnded";
    static final String CONTAINER_FAILED = "CONTAINER_FAILED";
    static final String NOT_FOUND = "NOT_FOUND";
    static final String SKIPPED = "SKIPPED";
    static final String NOT_FOUND_REASON = "the launcher found no test with this unique id (it discovered nothing,"
            + " or a filter or condition excluded it)";
    /** How many failures the summary prints with their stack traces. */
    private static final int FAILURES_PRINTED = 5;

    private final String watched;
    private volatile long prepared;
    private volatile long started;
    private volatile long ended;
    private volatile String status;
    private volatile String reason = "";
    private volatile Throwable thrown;

    private LaunchMain(String watched) {
        this.watched = watched;
    }

    /** {@code args[0]}: the request file the parent wrote ({@link LaunchRequest}). */
    public static void main(String[] args) throws IOException {
        long entered = System.currentTimeMillis();
        if (args.length != 1) {
            System.err.println("usage: LaunchMain <request file>: started by Chronoscope for a forked test or a side"
                    + " of ab, not by hand");
            System.exit(2);
        }
        Properties request = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            request.load(in);
        }
        Map<String, String> configuration = new HashMap<>();
        for (String name : request.stringPropertyNames()) {
            if (name.startsWith(SYSTEM_PREFIX)) {
                System.setProperty(name.substring(SYSTEM_PREFIX.length()), request.getProperty(name));
            } else if (name.startsWith(CONFIG_PREFIX)) {
                configuration.put(name.substring(CONFIG_PREFIX.length()), request.getProperty(name));
            }
        }
        String watch = request.getProperty(WATCH);
        LaunchMain outcome = new LaunchMain(watch == null ? "" : watch);
        String preparation = request.getProperty(PREPARATION);
        if (preparation != null) {
            prepare(preparation);
            outcome.prepared = System.currentTimeMillis();
        }
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(discovery(request, configuration).build(), summary, outcome);
        System.out.flush();
        System.err.flush();
        TestExecutionSummary s = summary.getSummary();
        String prefix = request.getProperty(SUMMARY_PREFIX);
        if (prefix != null) {
            printSummary(prefix, s);
        }
        String result = request.getProperty(RESULT);
        if (result != null) {
            outcome.write(Path.of(result), entered);
        }
        // a test may leave non-daemon threads running: the JVM ends with its tests
        System.exit(watch != null ? 0 : s.getTestsFoundCount() == 0 ? 2
                : s.getTestsFailedCount() > 0 || s.getTotalFailureCount() > 0 ? 1 : 0);
    }

    /**
     * Runs the request's preparation. It is work the tests' own listeners would do anyway, later: where it fails, it
     * is said, and they do it then.
     */
    private static void prepare(String runnableClass) {
        try {
            ((Runnable) Class.forName(runnableClass).getDeclaredConstructor().newInstance()).run();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            System.err.println("[chronoscope] " + runnableClass + " could not prepare this JVM before its launcher"
                    + " started (" + e + "); its tests' listeners prepare it when the test plan starts");
        }
    }

    private static LauncherDiscoveryRequestBuilder discovery(Properties request, Map<String, String> configuration) {
        List<DiscoverySelector> selectors = new ArrayList<>();
        for (String id : lines(request, UNIQUE_IDS)) {
            selectors.add(DiscoverySelectors.selectUniqueId(id));
        }
        for (String c : lines(request, CLASSES)) {
            selectors.add(DiscoverySelectors.selectClass(c));
        }
        for (String p : lines(request, PACKAGES)) {
            selectors.add(DiscoverySelectors.selectPackage(p));
        }
        Set<Path> roots = new HashSet<>();
        for (String r : lines(request, CLASSPATH_ROOTS)) {
            roots.add(Path.of(r));
        }
        if (!roots.isEmpty()) {
            selectors.addAll(DiscoverySelectors.selectClasspathRoots(roots));
        }
        LauncherDiscoveryRequestBuilder builder = LauncherDiscoveryRequestBuilder.request().selectors(selectors)
                .configurationParameters(configuration);
        List<String> include = lines(request, INCLUDE_TAGS);
        if (!include.isEmpty()) {
            builder.filters(TagFilter.includeTags(include));
        }
        List<String> exclude = lines(request, EXCLUDE_TAGS);
        if (!exclude.isEmpty()) {
            builder.filters(TagFilter.excludeTags(exclude));
        }
        return builder;
    }

    /** The request's value for {@code key} as its lines; none where absent. */
    static List<String> lines(Properties request, String key) {
        List<String> lines = new ArrayList<>();
        String value = request.getProperty(key, "");
        int from = 0;
        while (from < value.length()) {
            int end = value.indexOf('\n', from);
            end = end < 0 ? value.length() : end;
            lines.add(value.substring(from, end));
            from = end + 1;
        }
        return lines;
    }

    private static void printSummary(String prefix, TestExecutionSummary s) {
        System.out.println(prefix + s.getTestsFoundCount() + " tests found, " + s.getTestsSucceededCount()
                + " succeeded, " + s.getTestsFailedCount() + " failed, " + s.getTestsAbortedCount() + " aborted, "
                + s.getTestsSkippedCount() + " skipped");
        if (s.getTestsFailedCount() > 0) {
            System.out.println(prefix + "failures:");
            s.printFailuresTo(new PrintWriter(System.out, true), FAILURES_PRINTED);
        }
        System.out.flush();
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.getUniqueId().equals(watched)) {
            started = System.currentTimeMillis();
        }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String why) {
        if (status == null && !watched.isEmpty() && watched.startsWith(id.getUniqueId())) {
            status = SKIPPED;
            reason = why == null ? "" : why;
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (id.getUniqueId().equals(watched)) {
            ended = System.currentTimeMillis();
            status = result.getStatus().name();
            thrown = result.getThrowable().orElse(null);
        } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL && !watched.isEmpty()
                && watched.startsWith(id.getUniqueId())
                && (status == null || status.equals(TestExecutionResult.Status.SUCCESSFUL.name()))) {
            // a class whose @BeforeAll or @AfterAll failed: the test never ran, or its success does not stand
            status = result.getStatus() == TestExecutionResult.Status.ABORTED && started == 0
                    ? TestExecutionResult.Status.ABORTED.name() : CONTAINER_FAILED;
            reason = id.getDisplayName();
            thrown = result.getThrowable().orElse(null);
        }
    }

    /** The watched test's outcome, written atomically: the parent never reads half a file. */
    private void write(Path file, long entered) throws IOException {
        Properties p = new Properties();
        p.setProperty(STATUS, status == null ? NOT_FOUND : status);
        p.setProperty(REASON, status == null ? NOT_FOUND_REASON : reason);
        if (thrown != null) {
            byte[] bytes = serialized(thrown);
            if (bytes != null) {
                p.setProperty(THROWN, Base64.getEncoder().encodeToString(bytes));
            }
            StringWriter text = new StringWriter();
            thrown.printStackTrace(new PrintWriter(text));
            p.setProperty(THROWN_TEXT, text.toString());
        } else {
            p.setProperty(THROWN_TEXT, "");
        }
        p.setProperty(MAIN_ENTERED, Long.toString(entered));
        if (prepared != 0) {
            p.setProperty(PREPARED, Long.toString(prepared));
        }
        if (started != 0) {
            p.setProperty(TEST_STARTED, Long.toString(started));
        }
        if (ended != 0) {
            p.setProperty(TEST_ENDED, Long.toString(ended));
        }
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (OutputStream out = Files.newOutputStream(partial)) {
            p.store(out, "how the watched test ended");
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** {@code t} serialized, where it and everything it holds can be; null where not. */
    static byte[] serialized(Throwable t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(t);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return bytes.toByteArray();
    }
}
