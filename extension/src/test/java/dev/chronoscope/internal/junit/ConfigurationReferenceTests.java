package dev.chronoscope.internal.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/reference/configuration.md lists every {@code chronoscope.*} key Chronoscope knows
 * ({@link ConfigKeys#known()}, from {@code ChronoscopeConfig}'s constants), once each, and no other:
 * one row per key, the key in the row's first cell.
 */
class ConfigurationReferenceTests {

    static final Path PAGE = Path.of("..", "docs", "reference", "configuration.md");

    @Test
    void theReferenceListsEveryKnownKeyOnceAndNoOther() throws IOException {
        List<String> documented = Files.readAllLines(PAGE, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("| `chronoscope."))
                .map(l -> l.substring(3, l.indexOf('`', 3)))
                .toList();
        assertThat(documented).as("the keys of %s's tables", PAGE).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(ConfigKeys.known());
    }
}
