package dev.chronoscope.internal.report;

import dev.chronoscope.ClockUnit;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.format.Text;

import java.util.Locale;

/**
 * The plain-ASCII timing section printed for each timed test. One fact per line: a key padded to
 * {@link #KEY_WIDTH} columns, then the value; statistics as {@code name value} pairs, every figure in
 * {@link Format#units} (whole, or to a tenth; {@value Format#MISSING} where there is none); so that a
 * person reads it at a glance and a script reads it back.
 */
public final class TimingSection {

    public static final String BEGIN = "-- chronoscope: ";
    public static final int KEY_WIDTH = 13;
    static final int WIDTH = 100;

    private TimingSection() {
    }

    public static String format(TestRecord r) {
        StringBuilder out = new StringBuilder();
        String header = BEGIN + printable(r.testName()) + " ";
        out.append(header).append("-".repeat(Math.max(3, WIDTH - header.length()))).append('\n');
        line(out, "clock", r.clock() + " | " + r.readMethod() + " | " + r.clockWhy());
        if (r.frequency() != null) {
            line(out, "frequency", Format.frequency(r.frequency().hz(), r.frequency().uncertaintyPpm()) + " | "
                    + r.frequency().method() + " | ticks are TSC reference ticks, not core cycles");
        }
        line(out, "host", r.host());
        line(out, "container", r.container().describe());
        String unit = r.floor().raw().unit().symbol();
        // the quantum the clock's readings come in (not what reading it costs), then how it was decided
        line(out, "resolution", Format.units(r.step()) + " " + unit + nanosNote(r.step(), r.floor().raw().unit(), r)
                + " | " + r.stepSource());
        line(out, "floor", stats(r.floor().raw(), "min", "p50", "p99") + " " + unit + " | n " + r.floor().raw().count()
                + String.format(Locale.ROOT, " in %.2f ms", r.floor().elapsedNanos() / 1e6)
                + (r.floor().raw().unit() == ClockUnit.TICKS ? " | p50 " + Format.units(r.floor().nanos().p50())
                + " ns" : ""));
        if (r.coreSpeed().known()) {
            line(out, "core speed", r.coreSpeed().describe() + " (the reference the baseline gate compares runs at)");
        }
        line(out, "host load", r.hostLoad().isKnown() ? r.hostLoad().get().describe() : "unknown: " + r.hostLoad()
                .unknownReason());
        line(out, "warmup", r.history().any() ? r.warmup() + " | " + r.history().describe() : r.warmup());
        line(out, "pinned", r.pinned());
        line(out, "outcome", r.gate() == null ? r.outcome() : r.outcome() + " | " + r.gate().describe());
        for (String warning : r.warnings()) {
            line(out, "warning", warning);
        }
        for (int i = 0; i < r.timings().size(); i++) {
            Timing t = r.timings().get(i);
            timing(out, t.label(), t);
            if (!r.baseline().isEmpty()) {
                r.baseline().get(i).sectionLines().forEach(l -> line(out, l.getKey(), l.getValue()));
            }
        }
        if (r.aggregate() != null) {
            timing(out, r.aggregate().label(), r.aggregate());
        }
        out.append("-".repeat(WIDTH)).append('\n');
        return out.toString();
    }

    private static String nanosNote(double value, ClockUnit unit, TestRecord r) {
        return unit == ClockUnit.TICKS && r.frequency() != null
                ? " (" + Format.units(r.frequency().ticksToNanos(value)) + " ns)" : "";
    }

