package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cycling the young generation allocates until at least two collections and a whole cycle between
 * two of them that wrote memory already touched, within its budget, and says what it did.
 */
class YoungGenerationTests {

    @Test
    void allocatesUntilACycleWritesMemoryAlreadyTouchedAndSaysHowMuch() {
        YoungGeneration.Cycled cycled = YoungGeneration.cycle(new Sink(), 20_000_000_000L);

        assertThat(cycled.complete()).as(cycled.describe()).isTrue();
        assertThat(cycled.collections()).isGreaterThanOrEqualTo(YoungGeneration.COLLECTIONS);
        assertThat(cycled.bytes()).isPositive();
        if (PageFaults.minor() >= 0) {
            // complete means settled; what is checked here is that it gets there within the budget and says the share
            assertThat(cycled.describe()).matches("cycled the young generation \\(\\d+ MB allocated until \\d+ collections,"
                    + " the last whole cycle \\d+\\.\\d % fresh pages, \\d+ ms\\)");
        } else {
            assertThat(cycled.describe()).matches("cycled the young generation \\(\\d+ MB allocated until \\d+ collections, \\d+ ms\\)");
        }
    }

    @Test
    void aBudgetTooShortForTwoCollectionsEndsTheCycleAndSaysSo() {
        YoungGeneration.Cycled cycled = YoungGeneration.cycle(new Sink(), 0);

        assertThat(cycled.complete()).isFalse();
        assertThat(cycled.describe()).startsWith("began cycling the young generation (").contains("but saw only 0 collections");
    }
}
