package dev.chronoscope.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Scanner;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Chronoscope runs no {@code java.util.regex} pattern in the JVM whose code it times: the regex
 * engine's compiled code depends on the patterns its JVM ran before, and the host facts read with
 * {@code split("\\s+")} made a JDK regex timed after them 22 % slower per call (p50 178 against
 * 145 ns; docs/evidence/real-library-code.md, "Cause 3: Chronoscope's own patterns in the regex engine's profile"). Text is split
 * with {@code dev.chronoscope.internal.format.Text} instead. {@code String.split} is refused whole:
 * which of its arguments take the regex engine (all but one plain character) is not visible here.
 */
class NoRegexTests {

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = MainClasses.get();
    }

    @Test
    void noMainClassUsesTheRegexPackage() {
        noClasses().should().dependOnClassesThat().resideInAPackage("java.util.regex..")
                .because("a pattern Chronoscope runs changes how the JIT compiles the user's regex code it times")
                .check(classes);
    }

    @Test
    void noMainClassCallsTheStringMethodsThatRunAPattern() {
        noClasses().should().callMethod(String.class, "split", String.class)
                .orShould().callMethod(String.class, "split", String.class, int.class)
                .orShould().callMethod(String.class, "matches", String.class)
                .orShould().callMethod(String.class, "replaceAll", String.class, String.class)
                .orShould().callMethod(String.class, "replaceFirst", String.class, String.class)
                .orShould().dependOnClassesThat().areAssignableTo(Scanner.class)
                .because("these run java.util.regex in the JVM whose code Chronoscope times; split and trim with"
                        + " dev.chronoscope.internal.format.Text")
                .check(classes);
    }
}
