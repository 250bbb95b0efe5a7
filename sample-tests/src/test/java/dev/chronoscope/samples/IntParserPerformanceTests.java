package dev.chronoscope.samples;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times a hand-written decimal parser with CLOCK_MONOTONIC: the whole input as one region, and line
 * by line with explicit begin/end reads around batches of lines. One line parses in tens of ns, too little
 * for a clock stepping by 10 ns to resolve well, so the explicit reads bracket 32 lines at a time
 * (a few microseconds); the claims are upper bounds many times what the parser costs.
 */
@MeasureWith(CLOCK_MONOTONIC)
class IntParserPerformanceTests {

    private static final int BATCH = 32;

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

    private long parseAll() {
        long sum = 0;
        for (String line : lines) {
            sum += parse(line);
        }
        return sum;
    }

    @Test
    void parsesTwentyThousandLinesInUnderTwentyMilliseconds(Probe probe) {
        long expected = 0;
        for (String line : lines) {
            expected += Integer.parseInt(line);
        }
        assertThat(parseAll()).isEqualTo(expected);
        // ~30 ns a line here, ~0.7 ms for all; the claim allows 20 ms
        Timing t = probe.repeat("20,000 lines", 200, this::parseAll);
        assertThat(t).median().isLessThan(Duration.ofMillis(20));
    }

    @Test
    void parsesBatchesOfLinesTimedExplicitly(Probe probe) {
        // explicit reads get no warm-up from Chronoscope: parse everything a few times first, so the
        // batches time the compiled parser rather than the interpreter
        long sum = 0;
        for (int round = 0; round < 5; round++) {
            sum += parseAll();
        }
        for (int from = 0; from + BATCH <= lines.length; from += BATCH) {
            long begin = probe.begin();
            for (int i = from; i < from + BATCH; i++) {
                sum += parse(lines[i]);
            }
            probe.end(begin);
        }
        Timing t = probe.recorded();
        assertThat(sum).isNotZero();
        assertThat(t).isResolved();
        // ~3.5 us a batch of 32 here, explicit reads included; the claim allows 50 us
        assertThat(t).median().isLessThan(Duration.ofNanos(50_000));
    }
}
