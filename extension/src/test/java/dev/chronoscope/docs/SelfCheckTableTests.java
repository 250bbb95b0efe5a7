package dev.chronoscope.docs;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs' self-check tables are the list in code: one row per check (id, evidence, consequence, as
 * {@link SelfCheck} words them) in its order, and one row per way of timing with the checks
 * {@link SelfCheckPlan} runs there, in order.
 */
class SelfCheckTableTests {

    private static final String PAGE = "reference/self-checks.md";

    @Test
    void theChecksTableIsTheEnumRowByRow() throws IOException {
        List<String> expected = Arrays.stream(SelfCheck.values())
                .map(c -> "| `" + c.key() + "` | " + c.evidence() + " | " + c.consequence() + " |").toList();

        assertThat(rows("## The checks")).containsExactlyElementsOf(expected);
    }

    @Test
    void theWaysTableIsThePlanRowByRow() throws IOException {
        List<String> expected = Arrays.stream(SelfCheckPlan.Way.values()).map(w -> "| `" + w.label() + "` | "
                + String.join(", ", SelfCheckPlan.of(w).stream().map(c -> "`" + c.key() + "`").toList()) + " |").toList();

        assertThat(rows("## Which way of timing runs which")).containsExactlyElementsOf(expected);
    }

    /** The body rows of the first table under {@code heading}. */
    private static List<String> rows(String heading) throws IOException {
        List<String> lines = Files.readAllLines(Guide.DOCS.resolve(PAGE));
        int at = lines.indexOf(heading);
        assertThat(at).as("%s in docs/%s", heading, PAGE).isNotNegative();
        List<String> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines.subList(at + 1, lines.size())) {
            if (line.startsWith("|")) {
                inTable = true;
                rows.add(line);
            } else if (inTable) {
                break;
            }
        }
        return rows.size() < 2 ? List.of() : rows.subList(2, rows.size());
    }
}
