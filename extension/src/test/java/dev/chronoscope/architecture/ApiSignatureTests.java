package dev.chronoscope.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.Test;

import dev.chronoscope.internal.cli.ChronoscopeMain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a user can see of Chronoscope is its API packages, {@code dev.chronoscope} and
 * {@code dev.chronoscope.assertj} (the only packages the module exports): no public or protected
 * signature there may mention a type from an {@code internal} package — as a supertype, a field's
 * type, a parameter, a return type, a thrown exception or a type argument of any of them. Otherwise
 * a user's code would have to name an internal type (on the module path it cannot).
 */
class ApiSignatureTests {

    private static final String INTERNAL = "dev.chronoscope.internal";

    @Test
    void apiSignaturesMentionNoInternalType() {
        classes().that().resideInAnyPackage("dev.chronoscope", "dev.chronoscope.assertj")
                .and(visibleToUsers())
                .should(exposeNoInternalType())
                .check(MainClasses.get());
    }

    /**
     * The API as released: every public member of the API packages, pinned in
     * {@code api-signatures.txt} beside this class. A change to the API is a change to that file,
     * made on purpose; the file the code gives is written to {@code target/api-signatures.txt}.
     */
    @Test
    void theApiIsThePinnedSignatures() throws java.io.IOException {
        List<String> actual = ApiMembers.all().stream().map(ApiMembers.Member::line).toList();
        java.nio.file.Files.write(java.nio.file.Path.of("target", "api-signatures.txt"), actual);
        try (var in = ApiSignatureTests.class.getResourceAsStream("api-signatures.txt")) {
            List<String> pinned = in == null ? List.of()
                    : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
            org.assertj.core.api.Assertions.assertThat(actual)
                    .as("the API against api-signatures.txt (the code's is in extension/target/api-signatures.txt)")
                    .containsExactlyElementsOf(pinned);
        }
    }

    @Test
    void theRuleSeesInternalTypesInEveryKindOfSignature() {
        JavaClasses leaky = new ClassFileImporter().importClasses(Leaky.class);
        assertThatThrownBy(() -> classes().should(exposeNoInternalType()).check(leaky))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Leaky.field has type " + ChronoscopeMain.class.getName())
                .hasMessageContaining("Leaky.all() returns " + ChronoscopeMain.class.getName())
                .hasMessageContaining("Leaky.take(" + ChronoscopeMain.class.getName() + ") takes")
                .hasMessageContaining("Leaky.generic() returns " + ChronoscopeMain.class.getName())
                .hasMessageContaining("Leaky.<init>(java.util.List) takes " + ChronoscopeMain.class.getName())
                .hasMessageContaining("Leaky.generic() has a type parameter bound by " + ChronoscopeMain.class.getName())
                .hasMessageContaining("was violated (6 times)")
                .hasMessageNotContaining("hidden");
    }

    /** A class that shows an internal type in each kind of signature (and hides one). */
    @SuppressWarnings("unused")
    public static class Leaky {
        public ChronoscopeMain field;
        protected Leaky(List<ChronoscopeMain> all) {
        }
        public List<? extends ChronoscopeMain> all() {
            return List.of();
        }
        public void take(ChronoscopeMain main) {
        }
        public <T extends ChronoscopeMain> T generic() {
            return null;
        }
        private ChronoscopeMain hidden() {
            return null;
        }
    }

    /** Public, and so are all its enclosing classes. */
    private static DescribedPredicate<JavaClass> visibleToUsers() {
        return DescribedPredicate.describe("are visible to users", c -> {
            for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
                if (!k.get().getModifiers().contains(JavaModifier.PUBLIC)) {
                    return false;
                }
            }
            return true;
        });
    }

    private static ArchCondition<JavaClass> exposeNoInternalType() {
        return new ArchCondition<>("mention no type of " + INTERNAL + " in a public or protected signature") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                List<JavaType> supertypes = new ArrayList<>(c.getInterfaces());
                c.getSuperclass().ifPresent(supertypes::add);
                for (JavaType t : supertypes) {
                    report(c, c.getName() + " extends or implements", t, events);
                }
                for (JavaType t : c.getTypeParameters()) {
                    report(c, c.getName() + " has a type parameter bound by", t, events);
                }
                for (JavaMember m : c.getMembers()) {
                    if (!isApi(m)) {
                        continue;
                    }
                    if (m instanceof JavaField f) {
                        report(c, f.getFullName() + " has type", f.getType(), events);
                    } else if (m instanceof JavaCodeUnit u) {
                        report(c, u.getFullName() + " returns", u.getReturnType(), events);
                        for (JavaType t : u.getTypeParameters()) {
                            report(c, u.getFullName() + " has a type parameter bound by", t, events);
                        }
                        for (JavaType p : u.getParameterTypes()) {
                            report(c, u.getFullName() + " takes", p, events);
                        }
                        for (JavaClass e : u.getExceptionTypes()) {
                            report(c, u.getFullName() + " throws", e, events);
                        }
                    }
                }
            }
        };
    }

    private static boolean isApi(JavaMember m) {
        boolean visible = m.getModifiers().contains(JavaModifier.PUBLIC) || m.getModifiers().contains(JavaModifier.PROTECTED);
        return visible && !m.getModifiers().contains(JavaModifier.SYNTHETIC) && !m.getModifiers().contains(JavaModifier.BRIDGE);
    }

    private static void report(JavaClass owner, String where, JavaType type, ConditionEvents events) {
        for (JavaClass raw : type.getAllInvolvedRawTypes()) {
            if (raw.getPackageName().startsWith(INTERNAL)) {
                events.add(SimpleConditionEvent.violated(owner, where + " " + raw.getName()));
            }
        }
    }
}
