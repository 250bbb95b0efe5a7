package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The {@code chronoscope.*} keys of {@link ChronoscopeConfig} (its {@code *_KEY} constants, the one
 * place they are declared), and what to say about a configured key that is none of them: a
 * misspelled key would otherwise be ignored without a word, its default silently in force.
 */
final class ConfigKeys {

    private static final String PREFIX = "chronoscope.";

    private ConfigKeys() {
    }

    /** Every documented key, and the documented system property that configures where the probe is extracted. */
    static List<String> known() {
        List<String> keys = new ArrayList<>(List.of(ChronoscopeConfig.NATIVE_DIR_PROPERTY));
        for (Field f : ChronoscopeConfig.class.getFields()) {
            if (f.getName().endsWith("_KEY") && Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    keys.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("public constant " + f + " cannot be read", e);
                }
            }
        }
        return keys;
    }

    /** One warning per configured {@code chronoscope.*} key that is not a known one, naming the nearest known key. */
    static List<String> warnings(Collection<String> configured) {
        List<String> known = known();
        List<String> warnings = new ArrayList<>();
        for (String key : new TreeSet<>(configured)) {
            if (key.startsWith(PREFIX) && !known.contains(key)) {
                warnings.add("unknown configuration key " + key + " is ignored" + nearest(key, known)
                        .map(k -> " (did you mean " + k + "?)").orElse("")
                        + "; the keys are listed in dev.chronoscope.ChronoscopeConfig");
            }
        }
        return warnings;
    }

    /** The known key closest to {@code key} by edit distance, if it is close enough to be a likely misspelling. */
    static Optional<String> nearest(String key, List<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(key, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(3, key.length() / 4) ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
