package dev.chronoscope.internal.launch;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code ThisJvm} is used to start a twin of this JVM: its {@code java}, the JVM options a child may be given too
 * (less a debugger's and a flight recording's, which would clash with this JVM's), and the system properties to
 * pass on (less those the JVM sets itself).
 */
public final class ThisJvm {

    /**
     * System properties the JVM sets itself, or that describe this JVM and process: the child's own
     * are right for it. Everything else this JVM has (Surefire's {@code systemPropertyVariables}, a
     * test's own {@code -D}) is passed on.
     */
    private static final List<String> JVM_OWN_PREFIXES = List.of("java.", "jdk.", "sun.", "os.", "user.", "file.",
            "native.", "stdout.", "stderr.", "line.", "path.", "surefire.", "jboss.", "awt.", "apple.", "com.sun.",
            "idea.", "intellij.");

    /** This JVM's class path options: the child's class path is given on its own. */
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

    /** What a child's {@link LaunchMain} needs from the JUnit Platform: the launcher and what it stands on. */
    private static final List<String> LAUNCHER_CLASSES = List.of("org.junit.platform.launcher.core.LauncherFactory",
            "org.junit.platform.engine.TestEngine", "org.junit.platform.commons.util.Preconditions",
            "org.opentest4j.TestAbortedException");

    private ThisJvm() {
    }

    /**
     * This JVM's options split into those a child gets too and those it does not, each of the latter with why.
     *
     * @param kept    the options the child gets
     * @param dropped the options it does not, each followed by why in parentheses
     */
    public record Options(List<String> kept, List<String> dropped) {
    }

    /** The {@code java} executable of this JVM. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** This JVM's class path, with the JUnit Platform Launcher's jars where it lacks them ({@link #withLauncher}). */
    public static String classPath() {
        return withLauncher(System.getProperty("java.class.path"));
    }

    /**
     * {@code classPath} with the jars of the JUnit Platform Launcher and what it stands on added where they are not
     * on it: Surefire loads the launcher it brings from its own class path, not the tests', so a project that depends
     * on {@code junit-jupiter} alone would start a child that cannot launch anything.
     */
    static String withLauncher(String classPath) {
        List<String> entries = new ArrayList<>();
        for (int from = 0, to; from <= classPath.length(); from = to + 1) {
            to = classPath.indexOf(File.pathSeparatorChar, from);
            to = to < 0 ? classPath.length() : to;
            entries.add(classPath.substring(from, to));
        }
        for (String name : LAUNCHER_CLASSES) {
            try {
                CodeSource source = Class.forName(name, false, ThisJvm.class.getClassLoader())
                        .getProtectionDomain().getCodeSource();
                if (source != null && source.getLocation() != null) {
                    String entry = Path.of(source.getLocation().toURI()).toString();
                    if (!entries.contains(entry)) {
                        entries.add(entry);
                    }
                }
            } catch (ClassNotFoundException | LinkageError | URISyntaxException | RuntimeException e) {
                // not loadable here either: the child's launch says so, as a fork that cannot start
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** This JVM's options for a child, less any {@code -D} of {@code ownProperty}, which the parent sets for it. */
    public static Options options(String ownProperty) {
        List<String> kept = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            if (CLASS_PATH_OPTIONS.contains(o)) {
                i++; // and its value: the class path is given on its own
            } else if (o.startsWith("-agentlib:jdwp") || o.startsWith("-Xrunjdwp") || o.startsWith("-Xdebug")) {
                dropped.add(o + " (a debugger listens on this JVM; a second on its port would fail to start)");
            } else if (o.startsWith("-XX:StartFlightRecording") || o.startsWith("-XX:FlightRecorderOptions")) {
                dropped.add(o + " (the child's recording would overwrite this JVM's file)");
            } else if (o.startsWith("-D" + ownProperty)) {
                dropped.add(o + " (set for the child by its parent)");
            } else {
                kept.add(o);
            }
        }
        return new Options(List.copyOf(kept), List.copyOf(dropped));
    }

    /** This JVM's system properties a child sets too, less {@code ownProperty}. */
    public static Map<String, String> systemProperties(String ownProperty) {
        Map<String, String> system = new TreeMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (JVM_OWN_PREFIXES.stream().noneMatch(name::startsWith) && !name.equals(ownProperty)) {
                system.put(name, System.getProperty(name));
            }
        }
        return system;
    }
}
