package dev.chronoscope.internal.ab;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.launch.ChildCommand;
import dev.chronoscope.internal.launch.ChildProcess;
import dev.chronoscope.internal.launch.LaunchMain;
import dev.chronoscope.internal.launch.LaunchRequest;
import dev.chronoscope.internal.launch.LaunchSelection;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * {@code SideLauncher} is used to run one side of one round and wait for it: the command way through
 * {@code /bin/sh -c} with {@link ChronoscopeConfig#REPORT_DIR_ENV} naming the round's directory; the classpath way
 * as a child JVM running {@link LaunchMain} (copied in front of the side's class path) with the same directory
 * also given as {@link ChronoscopeConfig#REPORT_DIR_KEY}. The sides of a round run one after the other, never at
 * once; the timed tests in them take the machine's timing lock as in any run. Output goes to the round's log file.
 */
final class SideLauncher {

    static final String CHILD_MAIN = ChildCommand.LAUNCH_MAIN;
    /** What the child prints before its summary, in the side's log. */
    static final String CHILD_PREFIX = "chronoscope ab child: ";
    /** The Launcher's entry point, looked for on a classpath side before any round runs. */
    static final String LAUNCHER_CLASS = "org/junit/platform/launcher/core/LauncherFactory.class";

    private final AbOptions options;
    private final Path childMainRoot;

    private SideLauncher(AbOptions options, Path childMainRoot) {
        this.options = options;
        this.childMainRoot = childMainRoot;
    }

    /** A launcher whose child main is copied under {@code out}. */
    static SideLauncher in(AbOptions options, Path out) throws IOException {
        String resource = CHILD_MAIN.replace('.', '/') + ".class";
        Path target = out.resolve("launcher").resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = SideLauncher.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the class " + resource + " is missing from this jar");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return new SideLauncher(options, out.resolve("launcher").toAbsolutePath());
    }

    /**
     * Why {@code side}'s class path cannot run the child main, naming the option; empty where it can (or for a
     * command). junit-platform-launcher is a {@code provided} dependency of Chronoscope: build tools bring their own.
     */
    static Optional<String> missingLauncher(Side side) {
        if (side.way() != Side.Way.CLASSPATH) {
            return Optional.empty();
        }
        for (String entry : side.classpath()) {
            Path p = side.directory().resolve(entry);
            if (Files.isDirectory(p) ? Files.isRegularFile(p.resolve(LAUNCHER_CLASS)) : holds(p, LAUNCHER_CLASS)) {
                return Optional.empty();
            }
        }
        return Optional.of("option --" + side.name() + "-classpath: none of its " + side.classpath().size()
                + " entries holds " + LAUNCHER_CLASS + "; expected org.junit.platform:junit-platform-launcher on the "
                + side.name() + " build's class"
                + " path (a test dependency of the build: Surefire and Gradle bring their own, which a class path they "
                + "print lacks)");
    }

    /**
     * Whether the jar {@code jar} holds {@code entry}, itself or in a jar its manifest's {@code Class-Path} names (a
     * pathing jar, as Surefire and Gradle write to keep a long class path off the command line).
     */
    private static boolean holds(Path jar, String entry) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile zip = new JarFile(jar.toFile())) {
            if (zip.getEntry(entry) != null) {
                return true;
            }
            Manifest manifest = zip.getManifest();
            String path = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (path == null) {
                return false;
            }
            for (String url : Text.words(path)) {
                Path p = Path.of(jar.toUri().resolve(url));
                if (Files.isDirectory(p) ? Files.isRegularFile(p.resolve(entry)) : holdsDirectly(p, entry)) {
                    return true;
                }
            }
            return false;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean holdsDirectly(Path jar, String entry) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile zip = new JarFile(jar.toFile())) {
            return zip.getEntry(entry) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What one side did in one round.
     *
     * @param exitCode    the process's exit code; null where it did not end by itself (timed out, or never started)
     * @param startFailed why it could not be started; null where it started
     */
    record SideRun(Side side, Path directory, Path log, Integer exitCode, boolean timedOut, String startFailed,
            long wallNanos) {

        /** Why this run gives no figures, or empty where it may: the records decide then. */
        Optional<String> failure() {
            if (startFailed != null) {
                return Optional.of("could not start: " + startFailed);
            }
            if (timedOut) {
                return Optional.of("stopped after the side timeout (log: " + log + ")");
            }
            return Optional.empty();
        }
    }

    /** Runs {@code side} with its records directed to {@code directory} (created), waiting at most the side timeout. */
    SideRun run(Side side, Path directory) throws IOException {
        Files.createDirectories(directory);
        Path dir = directory.toAbsolutePath();
        Path log = dir.resolve(side.name() + ".log");
        List<String> command = command(side, dir);
        ChildProcess.Exit exit = ChildProcess.run(command, side.directory(),
                Map.of(ChronoscopeConfig.REPORT_DIR_ENV, dir.toString()), Duration.ofNanos(options.sideTimeoutNanos()),
                new ChildProcess.LogFile(log));
        if (exit.startFailure().isPresent()) {
            return new SideRun(side, dir, log, null, false,
                    exit.commandLine() + ": " + exit.startFailure().get().getMessage(), exit.wallNanos());
        }
        boolean stopped = exit.timedOut() || exit.interrupted();
        return new SideRun(side, dir, log, stopped ? null : exit.exitCode().orElse(null), stopped, null,
                exit.wallNanos());
    }

    private List<String> command(Side side, Path dir) throws IOException {
        if (side.way() == Side.Way.COMMAND) {
            return List.of("/bin/sh", "-c", side.command().replace("{dir}", dir.toString()));
        }
        List<String> jvmOptions = new ArrayList<>(AbOptions.CHILD_JVM_ARGS);
        jvmOptions.addAll(options.jvmArgs());
        jvmOptions.addAll(side.jvmArgs());
        jvmOptions.add("-D" + ChronoscopeConfig.REPORT_DIR_KEY + "=" + dir);
        List<String> classPath = new ArrayList<>();
        classPath.add(childMainRoot.toString());
        classPath.addAll(side.classpath());
        Path requestFile = dir.resolve(side.name() + "-request.properties");
        new LaunchRequest(selection(side), Map.of(), Map.of(), Optional.empty(), Optional.of(CHILD_PREFIX),
                Optional.empty())
                .write(requestFile, dir.resolve(side.name() + "-result.properties"));
        return ChildCommand.launching(options.java(), jvmOptions, classPath, requestFile)
                .write(dir.resolve(side.name() + "-java.args"));
    }

    /** The options' selection; with no class and no package, every class-path directory of the side is scanned. */
    private LaunchSelection selection(Side side) {
        Selection selection = options.selection();
        List<Path> roots = new ArrayList<>();
        if (selection.classes().isEmpty() && selection.packages().isEmpty()) {
            for (String entry : side.classpath()) {
                if (Files.isDirectory(side.directory().resolve(entry))) {
                    roots.add(side.directory().resolve(entry).toAbsolutePath());
                }
            }
        }
        return new LaunchSelection(List.of(), selection.classes(), selection.packages(), roots,
                selection.includeTags(), selection.excludeTags());
    }
}
