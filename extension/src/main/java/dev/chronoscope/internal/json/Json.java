package dev.chronoscope.internal.json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON writer for Chronoscope's own documents (doctor output, JSON Lines records): ordered
 * objects, arrays, strings, numbers, booleans and null. Non-finite doubles are written as null.
 */
public final class Json {

    private Json() {
    }

    /** An ordered JSON object under construction. */
    public static final class Obj {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        public Obj put(String name, Object value) {
            fields.put(name, value);
            return this;
        }

        public Map<String, Object> fields() {
            return fields;
        }

        @Override
        public String toString() {
            return write(this);
        }
    }

    public static Obj object() {
        return new Obj();
    }

    public static List<Object> array(Collection<?> values) {
        return new ArrayList<>(values);
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, -1, 0);
        return out.toString();
    }

    /** Indented, two spaces a level. */
    public static String writePretty(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, 2, 0);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value, int indent, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Obj obj) {
            writeMembers(out, obj.fields.entrySet().stream().map(e -> new Member(e.getKey(), e.getValue())).toList(),
                    '{', '}', indent, depth);
        } else if (value instanceof Map<?, ?> map) {
            writeMembers(out, map.entrySet().stream().map(e -> new Member(String.valueOf(e.getKey()), e.getValue()))
                    .toList(),
                    '{', '}', indent, depth);
        } else if (value instanceof Collection<?> list) {
            writeMembers(out, list.stream().map(v -> new Member(null, v)).toList(), '[', ']', indent, depth);
        } else if (value instanceof long[] longs) {
            List<Object> boxed = new ArrayList<>();
            for (long v : longs) {
                boxed.add(v);
            }
            write(out, boxed, indent, depth);
        } else if (value instanceof Double d) {
            writeDouble(out, d);
        } else if (value instanceof Float f) {
            writeDouble(out, f.doubleValue());
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            writeString(out, value.toString());
        }
    }

    private static void writeDouble(StringBuilder out, double d) {
        if (!Double.isFinite(d)) {
            out.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            out.append((long) d);
        } else {
            out.append(d);
        }
    }

    /** An object member ({@code name} set) or an array element ({@code name} null). */
    private record Member(String name, Object value) {
    }

    private static void writeMembers(StringBuilder out, List<Member> members, char open, char close,
                                     int indent, int depth) {
        out.append(open);
        boolean first = true;
        for (Member member : members) {
            if (!first) {
                out.append(',');
            }
            first = false;
            if (indent > 0) {
                out.append('\n').append(" ".repeat(indent * (depth + 1)));
            }
            if (member.name() != null) {
                writeString(out, member.name());
                out.append(indent > 0 ? ": " : ":");
            }
            write(out, member.value(), indent, depth + 1);
        }
        if (indent > 0 && !members.isEmpty()) {
            out.append('\n').append(" ".repeat(indent * depth));
        }
        out.append(close);
    }

    /** {@code s} as a JSON string literal. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2);
        writeString(out, s);
        return out.toString();
    }

    static void writeString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                // a pair is written as it is; a lone surrogate, which UTF-8 cannot encode (it would
                // become '?'), as its escape, which reads back as the same char
                boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(i + 1));
                if (paired) {
                    out.append(c).append(s.charAt(++i));
                } else {
                    out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                }
                continue;
            }
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
