package dev.chronoscope.junit;

import org.junit.platform.testkit.engine.Event;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code *TestCase} fixtures through the engine in this JVM, for {@link ChildJvm}: each argument
 * is either {@code key=value} (a configuration parameter) or a fixture's binary class name. Prints,
 * one per line, each test's result ({@code result <name> <payload>}), each record's clock, pinning and
 * warnings ({@code record …}), and what the run printed ({@code out| …}).
 */
public final class KitMain {

    private KitMain() {
    }

    public static void main(String[] args) throws Exception {
        ChronoscopeKit kit = ChronoscopeKit.in(Files.createTempDirectory("chronoscope-child-"));
        List<Class<?>> fixtures = new ArrayList<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                kit.with(arg.substring(0, eq), arg.substring(eq + 1));
            } else {
                fixtures.add(Class.forName(arg));
            }
        }
        KitRun run = kit.run(fixtures.toArray(Class<?>[]::new));
        for (Event e : run.tests().finished().list()) {
            System.out.println("result " + e.getTestDescriptor().getDisplayName() + " " + e.getPayload().orElse(""));
        }
        for (JsonRecord r : run.records()) {
            System.out.println("record " + r.test() + " clock=" + r.string("clock.id") + " why=" + r.string("clock.why")
                    + " pinned=" + r.string("pinned") + " warnings=" + r.get("warnings"));
        }
        run.stdout().lines().forEach(line -> System.out.println("out| " + line));
    }
}
