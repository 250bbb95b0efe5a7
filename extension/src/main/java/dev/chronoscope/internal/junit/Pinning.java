package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.ffm.Libc;

import java.util.BitSet;
import java.util.List;

/**
 * The test thread pinned to the CPU it was running on ({@code chronoscope.pin = true}), and how to
 * undo it: the affinity it had before.
 *
 * @param previous    the affinity to restore, or null when the thread was not pinned
 * @param description {@code no}, or where it was pinned
 * @param warnings    why pinning that was asked for did not happen; empty otherwise
 */
record Pinning(BitSet previous, String description, List<String> warnings) {

    static final Pinning NONE = new Pinning(null, "no", List.of());

    Pinning {
        warnings = List.copyOf(warnings);
    }

    /** Pins the calling thread when {@code wanted}; a failure becomes a warning, not an error. */
    static Pinning pin(boolean wanted) {
        if (!wanted) {
            return NONE;
        }
        if (!Libc.isAvailable()) {
            return new Pinning(null, "no",
                    List.of("could not pin the test thread: sched_setaffinity cannot be called in this " + "JVM ("
                    + Libc.unavailableReason() + "); the test ran on whichever CPUs the scheduler chose"));
        }
        try {
            BitSet previous = Libc.threadAffinity();
            int cpu = Libc.schedGetcpu();
            BitSet only = new BitSet();
            only.set(cpu);
            Libc.setThreadAffinity(only);
            return new Pinning(previous, "CPU " + cpu + " (thread affinity was " + previous
                    + "; restored after the test)", List.of());
        } catch (Libc.LibcException e) {
            return new Pinning(null, "no", List.of("could not pin the test thread: " + e.getMessage()
                    + "; the test ran on whichever CPUs the scheduler chose"));
        }
    }

    /** Gives the thread its previous affinity back, if it was pinned. */
    void restore() {
        if (previous == null) {
            return;
        }
        try {
            Libc.setThreadAffinity(previous);
        } catch (Libc.LibcException e) {
            System.err.println("[chronoscope] could not restore the thread's CPU affinity " + previous + ": "
                    + e.getMessage());
        }
    }
}
