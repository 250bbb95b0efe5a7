package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The work-beside check: in each half of the sampling, other Java threads of this JVM used at least
 * {@link #BESIDE_SHARE} of its wall time in CPU, and the timing thread never waited for them (at most
 * {@link #HOUSEKEEPING_WAITS} voluntary context switches, and at most one in {@link #SAMPLES_PER_WAIT}
 * samples). Then work ran beside the calls for their whole length, not within them — work the region
 * handed off (an executor, a cache's asynchronous maintenance) or other work of the JVM — and the figure
 * holds that work's contention with the calls but none of its cost: what it reads depends on how the other
 * thread is scheduled, not on the calls alone. A burst in one half (a build tool writing output) is not
 * work beside. Where the timing thread waited instead (a call to a server in the same JVM, a task whose
 * result it awaits), the others' work is within the calls' time, and a latency of them is what it should
 * be. Preemption is not waiting: a thread the host took off its CPU still never waited for the work.
 */
public final class WorkBesideCheck extends NamedCheck {

    /**
     * Other threads' CPU time, as a share of each half of the sampling's wall time, from which work beside
     * the calls is sustained work and not the JVM's own housekeeping (a build tool's stream flusher writing
     * the tests' output, in a burst, stays under it):
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double BESIDE_SHARE = 0.25;
    /**
     * Below this much CPU time of other threads in a half there is nothing to say, however short the
     * sampling: a housekeeping thread's turn (a JFR periodic task, a reference handler) is well under it:
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final long MIN_BESIDE_NANOS = 250_000L;
    /**
     * Waits of the timing thread a sampling may hold and still be one that never waited for other
     * threads: a safepoint or a collection makes the thread wait too, a few times per sampling; a region
     * that waits for another thread's work does it at every call, at least once per sample:
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final long HOUSEKEEPING_WAITS = 50;
    /**
     * Samples per wait at most, for a short sampling: fewer waits than this allows are housekeeping too;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final long SAMPLES_PER_WAIT = 10;
    /** Threads the words name, busiest first. */
    static final int NAMED_THREADS = 3;

    public WorkBesideCheck() {
        super(SelfCheck.WORK_BESIDE,
                "sampled again within the budget (not in repeatFor): a burst of other work does not come back; work"
                        + " the region hands off does, and is REFUSED");
    }

    @Override
    public String evidence() {
        return "other JVM threads used at least " + Prose.percent(BESIDE_SHARE) + " of a CPU in each half of the"
                + " sampling, never waited for by the timing thread";
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        return seen(evidence).map(seen -> new Refusal(id(), "self-check work beside: " + seen.get()
                + ": work ran beside the calls, not within them (work the region hands off, such as an executor's task"
                + " or a cache's maintenance, or other work of the JVM), so the figure holds its contention with the"
                + " calls but not its cost, and reads what the other threads' scheduling made of it; time work where"
                + " it runs, have it run on the calling thread (e.g. an executor of Runnable::run), or keep other work"
                + " out of the JVM while timing"));
    }

    /** Work the region hands off comes back in the next sampling, a burst of the JVM's other work does not. */
    @Override
    public Optional<Supplier<String>> whyAgain(Evidence evidence) {
        return seen(evidence).map(seen -> () -> seen.get() + "; work the region hands off comes back in the next"
                + " sampling, a burst of the JVM's other work does not");
    }

    /**
     * What the check found, said as a fact ("while the samples were taken (6.3 ms), other threads of this JVM
     * used …"), the threads' names read now and the words built when read; empty where it found no work beside.
     */
    static Optional<Supplier<String>> seen(Evidence evidence) {
        long samples = evidence.samples();
        return evidence.seen().threads().filter(threads -> workedBeside(threads, samples)).map(threads -> {
            Supplier<String> busiest = threads.busiest().apply(NAMED_THREADS);
            return () -> words(threads, samples, busiest.get());
        });
    }

    private static String words(OtherThreads threads, long samples, String busiest) {
        long others = 0;
        long wall = 0;
        long waits = 0;
        StringBuilder shares = new StringBuilder();
        for (OtherThreads.Part part : threads.parts()) {
            others += part.othersNanos();
            wall += part.wallNanos();
            waits += part.selfWaits();
            long percent = Math.round(100.0 * part.othersNanos() / part.wallNanos());
            shares.append(shares.isEmpty() ? "" : " and ").append(percent).append(" %");
        }
        return String.format(Locale.ROOT, "while the samples were taken (%.1f ms), other threads of this JVM used"
                        + " %.1f ms of CPU (%s of each half's time: %s), and the timing thread never waited for them"
                        + " (%d voluntary context switches in %d samples)",
                wall / 1e6, others / 1e6, shares, busiest, waits, samples);
    }

    /** Whether {@code threads} worked beside {@code samples} samples, its words not built. */
    static boolean workedBeside(OtherThreads threads, long samples) {
        if (threads.parts().isEmpty()) {
            return false;
        }
        long waits = 0;
        for (OtherThreads.Part part : threads.parts()) {
            if (part.selfWaits() < 0 || part.wallNanos() <= 0
                    || part.othersNanos() < Math.max(MIN_BESIDE_NANOS, BESIDE_SHARE * part.wallNanos())) {
                return false;
            }
            waits += part.selfWaits();
        }
        return waits <= Math.min(HOUSEKEEPING_WAITS, samples / SAMPLES_PER_WAIT);
    }
}
