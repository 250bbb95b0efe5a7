package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.gate.AllocationRule;
import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineRule;
import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.HostFingerprint;
import dev.chronoscope.internal.gate.ObservedTiming;
import dev.chronoscope.internal.report.TestRecord;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A run's baseline: the one it compares with ({@link ChronoscopeConfig#BASELINE_COMPARE_KEY}),
 * read once when the run starts, and the host fingerprint that gates comparing and saving.
 */
final class RunBaseline {

    private final Settings.BaselineSettings settings;
    /** Empty when no comparison is configured, or when the file does not exist yet. */
    private final Optional<Baseline> compared;
    private final Supplier<HostFingerprint> fingerprint;
    /** Beside the fingerprint, not in it: runs under another quota are compared, and say so. */
    private final ContainerFacts container;
    /**
     * A repeated test's timings in this run so far, by template and label: each repetition is judged as the mean of its
     * run's repetitions so far, against the baseline runs' means of the same ones. Guarded by itself.
     */
    private final Map<String, List<Repeated>> repetitions = new HashMap<>();

    /** One repetition's resolved median of a timing, and its key. */
    private record Repeated(String key, double medianNs) {
    }

    private RunBaseline(Settings.BaselineSettings settings, Optional<Baseline> compared,
                        Supplier<HostFingerprint> fingerprint, ContainerFacts container) {
        this.settings = settings;
        this.compared = compared;
        this.fingerprint = fingerprint;
        this.container = container;
    }

    /**
     * Reads the baseline to compare with, if one is configured and exists.
     *
     * @throws ExtensionConfigurationException naming the key and the file, if it exists and is not a baseline
     */
    static RunBaseline load(Settings.BaselineSettings settings, HostFacts host, JvmState jvm) {
        Supplier<HostFingerprint> fingerprint = memoize(() -> fingerprint(host, jvm));
        Optional<Baseline> compared = Optional.empty();
        if (settings.compare().isPresent() && Files.exists(settings.compare().get())) {
            Path file = settings.compare().get();
            try {
                compared = Optional.of(Baseline.read(file));
            } catch (IOException e) {
                throw new ExtensionConfigurationException("Configuration parameter "
                        + ChronoscopeConfig.BASELINE_COMPARE_KEY + " = '" + file
                        + "' names a file that is not a Chronoscope baseline: " + e.getMessage(), e);
            }
        }
        return new RunBaseline(settings, compared, fingerprint, ContainerFacts.of(host));
    }

    Settings.BaselineSettings settings() {
        return settings;
    }

    Optional<Baseline> compared() {
        return compared;
    }

    HostFingerprint fingerprint() {
        return fingerprint.get();
    }

    ContainerFacts container() {
        return container;
    }

    /**
     * Each timing's verdict against the baseline, in order; empty when no comparison is configured.
     * The first timing is the test's invocation, judged with the noise of invocations; {@code coreSpeed}
     * is the test's, read before and after it; {@code repeatedTemplate} the unique id of its {@code @RepeatedTest}
     * method, where it is one of its repetitions.
     */
    List<BaselineVerdict> judge(String uniqueId, List<Timing> timings, CoreSpeed coreSpeed,
            Optional<String> repeatedTemplate) {
        if (settings.compare().isEmpty()) {
            return List.of();
        }
        List<BaselineVerdict> out = new ArrayList<>();
        // the test's probe floor, which the invocation timing carries: a throughput timing's host-state control
        double testFloor = timings.isEmpty() ? Double.NaN : timings.getFirst().floor().nanos().p50();
        for (int i = 0; i < timings.size(); i++) {
            Timing t = timings.get(i);
            if (compared.isEmpty()) {
                out.add(BaselineVerdict.inconclusive("the baseline " + settings.compare().get()
                        + " does not exist (yet): nothing to compare with"));
                continue;
            }
            if (t.verdict() == Verdict.REFUSED) {
                // a figure a self-check refused is no duration of the region's to judge, either way
                out.add(BaselineVerdict.inconclusive("this run's figure was refused by a self-check ("
                        + t.verdictReason() + "): the gate does not judge it"));
                continue;
            }
            BaselineRule.Kind kind = i == 0 ? BaselineRule.Kind.INVOCATION
                    : t.mode() == TimingMode.THROUGHPUT ? BaselineRule.Kind.THROUGHPUT : BaselineRule.Kind.LATENCY;
            double median = t.kept() == 0 ? Double.NaN : t.floorSubtracted() ? t.netNanos().p50() : t.rawNanos().p50();
            double within = t.kept() < 2 ? Double.NaN
                    : BaselineRule.RunMedian.withinRunSe(t.percentileValue(25) * t.nanosPerUnit(),
                    t.percentileValue(75) * t.nanosPerUnit(), t.kept(), median);
            String key = uniqueId + " :: " + t.label();
            List<Repeated> group = repeatedTemplate.isPresent() && t.verdict() == Verdict.RESOLVED && median > 0
                    ? repeatedSoFar(repeatedTemplate.get() + " :: " + t.label(), new Repeated(key, median)) : List.of();
            ObservedTiming observed = ObservedTiming.of(key, kind, t.clock().name(), t.floorSubtracted() ? "net"
                            : "raw", group.size() > 1 ? geometricMean(group) : median, t.floor().nanos().p50(),
                            t.verdict() == Verdict.RESOLVED)
                    .withWithinRunSe(group.size() > 1 ? Double.NaN : within)
                    .withTestFloorNs(testFloor)
                    .withCoreSpeed(coreSpeed)
                    .withAllocation(t.allocation().map(a -> a.bytesPerCall()).orElse(null), t.allocation()
                            .filter(a -> Double.isFinite(a.firstCallsBytesPerCall()))
                            .map(a -> new AllocationRule.FirstCalls(a.firstCallsBytesPerCall(), a.firstCallsCompiled()))
                            .orElse(null)).withRepetitionKeys(group.size() > 1 ? group.stream().map(Repeated::key)
                            .toList() : List.of())
                    .withStepNs(t.clockStep() * t.nanosPerUnit());
            BaselineVerdict v = compared.get().compare(observed, fingerprint(), container, settings.threshold());
            if (v.allocation() != null && !settings.gateAllocation()) {
                v = v.withAllocation(v.allocation().notGated(ALLOCATION_NOT_GATED));
            }
            out.add(kind == BaselineRule.Kind.INVOCATION && !settings.gateInvocations() ? v.notGated(NOT_GATED) : v);
        }
        return out;
    }

