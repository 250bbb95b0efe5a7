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

/**
 * Timed tests of different JVMs take turns through an OS file lock in a directory only the user can
 * write: another JVM, started here, holds the lock; this one waits for it (within its bound), and
 * gets it at once when the other is killed.
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
