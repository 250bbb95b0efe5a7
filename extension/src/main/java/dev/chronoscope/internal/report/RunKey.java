package dev.chronoscope.internal.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which run a JVM belongs to, so that the JVMs of one build (Surefire's forks) find each other's
 * records in the report directory and leave older builds' out: the process that started this JVM,
 * by its pid and start time, looking through shells that only launched it ({@code sh -c "cd … &&
 * java …"}, as Surefire starts every fork). For Surefire's forks that is the Maven JVM, which every
 * fork of the build shares, whatever {@code forkCount} and {@code reuseForks} say. Without a
 * parent, this JVM alone.
 */
public final class RunKey {

    /** Shells that start a command with {@code -c}; one that does is looked through. */
    private static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "ash", "zsh", "ksh", "busybox");

    private RunKey() {
    }

    /**
     * {@code configured} if set, with the process that started this JVM ({@code run <id> · parent
     * <pid>@<start>}), else that process alone. An id reused by a later build (a fixed value, no
     * {@code mvn clean}) is thereby kept apart from the earlier build's records, which another Maven
     * JVM started; where builds share a starter (a daemon), the id alone tells them apart.
     */
    public static String of(Optional<String> configured) {
        return configured.map(id -> "run " + id + " · " + current()).orElseGet(RunKey::current);
    }

    public static String current() {
        ProcessHandle self = ProcessHandle.current();
        Optional<ProcessHandle> starter = self.parent();
        while (starter.isPresent() && launchShell(starter.get())) {
            starter = starter.get().parent();
        }
        return starter.map(p -> "parent " + p.pid() + "@" + startMillis(p))
                .orElseGet(() -> "jvm " + self.pid() + "@" + startMillis(self));
    }

    private static String startMillis(ProcessHandle p) {
        return p.info().startInstant().map(Instant::toEpochMilli).map(String::valueOf).orElse("?");
    }

    private static boolean launchShell(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        return info.command().isPresent() && launchShell(info.command().get(), List.of(info.arguments()
                .orElse(new String[0])));
    }

    /**
     * Whether a process running {@code command} with {@code arguments} is a shell that only
     * launched a command ({@code -c}): an interactive shell, or one running a script, is a
     * starter of its own (two runs typed into one terminal are two runs).
     */
    static boolean launchShell(String command, List<String> arguments) {
        Path name = Path.of(command).getFileName();
        return name != null && SHELLS.contains(name.toString()) && !arguments.isEmpty() && arguments.getFirst()
                .equals("-c");
    }
}
