package dev.chronoscope.internal.measure;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Optional;

/**
 * The JVM's compilation mode, read once: which tiers it can run code at and which compiler is its
 * top one. Under {@code -XX:TieredStopAtLevel=1} (some IDE and build run configurations set it to
 * start faster) and under {@code -Xint} a chain runs several times slower than under C2, and was printed as
 * resolved with nothing to say why (docs/evidence/design-history.md).
 * So the mode is stated with every figure, and a JVM whose top tier is not C2 is warned about.
 *
 * @param topTier  the highest tier code can reach: 0 interpreter, 1-3 C1, 4 C2 (or a JVMCI compiler)
 * @param describe the mode in a few words, with the options that set it
 */
public record JitMode(int topTier, String describe) {

    private static final JitMode CURRENT = read();

    /** This JVM's mode. */
    public static JitMode current() {
        return CURRENT;
    }

    /** Why figures are not of the top compiler's code; empty where the top tier is C2 or a JVMCI compiler. */
    public Optional<String> warning() {
        return topTier >= 4 ? Optional.empty() : Optional.of("this JVM's code never reaches C2 (" + describe
                + "): every figure is of " + (topTier == 0 ? "interpreted code" : "C1's code")
                + ", slower than a JVM with"
                + " C2 runs the same code (2-10x for short loops); remove the option to time what production runs");
    }

    static JitMode read() {
        String info = System.getProperty("java.vm.info", "");
        if (info.contains("interpreted mode")) {
            return new JitMode(0, "interpreter only (-Xint)");
        }
        String tiered = option("TieredCompilation").orElse("true");
        int stop = option("TieredStopAtLevel").map(JitMode::parse).orElse(4);
        boolean jvmci = option("UseJVMCICompiler").map(Boolean::parseBoolean).orElse(false);
        String compiled = info.contains("compiled mode") ? ", -Xcomp: compiled before first run" : "";
        if (jvmci) {
            return new JitMode(4, "tiered, a JVMCI compiler at the top (-XX:+UseJVMCICompiler)" + compiled);
        }
        if (!Boolean.parseBoolean(tiered)) {
            return new JitMode(4, "C2 only, no tiers (-XX:-TieredCompilation)" + compiled);
        }
        if (stop < 4) {
            return new JitMode(Math.max(0, stop), String.format(Locale.ROOT,
                    "tiered up to level %d, %s (-XX:TieredStopAtLevel=%d)",
                    stop, stop == 0 ? "interpreter only" : "C1, no C2", stop) + compiled);
        }
        return new JitMode(4, "tiered C1 and C2, C2 at the top" + compiled);
    }

    private static int parse(String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return 4;
        }
    }

    /** A HotSpot option's value; empty where the JVM has no such option or no diagnostic bean. */
    private static Optional<String> option(String name) {
        try {
            com.sun.management.HotSpotDiagnosticMXBean bean =
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            return bean == null ? Optional.empty() : Optional.of(bean.getVMOption(name).getValue());
        } catch (LinkageError | RuntimeException e) { // no such option, or no diagnostic bean
            return Optional.empty();
        }
    }
}
