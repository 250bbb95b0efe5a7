package dev.chronoscope.internal.report;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One file of the run report, rendered from all of the run's records: adding an output (HTML, a
 * Markdown summary, JMH-format JSON, …) is its renderer and one line in {@link RunReport#OUTPUTS}.
 */
public interface ReportOutput {

    /** The file's name in the report directory. */
    String fileName();

    /** What the console calls the file, e.g. {@code JMH-format JSON}. */
    String title();

    /** The file's text. */
    String render(Run run);

    /**
     * What every output is rendered from.
     *
     * @param generated when the report was generated, as the files say it
     * @param listing   what the comparison with a baseline found beyond each verdict; empty when none was compared
     * @param baseline  the baseline compared with, to draw; empty when none was read
     */
    record Run(RunRecords records, String generated, Optional<BaselineListing> listing,
            Optional<ReportBaseline> baseline) {
    }

    /** The output {@code fileName}, called {@code title}, rendered by {@code render}. */
    static ReportOutput of(String fileName, String title, Function<Run, String> render) {
        return new Named(fileName, title, render);
    }

    /** An output given by its name, title and renderer. */
    record Named(String fileName, String title, Function<Run, String> renderer) implements ReportOutput {
        public Named {
            Objects.requireNonNull(fileName, "fileName");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(renderer, "renderer");
        }

        @Override
        public String render(Run run) {
            return renderer.apply(run);
        }
    }
}
