package dev.chronoscope.internal.measure;

import java.util.Optional;

/**
 * For tests in other packages that need to see the JIT at work: why HotSpot's compilation counters
 * cannot be read in this JVM ({@code -XX:-UsePerfData}, no performance-data file, another JVM), or
 * nothing when they can.
 */
public final class CompileCountersAvailability {

    private CompileCountersAvailability() {
    }

    public static Optional<String> unavailableReason() {
        CompileCounters.Opened opened = CompileCounters.open();
        return opened.counters() == null ? Optional.of(opened.unavailableReason()) : Optional.empty();
    }
}
