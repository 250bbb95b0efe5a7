package dev.chronoscope.internal.measure;

import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Text;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The checks of a timing's label, made where it is given, before anything runs: it names its timing
 * on a line of the section, in the record, the run report and the baseline.
 */
final class RegionLabels {

    private RegionLabels() {
    }

    /**
     * A label names its timing in the section (one line per fact) and in a JUnit report entry (whose
     * values must not be blank): a blank label failed the test after it passed, and lost its record;
     * a label of any length filled the section with it, wrapped, and the run report with copies of it.
     */
    static void requireLabel(String method, String label) {
        Objects.requireNonNull(label, "label");
        if (label.length() > Probe.MAX_LABEL_LENGTH) {
            // the label's start only: the whole of it is what the limit keeps out of every output
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: label must be at most %d characters"
                    + " (Probe.MAX_LABEL_LENGTH), was %,d characters: \"%s…\"", method, Probe.MAX_LABEL_LENGTH,
                    label.length(),
                    Text.printable(label.substring(0, LABEL_START_SHOWN))));
        }
        if (label.isBlank() || label.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(method + ": label must be non-blank text on one line, was \""
                    + Text.printable(label) + "\"");
        }
    }

    /** Characters of a refused long label that its message shows: enough to find it in the test. */
    static final int LABEL_START_SHOWN = 40;

    /** The labels of the timings a test's record holds besides its regions'. */
    private static final List<String> RECORD_LABELS = List.of("invocation", "explicit begin/end");

    /**
     * {@code labels}, each valid ({@link #requireLabel}), none the label of one of the test's
     * timings ({@code earlier}), of the record's own, or of another of {@code labels}: the baseline
     * and the regression gate tell a test's timings apart by their labels, so two under one label
     * would be judged as one.
     */
    static void requireNewLabels(String method, List<Timing> earlier, String... labels) {
        for (int k = 0; k < labels.length; k++) {
            String label = labels[k];
            requireLabel(method, label);
            if (RECORD_LABELS.contains(label)) {
                throw new IllegalArgumentException(method + ": label \"" + label + "\" is the label of the test's own "
                        + label
                        + " timing; give the region a label of its own");
            }
            if (earlier.stream().anyMatch(t -> t.label().equals(label))) {
                throw duplicate(method, label, "already labels an earlier timing of this test");
            }
            if (k > 0 && labels[0].equals(label)) {
                throw duplicate(method, label, "is given to both regions");
            }
        }
    }

    private static IllegalArgumentException duplicate(String method, String label, String where) {
        return new IllegalArgumentException(method + ": label \"" + Text.printable(label) + "\" " + where
                + "; each timing of a test"
                + " needs a label of its own (the baseline and the regression gate tell a test's timings apart by it)");
    }
}
