package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.report.CompactSection;
import dev.chronoscope.internal.report.JsonLinesWriter;
import dev.chronoscope.internal.report.RecordJson;
import dev.chronoscope.internal.report.ReportEntries;
import dev.chronoscope.internal.report.TestRecord;
import dev.chronoscope.internal.report.TimingSection;
import org.junit.jupiter.api.extension.MediaType;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.ClosedByInterruptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything a finished timed test's record becomes, all from the one {@link TestRecord}: the
 * timing section on {@code System.out} (so that Surefire puts it in the test case's
 * {@code <system-out>}), a line in the run's JSON Lines file, and JUnit report entries a person reads
 * ({@link ReportEntries}), the record as a file and sample files (which Open Test Reporting keeps per test).
 */
final class RecordPublisher {

    /**
     * A timing of more samples than this (one number per line) gets no sample file; a report entry
     * {@code chronoscope.timing.<i>.samples} says so instead.
     */
    static final int MAX_PUBLISHED_SAMPLES = 1_000_000;

    private final Settings settings;
    private final JsonLinesWriter writer;
    /** The run-wide fact lines compact sections have printed: each is printed once per run. */
    private final Set<String> printedFacts = ConcurrentHashMap.newKeySet();

    RecordPublisher(Settings settings) {
        this.settings = settings;
        this.writer = JsonLinesWriter.newFileIn(settings.reportDir());
    }

    /**
     * Prints, writes and publishes {@code record}. A record that cannot be written fails the test
     * (the exception names the file and the cause): the section alone would be the only trace.
     * Report entries and sample files that cannot be published are said on stderr; the record
     * holds what they would.
     */
    void publish(ExtensionContext context, TestRecord record) {
        String json = RecordJson.of(record).toString();
        // the record first: nothing that goes wrong while printing or publishing may lose it
        IOException notWritten = null;
        try {
            writer.append(json);
        } catch (IOException | RuntimeException e) {
            notWritten = e instanceof IOException io ? io : new IOException(e.toString(), e);
        }
        printSection(context, record);
        try {
            publishEntries(context, record, json);
        } catch (RuntimeException e) {
            System.err.println("[chronoscope] could not publish the report entries of "
                    + TimingSection.printable(record.testName()) + ": " + causes(e));
        }
        publishSamples(context, record);
        if (notWritten != null) {
            // an interrupt that arrives while the record is written (another thread's) is not the directory's fault
            String fix = notWritten instanceof ClosedByInterruptException
                    ? "the test's thread was interrupted, by another thread, while the record was written"
                    : "set " + ChronoscopeConfig.REPORT_DIR_KEY + " to a directory this test run can write";
            throw new RecordNotWrittenException("Chronoscope could not write the record of "
                    + TimingSection.printable(record.testName()) + " to " + writer.file() + ": " + notWritten
                    + ". Its timing section is printed above; " + fix + ".", notWritten);
        }
    }

