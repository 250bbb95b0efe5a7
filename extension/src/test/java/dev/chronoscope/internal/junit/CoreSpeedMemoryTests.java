package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.measure.CoreSpeedReference;
import dev.chronoscope.internal.measure.CoreSpeedReferences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fastest core-speed reading of a host and boot, kept for the user's other JVMs: written when a
 * JVM reads faster, recalled by the next JVM, ignored when another boot's, replaced when unreadable,
 * and said when it cannot be kept.
 */
class CoreSpeedMemoryTests {

    /** A reference whose readings are scripted, as a JVM reading the core at {@code nanosPerStep}. */
    private static CoreSpeedReference readingAt(double nanosPerStep) {
        CoreSpeedReference reference = CoreSpeedReferences.scripted(() -> nanosPerStep);
        reference.nanosPerStep();
        return reference;
    }

    @Test
    void aFasterReadingIsKeptAndTheNextJvmRecallsIt(@TempDir Path dir) throws Exception {
        CoreSpeedMemory.in(dir, "boot-1").share(readingAt(0.72));

        assertThat(Files.readString(dir.resolve(CoreSpeedMemory.FILE))).isEqualTo("chronoscope-core-speed/1 boot-1 0.720000\n");
        CoreSpeedReference slowStart = readingAt(1.04);
        CoreSpeedMemory.in(dir, "boot-1").share(slowStart);
        assertThat(slowStart.fastest()).isEqualTo(0.72);
        assertThat(slowStart.fastestFrom()).isEqualTo(CoreSpeedMemory.FROM + dir.resolve(CoreSpeedMemory.FILE));
        assertThat(slowStart.ownFastest()).isEqualTo(1.04);
        assertThat(Files.readString(dir.resolve(CoreSpeedMemory.FILE))).as("a slower reading is not kept").contains(" 0.720000");
    }

    @Test
    void anotherBootsReadingIsNotRecalledAndIsReplaced(@TempDir Path dir) throws Exception {
        CoreSpeedMemory.in(dir, "boot-1").share(readingAt(0.50));

        CoreSpeedReference next = readingAt(1.04);
        CoreSpeedMemory.in(dir, "boot-2").share(next);

        assertThat(next.fastest()).isEqualTo(1.04);
        assertThat(Files.readString(dir.resolve(CoreSpeedMemory.FILE))).isEqualTo("chronoscope-core-speed/1 boot-2 1.040000\n");
    }

    @Test
    void anUnreadableFileIsReplaced(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(CoreSpeedMemory.FILE), "not ours\n");

        CoreSpeedReference reference = readingAt(0.75);
        CoreSpeedMemory memory = CoreSpeedMemory.in(dir, "boot-1");
        memory.share(reference);

        assertThat(reference.fastestFrom()).isEqualTo(CoreSpeedReference.OWN);
        assertThat(Files.readString(dir.resolve(CoreSpeedMemory.FILE))).isEqualTo("chronoscope-core-speed/1 boot-1 0.750000\n");
        assertThat(memory.problem()).isEmpty();
    }

    @Test
    void aMemoryThatCannotBeWrittenIsSaid(@TempDir Path dir) throws Exception {
        Path notADirectory = dir.resolve("file");
        Files.writeString(notADirectory, "");
        CoreSpeedMemory memory = CoreSpeedMemory.in(notADirectory, "boot-1");

        memory.share(readingAt(0.72));

        assertThat(memory.problem()).hasValueSatisfying(p -> assertThat(p)
                .startsWith("the core-speed memory " + notADirectory.resolve(CoreSpeedMemory.FILE) + " could not be written (")
                .endsWith("this JVM checks throughput against its own core-speed readings only"));
    }

    @Test
    void withoutABootIdTheMemoryIsOffAndSaysWhy(@TempDir Path dir) {
        CoreSpeedMemory memory = CoreSpeedMemory.forUser(Map.of(), dir.toString(), dir.resolve("no-boot-id"));

        CoreSpeedReference reference = readingAt(0.72);
        memory.share(reference);

        assertThat(memory.problem()).hasValueSatisfying(p -> assertThat(p)
                .startsWith("the core-speed memory is off: the boot id " + dir.resolve("no-boot-id") + " could not be read ("));
        assertThat(dir.resolve(".cache")).doesNotExist();
    }

    @Test
    void theRealBootIdKeepsTheMemoryInTheUsersDirectory(@TempDir Path home) throws Exception {
        Path bootId = Path.of("/proc/sys/kernel/random/boot_id");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(bootId), "no " + bootId + " on this host");
        CoreSpeedMemory memory = CoreSpeedMemory.forUser(Map.of(), home.toString(), bootId);

        memory.share(readingAt(0.72));

        Path kept = home.resolve(".cache/chronoscope").resolve(CoreSpeedMemory.FILE);
        assertThat(memory.problem()).isEmpty();
        assertThat(Files.readString(kept)).startsWith("chronoscope-core-speed/1 " + Files.readString(bootId).trim() + " 0.72");
    }
}
