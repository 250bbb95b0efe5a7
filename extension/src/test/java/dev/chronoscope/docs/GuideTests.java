package dev.chronoscope.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide is read in minutes: each page at most {@value #PAGE_LINES} lines, all of it at most
 * {@value #GUIDE_LINES}; it carries no dated run (the runs are in docs/evidence/, which it links);
 * and every link between pages, README's included, leads to a page and a heading that exist.
 */
class GuideTests {

    static final int PAGE_LINES = 400;
    // 2,500 until the how-to of the ab command (85 lines), the one page a new command needs
    static final int GUIDE_LINES = 2_600;

    /** A date, or a time of day in UTC, in prose: a run's stamp. An ISO-8601 instant (a format's example) is not one. */
    static final Pattern DATED = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b(?!T\\d)|\\b\\d{1,2}:\\d\\d\\b[^.;|]{0,16}\\bUTC\\b");

    static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void theGuideIsFourKindsOfPageAndTheEvidenceBesideIt() {
        for (String folder : List.of("tutorial", "how-to", "reference", "explanation", "evidence")) {
            assertThat(Guide.DOCS.resolve(folder)).as("docs/%s", folder).isDirectory();
        }
        assertThat(Guide.DOCS.resolve("tutorial/quick-start.md")).as("the quick start, which it/consumers builds as printed").isRegularFile();
    }

    @Test
    void eachPageAndTheWholeGuideKeepTheirLineBudgets() {
        List<String> over = new ArrayList<>();
        int total = 0;
        for (Path page : Guide.guidePages()) {
            int lines = Guide.lines(page).size();
            total += lines;
            if (lines > PAGE_LINES) {
                over.add(Guide.ROOT.relativize(page) + ": " + lines + " lines");
            }
        }
        assertThat(over).as("guide pages over %d lines", PAGE_LINES).isEmpty();
        assertThat(total).as("lines of the guide (docs/ but docs/evidence/)").isLessThanOrEqualTo(GUIDE_LINES);
    }

    @Test
    void noGuidePageCarriesADatedRun() {
        List<String> dated = new ArrayList<>();
        for (Path page : Guide.guidePages()) {
            for (Map.Entry<Integer, String> line : Guide.prose(page).entrySet()) {
                // a link's target may name a dated evidence entry: the link is not the run
                if (DATED.matcher(LINK.matcher(line.getValue()).replaceAll("]")).find()) {
                    dated.add(Guide.ROOT.relativize(page) + ":" + line.getKey() + " " + line.getValue().strip());
                }
            }
        }
        assertThat(dated).as("dated runs in guide pages: move them to docs/evidence/ and link the page").isEmpty();
    }

    @Test
    void theDatedPatternFindsARunsStampAndNotAFormatsExample() {
        assertThat(DATED.matcher("measured 2026-12-01, 15:30–16:40 UTC, on a guest").find()).isTrue();
        assertThat(DATED.matcher("run at 14:03 UTC").find()).isTrue();
        assertThat(DATED.matcher("\"savedAt\": \"2026-11-30T12:29:42Z\"").find()).isFalse();
        assertThat(DATED.matcher("TAI − UTC, in seconds").find()).isFalse();
    }

    @Test
    void everyLinkBetweenPagesLeadsToAPageAndAHeadingThatExist() {
        List<String> broken = new ArrayList<>();
        List<Path> pages = new ArrayList<>(Guide.pages());
        pages.add(Guide.ROOT.resolve("README.md"));
        for (Path page : pages) {
            for (Map.Entry<Integer, String> line : Guide.prose(page).entrySet()) {
                Matcher m = LINK.matcher(line.getValue());
                while (m.find()) {
                    String problem = problem(page, m.group(1));
                    if (problem != null) {
                        broken.add(Guide.ROOT.relativize(page) + ":" + line.getKey() + " " + m.group(1) + ": " + problem);
                    }
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    /** Why {@code target}, linked from {@code page}, leads nowhere; null where it leads to what exists. */
    static String problem(Path page, String target) {
        if (target.contains("://") || target.startsWith("mailto:")) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(linked)) {
            return "no such file";
        }
        if (hash >= 0 && linked.toString().endsWith(".md") && !Guide.anchors(linked).contains(target.substring(hash + 1))) {
            return "no heading with that anchor in " + Guide.ROOT.relativize(linked);
        }
        return null;
    }

    @Test
    void everyEvidencePageStatesItsQuestionAndHoldsEntries() {
        try (Stream<Path> files = Files.list(Guide.EVIDENCE)) {
            List<Path> evidence = files.filter(p -> p.toString().endsWith(".md") && !p.endsWith("README.md")).sorted().toList();
            assertThat(evidence).isNotEmpty();
            for (Path page : evidence) {
                assertThat(Guide.lines(page).get(0)).as("%s's title", page).startsWith("# Evidence: ");
                assertThat(Guide.headings(page).size()).as("%s's entries", page).isGreaterThan(1);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
