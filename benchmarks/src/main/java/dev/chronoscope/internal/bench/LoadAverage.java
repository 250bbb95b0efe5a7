package dev.chronoscope.internal.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
