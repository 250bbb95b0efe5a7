package dev.chronoscope.internal.json;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTests {

    @Test
    void writesOrderedObjectsArraysAndScalars() {
        Json.Obj obj = Json.object().put("id", "TSC").put("n", 3).put("x", 1.5).put("whole", 2.0)
                .put("ok", true).put("none", null).put("list", List.of(1, "a"));
        assertThat(Json.write(obj)).isEqualTo("{\"id\":\"TSC\",\"n\":3,\"x\":1.5,\"whole\":2,\"ok\":true,\"none\":null,\"list\":[1,\"a\"]}");
    }

    @Test
    void escapesControlCharactersAndQuotes() {
        assertThat(Json.write("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
    }

    @Test
    void writesNonFiniteNumbersAsNull() {
        assertThat(Json.write(List.of(Double.NaN, Double.POSITIVE_INFINITY))).isEqualTo("[null,null]");
    }

    @Test
    void indentsWhenPretty() {
        assertThat(Json.writePretty(Json.object().put("a", List.of(1)))).isEqualTo("{\n  \"a\": [\n    1\n  ]\n}");
    }
}
