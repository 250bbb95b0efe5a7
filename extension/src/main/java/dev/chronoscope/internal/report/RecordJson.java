package dev.chronoscope.internal.report;

import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;

import java.util.ArrayList;
import java.util.List;

/** The JSON Lines record of one timed test (schema {@value #SCHEMA}, documented in docs/reports.md). */
public final class RecordJson {

    public static final String SCHEMA = "chronoscope-test/1";

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
                .put("startedAt", r.startedAt())
                .put("pid", r.pid())
                .put("clock", Json.object().put("id", r.clock().name()).put("readMethod", r.readMethod()).put("why", r.clockWhy())
                        .put("unit", r.floor().raw().unit().symbol()))
                .put("frequency", r.frequency() == null ? null : Json.object().put("hz", r.frequency().hz())
                        .put("uncertaintyPpm", r.frequency().uncertaintyPpm()).put("method", r.frequency().method()))
                .put("host", r.host())
                .put("step", Json.object().put("value", r.step()).put("source", r.stepSource()))
                .put("floor", floor(r.floor()))
                .put("warmup", r.warmup())
                .put("pinned", r.pinned())
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
        o.put("aggregate", r.aggregate() == null ? null : timing(r.aggregate()));
        return o;
    }

    static Json.Obj floor(ProbeFloor f) {
        return Json.object().put("raw", summary(f.raw())).put("ns", summary(f.nanos())).put("elapsedNs", f.elapsedNanos());
    }

    public static Json.Obj timing(Timing t) {
        Json.Obj o = Json.object()
                .put("label", t.label())
                .put("kept", t.kept())
                .put("dropped", Json.object().put("cpuMigration", t.droppedMigration()).put("negativeDelta", t.droppedNegative()))
                .put("raw", t.kept() > 0 ? summary(t.raw()) : null)
                .put("rawNs", t.kept() > 0 ? summary(t.rawNanos()) : null)
                .put("net", t.kept() > 0 && t.floorSubtracted() ? summary(t.net()) : null)
                .put("netNs", t.kept() > 0 && t.floorSubtracted() ? summary(t.netNanos()) : null)
                .put("verdict", t.verdict().name())
                .put("verdictReason", t.verdictReason())
                .put("distribution", t.kept() > 0 ? Distribution.of(t).toJson() : null);
        return o;
    }

    static Json.Obj summary(Summary s) {
        return Json.object().put("unit", s.unit().symbol()).put("count", s.count()).put("min", s.min()).put("p50", s.p50())
                .put("p90", s.p90()).put("p99", s.p99()).put("max", s.max()).put("mean", s.mean()).put("mad", s.mad());
    }
}
