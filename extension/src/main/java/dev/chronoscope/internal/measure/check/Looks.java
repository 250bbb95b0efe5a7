package dev.chronoscope.internal.measure.check;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a way of timing holds its samples against, beyond the sampling itself; each empty where that
 * way does not read it. The looks that cost a measurement are taken when their check asks.
 *
 * @param warmedUp the level the region's warm-up ended at right before, at the same batch size
 * @param pilots   pilots at k and 2k calls (empty too where the batch cannot double)
 * @param alone    the same calls without the region's own loop, timed when asked
 * @param again    a compared side alone again right after its samples in turn, timed when asked
 */
public record Looks(Optional<WarmedUp> warmedUp, Optional<Pilots> pilots, Optional<Supplier<CallsAlone>> alone,
                    Optional<Supplier<AloneAgain>> again) {

    /** None: the sampling alone. */
    static final Looks NONE = new Looks(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
}
