package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Fork;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The forking keys as read once for a run: where timed tests run when their {@code @Fork} does not
 * say, and how long a forked test's JVM may run.
 *
 * @param mode    {@link ChronoscopeConfig#FORK_KEY}
 * @param timeout {@link ChronoscopeConfig#FORK_TIMEOUT_KEY}
 * @param confirm {@link ChronoscopeConfig#FORK_CONFIRM_KEY}
 */
record ForkSettings(Fork.Mode mode, Duration timeout, boolean confirm) {

    /**
     * The slowdown a JVM's history is taken to cause at most: a claim a slowdown could pass, passed within it of its
     * bound after other timed tests, is decided again in a fresh JVM. Beyond the largest slowdowns a suite's JVM was
     * seen to add (x1.4 to x3.7: docs/evidence/jmh-agreement.md).
     */
    static final double HISTORY_SLOWDOWN = 4.0;

    static final Duration MAX_TIMEOUT = Duration.ofHours(1);

    /** Reads both keys; throws {@code ExtensionConfigurationException} naming the first invalid one. */
    static ForkSettings read(Function<String, Optional<String>> given) {
        Function<String, Optional<String>> parameters = Settings.resolvedOnly(given);
        String mode = Settings.oneOf(parameters, ChronoscopeConfig.FORK_KEY, ChronoscopeConfig.FORK, "none",
                "per-test");
        long timeout = Settings.duration(parameters, ChronoscopeConfig.FORK_TIMEOUT_KEY, ChronoscopeConfig.FORK_TIMEOUT,
                false, MAX_TIMEOUT);
        boolean confirm = Settings.oneOf(parameters, ChronoscopeConfig.FORK_CONFIRM_KEY,
                String.valueOf(ChronoscopeConfig.FORK_CONFIRM), "true", "false").equals("true");
        Fork.Mode where = mode.equals("per-test") ? Fork.Mode.PER_TEST : Fork.Mode.NONE;
        return new ForkSettings(where, Duration.ofNanos(timeout), confirm);
    }
}
