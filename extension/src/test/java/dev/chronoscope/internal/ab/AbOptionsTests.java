package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.cli.ChronoscopeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code ab} command's usage errors: exit code 2, a message naming the option, the value and what was expected. */
class AbOptionsTests {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ChronoscopeMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSideWithoutAWayToStartItIsNamed() {
        assertThat(run("ab", "--base-command", "true")).isEqualTo(2);
        assertThat(err()).startsWith("chronoscope ab: the head build needs one of --head-classpath, --head-classpath-file or"
                + " --head-command").contains("usage: ab");
    }

    @Test
    void twoWaysForOneSideAreRefused() {
        assertThat(run("ab", "--base-command", "true", "--base-classpath", "x.jar", "--head-command", "true")).isEqualTo(2);
        assertThat(err()).contains("options --base-classpath and --base-command both say how to start the base build");
    }

    @Test
    void roundsOutOfRangeAreNamed() {
        assertThat(run("ab", "--base-command", "true", "--head-command", "true", "--rounds", "0")).isEqualTo(2);
        assertThat(err()).contains("option --rounds: 0 is out of range; expected a number of rounds from 1 to 999");
    }

    @Test
    void aBudgetWithoutAUnitIsNamed() {
        assertThat(run("ab", "--base-command", "true", "--head-command", "true", "--budget", "20")).isEqualTo(2);
        assertThat(err()).contains("option --budget: '20' is not a duration; expected a whole number with a unit s, m or h");
    }

    @Test
    void aThresholdOutOfRangeIsNamed() {
        assertThat(run("ab", "--base-command", "true", "--head-command", "true", "--threshold", "0.5%")).isEqualTo(2);
        assertThat(err()).contains("option --threshold: '0.5%' is not a percentage from 1% to 500%");
    }

    @Test
    void aSelectionWithTwoCommandsIsRefused() {
        assertThat(run("ab", "--base-command", "true", "--head-command", "true", "--include-tag", "performance")).isEqualTo(2);
        assertThat(err()).contains("option --include-tag selects tests for the classpath way, and both sides are commands");
    }

    @Test
    void aClassPathWithoutTheLauncherIsNamedBeforeAnyRound(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertThat(run("ab", "--base-classpath", classes.toString(), "--head-classpath", classes.toString(), "--out",
                dir.resolve("out").toString())).isEqualTo(2);
        assertThat(err()).contains("option --base-classpath: none of its 1 entries holds org/junit/platform/launcher/core/"
                + "LauncherFactory.class; expected org.junit.platform:junit-platform-launcher on the base build's class path");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void helpPrintsTheUsage() {
        assertThat(run("ab", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(AbOptions.USAGE);
    }

    @Test
    void aSideThatLeavesNoRecordIsDroppedNamedAndBoundedThenTheRunStops(@TempDir Path dir) {
        int code = run("ab", "--base-command", "true", "--head-command", "exit 3", "--rounds", "5", "--max-failed-rounds", "1",
                "--seed", "1", "--out", dir.toString());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("round 1/5 dropped: the ").contains("left no record in")
                .contains("2 rounds failed, more than --max-failed-rounds 1").contains("0 rounds completed, 2 dropped");
        assertThat(err()).contains("no round completed, nothing was compared");
        assertThat(code).isEqualTo(1);
    }
}
