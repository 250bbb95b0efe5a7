package dev.chronoscope.internal.bench.throughput;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.apache.commons.lang3.StringUtils;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * The validation corpus: third-party and JDK code of the kind users time, from ~3 ns to ~10 µs a call,
 * allocating and not, monomorphic and several classes deep. JMH ({@link CorpusJmh}) and Chronoscope
 * ({@link ThroughputComparison}) call these same methods. Inputs are built once from a fixed seed; a
 * lookup cycles through its keys (the index is this object's state, as it is JMH's); every method
 * returns its result, which each harness consumes.
 */
public class Corpus extends CoreSpeedLogged {

    /** Keys of the lookup workloads; a power of two so that the next index is a mask. */
    static final int KEYS = 1024;

    /** The small object Jackson writes and reads: public fields, as many DTOs are. */
    public static final class Order {
        public String id;
        public String customer;
        public int quantity;
        public double price;
        public List<String> tags;
    }

    /** Not final, so that the JIT cannot fold it. */
    public int mask = KEYS - 1;
    private int nextHashMap;
    private int nextFastutil;
    private int nextCache;

    private final long[] keys = new long[KEYS];
    private final Long[] boxedKeys = new Long[KEYS];
    private final Map<Long, Long> hashMap = new HashMap<>();
    private final Long2LongOpenHashMap fastutilMap = new Long2LongOpenHashMap();
    private final String[] stringKeys = new String[KEYS];
    private final Cache<String, String> cache = Caffeine.newBuilder().maximumSize(10_000).build();
    private final HashFunction murmur3 = Hashing.murmur3_128();
    private final byte[] bytes64 = new byte[64];
    private final String[] words10 = new String[10];
    private final Pattern email = Pattern.compile("[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+");
    public String address = "jane.doe+orders@mail.example-shop.co.uk";
    private final BigDecimal price = new BigDecimal("1234.56");
    private final BigDecimal quantity = new BigDecimal("17");
    private final BigDecimal taxRate = new BigDecimal("0.0825");
    private final List<Integer> numbers = new ArrayList<>();
    public String item = "widget";
    public int count = 42;
    public double unitPrice = 17.25;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Order order = new Order();
    private final String orderJson;
    private final LZ4Compressor lz4 = LZ4Factory.safeInstance().fastCompressor();
    private final byte[] text4k;
    private final byte[] lz4Out;
    private final List<String> unsorted = new ArrayList<>();
    /** 39 spaces and a letter: {@code isBlank} reads all 40 characters. */
    public String padded = " ".repeat(39) + "x";
    private final StringBuilder paddedBuilder = new StringBuilder(padded);

    public Corpus() {
        SplittableRandom random = new SplittableRandom(20);
        for (int i = 0; i < KEYS; i++) {
            long key = random.nextLong();
            keys[i] = key;
            boxedKeys[i] = key;
            hashMap.put(key, key * 31);
            fastutilMap.put(key, key * 31);
            stringKeys[i] = "user:" + Long.toHexString(key);
            cache.put(stringKeys[i], "value " + i);
        }
        random.nextBytes(bytes64);
        String[] dictionary = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"};
        for (int i = 0; i < words10.length; i++) {
            words10[i] = dictionary[random.nextInt(dictionary.length)];
        }
        for (int i = 0; i < 100; i++) {
            numbers.add(i);
        }
        order.id = "ord-20261201-0042";
        order.customer = "Jane Doe";
        order.quantity = 3;
        order.price = 19.99;
        order.tags = List.of("gift", "express", "fragile");
        orderJson = writeJson();
        StringBuilder text = new StringBuilder();
        while (text.length() < 4096) {
            text.append(dictionary[random.nextInt(dictionary.length)]).append(random.nextInt(4) == 0 ? ", " : " ");
        }
        text4k = text.substring(0, 4096).getBytes(StandardCharsets.US_ASCII);
        lz4Out = new byte[lz4.maxCompressedLength(text4k.length)];
        for (int i = 0; i < 200; i++) {
            unsorted.add(dictionary[random.nextInt(dictionary.length)] + "-" + random.nextInt(100_000));
        }
    }

    /** JDK {@code HashMap<Long, Long>.get}, 1,024 keys taken in turn: no allocation, monomorphic. */
    public long hashMapGet() {
        int i = nextHashMap = (nextHashMap + 1) & mask;
        return hashMap.get(boxedKeys[i]);
    }

