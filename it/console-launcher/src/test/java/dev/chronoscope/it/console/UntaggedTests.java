package dev.chronoscope.it.console;

import org.junit.jupiter.api.Test;

/** A test without the performance tag: the Console Launcher's --include-tag performance must leave it out. */
class UntaggedTests {

    @Test
    void untaggedTestIsLeftOut() {
        throw new AssertionError("--include-tag performance should have left this test out");
    }
}
