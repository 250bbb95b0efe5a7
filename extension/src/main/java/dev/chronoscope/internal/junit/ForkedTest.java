package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.Fork;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.junit.fork.ForkRequest;
import dev.chronoscope.internal.junit.fork.InheritedCalibration;
import dev.chronoscope.internal.junit.fork.InheritedCoreSpeed;
import dev.chronoscope.internal.launch.LaunchOutcome;
import dev.chronoscope.internal.junit.fork.ForkedJvm;
import dev.chronoscope.internal.junit.fork.ForkedTestException;
import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A timed test run in a fresh JVM of its own ({@link Fork}): the child times, records, prints and
 * judges it as any timed test; this JVM relays the child's output, takes its record into this run's
 * records (marked with what the fork cost), and ends the test as the child's test ended.
 */
final class ForkedTest {

    /** Jupiter's keys a fork passes on besides Chronoscope's: they change how the one test runs. */
    static final List<String> JUPITER_KEYS = List.of("junit.jupiter.execution.timeout.default",
            "junit.jupiter.execution.timeout.testable.method.default",
            "junit.jupiter.execution.timeout.test.method.default", "junit.jupiter.execution.timeout.mode",
            "junit.jupiter.testinstance.lifecycle.default",
            "junit.jupiter.tempdir.cleanup.mode.default", "junit.jupiter.extensions.autodetection.enabled");

    private ForkedTest() {
    }

    /**
     * Where the test {@code context} names is timed: in a fork (empty), or in this JVM — for a reason
     * its record states where a fork was asked for but cannot be had, or with no reason where none was asked.
     */
    static Optional<Optional<String>> inThisJvm(ExtensionContext context, ForkSettings settings) {
        if (ForkRequest.inChild()) {
            return Optional.of(Optional.empty());
        }
        Annotations annotations = new Annotations(context.getRequiredTestClass(), context.getRequiredTestMethod());
        Fork.Mode mode = annotations.find(Fork.class).map(Fork::value).orElse(settings.mode());
        if (mode == Fork.Mode.NONE) {
            return Optional.of(Optional.empty());
        }
        String asked = annotations.find(Fork.class).isPresent() ? "@Fork on " + annotations.whereDeclared(Fork.class)
                : ChronoscopeConfig.FORK_KEY + " = per-test";
        if (context.getUniqueId().contains("[dynamic-test:") || context.getUniqueId().contains("[dynamic-container:")) {
            return Optional.of(Optional.of(asked + ", but a dynamic test cannot be selected alone in a fresh JVM: "
                    + "timed in the suite's JVM"));
        }
        return ForkRequest.cannotFork().map(why -> Optional.of(asked + ", but " + why + ": timed in the suite's JVM"));
    }

    /**
     * Runs the test in a fresh JVM, relays what it printed, publishes its record through {@code runtime},
     * and ends as the child's test ended.
     *
     * @throws Throwable the child's failure or abort as the child threw it, or a {@link ForkedTestException}
     *                   where the child did not say how its test ended
     */
    static void run(ExtensionContext context, ChronoscopeRuntime runtime) throws Throwable {
        String testName = TestNames.testName(context);
        fork(context, runtime, Map.of(), ended -> end(context, testName, ended));
    }

    /** Whether a regression the gate read for {@code context}'s test in this JVM can be confirmed in a fresh one. */
    static boolean canConfirm(ExtensionContext context) {
        return !ForkRequest.inChild() && ForkRequest.cannotFork().isEmpty()
                && !context.getUniqueId().contains("[dynamic-");
    }