    /** fastutil {@code Long2LongOpenHashMap.get}, the same 1,024 keys: a primitive map, no boxing. */
    public long fastutilGet() {
        int i = nextFastutil = (nextFastutil + 1) & mask;
        return fastutilMap.get(keys[i]);
    }

    /** Caffeine {@code Cache.getIfPresent}, 1,024 String keys, every one present. */
    public Object caffeineGet() {
        int i = nextCache = (nextCache + 1) & mask;
        return cache.getIfPresent(stringKeys[i]);
    }

    /** Guava {@code murmur3_128().hashBytes} of 64 bytes: allocates its hasher and hash code. */
    public long murmur3() {
        return murmur3.hashBytes(bytes64).asLong();
    }

    /** commons-lang3 {@code StringUtils.isBlank} of a 40-character {@code String}. */
    public int isBlank() {
        return StringUtils.isBlank(padded) ? 1 : 0;
    }

    /** The same call on a {@code StringBuilder}: another {@code CharSequence} through the same library code. */
    public int isBlankBuilder() {
        return StringUtils.isBlank(paddedBuilder) ? 1 : 0;
    }

    /** commons-lang3 {@code StringUtils.join} of 10 words with ','. */
    public Object join() {
        return StringUtils.join(words10, ',');
    }

    /** JDK regex: an e-mail-like pattern matched against a 38-character address (a new Matcher per call). */
    public int regex() {
        return email.matcher(address).matches() ? 1 : 0;
    }

    /** JDK {@code BigDecimal}: price × quantity × (1 + tax rate), rounded half-even to cents. */
    public Object bigDecimal() {
        return price.multiply(quantity).multiply(BigDecimal.ONE.add(taxRate)).setScale(2, RoundingMode.HALF_EVEN);
    }

    /** JDK stream over 100 {@code Integer}s: filter the even ones, square, sum. */
    public long stream() {
        return numbers.stream().filter(n -> (n & 1) == 0).mapToLong(n -> (long) n * n).sum();
    }

    /**
     * Runs other stream pipelines over the same JDK stream classes with other element types and other
     * lambdas, as JUnit, a test suite and an application do in any JVM that lives long: HotSpot's type
     * profiles in {@code ReferencePipeline} and its sinks then see several receivers, so C2 can no
     * longer inline {@link #stream}'s lambdas into them. Measured here (2 vCPUs, JDK 25, a plain
     * {@code System.nanoTime} loop of 100,000 calls): 71 ns per {@link #stream} call in a JVM that ran
     * no other pipeline, 467-510 ns after this.
     *
     * @return a sum the caller can consume, so that nothing here is dead code
     */
    public long shareStreamProfiles() {
        List<String> strings = new ArrayList<>();
        java.util.Set<Long> longs = new java.util.HashSet<>();
        for (int i = 0; i < 50; i++) {
            strings.add("w" + i * 7);
            longs.add(i * 3L);
        }
        long sum = 0;
        for (int i = 0; i < 20_000; i++) {
            sum += strings.stream().filter(w -> w.length() > 2).mapToLong(String::length).sum();
            sum += longs.stream().filter(x -> x % 3 == 0).mapToLong(Long::longValue).sum();
            sum += numbers.stream().filter(x -> x > 10).mapToLong(x -> x + 1).sum();
            sum += strings.stream().map(String::toUpperCase).filter(w -> w.startsWith("W1")).count();
            sum += numbers.stream().map(x -> x * 2).toList().size();
            sum += java.util.stream.IntStream.range(0, 50).boxed().filter(x -> x % 5 == 0).mapToLong(x -> x).sum();
        }
        return sum;
    }

    /** JDK {@code String.format} with a string, an int and a two-decimal double. */
    public Object format() {
        return String.format(Locale.ROOT, "%s: %d items at %.2f", item, count, unitPrice);
    }

    /** Jackson {@code ObjectMapper.writeValueAsString} of a five-field object. */
    public Object jsonWrite() {
        return writeJson();
    }

    /** Jackson {@code ObjectMapper.readValue} of that object's JSON. */
    public Object jsonRead() {
        try {
            return mapper.readValue(orderJson, Order.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** lz4-java's pure-Java fast compressor on 4 kB of text, into a buffer made once: no allocation. */
    public int lz4() {
        return lz4.compress(text4k, 0, text4k.length, lz4Out, 0, lz4Out.length);
    }

    /** {@code Collections.sort} of a copy of 200 strings (the copy included). */
    public Object sort() {
        List<String> copy = new ArrayList<>(unsorted);
        Collections.sort(copy);
        return copy;
    }

    private String writeJson() {
        try {
            return mapper.writeValueAsString(order);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
