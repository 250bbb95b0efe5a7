package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.format.Text;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The JVM that holds the cross-JVM timing lock, as a JVM waiting for it names it, so that a user can
 * act: its pid and command line, how long it has held the lock, and whether the process that
 * started it has ended — a Surefire fork whose {@code /bin/sh -c} wrapper died lives on as a child
 * of pid 1 (or of a subreaper) and holds the lock for nobody. The holder writes a {@link Note} into
 * the lock file when it takes the lock: its pid, its parent's pid and start time, and since when it
 * holds it; the waiter compares the parent recorded there with the processes it sees.
 */
final class LockHolder {

    /** At most this many characters of a holder's command line are said: enough for its program and main class. */
    static final int COMMAND_CHARS = 200;
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path", "-p",
            "--module-path");

    private LockHolder() {
    }

    /** A process as this JVM sees it: its parent's pid (where it has one), start time and command line. */
    record Seen(long pid, OptionalLong parent, Optional<Instant> start, String commandLine) {
    }

    /** Looks processes up by pid: the OS's in use, described ones in tests. */
    @FunctionalInterface
    interface Processes {
        Processes SYSTEM = pid -> ProcessHandle.of(pid).map(LockHolder::seen);

        Optional<Seen> find(long pid);
    }

    private static Seen seen(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        return new Seen(p.pid(), p.parent().map(h -> OptionalLong.of(h.pid())).orElse(OptionalLong.empty()),
                info.startInstant(), commandLine(info));
    }

    /**
     * What the holder writes into the lock file: {@code pid=4711 parent=4700@1796545470700 since=1796545479000}
     * (the parent's start and the time the lock was taken in epoch milliseconds; {@code parent=?} where it has none).
     */
    record Note(long pid, OptionalLong parent, Optional<Instant> parentStart, Optional<Instant> since) {

        /** This JVM's note, holding the lock from {@code since}. */
        static Note of(ProcessHandle self, Instant since) {
            Optional<ProcessHandle> parent = self.parent();
            return new Note(self.pid(), parent.map(p -> OptionalLong.of(p.pid())).orElse(OptionalLong.empty()),
                    parent.flatMap(p -> p.info().startInstant()), Optional.of(since));
        }

        String text() {
            return "pid=" + pid + " parent=" + (parent.isPresent() ? parent.getAsLong() + "@"
                    + parentStart.map(i -> Long.toString(i.toEpochMilli())).orElse("?") : "?")
                    + " since=" + since.map(i -> Long.toString(i.toEpochMilli())).orElse("?") + "\n";
        }

        /**
         * The note in {@code text}; a bare pid (as earlier versions wrote) is a note of the pid alone; empty where it
         * is neither.
         */
        static Optional<Note> parse(String text) {
            String t = text.strip();
            try {
                if (!t.startsWith("pid=")) {
                    return Optional.of(new Note(Long.parseLong(t), OptionalLong.empty(), Optional.empty(),
                            Optional.empty()));
                }
                long pid = -1;
                OptionalLong parent = OptionalLong.empty();
                Optional<Instant> parentStart = Optional.empty();
                Optional<Instant> since = Optional.empty();
                for (String field : Text.split(t, ' ')) {
                    String value = field.substring(field.indexOf('=') + 1);
                    if (field.startsWith("pid=")) {
                        pid = Long.parseLong(value);
                    } else if (field.startsWith("parent=") && !value.equals("?")) {
                        String[] p = Text.split(value, '@', 2);
                        parent = OptionalLong.of(Long.parseLong(p[0]));
                        parentStart = p.length == 2 && !p[1].equals("?")
                                ? Optional.of(Instant.ofEpochMilli(Long.parseLong(p[1]))) : Optional.empty();
                    } else if (field.startsWith("since=") && !value.equals("?")) {
                        since = Optional.of(Instant.ofEpochMilli(Long.parseLong(value)));
                    }
                }
                return pid < 0 ? Optional.empty() : Optional.of(new Note(pid, parent, parentStart, since));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * The holder {@code pid} in words: {@code pid 4711 (java -cp … ForkedBooter …), holding it for
     * 12.3 s; orphaned: …}. {@code note} is what the lock file says of it, if it is this pid's.
     */
    static String describe(long pid, Optional<Note> note, Processes processes, Instant now) {
        Optional<Seen> holder = processes.find(pid);
        if (holder.isEmpty()) {
            return "pid " + pid + " (not visible from this JVM)";
        }
        Optional<Note> own = note.filter(n -> n.pid() == pid);
        StringBuilder out = new StringBuilder("pid " + pid + " (" + holder.get().commandLine() + ")");
        own.flatMap(Note::since).map(since -> Duration.between(since, now)).filter(d -> !d.isNegative())
                .ifPresent(d -> out.append(String.format(Locale.ROOT, ", holding it for %.1f s", d.toMillis() / 1e3)));
        orphaned(holder.get(), own, processes).ifPresent(why -> out.append("; orphaned: ").append(why)
                .append(", so no build may be waiting for it: if it is left over, end it (kill ").append(pid)
                .append(")"));
        return out.toString();
    }

    /**
     * Why the holder is an orphan, where it is one: the parent it recorded when it took the lock has
     * ended (or its pid is another process's now), or its parent is pid 1.
     */
    private static Optional<String> orphaned(Seen holder, Optional<Note> note, Processes processes) {
        OptionalLong current = holder.parent();
        String now = current.isPresent() ? " (it is now a child of pid " + current.getAsLong() + ")" : "";
        OptionalLong recorded = note.map(Note::parent).orElse(OptionalLong.empty());
        if (recorded.isPresent() && recorded.getAsLong() != 1) {
            Optional<Seen> parent = processes.find(recorded.getAsLong());
            boolean same = parent.isPresent() && (note.get().parentStart().isEmpty() || parent.get().start().isEmpty()
                    || parent.get().start().get().toEpochMilli() == note.get().parentStart().get().toEpochMilli());
            if (!same) {
                return Optional.of("its parent pid " + recorded.getAsLong() + ", which started it, has ended" + now);
            }
        }
        return current.isPresent() && current.getAsLong() == 1
                ? Optional.of("its parent is pid 1: the process that started it has ended") : Optional.empty();
    }

    /**
     * A command line as a waiting JVM says it: {@code /usr/bin/java -cp … org.apache.maven.surefire.booter.ForkedBooter
     * …},
     * the class path left out (hundreds of jars say nothing) and the rest cut at {@value #COMMAND_CHARS} characters.
     */
    private static String commandLine(ProcessHandle.Info info) {
        StringBuilder line = new StringBuilder(info.command().orElse("command unknown"));
        String[] args = info.arguments().orElse(new String[0]);
        for (int i = 0; i < args.length; i++) {
            line.append(' ').append(args[i]);
            if (CLASS_PATH_OPTIONS.contains(args[i]) && i + 1 < args.length) {
                line.append(" …");
                i++;
            }
        }
        return line.length() <= COMMAND_CHARS ? line.toString() : line.substring(0, COMMAND_CHARS - 1) + "…";
    }
}