    /**
     * Times the test again in a fresh JVM because the gate or a timing claim failed it here
     * ({@code failure}): the test fails only where it fails there too, or where the fresh JVM could not
     * tell; where it passes there, this JVM's figures depended on what it ran before, and the test
     * stands. Either way the fresh JVM's record is the run's, holding this JVM's failure.
     */
    static void confirm(ExtensionContext context, ChronoscopeRuntime runtime, String failure) throws Throwable {
        String testName = TestNames.testName(context);
        Map<String, Object> confirming = Map.of("confirming", Map.of("suiteJvmFailure", failure));
        fork(context, runtime, confirming, ended -> {
            Optional<LaunchOutcome.Status> status = ended.result().map(LaunchOutcome::status);
            if (status.equals(Optional.of(LaunchOutcome.Status.SUCCESSFUL))) {
                PrintStream out = System.out != null ? System.out : System.err;
                out.println("[chronoscope] not failed: what failed the test in the suite's JVM was not confirmed in a "
                        + "fresh JVM (pid " + ended.pid() + "), where it passed; the suite's figures depended on what "
                        + "that JVM ran before."
                        + " The fresh JVM's record is the run's.");
                out.flush();
                return;
            }
            String child;
            try {
                end(context, testName, ended);
                child = "it ended without a verdict";
            } catch (Throwable e) {
                child = e.getMessage();
            }
            if (status.equals(Optional.of(LaunchOutcome.Status.FAILED))) {
                throw new AssertionFailedError(failure + "\nConfirmed in a fresh JVM (pid " + ended.pid() + "): "
                        + child);
            }
            String was = status.map(s -> s.name().toLowerCase(Locale.ROOT)).orElse("not run");
            throw new AssertionFailedError(failure + "\nA fresh JVM (pid " + ended.pid()
                    + ") could not confirm it, so the suite's figures decide: its test was " + was + ": " + child);
        });
    }

    /**
     * Times the test again in a fresh JVM because a claim passed here that figures slowed by this JVM's history could
     * have passed ({@code pass}): the fresh JVM's test decides — passed, failed or aborted as it ended there, and
     * failed where it ended without a verdict. Its record is the run's, holding this JVM's pass.
     */
    static void confirmPass(ExtensionContext context, ChronoscopeRuntime runtime, String pass) throws Throwable {
        String testName = TestNames.testName(context);
        fork(context, runtime, Map.of("confirming", Map.of("suiteJvmPass", pass)), ended -> {
            try {
                end(context, testName, ended);
            } catch (AssertionError e) {
                throw new AssertionFailedError(pass + ".\nNot confirmed in a fresh JVM (pid " + ended.pid()
                        + "), where the test failed: " + e.getMessage(), e);
            }
            PrintStream out = System.out != null ? System.out : System.err;
            out.println("[chronoscope] confirmed: " + pass + "; a fresh JVM (pid " + ended.pid()
                    + ") passed it too. The fresh JVM's record is the run's.");
            out.flush();
        });
    }

    /** What to do once the child has ended and its records are the run's. */
    @FunctionalInterface
    private interface Ending {
        void accept(ForkedJvm.Ended ended) throws Throwable;
    }

    private static void fork(ExtensionContext context, ChronoscopeRuntime runtime, Map<String, Object> why,
                             Ending ending) throws Throwable {
        String testName = TestNames.testName(context);
        Path directory = Files.createTempDirectory("chronoscope-fork-");
        boolean keep = false;
        try {
            ForkRequest plain = ForkRequest.ofThisJvm(context.getUniqueId(),
                    configuration(context, directory.resolve("records")));
            ForkRequest request = prepared(context, runtime, withCoreSpeed(runtime, withCalibration(plain)));
            PrintStream out = System.out != null ? System.out : System.err;
            ForkedJvm.Ended ended = ForkedJvm.run(request, directory, runtime.forkSettings().timeout(), out,
                    System.err);
            Map<String, Object> cost = cost(ended, request);
            cost.putAll(why);
            for (String record : ended.records()) {
                runtime.publishForked(context, testName, marked(record, runtime.run(), cost));
                InheritedCoreSpeed.countReadings(runtime.jvm().coreSpeed(), record);
            }
            out.println(forkLine(ended));
            out.flush();
            ending.accept(ended);
        } catch (ForkedTestException e) {
            keep = true; // its argument and request files start the child again by hand
            throw e;
        } finally {
            if (!keep) {
                deleteQuietly(directory);
            }
        }
    }

