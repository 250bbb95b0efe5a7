package dev.chronoscope.junit;

import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs {@code *TestCase} fixtures through the engine in this JVM, for {@link ChildJvm}: each argument
 * is either {@code key=value} (a configuration parameter) or a fixture's binary class name. Prints,
 * one per line, each test's result ({@code result <name> <payload>}), each record's clock, pinning,
 * warnings and samples kept per timing ({@code record …}), its container facts and each timing's
 * CPU-quota throttling ({@code container …}), each report entry but the record
 * ({@code entry <name> key=value}), each published file with its line count and first line
 * ({@code file <name> <file> lines=n first=…}), and what the run printed ({@code out| …}).
 */
public final class KitMain {

    private KitMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("chronoscope-child-");
        try {
            runIn(dir, args);
        } finally {
            // everything the parent reads is printed above: the run's files are not left behind in /tmp
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static void runIn(Path dir, String[] args) throws Exception {
        ChronoscopeKit kit = ChronoscopeKit.in(dir);
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
                    + " pinned=" + r.string("pinned") + " warnings=" + r.get("warnings")
                    + " kept=" + r.timings().stream().map(t -> t.string("label") + ":" + t.whole("kept")).toList());
            System.out.println("container " + r.test() + " " + r.get("container") + " throttling="
                    + r.timings().stream().map(t -> t.string("label") + ":" + t.get("noise.cpuThrottling")).toList());
        }
        for (Event e : run.tests().reportingEntryPublished().list()) {
            e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs().forEach((key, value) -> {
                if (!key.equals("chronoscope.record")) {
                    System.out.println("entry " + e.getTestDescriptor().getDisplayName() + " " + key + "=" + value);
                }
            });
        }
        for (Event e : run.tests().fileEntryPublished().list()) {
            Path file = e.getPayload(FileEntry.class).orElseThrow().getPath();
            try (Stream<String> lines = Files.lines(file)) {
                long count;
                try (Stream<String> all = Files.lines(file)) {
                    count = all.count();
                }
                System.out.println("file " + e.getTestDescriptor().getDisplayName() + " " + file.getFileName() + " lines=" + count
                        + " first=" + lines.findFirst().orElse(""));
            }
        }
        run.stdout().lines().forEach(line -> System.out.println("out| " + line));
    }
}
