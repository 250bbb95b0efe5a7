package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every captured host kind in the project's {@code hosts/} replayed through the engine
 * ({@code chronoscope.host.profile}): its facts decide the TSC rule and the clock, its CPUID and
 * TSC_AUX values the read path (with only what this CPU also advertises), its step the counter's
 * readings. So a developer on any host sees what each host kind does, and the RDTSCP-free path is
 * exercised on a host that has RDTSCP ({@code chronoscope.tsc.readPath = lfence}).
 */
class HostProfileReplayTests {

    @TempDir
    Path dir;

    static class ReplayTestCase {
        static final java.util.Map<String, Timing> TIMINGS = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.Map<Integer, Integer> hash = new java.util.HashMap<>();

        ReplayTestCase() {
            for (int i = 0; i < 1_000; i++) {
                hash.put(i * 7919, i);
            }
        }

        @org.junit.jupiter.api.Test
        @dev.chronoscope.RequiresInvariantTsc
        @dev.chronoscope.SubtractProbeFloor
        void lookups(dev.chronoscope.Probe probe) {
            int[] i = {0};
            TIMINGS.put("batched", probe.repeatBackToBack("HashMap.get batched", 2_000, () -> hash.get((i[0]++ % 1_000) * 7919)));
        }
    }

    @BeforeEach
    void clear() {
        ReplayTestCase.TIMINGS.clear();
    }

    static Stream<Path> profiles() throws IOException {
        try (Stream<Path> folders = Files.list(Path.of("..", "hosts"))) {
            return folders.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    private static void assumeFencedTsc() {
        assumeTrue(ClockReaders.isAvailable(ClockId.TSC_FENCED), () -> "the replay reads this host's counter, which cannot be read: "
                + ClockReaders.unavailableReason(ClockId.TSC_FENCED));
        assumeTrue(ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC, "the captured hosts are x86-64: this probe reads CNTVCT_EL0");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void eachCapturedHostKindTimesWithTheFencedTscInItsStepAndDecides(Path folder) {
        assumeFencedTsc();
        HostProfile profile = HostProfile.load(folder);
        HostFacts facts = profile.facts();
        assumeTrue(Boolean.TRUE.equals(facts.invariantTscVerdict().value()),
                () -> folder + ": its TSC is not usable, so its timed tests skip: " + facts.invariantTscVerdict().source());

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.HOST_PROFILE_KEY, folder.toString())
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(ReplayTestCase.class);

        assertThat(run.tests().failed().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).map(Throwable::getMessage).orElse("")))
                .as("failures").isEmpty();
        run.tests().assertStatistics(s -> s.succeeded(1).failed(0).aborted(0).skipped(0));
        JsonRecord record = run.record("ReplayTestCase.lookups()");
        assertThat(record.string("clock.id")).isEqualTo("TSC_FENCED");
        String method = record.string("clock.readMethod");
        boolean rdtscp = Boolean.TRUE.equals(facts.rdtscp().value()) && ProbeLibrary.rdtscpAdvertised()
                && profile.tscAux().entrySet().stream().allMatch(e -> e.getValue().equals(java.util.Set.of(e.getKey())));
        assertThat(method).startsWith(rdtscp ? "lfence;rdtscp;lfence .. rdtscp;lfence" : "lfence;rdtsc;lfence .. lfence;rdtsc;lfence");
        long step = profile.stepTicks().orElse(1);
        if (step > 1) {
            assertThat(method).contains("rounded down to " + step + "-tick steps (host profile " + profile.name() + ")");
            assertThat(record.number("resolution.quantum")).as(record.string("resolution.description")).isEqualTo(step);
        }
        Timing batched = ReplayTestCase.TIMINGS.get("batched");
        assertThat(batched.verdict()).as("batched in the host's step: %s", batched.verdictReason()).isNotEqualTo(Verdict.NOT_RESOLVED);
    }

    @Test
    void theLfencePathCanBeForcedOnAnyHostAndTheRecordSaysSo() {
        assumeFencedTsc();

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.TSC_READ_PATH_KEY, "lfence")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(ReplayTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1).failed(0));
        assertThat(run.record("ReplayTestCase.lookups()").string("clock.readMethod"))
                .startsWith("lfence;rdtsc;lfence .. lfence;rdtsc;lfence");
    }

    @Test
    void rdtscpAskedForWhereCpuidDoesNotAdvertiseItIsAConfigurationErrorNamingTheKey() {
        assumeFencedTsc();
        assumeTrue(!ProbeLibrary.rdtscpAdvertised(), "this CPU advertises RDTSCP: the refusal is shown by TscReadPathTests");

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.TSC_READ_PATH_KEY, "rdtscp")
                .run(ReplayTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("lookups"), finishedWithFailure(
                message(m -> m.contains("Configuration parameter chronoscope.tsc.readPath = rdtscp, but RDTSCP cannot be used here: RDTSCP not advertised")))));
    }

    @Test
    void aProfileFolderThatIsNotOneIsAConfigurationErrorNamingTheKeyAndTheFolder() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.HOST_PROFILE_KEY, dir.resolve("nowhere").toString())
                .run(ReplayTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("lookups"), finishedWithFailure(
                message(m -> m.contains("Configuration parameter chronoscope.host.profile = '") && m.contains("not a directory")))));
    }
}
