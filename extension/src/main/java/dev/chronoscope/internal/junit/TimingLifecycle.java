package dev.chronoscope.internal.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.JvmFacts;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeWarmup;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.report.JsonLinesWriter;
import dev.chronoscope.internal.report.RecordJson;
import dev.chronoscope.internal.report.TestRecord;
import dev.chronoscope.internal.report.TimingSection;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.SearchOption;
import org.opentest4j.TestAbortedException;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What Chronoscope does around each timed test, for the extension in {@code dev.chronoscope}:
 * choose the clock, make sure the per-JVM work is done, measure the floor right before the test,
 * bracket the invocation, and report afterwards.
 */
public final class TimingLifecycle {

    /** Published sample files stop at this many samples per timing (one number per line). */
    static final int MAX_PUBLISHED_SAMPLES = 1_000_000;

    private TimingLifecycle() {
    }

    private static final String STATE = "timed-test";
    /** At most this long re-warming a path that went cold between tests. */
    static final long REWARM_BUDGET_NANOS = 300_000_000L;
    private static final String AGGREGATE = "invocation-aggregate";
    private static final String HOST = "host-facts";

    /** Reads the settings and the host (real, or described by the configured supplier) for {@code context}. */
    public static HostFacts host(ExtensionContext context, Settings settings, Namespace namespace) {
        if (settings.hostFactsSupplier().isEmpty()) {
            return JvmFacts.get().host();
        }
        String className = settings.hostFactsSupplier().get();
        return context.getRoot().getStore(namespace).computeIfAbsent(HOST + ":" + className,
                k -> instantiateHost(className), HostFacts.class);
    }

    private static HostFacts instantiateHost(String className) {
        String key = dev.chronoscope.ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY;
        try {
            Object supplier = Class.forName(className, true, Thread.currentThread().getContextClassLoader())
                    .getDeclaredConstructor().newInstance();
            if (supplier instanceof Supplier<?> s && s.get() instanceof HostFacts facts) {
                return facts;
            }
            throw new ExtensionConfigurationException("Configuration parameter " + key + " = '" + className
                    + "' is invalid: expected a class implementing Supplier<HostFacts>");
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new ExtensionConfigurationException("Configuration parameter " + key + " = '" + className
                    + "' is invalid: expected an instantiable class with a no-argument constructor (" + e + ")", e);
        }
    }

    /** Before the test method: everything up to and including the floor. */
    public static void beforeTestExecution(ExtensionContext context, Namespace namespace) {
        if (context.getTestMethod().map(m -> m.isAnnotationPresent(org.junit.jupiter.api.TestFactory.class)).orElse(false)) {
            return; // a factory returns tests rather than running one: there is no single invocation to time
        }
        Settings settings = Settings.read(context);
        AssertionSettings assertions = Settings.assertions(context);
        HostFacts host = host(context, settings, namespace);
        Method method = context.getRequiredTestMethod();
        Optional<MeasureWith> measureWith = find(context, MeasureWith.class);
        ClockChoice choice = ClockChoice.choose(measureWith.map(MeasureWith::value),
                whereDeclared(context, MeasureWith.class), settings, host);
        boolean subtract = find(context, SubtractProbeFloor.class).isPresent();
        ClockId clock = choice.clock();
        JvmFacts jvm = JvmFacts.get();
        ClockReader reader;
        ClockReader invocationReader;
        JvmFacts.ClockStep step;
        ProbeWarmup jvmWarmup;
        try {
            jvm.prepare(clock, settings.warmupBudgetNanos()); // no-op once done for this JVM
            jvmWarmup = jvm.warmup(clock, settings.warmupBudgetNanos());
            reader = ClockReaders.open(clock);
            invocationReader = ClockReaders.open(clock);
            step = jvm.step(clock);
        } catch (ClockUnavailableException e) {
            throw new ExtensionConfigurationException(describe(method) + ": " + e.getMessage(), e);
        }
        TscFrequency frequency = null;
        List<String> warnings = new ArrayList<>(choice.warnings());
        if (clock.countsTicks()) {
            Fact<TscFrequency> f = jvm.frequency();
            if (!f.isKnown()) {
                throw new ExtensionConfigurationException(describe(method) + ": " + clock
                        + " counts ticks but they cannot be converted to time: " + f.unknownReason());
            }
            frequency = f.get();
        }
        // pinning happens before the floor, so the floor is measured as the test will run
        Pinning pinning = Pinning.pin(settings.pin(), warnings);
        ProbeFloor floor;
        Timings.Context timingContext;
        String warmup;
        try {
            String unit = clock.countsTicks() ? "ticks" : "ns";
            warmup = jvmWarmup.describe(unit) + rewarm(reader, jvmWarmup, settings, unit);
            Timings.Floor measured = Timings.measureFloor(reader, settings.floorSamples(), settings.floorBudgetNanos(), frequency);
            floor = measured.floor();
            Step used = Step.of(step, measured);
            timingContext = new Timings.Context(reader, frequency, floor, subtract, used.value(), used.source());
        } catch (RuntimeException e) {
            pinning.restore();
            throw e;
        }
        MeasuringProbe probe = new MeasuringProbe(timingContext, settings.regionWarmupBudgetNanos());
        TimedTest state = new TimedTest(settings, host, new ClockChoice(clock, choice.why(), warnings), frequency, floor,
                timingContext, probe, invocationReader, warmup, pinning, Instant.now().toString(), subtract);
        context.getStore(namespace).put(STATE, state);
        AssertionSettings.push(assertions); // for the assertions on this thread; popped after the test
    }

