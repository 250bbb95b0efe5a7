package dev.chronoscope.internal.junit.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One forked test's JVM, run to its end: started from a {@link ForkRequest}, its standard output
 * relayed line by line to this JVM's {@code System.out} by the calling (the test's) thread, so that
 * the build attributes the child's timing section to the test; its standard error kept and relayed
 * when it ends; ended, with its descendants, when it outlives its time.
 */
public final class ForkedJvm {

    /** How much of the child's standard error a failure message quotes, from its end. */
    static final int STDERR_TAIL_CHARS = 4_000;
    /** How much of the child's standard error is kept and relayed: enough for any warning, bounded against a flood. */
    static final int MAX_STDERR_CHARS = 1 << 20;
    /** How long to wait for the stderr reader once the child has ended: its pipe closes with it. */
    private static final long DRAIN_MILLIS = 5_000;

    private ForkedJvm() {
    }

    /**
     * How the child ended.
     *
     * @param command   the command that started it (its argument file is kept until the directory goes)
     * @param pid       its process id; -1 where it never started
     * @param started   when it was started, epoch milliseconds
     * @param exited    when it had exited, epoch milliseconds
     * @param exitCode  its exit code; empty where it was ended for outliving its time or never started
     * @param timedOut  whether it was ended for outliving {@code timeout}
     * @param notStarted why it could not be started, if it could not
     * @param result    what it wrote of its test, if it wrote that
     * @param records   the JSON Lines records it wrote, in order
     * @param stderr    the end of its standard error
     */
    public record Ended(List<String> command, String argumentFile, long pid, long started, long exited,
                        Optional<Integer> exitCode, boolean timedOut, Optional<String> notStarted,
                        Optional<ForkResult> result, List<String> records, String stderr) {

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
        long started = System.currentTimeMillis();
        Process process;
        try {
            process = new ProcessBuilder(command).directory(Path.of("").toAbsolutePath().toFile()).start();
        } catch (IOException e) {
            return new Ended(command, argumentFile, -1, started, System.currentTimeMillis(), Optional.empty(), false,
                    Optional.of(e.toString()), Optional.empty(), List.of(), "");
        }
        closeQuietly(process);
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledExecutorService watchdog =
                Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "chronoscope-fork-watchdog"));
        ScheduledFuture<?> deadline = watchdog.schedule(() -> {
            timedOut.set(true);
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        Tail stderr = new Tail(process.getErrorStream());
        Thread errReader = daemon(stderr, "chronoscope-fork-stderr");
        errReader.start();
        try {
            relay(process.getInputStream(), out);
            process.waitFor();
            errReader.join(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            deadline.cancel(false);
            watchdog.shutdownNow();
        }
        long exited = System.currentTimeMillis();
        String errText = stderr.text();
        if (!errText.isEmpty()) {
            err.print(errText.endsWith("\n") ? errText : errText + "\n");
            err.flush();
        }
        Optional<ForkResult> read;
        List<String> records;
        try {
            read = ForkResult.read(result);
            records = records(directory.resolve("records"));
        } catch (IOException | RuntimeException e) {
            read = Optional.empty();
            records = List.of();
            errText = errText + "\n[chronoscope] the fork's result or records could not be read from " + directory
                    + ": " + e;
        }
        boolean ended = timedOut.get();
        Optional<Integer> exitCode = ended || process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        return new Ended(command, argumentFile, process.pid(), started, exited, exitCode, ended, Optional.empty(), read,
                records, tail(errText));
    }

    private static void closeQuietly(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // the child reads no input: a pipe that cannot be closed changes nothing for it
        }
    }

    /** Copies the child's lines to {@code out} as they come, until it closes its output (it ended, or was ended). */
    private static void relay(InputStream in, PrintStream out) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, Charset.defaultCharset()))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.println(line);
                out.flush();
            }
        } catch (IOException e) {
            out.println("[chronoscope] the fork's output could not be read to its end: " + e);
        }
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

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Reads a stream to its end, keeping the first {@link #MAX_STDERR_CHARS} characters and saying where it cut. */
    private static final class Tail implements Runnable {
        private final InputStream in;
        private final StringBuffer text = new StringBuffer();

        Tail(InputStream in) {
            this.in = in;
        }

        @Override
        public void run() {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, Charset.defaultCharset()))) {
                long dropped = 0;
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (text.length() < MAX_STDERR_CHARS) {
                        text.append(line).append('\n');
                    } else {
                        dropped += line.length() + 1;
                    }
                }
                if (dropped > 0) {
                    text.append("[chronoscope] the fork wrote ").append(dropped)
                            .append(" more characters to its standard error, not kept\n");
                }
            } catch (IOException e) {
                text.append("[chronoscope] the fork's standard error could not be read to its end: ").append(e)
                        .append('\n');
            }
        }

        String text() {
            return text.toString();
        }
    }
}
