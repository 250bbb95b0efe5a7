package dev.chronoscope.internal.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text split and trimmed without {@code java.util.regex}. Chronoscope runs in the JVM whose code it
 * times, and the regex engine's compiled code depends on the patterns that JVM ran before: reading
 * the host facts with {@code split("\\s+")} made a JDK {@code Pattern.matcher(…).matches()} timed
 * after it 22 % slower per call (p50 178 against 145 ns, the same in a loop without batches:
 * docs/evidence/real-library-code.md, "Cause 3: Chronoscope's own patterns in the regex engine's
 * profile"). So nothing Chronoscope runs uses a pattern ({@code NoRegexTests} holds it); these do
 * what the few patterns did, with {@code indexOf} and loops.
 */
public final class Text {

    private Text() {
    }

    /**
     * The words of {@code text}: its runs of characters other than whitespace (space, tab, line
     * feed, vertical tab, form feed, carriage return: the regex {@code \s}), in order, none empty;
     * an empty list for blank text.
     */
    public static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && isSpace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isSpace(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                words.add(text.substring(start, i));
            }
        }
        return words;
    }

    /** Whether {@code c} is whitespace as the regex {@code \s} means it. */
    public static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** As {@code text.split(String.valueOf(separator))} does for a literal character: trailing empty parts left out. */
    public static String[] split(String text, char separator) {
        return split(text, separator, 0);
    }

    /**
     * As {@code text.split(String.valueOf(separator), limit)} does for a literal character: at most
     * {@code limit} parts where it is positive (the last holding the rest), every part where it is
     * negative, and trailing empty parts left out where it is zero; {@code text} itself where the
     * separator does not occur.
     */
    public static String[] split(String text, char separator, int limit) {
        if (text.indexOf(separator) < 0) {
            return new String[] {text};
        }
        List<String> parts = new ArrayList<>();
        int start = 0;
        while (limit <= 0 || parts.size() < limit - 1) {
            int at = text.indexOf(separator, start);
            if (at < 0) {
                break;
            }
            parts.add(text.substring(start, at));
            start = at + 1;
        }
        parts.add(text.substring(start));
        if (limit == 0) {
            int size = parts.size();
            while (size > 0 && parts.get(size - 1).isEmpty()) {
                size--;
            }
            return parts.subList(0, size).toArray(String[]::new);
        }
        return parts.toArray(String[]::new);
    }

    /** {@code text} without the characters {@code c} it ends with. */
    public static String stripTrailing(String text, char c) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == c) {
            end--;
        }
        return text.substring(0, end);
    }

    /** {@code text} without the whitespace ({@link #isSpace}) it ends with. */
    public static String stripTrailingSpace(String text) {
        int end = text.length();
        while (end > 0 && isSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** How many ASCII digits {@code text} begins with. */
    public static int leadingDigits(String text) {
        int n = 0;
        while (n < text.length() && text.charAt(n) >= '0' && text.charAt(n) <= '9') {
            n++;
        }
        return n;
    }

    /** Whether {@code text} is one or more ASCII digits. */
    public static boolean isDigits(String text) {
        return !text.isEmpty() && leadingDigits(text) == text.length();
    }

    /**
     * {@code text} as a console, a text file or a message may show it: control characters (a
     * newline or an escape would break a line or drive the terminal) and lone surrogates (which no
     * encoding can write) as escapes — {@code \n}, {@code \t}, {@code \r}, else a backslash,
     * {@code u} and the character's four hex digits (a lone U+D800 prints as {@code \}{@code ud800}).
     */
    public static String printable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            boolean escape = Character.isISOControl(c) || (Character.isSurrogate(c) && !pair);
            if (escape && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out == null) {
                i += pair ? 1 : 0;
                continue;
            }
            if (!escape) {
                out.append(c);
                if (pair) {
                    out.append(text.charAt(++i));
                }
                continue;
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return out == null ? text : out.toString();
    }
}
