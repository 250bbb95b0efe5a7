package dev.chronoscope.internal.stats;

import dev.chronoscope.ChronoscopeConfig;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * How Chronoscope's assertions decide, as configured for the running test: whether an undecidable
 * claim fails ({@code strict}) or aborts the test, and the seed of the comparisons' shuffling and
 * bootstrap. Also the fixed constants of those decisions.
 *
 * <p><b>How an assertion finds the settings.</b> AssertJ assertions get no JUnit
 * {@code ExtensionContext}, so Chronoscope's extension publishes the test's settings (read from the
 * JUnit configuration parameters like every other key) for the test's thread: it {@link #push pushes}
 * them at the end of {@code beforeTestExecution} and {@link #pop pops} them in
 * {@code afterTestExecution}. A stack, not a single slot, so that a test which launches other tests
 * on its own thread (an {@code EngineTestKit} run) gets its own settings back afterwards. Outside a
 * timed test (an assertion in {@code @AfterEach}, on another thread, or on a timing made without
 * JUnit) the system properties of the same keys apply, else the defaults.
 *
 * @param strict true: an inconclusive claim fails the test; false: it aborts it
 * @param seed   seed of the block order of comparisons and of the bootstrap of their ratio
 */
public record AssertionSettings(boolean strict, long seed) {

    /** Confidence level of every interval the assertions use. */
    public static final double CONFIDENCE = 0.95;

    /**
     * Claims about a timing need at least this many kept samples; below it they are inconclusive.
     * With 100 samples the 95 % interval of the median already spans ranks 40 to 61, a fifth of the
     * data; fewer make any claim hostage to a handful of noisy runs.
     */
    public static final int MIN_SAMPLES = 100;

    private static final ThreadLocal<Deque<AssertionSettings>> CURRENT = ThreadLocal.withInitial(ArrayDeque::new);

    /** The defaults of {@link ChronoscopeConfig}. */
    public static AssertionSettings defaults() {
        return parse(key -> Optional.empty());
    }

    /**
     * Parses the keys from {@code parameters}, with their defaults when unset.
     *
     * @throws IllegalArgumentException naming the key, the value and what is allowed
     */
    public static AssertionSettings parse(Function<String, Optional<String>> parameters) {
        String strict = parameters.apply(ChronoscopeConfig.ASSERTIONS_STRICT_KEY).map(String::trim)
                .orElse(ChronoscopeConfig.ASSERTIONS_STRICT).toLowerCase(Locale.ROOT);
        if (!strict.equals("true") && !strict.equals("false")) {
            throw invalid(ChronoscopeConfig.ASSERTIONS_STRICT_KEY, strict, "true or false");
        }
        String seed = parameters.apply(ChronoscopeConfig.ASSERTIONS_SEED_KEY).map(String::trim)
                .orElse(ChronoscopeConfig.ASSERTIONS_SEED);
        long seedValue;
        try {
            seedValue = Long.parseLong(seed.replace("_", ""));
        } catch (NumberFormatException e) {
            throw invalid(ChronoscopeConfig.ASSERTIONS_SEED_KEY, seed, "a whole number (a 64-bit seed)");
        }
        return new AssertionSettings(strict.equals("true"), seedValue);
    }

    private static IllegalArgumentException invalid(String key, String value, String expected) {
        return new IllegalArgumentException("Configuration parameter " + key + " = '" + value
                + "' is invalid: expected " + expected);
    }

    /** The settings of the test running on this thread, else from the system properties, else the defaults. */
    public static AssertionSettings current() {
        AssertionSettings top = CURRENT.get().peek();
        return top != null ? top : parse(key -> Optional.ofNullable(System.getProperty(key)));
    }

    /** Makes {@code settings} current on this thread until the matching {@link #pop()}. */
    public static void push(AssertionSettings settings) {
        CURRENT.get().push(settings);
    }

    /** Restores the settings current before the last {@link #push}. */
    public static void pop() {
        Deque<AssertionSettings> stack = CURRENT.get();
        stack.poll();
        if (stack.isEmpty()) {
            CURRENT.remove();
        }
    }
}
