package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;

/** Creates readers for the clocks this machine can read, and says why a clock cannot be read. */
public final class ClockReaders {

    static {
        // Load every reader class up front: the JIT then never compiles the timing loop on the
        // assumption that only one reader class exists, an assumption a later class load would
        // break, discarding the compiled loop (and the warm-up that produced it) mid-run.
        for (Class<?> c : new Class<?>[] {TscFencedReader.class, TscLfenceReader.class, TscBareReader.class,
                PosixClockReader.class, NanoTimeReader.class}) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private ClockReaders() {
    }

    /**
     * A new reader for {@code clock}, {@code TSC_FENCED} on this host's automatic read path
     * ({@link TscReadPath#ofThisHost}); readers are cheap and meant for one thread each.
     */
    public static ClockReader open(ClockId clock) throws ClockUnavailableException {
        return open(clock, null);
    }

    /**
     * A new reader for {@code clock}; {@code TSC_FENCED} on {@code path}, or on this host's automatic
     * path where {@code path} is null.
     */
    public static ClockReader open(ClockId clock, TscReadPath path) throws ClockUnavailableException {
        String reason = unavailableReason(clock);
        if (!reason.isEmpty()) {
            throw new ClockUnavailableException(clock, reason);
        }
        return switch (clock) {
            case TSC_FENCED -> {
                TscReadPath p = path != null ? path : TscReadPath.ofThisHost(TscReadPath.Preference.AUTO);
                yield p.read() == TscReadPath.Read.RDTSCP ? new TscFencedReader(p) : new TscLfenceReader(p);
            }
            case TSC -> new TscBareReader();
            case NANO_TIME -> new NanoTimeReader();
            default -> new PosixClockReader(clock);
        };
    }

    /** Empty when {@code clock} can be read here, else the reason it cannot. */
    public static String unavailableReason(ClockId clock) {
        if (clock.countsTicks()) {
            return ProbeLibrary.isLoaded() ? "" : "the native probe is not loaded: " + ProbeLibrary.unavailableReason();
        }
        if (clock.posixClockId().isPresent()) {
            if (!Libc.isAvailable()) {
                return Libc.unavailableReason();
            }
            try {
                Libc.clockGetresNanos(clock.posixClockId().getAsInt());
                return "";
            } catch (Libc.LibcException e) {
                return "the kernel does not support it: " + e.getMessage();
            }
        }
        return "";
    }

    public static boolean isAvailable(ClockId clock) {
        return unavailableReason(clock).isEmpty();
    }
}
