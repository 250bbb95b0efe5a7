package dev.chronoscope.internal.measure.check;

import java.util.function.IntToLongFunction;
import java.util.function.Supplier;

/**
 * What a watch over the timed code saw of the JIT while the samples were taken, for the JIT check.
 *
 * @param compiles    compilations of the timed code seen
 * @param unseen      compilations that finished two or more between reads, of any code (whose they were cannot be told)
 * @param code        the timed code's method, as HotSpot names it, spelled when read (a sampling may follow)
 * @param from        the sample count at the read before the one that last saw the timed code compiled; -1 none
 * @param to          the sample count at that read; -1 none
 * @param samples     how many samples were taken
 * @param sample      the samples in the order taken, for the medians before and after a compilation
 */
public record JitSeen(int compiles, long unseen, Supplier<String> code, int from, int to, int samples,
                      IntToLongFunction sample) {

    /** The compilations alone, the samples not read: enough to tell whether to sample again. */
    public static JitSeen compilations(int compiles, long unseen, Supplier<String> code) {
        return new JitSeen(compiles, unseen, code, -1, -1, 0, i -> 0L);
    }
}
