package dev.chronoscope;

import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code ChronoscopeConfig} is used to look up Chronoscope's configuration keys and their defaults,
 * all in one place: each {@code *_KEY}, and after it its default, typed (a {@link Duration}, a
 * number, a {@code boolean}, or the word a choice defaults to). Keys are JUnit configuration
 * parameters: set them in {@code src/test/resources/junit-platform.properties}, in Surefire's
 * {@code <configurationParameters>}, or as JVM system properties ({@code -Dchronoscope.pin=true}):
 * JUnit looks a key up in the launcher's parameters, then in the system properties, then in
 * {@code junit-platform.properties}. Durations are written {@code 500ms},
 * {@code 2s}, {@code 250us} or {@code 100ns}. An invalid value fails the test with an
 * {@code ExtensionConfigurationException} naming the key, the value and what is allowed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChronoscopeConfig {

    private ChronoscopeConfig() {
    }

    /** The clock for tests without {@link MeasureWith}: {@code auto} or a {@link ClockId} name. */
    public static final String DEFAULT_CLOCK_KEY = "chronoscope.clock.default";
    /** {@code auto}: TSC_FENCED where the TSC is invariant and the native probe loaded, else CLOCK_MONOTONIC. */
    public static final String DEFAULT_CLOCK = "auto";

    /** Empty regions timed for the probe floor before each test. */
    public static final String FLOOR_SAMPLES_KEY = "chronoscope.floor.samples";
    public static final int FLOOR_SAMPLES = 10_000;

    /** Time budget for the probe floor; the floor stops at the samples or the budget, whichever comes first. */
    public static final String FLOOR_BUDGET_KEY = "chronoscope.floor.budget";
    public static final Duration FLOOR_BUDGET = Duration.ofMillis(5);

    /** Time budget for warming the probe path, once per JVM and clock, before any timed test. */
    public static final String WARMUP_BUDGET_KEY = "chronoscope.warmup.budget";
    public static final Duration WARMUP_BUDGET = Duration.ofSeconds(1);

    /** Time budget for warming each {@link Probe} region before it is measured; {@code 0ms} turns it off. */
    public static final String REGION_WARMUP_BUDGET_KEY = "chronoscope.region.warmup.budget";
    public static final Duration REGION_WARMUP_BUDGET = Duration.ofMillis(500);

    /** What an unmet {@link RequiresInvariantTsc} does: {@code skip} (disable the test) or {@code fail}. */
    public static final String UNMET_REQUIREMENT_KEY = "chronoscope.requirements.unmet";
    public static final String UNMET_REQUIREMENT = "skip";

    /**
     * Directory for the JSON Lines records and the run report ({@code chronoscope-report.html},
     * {@code chronoscope-summary.md}, {@code chronoscope-jmh.json}), relative to the working directory (the module
     * under Maven).
     * Unset: the environment variable {@link #REPORT_DIR_ENV} where set, else {@link #REPORT_DIR}.
     */
    public static final String REPORT_DIR_KEY = "chronoscope.report.dir";
    public static final String REPORT_DIR = "target/chronoscope";

    /**
     * An environment variable naming the report directory where {@link #REPORT_DIR_KEY} is unset: it reaches every
     * test JVM a build tool starts (Maven's, Gradle's, a Console Launcher line), so a command such as {@code ab} can
     * direct any build's records into a directory of its own without editing the build.
     */
    public static final String REPORT_DIR_ENV = "CHRONOSCOPE_REPORT_DIR";

    /**
     * A baseline file to save this run's timings to (created, or the run appended to it, keeping the
     * last {@link #BASELINE_KEEP_KEY} runs), at the end of each test JVM. Unset: nothing is saved.
     * The format is in docs/reference/baseline-schema.md, the workflow in docs/how-to/gate-regressions-in-ci.md.
     */
    public static final String BASELINE_SAVE_KEY = "chronoscope.baseline.save";

    /**
     * A baseline file to compare each timing with: each gets {@code regressed}, {@code improved},
     * {@code unchanged} or {@code inconclusive}, with the ratio of medians and its interval, in its
     * section, its record and the run report. Unset: no comparison. A file that does not exist yet
     * makes every verdict {@code inconclusive} (saying so); a file that is not a baseline fails the
     * timed tests, naming the file.
     */
    public static final String BASELINE_COMPARE_KEY = "chronoscope.baseline.compare";

    /** The smallest change of a median, in percent ({@code 10%}), that counts as a regression or an improvement. */
    public static final String BASELINE_THRESHOLD_KEY = "chronoscope.baseline.threshold";
    public static final double BASELINE_THRESHOLD_PERCENT = 10;

    /** Whether a timing judged {@code regressed} fails its test (with the numbers): {@code true} or {@code false}. */
    public static final String BASELINE_FAIL_ON_REGRESSION_KEY = "chronoscope.baseline.failOnRegression";
    public static final boolean BASELINE_FAIL_ON_REGRESSION = false;

    /**
     * Whether a test's {@code invocation} timing can fail it through
     * {@link #BASELINE_FAIL_ON_REGRESSION_KEY}: {@code false} (the default) or {@code true}. An
     * invocation is one sample that includes the test's one-off work (first use, warm-up); between
     * unchanged runs it varies by tens of percent (docs/evidence/gate-validation.md), so by default its
     * verdict is reported, marked "not gated", and fails
     * nothing. Gated, it is judged with the between-run spread of invocations (40 % assumed until
     * the baseline holds enough runs to estimate it).
     */
    public static final String BASELINE_GATE_INVOCATIONS_KEY = "chronoscope.baseline.gateInvocations";
    public static final boolean BASELINE_GATE_INVOCATIONS = false;

    /**
     * Whether a timing whose allocation per call rose beyond its baseline runs' range (and a
     * tolerance of 0.5 B per call or 0.05 % of the highest, whichever is larger) can fail its test through
     * {@link #BASELINE_FAIL_ON_REGRESSION_KEY}: {@code true} (the default) or {@code false}. The
     * allocation's verdict is its own line, independent of the time verdict; off, it is reported,
     * marked "not gated", and fails nothing.
     */
    public static final String BASELINE_GATE_ALLOCATION_KEY = "chronoscope.baseline.gateAllocation";
    public static final boolean BASELINE_GATE_ALLOCATION = true;

    /** How many runs a saved baseline keeps (the oldest go first): from 1 to 100. */
    public static final String BASELINE_KEEP_KEY = "chronoscope.baseline.keep";
    public static final int BASELINE_KEEP = 10;

    /**
     * Which run this test JVM belongs to: the run report and a saved baseline cover the records in
     * the report directory of the JVMs with the same run. Unset: JVMs started by the same process
     * are one run, looking through a shell that only launched them ({@code sh -c}, as Surefire starts
     * every fork): so all of a Maven build's forks are one run, the Maven JVM's. Set it where that
     * does not hold (a long-lived parent such as a Gradle or Maven daemon), e.g. to
     * {@code ${maven.build.timestamp}} or a CI build number.
     */
    public static final String REPORT_RUN_KEY = "chronoscope.report.run";

    /**
     * Whether timed tests of different JVMs of this user (Surefire's forks, {@code mvn -T} module
     * builds, two builds at once) take turns: {@code true} (each holds an OS file lock in a directory
     * only this user can write, {@code $XDG_RUNTIME_DIR/chronoscope} or {@code ~/.cache/chronoscope},
     * from before its floor to the end of its method, waiting at most 120 s for it; its record says
     * how long it waited) or {@code false}. Untimed tests are never held.
     */
    public static final String TIMING_LOCK_KEY = "chronoscope.timing.crossJvmLock";
    public static final boolean TIMING_LOCK = true;

    /**
     * Whether the core's speed is read right before and right after the samples of a throughput
     * timing or a batched comparison ({@code Timing.coreSpeed()}, about 50 µs per timing): {@code true}
     * or {@code false}. It is a fact recorded beside the figure, never a refusal: a claim whose
     * outcome the core's slowdown against this JVM's reference state could have changed is
     * inconclusive, naming it. Off, no claim consults it; the record still holds the core-speed
     * readings around the test, which the baseline gate compares.
     */
    public static final String CORE_SPEED_CHECK_KEY = "chronoscope.selfCheck.coreSpeed";
    public static final boolean CORE_SPEED_CHECK = true;

    /**
     * Where timed tests run: {@code none} (in the JVM that runs the suite, the default) or
     * {@code per-test} (each in a fresh JVM of its own, as {@link Fork} asks for one test; a test's
     * {@code @Fork} wins over this key). A fresh JVM per test costs its start and the per-JVM warm-up.
     */
    public static final String FORK_KEY = "chronoscope.fork";
    public static final String FORK = "none";

    /**
     * How long a forked test's JVM may run, from its start to its exit, before it is ended and the
     * test fails naming its command line: a positive duration of at most 1 hour (e.g. {@code 90s}).
     */
    public static final String FORK_TIMEOUT_KEY = "chronoscope.fork.timeout";
    public static final Duration FORK_TIMEOUT = Duration.ofMinutes(5);

    /**
     * Whether a test timed in the suite's JVM that the regression gate or a failed timing claim
     * ({@code dev.chronoscope.assertj}) would fail is failed only once a fresh JVM confirms it:
     * {@code true} (the test is timed again in a fresh JVM, as {@link Fork} times it, and that JVM's
     * outcome decides; its record is the run's) or {@code false} (the suite's figures alone decide). A
     * figure timed after other tests can depend on what they ran ({@link Fork} says why); only tests
     * that would fail pay for the fork. A JVM's history slows code, so a claim a slowed figure could pass
     * (a lower bound on a percentile, a ratio of two timings) that passed within x4 of its bound after
     * other timed tests in this JVM is decided in a fresh JVM too; an upper bound that passed is not.
     */
    public static final String FORK_CONFIRM_KEY = "chronoscope.fork.confirm";
    public static final boolean FORK_CONFIRM = true;

    /** Whether each timed test prints its timing section to {@code System.out}: {@code true} or {@code false}. */
    public static final String PRINT_SECTIONS_KEY = "chronoscope.report.print";
    public static final boolean PRINT_SECTIONS = true;

    /**
     * How much each printed timing section says: {@code compact} (at most 8 lines of at most 120
     * characters for a passing test, 14 for a failing one, a line per warning: the figures that
     * matter, in scaled units; facts that repeat from test to test printed once per run) or {@code full} (every figure
     * and fact, every time). The JSON record
     * always holds everything.
     */
    public static final String REPORT_DETAIL_KEY = "chronoscope.report.detail";
    public static final String REPORT_DETAIL = "compact";

    /** Whether to pin each timed test's thread to the CPU it starts on: {@code true} or {@code false}. */
    public static final String PIN_KEY = "chronoscope.pin";
    public static final boolean PIN = false;

    /**
     * Under Jupiter's parallel execution ({@code junit.jupiter.execution.parallel.enabled = true}),
     * whether each timed test runs alone: {@code true} (no other test of the JVM runs meanwhile;
     * untimed tests still run in parallel with each other) or {@code false}. Done by the launcher
     * listener, so it holds wherever tests are run through the JUnit launcher (Surefire, Gradle, IDEs).
     */
    public static final String EXCLUSIVE_KEY = "chronoscope.parallel.exclusive";
    public static final boolean EXCLUSIVE = true;

    /**
     * A class implementing {@code java.util.function.Supplier<}{@link DescribedHost}{@code >} whose
     * facts replace the host's own: for testing how tests behave on hosts you do not have (no
     * invariant TSC, clocksource hpet). Unset: the real host.
     */
    public static final String HOST_FACTS_SUPPLIER_KEY = "chronoscope.host.factsSupplier";

    /**
     * How {@code TSC_FENCED} reads the counter: {@code auto} (RDTSCP where CPUID advertises it and
     * its TSC_AUX holds the OS's CPU numbers, else {@code lfence;rdtsc;lfence} at both ends),
     * {@code rdtscp} (refused, naming the fact, where that cannot be used) or {@code lfence} (the
     * RDTSCP-free path on any host, e.g. to test and benchmark it on a machine that has RDTSCP). An
     * instruction CPUID does not advertise is never executed, whatever this says.
     */
    public static final String TSC_READ_PATH_KEY = "chronoscope.tsc.readPath";
    public static final String TSC_READ_PATH = "auto";

    /**
     * A captured host kind to replay (a folder as {@code hostcap} writes it, e.g. one of the
     * project's {@code hosts/}): its CPUID, {@code /proc/cpuinfo}, clocksource and kernel command
     * line become the host's facts, its TSC_AUX values decide whether TSC_AUX is trusted, and the
     * TSC is read in its counter step (unless {@link #TSC_STEP_TICKS_KEY} is set). The read path
     * uses only what both the captured host and this CPU advertise. Unset: the real host.
     */
    public static final String HOST_PROFILE_KEY = "chronoscope.host.profile";

    /**
     * Reads the TSC as a host whose counter moves in coarser steps would: every reading of the real
     * counter ({@code TSC}, {@code TSC_FENCED}) is rounded down to a multiple of this many ticks, a
     * whole number from 1 (the counter as it is) to {@value #MAX_TSC_STEP_TICKS}. So a machine whose
     * TSC moves by 1 or 2 ticks (Intel) shows what tests give on one whose TSC moves in 24-26 (10 ns, on a
     * guest whose counter follows a 100 MHz reference): the clock's step, the
     * verdicts, the batching of short regions, which claims decide. The host's facts stay its own
     * (or {@link #HOST_FACTS_SUPPLIER_KEY}'s); every record and section names the step in the clock's
     * read method.
     */
    public static final String TSC_STEP_TICKS_KEY = "chronoscope.host.tscStepTicks";
    public static final int TSC_STEP_TICKS = 1;
    /** The largest step {@link #TSC_STEP_TICKS_KEY} takes: 10 µs at 1 GHz. */
    public static final int MAX_TSC_STEP_TICKS = 10_000;

    /**
     * What an assertion does when the measurement cannot decide its claim (see
     * {@code dev.chronoscope.assertj.ChronoscopeAssertions}): {@code false} aborts the test
     * (JUnit reports it as aborted/skipped, with the reason), {@code true} fails it instead.
     * Read for a test timed by Chronoscope, whose timings carry it to the assertions; timings made
     * outside one (a command-line tool's) assert with the defaults.
     */
    public static final String ASSERTIONS_STRICT_KEY = "chronoscope.assertions.strict";
    public static final boolean ASSERTIONS_STRICT = false;

    /**
     * Seed (a whole number) for {@link Probe#compare(String, java.util.function.Supplier, String,
     * java.util.function.Supplier, int) Probe.compare}'s shuffled block order and for the bootstrap
     * of its ratio interval: the same samples and seed give the same interval.
     */
    public static final String ASSERTIONS_SEED_KEY = "chronoscope.assertions.seed";
    public static final long ASSERTIONS_SEED = 42;

    /**
     * A directory to extract the native probe library into before loading it, instead of loading it
     * from memory: for hosts whose temporary directories are mounted {@code noexec}. A JVM system
     * property only ({@code -Dchronoscope.native.dir=target/chronoscope-native} in Surefire's
     * {@code argLine}): the library loads before JUnit's configuration can be read. Unset: from memory.
     */
    public static final String NATIVE_DIR_PROPERTY = "chronoscope.native.dir";
}
