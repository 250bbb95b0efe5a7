package dev.chronoscope.architecture;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The house rules over all main code: no line over {@value #MAX_LINE} characters, no method over
 * {@value #MAX_METHOD} lines, no class file over {@value #MAX_FILE} lines, and no figure of a particular run in a
 * comment (such figures go to docs/evidence, where their run is described).
 */
class HouseRulesTests {

    static final int MAX_LINE = 120;
    static final int MAX_METHOD = 60;
    static final int MAX_FILE = 400;

    private static final Path MAIN = Path.of("src/main/java");

    /** A number with a unit of time, frequency or share. */
    private static final Pattern FIGURE = Pattern.compile("\\d[\\d,.]*\\s?(ns|ms|µs|us|MHz|GHz|%)(?!\\w)");
    /** The words that tie a figure to a run ("41 ns here", "seen 3 %", "read 57 ns"). */
    private static final Pattern RUN_WORD = Pattern.compile("\\b(here|seen|read)\\b");
    /** An example of output ({@code …}) shows a format, not a run. */
    private static final Pattern CODE_SPAN = Pattern.compile("\\{@code [^}]*}");
    /** How near a run word and a figure stand to be read together, in characters. */
    private static final int BESIDE = 40;

    private static List<Source> sources;

    record Source(Path path, String relative, List<String> lines) {
    }

    @BeforeAll
    static void readMainSources() throws IOException {
        sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String relative = MAIN.relativize(p).toString().replace('\\', '/');
                sources.add(new Source(p, relative, Files.readAllLines(p, StandardCharsets.UTF_8)));
            }
        }
    }

    @Test
    void everyMainSourceIsRead() {
        assertThat(sources).hasSizeGreaterThan(100);
    }

    @Test
    void noLineIsLongerThan120Characters() {
        List<String> found = new ArrayList<>();
        for (Source s : sources) {
            for (int i = 0; i < s.lines().size(); i++) {
                String line = s.lines().get(i);
                int characters = line.codePointCount(0, line.length());
                if (characters > MAX_LINE) {
                    found.add(s.relative() + ":" + (i + 1) + " has " + characters + " characters");
                }
            }
        }
        assertThat(found).as("lines over %d characters: wrap or extract", MAX_LINE).isEmpty();
    }

    @Test
    void noClassFileIsLongerThan400Lines() {
        List<String> found = new ArrayList<>();
        for (Source s : sources) {
            if (s.lines().size() > MAX_FILE) {
                found.add(s.relative() + " has " + s.lines().size() + " lines");
            }
        }
        assertThat(found).as("files over %d lines: split the class", MAX_FILE).isEmpty();
    }

    @Test
    void noMethodIsLongerThan60Lines() {
        List<String> found = new ArrayList<>();
        for (Source s : sources) {
            for (MethodSpan m : MethodSpan.in(String.join("\n", s.lines()))) {
                if (m.lines() > MAX_METHOD) {
                    found.add(s.relative() + ":" + m.firstLine() + " has a body of " + m.lines() + " lines");
                }
            }
        }
        assertThat(found).as("methods over %d lines: split them", MAX_METHOD).isEmpty();
    }

    @Test
    void noCommentCarriesTheFigureOfARun() {
        List<String> found = new ArrayList<>();
        for (Source s : sources) {
            List<String> comments = Comments.perLine(s.lines());
            for (int i = 0; i < comments.size(); i++) {
                if (runFigure(comments.get(i))) {
                    found.add(s.relative() + ":" + (i + 1) + ": " + comments.get(i).strip());
                }
            }
        }
        assertThat(found).as("figures of a run in comments: move them to docs/evidence").isEmpty();
    }

    @Test
    void theScansFindWhatTheyLookFor() {
        String code = "class A {\n  void a() {\n" + "    x();\n".repeat(61) + "  }\n  void b() { if (c) { d(); } }\n}";
        assertThat(MethodSpan.in(code)).extracting(MethodSpan::lines).containsExactly(63, 1);
        assertThat(MethodSpan.in("record R(int a) {\n  R {\n  }\n}")).isEmpty();
        assertThat(runFigure(" a call took 41 ns here")).isTrue();
        assertThat(runFigure(" seen: 300 ms a test")).isTrue();
        assertThat(runFigure(" {@code read cost 29.1 ns}")).isFalse();
        assertThat(runFigure(" the ratio is read to 1 decimal")).isFalse();
        assertThat(Comments.perLine(List.of("int a = 1; // 41 ns here", "String s = \"// 3 ns here\";")))
                .containsExactly(" 41 ns here", "");
    }

    static boolean runFigure(String comment) {
        String text = CODE_SPAN.matcher(comment).replaceAll("");
        Matcher figure = FIGURE.matcher(text);
        while (figure.find()) {
            Matcher word = RUN_WORD.matcher(text);
            while (word.find()) {
                if (Math.abs(word.start() - figure.start()) <= BESIDE) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The comment text of each line (empty where a line has none), outside string and character literals. */
    static final class Comments {

        private Comments() {
        }

        static List<String> perLine(List<String> lines) {
            List<String> comments = new ArrayList<>();
            boolean inBlock = false;
            for (String line : lines) {
                StringBuilder comment = new StringBuilder();
                int i = 0;
                while (i < line.length()) {
                    if (inBlock) {
                        int end = line.indexOf("*/", i);
                        comment.append(end < 0 ? line.substring(i) : line.substring(i, end));
                        inBlock = end < 0;
                        i = end < 0 ? line.length() : end + 2;
                    } else if (line.startsWith("//", i)) {
                        comment.append(line.substring(i + 2));
                        i = line.length();
                    } else if (line.startsWith("/*", i)) {
                        inBlock = true;
                        i += 2;
                    } else if (line.charAt(i) == '"' || line.charAt(i) == '\'') {
                        i = literalEnd(line, i);
                    } else {
                        i++;
                    }
                }
                comments.add(comment.toString());
            }
            return comments;
        }

        private static int literalEnd(String line, int start) {
            char quote = line.charAt(start);
            int i = start + 1;
            while (i < line.length() && line.charAt(i) != quote) {
                i += line.charAt(i) == '\\' ? 2 : 1;
            }
            return i + 1;
        }
    }

    /**
     * A method's (or constructor's) body found by counting braces: a brace whose head, since the last {@code ;},
     * {@code {} or {@code }}, ends in a parameter list and is no statement, type, lambda or anonymous class.
     *
     * @param firstLine the line of the body's opening brace, from 1
     * @param lines     the body's lines, braces included
     */
    record MethodSpan(int firstLine, int lines) {

        private static final Pattern PARAMETERS_END = Pattern.compile("\\)\\s*(throws\\s+[\\w.,\\s<>]+)?$");
        private static final Pattern NOT_A_METHOD = Pattern.compile(
                "\\b(if|for|while|switch|catch|synchronized|try|else|do)\\s*\\(|^(else|try|do|finally)\\b"
                        + "|\\b(record|class|interface|enum)\\b|->\\s*$|=|\\bnew\\b");

        static List<MethodSpan> in(String source) {
            String code = codeOnly(source);
            List<MethodSpan> spans = new ArrayList<>();
            List<int[]> open = new ArrayList<>();
            int line = 1;
            int headStart = 0;
            for (int i = 0; i < code.length(); i++) {
                char c = code.charAt(i);
                if (c == '\n') {
                    line++;
                } else if (c == '{') {
                    String head = code.substring(headStart, i).strip().replaceAll("\\s+", " ");
                    boolean method = PARAMETERS_END.matcher(head).find() && !NOT_A_METHOD.matcher(head).find();
                    open.add(new int[] {line, method ? 1 : 0});
                    headStart = i + 1;
                } else if (c == '}' || c == ';') {
                    if (c == '}' && !open.isEmpty()) {
                        int[] start = open.removeLast();
                        if (start[1] == 1) {
                            spans.add(new MethodSpan(start[0], line - start[0] + 1));
                        }
                    }
                    headStart = i + 1;
                }
            }
            spans.sort((a, b) -> Integer.compare(a.firstLine(), b.firstLine()));
            return spans;
        }

        /** {@code source} with comments and literals blanked, its line breaks kept. */
        private static String codeOnly(String source) {
            StringBuilder code = new StringBuilder(source.length());
            int i = 0;
            while (i < source.length()) {
                int end;
                if (source.startsWith("//", i)) {
                    end = source.indexOf('\n', i);
                    end = end < 0 ? source.length() : end;
                } else if (source.startsWith("/*", i)) {
                    end = source.indexOf("*/", i + 2) + 2;
                } else if (source.startsWith("\"\"\"", i)) {
                    end = source.indexOf("\"\"\"", i + 3) + 3;
                } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                    end = Comments.literalEnd(source, i);
                } else {
                    code.append(source.charAt(i++));
                    continue;
                }
                source.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> code.append('\n'));
                code.append("\"\"");
                i = end;
            }
            return code.toString();
        }
    }
}