    /** The step the verdicts use, and how it was observed. */
    private record Step(double value, String source) {
        /** The quantum of the clock's effective resolution, from back-to-back reads and the floor's samples. */
        static Step of(JvmFacts.ClockStep step, Timings.Floor floor) {
            EffectiveResolution resolution = step.resolution(floor);
            return new Step(resolution.quantum(), resolution.describe());
        }
    }

    /** Re-warms the probe path if it went cold since the per-JVM warm-up; says what was done. */
    private static String rewarm(ClockReader reader, ProbeWarmup jvmWarmup, Settings settings, String unit) {
        Optional<ProbeWarmup> again = ProbeWarmup.rewarmIfCold(reader, jvmWarmup, Math.min(REWARM_BUDGET_NANOS,
                Math.max(1, settings.warmupBudgetNanos())));
        return again.map(w -> String.format(java.util.Locale.ROOT,
                "; before this test the path had gone cold (p50 %d %s): re-warmed %d rounds in %.1f ms, %s at p50 %d %s",
                w.medians().get(0), unit, w.rounds(), w.elapsedNanos() / 1e6, w.converged() ? "settled" : "NOT settled",
                w.finalMedian(), unit)).orElse("; still warm before this test");
    }

    /** Brackets the test method's invocation with the test's clock: one sample per invocation. */
    public static void interceptInvocation(InvocationInterceptor.Invocation<Void> invocation, ExtensionContext context,
                                           Namespace namespace) throws Throwable {
        TimedTest state = context.getStore(namespace).get(STATE, TimedTest.class);
        if (state == null) {
            invocation.proceed();
            return;
        }
        ClockReader reader = state.invocationReader;
        long t0 = reader.begin();
        try {
            invocation.proceed();
        } finally {
            long t1 = reader.end();
            int beginCpu = reader.beginCpu();
            int endCpu = reader.endCpu();
            if (beginCpu != endCpu) {
                // A whole invocation takes far longer than any offset between CPUs' counters, and a
                // test thread that runs for milliseconds is often moved: keep the sample, say so.
                state.notes.add(String.format(java.util.Locale.ROOT,
                        "the test thread moved from CPU %d to CPU %d during the invocation; its sample is kept "
                                + "(a cross-CPU counter offset is negligible against a whole invocation), "
                                + "while probe regions that move are dropped", beginCpu, endCpu));
                endCpu = beginCpu;
            }
            state.invocation.record(t0, t1, beginCpu, endCpu);
            int recordedEndCpu = endCpu;
            templateAggregate(context, namespace).ifPresent(a -> a.add(t0, t1, beginCpu, recordedEndCpu));
        }
    }

