package dev.chronoscope.internal.measure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The notes a test's timings leave in its record, their words built only when read. Text built between
 * a region's warm-up and its last sample runs JDK code (the formatter, string concatenation, number
 * printing) that the region may share: a branch of it taken for the first time throws away the JIT's
 * code of it, and the samples then catch that code interpreted or recompiling. Owned by one test's probe.
 */
final class Deferred {

    private final Map<Object, Supplier<String>> notes = new LinkedHashMap<>();

    /** Keeps {@code text} under {@code key}, unless a note is kept under it already. */
    void putIfAbsent(Object key, Supplier<String> text) {
        notes.putIfAbsent(key, text);
    }

    /** Keeps {@code text} under {@code key}, in place of a note kept under it. */
    void put(Object key, Supplier<String> text) {
        notes.put(key, text);
    }

    /** The notes' words, in the order they were kept. */
    List<String> texts() {
        return notes.values().stream().map(Supplier::get).toList();
    }
}
