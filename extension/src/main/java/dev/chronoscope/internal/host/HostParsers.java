package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.util.List;

/**
 * Parsers for one-value sysfs and procfs files. Pure functions: text in, a {@link Fact} out whose
 * source is the {@code source} given (the file), or unknown with the file and what was wrong.
 */
public final class HostParsers {

    private HostParsers() {
    }

    /** A file holding one word, such as {@code current_clocksource} ({@code tsc}) or {@code scaling_governor}. */
    public static Fact<String> word(String text, String source) {
        String value = text.strip();
        if (value.isEmpty()) {
            return Fact.unknown(source + ": empty");
        }
        if (Text.words(value).size() != 1) {
            return Fact.unknown(source + ": expected one word, got " + quote(text));
        }
        return Fact.of(value, source);
    }

    /** A file holding one line, such as {@code osrelease}. */
    public static Fact<String> line(String text, String source) {
        String value = text.strip();
        if (value.isEmpty()) {
            return Fact.unknown(source + ": empty");
        }
        if (value.contains("\n")) {
            return Fact.unknown(source + ": expected one line, got " + quote(text));
        }
        return Fact.of(value, source);
    }

    /** A space-separated list, such as {@code available_clocksource} ({@code tsc kvm-clock hpet acpi_pm }). */
    public static Fact<List<String>> words(String text, String source) {
        String value = text.strip();
        if (value.isEmpty()) {
            return Fact.unknown(source + ": empty");
        }
        return Fact.of(List.copyOf(Text.words(value)), source);
    }

    /**
     * The kernel command line's words about the TSC and the clocksource ({@code tsc=…},
     * {@code clocksource=…}, {@code notsc}), in order; an empty list where it has none.
     */
    public static Fact<List<String>> tscParameters(String text, String source) {
        List<String> tsc = Text.words(text).stream()
                .filter(w -> w.startsWith("tsc=") || w.startsWith("clocksource=") || w.equals("notsc"))
                .toList();
        return Fact.of(tsc, source);
    }

    /** A sysfs boolean: {@code 1} or {@code 0}. */
    public static Fact<Boolean> zeroOrOne(String text, String source) {
        return switch (text.strip()) {
            case "1" -> Fact.of(true, source);
            case "0" -> Fact.of(false, source);
            default -> Fact.unknown(source + ": expected 0 or 1, got " + quote(text));
        };
    }

    /**
     * {@code /sys/devices/system/cpu/nohz_full}: a CPU list, or {@code (null)} when the kernel never
     * allocated the nohz_full mask (no {@code nohz_full=} on the command line).
     */
    public static Fact<CpuList> nohzFull(String text, String source) {
        return text.strip().equals("(null)") ? Fact.of(CpuList.NONE, source) : CpuList.parse(text, source);
    }

    /** File content quoted for a reason: single line, at most 60 characters. */
    static String quote(String text) {
        String flat = text.strip().replace("\n", "\\n").replace("\t", "\\t");
        return "'" + (flat.length() > 60 ? flat.substring(0, 57) + "..." : flat) + "'";
    }
}
