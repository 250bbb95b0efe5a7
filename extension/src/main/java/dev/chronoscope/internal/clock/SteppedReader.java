package dev.chronoscope.internal.clock;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;

import java.util.Optional;

/**
 * A counter clock read through another reader, each reading rounded down to a multiple of
 * {@code step} ticks: the TSC of a host whose counter moves in coarser steps than this machine's
 * ({@code chronoscope.host.tscStepTicks}). Rounding both ends alike keeps every difference a
 * multiple of the step, off by at most one step from the real one, as a coarse counter's are.
 */
public final class SteppedReader extends ClockReader {

    private final ClockReader counter;
    private final long step;
    private final String origin;

    public SteppedReader(ClockReader counter, long step) {
        this(counter, step, ChronoscopeConfig.TSC_STEP_TICKS_KEY);
    }

    /** {@code origin} says where the step comes from, e.g. a replayed host profile. */
    public SteppedReader(ClockReader counter, long step, String origin) {
        if (!counter.countsTicks()) {
            throw new IllegalArgumentException(counter.clock()
                    + " does not count ticks: only a counter's readings have a step to describe");
        }
        if (step < 1) {
            throw new IllegalArgumentException("step must be at least 1 tick, was " + step);
        }
        this.counter = counter;
        this.step = step;
        this.origin = origin;
    }

    @Override
    public ClockId clock() {
        return counter.clock();
    }

    @Override
    public long begin() {
        return counter.begin() / step * step;
    }

    @Override
    public long end() {
        return counter.end() / step * step;
    }

    @Override
    public int beginCpu() {
        return counter.beginCpu();
    }

    @Override
    public int endCpu() {
        return counter.endCpu();
    }

    @Override
    public boolean reportsCpu() {
        return counter.reportsCpu();
    }

    @Override
    public String readMethod() {
        return counter.readMethod() + ", rounded down to " + step + "-tick steps (" + origin + ")";
    }

    @Override
    public Optional<TscReadPath> readPath() {
        return counter.readPath();
    }

    /** The step every reading is rounded to, in ticks. */
    public long step() {
        return step;
    }
}
