package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonFields;
import dev.chronoscope.internal.json.JsonParser;
import dev.chronoscope.internal.json.Utf8;
import dev.chronoscope.internal.format.Format;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A baseline file (schema {@value #SCHEMA}, documented in docs/reference/baseline-schema.md): the last runs'
 * timings, each run with the fingerprint of its host, oldest first. Saving a run appends it (or
 * replaces the entry of the same run, which every fork of a run rewrites with all of the run's
 * records so far), keeping the last {@code keep}; several runs are what the between-run spread is
 * estimated from.
 */
public final class Baseline {

    public static final String SCHEMA = "chronoscope-baseline/1";

    /**
     * One saved run.
     *
     * @param container its cgroup limits: kept beside the fingerprint, not in it, so that runs under
     *                  another CPU quota are still compared, and the comparison says the quota differs
     */
    public record Run(String run, String savedAt, HostFingerprint host, List<BaselineEntry> timings,
            ContainerFacts container) {
        public Run {
            timings = List.copyOf(timings);
            Objects.requireNonNull(container, "container");
        }

        /** A run whose container facts were not recorded. */
        public Run(String run, String savedAt, HostFingerprint host, List<BaselineEntry> timings) {
            this(run, savedAt, host, timings, ContainerFacts.NOT_RECORDED);
        }

        public Json.Obj toJson() {
            List<Object> entries = new ArrayList<>();
            timings.forEach(e -> entries.add(e.toJson()));
            return Json.object().put("run", run).put("savedAt", savedAt).put("host", host.toJson())
                    .put("container", container.toJson()).put("timings", entries);
        }
    }

    private final List<Run> runs;
    /** Per run, its entries by key (the first of a key wins): a lookup per timing, not a scan of the baseline. */
    private final List<Map<String, BaselineEntry>> byKey;
    /** Each key's test and label, from the latest run that holds it. */
    private final Map<String, String> descriptions;

    public Baseline(List<Run> runs) {
        this.runs = List.copyOf(runs);
        List<Map<String, BaselineEntry>> index = new ArrayList<>();
        Map<String, String> described = new java.util.HashMap<>();
        for (Run r : this.runs) {
            Map<String, BaselineEntry> entries = new java.util.HashMap<>();
            for (BaselineEntry e : r.timings()) {
                entries.putIfAbsent(e.key(), e);
                described.put(e.key(), e.test() + " :: " + e.label());
            }
            index.add(entries);
        }
        this.byKey = List.copyOf(index);
        this.descriptions = described;
    }

    public List<Run> runs() {
        return runs;
    }

    /**
     * Reads {@code file}.
     *
     * @throws IOException naming the file and what is wrong with it (not UTF-8, not JSON, another
     *                     schema, a member missing or of another type, and where), quoting at most a short excerpt
     */
    public static Baseline read(Path file) throws IOException {
        String text;
        try {
            text = Utf8.decode(Files.readAllBytes(file));
        } catch (Utf8.NotUtf8 e) {
            throw new IOException("baseline " + file + " is " + e.getMessage(), e);
        }
        Map<String, Object> o;
        try {
            o = JsonParser.parseObject(text);
        } catch (IllegalArgumentException e) {
            throw new IOException("baseline " + file + " is not JSON: " + e.getMessage(), e);
        }
        Object schema = o.get("schema");
        if (!SCHEMA.equals(schema)) {
            throw new IOException("baseline " + file + " has schema " + (schema instanceof String s
                    ? JsonParser.excerpt(s) : schema)
                    + "; expected " + SCHEMA);
        }
        List<Run> runs = new ArrayList<>();
        try {
            List<Object> runList = JsonFields.list(o, "runs", "the document");
            for (int i = 0; i < runList.size(); i++) {
                String where = "runs[" + i + "]";
                Map<String, Object> run = JsonFields.object(runList.get(i), where);
                List<Object> timings = JsonFields.list(run, "timings", where);
                List<BaselineEntry> entries = new ArrayList<>(timings.size());
                for (int j = 0; j < timings.size(); j++) {
                    String at = where + ".timings[" + j + "]";
                    entries.add(BaselineEntry.fromJson(JsonFields.object(timings.get(j), at), at));
                }
                Object container = run.get("container");
                if (container != null && !(container instanceof Map)) {
                    throw new IllegalArgumentException(where + ".container is not an object");
                }
                runs.add(new Run(JsonFields.string(run, "run", where), JsonFields.string(run, "savedAt", where),
                        HostFingerprint.fromJson(JsonFields.object(run, "host", where)), entries,
                        ContainerFacts.fromJson((Map<String, Object>) container)));
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("baseline " + file + " does not have the " + SCHEMA + " shape: " + e.getMessage(), e);
        }
        return new Baseline(runs);
    }

    public String toJson() {
        List<Object> out = new ArrayList<>();
        runs.forEach(r -> out.add(r.toJson()));
        return Json.writePretty(Json.object().put("schema", SCHEMA).put("runs", out)) + "\n";
    }

    /**
     * Adds {@code entries} as run {@code run} to the baseline in {@code file} (created if absent),
     * replacing an earlier save of the same run, keeping the last {@code keep} runs. Forks of one
     * run save one after another under a file lock; the file is replaced atomically.
     *
     * @param container the run's container facts, kept beside its fingerprint
     * @return the baseline as saved
     */
    public static Baseline save(Path file, String run, HostFingerprint host, ContainerFacts container,
                                List<BaselineEntry> entries, int keep) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        Path lockFile = absolute.resolveSibling(absolute.getFileName() + ".lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            List<Run> runs = new ArrayList<>(Files.exists(absolute) ? read(absolute).runs : List.of());
            runs.removeIf(r -> r.run().equals(run));
            runs.add(new Run(run, Instant.now().toString(), host, entries, container));
            while (runs.size() > keep) {
                runs.removeFirst();
            }
            Baseline saved = new Baseline(runs);
            Path temp = absolute.resolveSibling(absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            try {
                Files.writeString(temp, saved.toJson(), StandardCharsets.UTF_8);
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // a full disk fails the write after the temporary file exists: it would be left behind, empty or cut
                Files.deleteIfExists(temp);
                throw e;
            }
            return saved;
        }
    }

    /** The verdict for {@code timing} of this run, on the host {@code host}. */
    public BaselineVerdict compare(ObservedTiming timing, HostFingerprint host, double threshold) {
        return compare(timing, host, ContainerFacts.NOT_RECORDED, threshold);
    }

    /**
     * {@link #compare(ObservedTiming, HostFingerprint, double)} on a host whose container has the limits
     * {@code container}: a verdict formed against baseline runs under other limits (another CPU quota,
     * cpuset or memory limit) adds which, to its reason. The allocation per call is judged on its own
     * against the same runs ({@link AllocationRule}).
     */
    public BaselineVerdict compare(ObservedTiming timing, HostFingerprint host, ContainerFacts container,
            double threshold) {
        Objects.requireNonNull(container, "container");
        BaselineVerdict v = Repetitions.judged(compareOnHost(timing, host, threshold), timing.repetitionKeys().size());
        Set<String> differences = new LinkedHashSet<>();
        List<AllocationRule.Counted> allocations = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            BaselineEntry e = byKey.get(i).get(timing.key());
            if (e != null && runs.get(i).host().differences(host).isEmpty()) {
                differences.addAll(container.differences(runs.get(i).container()));
                allocations.add(new AllocationRule.Counted(e.bytesPerCall(), e.firstCalls()));
            }
        }
        v = allocations.isEmpty() ? v : v.withAllocation(AllocationRule.judge(
                new AllocationRule.Counted(timing.bytesPerCall(), timing.firstCalls()), allocations));
        return differences.isEmpty() ? v : v.withReasonAdded("; the baseline ran in another container: "
                + String.join(", ", differences));
    }

    private BaselineVerdict compareOnHost(ObservedTiming timing, HostFingerprint host, double threshold) {
        Objects.requireNonNull(host, "host");
        String key = timing.key();
        String clock = timing.clock();
        String measure = timing.measure();
        double medianNs = timing.medianNs();
        if (runs.isEmpty()) {
            return BaselineVerdict.inconclusive("the baseline holds no runs");
        }
        List<Run> alike = runs.stream().filter(r -> r.host().differences(host).isEmpty()).toList();
        if (alike.isEmpty()) {
            Run latest = runs.getLast();
            return BaselineVerdict.inconclusive("the baseline was saved on a different host: "
                    + String.join("; ", host.differences(latest.host())) + " — timings are not compared across hosts");
        }
        List<BaselineEntry> entries = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            BaselineEntry e = runs.get(i).host().differences(host).isEmpty() ? byKey.get(i).get(key) : null;
            if (e != null && timing.repetitionKeys().size() > 1) {
                e = Repetitions.collapse(e, byKey.get(i), timing.repetitionKeys());
            }
            if (e != null) {
                entries.add(e);
            }
        }
        if (entries.isEmpty()) {
            return BaselineVerdict.inconclusive("no baseline entry for this timing (a new test or label)");
        }
        BaselineEntry latest = entries.getLast();
        if (!latest.clock().equals(clock)) {
            return BaselineVerdict.inconclusive("the baseline was timed with " + latest.clock() + ", this run with "
                    + clock);
        }
        if (!timing.resolved() || !(medianNs > 0)) {
            return BaselineVerdict.inconclusive("this run's clock did not resolve the region (its verdict is not "
                    + "RESOLVED), "
                    + "so its median is not a duration to compare");
        }
        List<BaselineEntry> comparable = entries.stream().filter(e -> e.clock().equals(clock) && e.measure()
                .equals(measure)
                && e.resolved() && e.medianNs() > 0).toList();
        if (comparable.isEmpty()) {
            return BaselineVerdict.inconclusive("no baseline run resolved this region with the same clock and "
                    + measure + " figures");
        }
        return judgeAgainst(timing, alike, comparable, threshold);
    }

    /**
     * The verdict for {@code timing} against the baseline runs {@code comparable} (same clock and figures, resolved),
     * of
     * the runs {@code alike} made on a host like this one: the floors and the core's speed as controls, then the rule.
     */
    private static BaselineVerdict judgeAgainst(ObservedTiming timing, List<Run> alike, List<BaselineEntry> comparable,
                                                double threshold) {
        String key = timing.key();
        double medianNs = timing.medianNs();
        double floorNs = timing.floorNs();
        BaselineRule.Kind kind = timing.kind();
        // the floor as a control: runs whose empty region cost more (or less) than usual ran on a
        // host in another state, and their medians say more about the host than about the code.
        // Like with like: a throughput timing's floor is its batch's, per call, never the test's.
        double typicalFloor = median(comparable.stream().map(e -> e.floorFor(kind)).toList());
        if (Double.isFinite(floorNs) && !Double.isFinite(typicalFloor) && kind == BaselineRule.Kind.THROUGHPUT) {
            return BaselineVerdict.inconclusive("the baseline holds no throughput floor for this timing (it was saved "
                    + "before the "
                    + "floors of batches were kept, with the test's latency floor, which is not comparable): save the "
                    + "baseline again");
        }
        if (FloorControl.off(kind, floorNs, typicalFloor, medianNs, threshold)) {
            return BaselineVerdict.inconclusive(FloorControl.reason(kind, floorNs, typicalFloor));
        }
        // a throughput timing's batch floor is a few clock steps over k calls, too coarse to show the host's state;
        // its test's probe floor shows it (docs/evidence/gate-validation.md)
        boolean testFloorToo = kind == BaselineRule.Kind.THROUGHPUT;
        double typicalTestFloor = testFloorToo ? median(comparable.stream().map(BaselineEntry::floorP50Ns).toList())
                : Double.NaN;
        if (testFloorToo && FloorControl.off(BaselineRule.Kind.LATENCY, timing.testFloorNs(), typicalTestFloor,
                medianNs, threshold)) {
            return BaselineVerdict.inconclusive(FloorControl.reason(BaselineRule.Kind.LATENCY, timing.testFloorNs(),
                    typicalTestFloor));
        }
        List<BaselineEntry> kept = comparable.stream()
                .filter(e -> !FloorControl.off(kind, e.floorFor(kind), typicalFloor, e.medianNs(), threshold))
                .filter(e -> !testFloorToo
                        || !FloorControl.off(BaselineRule.Kind.LATENCY, e.floorP50Ns(), typicalTestFloor, e.medianNs(),
                        threshold))
                .toList();
        if (kept.isEmpty()) {
            // an even number of runs whose floors lie far apart: their median floor is none of theirs
            return BaselineVerdict.inconclusive(String.format(java.util.Locale.ROOT,
                    "the baseline runs' floors disagree with each "
                    + "other beyond x%.2f of their median (%s ns), so no run of the baseline is a like-for-like "
                    + "control for this one",
                    FloorControl.TOLERANCE, Format.units(typicalFloor)));
        }
        BaselineRule.RunMedian current = new BaselineRule.RunMedian(medianNs, timing.withinRunSe(), timing.stepNs());
        java.util.function.Function<List<BaselineEntry>, BaselineVerdict> against = runsJudged ->
                BaselineRule.judge(kind,
                current, runsJudged.stream().map(BaselineEntry::runMedian).toList(),
                SpreadPools.pooled(alike, key, kind, timing.clock(), timing.measure(), SpreadPools.LIKE_NOISE),
                SpreadPools.pooled(alike, key, kind, timing.clock(), timing.measure(),
                        SpreadPools.LIKE_NOISE_UNCHANGED),
                threshold);
        BaselineVerdict v = against.apply(kept);
        // the core's speed as a control: a regression read on a slower core (an improvement on a faster one) is
        // judged again against the baseline runs of this core's speed (docs/evidence/gate-validation.md: one call
        // alone of a short region slows with the host's state too, by a few tens of ns)
        SpeedControl.Selection speed = SpeedControl.select(timing.coreSpeed(), comparable);
        return kind != BaselineRule.Kind.INVOCATION && speed.couldExplain(v)
                ? SpeedControl.judgeLikeStates(v, timing.coreSpeed(), speed, kept, against, threshold) : v;
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().filter(Double::isFinite).sorted().toList();
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The keys of the latest run on a host like {@code host}: what this run is expected to time. */
    public Set<String> expectedKeys(HostFingerprint host) {
        Set<String> keys = new LinkedHashSet<>();
        runs.stream().filter(r -> r.host().differences(host).isEmpty()).reduce((a, b) -> b)
                .or(() -> runs.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(runs.getLast()))
                .ifPresent(r -> r.timings().forEach(e -> keys.add(e.key())));
        return keys;
    }

    /** The test and label of the entry {@code key} in the latest run that holds it, for listing. */
    public String describe(String key) {
        return descriptions.getOrDefault(key, key);
    }
}
