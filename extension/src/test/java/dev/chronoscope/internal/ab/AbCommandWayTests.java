package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.cli.ChronoscopeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command way, without a JVM per side: each side's command copies records a real run wrote (the head's with one
 * label renamed) into the directory {@code ab} names, the base through {@code {dir}}, the head through
 * {@code CHRONOSCOPE_REPORT_DIR}. The records are the same in every round, so the rounds agree exactly.
 */
class AbCommandWayTests {

    @Test
    void eachSidesRecordsAreReadAndTheTimingsOfOneSideAreListed(@TempDir Path dir) throws Exception {
        Path base = copy("base.jsonl", dir);
        Path head = copy("head.jsonl", dir);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ChronoscopeMain.run(new String[] {"ab", "--base-command", "cp '" + base + "' {dir}/chronoscope-a.jsonl",
                        "--head-command", "cp '" + head + "' \"$CHRONOSCOPE_REPORT_DIR/chronoscope-b.jsonl\"", "--rounds", "3", "--seed", "3",
                        "--out", dir.resolve("ab").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);

        assertThat(code).as("a regression without --fail-on-regression exits with 0\n" + printed + err).isZero();
        assertThat(printed).contains("regressed ").contains("ChainPerformanceTests.scaled(Probe) :: scaled")
                .contains("only the base has: ChainPerformanceTests.other(Probe) :: other")
                .contains("only the head has: ChainPerformanceTests.other(Probe) :: other, renamed")
                .contains("3 rounds completed, 0 dropped; stopped: all 3 rounds ran; seed 3");
        // identical rounds: the spread used is the least, not zero
        assertThat(printed).contains("rounds spread 0.0 % (1.0 % used, the least)");
        assertThat(printed.indexOf(":: scaled")).as("worst first").isLessThan(printed.indexOf(":: steady"));
        assertThat(Files.readString(dir.resolve("ab").resolve(Ab.JSON))).contains("\"schema\": \"chronoscope-ab/1\"")
                .contains("\"onlyBase\"");
    }

    private static Path copy(String resource, Path dir) throws Exception {
        Path target = dir.resolve(resource);
        try (InputStream in = AbCommandWayTests.class.getResourceAsStream("/ab/" + resource)) {
            Files.copy(in, target);
        }
        return target;
    }
}