    /** The aggregate of a repeated or parameterized test's invocations, kept in the template's store. */
    private static Optional<InvocationAggregate> templateAggregate(ExtensionContext context, Namespace namespace) {
        return context.getParent()
                .filter(parent -> parent.getTestMethod().isPresent())
                .map(parent -> parent.getStore(namespace).computeIfAbsent(AGGREGATE, k -> new InvocationAggregate(),
                        InvocationAggregate.class));
    }

    public static boolean supportsParameter(ParameterContext parameter) {
        return parameter.getParameter().getType() == Probe.class;
    }

    public static Probe resolveParameter(ParameterContext parameter, ExtensionContext context, Namespace namespace) {
        Optional<Method> testMethod = context.getTestMethod();
        if (testMethod.isEmpty() || !parameter.getDeclaringExecutable().equals(testMethod.get())) {
            throw new ParameterResolutionException("A Probe can only be a parameter of the timed test method itself; found "
                    + "parameter " + parameter.getIndex() + " (" + parameter.getParameter().getName() + ") of "
                    + parameter.getDeclaringExecutable() + ". Declare it on the @Test method and time regions there.");
        }
        TimedTest state = context.getStore(namespace).get(STATE, TimedTest.class);
        if (state == null) {
            throw new ParameterResolutionException("No Chronoscope timing is active for " + describe(testMethod.get())
                    + ": annotate it (or its class) with @MeasureWith, @SubtractProbeFloor or @RequiresInvariantTsc.");
        }
        return state.probe;
    }

    /** After the test method: build the record, print the section, publish entries and files, append the record. */
    public static void afterTestExecution(ExtensionContext context, Namespace namespace) {
        TimedTest state = context.getStore(namespace).remove(STATE, TimedTest.class);
        if (state == null) {
            return;
        }
        try {
            List<Timing> timings = new ArrayList<>();
            timings.add(Timings.build("invocation", state.invocation, state.context));
            timings.addAll(state.probe.timings());
            if (state.probe.hasExplicitSamples()) {
                timings.add(state.probe.recorded());
            }
            Timing aggregate = templateAggregate(context, namespace).map(a -> a.timing(state.context)).orElse(null);
            TestRecord record = new TestRecord(context.getUniqueId(), testName(context), context.getDisplayName(),
                    outcome(context), state.choice.clock(), state.choice.why(), state.context.reader().readMethod(),
                    state.frequency, hostLine(state.host), state.floor, state.context.step(), state.context.stepSource(),
                    state.warmup, state.pinning.description(), withNotes(state.choice.warnings(), state.notes),
                    state.subtractFloor, timings, aggregate, state.startedAt,
                    ProcessHandle.current().pid());
            report(context, state.settings, record);
        } finally {
            AssertionSettings.pop();
            state.pinning.restore();
        }
    }

