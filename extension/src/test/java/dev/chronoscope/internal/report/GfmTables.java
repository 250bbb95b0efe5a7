package dev.chronoscope.internal.report;

import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;

import java.util.ArrayList;
import java.util.List;

/** Markdown read as GitHub reads it (CommonMark with GFM tables), for the tests of the Markdown summary. */
public final class GfmTables {

    private static final Parser GFM = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    private GfmTables() {
    }

    /** The body rows of every table in {@code markdown}, each as its cells' text. */
    public static List<List<String>> rows(String markdown) {
        List<List<String>> rows = new ArrayList<>();
        for (Node n = GFM.parse(markdown).getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof TableBlock table) {
                for (Node part = table.getFirstChild(); part != null; part = part.getNext()) {
                    if (part instanceof TableBody body) {
                        for (Node row = body.getFirstChild(); row != null; row = row.getNext()) {
                            List<String> cells = new ArrayList<>();
                            for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
                                StringBuilder text = new StringBuilder();
                                collect(cell, text);
                                cells.add(text.toString().trim());
                            }
                            rows.add(cells);
                        }
                    }
                }
            }
        }
        return rows;
    }

    /** How many links {@code markdown} makes. */
    public static int links(String markdown) {
        return links(GFM.parse(markdown));
    }

    private static int links(Node node) {
        int n = node instanceof Link ? 1 : 0;
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            n += links(c);
        }
        return n;
    }

    private static void collect(Node node, StringBuilder out) {
        if (node instanceof Text t) {
            out.append(t.getLiteral());
        }
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            collect(c, out);
        }
    }
}
