package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.measure.CoreSpeedReference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The fastest core-speed reading made on this host since it booted, by any JVM of this user, kept
 * in the user's Chronoscope directory ({@link MachineTimingLock#userDirectory}) so that a JVM that
 * begins while the host runs slower checks its throughput figures against the speed other JVMs saw
 * (the core-speed self-check). A bhyve guest's speed changes in spells of seconds to minutes; of 8
 * JVMs of one corpus run, 4 began in the slower state and read a cache lookup 6.80-8.62 ns against
 * 4.77-5.59 in the others, which no reading of their own could tell.
 *
 * <p>One line, {@value #FORMAT} with the boot id ({@code /proc/sys/kernel/random/boot_id}) and the
 * reading: a reading of another boot is not this host's now (a guest may wake on other hardware). Read
 * once per JVM, written (to a temporary file, then moved over the old one) whenever this JVM reads
 * faster than the file says. A file that cannot be read as such is replaced; one that cannot be
 * written is said in every record ({@link #problem}), and the JVM checks against its own readings.
 * Public for the throughput comparison's JVMs, which time as a test's JVM does without the engine.
 */
public final class CoreSpeedMemory {

    static final String FORMAT = "chronoscope-core-speed/1";
    static final String FILE = "core-speed";
    /** How the self-check's message names a recalled reading. */
    static final String FROM = "read on this host since it booted, by a JVM of this user and kept in ";

    private final Path file;
    private final String bootId;
    private String problem;
    private boolean recalled;
    /** The reading the file holds, as far as this JVM knows; NaN: none. */
    private double kept = Double.NaN;

    private CoreSpeedMemory(Path file, String bootId, String problem) {
        this.file = file;
        this.bootId = bootId;
        this.problem = problem;
    }

    /** The memory of the user this JVM runs as. */
    public static CoreSpeedMemory forThisUser() {
        return forUser(System.getenv(), System.getProperty("user.home"), Path.of("/proc/sys/kernel/random/boot_id"));
    }

    /** The memory in this user's directory ({@code env}, {@code userHome}), for the boot {@code bootIdFile} names. */
    static CoreSpeedMemory forUser(Map<String, String> env, String userHome, Path bootIdFile) {
        String bootId;
        try {
            bootId = Files.readString(bootIdFile, StandardCharsets.US_ASCII).trim();
        } catch (IOException | RuntimeException e) {
            return new CoreSpeedMemory(null, null, "the core-speed memory is off: the boot id " + bootIdFile
                    + " could not be read (" + e + "), so a kept reading could be another boot's");
        }
        StringBuilder refused = new StringBuilder();
        Path dir = MachineTimingLock.userDirectory(env, userHome, refused);
        return dir != null ? in(dir, bootId) : new CoreSpeedMemory(null, null,
                "the core-speed memory is off: " + MachineTimingLock.NO_USER_DIRECTORY + refused);
    }

    /** The memory kept in {@code directory} for the boot {@code bootId}. */
    static CoreSpeedMemory in(Path directory, String bootId) {
        return new CoreSpeedMemory(directory.resolve(FILE), bootId, null);
    }

    /**
     * Shares readings with {@code reference}: the first time, recalls the kept reading into it; then,
     * where the reference has read faster than the file holds, writes its reading.
     */
    public synchronized void share(CoreSpeedReference reference) {
        if (file == null) {
            return;
        }
        if (!recalled) {
            recalled = true;
            read().ifPresent(v -> {
                kept = v;
                reference.recall(v, FROM + file);
            });
        }
        double own = reference.ownFastest();
        if (Double.isFinite(own) && own > 0 && !(own >= kept) && problem == null) {
            // another JVM may have kept a faster one meanwhile: recalled, not overwritten
            OptionalDouble now = read();
            if (now.isPresent() && now.getAsDouble() <= own) {
                kept = now.getAsDouble();
                reference.recall(kept, FROM + file);
            } else {
                write(own);
            }
        }
    }

    /** Why the memory is off or could not be written, for the records; empty while it works. */
    public synchronized Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    private OptionalDouble read() {
        try {
            if (!Files.exists(file)) {
                return OptionalDouble.empty();
            }
            String[] f = Text.split(Files.readString(file, StandardCharsets.US_ASCII).trim(), ' ');
            if (f.length == 3 && f[0].equals(FORMAT) && f[1].equals(bootId)) {
                double v = Double.parseDouble(f[2]);
                return v > 0 && Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
            }
            // another boot's, or not one of ours: replaced by this JVM's first reading
            return OptionalDouble.empty();
        } catch (IOException | NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    private void write(double nanosPerStep) {
        Path temp = file.resolveSibling(FILE + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(temp, String.format(Locale.ROOT, "%s %s %.6f%n", FORMAT, bootId, nanosPerStep),
                    StandardCharsets.US_ASCII);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            kept = nanosPerStep;
        } catch (IOException | RuntimeException e) {
            problem = "the core-speed memory " + file + " could not be written (" + e + "): this JVM checks"
                    + " throughput against its own core-speed readings only";
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the temporary file is this JVM's own, named by its pid: the next write replaces it
            }
        }
    }
}
