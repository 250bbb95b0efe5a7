package dev.chronoscope.internal.doctor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict, test-only JSON reader (RFC 8259: objects, arrays, strings with escapes, numbers,
 * true/false/null), so the doctor's documents are checked as parsed JSON, not as text. Objects
 * become ordered maps, numbers {@code Long} when integral else {@code Double}.
 */
final class MiniJson {

    private final String text;
    private int pos;

    private MiniJson(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        p.space();
        Object value = p.value();
        p.space();
        if (p.pos != text.length()) {
            throw p.error("trailing text");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        if (!(value instanceof Map<?, ?>)) {
            throw new AssertionError("not a JSON object: " + value);
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(Object value) {
        if (!(value instanceof List<?>)) {
            throw new AssertionError("not a JSON array: " + value);
        }
        return (List<Object>) value;
    }

    /** The value at a dotted path of object members ({@code tsc.fencedPairTicks.p50}). */
    static Object at(Object root, String path) {
        Object cur = root;
        for (String name : path.split("\\.")) {
            Map<String, Object> obj = object(cur);
            if (!obj.containsKey(name)) {
                throw new AssertionError("no member '" + name + "' in " + path + ": " + obj.keySet());
            }
            cur = obj.get(name);
        }
        return cur;
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> obj();
            case '[' -> arr();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> obj() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        space();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            space();
            if (peek() != '"') {
                throw error("expected a member name");
            }
            String name = string();
            if (m.containsKey(name)) {
                throw error("duplicate member " + name);
            }
            space();
            expect(':');
            space();
            m.put(name, value());
            space();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return m;
            }
        }
    }

    private List<Object> arr() {
        List<Object> l = new ArrayList<>();
        pos++;
        space();
        if (peek() == ']') {
            pos++;
            return l;
        }
        while (true) {
            space();
            l.add(value());
            space();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return l;
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        while (pos < text.length() && "0123456789.eE+-".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String n = text.substring(start, pos);
        if (!n.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            throw error("bad number '" + n + "'");
        }
        return n.matches("-?[0-9]+") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return value;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void space() {
        while (pos < text.length() && " \t\n\r".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private AssertionError error(String what) {
        return new AssertionError("invalid JSON at " + pos + ": " + what + " near '"
                + text.substring(Math.max(0, pos - 20), Math.min(text.length(), pos + 20)) + "'");
    }
}
