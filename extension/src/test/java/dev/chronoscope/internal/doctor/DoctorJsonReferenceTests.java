package dev.chronoscope.internal.doctor;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.chronoscope.internal.doctor.DoctorSamples.report;
import static dev.chronoscope.internal.doctor.MiniJson.array;
import static dev.chronoscope.internal.doctor.MiniJson.at;
import static dev.chronoscope.internal.doctor.MiniJson.object;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/reference/doctor-json.md's "Always present" list is what the doctor writes: for the top
 * level and each object of facts, every member the document has, and no other. A member the doctor
 * adds without the page saying so fails here, as eight once went unlisted.
 */
class DoctorJsonReferenceTests {

    static final Path PAGE = Path.of("..", "docs", "reference", "doctor-json.md");

    @Test
    void theAlwaysPresentListIsWhatTheDoctorWrites() throws IOException {
        Object doc = MiniJson.parse(DoctorJson.write(report()));
        Map<String, TreeSet<String>> written = new LinkedHashMap<>();
        written.put("top level", new TreeSet<>(object(doc).keySet()));
        written.put("environment", new TreeSet<>(object(at(doc, "environment")).keySet()));
        written.put("clocks[]", new TreeSet<>(object(array(at(doc, "clocks")).get(0)).keySet()));
        written.put("tsc", new TreeSet<>(object(at(doc, "tsc")).keySet()));
        written.put("host", new TreeSet<>(object(at(doc, "host")).keySet()));

        assertThat(documented()).as("the lists under \"## Always present\" in %s; what the doctor writes: %s", PAGE, written)
                .isEqualTo(written);
    }

    /** Each line {@code - `object`: `a`, `b`, …} under the page's "## Always present" heading. */
    static Map<String, TreeSet<String>> documented() throws IOException {
        List<String> lines = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
        int at = lines.indexOf("## Always present");
        assertThat(at).as("## Always present in %s", PAGE).isNotNegative();
        Map<String, TreeSet<String>> lists = new LinkedHashMap<>();
        for (String line : lines.subList(at + 1, lines.size())) {
            if (line.startsWith("#")) {
                break;
            }
            if (line.startsWith("- `") && line.contains("`:")) {
                String name = line.substring(3, line.indexOf("`:"));
                List<String> members = new ArrayList<>();
                for (String part : line.substring(line.indexOf("`:") + 2).split(",")) {
                    members.add(part.strip().replace("`", "").replaceAll("\\.$", ""));
                }
                lists.put(name, new TreeSet<>(members));
            }
        }
        return lists;
    }
}
