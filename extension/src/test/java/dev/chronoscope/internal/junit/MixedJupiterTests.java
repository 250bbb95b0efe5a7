package dev.chronoscope.internal.junit;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The launcher listener names a junit-jupiter-api and a junit-jupiter-engine of different versions
 * and says what to declare (it/consumers/src/it/mixed-jupiter shows it in a user's build).
 */
class MixedJupiterTests {

    @Test
    void differentVersionsAreNamedWithWhatToDeclare() {
        assertThat(ChronoscopeExecutionListener.mixedJupiter(Optional.of("6.1.3"), Optional.of("5.14.4")))
                .hasValueSatisfying(message -> assertThat(message)
                        .contains("junit-jupiter-api 6.1.3 and junit-jupiter-engine 5.14.4")
                        .contains("Import org.junit:junit-bom:5.14.4 in <dependencyManagement>")
                        .contains("declare junit-jupiter before chronoscope-junit")
                        .contains("JUnit Jupiter 5.12 to 6.x"));
    }

    @Test
    void oneVersionOrAnUnknownOneSaysNothing() {
        assertThat(ChronoscopeExecutionListener.mixedJupiter(Optional.of("5.14.4"), Optional.of("5.14.4"))).isEmpty();
        assertThat(ChronoscopeExecutionListener.mixedJupiter(Optional.empty(), Optional.of("5.14.4"))).isEmpty();
        assertThat(ChronoscopeExecutionListener.mixedJupiter(Optional.of("6.1.3"), Optional.empty())).isEmpty();
    }

    @Test
    void thisBuildsJupiterIsReadAsOneVersion() {
        Optional<String> api = ChronoscopeExecutionListener.version("org.junit.jupiter.api.Test");
        assertThat(api).isPresent();
        assertThat(ChronoscopeExecutionListener.version("org.junit.jupiter.engine.JupiterTestEngine")).isEqualTo(api);
        assertThat(ChronoscopeExecutionListener.version("no.such.Engine")).isEmpty();
    }
}