    private static List<String> withNotes(List<String> warnings, List<String> notes) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(notes);
        return all;
    }

    private static void report(ExtensionContext context, Settings settings, TestRecord record) {
        String section = TimingSection.format(record);
        if (settings.printSections()) {
            System.out.print(section);
            System.out.flush();
        }
        String json = RecordJson.of(record).toString();
        // the record first: nothing that goes wrong while publishing may lose it
        try {
            JsonLinesWriter.in(settings.reportDir()).append(json);
        } catch (IOException e) {
            System.err.println("[chronoscope] could not append the record of " + record.testName() + " to "
                    + JsonLinesWriter.in(settings.reportDir()).file() + ": " + e);
        }
        try {
            publish(context, record, json);
        } catch (RuntimeException e) {
            System.err.println("[chronoscope] could not publish the report entries of " + record.testName() + ": " + e);
        }
    }

    private static void publish(ExtensionContext context, TestRecord record, String json) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("chronoscope.clock", record.clock().name());
        entries.put("chronoscope.floor.p50", TimingSection.number(record.floor().raw().p50()) + " " + record.floor().raw().unit().symbol());
        for (int i = 0; i < record.timings().size(); i++) {
            Timing t = record.timings().get(i);
            entries.put("chronoscope.timing." + i + ".label", t.label());
            entries.put("chronoscope.timing." + i + ".verdict", t.verdict().name());
            if (t.kept() > 0) {
                entries.put("chronoscope.timing." + i + ".p50.ns", TimingSection.number(t.rawNanos().p50()));
            }
        }
        entries.put("chronoscope.record", json);
        context.publishReportEntry(entries);
        for (int i = 0; i < record.timings().size(); i++) {
            Timing t = record.timings().get(i);
            if (t.kept() == 0 || t.kept() > MAX_PUBLISHED_SAMPLES) {
                continue;
            }
            try {
                context.publishFile("chronoscope-samples-" + i + ".txt", MediaType.TEXT_PLAIN_UTF_8, path -> {
                    try (BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
                        w.write("# " + t.label() + ": " + t.kept() + " samples in " + t.unit().symbol() + ", sorted ascending\n");
                        for (int k = 0; k < t.kept(); k++) {
                            w.write(Long.toString(t.sortedSample(k)));
                            w.write('\n');
                        }
                    }
                });
            } catch (RuntimeException e) {
                System.err.println("[chronoscope] could not publish the samples of " + record.testName() + ": " + e);
            }
        }
    }

    static String outcome(ExtensionContext context) {
        return context.getExecutionException()
                .map(e -> e instanceof TestAbortedException ? "aborted" : "failed")
                .orElse("passed");
    }

    static String testName(ExtensionContext context) {
        Method m = context.getRequiredTestMethod();
        String name = className(context.getRequiredTestClass()) + "." + m.getName() + parameterTypes(m);
        if (context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent()) {
            name += " " + context.getDisplayName();
        }
        return name;
    }

    static String hostLine(HostFacts host) {
        Fact<Boolean> invariant = host.invariantTscVerdict();
        return "invariant TSC " + (invariant.isKnown() ? (invariant.get() ? "yes" : "no") : "unknown")
                + " | clocksource " + host.clocksource().orElse("unknown")
                + " | hypervisor " + (Boolean.TRUE.equals(host.hypervisor().value()) ? host.hypervisorVendor().orElse("yes") :
                host.hypervisor().isKnown() ? "none" : "unknown")
                + " | CPUs online " + host.onlineCpus().map(Object::toString).orElse("unknown")
                + " | " + host.cpuModel().orElse("CPU model unknown");
    }

    static String describe(Method method) {
        return "method " + className(method.getDeclaringClass()) + "." + method.getName() + parameterTypes(method);
    }

    /** The class name without its package, nested classes joined by dots: {@code Outer.Inner}. */
    static String className(Class<?> c) {
        String name = c.getName();
        return name.substring(name.lastIndexOf('.') + 1).replace('$', '.');
    }

    static String parameterTypes(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            b.append(b.length() > 1 ? ", " : "").append(p.getSimpleName());
        }
        return b.append(')').toString();
    }

    /** Where {@code type} applies to the test from: the method (directly or through a composed annotation) or a class. */
    static String whereDeclared(ExtensionContext context, Class<? extends java.lang.annotation.Annotation> type) {
        Method method = context.getRequiredTestMethod();
        if (AnnotationSupport.findAnnotation((AnnotatedElement) method, type).isPresent()) {
            return (method.isAnnotationPresent(type) ? "" : "a composed annotation on ") + describe(method);
        }
        for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
            if (AnnotationSupport.findAnnotation(c, type).isPresent()) {
                return "class " + className(c);
            }
        }
        return describe(method);
    }

    /** The annotation on the test method, else on its class (or an enclosing class); meta-annotations count. */
    static <A extends java.lang.annotation.Annotation> Optional<A> find(ExtensionContext context, Class<A> type) {
        Optional<A> onMethod = context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation((AnnotatedElement) m, type));
        if (onMethod.isPresent()) {
            return onMethod;
        }
        return context.getTestClass().flatMap(c -> AnnotationSupport.findAnnotation(c, type, SearchOption.INCLUDE_ENCLOSING_CLASSES));
    }
}
