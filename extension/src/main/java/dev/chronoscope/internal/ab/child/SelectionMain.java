package dev.chronoscope.internal.ab.child;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code SelectionMain} is used to run one side's selection of tests in a child JVM of the {@code ab} command,
 * through the JUnit Platform Launcher, on that side's class path: the Launcher finds Chronoscope's listener and the
 * engines there as any launch does. It depends on the JDK and junit-platform-launcher alone, so that {@code ab}
 * can copy this one class file in front of any build's class path (without another Chronoscope on it).
 *
 * <pre>SelectionMain [--class C]... [--package P]... [--include-tag T]... [--exclude-tag T]... [--scan DIR]...</pre>
 *
 * Exit codes: 0 every test succeeded, 1 some failed, 2 nothing was selected or the arguments were wrong.
 */
public final class SelectionMain {

    static final String PREFIX = "chronoscope ab child: ";

    private SelectionMain() {
    }

    public static void main(String[] args) {
        List<DiscoverySelector> selectors = new ArrayList<>();
        List<String> include = new ArrayList<>();
        List<String> exclude = new ArrayList<>();
        Set<Path> scan = new HashSet<>();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                System.err.println(PREFIX + "option " + args[i] + " needs a value");
                System.exit(2);
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--class" -> selectors.add(DiscoverySelectors.selectClass(value));
                case "--package" -> selectors.add(DiscoverySelectors.selectPackage(value));
                case "--include-tag" -> include.add(value);
                case "--exclude-tag" -> exclude.add(value);
                case "--scan" -> scan.add(Path.of(value));
                default -> {
                    System.err.println(PREFIX + "unknown option '" + args[i]
                            + "'; expected --class, --package, --include-tag," + " --exclude-tag or --scan");
                    System.exit(2);
                }
            }
        }
        if (!scan.isEmpty()) {
            selectors.addAll(DiscoverySelectors.selectClasspathRoots(scan));
        }
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request().selectors(selectors);
        if (!include.isEmpty()) {
            request.filters(TagFilter.includeTags(include));
        }
        if (!exclude.isEmpty()) {
            request.filters(TagFilter.excludeTags(exclude));
        }
        LauncherDiscoveryRequest built = request.build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(built, new TestExecutionListener[] {summary});
        TestExecutionSummary s = summary.getSummary();
        System.out.println(PREFIX + s.getTestsFoundCount() + " tests found, " + s.getTestsSucceededCount()
                + " succeeded, " + s.getTestsFailedCount() + " failed, " + s.getTestsAbortedCount() + " aborted, "
                + s.getTestsSkippedCount()
                + " skipped");
        if (s.getTestsFailedCount() > 0) {
            System.out.println(PREFIX + "failures:");
            s.printFailuresTo(new java.io.PrintWriter(System.out, true), 5);
        }
        System.out.flush();
        System.exit(s.getTestsFoundCount() == 0 ? 2 : s.getTestsFailedCount() > 0 || s.getTotalFailureCount() > 0 ? 1
                : 0);
    }
}
