package dev.chronoscope.junit;

import java.util.List;
import java.util.Map;

/**
 * One parsed JSON object with dotted-path access for the tests: {@code record.number("timings.0.raw.p50")}.
 * A path that does not exist is an {@link IllegalArgumentException} naming it, so a renamed field
 * fails a test loudly rather than reading as null.
 */
record JsonRecord(Map<String, Object> json) {

    static JsonRecord parse(String line) {
        return new JsonRecord(TestJson.parseObject(line));
    }

    /** Every line of every {@code .jsonl} file in {@code dir}, parsed: the records a run wrote there. */
    static List<JsonRecord> allIn(java.nio.file.Path dir) throws java.io.IOException {
        List<JsonRecord> records = new java.util.ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList()) {
                java.nio.file.Files.readAllLines(f).forEach(line -> records.add(parse(line)));
            }
        }
        return records;
    }

    /** The value at {@code path} (names and list indexes separated by dots); may be JSON null. */
    Object get(String path) {
        Object current = json;
        for (String part : path.split("\\.")) {
            if (current instanceof Map<?, ?> map) {
                if (!map.containsKey(part)) {
                    throw new IllegalArgumentException("no member '" + part + "' in path '" + path + "': " + map.keySet());
                }
                current = map.get(part);
            } else if (current instanceof List<?> list) {
                current = list.get(Integer.parseInt(part));
            } else {
                throw new IllegalArgumentException("path '" + path + "' goes through " + current);
            }
        }
        return current;
    }

    boolean isNull(String path) {
        return get(path) == null;
    }

    String string(String path) {
        return (String) require(path);
    }

    double number(String path) {
        return (Double) require(path);
    }

    long whole(String path) {
        double d = number(path);
        if (d != Math.rint(d)) {
            throw new IllegalArgumentException(path + " is not a whole number: " + d);
        }
        return (long) d;
    }

    boolean bool(String path) {
        return (Boolean) require(path);
    }

    List<?> list(String path) {
        return (List<?>) require(path);
    }

    @SuppressWarnings("unchecked")
    JsonRecord object(String path) {
        return new JsonRecord((Map<String, Object>) require(path));
    }

    /** The timings, in order. */
    List<JsonRecord> timings() {
        return list("timings").stream().map(t -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) t;
            return new JsonRecord(m);
        }).toList();
    }

    /** The timing labelled {@code label}. */
    JsonRecord timing(String label) {
        return timings().stream().filter(t -> t.string("label").equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no timing '" + label + "' in " + json.get("test")));
    }

    /** The test's name shortened to {@code Class.method()} plus any display suffix (see {@link KitRun#shortName}). */
    String test() {
        return KitRun.shortName(string("test"));
    }

    /** The test's name as recorded: {@code Outer.Inner.method(Types)} plus any display suffix. */
    String fullTest() {
        return string("test");
    }

    private Object require(String path) {
        Object v = get(path);
        if (v == null) {
            throw new IllegalArgumentException(path + " is null");
        }
        return v;
    }
}
