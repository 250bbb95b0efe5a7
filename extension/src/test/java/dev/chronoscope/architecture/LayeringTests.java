package dev.chronoscope.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.chronoscope.internal.launch.LaunchMain;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The layers depend one way: native bindings, then clocks and host facts, then measurement and
 * statistics, then the JUnit integration, assertions, reporting and the command-line tools. The
 * measurement core has no JUnit or AssertJ dependency, so the doctor and the benchmarks use it alone. (The
 * benchmarks' own package lives in the benchmarks module, whose classes these tests do not import, so no rule
 * names it.)
 */
class LayeringTests {

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = MainClasses.get();
    }

    @Test
    void ffmBindingsDependOnNothingAbove() {
        noClasses().that().resideInAPackage("dev.chronoscope.internal.ffm..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.chronoscope.internal.clock..",
                        "dev.chronoscope.internal.host..", "dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.junit..",
                        "dev.chronoscope.internal.report..", "dev.chronoscope.internal.doctor..",
                        "dev.chronoscope.internal.cli..", "dev.chronoscope.assertj..")
                .check(classes);
    }

    @Test
    void clocksAndHostFactsDoNotDependOnMeasurementOrAbove() {
        noClasses().that().resideInAnyPackage("dev.chronoscope.internal.clock..", "dev.chronoscope.internal.host..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.junit..",
                        "dev.chronoscope.internal.report..", "dev.chronoscope.internal.doctor..",
                        "dev.chronoscope.internal.cli..", "dev.chronoscope.assertj..")
                .check(classes);
    }

    @Test
    void measurementDoesNotDependOnTheIntegrationsAbove() {
        noClasses().that().resideInAnyPackage("dev.chronoscope.internal.measure..", "dev.chronoscope.internal.stats..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.chronoscope.internal.junit..",
                        "dev.chronoscope.internal.report..", "dev.chronoscope.internal.doctor..",
                        "dev.chronoscope.internal.cli..", "dev.chronoscope.assertj..")
                .check(classes);
    }

    @Test
    void theMeasurementCoreHasNoJUnitOrAssertJDependency() {
        noClasses().that().resideInAnyPackage("dev.chronoscope.internal.ffm..", "dev.chronoscope.internal.clock..",
                        "dev.chronoscope.internal.host..", "dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.report..",
                        "dev.chronoscope.internal.doctor..")
                .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.assertj..", "org.opentest4j..")
                .check(classes);
    }

    /**
     * The public value types (Timing, Probe, ClockId, …) sit below everything: the measurement core
     * builds them. Only the JUnit entry points of the root package (the extension and the condition
     * the annotations register) reach into the integration layer; a value type that did would close
     * a cycle measurement → value type → integration → measurement. The one exception is the
     * formatter, which depends on nothing (below), so that a value type prints figures as
     * everything else does.
     */
    @Test
    void theRootPackagesValueTypesDependOnNothingInternalButTheFormatter() {
        noClasses().that().resideInAPackage("dev.chronoscope")
                .and().areNotAssignableTo(org.junit.jupiter.api.extension.Extension.class)
                .should().dependOnClassesThat(
                        resideInAnyPackage("dev.chronoscope.internal..", "dev.chronoscope.assertj..")
                        .and(not(resideInAPackage("dev.chronoscope.internal.format.."))))
                .check(classes);
    }

    @Test
    void theFormatterDependsOnNothingElseOfChronoscope() {
        noClasses().that().resideInAPackage("dev.chronoscope.internal.format..")
                .should().dependOnClassesThat(resideInAPackage("dev.chronoscope..")
                        .and(not(resideInAPackage("dev.chronoscope.internal.format.."))))
                .check(classes);
    }

    @Test
    void theRootPackagesEntryPointsUseOnlyTheIntegrationLayer() {
        noClasses().that().resideInAPackage("dev.chronoscope")
                .should().dependOnClassesThat().resideInAnyPackage("dev.chronoscope.internal.ffm..",
                        "dev.chronoscope.internal.clock..", "dev.chronoscope.internal.host..",
                        "dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.report..",
                        "dev.chronoscope.internal.doctor..", "dev.chronoscope.internal.cli..")
                .check(classes);
    }

    @Test
    void theIntegrationLayerIsUsedOnlyByTheEntryPointsAndTheCommandLine() {
        noClasses().that().resideInAnyPackage("dev.chronoscope.internal.ffm..", "dev.chronoscope.internal.clock..",
                        "dev.chronoscope.internal.host..", "dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.report..",
                        "dev.chronoscope.internal.doctor..", "dev.chronoscope.assertj..")
                .should().dependOnClassesThat().resideInAPackage("dev.chronoscope.internal.junit..")
                .check(classes);
    }

    @Test
    void onlyTheAssertionsPackageUsesAssertJ() {
        noClasses().that().resideOutsideOfPackage("dev.chronoscope.assertj..")
                .should().dependOnClassesThat().resideInAPackage("org.assertj..")
                .check(classes);
    }

    /** JSON text in and out: the lowest layer beside the formatter, used by the gate, the report and the tools alike. */
    @Test
    void theJsonPlumbingDependsOnNothingElseOfChronoscope() {
        noClasses().that().resideInAPackage("dev.chronoscope.internal.json..")
                .should().dependOnClassesThat(resideInAPackage("dev.chronoscope..")
                        .and(not(resideInAPackage("dev.chronoscope.internal.json.."))))
                .check(classes);
    }

    /**
     * The gate (a baseline file, its rule and its verdicts) sits above measurement and statistics and below the
     * report, which renders its verdicts: it reads no run records and knows neither JUnit nor the outputs.
     */
    @Test
    void theGateSitsBetweenMeasurementAndTheReport() {
        noClasses().that().resideInAPackage("dev.chronoscope.internal.gate..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.chronoscope.internal.report..",
                        "dev.chronoscope.internal.junit..", "dev.chronoscope.internal.doctor..",
                        "dev.chronoscope.internal.ab..", "dev.chronoscope.internal.cli..", "dev.chronoscope.assertj..",
                        "org.junit..", "org.assertj..", "org.opentest4j..")
                .check(classes);
        noClasses().that().resideInAnyPackage("dev.chronoscope.internal.ffm..", "dev.chronoscope.internal.clock..",
                        "dev.chronoscope.internal.host..", "dev.chronoscope.internal.measure..",
                        "dev.chronoscope.internal.stats..", "dev.chronoscope.internal.format..",
                        "dev.chronoscope.internal.json..")
                .should().dependOnClassesThat().resideInAPackage("dev.chronoscope.internal.gate..")
                .check(classes);
    }

    /**
     * The {@code ab} command sits beside the doctor: it uses reporting, measurement and statistics, and only the
     * command line uses it; it starts test JVMs through the launch package and reads their records, so it needs
     * nothing of the integration layer and nothing of JUnit itself.
     */
    @Test
    void theAbCommandIsUsedOnlyByTheCommandLineAndUsesNoIntegrationLayer() {
        noClasses().that().resideOutsideOfPackages("dev.chronoscope.internal.ab..", "dev.chronoscope.internal.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.chronoscope.internal.ab..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.chronoscope.internal.ab..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("dev.chronoscope.internal.junit..", "dev.chronoscope.assertj..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.chronoscope.internal.ab..")
                .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.opentest4j..")
                .check(classes);
    }

    /**
     * One component starts test JVMs through the JUnit Platform Launcher and reads back how they ended: the launch
     * package, used by forked timing (the integration layer) and by {@code ab}, and depending on neither, nor on
     * anything else of Chronoscope.
     */
    @Test
    void theLaunchPackageDependsOnNothingElseOfChronoscopeAndServesForksAndAb() {
        noClasses().that().resideInAPackage("dev.chronoscope.internal.launch..")
                .should().dependOnClassesThat(resideInAPackage("dev.chronoscope..")
                        .and(not(resideInAPackage("dev.chronoscope.internal.launch.."))))
                .check(classes);
        noClasses().that().resideOutsideOfPackages("dev.chronoscope.internal.launch..",
                        "dev.chronoscope.internal.junit..", "dev.chronoscope.internal.ab..")
                .should().dependOnClassesThat().resideInAPackage("dev.chronoscope.internal.launch..")
                .check(classes);
    }

    /**
     * The child main is copied alone in front of any build's class path by {@code ab}: it needs the JDK and the
     * JUnit Platform alone, and is one class file.
     */
    @Test
    void theChildMainNeedsTheJdkAndTheJUnitPlatformAloneAndIsOneClassFile() {
        classes().that().haveFullyQualifiedName(LaunchMain.class.getName())
                .should().onlyDependOnClassesThat(resideInAnyPackage("java..", "org.junit.platform..", "")
                        .or(equivalentTo(LaunchMain.class)))
                .check(classes);
        noClasses().should().haveNameMatching(Pattern.quote(LaunchMain.class.getName()) + "\\$.*")
                .check(classes);
    }
}
