package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import java.nio.file.Path;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Runs the fixture class named by the second argument through the JUnit launcher, as a Surefire
 * fork does (so Chronoscope's launcher listener takes part), with its report directory the first
 * argument and further {@code key=value} arguments as configuration parameters; prints the
 * summary's counts. For tests of a JVM that is stopped, or started with other options, mid-run.
 */
public final class LauncherMain {

    private LauncherMain() {
    }

    public static void main(String[] args) throws Exception {
        var builder = request().selectors(selectClass(Class.forName(args[1])))
                .configurationParameter(ChronoscopeConfig.REPORT_DIR_KEY, Path.of(args[0]).toString())
                .configurationParameter(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms");
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            builder.configurationParameter(kv[0], kv[1]);
        }
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(builder.build(), summary);
        System.out.printf("tests %d, succeeded %d, failed %d%n", summary.getSummary().getTestsFoundCount(),
                summary.getSummary().getTestsSucceededCount(), summary.getSummary().getTestsFailedCount());
        summary.getSummary().getFailures().forEach(f -> System.out.println("failure: " + f.getTestIdentifier().getDisplayName() + " "
                + f.getException()));
    }
}
