package dev.chronoscope.junit;

import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/** A misspelled {@code chronoscope.*} key is said once per run, through the real launcher, with the key it resembles. */
class UnknownKeyTests {

    static class UntimedTestCase {
        @Test
        void untimed() {
        }
    }

    @Test
    void aMisspelledKeyIsNamedWithTheNearestKnownKeyOnce() {
        String err = stderrOf(() -> LauncherFactory.create().execute(request()
                .selectors(selectClass(UntimedTestCase.class))
                .configurationParameter("chronoscope.clok.default", "CLOCK_MONOTONIC")
                .configurationParameter("chronoscope.floor.sampels", "100")
                .configurationParameter("chronoscope.something.else.entirely", "1")
                .configurationParameter("chronoscope.pin", "false")
                .build()));

        // system properties are configuration parameters too: only the keys set here are checked
        assertThat(err.lines().filter(l -> l.startsWith("[chronoscope] unknown configuration key")).toList()).contains(
                "[chronoscope] unknown configuration key chronoscope.clok.default is ignored (did you mean chronoscope.clock.default?); "
                        + "the keys are listed in dev.chronoscope.ChronoscopeConfig",
                "[chronoscope] unknown configuration key chronoscope.floor.sampels is ignored (did you mean chronoscope.floor.samples?); "
                        + "the keys are listed in dev.chronoscope.ChronoscopeConfig",
                "[chronoscope] unknown configuration key chronoscope.something.else.entirely is ignored; "
                        + "the keys are listed in dev.chronoscope.ChronoscopeConfig");
        assertThat(err).doesNotContain("key chronoscope.pin ");
    }

    private static synchronized String stderrOf(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