    private static void timing(StringBuilder out, String label, Timing t) {
        line(out, "timing", label);
        line(out, "mode", t.mode().question(t.callsPerSample(), t.clock()));
        line(out, "samples", t.kept() + " kept | " + t.dropped() + " dropped (" + t.droppedMigration()
                + " CPU migration, "
                + t.droppedNegative() + " negative delta)");
        if (t.kept() == 1) {
            // one sample (a single invocation): its value, not seven equal statistics
            if (t.unit() == ClockUnit.TICKS) {
                line(out, "raw ticks", "value " + Format.units(t.raw().p50()));
            }
            line(out, "raw ns", "value " + Format.units(t.rawNanos().p50()));
            if (t.floorSubtracted()) {
                if (t.unit() == ClockUnit.TICKS) {
                    line(out, "net ticks", "value " + Format.units(t.net().p50()));
                }
                line(out, "net ns", "value " + Format.units(t.netNanos().p50()) + " | floor p50 subtracted");
            }
        } else if (t.kept() > 1) {
            if (t.unit() == ClockUnit.TICKS) {
                line(out, "raw ticks", stats(t.raw(), "min", "p50", "p90", "p99", "max", "mean", "mad"));
            }
            line(out, "raw ns", stats(t.rawNanos(), "min", "p50", "p90", "p99", "max", "mean", "mad"));
            if (t.floorSubtracted()) {
                if (t.unit() == ClockUnit.TICKS) {
                    line(out, "net ticks", stats(t.net(), "min", "p50", "p90", "p99", "max", "mean"));
                }
                line(out, "net ns", stats(t.netNanos(), "min", "p50", "p90", "p99", "max", "mean")
                        + " | floor p50 subtracted");
            }
        }
        line(out, "verdict", t.verdict() + " | " + t.verdictReason());
        if (t.coreSpeed().slower()) {
            line(out, "host state", t.coreSpeed().describe() + ": a claim the slowdown could change is inconclusive");
        }
        line(out, "noise", (t.involuntaryContextSwitches().isPresent() ? t.involuntaryContextSwitches().getAsLong()
                + " involuntary context switches" : "involuntary context switches not counted") + " | "
                + t.droppedMigration() + " samples moved between CPUs"
                + t.cpuThrottling().map(c -> " | CPU quota " + c.describe() + (c.throttled()
                ? ": THROTTLED while sampling" : ""))
                .orElse("") + collected(t));
        Stalls.of(t).ifPresent(stalls -> line(out, "stalls", stalls.describe(t)));
        t.allocation().ifPresent(a -> line(out, "alloc", a.describe() + " | " + Format.count(a.calls())
                + " calls after warm-up, halves " + Format.bytes(a.firstHalfBytesPerCall()) + " / "
                + Format.bytes(a.secondHalfBytesPerCall()) + " B/call" + (a.changedBetweenHalves()
                ? " (CHANGED during the run)" : "")
                + (Double.isFinite(a.firstCallsBytesPerCall()) ? " | first calls "
                + Format.bytes(a.firstCallsBytesPerCall())
                        + (a.firstCallsCompiled() ? " B/call, code compiled before them" : " B/call, before C2")
                        : "")));
    }

    /**
     * {@code  | 2 garbage collections while sampling (3 ms): in the mean, seldom the median}; empty where none or not
     * counted.
     */
    static String collected(Timing t) {
        long n = t.collectionsWhileSampling().orElse(0);
        return n <= 0 ? "" : String.format(java.util.Locale.ROOT,
                " | %d garbage collection%s while sampling (%d ms): in the mean,"
                + " seldom the median", n, n == 1 ? "" : "s", t.collectionMillisWhileSampling().orElse(0));
    }

    private static void line(StringBuilder out, String key, String value) {
        out.append(key).append(" ".repeat(Math.max(1, KEY_WIDTH - key.length()))).append(printable(value)).append('\n');
    }

    /**
     * {@code text} as a console or a text file may show it: control characters (a newline or an
     * escape in a display name would break the section or drive the terminal) and lone surrogates
     * (which no encoding can write) as escapes — {@code \n}, {@code \t}, {@code \r}, else
     * a backslash, {@code u} and the character's four hex digits (a lone U+D800 prints as
     * {@code \}{@code ud800}). The record keeps the text as it was.
     */
    public static String printable(String text) {
        return Text.printable(text);
    }

    static String stats(Summary s, String... names) {
        StringBuilder b = new StringBuilder();
        for (String name : names) {
            if (b.length() > 0) {
                b.append("  ");
            }
            b.append(name).append(' ').append(Format.units(value(s, name)));
        }
        return b.toString();
    }

    static double value(Summary s, String name) {
        return switch (name) {
            case "min" -> s.min();
            case "p50" -> s.p50();
            case "p90" -> s.p90();
            case "p99" -> s.p99();
            case "max" -> s.max();
            case "mean" -> s.mean();
            case "mad" -> s.mad();
            default -> throw new IllegalArgumentException(name);
        };
    }
}
