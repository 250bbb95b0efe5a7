package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.RequiresInvariantTsc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.commons.JUnitException;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.cause;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * An invalid configuration value fails each timed test with an {@link ExtensionConfigurationException}
 * naming the key, the value and what is allowed; untimed tests are unaffected.
 */
class ConfigurationErrorTests {

    @TempDir
    Path dir;

    static class ConfiguredTestCase {
        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void timed() {
        }

        @Test
        void untimed() {
        }
    }

    static class RequirementTestCase {
        @Test
        @RequiresInvariantTsc
        void needsTheTsc() {
        }
    }

    @Test
    void aCompareFileThatIsNotABaselineFailsTheTimedTestNamingKeyAndFile() throws Exception {
        java.nio.file.Path notABaseline = java.nio.file.Files.writeString(dir.resolve("baseline.json"), "{\"schema\": \"other/1\"}");
        KitRun run = ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.BASELINE_COMPARE_KEY, notABaseline.toString())
                .run(ConfiguredTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("timed"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.startsWith("Configuration parameter chronoscope.baseline.compare = '" + notABaseline
                                + "' names a file that is not a Chronoscope baseline: baseline " + notABaseline
                                + " has schema \"other/1\"; expected chronoscope-baseline/1")))));
    }

    @ParameterizedTest(name = "{0} = ''{1}''")
    @CsvSource(delimiter = '|', textBlock = """
            chronoscope.floor.samples         | -3        | a whole number from 1 to 1,000,000
            chronoscope.floor.samples         | many      | a whole number from 1 to 1,000,000
            chronoscope.floor.samples         | 2147483647 | a whole number from 1 to 1,000,000
            chronoscope.floor.samples         | 1000001   | a whole number from 1 to 1,000,000
            chronoscope.clock.default         | SUNDIAL   | auto or one of [TSC_FENCED, TSC, CLOCK_REALTIME,
            chronoscope.floor.budget          | 5 minutes | a positive duration of at most 10s, with a unit: ns, us, ms or s (e.g. 500ms)
            chronoscope.floor.budget          | 0ms       | a positive duration of at most 10s, with a unit
            chronoscope.floor.budget          | 11s       | a positive duration of at most 10s
            chronoscope.warmup.budget         | 61s       | a duration of at most 60s
            chronoscope.region.warmup.budget  | 20        | a duration of at most 60s, with a unit: ns, us, ms or s
            chronoscope.region.warmup.budget  | 9999999999999999999s | a duration of at most 60s
            chronoscope.assertions.strict     | BOGUS     | true or false
            chronoscope.requirements.unmet    | maybe     | one of skip, fail
            chronoscope.report.print          | yes       | one of true, false
            chronoscope.baseline.threshold    | 0.5%      | a percentage from 1% to 500% (e.g. 10%)
            chronoscope.baseline.threshold    | ten       | a percentage from 1% to 500%
            chronoscope.baseline.keep         | 101       | a whole number from 1 to 100
            chronoscope.baseline.failOnRegression | maybe | one of true, false
            chronoscope.host.tscStepTicks     | 0         | a whole number from 1 to 10,000
            chronoscope.host.tscStepTicks     | 10ns      | a whole number from 1 to 10,000
            """)
    void anInvalidValueFailsTheTimedTestNamingKeyValueAndWhatIsAllowed(String key, String value, String allowed) {
        KitRun run = ChronoscopeKit.in(dir).with(key, value).run(ConfiguredTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("timed"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.startsWith("Configuration parameter " + key + " = '" + value + "' is invalid: expected ")
                                && m.contains(allowed)))))
                .haveExactly(1, event(test("untimed"), finishedSuccessfully()));
        assertThat(run.records()).isEmpty();
    }

    @Test
    void aHostFactsSupplierThatSuppliesSomethingElseIsRefused() {
        KitRun run = ChronoscopeKit.in(dir)
                .with(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY, DescribedHosts.NotHostFacts.class.getName())
                .run(ConfiguredTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY + " = '" + DescribedHosts.NotHostFacts.class.getName() + "'")
                        && m.contains("expected a class implementing Supplier<DescribedHost>")))));
    }

    @Test
    void aHostFactsSupplierWhoseConstructorThrowsIsNamedWithTheCause() {
        KitRun run = ChronoscopeKit.in(dir)
                .with(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY, DescribedHosts.ThrowingConstructor.class.getName())
                .run(ConfiguredTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains(DescribedHosts.ThrowingConstructor.class.getName())
                        && m.contains("its constructor threw java.lang.IllegalStateException: no host today")))));
    }

    @Test
    void aHostFactsSupplierThatDoesNotExistIsRefused() {
        KitRun run = ChronoscopeKit.in(dir)
                .with(ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY, "com.example.NoSuchHost")
                .run(ConfiguredTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains("'com.example.NoSuchHost' is invalid: no class of that name is on the test class path")))));
    }

    @Test
    void forRequiresInvariantTscTheConditionReportsTheSameError() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.UNMET_REQUIREMENT_KEY, "maybe")
                .run(RequirementTestCase.class);

        // JUnit wraps what a condition throws; the cause is the configuration error itself
        run.tests().assertThatEvents().haveExactly(1, event(test("needsTheTsc"), finishedWithFailure(
                instanceOf(JUnitException.class),
                message(m -> m.contains("Configuration parameter chronoscope.requirements.unmet = 'maybe' is invalid")),
                cause(instanceOf(ExtensionConfigurationException.class)))));
    }
}
