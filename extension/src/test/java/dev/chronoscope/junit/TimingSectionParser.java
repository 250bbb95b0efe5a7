package dev.chronoscope.junit;

import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.report.TimingSection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads printed timing sections back, strictly: a header {@code -- chronoscope: <test> ---…}, then
 * lines whose key fills the first {@link TimingSection#KEY_WIDTH} columns and whose value follows,
 * up to a rule of dashes. Statistics are {@code name value} pairs (a one-sample timing prints
 * {@code value X}); numbers are kept as printed, so a comparison can honour the printed precision.
 * Anything unexpected inside a section is an {@link IllegalArgumentException}; text outside
 * sections is ignored (other output may surround them).
 */
final class TimingSectionParser {

    private static final Set<String> SECTION_KEYS = Set.of("clock", "frequency", "host", "container", "resolution", "floor",
            "core speed", "host load", "warmup", "pinned", "outcome");
    private static final Set<String> STATS_KEYS = Set.of("raw ticks", "raw ns", "net ticks", "net ns");
    private static final Pattern SAMPLES = Pattern.compile(
            "(\\d+) kept \\| (\\d+) dropped \\((\\d+) CPU migration, (\\d+) negative delta\\)");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?|" + Format.MISSING);
    private static final Pattern HEADER_END = Pattern.compile(" -{3,}$");

    private TimingSectionParser() {
    }

    /** One printed section. {@code facts} holds the one-per-section lines by key, as printed. */
    record Section(String testName, Map<String, String> facts, List<String> warnings, List<ParsedTiming> timings) {
        String fact(String key) {
            String v = facts.get(key);
            if (v == null) {
                throw new IllegalArgumentException("no '" + key + "' line in the section of " + testName);
            }
            return v;
        }
    }

    /** One timing block: {@code timing}, {@code samples}, the statistics lines, {@code verdict}. */
    /** @param alloc the allocation line after the verdict, or null where the timing has none */
    record ParsedTiming(String label, long kept, long dropped, long droppedMigration, long droppedNegative,
                        Map<String, Stats> stats, String verdict, String verdictReason, String mode, String alloc) {
    }

    /**
     * {@code name value} pairs as printed, a trailing unit if any (the floor line has one), and what
     * followed the first {@code " | "}.
     */
    record Stats(Map<String, String> printed, String unit, String rest) {
        String printed(String name) {
            String v = printed.get(name);
            if (v == null) {
                throw new IllegalArgumentException("no statistic '" + name + "' in " + printed);
            }
            return v;
        }

        double number(String name) {
            String v = printed(name);
            return v.equals(Format.MISSING) ? Double.NaN : Double.parseDouble(v);
        }
    }

    /** Every section in {@code text}, in order. */
    static List<Section> parseAll(String text) {
        List<Section> sections = new ArrayList<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith(TimingSection.BEGIN)) {
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !isRule(lines.get(end))) {
                if (lines.get(end).startsWith(TimingSection.BEGIN)) {
                    throw new IllegalArgumentException("a section starts inside the section at line " + (i + 1)
                            + ": " + lines.get(end));
                }
                end++;
            }
            if (end == lines.size()) {
                throw new IllegalArgumentException("the section at line " + (i + 1) + " has no closing rule");
            }
            sections.add(parse(lines.get(i), lines.subList(i + 1, end)));
            i = end;
        }
        return sections;
    }

    private static boolean isRule(String line) {
        return line.length() >= 3 && line.chars().allMatch(c -> c == '-');
    }

    static Section parse(String header, List<String> body) {
        Matcher m = HEADER_END.matcher(header);
        if (!m.find()) {
            throw new IllegalArgumentException("header without its rule: " + header);
        }
        String testName = header.substring(TimingSection.BEGIN.length(), m.start());
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        List<ParsedTiming> timings = new ArrayList<>();
        TimingBuilder current = null;
        for (String line : body) {
            String key = key(line);
            String value = line.substring(TimingSection.KEY_WIDTH);
            if (key.equals("timing")) {
                if (current != null) {
                    timings.add(current.build());
                }
                current = new TimingBuilder(value);
            } else if (current != null) {
                current.add(key, value);
            } else if (key.equals("warning")) {
                warnings.add(value);
            } else if (SECTION_KEYS.contains(key)) {
                if (facts.put(key, value) != null) {
                    throw new IllegalArgumentException("'" + key + "' twice in the section of " + testName);
                }
            } else {
                throw new IllegalArgumentException("unknown key '" + key + "' in the section of " + testName);
            }
        }
        if (current != null) {
            timings.add(current.build());
        }
        return new Section(testName, facts, warnings, timings);
    }

    /** The key of a section line: the first KEY_WIDTH columns, trimmed; the value must start right after. */
    private static String key(String line) {
        int w = TimingSection.KEY_WIDTH;
        if (line.length() <= w || line.charAt(w - 1) != ' ' || line.charAt(w) == ' ') {
            throw new IllegalArgumentException("not a key padded to " + w + " columns and a value: '" + line + "'");
        }
        String key = line.substring(0, w).trim();
        if (key.isEmpty() || !line.substring(0, w).equals(key + " ".repeat(w - key.length()))) {
            throw new IllegalArgumentException("the key does not start the line: '" + line + "'");
        }
        return key;
    }

    /** Parses {@code min 100  p50 108  p99 172 ticks | n 10000 in 4.06 ms}. */
    static Stats stats(String value) {
        int bar = value.indexOf(" | ");
        String head = bar < 0 ? value : value.substring(0, bar);
        String rest = bar < 0 ? "" : value.substring(bar + 3);
        String[] tokens = head.trim().split("\\s+");
        Map<String, String> printed = new LinkedHashMap<>();
        String unit = null;
        int i = 0;
        for (; i + 1 < tokens.length; i += 2) {
            if (!NUMBER.matcher(tokens[i + 1]).matches()) {
                break;
            }
            printed.put(tokens[i], tokens[i + 1]);
        }
        if (i == tokens.length - 1) {
            unit = tokens[i];
        } else if (i != tokens.length) {
            throw new IllegalArgumentException("not 'name value' pairs: '" + value + "'");
        }
        if (printed.isEmpty()) {
            throw new IllegalArgumentException("no statistics in '" + value + "'");
        }
        return new Stats(printed, unit, rest);
    }

    private static final class TimingBuilder {
        private final String label;
        private Matcher samples;
        private final Map<String, Stats> stats = new LinkedHashMap<>();
        private String verdict;
        private String reason;
        private String alloc;
        private String mode;

        TimingBuilder(String label) {
            this.label = label;
        }

        void add(String key, String value) {
            if (key.equals("noise") || key.equals("stalls")) {
                if (verdict == null) {
                    throw new IllegalArgumentException("'" + key + "' before the verdict of timing '" + label + "'");
                }
                return;
            }
            if (key.equals("alloc")) {
                if (verdict == null || alloc != null) {
                    throw new IllegalArgumentException("'alloc' must come once, after the verdict of timing '" + label + "'");
                }
                alloc = value;
                return;
            }
            if (verdict != null) {
                throw new IllegalArgumentException("'" + key + "' after the verdict of timing '" + label + "'");
            }
            if (key.equals("mode")) {
                if (samples != null || mode != null) {
                    throw new IllegalArgumentException("mode line of '" + label + "' not right after its timing line");
                }
                mode = value;
            } else if (key.equals("samples")) {
                if (mode == null) {
                    throw new IllegalArgumentException("samples line of '" + label + "' before its mode line");
                }
                samples = SAMPLES.matcher(value);
                if (!samples.matches()) {
                    throw new IllegalArgumentException("samples line of '" + label + "': " + value);
                }
            } else if (STATS_KEYS.contains(key)) {
                if (samples == null) {
                    throw new IllegalArgumentException("'" + key + "' before the samples line of '" + label + "'");
                }
                stats.put(key, stats(value));
            } else if (key.equals("verdict")) {
                int bar = value.indexOf(" | ");
                if (bar < 0) {
                    throw new IllegalArgumentException("verdict without reason: " + value);
                }
                verdict = value.substring(0, bar);
                reason = value.substring(bar + 3);
            } else {
                throw new IllegalArgumentException("unknown key '" + key + "' in timing '" + label + "'");
            }
        }

        ParsedTiming build() {
            if (samples == null || verdict == null) {
                throw new IllegalArgumentException("timing '" + label + "' lacks its samples or verdict line");
            }
            return new ParsedTiming(label, Long.parseLong(samples.group(1)), Long.parseLong(samples.group(2)),
                    Long.parseLong(samples.group(3)), Long.parseLong(samples.group(4)), stats, verdict, reason, mode, alloc);
        }
    }
}
