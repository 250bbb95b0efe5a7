package dev.chronoscope.internal.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code ChildProcess} is used to run a child process to its end: started in a directory with extra environment
 * variables, its output relayed or written to a log file, and ended with its descendants when it outlives its
 * time or the waiting thread is interrupted.
 */
public final class ChildProcess {

    /** How long to wait for the stderr reader once the child has ended: its pipe closes with it. */
    private static final long DRAIN_MILLIS = 5_000;

    private ChildProcess() {
    }

    /** Where the child's output goes. */
    public sealed interface Output {
    }

    /**
     * Standard output relayed line by line to {@code out} by the waiting thread (so that a build attributes it to
     * the test that waits), standard error kept ({@link StderrTail}) and relayed to {@code err} when the child ends.
     */
    public record Relay(PrintStream out, PrintStream err) implements Output {
    }

    /** Standard output and error together into {@code file}. */
    public record LogFile(Path file) implements Output {
    }

    /**
     * How the child ended.
     *
     * @param command        the command that started it
     * @param pid            its process id; -1 where it never started
     * @param startedMillis  when it was started, epoch milliseconds
     * @param exitedMillis   when it had exited, epoch milliseconds
     * @param wallNanos      from its start to its exit
     * @param exitCode       its exit code; empty where it was ended, or never started
     * @param timedOut       whether it was ended for outliving its time
     * @param interrupted    whether it was ended because the waiting thread was interrupted
     * @param startFailure   why it could not be started, if it could not
     * @param stderr         its standard error as kept, for {@link Relay}; empty otherwise
     */
    public record Exit(List<String> command, long pid, long startedMillis, long exitedMillis, long wallNanos,
                       Optional<Integer> exitCode, boolean timedOut, boolean interrupted,
                       Optional<IOException> startFailure, String stderr) {

        /** The whole command line, as a user would type it to start the child again by hand. */
        public String commandLine() {
            return String.join(" ", command);
        }
    }

    /** Runs {@code command} in {@code directory} with {@code environment} added, waiting at most {@code timeout}. */
    public static Exit run(List<String> command, Path directory, Map<String, String> environment,
                           Duration timeout, Output output) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(environment);
        if (output instanceof LogFile log) {
            builder.redirectErrorStream(true).redirectOutput(log.file().toFile());
        }
        long startedMillis = System.currentTimeMillis();
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Exit(command, -1, startedMillis, System.currentTimeMillis(), System.nanoTime() - start,
                    Optional.empty(), false, false, Optional.of(e), "");
        }
        closeInput(process);
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledExecutorService watchdog =
                Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "chronoscope-child-watchdog"));
        ScheduledFuture<?> deadline = watchdog.schedule(() -> {
            timedOut.set(true);
            endTree(process);
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        boolean interrupted = false;
        String stderr = "";
        try {
            stderr = output instanceof Relay relay ? relayed(process, relay) : "";
            process.waitFor();
        } catch (InterruptedException e) {
            interrupted = true;
            endTree(process);
            Thread.currentThread().interrupt();
        } finally {
            deadline.cancel(false);
            watchdog.shutdownNow();
        }
        long wall = System.nanoTime() - start;
        boolean ended = timedOut.get() || interrupted;
        Optional<Integer> exitCode = ended || process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        return new Exit(command, process.pid(), startedMillis, System.currentTimeMillis(), wall, exitCode,
                timedOut.get(), interrupted, Optional.empty(), stderr);
    }

    /** Relays the child's standard output until it closes, then its standard error as kept; returns the latter. */
    private static String relayed(Process process, Relay relay) throws InterruptedException {
        StderrTail tail = new StderrTail(process.getErrorStream());
        Thread errReader = daemon(tail, "chronoscope-child-stderr");
        errReader.start();
        relay(process.getInputStream(), relay.out());
        process.waitFor();
        errReader.join(DRAIN_MILLIS);
        String text = tail.text();
        if (!text.isEmpty()) {
            relay.err().print(text.endsWith("\n") ? text : text + "\n");
            relay.err().flush();
        }
        return text;
    }

    private static void endTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void closeInput(Process process) {
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

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
