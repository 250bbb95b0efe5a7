package dev.chronoscope.internal.ab;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code Selection} is used to say which tests the classpath way runs: classes and packages by name, tags to
 * include and exclude; with no class and no package, every test class in the class path's directories.
 */
public record Selection(List<String> classes, List<String> packages, List<String> includeTags,
        List<String> excludeTags) {

    public Selection {
        classes = List.copyOf(classes);
        packages = List.copyOf(packages);
        includeTags = List.copyOf(includeTags);
        excludeTags = List.copyOf(excludeTags);
    }

    public boolean isEmpty() {
        return classes.isEmpty() && packages.isEmpty() && includeTags.isEmpty() && excludeTags.isEmpty();
    }

    /** {@code classes a.B; tags performance}, for the run's header. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!classes.isEmpty()) {
            parts.add("classes " + String.join(", ", classes));
        }
        if (!packages.isEmpty()) {
            parts.add("packages " + String.join(", ", packages));
        }
        if (!includeTags.isEmpty()) {
            parts.add("tags " + String.join(", ", includeTags));
        }
        if (!excludeTags.isEmpty()) {
            parts.add("without tags " + String.join(", ", excludeTags));
        }
        if (classes.isEmpty() && packages.isEmpty()) {
            parts.addFirst("every test class in the class path's directories");
        }
        return String.join("; ", parts);
    }
}
