package dev.chronoscope.internal.report;

/** Escaping for text and attribute values in the run report's HTML and SVG. */
public final class Html {

    private Html() {
    }

    /** {@code s} with {@code & < > " '} escaped, safe in element text and quoted attributes. */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
