package dev.chronoscope.internal.gate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The allocation gate's tolerance is stated where users read it as the code applies it: the
 * configuration reference and {@code ChronoscopeConfig}'s javadoc once said 1 % where the rule uses
 * {@link AllocationRule#TOLERANCE_SHARE}.
 */
class AllocationToleranceReferenceTests {

    static final Path PAGE = Path.of("..", "docs", "reference", "configuration.md");
    static final Path CONFIG = Path.of("src", "main", "java", "dev", "chronoscope", "ChronoscopeConfig.java");

    @Test
    void theReferenceAndTheJavadocStateTheRulesTolerance() throws IOException {
        String bytes = String.format(Locale.ROOT, "%.1f B", AllocationRule.TOLERANCE_BYTES);
        String share = String.format(Locale.ROOT, "%s %%", Double.toString(AllocationRule.TOLERANCE_SHARE * 100));
        List<String> row = Files.readAllLines(PAGE, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("| `chronoscope.baseline.gateAllocation`")).toList();

        assertThat(row).as("the gateAllocation row of %s", PAGE).singleElement().asString()
                .contains("`" + bytes + "/call`", "`" + share + "`");
        assertThat(Files.readString(CONFIG, StandardCharsets.UTF_8)).as("ChronoscopeConfig's javadoc of the key")
                .contains("tolerance of " + bytes + " per call or " + share + " of the highest");
    }
}
