package dev.chronoscope.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** Chronoscope's main classes, imported once for all architecture tests (an import takes seconds). */
final class MainClasses {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.chronoscope");

    private MainClasses() {
    }

    static JavaClasses get() {
        return CLASSES;
    }
}
