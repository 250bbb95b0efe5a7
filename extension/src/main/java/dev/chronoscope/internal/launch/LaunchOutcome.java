package dev.chronoscope.internal.launch;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * What a launched test JVM says of its watched test when it ends ({@link LaunchMain} writes it): how it ended, why
 * (a skip's reason), what it threw (serialized, so that this JVM rethrows the same exception, and as text where
 * that cannot be read back), and when each phase began, in epoch milliseconds, for the cost of the launch.
 *
 * @param status      how the test ended in the child
 * @param reason      a skip's reason, or what the child found instead of the test; empty otherwise
 * @param thrown      the serialized throwable of a failed or aborted test, or of the container that failed it
 * @param thrownText  the same throwable printed with its stack trace, for when it cannot be deserialized
 * @param mainEntered when the child's main method began
 * @param prepared    when the request's preparation had ended, if it had one
 * @param testStarted when the test began in the child, if it did
 * @param testEnded   when the test ended in the child, if it did
 */
public record LaunchOutcome(Status status, String reason, Optional<byte[]> thrown, String thrownText,
                            long mainEntered, OptionalLong prepared, OptionalLong testStarted,
                            OptionalLong testEnded) {

    /** How the watched test ended in the child JVM. */
    public enum Status {
        SUCCESSFUL, FAILED, ABORTED, SKIPPED,
        /** A class or other container around the test failed, so the test never ran. */
        CONTAINER_FAILED,
        /** The launcher found no test with the watched unique id. */
        NOT_FOUND
    }

    /** The outcome the child wrote to {@code file}, if it wrote one. */
    public static Optional<LaunchOutcome> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        Optional<byte[]> thrown = Optional.ofNullable(p.getProperty(LaunchMain.THROWN))
                .map(Base64.getDecoder()::decode);
        return Optional.of(new LaunchOutcome(Status.valueOf(p.getProperty(LaunchMain.STATUS)),
                p.getProperty(LaunchMain.REASON, ""), thrown, p.getProperty(LaunchMain.THROWN_TEXT, ""),
                Long.parseLong(p.getProperty(LaunchMain.MAIN_ENTERED)), millis(p, LaunchMain.PREPARED),
                millis(p, LaunchMain.TEST_STARTED),
                millis(p, LaunchMain.TEST_ENDED)));
    }

    private static OptionalLong millis(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v));
    }

    /**
     * The child's throwable as this JVM reads it back, resolving its classes with {@code loader} (the
     * test's, which loaded the same class path); empty where it cannot be read back.
     */
    public Optional<Throwable> throwable(ClassLoader loader) {
        return thrown.flatMap(bytes -> {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    try {
                        return Class.forName(desc.getName(), false, loader);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(desc);
                    }
                }
            }) {
                return Optional.of((Throwable) in.readObject());
            } catch (IOException | ClassNotFoundException | ClassCastException e) {
                return Optional.empty();
            }
        });
    }
}
