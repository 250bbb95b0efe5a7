package dev.chronoscope.junit;

import dev.chronoscope.internal.json.JsonParser;

import java.util.Map;

/** The tests' JSON parser: Chronoscope's own strict one ({@link JsonParser}). */
final class TestJson {

    private TestJson() {
    }

    static Object parse(String text) {
        return JsonParser.parse(text);
    }

    static Map<String, Object> parseObject(String text) {
        return JsonParser.parseObject(text);
    }
}