    /**
     * Writes {@code json}, the record of a test timed in a fresh JVM (whose section that JVM printed),
     * and publishes it as a report entry and file. A record that cannot be written fails the test.
     */
    void publishForked(ExtensionContext context, String testName, String json) {
        try {
            writer.append(json);
        } catch (IOException | RuntimeException e) {
            throw new RecordNotWrittenException("Chronoscope could not write the record of "
                    + TimingSection.printable(testName) + ", timed in a fresh JVM, to " + writer.file() + ": " + e
                    + ". Its timing section is printed above; set "
                    + ChronoscopeConfig.REPORT_DIR_KEY + " to a directory this test run can write.", e);
        }
        try {
            context.publishReportEntry(java.util.Map.of("chronoscope.record", writer.file().toString(),
                    "chronoscope.fork", "timed in a fresh JVM: the record's fork member says what that cost"));
        } catch (RuntimeException e) {
            System.err.println("[chronoscope] could not publish the report entries of "
                    + TimingSection.printable(testName) + ": " + causes(e));
        }
        try {
            context.publishFile(ReportEntries.RECORD_FILE, MediaType.APPLICATION_JSON_UTF_8,
                    path -> Files.writeString(path, json + "\n", StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            System.err.println("[chronoscope] could not publish the record file of "
                    + TimingSection.printable(testName) + ": " + causes(e));
        }
    }

    /**
     * Prints {@code record}'s section with one more line, {@code key} and {@code value}, and neither writes nor
     * publishes it.
     */
    void printSection(ExtensionContext context, TestRecord record, String key, String value) {
        printSection(context, record, section -> CompactSection.withLine(section, key, value));
    }

    private void printSection(ExtensionContext context, TestRecord record) {
        printSection(context, record, section -> section);
    }

    /** Prints the section to {@code System.out}, or to stderr where the test left {@code System.out} null. */
    private void printSection(ExtensionContext context, TestRecord record,
            java.util.function.UnaryOperator<String> added) {
        if (!settings.printSections()) {
            return;
        }
        String full = added.apply(settings.fullSections() ? TimingSection.format(record)
                : CompactSection.format(record, printedFacts::add));
        // Surefire's console shows an aborted test only as skipped: the reason, printed here, reaches it with the
        // section
        String section = abortReason(context).map(why -> CompactSection.withLine(full, "aborted", why)).orElse(full);
        PrintStream out = System.out;
        if (out == null) {
            out = System.err;
            if (out == null) {
                return;
            }
            out.println("[chronoscope] System.out is null (set so by the test or the code it ran): the timing section "
                    + "of " + TimingSection.printable(record.testName()) + " goes to stderr");
        }
        out.print(section);
        out.flush();
    }

    /** {@code e} and its causes, each with its message: JUnit's "Failed to publish path" alone says not why. */
    static String causes(Throwable e) {
        StringBuilder out = new StringBuilder(e.toString());
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable c = e.getCause(); c != null && seen.add(c); c = c.getCause()) {
            out.append(", caused by ").append(c);
        }
        return out.toString();
    }

    /** A test's record could not be written: the test fails with this, naming the file and the cause. */
    static final class RecordNotWrittenException extends RuntimeException {
        RecordNotWrittenException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private void publishEntries(ExtensionContext context, TestRecord record, String json) {
        context.publishReportEntry(ReportEntries.of(record, writer.file().toString(), MAX_PUBLISHED_SAMPLES));
        try {
            context.publishFile(ReportEntries.RECORD_FILE, MediaType.APPLICATION_JSON_UTF_8,
                    path -> Files.writeString(path, json + "\n", StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            System.err.println("[chronoscope] could not publish the record file of "
                    + TimingSection.printable(record.testName()) + ": " + causes(e));
        }
    }

    /** The first line of what aborted the test (an inconclusive claim's {@code Inconclusive: …}), if it was aborted. */
    static Optional<String> abortReason(ExtensionContext context) {
        return context.getExecutionException().filter(TestAbortedException.class::isInstance)
                .map(e -> e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(""));
    }

    private static void publishSamples(ExtensionContext context, TestRecord record) {
        for (int i = 0; i < record.timings().size(); i++) {
            Timing t = record.timings().get(i);
            if (t.kept() == 0 || t.kept() > MAX_PUBLISHED_SAMPLES) {
                continue;
            }
            try {
                context.publishFile("chronoscope-samples-" + i + ".txt", MediaType.TEXT_PLAIN_UTF_8, path -> {
                    try (BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
                        w.write("# " + TimingSection.printable(t.label()) + ": " + t.kept() + " samples in " + t.unit()
                                .symbol() + ", sorted ascending\n");
                        for (int k = 0; k < t.kept(); k++) {
                            w.write(Long.toString(t.sortedSample(k)));
                            w.write('\n');
                        }
                    }
                });
            } catch (RuntimeException e) {
                System.err.println("[chronoscope] could not publish the samples of "
                        + TimingSection.printable(record.testName()) + ": " + causes(e));
            }
        }
    }
}
