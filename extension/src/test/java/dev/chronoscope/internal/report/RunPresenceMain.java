package dev.chronoscope.internal.report;

import java.nio.file.Path;

/**
 * Joins a run in a directory and holds its presence until its standard input closes (or it is
 * killed): another JVM of the run, for {@link RunPresenceTests}. Arguments: the directory, the run.
 */
public final class RunPresenceMain {

    private RunPresenceMain() {
    }

    public static void main(String[] args) throws Exception {
        RunPresence presence = RunPresence.join(Path.of(args[0]), args[1]).orElseThrow();
        System.out.println("joined");
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold the presence until stdin closes
        }
        try (RunPresence.Turn turn = presence.leave()) {
            System.out.println("last=" + turn.last());
        }
    }
}
