package dev.chronoscope.internal.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON parser for the documents Chronoscope reads back (JSON Lines records, baselines): objects (as ordered
 * maps), arrays (lists), strings, numbers
 * (as {@link Double}), {@code true}, {@code false} and {@code null}. Anything else — trailing
 * garbage, a missing comma, an unescaped control character, nesting deeper than {@value #MAX_DEPTH} — is
 * an {@link IllegalArgumentException} quoting at most a short excerpt, so a record that parses is
 * well-formed JSON and a hostile file can neither exhaust the stack nor flood a message.
 */
public final class JsonParser {

    /** Arrays and objects nest at most this deep: Chronoscope's own documents nest 5 deep. */
    public static final int MAX_DEPTH = 64;
    /** The most characters of a document an error message quotes. */
    static final int EXCERPT = 60;

    private final String text;
    private int pos;
    private int depth;

    private JsonParser(String text) {
        this.text = text;
    }

    /** Parses one JSON value that must make up all of {@code text} (surrounding whitespace allowed). */
    public static Object parse(String text) {
        JsonParser p = new JsonParser(text);
        p.skipWhitespace();
        Object value = p.value();
        p.skipWhitespace();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return value;
    }

    /** Parses a JSON object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("not a JSON object: " + excerpt(text));
        }
        return (Map<String, Object>) value;
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        if ((c == '{' || c == '[') && ++depth > MAX_DEPTH) {
            throw error("arrays and objects nested more than " + MAX_DEPTH + " deep");
        }
        return switch (c) {
            case '{' -> nested(object());
            case '[' -> nested(array());
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Object nested(Object value) {
        depth--;
        return value;
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        elements('{', '}', () -> {
            String name = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            if (map.containsKey(name)) {
                throw error("duplicate member \"" + name + "\"");
            }
            map.put(name, value());
        });
        return map;
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        elements('[', ']', () -> list.add(value()));
        return list;
    }

    /**
     * Reads an object's members or an array's values between {@code open} and {@code close}, {@code element} reading
     * each.
     */
    private void elements(char open, char close, Runnable element) {
        expect(open);
        skipWhitespace();
        if (peek() == close) {
            pos++;
            return;
        }
        while (true) {
            skipWhitespace();
            element.run();
            skipWhitespace();
            char c = next();
            if (c == close) {
                return;
            }
            if (c != ',') {
                throw error("expected ',' or '" + close + "'");
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("unescaped control character");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Double number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (Character.isDigit(peek())) {
            while (Character.isDigit(peek())) {
                pos++;
            }
        } else {
            throw error("unexpected character");
        }
        if (peek() == '.') {
            pos++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits();
        }
        return Double.parseDouble(text.substring(start, pos));
    }

    private void digits() {
        if (!Character.isDigit(peek())) {
            throw error("expected a digit");
        }
        while (Character.isDigit(peek())) {
            pos++;
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) {
        if (next() != c) {
            throw error("expected '" + c + "'");
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private char next() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos++);
    }

    private void skipWhitespace() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        int from = Math.max(0, pos - 20);
        int to = Math.min(text.length(), pos + 20);
        return new IllegalArgumentException(what + " at " + pos + ": ..." + Json.quote(text.substring(from, to))
                + "...");
    }

    /**
     * {@code text} as a message may quote it: whole if short, else its first {@value #EXCERPT}
     * characters and its length; as a JSON string, so that control characters stay escaped.
     */
    public static String excerpt(String text) {
        if (text.length() <= EXCERPT) {
            return Json.quote(text);
        }
        return Json.quote(text.substring(0, EXCERPT)) + String.format(java.util.Locale.ROOT, "... (%,d characters)",
                text.length());
    }
}
