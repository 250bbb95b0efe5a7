package dev.chronoscope.internal.measure.check;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * What the JVM's other threads used in each part (half) of a sampling, for the work-beside check.
 *
 * @param parts   each part's figures, in order
 * @param busiest for n, reads the n busiest threads' names when called (they may end before the words are built),
 *                and words them ({@code "name 12.3 ms, …"}) when its result is read
 */
public record OtherThreads(List<Part> parts, IntFunction<Supplier<String>> busiest) {

    public OtherThreads {
        parts = List.copyOf(parts);
    }

    /**
     * One part: the CPU time the other threads used, its wall time, and how often the timing thread waited meanwhile
     * (voluntary context switches; -1 unread, and then the check has nothing to say).
     */
    public record Part(long othersNanos, long wallNanos, long selfWaits) {
    }
}
