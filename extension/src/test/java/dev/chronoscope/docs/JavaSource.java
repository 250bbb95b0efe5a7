package dev.chronoscope.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Java source file split into its comments and its string literals, each with the line it starts
 * on: enough of Java's lexical grammar (line and block comments, string, character and text-block
 * literals, escapes) that a word inside a literal is never taken for a comment, nor the reverse.
 */
record JavaSource(Path path, List<Piece> comments, List<Piece> strings) {

    /** The main sources of the extension, relative to the module directory the tests run in. */
    static final Path MAIN = Path.of("src", "main", "java");

    /** A comment's or literal's text (a literal's without its quotes, escapes as written) and its first line. */
    record Piece(int line, String text) {
    }

    static List<JavaSource> main() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().map(JavaSource::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JavaSource read(Path path) {
        try {
            return parse(path, Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JavaSource parse(Path path, String s) {
        List<Piece> comments = new ArrayList<>();
        List<Piece> strings = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
                comments.add(new Piece(line, s.substring(i + 2, end)));
                i = end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end;
                String text = s.substring(i + 2, end);
                comments.add(new Piece(line, text));
                line += count(text);
                i = Math.min(s.length(), end + 2);
            } else if (s.startsWith("\"\"\"", i)) {
                int end = closing(s, i + 3, "\"\"\"");
                String text = s.substring(i + 3, end);
                strings.add(new Piece(line, text));
                line += count(text);
                i = Math.min(s.length(), end + 3);
            } else if (c == '"' || c == '\'') {
                int end = closing(s, i + 1, String.valueOf(c));
                strings.add(new Piece(line, s.substring(i + 1, end)));
                i = Math.min(s.length(), end + 1);
            } else {
                if (c == '\n') {
                    line++;
                }
                i++;
            }
        }
        return new JavaSource(path, List.copyOf(comments), List.copyOf(strings));
    }

    /** Where {@code quote} closes a literal that starts at {@code from}, skipping escaped characters. */
    private static int closing(String s, int from, String quote) {
        int i = from;
        while (i < s.length() && !s.startsWith(quote, i)) {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i, s.length());
    }

    private static int count(String text) {
        return (int) text.chars().filter(ch -> ch == '\n').count();
    }

    /** The lines of a comment, each with its own line number, so that a finding names the exact line. */
    static List<Piece> lines(Piece comment) {
        List<Piece> lines = new ArrayList<>();
        String[] parts = comment.text().split("\n", -1);
        for (int k = 0; k < parts.length; k++) {
            lines.add(new Piece(comment.line() + k, parts[k]));
        }
        return lines;
    }
}
