package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.json.Json;

/**
 * The A/B result as a JSON document (schema {@value #SCHEMA}): the console table's columns and lines, each round's
 * figures per timing.
 */
final class AbJson {

    static final String SCHEMA = "chronoscope-ab/1";

    private AbJson() {
    }

    static Json.Obj of(AbResult r) {
        return Json.object()
                .put("schema", SCHEMA)
                .put("seed", r.seed())
                .put("threshold", r.threshold())
                .put("base", side(r.base()))
                .put("head", side(r.head()))
                .put("regressed", r.anyGateFailure())
                .put("timings", r.timings().stream().map(AbJson::timing).map(o -> (Object) o).toList())
                .put("onlyBase", r.onlyBase())
                .put("onlyHead", r.onlyHead())
                .put("rounds", r.rounds().stream()
                .map(s -> (Object) Json.object().put("round", s.number()).put("order", s.order())
                .put("baseCoreNsPerStep", s.baseNsPerStep()).put("headCoreNsPerStep", s.headNsPerStep())
                        .put("statesDiffer", s.statesDiffer()).put("wallMs", s.wallNanos() / 1e6)).toList())
                .put("failedRounds", r.failed().stream()
                .map(f -> (Object) Json.object().put("round", f.number()).put("side", f.side())
                .put("reason", f.reason())).toList())
                .put("stopReason", r.stopReason());
    }

    private static Json.Obj side(Side s) {
        return Json.object().put("way", s.way().name().toLowerCase(java.util.Locale.ROOT)).put("command", s.command())
                .put("classpath", s.classpath()).put("directory", s.directory().toString()).put("jvmArgs", s.jvmArgs());
    }

    private static Json.Obj timing(TimingResult t) {
        PairedRule.Verdict v = t.time();
        return Json.object()
                .put("test", t.test())
                .put("label", t.label())
                .put("key", t.key())
                .put("mode", t.mode())
                .put("gated", t.gated())
                .put("verdict", v.verdict())
                .put("ratio", v.ratio())
                .put("low", v.low())
                .put("high", v.high())
                .put("rounds", v.rounds())
                .put("spread", v.spread())
                .put("detectableChange", v.detectable())
                .put("roundsForThreshold", v.roundsForThreshold() == 0 ? null : v.roundsForThreshold())
                .put("power", v.power())
                .put("reason", v.reason())
                .put("unresolvedRounds", t.unresolved())
                .put("allocation", t.allocation() == null ? null : Json.object()
                .put("verdict", t.allocation().verdict()).put("reason", t.allocation().reason()))
                .put("perRound", t.rounds().stream()
                .map(f -> (Object) Json.object().put("round", f.round()).put("baseNs", f.baseNs())
                .put("headNs", f.headNs()).put("ratio", f.ratio()).put("baseBytesPerCall", f.baseBytes())
                        .put("headBytesPerCall", f.headBytes()).put("allocation", f.alloc())).toList());
    }
}
