package dev.chronoscope.internal.measure;

import java.util.Arrays;
import java.util.function.Supplier;

/** The note a region's exception carries: where it was thrown. No stack trace: the exception's own says where. */
final class RegionFailure extends RuntimeException {

    RegionFailure(String message) {
        super(message, null, false, false);
    }

    /** The note of a timing of one region that {@code method} was making under {@code label}. */
    static String timingNote(String method, String label) {
        return method + "(\"" + label + "\"): the region threw while being timed; nothing of this timing was recorded";
    }

    /**
     * Runs {@code action}, which runs a region; whatever the region throws propagates unchanged (an
     * assertion error stays one), with {@code note} added: which timing it interrupted, of which
     * nothing was kept.
     */
    static <T> T naming(String note, Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            e.addSuppressed(new RegionFailure(note));
            throw e;
        } catch (Error e) {
            throw noted(e, new RegionFailure(note));
        }
    }

    /**
     * {@code e} with {@code note} suppressed in it. The VM builds a {@code StackOverflowError} (and a
     * preallocated {@code OutOfMemoryError}) without running its constructor, so it takes no
     * suppressed exception; it is then replaced by one of the same class, message and stack trace
     * that does.
     */
    static Error noted(Error e, RegionFailure note) {
        e.addSuppressed(note);
        if (Arrays.asList(e.getSuppressed()).contains(note)) {
            return e;
        }
        Error copy = e instanceof StackOverflowError ? new StackOverflowError(e.getMessage())
                : e instanceof OutOfMemoryError ? new OutOfMemoryError(e.getMessage()) : null;
        if (copy == null) {
            return e;
        }
        copy.setStackTrace(e.getStackTrace());
        copy.addSuppressed(note);
        return copy;
    }
}
