package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.measure.JvmState.PreparedClock;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.ProbeWarmup;
import dev.chronoscope.internal.measure.Timings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Sets a timed test up, in the order the steps below are named: {@link #plan} (annotations,
 * clock, frequency), {@link #prepare} (the JVM's once-only work for the clock, after which the
 * test reads the JVM's state only through the {@link PreparedClock} it got), {@link #openReaders},
 * {@link #pin}, {@link #warmup} and {@link #floor}. Whatever fails after
 * pinning undoes the pinning before it propagates; once built, the {@link TimedTest} undoes it
 * when it is closed.
 */
final class TimedTestFactory {

    /** At most this long re-warming a path that went cold between tests. */
    static final long REWARM_BUDGET_NANOS = 300_000_000L;

    private TimedTestFactory() {
    }

    /**
     * What the test asked for and what the host gives it: its clock, why that one, whether the floor
     * is subtracted, and the counter's frequency for the counter clocks (else null).
     */
    record Plan(Method method, ClockChoice choice, boolean subtractFloor, TscFrequency frequency) {
        ClockId clock() {
            return choice.clock();
        }

        String unit() {
            return Timings.unitOf(clock()).symbol();
        }
    }

    /** The two readers a test uses: one for its probe's regions and floor, one for its invocation. */
    private record Readers(ClockReader probe, ClockReader invocation) {
    }

    /**
     * Sets up the timing of the test {@code context} names, on {@code runtime}'s host and JVM; its
     * invocations also count towards {@code aggregate}, the repeated or parameterized test's, if any.
     */
    static TimedTest open(ExtensionContext context, ChronoscopeRuntime runtime,
            Optional<InvocationAggregate> aggregate) {
        Plan plan = plan(context, runtime);
        PreparedClock clock = prepare(plan, runtime);
        Readers readers = openReaders(plan, clock);
        // other JVMs' timed tests first: from here to the end of the method, this test times alone
        MachineTimingLock lock = runtime.timingLock();
        String testName = TestNames.testName(context);
        String turn = lock.acquire(runtime.settings().crossJvmLock(), testName, TimedTestFactory::say);
        Pinning pinning = pin(runtime.settings());
        try {
            String warmup = warmup(clock, readers.probe(), runtime.settings(), plan.unit());
            Timings.Floor floor = floor(plan, readers.probe(), runtime.settings());
            Timings.Context timing = context(plan, clock, readers.probe(), floor, runtime);
            Settings settings = runtime.settings();
            ProbeSettings probeSettings = ProbeSettings.defaultsFor(timing)
                    .withRegionWarmupBudgetNanos(settings.regionWarmupBudgetNanos())
                    .withFloorSamples(settings.floorSamples())
                    .withFloorBudgetNanos(settings.floorBudgetNanos())
                    .withTestName(testName)
                    .withLoopBytesPerCall(floor.loopBytesPerCall())
                    .withCompiledRegions(clock.compiledRegions());
            MeasuringProbe probe = new MeasuringProbe(timing,
                    settings.coreSpeedCheck() ? probeSettings.withCoreSpeed(clock.jvm().coreSpeed()) : probeSettings);
            return new TimedTest(runtime, testName, aggregate,
                    new TimedTest.Instruments(plan, timing, probe, readers.invocation(), warmup),
                    new TimedTest.Held(pinning, turn));
        } catch (RuntimeException | Error e) {
            pinning.restore();
            lock.release();
            throw e;
        }
    }

    /** A line on the console, at once: what a user waiting for the build must know now, not when the test ends. */
    private static void say(String line) {
        System.out.println("[chronoscope] " + line);
        System.out.flush();
    }

    /** The clock (from {@code @MeasureWith}, the configured default or the host), the floor rule and the frequency. */
    static Plan plan(ExtensionContext context, ChronoscopeRuntime runtime) {
        Method method = context.getRequiredTestMethod();
        Annotations annotations = new Annotations(context.getRequiredTestClass(), method);
        ClockChoice choice = ClockChoice.choose(annotations.find(MeasureWith.class).map(MeasureWith::value),
                annotations.whereDeclared(MeasureWith.class), runtime.settings(), runtime.host());
        TscFrequency frequency = null;
        if (choice.clock().countsTicks()) {
            Fact<TscFrequency> f = runtime.jvm().frequency();
            if (!f.isKnown()) {
                throw new ExtensionConfigurationException(TestNames.describe(method) + ": " + choice.clock()
                        + " counts ticks but they cannot be converted to time: " + f.unknownReason()
                        + ". Time it with a clock that reads nanoseconds instead, e.g. @MeasureWith(CLOCK_MONOTONIC).");
            }
            frequency = f.get();
        }
        return new Plan(method, choice, annotations.find(SubtractProbeFloor.class).isPresent(), frequency);
    }

    /** The JVM's once-only work for the clock (done already where the launcher listener ran). */
    static PreparedClock prepare(Plan plan, ChronoscopeRuntime runtime) {
        try {
            return runtime.jvm().prepare(plan.clock(), runtime.settings().warmupBudgetNanos());
        } catch (ClockUnavailableException e) {
            throw unreadable(plan, e);
        }
    }

    private static Readers openReaders(Plan plan, PreparedClock clock) {
        try {
            return new Readers(clock.open(), clock.open());
        } catch (ClockUnavailableException e) {
            throw unreadable(plan, e);
        }
    }

    private static ExtensionConfigurationException unreadable(Plan plan, ClockUnavailableException e) {
        return new ExtensionConfigurationException(TestNames.describe(plan.method()) + ": " + e.getMessage(), e);
    }

    /** Pinning happens before the floor, so that the floor is measured as the test will run. */
    private static Pinning pin(Settings settings) {
        return Pinning.pin(settings.pin());
    }

    /**
     * Re-warms the probe path if it went cold since the per-JVM warm-up; says how the path was
     * warmed, once per JVM and before this test. A zero warm-up budget turns both off.
     */
    private static String warmup(PreparedClock clock, ClockReader reader, Settings settings, String unit) {
        if (settings.warmupBudgetNanos() == 0) {
            return "off (" + ChronoscopeConfig.WARMUP_BUDGET_KEY + " = 0): the floor and the regions may be read "
                    + "through a path the JIT has not compiled yet";
        }
        String once = clock.warmup().describe(unit);
        long settledLevel = clock.settledLevel();
        Optional<ProbeWarmup> again = clock.rewarmIfCold(reader,
                Math.min(REWARM_BUDGET_NANOS, settings.warmupBudgetNanos()));
        if (again.isEmpty()) {
            return once + "; still warm before this test";
        }
        ProbeWarmup w = again.get();
        if (w.medians().isEmpty()) {
            return once + String.format(Locale.ROOT,
                    "; before this test the path ran above the p50 %d %s it settled at,"
                    + " and its re-warm budget ran out before one round", settledLevel, unit);
        }
        // "above the level", not "cold": the same compiled path costs 10-25 % more on one CPU than another
        return once + String.format(Locale.ROOT,
                "; before this test the path ran above the p50 %d %s it settled at (p50 %d %s): re-warmed %d rounds in "
                + "%.1f ms, %s at p50 %d %s", settledLevel, unit, w.medians().get(0), unit, w.rounds(),
                w.elapsedNanos() / 1e6,
                w.settled() ? "settled" : "NOT settled", w.settledLevel(), unit);
    }

    /** Measures the floor right before the test (and, in the same run, what the empty loop allocates). */
    private static Timings.Floor floor(Plan plan, ClockReader reader, Settings settings) {
        return Timings.measureFloor(reader, settings.floorSamples(), settings.floorBudgetNanos(), plan.frequency());
    }

    /** The measurement context of everything the test times, with the floor measured right before the test. */
    private static Timings.Context context(Plan plan, PreparedClock clock, ClockReader reader, Timings.Floor measured,
                                           ChronoscopeRuntime runtime) {
        // the quantum of the clock's effective resolution, from back-to-back reads and the floor's samples
        return Timings.Context.of(reader, measured.floor()).frequency(plan.frequency())
                .subtractFloor(plan.subtractFloor()).step(clock.step().resolution(measured))
                .assertions(runtime.assertions()).build();
    }
}
