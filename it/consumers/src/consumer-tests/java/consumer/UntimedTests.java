package consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Tests Chronoscope does not time: they run on every JDK, next to the timed ones. */
class UntimedTests {

    @Test
    void runsEverywhere() {
        assertEquals(4, 2 + 2);
    }

    @Test
    void publishesAReportEntry(TestReporter reporter) {
        reporter.publishEntry("consumer.entry", "published");
    }

    /**
     * The consumer's POM says which JUnit Jupiter it means to test (consumer.junit.version): this
     * fails if dependency management put another one on the test class path.
     */
    @Test
    void runsTheJUnitJupiterItDeclares() throws ClassNotFoundException {
        String expected = System.getProperty("consumer.junit.version");
        assertEquals(expected, Test.class.getPackage().getImplementationVersion(), "junit-jupiter-api");
        assertEquals(expected, Class.forName("org.junit.jupiter.engine.JupiterTestEngine").getPackage().getImplementationVersion(),
                "junit-jupiter-engine");
    }
}
