package dev.chronoscope.internal.measure;

import java.util.List;
import java.util.Optional;

/**
 * The JDK modules Chronoscope reads optional facts through, and whether this runtime has them: a
 * runtime built with {@code jlink} may lack them, and timed tests then run without those facts
 * and say so, rather than fail with {@code NoClassDefFoundError}.
 */
public final class RuntimeModules {

    /** JFR events of timed regions. */
    static final String JFR = "jdk.jfr";
    /** Garbage collections while sampling, the heap's live size, the JIT's compilation time and the JVM's arguments. */
    static final String MANAGEMENT = "java.management";
    /** The HotSpot options that say the JIT's mode, and threads' allocation and CPU time. */
    static final String HOTSPOT_MANAGEMENT = "jdk.management";

    private static final List<String> OPTIONAL = List.of(JFR, MANAGEMENT, HOTSPOT_MANAGEMENT);
    private static final Optional<String> WARNING = warning(OPTIONAL.stream().filter(m -> !has(m)).toList());

    private RuntimeModules() {
    }

    /** Whether the boot layer has module {@code name}. */
    public static boolean has(String name) {
        return ModuleLayer.boot().findModule(name).isPresent();
    }

    /** What this runtime lacks and what is therefore not read, for every record; empty where it has them all. */
    public static Optional<String> warning() {
        return WARNING;
    }

    static Optional<String> warning(List<String> missing) {
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder("this runtime lacks the module" + (missing.size() == 1 ? " " : "s ")
                + String.join(", ", missing)
                + ", so these are not read:");
        if (missing.contains(JFR)) {
            out.append(" no JFR events of timed regions;");
        }
        if (missing.contains(MANAGEMENT)) {
            out.append(" no garbage collections while sampling, heap size or JIT compilation time;");
        }
        if (missing.contains(HOTSPOT_MANAGEMENT)) {
            out.append(" no JIT options (the JIT's mode is assumed from the defaults), allocation or thread CPU time;");
        }
        out.setLength(out.length() - 1);
        return Optional.of(out
                + ". The timings themselves are taken as anywhere else; add the modules to the runtime (jlink "
                + "--add-modules " + String.join(",", missing) + ") to have them");
    }
}
