package dev.chronoscope.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Comments in main code say why in a line; the run that proved it belongs in docs/evidence/. A
 * comment carries no date, no time of day, no host name and no "seen here" narrative. Only comments
 * are read: a string literal may name a host kind (the hypervisor signatures {@code CpuidFacts}
 * matches, the example folder of {@code chronoscope.host.profile}).
 */
class MainCommentsTests {

    /** What a run's diary looks like, each with why it is one. */
    static final List<Rule> RULES = List.of(
            // an ISO date; an ISO-8601 instant (2001-02-03T04:05:06Z) is a format's example, not a run
            new Rule("a date", Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b(?!T\\d)")),
            new Rule("a time of day", Pattern.compile("\\b\\d{1,2}:\\d\\d(:\\d\\d)?(\\s*[–-]\\s*\\d{1,2}:\\d\\d(:\\d\\d)?)?\\s*UTC\\b")),
            new Rule("a host", Pattern.compile("(?i)\\bbhyve\\b|\\bEPYC\\b|\\bTurin\\b|\\bXeon\\b|\\bRyzen\\b|\\bGraviton\\b|\\bKVM guest\\b")),
            new Rule("a run's narrative", Pattern.compile("(?i)\\b(seen|measured|observed|found) here\\b"
                    + "|\\b(seen|measured) on (a|an|our) (machine|host|guest|build)\\b|\\bsuch host was seen\\b")));

    record Rule(String what, Pattern pattern) {
    }

    /** A comment line that a rule found: its file, its line and its text. */
    record Finding(String file, int line, String text) {
        @Override
        public String toString() {
            return file + ":" + line + " " + text;
        }
    }

    @Test
    void noMainCommentCarriesADateATimeAHostOrARunsNarrative() {
        List<Finding> found = new ArrayList<>();
        for (JavaSource source : JavaSource.main()) {
            for (JavaSource.Piece comment : source.comments()) {
                for (JavaSource.Piece line : JavaSource.lines(comment)) {
                    for (Rule rule : RULES) {
                        if (rule.pattern().matcher(line.text()).find()) {
                            found.add(new Finding(name(source.path()), line.line(), line.text().strip()));
                            break;
                        }
                    }
                }
            }
        }
        assertThat(found.stream().map(Finding::toString).toList()).as("comments that carry a date, a time of day, a host or a"
                + " run's narrative: say why in a line, and name the docs/evidence/ page that holds the run").isEmpty();
    }

    @Test
    void eachRuleFindsWhatItIsFor() {
        String source = """
                class Diary {
                    // measured on 2026-11-29 at 14:03 UTC
                    /** On a bhyve guest (AMD Turin) the counter steps by 21 ticks, seen here. */
                    String host = "bhyve";                // a literal: a hypervisor's signature
                    /** {@code 2026-12-01T14:03:11Z} as {@code 12-01 14:03}; TAI − UTC (s). */
                    String when = "// 2026-11-29, 14:03 UTC, seen here";
                }
                """;
        JavaSource parsed = JavaSource.parse(Path.of("Diary.java"), source);
        List<String> hits = new ArrayList<>();
        for (JavaSource.Piece comment : parsed.comments()) {
            for (JavaSource.Piece line : JavaSource.lines(comment)) {
                RULES.stream().filter(r -> r.pattern().matcher(line.text()).find()).forEach(r -> hits.add(line.line() + " " + r.what()));
            }
        }
        assertThat(hits).containsExactlyInAnyOrder("2 a date", "2 a time of day", "3 a host", "3 a run's narrative");
        assertThat(parsed.strings()).extracting(JavaSource.Piece::text).contains("bhyve", "// 2026-11-29, 14:03 UTC, seen here");
    }

    private static String name(Path path) {
        return JavaSource.MAIN.relativize(path).toString().replace('\\', '/');
    }
}
