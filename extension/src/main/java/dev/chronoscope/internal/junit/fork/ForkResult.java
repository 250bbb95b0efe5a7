package dev.chronoscope.internal.junit.fork;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * What a forked test's JVM says of the test when it ends: how it ended, why (a skip's reason), what
 * it threw (serialized, so that this JVM rethrows the same exception, and as text where that cannot
 * be read back), and when each phase began, in epoch milliseconds, for the cost of forking.
 *
 * @param status      how the test ended in the child
 * @param reason      a skip's reason, or what the child found instead of the test; empty otherwise
 * @param thrown      the serialized throwable of a failed or aborted test, or of the container that failed it
 * @param thrownText  the same throwable printed with its stack trace, for when it cannot be deserialized
 * @param mainEntered when the child's main method began
 * @param testStarted when the test began in the child, if it did
 * @param testEnded   when the test ended in the child, if it did
 */
public record ForkResult(Status status, String reason, Optional<byte[]> thrown, String thrownText, long mainEntered,
                         OptionalLong testStarted, OptionalLong testEnded) {

    /** How the selected test ended in the child JVM. */
    public enum Status {
        SUCCESSFUL, FAILED, ABORTED, SKIPPED,
        /** A class or other container around the test failed, so the test never ran. */
        CONTAINER_FAILED,
        /** The launcher found no test with the selected unique id. */
        NOT_FOUND
    }

    /** Written by the child, atomically: the parent never reads half a file. */
    void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("status", status.name());
        p.setProperty("reason", reason);
        thrown.ifPresent(bytes -> p.setProperty("thrown", Base64.getEncoder().encodeToString(bytes)));
        p.setProperty("thrownText", thrownText);
        p.setProperty("mainEntered", Long.toString(mainEntered));
        testStarted.ifPresent(t -> p.setProperty("testStarted", Long.toString(t)));
        testEnded.ifPresent(t -> p.setProperty("testEnded", Long.toString(t)));
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (OutputStream out = Files.newOutputStream(partial)) {
            p.store(out, "the forked test's outcome");
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The result the child wrote to {@code file}, if it wrote one. */
    static Optional<ForkResult> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        Optional<byte[]> thrown = Optional.ofNullable(p.getProperty("thrown")).map(Base64.getDecoder()::decode);
        return Optional.of(new ForkResult(Status.valueOf(p.getProperty("status")), p.getProperty("reason", ""), thrown,
                p.getProperty("thrownText", ""), Long.parseLong(p.getProperty("mainEntered")), millis(p, "testStarted"),
                millis(p, "testEnded")));
    }

    private static OptionalLong millis(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v));
    }

    /** {@code t} serialized, where it and everything it holds can be; empty where not. */
    static Optional<byte[]> serialize(Throwable t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(t);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(bytes.toByteArray());
    }

    static String printed(Throwable t) {
        StringWriter text = new StringWriter();
        t.printStackTrace(new PrintWriter(text));
        return text.toString();
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
