package dev.chronoscope.internal.report;

import java.time.Instant;

/**
 * Which run a JVM belongs to, so that the JVMs of one run (Surefire's forks) find each other's
 * records in the report directory and leave older runs' out: the process that started this JVM
 * (Maven's, for Surefire forks), by its pid and start time. Without a parent, this JVM alone.
 */
public final class RunKey {

    private RunKey() {
    }

    /** {@code configured} if set (as {@code run <id>}), else the parent process. */
    public static String of(java.util.Optional<String> configured) {
        return configured.map(id -> "run " + id).orElseGet(RunKey::current);
    }

    public static String current() {
        ProcessHandle self = ProcessHandle.current();
        return self.parent()
                .map(p -> "parent " + p.pid() + "@" + p.info().startInstant().map(Instant::toEpochMilli).map(String::valueOf).orElse("?"))
                .orElseGet(() -> "jvm " + self.pid() + "@" + self.info().startInstant().map(Instant::toEpochMilli)
                        .map(String::valueOf).orElse("?"));
    }
}
