package dev.chronoscope.internal.launch;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code LaunchSelection} is used to say which tests a launched JVM discovers: by unique id, class, package or
 * class-path root, filtered by tags to include and exclude.
 */
public record LaunchSelection(List<String> uniqueIds, List<String> classes, List<String> packages,
                              List<Path> classpathRoots, List<String> includeTags, List<String> excludeTags) {

    public LaunchSelection {
        uniqueIds = List.copyOf(uniqueIds);
        classes = List.copyOf(classes);
        packages = List.copyOf(packages);
        classpathRoots = List.copyOf(classpathRoots);
        includeTags = List.copyOf(includeTags);
        excludeTags = List.copyOf(excludeTags);
    }

    /** One test (or invocation), by its unique id. */
    public static LaunchSelection uniqueId(String id) {
        return new LaunchSelection(List.of(id), List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
