package dev.chronoscope.internal.stats;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.format.Text;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * How Chronoscope's assertions decide, as configured for a run: whether an undecidable claim fails
 * ({@code strict}) or aborts the test, and the seed of the comparisons' shuffling and bootstrap.
 * Also the fixed constants of those decisions. Read once per run from the JUnit configuration
 * parameters and handed to each measurement, whose timings carry it to the assertions (AssertJ
 * assertions get no JUnit context to read it from).
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
        String strictText = parameters.apply(ChronoscopeConfig.ASSERTIONS_STRICT_KEY).map(String::trim)
                .orElse(String.valueOf(ChronoscopeConfig.ASSERTIONS_STRICT));
        String strict = strictText.toLowerCase(Locale.ROOT);
        if (!strict.equals("true") && !strict.equals("false")) {
            throw invalid(ChronoscopeConfig.ASSERTIONS_STRICT_KEY, strictText, "true or false");
        }
        Optional<String> given = parameters.apply(ChronoscopeConfig.ASSERTIONS_SEED_KEY).map(String::trim);
        if (given.isEmpty()) {
            return new AssertionSettings(strict.equals("true"), ChronoscopeConfig.ASSERTIONS_SEED);
        }
        String seed = given.get();
        boolean negative = seed.startsWith("-");
        OptionalLong magnitude = wholeNumber(negative ? seed.substring(1) : seed);
        if (magnitude.isEmpty()) {
            throw invalid(ChronoscopeConfig.ASSERTIONS_SEED_KEY, seed, "a whole number (a 64-bit seed)");
        }
        long seedValue = negative ? -magnitude.getAsLong() : magnitude.getAsLong();
        return new AssertionSettings(strict.equals("true"), seedValue);
    }

    /**
     * The one rule for whole numbers in configuration values: ASCII digits, with single underscores
     * between digits as in Java ({@code 1_000_000}); no sign, no other script's digits
     * ({@code ١٠٠}, {@code ５}), no trailing underscore. Empty where {@code text} is not one or
     * overflows a {@code long}.
     */
    public static OptionalLong wholeNumber(String text) {
        if (!isWhole(text)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text.replace("_", "")));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** ASCII digits in groups joined by single underscores: {@code [0-9]+(_[0-9]+)*}. */
    private static boolean isWhole(String text) {
        return Arrays.stream(Text.split(text, '_', -1)).allMatch(Text::isDigits);
    }

    private static IllegalArgumentException invalid(String key, String value, String expected) {
        return new IllegalArgumentException("Configuration parameter " + key + " = '" + value
                + "' is invalid: expected " + expected);
    }
}
