package dev.chronoscope.internal.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Timed tests of different JVMs take turns through an OS file lock in a directory only the user can
 * write: another JVM, started here, holds the lock; this one waits for it (within its bound), and
 * gets it at once when the other is killed; a holder whose parent has ended is said to be orphaned.
 */
class MachineTimingLockTests {

    @TempDir
    Path home;

    @Test
    void aJvmWaitsWhileAnotherTimesAndGetsTheLockOnceThatOneIsKilled() throws Exception {
        Process other = holdInAnotherJvm();
        MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());
        try {
            String waited = lock.acquire(true, 300_000_000L);
            assertThat(waited).startsWith("timed without the cross-JVM timing lock " + home.resolve(".cache/chronoscope/timing.lock"))
                    .contains("another JVM held it for more than the 0.3 s this test waits");
        } finally {
            other.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        String held = lock.acquire(true, 30_000_000_000L);
        lock.release();
        assertThat(held).as("kill -9 leaves no stale lock").startsWith("held the cross-JVM timing lock ").contains("(waited ");
    }

    @Test
    void aWaitLongerThanItsThresholdIsSaidWhenItBeginsAndEndsNamingTheJvmThatHoldsTheLock() throws Exception {
        Process other = holdInAnotherJvm();
        MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());
        List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
        // the other JVM lets go of the lock when its standard input closes, a second from now
        Thread release = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(1_000);
                other.getOutputStream().close();
            } catch (Exception e) {
                other.destroyForcibly();
            }
        });
        String held;
        try {
            held = lock.acquire(true, 60_000_000_000L, 200_000_000L, "T.waits()", said::add);
            lock.release();
        } finally {
            release.join();
            other.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        String holder = "pid " + other.pid() + " (";
        assertThat(said).hasSize(2);
        assertThat(said.get(0)).startsWith("T.waits() waits for the cross-JVM timing lock " + home.resolve(".cache/chronoscope/timing.lock")
                + ", held by " + holder).contains(" -cp … " + MachineTimingLockMain.class.getName() + " " + home)
                .as("its class path left out").doesNotContain(System.getProperty("java.class.path"));
        assertThat(said.get(1)).startsWith("T.waits() got the cross-JVM timing lock after waiting ").contains(" s for " + holder);
        assertThat(held).startsWith("held the cross-JVM timing lock ").contains(", held by " + holder);
    }

    @Test
    void aHolderWhoseParentHasEndedIsSaidToBeOrphanedWithHowLongItHasHeldTheLock() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh here to start a holder that outlives its parent");
        // as Surefire starts a fork: through a shell, which ends once the JVM holds the lock (a line on the shell's input),
        // leaving the JVM to pid 1 or a subreaper
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process shell = new ProcessBuilder("/bin/sh", "-c", "\"$@\" & echo $!; read line", "sh", java, "-cp",
                System.getProperty("java.class.path"), MachineTimingLockMain.class.getName(), home.toString(), "until-killed").start();
        BufferedReader out = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
        long holderPid = Long.parseLong(out.readLine().strip());
        ProcessHandle holder = ProcessHandle.of(holderPid).orElseThrow();
        try {
            assertThat(out.readLine()).startsWith("held the cross-JVM timing lock");
            shell.getOutputStream().write('\n');
            shell.getOutputStream().close();
            assertThat(shell.waitFor(30, TimeUnit.SECONDS)).as("the holder's parent has ended").isTrue();
            MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());
            List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();

            String turn = lock.acquire(true, 1_000_000_000L, 100_000_000L, "T.waits()", said::add);

            assertThat(turn).startsWith("timed without the cross-JVM timing lock");
            assertThat(said).hasSize(2);
            assertThat(said.get(0)).contains("held by pid " + holderPid + " (").containsPattern(", holding it for \\d+\\.\\d s; ")
                    .contains("; orphaned: its parent pid " + shell.pid() + ", which started it, has ended (it is now a child of pid ")
                    .endsWith(", so no build may be waiting for it: if it is left over, end it (kill " + holderPid + "): timed tests of "
                            + "this user's JVMs run one at a time (it waits at most 1 s)");
            assertThat(said.get(1)).startsWith("T.waits() stopped waiting after ").contains("beside pid " + holderPid + " (")
                    .contains("orphaned: its parent pid " + shell.pid());
        } finally {
            holder.destroyForcibly();
            holder.onExit().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aShortWaitIsNotSaid() throws Exception {
        MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());
        List<String> said = new java.util.ArrayList<>();

        String held = lock.acquire(true, 60_000_000_000L, 1_000_000_000L, "T.free()", said::add);
        lock.release();

        assertThat(said).isEmpty();
        assertThat(held).startsWith("held the cross-JVM timing lock ").doesNotContain("held by");
    }

    @Test
    void offByTheKeyTheRecordSaysSo() {
        assertThat(MachineTimingLock.forUser(Map.of(), home.toString()).acquire(false))
                .isEqualTo("timed without the cross-JVM timing lock (chronoscope.timing.crossJvmLock = false): timed tests of "
                        + "other JVMs may have run alongside");
    }

    @Test
    void aDirectoryOthersCanWriteIsRefusedAndTheLockIsOffSayingWhy() throws Exception {
        Path shared = Files.createDirectories(home.resolve(".cache/chronoscope"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());

        assertThat(lock.on()).isFalse();
        assertThat(lock.off()).isEqualTo("no directory only this user can write: " + shared + " is writable by others (rwxrwxrwx)");
        assertThat(lock.acquire(true)).startsWith("timed without the cross-JVM timing lock (no directory only this user can write");
    }

    @Test
    void theDirectoryIsCreatedForTheUserAlone() throws Exception {
        MachineTimingLock lock = MachineTimingLock.forUser(Map.of(), home.toString());

        assertThat(lock.on()).isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(".cache/chronoscope")))).isEqualTo("rwx------");
    }

    private Process holdInAnotherJvm() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), MachineTimingLockMain.class.getName(),
                home.toString())).redirectErrorStream(true).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertThat(first).startsWith("held the cross-JVM timing lock");
        return p;
    }
}
