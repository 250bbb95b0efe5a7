package dev.chronoscope.internal.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ChronoscopeMainTests {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ChronoscopeMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anUnknownCommandPrintsTheUsageOnStderrAndExitsWithTwo() {
        assertThat(run("doctr")).isEqualTo(2);
        assertThat(err()).startsWith("chronoscope: unknown command 'doctr'; expected doctor, ab or help")
                .contains(ChronoscopeMain.USAGE);
        assertThat(out()).isEmpty();
    }

    @Test
    void noCommandIsAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err()).contains("no command given").contains("usage:");
    }

    @Test
    void helpPrintsTheUsageOnStdout() {
        assertThat(run("help")).isZero();
        assertThat(out()).isEqualTo(ChronoscopeMain.USAGE);
        assertThat(err()).isEmpty();
    }

    @Test
    void aBadDoctorOptionIsAUsageErrorNamingIt() {
        assertThat(run("doctor", "--reads", "lots")).isEqualTo(2);
        assertThat(err()).startsWith("chronoscope doctor: option --reads: 'lots' is not a whole number")
                .contains("usage: doctor [--json] [--reads N] [--quick]");
        assertThat(out()).isEmpty();
    }

    @Test
    void doctorHelpMeasuresNothing() {
        assertThat(run("doctor", "--help")).isZero();
        assertThat(out()).startsWith("usage: doctor");
    }

    @Test
    void benchIsNoCommandOfTheUsersJar() {
        assertThat(run("bench")).isEqualTo(2);
        assertThat(err()).startsWith("chronoscope: unknown command 'bench'");
    }
}
