package dev.chronoscope.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference's table of the API (docs/reference/probe-api.md, between its {@code api-table}
 * markers) is the code's: each public type a user calls and its members' names, neither deprecated
 * nor internal (the configuration keys point to their own page; records and enums are named, their
 * accessors and constants left to the javadoc). Made from the class files, so a rename cannot leave the page behind.
 */
class ApiReferenceTableTests {

    static final Path PAGE = Path.of("..", "docs", "reference", "probe-api.md");
    static final String START = "<!-- api-table: made from the class files by the build -->";
    static final String END = "<!-- api-table end -->";
    /** Names per row, so that no cell runs past the guide's 40 words. */
    static final int NAMES_PER_ROW = 18;

    @Test
    void theReferenceTableIsTheCodes() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        String expected = table();
        Files.writeString(Path.of("target", "api-table.md"), expected);
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertThat(start).as("%s's table start marker", PAGE).isNotNegative();
        assertThat(end).as("%s's table end marker", PAGE).isGreaterThan(start);
        assertThat(page.substring(start + START.length(), end).strip())
                .as("the API table in %s (the code's is in extension/target/api-table.md)", PAGE).isEqualTo(expected.strip());
    }

    static String table() {
        Map<String, Set<String>> names = new LinkedHashMap<>();
        Map<String, String> kinds = new LinkedHashMap<>();
        for (ApiMembers.Member m : ApiMembers.all()) {
            if (m.deprecated() || m.internal()) {
                continue;
            }
            if (m.name().isEmpty()) {
                kinds.put(m.type(), m.signature());
                names.putIfAbsent(m.type(), new LinkedHashSet<>());
            } else if (!List.of("<init>", "equals", "hashCode", "toString").contains(m.name())) {
                names.computeIfAbsent(m.type(), t -> new LinkedHashSet<>()).add("`" + m.name() + "`");
            }
        }
        StringBuilder b = new StringBuilder("| type | members |\n|---|---|\n");
        List<String> values = new ArrayList<>();
        names.forEach((type, members) -> {
            if (List.of("record", "enum").contains(kinds.get(type))) {
                // values a test reads from a Timing: their accessors and constants are in the javadoc
                values.add("`" + type + "`");
                return;
            }
            if (type.equals("ChronoscopeConfig")) {
                // its constants are the configuration keys and their defaults, each in configuration.md
                b.append("| `ChronoscopeConfig` (class) | the `chronoscope.*` keys: [configuration.md](configuration.md) |\n");
                return;
            }
            List<String> all = new ArrayList<>(members);
            String head = "`" + type + "` (" + kinds.get(type) + ")";
            if (all.isEmpty()) {
                b.append("| ").append(head).append(" | — |\n");
            }
            for (int i = 0; i < all.size(); i += NAMES_PER_ROW) {
                b.append("| ").append(i == 0 ? head : "`" + type + "`, more").append(" | ")
                        .append(String.join(", ", all.subList(i, Math.min(all.size(), i + NAMES_PER_ROW)))).append(" |\n");
            }
        });
        b.append("| records and enums | ").append(String.join(", ", values)).append(" |\n");
        return b.toString();
    }
}
