package dev.chronoscope.internal.bench;

import dev.chronoscope.internal.format.Text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

/** The machine's load while a benchmark ran, printed beside its figures: they mean little without it. */
public final class LoadAverage {

    private LoadAverage() {
    }

    /** The 1-minute load average from /proc/loadavg, if it can be read. */
    public static OptionalDouble oneMinute() {
        try {
            return OptionalDouble.of(Double.parseDouble(now().split(" ")[0]));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /** The 1, 5 and 15 minute load averages from /proc/loadavg, or "unknown". */
    public static String now() {
        try {
            // no regex here: this runs in the JVM that times the corpus, whose regex workload it would slow (Text)
            List<String> f = Text.words(Files.readString(Path.of("/proc/loadavg")));
            return f.get(0) + " " + f.get(1) + " " + f.get(2);
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
