package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.launch.ChildProcess;
import dev.chronoscope.internal.launch.LaunchOutcome;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One forked test's JVM, run to its end: started from a {@link ForkRequest}, its standard output
 * relayed line by line to this JVM's {@code System.out} by the calling (the test's) thread, so that
 * the build attributes the child's timing section to the test; its standard error kept and relayed
 * when it ends; ended, with its descendants, when it outlives its time.
 */
public final class ForkedJvm {

    /** How much of the child's standard error a failure message quotes, from its end. */
    static final int STDERR_TAIL_CHARS = 4_000;

    private ForkedJvm() {
    }

    /**
     * How the child ended.
     *
     * @param command      the command that started it (its argument file is kept until the directory goes)
     * @param argumentFile the argument file the command names
     * @param pid          its process id; -1 where it never started
     * @param started      when it was started, epoch milliseconds
     * @param exited       when it had exited, epoch milliseconds
     * @param exitCode     its exit code; empty where it was ended for outliving its time or never started
     * @param timedOut     whether it was ended for outliving {@code timeout}
     * @param notStarted   why it could not be started, if it could not
     * @param result       what it wrote of its test, if it wrote that
     * @param records      the JSON Lines records it wrote, in order
     * @param stderr       the end of its standard error
     */
    public record Ended(List<String> command, String argumentFile, long pid, long started, long exited,
                        Optional<Integer> exitCode, boolean timedOut, Optional<String> notStarted,
                        Optional<LaunchOutcome> result, List<String> records, String stderr) {

        /** The whole command line, as a user would type it to start the child again by hand. */
        public String commandLine() {
            return String.join(" ", command);
        }
    }

    /**
     * Starts the child for {@code request} in {@code directory} (a fresh, private directory; the child
     * writes its records into {@code directory/records}, set by the request's configuration), relays
     * its output to {@code out}, and waits at most {@code timeout} for it.
     */
    public static Ended run(ForkRequest request, Path directory, Duration timeout, PrintStream out, PrintStream err) {
        Path result = directory.resolve("fork-result.properties");
        List<String> command;
        try {
            command = request.write(directory, result);
        } catch (IOException e) {
            long now = System.currentTimeMillis();
            return new Ended(List.of(request.java().toString()), "", -1, now, now, Optional.empty(), false,
                    Optional.of("its request could not be written to " + directory + ": " + e), Optional.empty(),
                    List.of(), "");
        }
        String argumentFile = command.get(command.size() - 1).substring(1);
        ChildProcess.Exit exit = ChildProcess.run(command, Path.of("").toAbsolutePath(), Map.of(), timeout,
                new ChildProcess.Relay(out, err));
        if (exit.startFailure().isPresent()) {
            return new Ended(command, argumentFile, -1, exit.startedMillis(), exit.exitedMillis(), Optional.empty(),
                    false, Optional.of(exit.startFailure().get().toString()), Optional.empty(), List.of(), "");
        }
        String errText = exit.stderr();
        Optional<LaunchOutcome> read;
        List<String> records;
        try {
            read = LaunchOutcome.read(result);
            records = records(directory.resolve("records"));
        } catch (IOException | RuntimeException e) {
            read = Optional.empty();
            records = List.of();
            errText = errText + "\n[chronoscope] the fork's result or records could not be read from " + directory
                    + ": " + e;
        }
        return new Ended(command, argumentFile, exit.pid(), exit.startedMillis(), exit.exitedMillis(),
                exit.exitCode(), exit.timedOut(), Optional.empty(), read, records, tail(errText));
    }

    /** The JSON Lines the child wrote into {@code directory}, in the order of its files and lines. */
    static List<String> records(Path directory) throws IOException {
        List<String> lines = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return lines;
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "chronoscope-*.jsonl")) {
            stream.forEach(files::add);
        }
        files.sort(null);
        for (Path f : files) {
            Files.readAllLines(f).stream().filter(l -> !l.isBlank()).forEach(lines::add);
        }
        return lines;
    }

    private static String tail(String text) {
        return text.length() <= STDERR_TAIL_CHARS ? text : "…" + text.substring(text.length() - STDERR_TAIL_CHARS);
    }
}
