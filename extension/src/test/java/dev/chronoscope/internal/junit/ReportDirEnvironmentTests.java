package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ReportDirEnvironmentTests {

    @Test
    void theEnvironmentVariableNamesTheDirectoryWhereTheKeyIsUnset() {
        assertThat(Settings.reportDirDefault(Map.of(ChronoscopeConfig.REPORT_DIR_ENV, " /tmp/ab/r01-base ")::get))
                .isEqualTo("/tmp/ab/r01-base");
    }

    @Test
    void unsetOrBlankItLeavesTheDefault() {
        assertThat(Settings.reportDirDefault(Map.<String, String>of()::get)).isEqualTo(ChronoscopeConfig.REPORT_DIR);
        assertThat(Settings.reportDirDefault(Map.of(ChronoscopeConfig.REPORT_DIR_ENV, "  ")::get)).isEqualTo(ChronoscopeConfig.REPORT_DIR);
    }

    @Test
    void theKeyWinsOverTheEnvironment() {
        Settings settings = Settings.read(key -> key.equals(ChronoscopeConfig.REPORT_DIR_KEY) ? Optional.of("from-key") : Optional.empty());
        assertThat(settings.reportDir()).isEqualTo(Path.of("from-key"));
    }
}
