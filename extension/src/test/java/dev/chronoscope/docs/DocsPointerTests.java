package dev.chronoscope.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every pointer into the docs that main code gives — in a message (a string literal) or a comment —
 * names a page that exists and, where it names a heading ({@code docs/x.md, "Heading"}), a heading of
 * that page.
 */
class DocsPointerTests {

    /** {@code docs/<page>.md}, then optionally {@code , "Heading"} (in a literal its quotes are escaped). */
    static final Pattern POINTER = Pattern.compile("(docs/[A-Za-z0-9_./-]+\\.md)(?:,? \\\\?\"([^\"\\\\]+)\\\\?\")?");

    @Test
    void everyDocsPointerInMainCodeNamesAPageAndHeadingThatExist() {
        List<String> found = new ArrayList<>();
        for (JavaSource source : JavaSource.main()) {
            String file = JavaSource.MAIN.relativize(source.path()).toString().replace('\\', '/');
            for (JavaSource.Piece piece : source.strings()) {
                check(file, piece, piece.text(), found);
            }
            for (JavaSource.Piece piece : source.comments()) {
                // a comment's pointer may run over a line break and its leading '*'
                check(file, piece, piece.text().replaceAll("\\s*\\n\\s*\\*?\\s*", " "), found);
            }
        }
        assertThat(found).as("docs pointers in main code that lead nowhere").isEmpty();
    }

    @Test
    void aPointerToAMissingHeadingIsFound() {
        List<String> found = new ArrayList<>();
        JavaSource source = JavaSource.parse(Path.of("Pointers.java"), """
                class Pointers {
                    String gone = "see docs/latency-and-throughput.md, \\"Self-checks\\", for what the check saw";
                    String missing = "see docs/reference/self-checks.md, \\"No such heading\\"";
                    String fine = "see docs/reference/self-checks.md, \\"The checks\\"";
                    // the page alone: docs/reference/configuration.md
                }
                """);
        for (JavaSource.Piece piece : source.strings()) {
            check("Pointers.java", piece, piece.text(), found);
        }
        for (JavaSource.Piece piece : source.comments()) {
            check("Pointers.java", piece, piece.text(), found);
        }
        assertThat(found).hasSize(2);
        assertThat(found.get(0)).contains("docs/latency-and-throughput.md", "no such page");
        assertThat(found.get(1)).contains("No such heading", "no such heading");
    }

    private static void check(String file, JavaSource.Piece piece, String text, List<String> found) {
        Matcher m = POINTER.matcher(text);
        while (m.find()) {
            Path page = Guide.ROOT.resolve(m.group(1));
            String where = file + " " + m.group() + " (line " + piece.line() + ")";
            if (!Files.isRegularFile(page)) {
                found.add(where + ": no such page");
            } else if (m.group(2) != null && !Guide.headings(page).contains(m.group(2))) {
                found.add(where + ": no such heading in " + m.group(1) + " " + Guide.headings(page));
            }
        }
    }
}
