package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The facts about a host and JVM that change timings, kept with each baseline run so that a
 * comparison is only made between runs on like machines: CPU model, TSC frequency (rounded to a
 * MHz: calibrations on one host differ by a few ppm), clocksource, hypervisor, CPUs, JDK, OS and
 * kernel. A fact written {@value #UNKNOWN} is unknown and differs from nothing.
 */
public record HostFingerprint(Map<String, String> facts) {

    public static final String UNKNOWN = "unknown";
    /** Calibrated TSC frequencies this far apart (MHz) are the same host's: calibration and rounding. */
    static final double TSC_MHZ_TOLERANCE = GateTuning.TSC_MHZ_TOLERANCE;

    public HostFingerprint {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(facts, "facts")));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The facts that differ from {@code other}'s, as {@code name: this vs other}; empty on a like host. */
    public List<String> differences(HostFingerprint other) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : facts.entrySet()) {
            String mine = e.getValue();
            String theirs = other.facts.getOrDefault(e.getKey(), UNKNOWN);
            if (mine.equals(UNKNOWN) || theirs.equals(UNKNOWN) || mine.equals(theirs)) {
                continue;
            }
            if (e.getKey().equals("tscMHz") && closeNumbers(mine, theirs)) {
                continue;
            }
            out.add(e.getKey() + ": " + theirs + " (baseline) vs " + mine + " (this run)");
        }
        return out;
    }

    private static boolean closeNumbers(String a, String b) {
        try {
            return Math.abs(Double.parseDouble(a) - Double.parseDouble(b)) <= TSC_MHZ_TOLERANCE;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public Json.Obj toJson() {
        Json.Obj o = Json.object();
        facts.forEach(o::put);
        return o;
    }

    public static HostFingerprint fromJson(Map<String, Object> o) {
        Map<String, String> facts = new LinkedHashMap<>();
        o.forEach((k, v) -> facts.put(k, v == null ? UNKNOWN : String.valueOf(v)));
        return new HostFingerprint(facts);
    }

    /** Builds a fingerprint fact by fact; a null value is unknown. */
    public static final class Builder {
        private final Map<String, String> facts = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder fact(String name, String value) {
            facts.put(name, value == null || value.isBlank() ? UNKNOWN : value.trim());
            return this;
        }

        public Builder tscHz(double hz) {
            return fact("tscMHz", Double.isFinite(hz) && hz > 0 ? String.format(Locale.ROOT, "%.0f", hz / 1e6) : null);
        }

        /** The JVM's own facts: JDK version, VM, OS with its kernel version, architecture. */
        public Builder thisJvm() {
            fact("jdk", Runtime.version().toString());
            fact("vm", System.getProperty("java.vm.name"));
            // a baseline timed under C1 only or -Xint is not comparable with one timed with C2
            fact("jit", dev.chronoscope.internal.measure.JitMode.current().describe());
            fact("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
            return fact("arch", System.getProperty("os.arch"));
        }

        public HostFingerprint build() {
            return new HostFingerprint(facts);
        }
    }
}
