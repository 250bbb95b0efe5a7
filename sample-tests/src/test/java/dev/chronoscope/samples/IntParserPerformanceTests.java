package dev.chronoscope.samples;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times a hand-written decimal parser with CLOCK_MONOTONIC: once as the whole test invocation, and
 * once line by line with explicit begin/end reads.
 */
@MeasureWith(CLOCK_MONOTONIC)
class IntParserPerformanceTests {

    private String[] lines;

    @BeforeEach
    void generateInput() {
        Random random = new Random(20261129);
        lines = new String[20_000];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = Integer.toString(random.nextInt());
        }
    }

    static int parse(String s) {
        int i = 0;
        boolean negative = s.charAt(0) == '-';
        if (negative) {
            i = 1;
        }
        int value = 0;
        for (; i < s.length(); i++) {
            value = value * 10 - (s.charAt(i) - '0'); // accumulate negatively: Integer.MIN_VALUE fits
        }
        return negative ? value : -value;
    }

    @Test
    void parsesTwentyThousandLines() {
        long sum = 0;
        for (String line : lines) {
            sum += parse(line);
        }
        long expected = 0;
        for (String line : lines) {
            expected += Integer.parseInt(line);
        }
        assertThat(sum).isEqualTo(expected);
    }

    @Test
    void parsesEachLineTimedExplicitly(Probe probe) {
        long sum = 0;
        for (String line : lines) {
            long begin = probe.begin();
            int value = parse(line);
            probe.end(begin);
            sum += value;
        }
        Timing t = probe.recorded();
        assertThat(t.kept() + t.dropped()).isEqualTo(lines.length);
        assertThat(sum).isNotZero();
    }
}
