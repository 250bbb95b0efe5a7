package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A clock whose readings are a script: every {@link #begin()} or {@link #end()} takes the next
 * scripted read — a value and the CPU it "ran on" — in call order. Reads past the script's end
 * fail, so a test sees exactly how many reads the code under test made.
 */
final class ScriptedClockReader extends ClockReader {

    private record Read(long value, int cpu) {
    }

    private final ClockId clock;
    private final Deque<Read> script = new ArrayDeque<>();
    private int beginCpu = CPU_UNKNOWN;
    private int endCpu = CPU_UNKNOWN;
    private int reads;

    ScriptedClockReader(ClockId clock) {
        this.clock = clock;
    }

    /** Adds one read of {@code value} on {@code cpu}. */
    ScriptedClockReader read(long value, int cpu) {
        script.add(new Read(value, cpu));
        return this;
    }

    /** Adds a region: a begin read of {@code begin} on {@code beginCpu}, then an end read. */
    ScriptedClockReader region(long begin, int beginCpu, long end, int endCpu) {
        return read(begin, beginCpu).read(end, endCpu);
    }

    /** Adds a region on CPU 0 that took {@code delta}. */
    ScriptedClockReader region(long delta) {
        long begin = 1_000L * (script.size() + 1);
        return region(begin, 0, begin + delta, 0);
    }

    /** Reads made so far. */
    int reads() {
        return reads;
    }

    /** Scripted reads not made yet. */
    int remaining() {
        return script.size();
    }

    private Read next(String which) {
        Read r = script.poll();
        if (r == null) {
            throw new IllegalStateException("script exhausted: " + which + "() after " + reads + " reads");
        }
        reads++;
        return r;
    }

    @Override
    public ClockId clock() {
        return clock;
    }

    @Override
    public long begin() {
        Read r = next("begin");
        beginCpu = r.cpu();
        return r.value();
    }

    @Override
    public long end() {
        Read r = next("end");
        endCpu = r.cpu();
        return r.value();
    }

    @Override
    public int beginCpu() {
        return beginCpu;
    }

    @Override
    public int endCpu() {
        return endCpu;
    }

    @Override
    public boolean reportsCpu() {
        return true;
    }

    @Override
    public String readMethod() {
        return "scripted";
    }
}
