package dev.chronoscope.internal.junit.fork;

/**
 * A forked test's JVM did not say how its test ended: it could not start, outlived its time, died,
 * or found no such test. Fails that test only, naming the command line that started the child.
 */
public final class ForkedTestException extends RuntimeException {

    public ForkedTestException(String message) {
        super(message);
    }
}
