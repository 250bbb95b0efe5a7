package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Chronoscope's configuration as read once for a run, validated: every key of
 * {@link ChronoscopeConfig}, with its default when unset.
 *
 * @param defaultClock empty for {@code auto}
 * @param baseline     the baseline keys
 * @param tscStepTicks the step TSC readings are rounded down to; 1: the counter as it is
 * @param run          the configured run id; empty: the parent process decides
 * @param tscReadPath  how TSC_FENCED is asked to read the counter
 * @param hostProfile  a captured host kind to replay; empty: the real host
 * @param crossJvmLock whether timed tests of different JVMs take turns ({@link MachineTimingLock})
 * @param coreSpeedCheck whether the core's speed is read around batched samplings and recorded beside their figures
 */
public record Settings(Optional<ClockId> defaultClock, int floorSamples, long floorBudgetNanos, long warmupBudgetNanos,
                       long regionWarmupBudgetNanos, boolean failOnUnmetRequirement, Path reportDir,
                       boolean printSections, boolean pin, Optional<String> hostFactsSupplier, int tscStepTicks,
                       boolean exclusive, boolean fullSections, BaselineSettings baseline, Optional<String> run,
                       TscReadPath.Preference tscReadPath, Optional<Path> hostProfile, boolean crossJvmLock,
                       boolean coreSpeedCheck) {

    /**
     * The baseline keys, read once.
     *
     * @param threshold a fraction: 0.10 for 10 %
     */
    public record BaselineSettings(Optional<Path> save, Optional<Path> compare, double threshold,
                                   boolean failOnRegression, int keep, boolean gateInvocations,
                                   boolean gateAllocation) {

        /** Settings whose allocation per call is gated (the default). */
        public BaselineSettings(Optional<Path> save, Optional<Path> compare, double threshold, boolean failOnRegression,
                                int keep, boolean gateInvocations) {
            this(save, compare, threshold, failOnRegression, keep, gateInvocations,
                    ChronoscopeConfig.BASELINE_GATE_ALLOCATION);
        }
    }

    static final int MAX_BASELINE_KEEP = 100;
    static final double MIN_THRESHOLD_PERCENT = 1;
    static final double MAX_THRESHOLD_PERCENT = 500;
    /** The units a duration may be given in, the two-letter ones first: {@code 5ms} ends in {@code s} too. */
    private static final List<String> DURATION_UNITS = List.of("ns", "us", "µs", "ms", "s");

    /**
     * Upper bounds of the numeric keys: past them a value costs more than any test is worth — a
     * floor of 2^31 samples needs 16 GB and killed the whole Surefire fork — so it is refused with
     * the bound named instead.
     */
    static final int MAX_FLOOR_SAMPLES = 1_000_000;
    static final Duration MAX_FLOOR_BUDGET = Duration.ofSeconds(10);
    static final Duration MAX_WARMUP_BUDGET = Duration.ofSeconds(60);

    /**
     * Jupiter's switch for parallel execution: not Chronoscope's key, but read for it (exclusivity, the records'
     * warnings).
     */
    static final String JUPITER_PARALLEL_KEY = "junit.jupiter.execution.parallel.enabled";

    /**
     * Whether Jupiter runs the tests in parallel: {@link #JUPITER_PARALLEL_KEY} is {@code true}, as Jupiter reads it.
     */
    static boolean parallelEnabled(Function<String, Optional<String>> parameters) {
        return parameters.apply(JUPITER_PARALLEL_KEY).map(v -> v.trim().equalsIgnoreCase("true")).orElse(false);
    }

    /** Reads every key; throws {@link ExtensionConfigurationException} naming the first invalid one. */
    public static Settings read(Function<String, Optional<String>> given) {
        Function<String, Optional<String>> parameters = resolvedOnly(given);
        return new Settings(
                clock(parameters),
                wholeNumber(parameters, ChronoscopeConfig.FLOOR_SAMPLES_KEY, ChronoscopeConfig.FLOOR_SAMPLES,
                MAX_FLOOR_SAMPLES), duration(parameters, ChronoscopeConfig.FLOOR_BUDGET_KEY,
                ChronoscopeConfig.FLOOR_BUDGET, false, MAX_FLOOR_BUDGET),
                duration(parameters, ChronoscopeConfig.WARMUP_BUDGET_KEY, ChronoscopeConfig.WARMUP_BUDGET, true,
                MAX_WARMUP_BUDGET), duration(parameters, ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY,
                ChronoscopeConfig.REGION_WARMUP_BUDGET, true,
                        MAX_WARMUP_BUDGET),
                oneOf(parameters, ChronoscopeConfig.UNMET_REQUIREMENT_KEY, ChronoscopeConfig.UNMET_REQUIREMENT, "skip",
                "fail").equals("fail"), directory(parameters, ChronoscopeConfig.REPORT_DIR_KEY,
                reportDirDefault(System::getenv)),
                bool(parameters, ChronoscopeConfig.PRINT_SECTIONS_KEY, ChronoscopeConfig.PRINT_SECTIONS),
                bool(parameters, ChronoscopeConfig.PIN_KEY, ChronoscopeConfig.PIN),
                parameters.apply(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY).map(String::trim).filter(s -> !s.isEmpty()),
                wholeNumber(parameters, ChronoscopeConfig.TSC_STEP_TICKS_KEY, ChronoscopeConfig.TSC_STEP_TICKS,
                        ChronoscopeConfig.MAX_TSC_STEP_TICKS),
                bool(parameters, ChronoscopeConfig.EXCLUSIVE_KEY, ChronoscopeConfig.EXCLUSIVE),
                oneOf(parameters, ChronoscopeConfig.REPORT_DETAIL_KEY, ChronoscopeConfig.REPORT_DETAIL, "compact",
                "full").equals("full"), baseline(parameters),
                parameters.apply(ChronoscopeConfig.REPORT_RUN_KEY).map(String::trim).filter(v -> !v.isEmpty()),
                readPath(parameters),
                hostProfile(parameters),
                bool(parameters, ChronoscopeConfig.TIMING_LOCK_KEY, ChronoscopeConfig.TIMING_LOCK),
                bool(parameters, ChronoscopeConfig.CORE_SPEED_CHECK_KEY, ChronoscopeConfig.CORE_SPEED_CHECK));
    }

    private static TscReadPath.Preference readPath(Function<String, Optional<String>> parameters) {
        String v = value(parameters, ChronoscopeConfig.TSC_READ_PATH_KEY, ChronoscopeConfig.TSC_READ_PATH);
        return TscReadPath.Preference.parse(v).orElseThrow(() -> invalid(ChronoscopeConfig.TSC_READ_PATH_KEY, v,
                "auto, rdtscp or lfence"));
    }

    /** A captured host's folder; blank is refused rather than read as the working directory. */
    private static Optional<Path> hostProfile(Function<String, Optional<String>> parameters) {
        Optional<String> v = parameters.apply(ChronoscopeConfig.HOST_PROFILE_KEY);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (v.get().isBlank()) {
            throw invalid(ChronoscopeConfig.HOST_PROFILE_KEY, v.get(),
                    "the folder of a captured host (e.g. hosts/amd-turin-bhyve-no-rdtscp)");
        }
        try {
            return Optional.of(Path.of(v.get().trim()));
        } catch (InvalidPathException e) {
            throw invalid(ChronoscopeConfig.HOST_PROFILE_KEY, v.get(), "a folder path (" + e.getMessage() + ")");
        }
    }

    private static BaselineSettings baseline(Function<String, Optional<String>> parameters) {
        return new BaselineSettings(
                optionalFile(parameters, ChronoscopeConfig.BASELINE_SAVE_KEY),
                optionalFile(parameters, ChronoscopeConfig.BASELINE_COMPARE_KEY),
                percent(parameters, ChronoscopeConfig.BASELINE_THRESHOLD_KEY,
                ChronoscopeConfig.BASELINE_THRESHOLD_PERCENT) / 100,
                bool(parameters, ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY,
                ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION),
                wholeNumber(parameters, ChronoscopeConfig.BASELINE_KEEP_KEY, ChronoscopeConfig.BASELINE_KEEP,
                MAX_BASELINE_KEEP), bool(parameters, ChronoscopeConfig.BASELINE_GATE_INVOCATIONS_KEY,
                ChronoscopeConfig.BASELINE_GATE_INVOCATIONS),
                bool(parameters, ChronoscopeConfig.BASELINE_GATE_ALLOCATION_KEY,
                ChronoscopeConfig.BASELINE_GATE_ALLOCATION));
    }

    /** A percentage such as {@code 10%} (the sign optional), within the bounds. */
    private static double percent(Function<String, Optional<String>> parameters, String key, double defaultValue) {
        return given(parameters, key).map(v -> percent(key, v)).orElse(defaultValue);
    }

    private static double percent(String key, String v) {
        // a number with an optional fraction, then optional spaces and an optional % sign
        String number = Text.stripTrailingSpace(v.endsWith("%") ? v.substring(0, v.length() - 1) : v);
        int dot = number.indexOf('.');
        if (dot < 0 ? Text.isDigits(number) : Text.isDigits(number.substring(0, dot))
                && Text.isDigits(number.substring(dot + 1))) {
            double p = Double.parseDouble(number);
            if (p >= MIN_THRESHOLD_PERCENT && p <= MAX_THRESHOLD_PERCENT) {
                return p;
            }
        }
        throw invalid(key, v, String.format(Locale.ROOT, "a percentage from %.0f%% to %.0f%% (e.g. 10%%)",
                MIN_THRESHOLD_PERCENT, MAX_THRESHOLD_PERCENT));
    }

    /** An optional file path: unset or blank is none. */
    private static Optional<Path> optionalFile(Function<String, Optional<String>> parameters, String key) {
        Optional<String> v = parameters.apply(key).map(String::trim).filter(s -> !s.isEmpty());
        if (v.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(v.get()));
        } catch (InvalidPathException e) {
            throw invalid(key, v.get().replace("\0", "\\0"), "a file path this file system accepts (" + e.getReason()
                    + ")");
        }
    }

    /**
     * The assertion keys ({@link ChronoscopeConfig#ASSERTIONS_STRICT_KEY}, {@link
     * ChronoscopeConfig#ASSERTIONS_SEED_KEY});
     * throws {@link ExtensionConfigurationException} naming an invalid one.
     */
    public static AssertionSettings assertions(Function<String, Optional<String>> parameters) {
        Function<String, Optional<String>> resolved = resolvedOnly(parameters);
        try {
            return AssertionSettings.parse(resolved);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    /**
     * The name in the first property reference a build tool left as written ({@code ${name}}) in {@code value}, if any.
     */
    static Optional<String> propertyReference(String value) {
        int open = value.indexOf("${");
        int close = open < 0 ? -1 : value.indexOf('}', open + 2);
        return close < 0 ? Optional.empty() : Optional.of(value.substring(open + 2, close));
    }

    /**
     * {@code parameters}, refusing a value that holds a property reference left as written: a POM's
     * {@code chronoscope.baseline.compare = ${chronoscope.baseline.compare}} run without
     * {@code -Dchronoscope.baseline.compare} passes on the literal {@code ${…}}, which would read as a
     * file of that name.
     */
    static Function<String, Optional<String>> resolvedOnly(Function<String, Optional<String>> parameters) {
        return key -> {
            Optional<String> v = parameters.apply(key);
            v.flatMap(Settings::propertyReference).ifPresent(name -> {
                throw new ExtensionConfigurationException("Configuration parameter " + key + " = '" + v.get()
                        + "' is invalid: " + "${" + name
                        + "} is a property reference the build left as written, because no property " + name
                        + " was set. Set it (e.g. -D" + name + "=…), or declare it with an empty default in the POM's "
                        + "<properties> (<" + name + "></" + name + ">) so that leaving it out means unset");
            });
            return v;
        };
    }

    /** The value set for {@code key}, trimmed; empty where it is unset. */
    private static Optional<String> given(Function<String, Optional<String>> parameters, String key) {
        return parameters.apply(key).map(String::trim);
    }

    private static String value(Function<String, Optional<String>> parameters, String key, String defaultValue) {
        return given(parameters, key).orElse(defaultValue);
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
            throw invalid(ChronoscopeConfig.DEFAULT_CLOCK_KEY, v, "auto or one of "
                    + Arrays.toString(ClockId.values()));
        }
    }

    private static int wholeNumber(Function<String, Optional<String>> parameters, String key, int defaultValue,
            int max) {
        return given(parameters, key).map(v -> wholeNumber(key, v, max)).orElse(defaultValue);
    }

    private static int wholeNumber(String key, String v, int max) {
        OptionalLong n = AssertionSettings.wholeNumber(v);
        if (n.isPresent() && n.getAsLong() >= 1 && n.getAsLong() <= max) {
            return (int) n.getAsLong();
        }
        throw invalid(key, v, String.format(Locale.ROOT, "a whole number from 1 to %,d", max));
    }

    /** Parses {@code 500ms}, {@code 2s}, {@code 250us}, {@code 100ns} into nanoseconds, at most {@code max}. */
    static long duration(Function<String, Optional<String>> parameters, String key, Duration defaultValue,
                         boolean zeroAllowed, Duration max) {
        return given(parameters, key).map(v -> duration(key, v, zeroAllowed, max)).orElse(defaultValue.toNanos());
    }

    private static long duration(String key, String v, boolean zeroAllowed, Duration max) {
        String lower = v.toLowerCase(Locale.ROOT);
        String unit = DURATION_UNITS.stream().filter(lower::endsWith).findFirst().orElse(null);
        OptionalLong whole = unit == null ? OptionalLong.empty()
                : AssertionSettings.wholeNumber(Text.stripTrailingSpace(lower.substring(0,
                lower.length() - unit.length())));
        if (whole.isPresent()) {
            try {
                long amount = whole.getAsLong();
                long nanos = switch (unit) {
                    case "ns" -> amount;
                    case "us", "µs" -> Math.multiplyExact(amount, 1_000L);
                    case "ms" -> Math.multiplyExact(amount, 1_000_000L);
                    default -> Math.multiplyExact(amount, 1_000_000_000L);
                };
                if ((nanos > 0 || zeroAllowed) && nanos <= max.toNanos()) {
                    return nanos;
                }
            } catch (ArithmeticException | NumberFormatException ignored) {
                // reported below
            }
        }
        throw invalid(key, v, (zeroAllowed ? "a duration" : "a positive duration")
                + " of at most " + max.toSeconds() + "s, with a unit: ns, us, ms or s (e.g. 500ms)");
    }

    /**
     * The report directory where {@link ChronoscopeConfig#REPORT_DIR_KEY} is unset: the environment variable
     * {@link ChronoscopeConfig#REPORT_DIR_ENV} where set and not blank (a build tool passes it to every test JVM it
     * starts),
     * else {@link ChronoscopeConfig#REPORT_DIR}.
     */
    static String reportDirDefault(Function<String, String> environment) {
        String v = environment.apply(ChronoscopeConfig.REPORT_DIR_ENV);
        return v == null || v.isBlank() ? ChronoscopeConfig.REPORT_DIR : v.trim();
    }

    /** A directory path: not blank, and one the file system can name. */
    private static Path directory(Function<String, Optional<String>> parameters, String key, String defaultValue) {
        String v = value(parameters, key, defaultValue);
        if (v.isEmpty()) {
            throw invalid(key, v, "a directory (empty would write into the working directory)");
        }
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            throw invalid(key, v.replace("\0", "\\0"), "a directory path this file system accepts (" + e.getReason()
                    + ")");
        }
    }

    private static boolean bool(Function<String, Optional<String>> parameters, String key, boolean defaultValue) {
        return oneOf(parameters, key, String.valueOf(defaultValue), "true", "false").equals("true");
    }

    static String oneOf(Function<String, Optional<String>> parameters, String key, String defaultValue,
            String... allowed) {
        String v = value(parameters, key, defaultValue);
        for (String a : allowed) {
            if (a.equalsIgnoreCase(v)) {
                return a;
            }
        }
        throw invalid(key, v, "one of " + String.join(", ", allowed));
    }
}
