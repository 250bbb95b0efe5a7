package dev.chronoscope.internal.measure;

import java.util.Arrays;
import java.util.function.Supplier;

/** The note a region's exception carries: where it was thrown. No stack trace: the exception's own says where. */
final class RegionFailure extends RuntimeException {

    RegionFailure(String message) {
        super(message, null, false, false);
    }

    /**
     * What a region was run for when it threw, as its note says: a region failing on its 1000th call fails in its
     * warm-up, untimed.
     */
    enum Phase {
        FIRST_CALLS("in its first calls, before its warm-up"),
        WARM_UP("during its warm-up"),
        SIZING("while its calls per sample were chosen"),
        SAMPLING("while its samples were taken"),
        SELF_CHECK("while a self-check timed it again");

        private final String when;

        Phase(String when) {
            this.when = when;
        }

        /** How the note says it: {@code during its warm-up}. */
        String when() {
            return when;
        }
    }

    /**
     * The note of a timing of one region that {@code method} was making under {@code label}, the region thrown in
     * {@code phase}.
     */
    static String timingNote(String method, String label, Phase phase) {
        return method + "(\"" + label + "\"): the region threw " + phase.when()
                + "; nothing of this timing was recorded";
    }

    /**
     * Runs {@code action}, which runs a region; whatever the region throws propagates unchanged (an
     * assertion error stays one), with {@code note} added, worded once it threw: which timing it
     * interrupted and in which phase, of which nothing was kept.
     */
    static <T> T naming(Supplier<String> note, Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            e.addSuppressed(new RegionFailure(note.get()));
            throw e;
        } catch (Error e) {
            throw noted(e, new RegionFailure(note.get()));
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