    /**
     * {@code request} with this JVM's TSC calibration handed on, taken once for all forks where it was not yet: the
     * host's counter rate does not change between JVMs. Where the TSC cannot be calibrated, the child tries.
     */
    private static ForkRequest withCalibration(ForkRequest request) {
        Fact<TscCalibration> calibration = JvmScope.CURRENT.state().calibration();
        return calibration.isKnown() ? request.withSystemProperty(InheritedCalibration.PROPERTY,
                InheritedCalibration.text(calibration.get(), ProcessHandle.current().pid())) : request;
    }

    /**
     * {@code request} with this JVM's core-speed reference state handed on, read here where it was not yet: the child
     * holds its figures against the speed the run saw, not only the state its few seconds fell in.
     */
    private static ForkRequest withCoreSpeed(ChronoscopeRuntime runtime, ForkRequest request) {
        return InheritedCoreSpeed.text(runtime.jvm().coreSpeed(), ProcessHandle.current().pid())
                .map(text -> request.withSystemProperty(InheritedCoreSpeed.PROPERTY, text)).orElse(request);
    }

    /**
     * {@code request} with the child told to prepare the test's clock before its launcher starts
     * ({@link ForkPreparation}), where this run prepares this JVM's clocks at all; the test's clock as the plan's
     * preparation chooses it, with this run's warm-up budget.
     */
    private static ForkRequest prepared(ExtensionContext context, ChronoscopeRuntime runtime, ForkRequest request) {
        Settings settings = runtime.settings();
        if (!PlanPreparation.preparesThisJvm(settings)) {
            return request;
        }
        ClockId clock;
        try {
            clock = PlanPreparation.clock(new Annotations(context.getRequiredTestClass(),
                    context.getRequiredTestMethod()), settings, JvmScope.CURRENT.state()::host);
        } catch (RuntimeException e) {
            return request; // the child's test reports its clock's trouble with its element named
        }
        return request.withSystemProperty(ForkPreparation.PROPERTY,
                ForkPreparation.text(List.of(clock), settings.warmupBudgetNanos()))
                .preparedBy(ForkPreparation.class.getName());
    }

    /** The child's configuration: this run's Chronoscope and Jupiter keys, its own records' directory, no baseline. */
    private static Map<String, String> configuration(ExtensionContext context, Path records) {
        Map<String, String> configuration = new LinkedHashMap<>();
        for (String key : Stream.concat(ConfigKeys.known().stream(), JUPITER_KEYS.stream()).toList()) {
            context.getConfigurationParameter(key).ifPresent(v -> configuration.put(key, v));
        }
        // this run's end saves the baseline from every record, the fork's among them
        configuration.remove(ChronoscopeConfig.BASELINE_SAVE_KEY);
        configuration.put(ChronoscopeConfig.REPORT_DIR_KEY, records.toString());
        return configuration;
    }

    /** What the fork cost, phase by phase, as the record's {@code fork} member holds it. */
    private static Map<String, Object> cost(ForkedJvm.Ended ended, ForkRequest request) {
        Map<String, Object> cost = new LinkedHashMap<>();
        cost.put("pid", ended.pid());
        cost.put("wallMillis", ended.exited() - ended.started());
        ended.result().ifPresent(r -> {
            cost.put("jvmStartMillis", r.mainEntered() - ended.started());
            r.prepared().ifPresent(p -> cost.put("prepareMillis", p - r.mainEntered()));
            r.testStarted().ifPresent(s -> {
                cost.put("setupMillis", s - r.mainEntered());
                r.testEnded().ifPresent(e -> {
                    cost.put("testMillis", e - s);
                    cost.put("exitMillis", ended.exited() - e);
                });
            });
        });
        InheritedCoreSpeed.nanosPerStep(request.system().get(InheritedCoreSpeed.PROPERTY))
                .ifPresent(ns -> cost.put("coreSpeedReferenceNsPerStep", ns));
        cost.put("jvmOptions", request.jvmOptions());
        if (!request.dropped().isEmpty()) {
            cost.put("jvmOptionsNotPassed", request.dropped());
        }
        return cost;
    }

