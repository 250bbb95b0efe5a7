package dev.chronoscope.internal.report;

/** The run report's inline style sheet: one page, no external file. */
final class ReportStyle {

    /** The style sheet, one line per group of rules as the page carries it (a {@code \} joins a wrapped line). */
    static final String CSS = """
            body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
            h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:0 0 6px;word-break:break-all}
            h3{font-size:14px;margin:8px 0 4px}.meta{color:#555;font-size:13px}
            table{border-collapse:collapse;font-size:13px;margin:4px 0}\
            td,th{border:1px solid #ddd;padding:3px 7px;text-align:left;vertical-align:top}
            th{background:#f3f3f3}\
            .test{border:1px solid #ccc;border-radius:6px;padding:10px 14px;margin:14px 0;\
            content-visibility:auto;contain-intrinsic-size:auto 900px}
            .timing{border-top:1px solid #eee;padding-top:6px;margin-top:8px}
            .comparison{border-top:1px solid #ccc;margin-top:10px;padding-top:4px}\
            .ratio{font-size:13px;font-weight:600}.warn{color:#9a5b00;font-size:13px}
            .v-RESOLVED{color:#1e7b34;font-weight:600}\
            .v-NOT_RESOLVED,.v-NO_SAMPLES,.v-REFUSED{color:#a33;font-weight:600}
            .b-regressed,.s-failed,.c-failed{background:#c0392b;color:#fff}\
            .b-improved,.c-passed{background:#1e7b34;color:#fff}
            .b-unchanged,.s-ok,.b-not-gated{background:#ddd}\
            .b-inconclusive,.s-inconclusive,.c-inconclusive{background:#f0d080}\
            .s-regressed{background:#e67e22;color:#fff}
            .o-failed,.gate{color:#a33;font-weight:600}.gate{font-size:13px}.o-passed{color:#1e7b34;font-weight:600}\
            .o-aborted{color:#9a5b00;font-weight:600}
            .badge{padding:1px 6px;border-radius:3px;font-size:12px;font-weight:600;white-space:nowrap}\
            .num{font-variant-numeric:tabular-nums}
            .overview td{padding:2px 6px}.overview .test-cell{min-width:220px;max-width:420px;overflow-wrap:anywhere}\
            .cls{color:#777}.overview tr:target{outline:2px solid #4a78b5}
            .claims{list-style:none;padding:0;margin:4px 0}.claims li{margin:4px 0;font-size:13px}
            .claims pre{margin:2px 0 0 0;padding:4px 8px;background:#f7f7f7;border-left:3px solid #ccc;font-size:12px;\
            white-space:pre-wrap}
            .invocation{font-size:13px;color:#444;margin:4px 0}details.invocations{margin:8px 0}\
            details.invocations summary{cursor:pointer;font-size:14px}.summary{font-size:14px;margin:6px 0 10px}
            svg{display:block;margin:4px 0}
            """;

    private ReportStyle() {
    }
}
