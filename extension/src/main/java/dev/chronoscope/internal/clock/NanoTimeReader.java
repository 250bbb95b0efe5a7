package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;

/** {@link ClockId#NANO_TIME}: {@link System#nanoTime()}, an intrinsic on HotSpot. */
final class NanoTimeReader extends ClockReader {

    @Override
    public ClockId clock() {
        return ClockId.NANO_TIME;
    }

    @Override
    public long begin() {
        return System.nanoTime();
    }

    @Override
    public long end() {
        return System.nanoTime();
    }

    @Override
    public String readMethod() {
        return "System.nanoTime()";
    }
}
