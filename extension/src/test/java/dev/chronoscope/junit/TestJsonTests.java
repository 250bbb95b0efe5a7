package dev.chronoscope.junit;

import dev.chronoscope.internal.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The test-only JSON parser accepts what Chronoscope writes and refuses what is not JSON. */
class TestJsonTests {

    @Test
    void readsBackWhatChronoscopesWriterWrites() {
        Json.Obj written = Json.object().put("s", "a\"b\\c\nd\u0001±").put("n", 3).put("x", 2.5999932836728225E9)
                .put("neg", -0.5).put("t", true).put("f", false).put("none", null).put("nan", Double.NaN)
                .put("list", List.of(1, "two", List.of())).put("obj", Json.object());

        Map<String, Object> read = TestJson.parseObject(written.toString());

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("s", "a\"b\\c\nd\u0001±");
        expected.put("n", 3.0);
        expected.put("x", 2.5999932836728225E9);
        expected.put("neg", -0.5);
        expected.put("t", true);
        expected.put("f", false);
        expected.put("none", null);
        expected.put("nan", null);
        expected.put("list", List.of(1.0, "two", List.of()));
        expected.put("obj", Map.of());
        assertThat(read).containsExactlyEntriesOf(expected);
        assertThat(TestJson.parse(Json.writePretty(written))).isEqualTo(read);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "{}}", "{\"a\":1,}", "{\"a\" 1}", "[1 2]", "01", "1.", "-", "tru", "\"a\nb\"",
            "\"\\x\"", "{\"a\":1,\"a\":2}", "{a:1}", "'a'", "NaN", "{} {}"})
    void refusesWhatIsNotJson(String text) {
        assertThatThrownBy(() -> TestJson.parse(text)).as(Arrays.toString(text.toCharArray()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
