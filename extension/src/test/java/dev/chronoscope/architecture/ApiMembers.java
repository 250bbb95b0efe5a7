package dev.chronoscope.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.properties.HasAnnotations;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The members a user can call in the API packages, read from the class files: each as a line
 * {@code Type.member(ParameterTypes) -> ReturnType}, marked {@code [deprecated]} or {@code [internal]}
 * (apiguardian's {@code INTERNAL}), sorted. What {@link ApiSignatureTests} pins and the reference's
 * table lists.
 */
final class ApiMembers {

    static final List<String> PACKAGES = List.of("dev.chronoscope", "dev.chronoscope.assertj");

    /** One member of a public API type. */
    record Member(String type, String name, String signature, boolean deprecated, boolean internal) {
        String line() {
            return type + "." + signature + (deprecated ? " [deprecated]" : "") + (internal ? " [internal]" : "");
        }
    }

    private ApiMembers() {
    }

    static List<Member> all() {
        List<Member> members = new ArrayList<>();
        for (JavaClass c : MainClasses.get()) {
            if (!PACKAGES.contains(c.getPackageName()) || !visible(c)) {
                continue;
            }
            String type = c.getName().substring(c.getPackageName().length() + 1).replace('$', '.');
            boolean typeInternal = false;
            for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
                typeInternal |= internal(k.get());
            }
            boolean typeDeprecated = c.isAnnotatedWith(Deprecated.class);
            members.add(new Member(type, "", kind(c), typeDeprecated, typeInternal));
            for (JavaMember m : c.getMembers()) {
                if (!api(m) || m.getOwner().isEnum() && List.of("values", "valueOf").contains(m.getName())) {
                    continue;
                }
                members.add(new Member(type, m.getName(), signature(m), typeDeprecated || m.isAnnotatedWith(Deprecated.class),
                        typeInternal || internal(m)));
            }
        }
        return members.stream().sorted(java.util.Comparator.comparing(Member::line)).toList();
    }

    private static String kind(JavaClass c) {
        return c.isAnnotation() ? "@interface" : c.isEnum() ? "enum" : c.isRecord() ? "record" : c.isInterface() ? "interface" : "class";
    }

    private static String signature(JavaMember m) {
        if (m instanceof JavaCodeUnit u) {
            String name = u.isConstructor() ? "<init>" : u.getName();
            List<String> params = u.getRawParameterTypes().stream().map(JavaClass::getSimpleName).toList();
            String returns = u.isConstructor() ? "" : " -> " + u.getRawReturnType().getSimpleName();
            return name + "(" + String.join(", ", params) + ")" + returns;
        }
        return m.getName();
    }

    private static boolean api(JavaMember m) {
        boolean visible = m.getModifiers().contains(JavaModifier.PUBLIC) || m.getModifiers().contains(JavaModifier.PROTECTED);
        return visible && !m.getModifiers().contains(JavaModifier.SYNTHETIC) && !m.getModifiers().contains(JavaModifier.BRIDGE) && !"<clinit>".equals(m.getName());
    }

    private static boolean internal(HasAnnotations<?> element) {
        return element.tryGetAnnotationOfType(API.class).map(a -> a.status() == API.Status.INTERNAL).orElse(false);
    }

    private static boolean visible(JavaClass c) {
        for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
            if (!k.get().getModifiers().contains(JavaModifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }
}
