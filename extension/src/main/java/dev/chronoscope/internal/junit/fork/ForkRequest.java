package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.format.Text;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * What a forked test's JVM is started with, taken from this JVM: its {@code java}, JVM options, class
 * path and system properties, and the test's unique id with the configuration parameters to run it
 * with. The command line goes into an argument file ({@code java @file}), so a long class path never
 * meets the OS's limit on a command line; the rest into a request file {@link ForkMain} reads.
 *
 * @param java          the {@code java} executable of this JVM
 * @param jvmOptions    this JVM's options that the child gets too
 * @param dropped       this JVM's options the child does not get, each with why
 * @param classPath     this JVM's class path
 * @param test          the unique id of the test (or the invocation) to run
 * @param configuration configuration parameters for the child's launcher
 * @param system        system properties the child sets before it launches anything
 */
public record ForkRequest(Path java, List<String> jvmOptions, List<String> dropped, String classPath, String test,
                          Map<String, String> configuration, Map<String, String> system) {

    /** Set in a forked test's JVM, to the parent's pid: that JVM times its tests itself and forks no further. */
    public static final String CHILD_PROPERTY = "dev.chronoscope.fork.child";

    static final String TEST = "test";
    static final String RESULT = "result";
    static final String PARENT_PID = "parentPid";
    static final String SYSTEM_PREFIX = "system.";
    static final String CONFIG_PREFIX = "config.";

    /**
     * System properties the JVM sets itself, or that describe this JVM and process: the child's own
     * are right for it. Everything else this JVM has (Surefire's {@code systemPropertyVariables}, a
     * test's own {@code -D}) is passed on.
     */
    private static final List<String> JVM_OWN_PREFIXES = List.of("java.", "jdk.", "sun.", "os.", "user.", "file.",
            "native.", "stdout.", "stderr.", "line.", "path.", "surefire.", "jboss.", "awt.", "apple.", "com.sun.",
            "idea.", "intellij.");

    /** JVM options that must not be given twice: a debugger's port, a recording's file, this JVM's class path. */
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

    /** What the child's {@link ForkMain} needs from the JUnit Platform: the launcher and what it stands on. */
    private static final List<String> LAUNCHER_CLASSES = List.of("org.junit.platform.launcher.core.LauncherFactory",
            "org.junit.platform.engine.TestEngine", "org.junit.platform.commons.util.Preconditions",
            "org.opentest4j.TestAbortedException");

    /** Whether this JVM is a forked test's: then it times its tests itself. */
    public static boolean inChild() {
        return System.getProperty(CHILD_PROPERTY) != null;
    }

    /**
     * Why this JVM cannot fork a test, if it cannot: the child would not find what it needs or would
     * not be this JVM's twin.
     */
    public static Optional<String> cannotFork() {
        if (System.getProperty("jdk.module.path") != null) {
            return Optional.of("this JVM runs its tests on the module path (jdk.module.path is set), and a fork starts "
                    + "a class-path JVM only");
        }
        if (!Files.isExecutable(javaOfThisJvm())) {
            return Optional.of("this JVM's java executable " + javaOfThisJvm() + " is not there or cannot be run");
        }
        try {
            Class.forName("org.junit.platform.launcher.core.LauncherFactory", false,
                    ForkRequest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("the JUnit Platform Launcher (junit-platform-launcher) is not on the class path: " + e);
        }
        return Optional.empty();
    }

    /** A request to run {@code test} in a twin of this JVM, with {@code configuration}. */
    public static ForkRequest ofThisJvm(String test, Map<String, String> configuration) {
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
            } else if (o.startsWith("-D" + CHILD_PROPERTY)) {
                dropped.add(o + " (set for the child by its parent)");
            } else {
                kept.add(o);
            }
        }
        Map<String, String> system = new java.util.TreeMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (JVM_OWN_PREFIXES.stream().noneMatch(name::startsWith) && !name.equals(CHILD_PROPERTY)) {
                system.put(name, System.getProperty(name));
            }
        }
        return new ForkRequest(javaOfThisJvm(), List.copyOf(kept), List.copyOf(dropped),
                withLauncher(System.getProperty("java.class.path")), test, Map.copyOf(configuration),
                Map.copyOf(system));
    }

    /** This request with the system property {@code name} set to {@code value} in the child too. */
    public ForkRequest withSystemProperty(String name, String value) {
        Map<String, String> more = new java.util.TreeMap<>(system);
        more.put(name, value);
        return new ForkRequest(java, jvmOptions, dropped, classPath, test, configuration, Map.copyOf(more));
    }

    /**
     * {@code classPath} with the JUnit Platform Launcher's jar added where it is not on it: Surefire loads the
     * launcher it brings from its own class path, not the tests', so a project that depends on
     * {@code junit-jupiter} alone would start a child that cannot launch anything.
     */
    static String withLauncher(String classPath) {
        List<String> entries = new ArrayList<>(List.of(Text.split(classPath, File.pathSeparatorChar)));
        for (String name : LAUNCHER_CLASSES) {
            try {
                CodeSource source = Class.forName(name, false, ForkRequest.class.getClassLoader())
                        .getProtectionDomain().getCodeSource();
                if (source != null && source.getLocation() != null) {
                    String entry = Path.of(source.getLocation().toURI()).toString();
                    if (!entries.contains(entry)) {
                        entries.add(entry);
                    }
                }
            } catch (ClassNotFoundException | LinkageError | URISyntaxException | RuntimeException e) {
                // not loadable here either: cannotFork() has said so before any fork
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    static Path javaOfThisJvm() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * Writes the argument file and the request file into {@code directory}, and returns the command
     * that starts the child; the child writes its {@link ForkResult} to {@code result}.
     */
    List<String> write(Path directory, Path result) throws IOException {
        Properties request = new Properties();
        request.setProperty(TEST, test);
        request.setProperty(RESULT, result.toString());
        request.setProperty(PARENT_PID, Long.toString(ProcessHandle.current().pid()));
        system.forEach((k, v) -> request.setProperty(SYSTEM_PREFIX + k, v));
        configuration.forEach((k, v) -> request.setProperty(CONFIG_PREFIX + k, v));
        Path requestFile = directory.resolve("fork-request.properties");
        try (OutputStream out = Files.newOutputStream(requestFile)) {
            request.store(out, "a forked test: what its JVM runs");
        }
        List<String> arguments = new ArrayList<>(jvmOptions);
        arguments.add("-cp");
        arguments.add(classPath);
        arguments.add(ForkMain.class.getName());
        arguments.add(requestFile.toString());
        StringBuilder file = new StringBuilder();
        for (String a : arguments) {
            file.append(quoted(a)).append('\n');
        }
        Path argFile = directory.resolve("fork-java.args");
        Files.writeString(argFile, file, StandardCharsets.UTF_8);
        return List.of(java.toString(), "@" + argFile);
    }

    /** One argument of a {@code java} argument file: quoted, with backslashes and quotes escaped. */
    static String quoted(String argument) {
        return "\"" + argument.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
