package dev.chronoscope.internal.bench.throughput;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.google.common.hash.Hashing;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import net.jpountz.lz4.LZ4Factory;
import org.apache.commons.lang3.StringUtils;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/**
 * Every workload {@link ThroughputComparison} can time, in the order it prints them, with the groups
 * {@code --workloads} accepts by name and the comparisons whose ratio is checked against JMH's.
 */
final class WorkloadCatalog {

    /** The objects whose methods are timed: made once per JVM, shared by all its workloads. */
    record Sources(Workloads chains, Corpus corpus) {
        static Sources create() {
            return new Sources(new Workloads(), new Corpus());
        }
    }

    /**
     * One workload.
     *
     * @param name     its name on the command line; JMH's benchmark is {@code jmhClass.<name>Jmh}
     * @param library  where its code comes from: "JDK", this project, or a library from Maven Central
     * @param libClass a class of that library, whose jar tells its version; {@code null} for the others
     * @param what     what one call does
     */
    record Workload(String name, String library, Class<?> libClass, String what, Class<?> jmhClass,
                    Function<Sources, Region> region, boolean jmhInChronoscopesJvm) {

        /** A workload JMH times in a fork of its own. */
        Workload(String name, String library, Class<?> libClass, String what, Class<?> jmhClass,
                 Function<Sources, Region> region) {
            this(name, library, libClass, what, jmhClass, region, false);
        }

        String jmhBenchmark() {
            return jmhClass.getName() + "." + name + "Jmh";
        }

        /** The library and, for a jar, the version its manifest gives (the one on the class path, not a copy). */
        String libraryAndVersion() {
            return libClass == null ? library : library + " " + jarVersion(libClass);
        }
    }

    /** Two workloads timed by {@code Probe.compare}; JMH's ratio is its figures' second / first, as {@code ratio()}. */
    record Pairing(String first, String second) {
        String name() {
            return first + " vs " + second;
        }
    }

    private static final String CHAINS = "this project's chains";

    /** Where the workloads' set-up results go, so that the JIT cannot drop the set-up as dead code. */
    private static final java.util.concurrent.ConcurrentLinkedQueue<Long> SHARED = new java.util.concurrent.ConcurrentLinkedQueue<>();

