package dev.chronoscope.internal.report;

/**
 * Runs file work with the calling thread's interrupt status cleared, and sets it again afterwards.
 * The JDK's file channels close themselves, failing with {@code ClosedByInterruptException}, when
 * used by an interrupted thread; a test may well leave its thread interrupted (or time a region
 * that interrupts it), and its record must be written all the same, the status kept for the test.
 */
public final class Uninterrupted {

    private Uninterrupted() {
    }

    /** Work that may throw {@code X}. */
    @FunctionalInterface
    public interface Work<T, X extends Exception> {
        T run() throws X;
    }

    /**
     * {@code work}'s result, computed with the interrupt status cleared; the status is set again afterwards if it was.
     */
    public static <T, X extends Exception> T call(Work<T, X> work) throws X {
        boolean interrupted = Thread.interrupted();
        try {
            return work.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@code work} run with the interrupt status cleared; the status is set again afterwards if it was. */
    public static void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }
}
