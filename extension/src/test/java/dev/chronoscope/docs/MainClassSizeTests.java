package dev.chronoscope.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every main source file stays within {@link #MAX_LINES} lines: a class that grows past it holds
 * more than one idea (a rule, its wording, its state), each of which reads better as a small class.
 */
class MainClassSizeTests {

    static final int MAX_LINES = 400;

    @Test
    void noMainSourceFileIsLongerThanFourHundredLines() {
        List<String> tooLong = new ArrayList<>();
        for (JavaSource source : JavaSource.main()) {
            long lines = lines(source.path());
            if (lines > MAX_LINES) {
                tooLong.add(source.path().getFileName() + " (" + lines + " lines)");
            }
        }
        assertThat(JavaSource.main()).as("main sources read").isNotEmpty();
        assertThat(tooLong).as("main source files longer than %d lines: split out the rule, the wording or the state", MAX_LINES)
                .isEmpty();
    }

    private static long lines(Path file) {
        try (var lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        }
    }
}
