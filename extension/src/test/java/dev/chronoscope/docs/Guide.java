package dev.chronoscope.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The pages under docs/ as the tests read them, relative to the module directory the tests run in:
 * the guide (tutorial, how-to, reference and explanation pages) and the evidence kept beside it.
 */
final class Guide {

    static final Path ROOT = Path.of("..");
    static final Path DOCS = ROOT.resolve("docs");
    static final Path EVIDENCE = DOCS.resolve("evidence");

    private Guide() {
    }

    /** Every Markdown page under docs/, sorted. */
    static List<Path> pages() {
        try (Stream<Path> files = Files.walk(DOCS)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The guide's pages: every page under docs/ but the evidence. */
    static List<Path> guidePages() {
        return pages().stream().filter(p -> !p.startsWith(EVIDENCE)).toList();
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page's lines outside fenced code blocks, each with its number (from 1). */
    static Map<Integer, String> prose(Path page) {
        Map<Integer, String> prose = new HashMap<>();
        boolean code = false;
        List<String> lines = lines(page);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.stripLeading().startsWith("```")) {
                code = !code;
            } else if (!code) {
                prose.put(i + 1, line);
            }
        }
        return prose;
    }

    /** The page's headings' texts as written (backticks removed), outside code blocks. */
    static List<String> headings(Path page) {
        List<String> headings = new ArrayList<>();
        prose(page).entrySet().stream().sorted(Map.Entry.comparingByKey()).map(Map.Entry::getValue)
                .filter(l -> l.startsWith("#")).forEach(l -> headings.add(l.replaceFirst("^#+\\s*", "").replace("`", "").strip()));
        return headings;
    }

    /** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as '-', repeats numbered. */
    static List<String> anchors(Path page) {
        List<String> anchors = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String heading : headings(page)) {
            String slug = heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }
}
