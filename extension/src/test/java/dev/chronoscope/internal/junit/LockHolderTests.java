package dev.chronoscope.internal.junit;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a JVM waiting for the cross-JVM timing lock names its holder, on described processes: how
 * long it has held the lock, and whether the process that started it has ended (the parent it
 * recorded is gone or is another process now, or, where it recorded none, its parent is pid 1).
 */
class LockHolderTests {

    private static final Instant NOW = Instant.parse("2026-12-06T09:00:00Z");
    private static final Instant PARENT_START = Instant.parse("2026-12-06T08:00:00Z");

    private static LockHolder.Seen process(long pid, long parent, Instant start) {
        return new LockHolder.Seen(pid, OptionalLong.of(parent), Optional.of(start), "/usr/bin/java -cp … ForkedBooter");
    }

    private static LockHolder.Processes of(LockHolder.Seen... seen) {
        Map<Long, LockHolder.Seen> byPid = new java.util.HashMap<>();
        for (LockHolder.Seen s : seen) {
            byPid.put(s.pid(), s);
        }
        return pid -> Optional.ofNullable(byPid.get(pid));
    }

    private static Optional<LockHolder.Note> note(String text) {
        return LockHolder.Note.parse(text);
    }

    @Test
    void aHolderWhoseRecordedParentIsAliveIsNamedWithHowLongItHasHeldTheLock() {
        String said = LockHolder.describe(4711, note("pid=4711 parent=4700@" + PARENT_START.toEpochMilli() + " since="
                + NOW.minusMillis(12_345).toEpochMilli()), of(process(4711, 4700, NOW), process(4700, 1, PARENT_START)), NOW);

        assertThat(said).isEqualTo("pid 4711 (/usr/bin/java -cp … ForkedBooter), holding it for 12.3 s");
    }

    @Test
    void aHolderWhoseRecordedParentHasEndedIsOrphaned() {
        String said = LockHolder.describe(4711, note("pid=4711 parent=4700@" + PARENT_START.toEpochMilli() + " since="
                + NOW.minusSeconds(600).toEpochMilli()), of(process(4711, 1, NOW)), NOW);

        assertThat(said).isEqualTo("pid 4711 (/usr/bin/java -cp … ForkedBooter), holding it for 600.0 s; orphaned: its parent pid 4700, "
                + "which started it, has ended (it is now a child of pid 1), so no build may be waiting for it: if it is left over, "
                + "end it (kill 4711)");
    }

    @Test
    void aRecordedParentWhosePidWasReusedHasEnded() {
        String said = LockHolder.describe(4711, note("pid=4711 parent=4700@" + PARENT_START.toEpochMilli() + " since="
                + NOW.toEpochMilli()), of(process(4711, 2222, NOW), process(4700, 1, NOW.minusSeconds(5))), NOW);

        assertThat(said).contains("holding it for 0.0 s; orphaned: its parent pid 4700, which started it, has ended (it is now a child "
                + "of pid 2222)");
    }

    @Test
    void anEarlierVersionsBarePidIsNamedAndPidOneAsParentIsAnOrphan() {
        assertThat(LockHolder.describe(4711, note("4711\n"), of(process(4711, 1, NOW)), NOW))
                .isEqualTo("pid 4711 (/usr/bin/java -cp … ForkedBooter); orphaned: its parent is pid 1: the process that started it has "
                        + "ended, so no build may be waiting for it: if it is left over, end it (kill 4711)");
        assertThat(LockHolder.describe(4711, note("4711\n"), of(process(4711, 4700, NOW)), NOW))
                .isEqualTo("pid 4711 (/usr/bin/java -cp … ForkedBooter)");
    }

    @Test
    void aHolderNotVisibleFromHereIsNotJudged() {
        assertThat(LockHolder.describe(4711, note("pid=4711 parent=4700@1 since=1"), of(), NOW)).isEqualTo("pid 4711 (not visible from this JVM)");
    }

    @Test
    void aNoteOfAnotherPidSaysNothingOfThisHolder() {
        assertThat(LockHolder.describe(4711, note("pid=99 parent=98@1 since=1"), of(process(4711, 4700, NOW), process(4700, 1, NOW)), NOW))
                .isEqualTo("pid 4711 (/usr/bin/java -cp … ForkedBooter)");
    }

    @Test
    void theNoteRoundTrips() {
        LockHolder.Note n = LockHolder.Note.of(ProcessHandle.current(), NOW);

        assertThat(LockHolder.Note.parse(n.text())).contains(n);
        assertThat(LockHolder.Note.parse("not a note")).isEmpty();
    }
}