    /** The repetitions of the timing {@code group} in this run so far, {@code latest} added last. */
    private List<Repeated> repeatedSoFar(String group, Repeated latest) {
        synchronized (repetitions) {
            List<Repeated> so = repetitions.computeIfAbsent(group, g -> new ArrayList<>());
            so.add(latest);
            return List.copyOf(so);
        }
    }

    private static double geometricMean(List<Repeated> group) {
        return Math.exp(group.stream().mapToDouble(r -> Math.log(r.medianNs())).average().orElseThrow());
    }

    /** Why an invocation's verdict does not fail its test. */
    static final String NOT_GATED = "not gated: a test's invocation is one sample that includes its one-off work "
            + "(first use, " + "warm-up), 23-42 % apart between unchanged runs; "
            + ChronoscopeConfig.BASELINE_GATE_INVOCATIONS_KEY + " = true gates it";

    /** Why an allocation's verdict does not fail its test. */
    static final String ALLOCATION_NOT_GATED = "not gated: " + ChronoscopeConfig.BASELINE_GATE_ALLOCATION_KEY
            + " = false";

    /**
     * With {@link ChronoscopeConfig#BASELINE_FAIL_ON_REGRESSION_KEY} on, the failure, with the numbers,
     * of the test whose record holds a regressed timing (its time or its allocation) that is gated; else empty.
     */
    Optional<String> gateFailure(TestRecord record) {
        if (!settings.failOnRegression()) {
            return Optional.empty();
        }
        List<String> regressed = new ArrayList<>();
        for (int i = 0; i < record.baseline().size(); i++) {
            BaselineVerdict v = record.baseline().get(i);
            if (v.regressed() && v.gated()) {
                regressed.add("timing '" + record.timings().get(i).label() + "': " + v.describe());
            }
            if (v.allocation() != null && v.allocation().regressed() && v.allocation().gated()) {
                regressed.add("timing '" + record.timings().get(i).label() + "': " + v.allocation().describe());
            }
        }
        if (regressed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(record.testName() + " regressed against the baseline " + settings.compare().orElseThrow()
                + " (" + ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY + " = true): "
                + String.join("; ", regressed));
    }

    static HostFingerprint fingerprint(HostFacts host, JvmState jvm) {
        Fact<Boolean> hypervisor = host.hypervisor();
        return HostFingerprint.builder()
                .fact("cpuModel", host.cpuModel().orElse(null))
                .tscHz(jvm.calibration().isKnown() ? jvm.calibration().get().hz() : Double.NaN)
                .fact("clocksource", host.clocksource().orElse(null))
                .fact("hypervisor", !hypervisor.isKnown() ? null : hypervisor.get() ? host.hypervisorVendor()
                .orElse("yes") : "none").fact("onlineCpus", host.onlineCpus().isKnown() ? host.onlineCpus().get()
                .toString() : null)
                .thisJvm()
                .build();
    }

    private static <T> Supplier<T> memoize(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }
}