    static final List<Workload> ALL = List.of(
            new Workload("chain4", CHAINS, null, "4 dependent multiply-adds", WorkloadsJmh.class,
                    s -> Region.ofLong(s.chains()::chain4)),
            new Workload("chain64", CHAINS, null, "64 dependent multiply-adds", WorkloadsJmh.class,
                    s -> Region.ofLong(s.chains()::chain64)),
            new Workload("fnv64", CHAINS, null, "FNV-1a over 64 bytes", WorkloadsJmh.class,
                    s -> Region.ofLong(s.chains()::fnv64)),
            new Workload("chain1024", CHAINS, null, "1024 dependent multiply-adds", WorkloadsJmh.class,
                    s -> Region.ofLong(s.chains()::chain1024)),
            new Workload("hashMapGet", "JDK", null, "HashMap<Long,Long>.get, 1,024 keys in turn", CorpusJmh.class,
                    s -> Region.ofLong(s.corpus()::hashMapGet)),
            new Workload("fastutilGet", "fastutil", Long2LongOpenHashMap.class, "Long2LongOpenHashMap.get, the same keys", CorpusJmh.class,
                    s -> Region.ofLong(s.corpus()::fastutilGet)),
            new Workload("caffeineGet", "Caffeine", Caffeine.class, "Cache.getIfPresent, 1,024 String keys", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::caffeineGet)),
            new Workload("murmur3", "Guava", Hashing.class, "murmur3_128().hashBytes(64 B)", CorpusJmh.class,
                    s -> Region.ofLong(s.corpus()::murmur3)),
            new Workload("join", "commons-lang3", StringUtils.class, "StringUtils.join(10 words, ',')", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::join)),
            new Workload("isBlank", "commons-lang3", StringUtils.class, "StringUtils.isBlank(39 spaces and a letter)",
                    CorpusJmh.class, s -> Region.ofInt(s.corpus()::isBlank)),
            new Workload("isBlankBuilder", "commons-lang3", StringUtils.class, "the same on a StringBuilder",
                    CorpusJmh.class, s -> Region.ofInt(s.corpus()::isBlankBuilder)),
            new Workload("regex", "JDK", null, "Pattern.matcher(38-char e-mail).matches()", CorpusJmh.class,
                    s -> Region.ofInt(s.corpus()::regex)),
            new Workload("bigDecimal", "JDK", null, "BigDecimal multiply, add, setScale", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::bigDecimal)),
            new Workload("stream", "JDK", null, "stream of 100 Integers: filter, mapToLong, sum", CorpusJmh.class,
                    s -> Region.ofLong(s.corpus()::stream)),
            new Workload("format", "JDK", null, "String.format(\"%s: %d items at %.2f\")", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::format)),
            new Workload("jsonWrite", "jackson-databind", ObjectMapper.class, "writeValueAsString of a 5-field object", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::jsonWrite)),
            new Workload("jsonRead", "jackson-databind", ObjectMapper.class, "readValue of that object's JSON", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::jsonRead)),
            new Workload("lz4", "lz4-java", LZ4Factory.class, "fast compressor (pure Java) on 4 kB of text", CorpusJmh.class,
                    s -> Region.ofInt(s.corpus()::lz4)),
            new Workload("sort", "JDK", null, "Collections.sort of a copy of 200 strings", CorpusJmh.class,
                    s -> Region.ofObject(s.corpus()::sort)),
            // the stream workload as a test JVM runs it, after other pipelines used the JDK's stream classes
            // (Corpus.shareStreamProfiles); JMH times it inside each Chronoscope JVM (after Chronoscope in the
            // comparison, right before and after it in the paired validation): the
            // pipeline's cost depends on the profiles the JVM's whole history left in the shared stream code,
            // which no fork of JMH's own has (docs/evidence/jmh-agreement.md, "The same JVM for code whose cost
            // is its JVM's history")
            new Workload("streamShared", "JDK", null, "the stream workload after other pipelines used the JDK's stream classes",
                    CorpusJmh.class, s -> {
                        SHARED.add(s.corpus().shareStreamProfiles());
                        return Region.ofLong(s.corpus()::stream);
                    }, true));

    /** Names {@code --workloads} takes for several workloads at once. */
    static final Map<String, List<String>> GROUPS = Map.of(
            "chains", List.of("chain4", "chain64", "fnv64", "chain1024"),
            // the stream pipeline as a test JVM runs it: JUnit and the suite have used the JDK's stream
            // classes before any test, which JMH's fresh fork for plain "stream" never has ("profiles")
            "corpus", List.of("hashMapGet", "fastutilGet", "caffeineGet", "murmur3", "join", "regex", "bigDecimal",
                    "streamShared", "format", "jsonWrite", "jsonRead", "lz4", "sort"),
            // the corpus as one test JVM times it (PairedValidation --suite): no workload JMH times inside
            // Chronoscope's JVM, and isBlank beside another CharSequence through the same library code
            "suite", List.of("hashMapGet", "fastutilGet", "caffeineGet", "murmur3", "isBlankBuilder", "join", "regex",
                    "bigDecimal", "format", "jsonWrite", "jsonRead", "lz4", "sort", "isBlank"),
            // the stream pipeline as JMH's fresh fork and a test JVM see it (docs/evidence/jmh-agreement.md)
            "profiles", List.of("stream", "streamShared"),
            // one workload per library: what "mvn verify" times (CorpusSmokeTests)
            "smoke", List.of("hashMapGet", "fastutilGet", "caffeineGet", "murmur3", "join", "jsonRead", "lz4"));

    /** Timed when both of their workloads are: a short pair (batched on a 10 ns clock) and a resolved one. */
    static final List<Pairing> PAIRINGS = List.of(new Pairing("fastutilGet", "hashMapGet"), new Pairing("join", "format"));

    private WorkloadCatalog() {
    }

    /** The Bundle-Version (or Implementation-Version) in the manifest of the jar {@code c} was loaded from. */
    static String jarVersion(Class<?> c) {
        try {
            java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
            try (JarFile jar = new JarFile(new File(source.getLocation().toURI()))) {
                Attributes main = jar.getManifest().getMainAttributes();
                String version = main.getValue("Bundle-Version");
                return version != null ? version : String.valueOf(main.getValue("Implementation-Version"));
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return "(version unknown: " + e + ")";
        }
    }

    static Workload named(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no workload named '" + name + "'"));
    }

    static List<String> names() {
        return ALL.stream().map(Workload::name).toList();
    }
}
