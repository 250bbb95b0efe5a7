package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The clock a test is timed with, why that one, and what a reader of its numbers should be warned
 * about.
 *
 * @param clock    the clock
 * @param why      how it was chosen, with the facts behind an automatic choice
 * @param warnings plain-words cautions about timing durations with this clock here
 */
public record ClockChoice(ClockId clock, String why, List<String> warnings) {

    public ClockChoice {
        warnings = List.copyOf(warnings);
    }

    /**
     * Chooses the clock: {@code explicit} (from {@code @MeasureWith} on {@code element}) first, then
     * the configured default, then automatic.
     *
     * @throws ExtensionConfigurationException when the chosen clock cannot be read here
     */
    public static ClockChoice choose(Optional<ClockId> explicit, String element, Settings settings, HostFacts host) {
        ClockId clock;
        String why;
        String where;
        if (explicit.isPresent()) {
            clock = explicit.get();
            why = "@MeasureWith(" + clock + ") on " + element;
            where = why;
        } else if (settings.defaultClock().isPresent()) {
            clock = settings.defaultClock().get();
            why = "configured: " + ChronoscopeConfig.DEFAULT_CLOCK_KEY + " = " + clock;
            where = ChronoscopeConfig.DEFAULT_CLOCK_KEY + " = " + clock + " (for " + element + ")";
        } else {
            clock = automatic(host);
            why = (clock == ClockId.TSC_FENCED ? "default: " : "default: TSC_FENCED not used: ") + tscFacts(host);
            where = "the default clock " + clock + " (for " + element + ")";
        }
        List<String> warnings = new ArrayList<>();
        nativeCallsUnavailable().ifPresent(warnings::add);
        String reason = ClockReaders.unavailableReason(clock);
        if (!reason.isEmpty()) {
            if (clock != ClockId.CLOCK_MONOTONIC || !ClockReaders.isAvailable(ClockId.NANO_TIME)) {
                throw new ExtensionConfigurationException(where + ": " + clock + " cannot be read on this host: "
                        + reason + ". " + suggestion(clock));
            }
            // The same clock through the JDK: on Linux System.nanoTime() is clock_gettime(CLOCK_MONOTONIC).
            warnings.add("CLOCK_MONOTONIC cannot be read through libc here (" + reason
                    + "), so this test is timed with "
                    + "NANO_TIME: the same clock read through the JDK (System.nanoTime() is "
                    + "clock_gettime(CLOCK_MONOTONIC) "
                    + "on Linux), at the JDK's reading cost");
            why = why + "; read as NANO_TIME";
            clock = ClockId.NANO_TIME;
        }
        warnings.addAll(warnings(clock, host));
        return new ClockChoice(clock, why, warnings);
    }

    /** A clock to choose instead of {@code failed}, never {@code failed} itself. */
    private static String suggestion(ClockId failed) {
        for (ClockId candidate : List.of(ClockId.CLOCK_MONOTONIC, ClockId.NANO_TIME)) {
            if (candidate != failed && ClockReaders.isAvailable(candidate)) {
                return "Choose a clock this host can read, e.g. " + candidate + ".";
            }
        }
        return "No clock but the JDK's can be read here.";
    }

    /** When native calls fail in this JVM (e.g. {@code --illegal-native-access=deny}), what every record must say. */
    static Optional<String> nativeCallsUnavailable() {
        if (Libc.isAvailable()) {
            return Optional.empty();
        }
        String reason = Libc.unavailableReason();
        return Optional.of((reason.contains("IllegalCallerException") ? "native access denied"
                : "native calls unavailable") + " in this JVM (" + reason
                + "): only the JDK's clock (NANO_TIME) can be read, and host facts read "
                + "through native calls are unknown. Enable it with --enable-native-access=ALL-UNNAMED.");
    }

    /** The clock of a test without {@code @MeasureWith}: the configured default, else {@link #automatic}. */
    public static ClockId defaultClock(Settings settings, HostFacts host) {
        return settings.defaultClock().orElseGet(() -> automatic(host));
    }

    /** The automatic choice: TSC_FENCED where the TSC can be trusted ({@link #tscUsable}), else CLOCK_MONOTONIC. */
    static ClockId automatic(HostFacts host) {
        return tscUsable(host) ? ClockId.TSC_FENCED : ClockId.CLOCK_MONOTONIC;
    }

    /**
     * True when the TSC can time durations here: the host's one rule ({@link HostFacts#invariantTscVerdict}:
     * invariant, and the kernel keeps time with it or a clock built on it) and the native probe loaded.
     * RDTSCP is not required: it is one read path, and {@code lfence;rdtsc;lfence} serves without it.
     */
    public static boolean tscUsable(HostFacts host) {
        return Boolean.TRUE.equals(host.invariantTscVerdict().value()) && ProbeLibrary.isLoaded();
    }

    /** The facts that decide whether the TSC can be trusted, in one line. */
    public static String tscFacts(HostFacts host) {
        return host.invariantTscVerdict().source()
                + "; native probe: " + (ProbeLibrary.isLoaded() ? "loaded" : "not loaded ("
                + ProbeLibrary.unavailableReason() + ")");
    }

    /** What keeps the TSC from being usable here, one item each; empty when it is usable. */
    public static List<String> tscMissing(HostFacts host) {
        List<String> missing = new ArrayList<>();
        Fact<Boolean> verdict = host.invariantTscVerdict();
        Fact<Boolean> invariant = host.invariantTsc();
        Fact<String> clocksource = host.clocksource();
        if (!verdict.isKnown()) {
            missing.add("whether the TSC is invariant is unknown");
        } else if (!verdict.get()) {
            if (invariant.isKnown() && !invariant.get()
                    || !invariant.isKnown() && !(host.constantTscFlag().orElse(false) && host.nonstopTscFlag()
                    .orElse(false))) {
                missing.add("an invariant TSC");
            }
            if (clocksource.isKnown() && verdict.source().contains("does not keep time with the TSC")) {
                missing.add("a kernel keeping time with the TSC (clocksource " + clocksource.get() + ")");
            }
        }
        if (!ProbeLibrary.isLoaded()) {
            missing.add("the native probe");
        }
        return missing;
    }

    /** The reason a TSC requirement is not met: what is missing, then the facts. */
    public static String tscUnmet(HostFacts host) {
        List<String> missing = tscMissing(host);
        return (missing.isEmpty() ? "" : "missing " + String.join(", ", missing) + "; ") + tscFacts(host);
    }

    static List<String> warnings(ClockId clock, HostFacts host) {
        List<String> w = new ArrayList<>();
        switch (clock) {
            case CLOCK_REALTIME, CLOCK_TAI -> w.add(clock + " is wall-clock time: it jumps when the system time is set "
                    + "or stepped by NTP, and a duration across a jump is wrong by the jump. Use CLOCK_MONOTONIC for "
                    + "durations.");
            case CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE -> w.add(clock + " only moves at the kernel tick "
                    + "(milliseconds): regions shorter than many ticks read as 0 or one tick.");
            case CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID -> w.add(clock
                    + " counts CPU time, not elapsed time "
                    + "(waiting is not counted), and each read is a system call costing hundreds of ns.");
            case TSC -> w.add("TSC is read without fences: the CPU may execute the reads before or after parts of "
                    + "the region. Use TSC_FENCED for short regions.");
            default -> {
            }
        }
        if (clock.countsTicks() && !Boolean.TRUE.equals(host.invariantTscVerdict().value())) {
            w.add("The TSC may not run at a constant rate here (" + host.invariantTscVerdict().source()
                    + "): tick counts may not convert to time.");
        }
        return w;
    }
}
