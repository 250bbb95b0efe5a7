package dev.chronoscope.internal.report;

import dev.chronoscope.Timing;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a timed test publishes as JUnit report entries: a few lines a person reads as the console
 * launcher and IDEs show them — the clock, each timing's figures and verdict, each claim's outcome,
 * the baseline's verdicts and the outcome — and where the full record is. The record itself (about
 * 5 kB of JSON) stays in the JSON Lines file and the published file {@value #RECORD_FILE}.
 */
public final class ReportEntries {

    /** The name of the file each test publishes its full record in (JSON, one object). */
    public static final String RECORD_FILE = "chronoscope-record.json";
    /** At most this many characters of a claim's message go into its entry: its first line, cut there. */
    static final int MESSAGE_CHARS = 300;

    private ReportEntries() {
    }

    /**
     * The entries of {@code record}, in the order a reader wants them; {@code recordFile} is the JSON
     * Lines file that holds the record, {@code maxSampleFile} the most samples a sample file holds.
     */
    public static Map<String, String> of(TestRecord record, String recordFile, long maxSampleFile) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("chronoscope.clock", CompactSection.clockLine(record));
        for (int i = 0; i < record.timings().size(); i++) {
            Timing t = record.timings().get(i);
            String baseline = record.baseline().isEmpty() ? "" : " | baseline " + record.baseline().get(i).describe();
            entries.put("chronoscope.timing." + i, (i == 0 && t.label().equals("invocation") ? "invocation | " : "")
                    + CompactSection.timingLine(t) + baseline);
            if (t.kept() > maxSampleFile) {
                entries.put("chronoscope.timing." + i + ".samples", String.format(Locale.ROOT,
                        "not published: %,d samples, more than the %,d a sample file holds; the record holds their "
                                + "statistics",
                        t.kept(), maxSampleFile));
            }
        }
        if (record.aggregate() != null) {
            entries.put("chronoscope.aggregate", CompactSection.aggregateLine(record.aggregate()));
        }
        for (int i = 0; i < record.claims().size(); i++) {
            ClaimRecord c = record.claims().get(i);
            entries.put("chronoscope.claim." + i, c.outcome() + ": " + c.claim() + (c.outcome().equals("passed") ? ""
                    : " — " + firstLine(c.message())));
        }
        if (record.gate() != null) {
            entries.put("chronoscope.outcome", record.gate().describe());
        }
        entries.put("chronoscope.record", "the full record: " + RECORD_FILE + " beside this entry, and a line of "
                + recordFile);
        return entries;
    }

    /** The first line of {@code message}, at most {@value #MESSAGE_CHARS} characters. */
    static String firstLine(String message) {
        int end = message.indexOf('\n');
        String line = end < 0 ? message : message.substring(0, end);
        return line.length() <= MESSAGE_CHARS ? line : line.substring(0, MESSAGE_CHARS - 1) + "…";
    }
}