    /** The child's record as this run's: its run key this JVM's, and the fork's cost added. */
    static String marked(String record, String run, Map<String, Object> cost) {
        Map<String, Object> fields = JsonParser.parseObject(record);
        Object childRun = fields.get("run");
        String json = record;
        if (childRun instanceof String r) {
            String was = "\"run\":" + Json.write(r);
            int at = json.indexOf(was);
            if (at >= 0) {
                json = json.substring(0, at) + "\"run\":" + Json.write(run) + json.substring(at + was.length());
            }
        }
        json = json.substring(0, json.lastIndexOf('}')) + ",\"fork\":" + Json.write(cost) + "}";
        if (!run.equals(JsonParser.parseObject(json).get("run"))) {
            throw new IllegalStateException("the fork's record could not be taken into run " + run + ": "
                    + JsonParser.excerpt(record));
        }
        return json;
    }

    /** The line printed under the child's section: where the test ran and what that cost. */
    static String forkLine(ForkedJvm.Ended ended) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "[chronoscope] forked: a fresh JVM (pid %d) ran this test, %.2f s from its start to its exit",
                ended.pid(), (ended.exited() - ended.started()) / 1e3));
        ended.result().ifPresent(r -> r.testStarted().ifPresent(s -> r.testEnded().ifPresent(e -> line.append(
                String.format(Locale.ROOT,
                        " (JVM start %.2f s, discovery and setup %.2f s, the test %.2f s, exit %.2f s)",
                        (r.mainEntered() - ended.started()) / 1e3, (s - r.mainEntered()) / 1e3, (e - s) / 1e3,
                        (ended.exited() - e) / 1e3)))));
        return line.toString();
    }

    /** Ends the test as the child's ended; where the child did not say, fails it naming the command. */
    private static void end(ExtensionContext context, String testName, ForkedJvm.Ended ended) throws Throwable {
        String where = " (command: " + ended.commandLine()
                + "; that file and the fork's request are kept to start it again by hand)";
        if (ended.notStarted().isPresent()) {
            throw new ForkedTestException("The fresh JVM for " + testName + " could not be started: "
                    + ended.notStarted().get() + where);
        }
        if (ended.timedOut()) {
            String timeout = context.getConfigurationParameter(ChronoscopeConfig.FORK_TIMEOUT_KEY)
                    .orElse(ChronoscopeConfig.FORK_TIMEOUT.toSeconds() + "s");
            throw new ForkedTestException(String.format(Locale.ROOT,
                    "The fresh JVM for %s (pid %d) ran longer than %s = %s and was ended with its child processes%s%s",
                    testName, ended.pid(), ChronoscopeConfig.FORK_TIMEOUT_KEY, timeout, where, stderr(ended)));
        }
        if (ended.result().isEmpty()) {
            throw new ForkedTestException("The fresh JVM for " + testName + " (pid " + ended.pid()
                    + ") ended with exit code " + ended.exitCode().map(String::valueOf).orElse("unknown")
                    + " without saying how the test ended"
                    + (ended.records().isEmpty() ? ", and wrote no record" : "") + where + stderr(ended));
        }
        LaunchOutcome result = ended.result().get();
        ClassLoader loader = context.getRequiredTestClass().getClassLoader();
        switch (result.status()) {
            case SUCCESSFUL -> {
            }
            case FAILED, CONTAINER_FAILED -> throw result.throwable(loader).orElseGet(() -> new AssertionFailedError(
                    "failed in its fresh JVM (pid " + ended.pid() + "):\n" + result.thrownText()));
            case ABORTED -> throw result.throwable(loader).orElseGet(() -> new TestAbortedException(
                    "aborted in its fresh JVM (pid " + ended.pid() + "):\n" + result.thrownText()));
            case SKIPPED -> throw new TestAbortedException("skipped in its fresh JVM (pid " + ended.pid() + "): "
                    + result.reason());
            case NOT_FOUND -> throw new ForkedTestException("The fresh JVM for " + testName + " (pid " + ended.pid()
                    + ") ran no test with unique id " + context.getUniqueId() + ": " + result.reason() + where
                    + stderr(ended));
        }
    }

    private static String stderr(ForkedJvm.Ended ended) {
        return ended.stderr().isBlank() ? "; it wrote nothing to its standard error"
                : "; the end of its standard error:\n" + ended.stderr();
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("[chronoscope] the fork's directory " + directory + " could not be removed: " + e);
        }
    }
}
