package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.launch.ChildCommand;
import dev.chronoscope.internal.launch.LaunchRequest;
import dev.chronoscope.internal.launch.ThisJvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a forked test's JVM is started with, taken from this JVM: its {@code java}, JVM options, class
 * path and system properties, and the test's unique id with the configuration parameters to run it
 * with. The command line goes into an argument file ({@code java @file}), so a long class path never
 * meets the OS's limit on a command line; the rest into a request file the child's
 * {@link dev.chronoscope.internal.launch.LaunchMain} reads.
 *
 * @param java          the {@code java} executable of this JVM
 * @param jvmOptions    this JVM's options that the child gets too
 * @param dropped       this JVM's options the child does not get, each with why
 * @param classPath     this JVM's class path, with the JUnit Platform Launcher's jars where it lacks them
 * @param test          the unique id of the test (or the invocation) to run
 * @param configuration configuration parameters for the child's launcher
 * @param system        system properties the child sets before it launches anything
 * @param preparation   a {@link Runnable} class the child runs before its launcher starts, if any
 */
public record ForkRequest(Path java, List<String> jvmOptions, List<String> dropped, String classPath, String test,
                          Map<String, String> configuration, Map<String, String> system,
                          Optional<String> preparation) {

    /** Set in a forked test's JVM, to the parent's pid: that JVM times its tests itself and forks no further. */
    public static final String CHILD_PROPERTY = "dev.chronoscope.fork.child";

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
        if (!Files.isExecutable(ThisJvm.java())) {
            return Optional.of("this JVM's java executable " + ThisJvm.java() + " is not there or cannot be run");
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
        ThisJvm.Options options = ThisJvm.options(CHILD_PROPERTY);
        return new ForkRequest(ThisJvm.java(), options.kept(), options.dropped(), ThisJvm.classPath(), test,
                Map.copyOf(configuration), Map.copyOf(ThisJvm.systemProperties(CHILD_PROPERTY)), Optional.empty());
    }

    /** This request with the system property {@code name} set to {@code value} in the child too. */
    public ForkRequest withSystemProperty(String name, String value) {
        Map<String, String> more = new java.util.TreeMap<>(system);
        more.put(name, value);
        return new ForkRequest(java, jvmOptions, dropped, classPath, test, configuration, Map.copyOf(more),
                preparation);
    }

    /** This request with {@code runnableClass} run in the child before its launcher starts. */
    public ForkRequest preparedBy(String runnableClass) {
        return new ForkRequest(java, jvmOptions, dropped, classPath, test, configuration, system,
                Optional.of(runnableClass));
    }

    /**
     * Writes the argument file and the request file into {@code directory}, and returns the command
     * that starts the child; the child writes its outcome to {@code result}.
     */
    List<String> write(Path directory, Path result) throws IOException {
        Map<String, String> childSystem = new HashMap<>(system);
        childSystem.put(CHILD_PROPERTY, Long.toString(ProcessHandle.current().pid()));
        Path requestFile = directory.resolve("fork-request.properties");
        LaunchRequest launch = LaunchRequest.watching(test, configuration, childSystem);
        (preparation.isPresent() ? launch.preparedBy(preparation.get()) : launch).write(requestFile, result);
        return ChildCommand.launching(java.toString(), jvmOptions, List.of(classPath), requestFile)
                .write(directory.resolve("fork-java.args"));
    }
}
