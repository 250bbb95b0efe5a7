package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chronoscope's configuration as read once for a run, validated: every key of
 * {@link ChronoscopeConfig}, with its default when unset.
 *
 * @param defaultClock empty for {@code auto}
 */
public record Settings(Optional<ClockId> defaultClock, int floorSamples, long floorBudgetNanos, long warmupBudgetNanos,
                       long regionWarmupBudgetNanos, boolean failOnUnmetRequirement, Path reportDir,
                       boolean printSections, boolean pin, Optional<String> hostFactsSupplier) {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ns|us|µs|ms|s)");

    /** Reads every key; throws {@link ExtensionConfigurationException} naming the first invalid one. */
    public static Settings read(Function<String, Optional<String>> parameters) {
        return new Settings(
                clock(parameters),
                positiveInt(parameters, ChronoscopeConfig.FLOOR_SAMPLES_KEY, String.valueOf(ChronoscopeConfig.FLOOR_SAMPLES)),
                duration(parameters, ChronoscopeConfig.FLOOR_BUDGET_KEY, ChronoscopeConfig.FLOOR_BUDGET, false),
                duration(parameters, ChronoscopeConfig.WARMUP_BUDGET_KEY, ChronoscopeConfig.WARMUP_BUDGET, true),
                duration(parameters, ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET, true),
                oneOf(parameters, ChronoscopeConfig.UNMET_REQUIREMENT_KEY, ChronoscopeConfig.UNMET_REQUIREMENT, "skip", "fail").equals("fail"),
                Path.of(value(parameters, ChronoscopeConfig.REPORT_DIR_KEY, ChronoscopeConfig.REPORT_DIR)),
                bool(parameters, ChronoscopeConfig.PRINT_SECTIONS_KEY, ChronoscopeConfig.PRINT_SECTIONS),
                bool(parameters, ChronoscopeConfig.PIN_KEY, ChronoscopeConfig.PIN),
                parameters.apply(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY).map(String::trim).filter(s -> !s.isEmpty()));
    }

    /**
     * The assertion keys ({@link ChronoscopeConfig#ASSERTIONS_STRICT_KEY}, {@link ChronoscopeConfig#ASSERTIONS_SEED_KEY});
     * throws {@link ExtensionConfigurationException} naming an invalid one.
     */
    public static AssertionSettings assertions(Function<String, Optional<String>> parameters) {
        try {
            return AssertionSettings.parse(parameters);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    private static String value(Function<String, Optional<String>> parameters, String key, String defaultValue) {
        return parameters.apply(key).map(String::trim).orElse(defaultValue);
    }

    private static ExtensionConfigurationException invalid(String key, String value, String expected) {
        return new ExtensionConfigurationException(
                "Configuration parameter " + key + " = '" + value + "' is invalid: expected " + expected);
    }

    private static Optional<ClockId> clock(Function<String, Optional<String>> parameters) {
        String v = value(parameters, ChronoscopeConfig.DEFAULT_CLOCK_KEY, ChronoscopeConfig.DEFAULT_CLOCK);
        if (v.equalsIgnoreCase("auto")) {
            return Optional.empty();
        }
        try {
            return Optional.of(ClockId.valueOf(v.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw invalid(ChronoscopeConfig.DEFAULT_CLOCK_KEY, v, "auto or one of " + Arrays.toString(ClockId.values()));
        }
    }

    private static int positiveInt(Function<String, Optional<String>> parameters, String key, String defaultValue) {
        String v = value(parameters, key, defaultValue);
        try {
            int n = Integer.parseInt(v.replace("_", ""));
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw invalid(key, v, "a positive whole number");
    }

    /** Parses {@code 500ms}, {@code 2s}, {@code 250us}, {@code 100ns} into nanoseconds. */
    static long duration(Function<String, Optional<String>> parameters, String key, String defaultValue, boolean zeroAllowed) {
        String v = value(parameters, key, defaultValue);
        Matcher m = DURATION.matcher(v.toLowerCase(Locale.ROOT));
        if (m.matches()) {
            try {
                long amount = Long.parseLong(m.group(1));
                long nanos = switch (m.group(2)) {
                    case "ns" -> amount;
                    case "us", "µs" -> Math.multiplyExact(amount, 1_000L);
                    case "ms" -> Math.multiplyExact(amount, 1_000_000L);
                    default -> Math.multiplyExact(amount, 1_000_000_000L);
                };
                if (nanos > 0 || zeroAllowed) {
                    return nanos;
                }
            } catch (ArithmeticException | NumberFormatException ignored) {
                // reported below
            }
        }
        throw invalid(key, v, (zeroAllowed ? "a duration" : "a positive duration")
                + " with a unit: ns, us, ms or s (e.g. 500ms)");
    }

    private static boolean bool(Function<String, Optional<String>> parameters, String key, String defaultValue) {
        return oneOf(parameters, key, defaultValue, "true", "false").equals("true");
    }

    private static String oneOf(Function<String, Optional<String>> parameters, String key, String defaultValue, String... allowed) {
        String v = value(parameters, key, defaultValue);
        for (String a : allowed) {
            if (a.equalsIgnoreCase(v)) {
                return a;
            }
        }
        throw invalid(key, v, "one of " + String.join(", ", allowed));
    }
}
