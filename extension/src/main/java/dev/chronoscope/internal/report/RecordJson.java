package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.stats.AssertionSettings;
import dev.chronoscope.internal.stats.Estimate;

import java.util.ArrayList;
import java.util.List;

/** The JSON Lines record of one timed test (schema {@value #SCHEMA}, documented in docs/reference/record-schema.md). */
public final class RecordJson {

    public static final String SCHEMA = "chronoscope-test/2";

    private RecordJson() {
    }

    public static Json.Obj of(TestRecord r) {
        Json.Obj o = Json.object()
                .put("schema", SCHEMA)
                .put("run", r.run())
                .put("test", r.testName())
                .put("uniqueId", r.uniqueId())
                .put("displayName", r.displayName())
                .put("outcome", r.outcome())
                .put("gate", r.gate() == null ? null : r.gate().toJson())
                .put("startedAt", r.startedAt())
                .put("pid", r.pid())
                .put("clock", Json.object().put("id", r.clock().name()).put("readMethod", r.readMethod()).put("why",
                r.clockWhy())
                        .put("unit", r.floor().raw().unit().symbol()))
                .put("frequency", r.frequency() == null ? null : Json.object().put("hz", r.frequency().hz())
                        .put("uncertaintyPpm", r.frequency().uncertaintyPpm()).put("method", r.frequency().method()))
                .put("host", r.host())
                .put("container", r.container().toJson())
                .put("resolution", resolution(r))
                .put("floor", floor(r.floor()))
                .put("warmup", r.warmup())
                .put("pinned", r.pinned())
                .put("jvmHistory", r.history().toJson())
                .put("timingLock", r.timingLock())
                .put("coreSpeed", r.coreSpeed().toJson())
                .put("hostLoad", hostLoad(r))
                .put("warnings", r.warnings())
                .put("floorSubtracted", r.floorSubtracted());
        List<Object> timings = new ArrayList<>();
        for (int i = 0; i < r.timings().size(); i++) {
            Json.Obj timing = timing(r.timings().get(i));
            if (!r.baseline().isEmpty()) {
                timing.put("baseline", r.baseline().get(i).toJson());
            }
            timings.add(timing);
        }
        o.put("timings", timings);
        List<Object> comparisons = new ArrayList<>();
        r.comparisons().forEach(c -> comparisons.add(c.toJson()));
        o.put("comparisons", comparisons);
        List<Object> claims = new ArrayList<>();
        r.claims().forEach(c -> claims.add(c.toJson()));
        o.put("claims", claims);
        o.put("aggregate", r.aggregate() == null ? null : timing(r.aggregate()));
        return o;
    }

    /**
     * The clock's effective resolution: its quantum in the clock's unit, the method that decided it
     * ({@link EffectiveResolution.Method#key()}, null when the description names none) and the
     * description with its figures.
     */
    static Json.Obj resolution(TestRecord r) {
        return Json.object()
                .put("quantum", r.step())
                .put("unit", r.floor().raw().unit().symbol())
                .put("method", EffectiveResolution.Method.ofDescription(r.stepSource())
                .map(EffectiveResolution.Method::key)
                        .orElse(null))
                .put("description", r.stepSource());
    }

    static Json.Obj floor(ProbeFloor f) {
        return Json.object().put("raw", summary(f.raw())).put("ns", summary(f.nanos())).put("elapsedNs",
                f.elapsedNanos());
    }

    public static Json.Obj timing(Timing t) {
        Json.Obj o = Json.object()
                .put("label", t.label())
                // which question the figures answer; samples are batches of callsPerSample calls, figures per call
                .put("mode", t.mode().key())
                .put("callsPerSample", t.callsPerSample())
                // the floor of this timing's own kind, per call: the test's for latency, its batch's for throughput
                .put("floorP50Ns", t.floor().nanos().p50())
                .put("kept", t.kept())
                // the clock's step per call in ns: a median rounds to it, an error the gate counts beside the
                // between-run spread
                .put("stepNs", t.clockStep() * t.nanosPerUnit())
                // the floor on the scale of the figures: per call for throughput (the batch floor over its calls)
                .put("floorP50Ns", t.floor().nanos().p50())
                .put("dropped", Json.object().put("cpuMigration", t.droppedMigration()).put("negativeDelta",
                t.droppedNegative()))
                .put("raw", t.kept() > 0 ? summary(t.raw()) : null)
                .put("rawNs", t.kept() > 0 ? summary(t.rawNanos()) : null)
                .put("net", t.kept() > 0 && t.floorSubtracted() ? summary(t.net()) : null)
                .put("netNs", t.kept() > 0 && t.floorSubtracted() ? summary(t.netNanos()) : null)
                // the median's 95 % interval as the claims decide with it (order statistics, one quantum wider each
                // side)
                .put("medianIntervalNs", t.kept() > 0 ? medianInterval(t) : null)
                .put("verdict", t.verdict().name())
                .put("verdictReason", t.verdictReason())
                // which checks refused the figure, by id: nothing need parse the reason's words
                .put("refusedBy", Json.array(t.refusedBy().stream().map(dev.chronoscope.SelfCheck::key).toList()))
                .put("unsettledWarmup", t.unsettledWarmup().orElse(null))
                // a fact beside the figure, never a refusal: claims it could have changed are inconclusive
                .put("coreSpeed", t.coreSpeed().known() ? coreSpeed(t.coreSpeed()) : null)
                .put("noise", noise(t))
                .put("allocatedBytesPerCall", t.allocation().map(a -> (Object) a.bytesPerCall()).orElse(null))
                .put("allocation", allocation(t))
                .put("distribution", t.kept() > 0 ? Distribution.of(t).toJson() : null);
        return o;
    }

