package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.report.JsonLinesWriter;
import dev.chronoscope.internal.report.RunRecords;
import dev.chronoscope.internal.report.RunReport;
import dev.chronoscope.internal.report.UnendedTest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The timed tests running in this JVM, as the launcher announces them, so that a JVM told to end
 * while one runs (SIGTERM from a CI timeout, {@code System.exit}) does not end without a word: a
 * shutdown hook, added at the first timed test, writes for each test still running a line saying
 * it did not end ({@link UnendedTest}) into the run's records, writes the run report of the run so
 * far from them (one run's set or none), and says both on stderr. No baseline is saved: the run did
 * not end. Where tests run without the launcher (the engine test kit) nothing is tracked.
 */
final class RunningTimedTests {

    private static final String PREFIX = "[chronoscope] ";
    static final String WHY = "the JVM was told to end (a signal such as SIGTERM, or System.exit) while it ran";

    /** A timed test that has begun: its unique id, name as records give it, display name and start. */
    record Running(String uniqueId, String test, String displayName, String startedAt) {
    }

    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final AtomicBoolean hooked = new AtomicBoolean();
    /**
     * The running plan's report directory and run ({@code RunKey}, found at its first timed test); null before a plan
     * starts.
     */
    private volatile Path reportDir;
    private volatile Supplier<String> runKey;
    private volatile String run;

    /**
     * The plan now starting writes its records into {@code reportDir}, as the run {@code runKey} names (asked once, if
     * a timed test runs).
     */
    void plan(Path reportDir, Supplier<String> runKey) {
        this.reportDir = reportDir;
        this.runKey = runKey;
        this.run = null;
    }

    void started(String uniqueId, String test, String displayName) {
        if (run == null && runKey != null) {
            run = runKey.get();
        }
        if (hooked.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> jvmEnding(System.err), "chronoscope-unended-tests"));
        }
        running.put(uniqueId, new Running(uniqueId, test, displayName, Instant.now().toString()));
    }

    void finished(String uniqueId) {
        running.remove(uniqueId);
    }

    /**
     * What the JVM does as it ends: nothing when no timed test runs; else records that each did not
     * end and writes the run report so far, saying so on {@code err}.
     */
    void jvmEnding(PrintStream err) {
        List<Running> left = List.copyOf(running.values());
        Path dir = reportDir;
        if (left.isEmpty() || dir == null || run == null) {
            return;
        }
        String names = String.join(", ", left.stream().map(Running::test).toList());
        JsonLinesWriter writer = JsonLinesWriter.newFileIn(dir);
        try {
            for (Running r : left) {
                writer.append(new UnendedTest(run, r.test(), r.uniqueId(), r.displayName(), ProcessHandle.current()
                        .pid(), r.startedAt(), WHY).json());
            }
            err.println(PREFIX + "the JVM is ending while " + names + (left.size() == 1 ? " runs" : " run") + ": "
                    + writer.file() + " records that " + (left.size() == 1 ? "it" : "they") + " did not end");
        } catch (IOException | RuntimeException e) {
            err.println(PREFIX + "the JVM is ending while " + names + (left.size() == 1 ? " runs" : " run")
                    + "; could not record that in " + writer.file() + ": " + e);
        }
        try {
            RunRecords records = RunRecords.read(dir, run);
            RunReport.Written written = RunReport.write(dir, records, Optional.empty());
            err.println(PREFIX + "run report of the run so far: " + written.html() + " (" + records.tests().size()
                    + " timed tests ended, " + records.unended().size()
                    + " did not); no baseline saved: the run did not end");
        } catch (IOException | RuntimeException e) {
            err.println(PREFIX + "could not write the run report of the run so far in " + dir + ": " + e);
        }
        err.flush();
    }
}
