package dev.chronoscope.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide (README and docs/ but the evidence) is read in half an hour: at most {@value #MAX_WORDS}
 * words in all (250 a minute, with code), no table cell over {@value #MAX_CELL_WORDS} words, no
 * class of Chronoscope's own code but its API types, no figure measured on a host in its prose (the
 * evidence holds those, dated and host-named), and every term of the glossary linked there where a
 * page first uses it.
 */
class GuideReadingTests {

    static final int MAX_WORDS = 9_000;
    static final int MAX_CELL_WORDS = 40;
    static final Path README = Guide.ROOT.resolve("README.md");
    static final Path GLOSSARY = Guide.DOCS.resolve("glossary.md");

    /** A figure measured on a host: a number with a unit of time, frequency, ticks or bytes per call, or a CPU's name. */
    static final Pattern HOST_FIGURE = Pattern.compile(
            "\\d[\\d.,]*\\s?(ns|µs|us|ms|s|seconds|minutes|MHz|GHz|ticks|B/call)\\b|\\b(EPYC|Xeon|Turin|Sapphire Rapids|Zen \\d)\\b");

    /** A name of Chronoscope's own classes: two capitals or more (RegionLoop), or a test's ending. */
    static final Pattern CLASS_NAME = Pattern.compile("\\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+\\b");

    static List<Path> readerPages() {
        List<Path> pages = new ArrayList<>(Guide.guidePages());
        pages.add(README);
        return pages;
    }

    @Test
    void theGuideIsReadInHalfAnHour() {
        Map<String, Integer> words = new LinkedHashMap<>();
        for (Path page : readerPages()) {
            words.put(Guide.ROOT.relativize(page).toString(), String.join("\n", Guide.lines(page)).split("\\s+").length);
        }
        int total = words.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(total).as("words in the guide (README and docs/ but docs/evidence/), by page: %s", words)
                .isLessThanOrEqualTo(MAX_WORDS);
    }

    @Test
    void noTableCellRunsPastFortyWords() {
        List<String> long_ = new ArrayList<>();
        for (Path page : readerPages()) {
            for (Map.Entry<Integer, String> line : Guide.prose(page).entrySet()) {
                if (!line.getValue().startsWith("|")) {
                    continue;
                }
                for (String cell : cells(line.getValue())) {
                    int n = cell.isBlank() ? 0 : cell.strip().split("\\s+").length;
                    if (n > MAX_CELL_WORDS) {
                        long_.add(Guide.ROOT.relativize(page) + ":" + line.getKey() + " (" + n + " words) " + cell.strip());
                    }
                }
            }
        }
        assertThat(long_).as("table cells over %d words: split the row, or move the text out of the table", MAX_CELL_WORDS).isEmpty();
    }

    /** The cells of a table row: split at bars outside code spans. */
    static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (char c : row.strip().toCharArray()) {
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells.subList(1, Math.max(1, cells.size() - 1));
    }

    @Test
    void noGuidePageNamesAClassOfChronoscopesOwnButItsApi() {
        Set<String> own = ownClassNames();
        List<String> named = new ArrayList<>();
        for (Path page : readerPages()) {
            List<String> lines = Guide.lines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = CLASS_NAME.matcher(lines.get(i));
                while (m.find()) {
                    if (own.contains(m.group())) {
                        named.add(Guide.ROOT.relativize(page) + ":" + (i + 1) + " " + m.group());
                    }
                }
            }
        }
        assertThat(own).as("Chronoscope's own class names, read").contains("RegionLoop", "GuideReadingTests");
        assertThat(named).as("internal or test class names in guide pages: the guide names API types only").isEmpty();
    }

    /** Simple names of the classes under extension/ and benchmarks/ (main and test), less the API's public types. */
    static Set<String> ownClassNames() {
        Set<String> names = new TreeSet<>();
        Set<String> api = new HashSet<>();
        for (Path root : List.of(Path.of("src"), Guide.ROOT.resolve("benchmarks/src"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String name = f.getFileName().toString().replace(".java", "");
                    String dir = root.relativize(f.getParent()).toString().replace('\\', '/');
                    if (dir.endsWith("main/java/dev/chronoscope") || dir.endsWith("main/java/dev/chronoscope/assertj")) {
                        api.add(name);
                    } else if (!name.equals("module-info") && !name.equals("package-info")) {
                        names.add(name);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        names.removeAll(api);
        return names;
    }

    @Test
    void noGuidePageQuotesAFigureMeasuredOnAHost() {
        List<String> figures = new ArrayList<>();
        for (Path page : readerPages()) {
            for (Map.Entry<Integer, String> line : Guide.prose(page).entrySet()) {
                // a value in a code span is a setting or a printed example, not a prose figure; a link's target is not read
                String text = GuideTests.LINK.matcher(line.getValue().replaceAll("`[^`]*`", "")).replaceAll("]");
                Matcher m = HOST_FIGURE.matcher(text);
                if (m.find()) {
                    figures.add(Guide.ROOT.relativize(page) + ":" + line.getKey() + " " + m.group() + ": " + line.getValue().strip());
                }
            }
        }
        assertThat(figures).as("host figures in guide prose: move them to docs/evidence/ (dated, host-named) and link there")
                .isEmpty();
    }

    @Test
    void theHostFigurePatternFindsMeasurementsAndLeavesSettingsAlone() {
        assertThat(HOST_FIGURE.matcher("a 64-step chain nets 60 ns alone").find()).isTrue();
        assertThat(HOST_FIGURE.matcher("on an AMD EPYC guest").find()).isTrue();
        assertThat(HOST_FIGURE.matcher("TSC 2445.4 MHz").find()).isTrue();
        assertThat(HOST_FIGURE.matcher("at least 100 samples, 368 for a p99, a 10 % threshold").find()).isFalse();
    }

    @Test
    void everyGlossaryTermIsLinkedToTheGlossaryWhereAPageFirstUsesIt() {
        Map<String, String> terms = glossaryTerms();
        assertThat(terms).as("the glossary's terms").containsKeys("probe-floor", "clock-step", "resolved", "inconclusive");
        List<String> unlinked = new ArrayList<>();
        for (Path page : readerPages()) {
            if (page.equals(GLOSSARY)) {
                continue;
            }
            Set<String> introduced = new HashSet<>();
            List<Map.Entry<Integer, String>> prose = Guide.prose(page).entrySet().stream()
                    .sorted(Map.Entry.comparingByKey()).toList();
            for (Map.Entry<Integer, String> line : prose) {
                if (line.getValue().startsWith("#")) {
                    continue;
                }
                for (String event : events(line.getValue(), terms)) {
                    if (event.startsWith("link:")) {
                        introduced.add(event.substring(5));
                    } else if (introduced.add(event)) {
                        unlinked.add(Guide.ROOT.relativize(page) + ":" + line.getKey() + " '" + terms.get(event) + "'");
                    }
                }
            }
        }
        assertThat(unlinked).as("terms used before a link to docs/glossary.md#<term> on the page").isEmpty();
    }

    /** The glossary's terms, by anchor: its second-level headings. */
    static Map<String, String> glossaryTerms() {
        List<String> headings = Guide.headings(GLOSSARY);
        List<String> anchors = Guide.anchors(GLOSSARY);
        Map<String, String> terms = new LinkedHashMap<>();
        for (int i = 1; i < headings.size(); i++) {
            terms.put(anchors.get(i), headings.get(i).toLowerCase(Locale.ROOT));
        }
        return terms;
    }

    /**
     * In reading order, what a line does with the terms: {@code link:<anchor>} where it links to the
     * glossary (the link's text counts as introduced), {@code <anchor>} where it uses a term outside
     * a code span or another link's text.
     */
    static List<String> events(String line, Map<String, String> terms) {
        String alternatives = terms.entrySet().stream()
                .map(e -> "(?<t" + e.getKey().replace("-", "") + ">\\b" + Pattern.quote(e.getValue()).replace(" ", "\\E[ -]\\Q") + "s?\\b)")
                .collect(Collectors.joining("|"));
        Pattern p = Pattern.compile("\\[[^\\]]*\\]\\((?<target>[^)\\s]+)\\)|`[^`]*`|" + alternatives, Pattern.CASE_INSENSITIVE);
        List<String> events = new ArrayList<>();
        Matcher m = p.matcher(line);
        while (m.find()) {
            String target = m.group("target");
            if (target != null) {
                int hash = target.indexOf('#');
                if (target.contains("glossary.md") && hash >= 0) {
                    events.add("link:" + target.substring(hash + 1));
                }
                continue;
            }
            for (String anchor : terms.keySet()) {
                if (m.group("t" + anchor.replace("-", "")) != null) {
                    events.add(anchor);
                }
            }
        }
        return events;
    }
}
