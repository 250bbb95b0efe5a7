package dev.chronoscope.internal.json;

import java.util.List;
import java.util.Map;

/**
 * Typed access to the members of a parsed JSON document, failing with an
 * {@link IllegalArgumentException} that names where the member is ({@code runs[2].timings[7]}), the
 * member, what was found and what was expected — never a {@code NullPointerException} or a
 * {@code ClassCastException} from a file someone damaged.
 */
public final class JsonFields {

    private JsonFields() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object value, String where) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalArgumentException(where + " is " + found(value) + "; expected an object");
    }

    public static Map<String, Object> object(Map<String, Object> o, String member, String where) {
        return object(require(o, member, where, "an object"), where + "." + member);
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Map<String, Object> o, String member, String where) {
        Object value = require(o, member, where, "an array");
        if (value instanceof List<?> list) {
            return (List<Object>) list;
        }
        throw wrong(where, member, value, "an array");
    }

    public static String string(Map<String, Object> o, String member, String where) {
        Object value = require(o, member, where, "a string");
        if (value instanceof String s) {
            return s;
        }
        throw wrong(where, member, value, "a string");
    }

    public static double number(Map<String, Object> o, String member, String where) {
        Object value = require(o, member, where, "a number");
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        throw wrong(where, member, value, "a number");
    }

    /** A number, or NaN where the member is {@code null} (how Chronoscope writes a figure it does not have). */
    public static double numberOrNaN(Map<String, Object> o, String member, String where) {
        return o.containsKey(member) && o.get(member) == null ? Double.NaN : number(o, member, where);
    }

    public static boolean bool(Map<String, Object> o, String member, String where) {
        Object value = require(o, member, where, "true or false");
        if (value instanceof Boolean b) {
            return b;
        }
        throw wrong(where, member, value, "true or false");
    }

    private static Object require(Map<String, Object> o, String member, String where, String expected) {
        if (!o.containsKey(member)) {
            throw new IllegalArgumentException(where + " has no \"" + member + "\"; expected " + expected);
        }
        return o.get(member);
    }

    private static IllegalArgumentException wrong(String where, String member, Object value, String expected) {
        return new IllegalArgumentException(where + "." + member + " is " + found(value) + "; expected " + expected);
    }

    private static String found(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "the string " + JsonParser.excerpt(s);
        }
        if (value instanceof Map<?, ?>) {
            return "an object";
        }
        if (value instanceof List<?>) {
            return "an array";
        }
        return value instanceof Boolean ? String.valueOf(value) : "the number " + value;
    }
}