    /** The core's speed right before and right after the samples, beside the figure. */
    private static Json.Obj coreSpeed(CoreSpeedState c) {
        return Json.object().put("beforeNsPerStep", c.beforeNsPerStep())
                .put("afterNsPerStep", c.afterNsPerStep())
                .put("referenceNsPerStep", c.referenceNsPerStep())
                .put("slowdown", c.slowdown()).put("slower", c.slower());
    }

    /** What disturbed the samples: switches, migrations, collections, stalls and throttling. */
    private static Json.Obj noise(Timing t) {
        return Json.object()
                .put("involuntaryContextSwitches", t.involuntaryContextSwitches().isPresent()
                        ? (Object) t.involuntaryContextSwitches().getAsLong() : null)
                .put("cpuMigrations", t.droppedMigration())
                .put("collections", t.collectionsWhileSampling().isPresent()
                        ? (Object) t.collectionsWhileSampling().getAsLong() : null)
                .put("collectionMs", t.collectionMillisWhileSampling().isPresent()
                        ? (Object) t.collectionMillisWhileSampling().getAsLong() : null)
                // samples far slower than the median that lift the mean (Stalls); null where the mean lies near it
                .put("stalls", Stalls.of(t).map(st -> Json.object().put("meanOverMedian", st.meanOverMedian())
                        .put("slowSamples", st.slowSamples()).put("slowShare", st.slowShare())).orElse(null))
                .put("cpuThrottling", t.cpuThrottling().map(c -> Json.object().put("periods", c.periods())
                        .put("throttledPeriods", c.throttledPeriods()).put("throttledNs", c.throttledNanos())
                        .put("throttled", c.throttled())).orElse(null));
    }

    /** The allocation counted around the samples, or why it was not. */
    private static Json.Obj allocation(Timing t) {
        return t.allocation().map(a -> Json.object().put("calls", a.calls())
                        .put("firstHalfBytesPerCall", a.firstHalfBytesPerCall())
                        .put("secondHalfBytesPerCall", a.secondHalfBytesPerCall())
                        .put("loopBytesPerCall", a.loopBytesPerCall())
                        .put("firstCallsBytesPerCall", Double.isFinite(a.firstCallsBytesPerCall())
                                ? a.firstCallsBytesPerCall() : null)
                        .put("firstCallsCompiled", a.firstCallsCompiled())
                        .put("changedBetweenHalves", a.changedBetweenHalves()))
                .orElseGet(() -> Json.object().put("unknown", t.allocationUnknownReason()));
    }

    private static Json.Obj medianInterval(Timing t) {
        Estimate e = Estimate.of(t, 50);
        return Json.object().put("low", e.low()).put("high", e.high()).put("level", AssertionSettings.CONFIDENCE);
    }

    static Json.Obj summary(Summary s) {
        return Json.object().put("unit", s.unit().symbol()).put("count", s.count()).put("min", s.min()).put("p50",
                s.p50())
                .put("p90", s.p90()).put("p99", s.p99()).put("max", s.max()).put("mean", s.mean()).put("mad", s.mad());
    }

    /** What other processes and the hypervisor took of the host's CPUs during the test, or why that is unknown. */
    private static Json.Obj hostLoad(TestRecord r) {
        if (!r.hostLoad().isKnown()) {
            return Json.object().put("unknown", r.hostLoad().unknownReason());
        }
        var l = r.hostLoad().get();
        // NaN under the ticks it takes to tell: written as null
        return Json.object().put("othersCpus", Double.isNaN(l.othersCpus()) ? null : l.othersCpus())
                .put("stealShare", Double.isNaN(l.stealShare()) ? null : l.stealShare())
                .put("elapsedTicks", l.elapsedTicks()).put("cpus", l.cpus()).put("statement", l.describe());
    }
}
