package dev.chronoscope.internal.ab;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code Side} is used to say how one build of an A/B comparison is started: a class path run in a child JVM
 * through the JUnit Platform Launcher ({@link Way#CLASSPATH}), or any command that runs the build's tests
 * ({@link Way#COMMAND}, through {@code /bin/sh -c}), in {@code directory}.
 *
 * @param name      {@code base} or {@code head}
 * @param classpath the class path's entries (the classpath way); empty for a command
 * @param command   the shell command (the command way); null for a class path
 * @param directory the working directory the side runs in
 * @param jvmArgs   JVM options for this side's child JVM only (the classpath way), after the options of both sides
 */
public record Side(String name, Way way, List<String> classpath, String command, Path directory, List<String> jvmArgs) {

    public static final String BASE = "base";
    public static final String HEAD = "head";

    /** How a side is started. */
    public enum Way {
        CLASSPATH, COMMAND
    }

    public Side {
        classpath = List.copyOf(classpath);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** {@code class path of 14 entries} or {@code command 'mvn -q surefire:test'}, for the run's header. */
    public String describe() {
        return way == Way.CLASSPATH ? "class path of " + classpath.size()
                + (classpath.size() == 1 ? " entry" : " entries")
                + (jvmArgs.isEmpty() ? "" : ", JVM options " + String.join(" ", jvmArgs))
                : "command '" + command + "' in " + directory;
    }
}
