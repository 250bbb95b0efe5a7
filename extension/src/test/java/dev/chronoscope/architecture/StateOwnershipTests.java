package dev.chronoscope.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentMap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

/**
 * Who owns state: the run's lives in its runtime, a test's in its timed test, and what outlives a
 * run in the one JVM-wide holder, {@code JvmScope.CURRENT}. A static field that holds state
 * anywhere else is state every run and test shares without anyone owning it. (That the measurement
 * never depends on the JUnit integration is {@link LayeringTests}'.)
 */
class StateOwnershipTests {

    /** The JUnit integration's one JVM-wide holder (see its class comment for why it must be static). */
    private static final String JVM_HOLDER = "dev.chronoscope.internal.junit.JvmScope.CURRENT";
    /**
     * The measuring thread's own {@code /proc/thread-self} files, one open file and buffer per thread
     * ({@code ThreadProcFile}): what they hold is the thread's, for the thread's lifetime, not a run's
     * or a test's, and reopening them per test or per timing would allocate on every read around a
     * measurement.
     */
    private static final Set<String> PER_THREAD = Set.of("dev.chronoscope.internal.measure.PageFaults.FILE",
            "dev.chronoscope.internal.measure.ThreadSwitches.FILE", "dev.chronoscope.internal.measure.ThreadSwitches.VOLUNTARY_FILE");

    /** Chronoscope's own holders of the JVM's state, and the JDK's mutable counters and maps. */
    private static final DescribedPredicate<JavaClass> HOLDS_STATE = DescribedPredicate.describe(
            "a holder of state (the JVM's timing state, an atomic, a concurrent or weak map, a class value, a thread-local,"
                    + " a mutable JDK collection, a log of claims)",
            type -> type.getPackageName().equals("java.util.concurrent.atomic")
                    || type.isAssignableTo(ConcurrentMap.class) || type.isAssignableTo(WeakHashMap.class)
                    || type.isAssignableTo(ClassValue.class) || type.isAssignableTo(ThreadLocal.class)
                    || type.isAssignableTo(ArrayList.class) || type.isAssignableTo(HashMap.class)
                    || type.isAssignableTo(HashSet.class) || type.isAssignableTo(ArrayDeque.class)
                    || type.getName().matches("dev\\.chronoscope\\.(ClaimLog|internal\\.(measure\\.(JvmState|JitState|MeasuredFacts"
                    + "|CompiledRegions|Once|ThreadProcFile)|junit\\.(JvmScope|Exclusivity|MachineTimingLock|ChronoscopeRuntime)))"));

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = MainClasses.get();
    }

    /**
     * No static field can be reassigned. The native library's one-time load is static final by
     * necessity (the JIT treats {@code static final} method handles as constants and inlines the
     * downcall), and final: it happens once, in the class initializer. A workload's constants the
     * JIT must not fold live in instance fields ({@code MultiplyAddChain}).
     */
    @Test
    void noStaticFieldIsReassigned() {
        fields().that().areStatic().should().beFinal().check(classes);
    }

    @Test
    void onlyTheJvmHolderKeepsStateInAStaticField() {
        noFields().that().areStatic()
                .and(DescribedPredicate.describe("are not the JVM holder or a thread's own files",
                        (JavaField f) -> !f.getFullName().equals(JVM_HOLDER) && !PER_THREAD.contains(f.getFullName())))
                .should().haveRawType(HOLDS_STATE)
                .check(classes);
    }

    /** A test is set up from one call into the JVM's state, {@code JvmState.prepare}, and what that returns. */
    @Test
    void theTimedTestFactoryReachesTheJvmThroughJvmStateAlone() {
        noClasses().that().haveFullyQualifiedName("dev.chronoscope.internal.junit.TimedTestFactory")
                .should().accessClassesThat().haveNameMatching("dev\\.chronoscope\\.internal\\.(measure\\.(JitState|MeasuredFacts"
                        + "|CompiledRegions)|junit\\.JvmScope)")
                .because("the JVM's facts and JIT state are JvmState's, reached through JvmState.prepare's PreparedClock")
                .check(classes);
    }
}
