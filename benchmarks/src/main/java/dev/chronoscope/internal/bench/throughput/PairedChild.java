package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.Outcome;
import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFiles;
import dev.chronoscope.internal.host.HostLoad;
import dev.chronoscope.internal.stats.Bound;
import dev.chronoscope.internal.stats.PercentileClaim;
import dev.chronoscope.internal.stats.Relation;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The Chronoscope JVM of {@link PairedValidation}: times the workloads it is given, one figure line each. */
final class PairedChild {

    private PairedChild() {
    }

    /**
     * A Chronoscope JVM: {@code --child} times one workload, {@code --child-suite} each workload given in turn; each
     * figure's claims decided against its paired JMH figure, one line per figure.
     */
    static void main(String[] args) throws Exception {
        List<String> shared = List.of(args).subList(1, 7);
        ClockId clock = shared.get(2).equals("default") ? null : ClockId.valueOf(shared.get(2));
        ThroughputComparison.Harness harness = ThroughputComparison.Harness.open(clock);
        System.out.println(PairedValidation.HOST + String.format(Locale.ROOT, "%s | java %s | clock %s, resolution %s",
                harness.jvm().host().cpuModel().orElse("CPU model unknown"), System.getProperty("java.version"),
                harness.clock(), harness.resolution().describe()));
        WorkloadCatalog.Sources sources = WorkloadCatalog.Sources.create();
        for (int i = 7; i + JmhPairing.ARGUMENTS <= args.length; i += JmhPairing.ARGUMENTS) {
            JmhPairing pairing = JmhPairing.parse(List.of(args).subList(i, i + JmhPairing.ARGUMENTS));
            System.out.println(timed(harness, sources, shared, pairing).toLine());
        }
    }

    /** One workload timed in this JVM, its claims decided against the JMH figure paired with it. */
    private static PairedFigure timed(ThroughputComparison.Harness harness, WorkloadCatalog.Sources sources,
                                      List<String> shared, JmhPairing pairing) throws Exception {
        String w = pairing.workload();
        int round = Integer.parseInt(shared.get(0));
        int samples = Integer.parseInt(shared.get(1));
        ClockId clock = shared.get(2).equals("default") ? null : ClockId.valueOf(shared.get(2));
        WorkloadCatalog.Workload workload = WorkloadCatalog.named(w);
        Region region = workload.region().apply(sources);
        // JMH without a fork on the same JVM's history (WorkloadCatalog's streamShared): right after the figure, its
        // reference, on the code the JVM settled at, and right before it, the bracket a second fork is for the others
        // (the first run after the other pipelines meets the JIT still adapting the shared stream code)
        double jmhBefore = Double.NaN;
        double jmh = pairing.jmh();
        if (workload.jmhInChronoscopesJvm()) {
            jmhBefore = inThisJvm(shared, workload, samples, clock);
        }
        Fact<HostLoad> before = HostLoad.read(HostFiles.system());
        Timing t = region.throughput(harness.probe(), w + " throughput", samples);
        Fact<HostLoad> after = HostLoad.read(HostFiles.system());
        // the load average, the CPUs other processes used while the timing ran, the collections while it sampled and
        // the bytes per call, as a test's record holds them
        double others = before.isKnown() && after.isKnown() ? after.get().since(before.get()).othersCpus() : Double.NaN;
        String load = LoadAverage.now().split(" ")[0] + "/" + others + "/" + t.collectionsWhileSampling().orElse(-1) + "/"
                + t.allocation().map(a -> a.bytesPerCall()).orElse(Double.NaN) + "/" + pairing.bytes() + "/"
                + t.allocation().map(a -> a.firstCallsBytesPerCall()).orElse(Double.NaN)
                // no JMH fork after yet (withJmhAfter), then the core's speed around the samples and around the JMH fork's
                + "/NaN/" + Math.max(t.coreSpeed().beforeNsPerStep(), t.coreSpeed().afterNsPerStep()) + "/"
                + pairing.nsPerStep();
        if (workload.jmhInChronoscopesJvm()) {
            jmh = inThisJvm(shared, workload, samples, clock);
        }
        List<Outcome> claims = List.of(
                claim(t, Relation.LESS, jmh * PairedFigure.MARGIN), claim(t, Relation.GREATER, jmh / PairedFigure.MARGIN),
                claim(t, Relation.LESS, jmh / PairedFigure.MARGIN), claim(t, Relation.GREATER, jmh * PairedFigure.MARGIN));
        List<SelfCheck> refusedBy = t.refusedBy();
        PairedFigure figure = new PairedFigure(w, round, jmh, pairing.low(), pairing.high(), t.netNanos().mean(),
                t.netNanos().p50(), t.verdict().name(),
                refusedBy.isEmpty() ? "-" : String.join(",", refusedBy.stream().map(SelfCheck::key).toList()),
                t.coreSpeed().slowdown(), t.coreSpeed().slower(), t.unsettledWarmup().isPresent(), claims, load,
                String.format(Locale.ROOT, "%s | %d calls per sample, floor p50 %.1f ns per sample", t.verdictReason(),
                        t.callsPerSample(), t.floor().nanos().p50()));
        return Double.isNaN(jmhBefore) ? figure : figure.withJmhAfter(jmhBefore);
    }

    /** JMH's figure of {@code workload}'s method without a fork, in this JVM, with the iterations {@code args} give. */
    private static double inThisJvm(List<String> shared, WorkloadCatalog.Workload workload, int samples, ClockId clock)
            throws Exception {
        ThroughputOptions jmhOptions = new ThroughputOptions(Integer.parseInt(shared.get(3)), Integer.parseInt(shared.get(4)),
                Integer.parseInt(shared.get(5)), samples, 1, List.of(workload.name()), clock, null, false, false);
        Path speedLog = Files.createTempFile("chronoscope-jmh-core-speed", ".txt");
        try {
            return ThroughputComparison.runJmhBenchmarks(jmhOptions, List.of(workload.jmhBenchmark()), VerboseMode.SILENT,
                    0, speedLog).get(workload.name() + "Jmh").avgtNanos();
        } finally {
            Files.deleteIfExists(speedLog);
        }
    }

    private static Outcome claim(Timing t, Relation relation, double nanos) {
        return Double.isNaN(nanos) ? Outcome.INCONCLUSIVE : PercentileClaim.decide(t, 50, List.of(new Bound(relation, nanos))).outcome();
    }
}
