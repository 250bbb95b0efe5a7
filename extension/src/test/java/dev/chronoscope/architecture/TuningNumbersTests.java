package dev.chronoscope.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every numeric constant of the measuring core and the gate says why it has its value, in a comment right above it
 * (or beside it): a tuning number without a reason is one nobody dares to change, or anybody does.
 */
class TuningNumbersTests {

    private static final List<Path> LAYERS = List.of(Path.of("src/main/java/dev/chronoscope/internal/measure"),
            Path.of("src/main/java/dev/chronoscope/internal/gate"));

    /** A numeric constant's declaration. */
    private static final Pattern NUMERIC_CONSTANT = Pattern.compile(
            "^\\s*(?:(?:public|protected|private)\\s+)?static\\s+final\\s+(?:int|long|double|float|short|byte)\\s+\\w+\\s*=");

    @Test
    void everyNumericConstantOfTheMeasuringCoreAndTheGateSaysWhy() throws IOException {
        List<String> found = new ArrayList<>();
        int constants = 0;
        for (Path layer : LAYERS) {
            try (Stream<Path> files = Files.walk(layer)) {
                for (Path p : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
                    for (int i = 0; i < lines.size(); i++) {
                        if (!NUMERIC_CONSTANT.matcher(lines.get(i)).find()) {
                            continue;
                        }
                        constants++;
                        if (!saysWhy(lines, i)) {
                            found.add(p.getFileName() + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertThat(constants).as("numeric constants read").isGreaterThan(50);
        assertThat(found).as("numeric constants without a comment saying why: add one line above each").isEmpty();
    }

    @Test
    void theScanTellsACommentedConstantFromABareOne() {
        assertThat(NUMERIC_CONSTANT.matcher("    static final double RATIO = 1.25;").find()).isTrue();
        assertThat(NUMERIC_CONSTANT.matcher("    private static final String NAME = \"x\";").find()).isFalse();
        assertThat(saysWhy(List.of("    /** Why. */", "    static final int A = 1;"), 1)).isTrue();
        assertThat(saysWhy(List.of("    static final int A = 1; // why"), 0)).isTrue();
        assertThat(saysWhy(List.of("    /** Why. */", "    static final int A = 1;", "    static final int B = 2;"), 2))
                .isFalse();
    }

    /** Whether the constant on line {@code i} has a comment ending right above it, or one beside it. */
    static boolean saysWhy(List<String> lines, int i) {
        String above = i > 0 ? lines.get(i - 1).strip() : "";
        return above.endsWith("*/") || above.startsWith("//") || lines.get(i).contains("//");
    }
}
