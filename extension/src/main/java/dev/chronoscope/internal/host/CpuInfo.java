package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code /proc/cpuinfo} says about the CPU: vendor, model name, feature flags and the number of
 * logical processors. x86 kernels list feature flags as {@code flags}; aarch64 kernels list
 * {@code Features}, which are a different vocabulary, so {@link #flag} answers x86 flags only from an
 * x86 {@code flags} line.
 *
 * @param vendor     {@code vendor_id} of the first processor
 * @param modelName  {@code model name} of the first processor
 * @param flags      the first processor's {@code flags} (x86) or {@code Features} (aarch64)
 * @param processors the number of {@code processor} entries
 */
public record CpuInfo(Fact<String> vendor, Fact<String> modelName, Fact<Set<String>> flags, Fact<Integer> processors) {

    public static final String PATH = "/proc/cpuinfo";
    static final String FLAGS_SOURCE = PATH + " flags";
    static final String FEATURES_SOURCE = PATH + " Features";

    public CpuInfo {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(modelName, "modelName");
        Objects.requireNonNull(processors, "processors");
        flags = Objects.requireNonNull(flags, "flags").map(s -> Collections.unmodifiableSet(new LinkedHashSet<>(s)));
    }

    /** Every fact unknown, for {@code reason} (e.g. the file could not be read). */
    public static CpuInfo unknown(String reason) {
        return new CpuInfo(Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason));
    }

    /** Parses the text of {@code /proc/cpuinfo}. */
    public static CpuInfo parse(String text) {
        String vendor = null;
        String model = null;
        String implementer = null;
        String flagsLine = null;
        String flagsKey = null;
        int processors = 0;
        for (String line : Text.split(text, '\n')) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            // the first processor's values; all processors of one host report the same ones
            switch (key) {
                case "processor" -> processors++;
                case "vendor_id" -> vendor = vendor == null ? value : vendor;
                case "model name" -> model = model == null ? value : model;
                case "CPU implementer" -> implementer = implementer == null ? value : implementer;
                case "flags", "Features" -> {
                    if (flagsLine == null) {
                        flagsLine = value;
                        flagsKey = key;
                    }
                }
                default -> { }
            }
        }
        String noVendor = implementer == null ? PATH + ": no vendor_id line"
                : PATH + ": no vendor_id line (CPU implementer " + implementer + ")";
        Fact<Set<String>> flags;
        if (flagsLine == null) {
            flags = Fact.unknown(PATH + ": no flags or Features line");
        } else {
            Set<String> set = new LinkedHashSet<>();
            set.addAll(Text.words(flagsLine));
            flags = Fact.of(set, flagsKey.equals("flags") ? FLAGS_SOURCE : FEATURES_SOURCE);
        }
        return new CpuInfo(
                vendor == null || vendor.isEmpty() ? Fact.unknown(noVendor) : Fact.of(vendor, PATH + " vendor_id"),
                model == null || model.isEmpty() ? Fact.unknown(PATH + ": no model name line")
                : Fact.of(model, PATH + " model name"), flags,
                processors == 0 ? Fact.unknown(PATH + ": no processor entries")
                : Fact.of(processors, PATH + " processor entries"));
    }

    /** Whether the x86 {@code flags} line lists {@code name}; unknown where there is no such line. */
    public Fact<Boolean> flag(String name) {
        if (!flags.isKnown()) {
            return Fact.unknown(flags.unknownReason());
        }
        if (!flags.source().equals(FLAGS_SOURCE)) {
            return Fact.unknown(PATH + " lists Features, not x86 flags: " + name + " does not apply");
        }
        return Fact.of(flags.get().contains(name), FLAGS_SOURCE);
    }
}
