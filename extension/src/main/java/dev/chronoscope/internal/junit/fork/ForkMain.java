package dev.chronoscope.internal.junit.fork;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

/**
 * The main class of a forked test's JVM: sets the system properties the parent had, runs the one
 * test the parent selected by its unique id through the JUnit Platform Launcher with the parent's
 * configuration parameters, and writes how it ended ({@link ForkResult}) where the parent reads it.
 * The test itself records, prints and judges as any timed test does (the child's Chronoscope knows
 * it is a fork by {@link ForkRequest#CHILD_PROPERTY} and forks no further).
 */
public final class ForkMain {

    private ForkMain() {
    }

    /** {@code args[0]}: the request file the parent wrote ({@link ForkRequest}). */
    public static void main(String[] args) throws IOException {
        long entered = System.currentTimeMillis();
        if (args.length != 1) {
            System.err.println("usage: ForkMain <request file>: started by Chronoscope for a forked test, not by hand");
            System.exit(2);
        }
        Properties request = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            request.load(in);
        }
        Map<String, String> configuration = new HashMap<>();
        for (String name : request.stringPropertyNames()) {
            if (name.startsWith(ForkRequest.SYSTEM_PREFIX)) {
                System.setProperty(name.substring(ForkRequest.SYSTEM_PREFIX.length()), request.getProperty(name));
            } else if (name.startsWith(ForkRequest.CONFIG_PREFIX)) {
                configuration.put(name.substring(ForkRequest.CONFIG_PREFIX.length()), request.getProperty(name));
            }
        }
        String test = request.getProperty(ForkRequest.TEST);
        System.setProperty(ForkRequest.CHILD_PROPERTY, request.getProperty(ForkRequest.PARENT_PID));
        Outcome outcome = new Outcome(test);
        Launcher launcher = LauncherFactory.create();
        LauncherDiscoveryRequest discovery = LauncherDiscoveryRequestBuilder.request().selectors(selectUniqueId(test))
                .configurationParameters(configuration).build();
        launcher.execute(discovery, outcome);
        System.out.flush();
        System.err.flush();
        outcome.result(entered).write(Path.of(request.getProperty(ForkRequest.RESULT)));
        // a test may leave non-daemon threads running: the fork ends with its test
        System.exit(0);
    }

    /** Listens for the selected test and for the containers around it, which can end it before it starts. */
    private static final class Outcome implements TestExecutionListener {

        private final String test;
        private volatile long started;
        private volatile long ended;
        private volatile ForkResult.Status status;
        private volatile String reason = "";
        private volatile Throwable thrown;

        Outcome(String test) {
            this.test = test;
        }

        @Override
        public void executionStarted(TestIdentifier id) {
            if (id.getUniqueId().equals(test)) {
                started = System.currentTimeMillis();
            }
        }

        @Override
        public void executionSkipped(TestIdentifier id, String why) {
            if (status == null && test.startsWith(id.getUniqueId())) {
                status = ForkResult.Status.SKIPPED;
                reason = why == null ? "" : why;
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (id.getUniqueId().equals(test)) {
                ended = System.currentTimeMillis();
                status = switch (result.getStatus()) {
                    case SUCCESSFUL -> ForkResult.Status.SUCCESSFUL;
                    case ABORTED -> ForkResult.Status.ABORTED;
                    case FAILED -> ForkResult.Status.FAILED;
                };
                thrown = result.getThrowable().orElse(null);
            } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL && test.startsWith(id.getUniqueId())
                    && (status == null || status == ForkResult.Status.SUCCESSFUL)) {
                // a class whose @BeforeAll or @AfterAll failed: the test never ran, or its success does not stand
                status = result.getStatus() == TestExecutionResult.Status.ABORTED && started == 0
                        ? ForkResult.Status.ABORTED : ForkResult.Status.CONTAINER_FAILED;
                reason = id.getDisplayName();
                thrown = result.getThrowable().orElse(null);
            }
        }

        ForkResult result(long entered) {
            ForkResult.Status s = status == null ? ForkResult.Status.NOT_FOUND : status;
            String why = s == ForkResult.Status.NOT_FOUND
                    ? "the launcher found no test with this unique id (it discovered nothing, or a filter or condition "
                            + "excluded it)"
                    : reason;
            Optional<byte[]> bytes = thrown == null ? Optional.empty() : ForkResult.serialize(thrown);
            return new ForkResult(s, why, bytes, thrown == null ? "" : ForkResult.printed(thrown), entered,
                    started == 0 ? OptionalLong.empty() : OptionalLong.of(started),
                    ended == 0 ? OptionalLong.empty() : OptionalLong.of(ended));
        }
    }
}
