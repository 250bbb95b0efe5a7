package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.clock.TscAuxCheck;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.host.HostProfile;
import java.util.Optional;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.DescribedHost;
import dev.chronoscope.internal.host.CpuList;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.nio.file.Path;

/** Host facts described through {@link ChronoscopeConfig#HOST_FACTS_SUPPLIER_KEY} instead of read. */
final class HostDescriptions {

    private HostDescriptions() {
    }

    /** Instantiates the supplier class named {@code className} and turns its host into facts. */
    static HostFacts load(String className) {
        String key = ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY;
        String prefix = "Configuration parameter " + key + " = '" + className + "' is invalid: ";
        Object supplier;
        try {
            supplier = Class.forName(className, true, Thread.currentThread().getContextClassLoader())
                    .getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new ExtensionConfigurationException(prefix + "no class of that name is on the test class path", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new ExtensionConfigurationException(prefix + "its constructor threw " + cause, cause);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new ExtensionConfigurationException(prefix
                    + "expected a public class with a public no-argument constructor (" + e + ")", e);
        }
        if (!(supplier instanceof Supplier<?> s)) {
            throw new ExtensionConfigurationException(prefix
                    + "expected a class implementing Supplier<DescribedHost>, found " + supplier.getClass().getName());
        }
        Object host;
        try {
            host = s.get();
        } catch (RuntimeException e) {
            throw new ExtensionConfigurationException(prefix + "its get() threw " + e, e);
        }
        if (host instanceof DescribedHost described) {
            return facts(described);
        }
        throw new ExtensionConfigurationException(prefix
                + "expected a class implementing Supplier<DescribedHost>; its get() returned "
                + (host == null ? "null" : "a " + host.getClass().getName()));
    }

    /** The captured host kind in {@code folder} ({@link ChronoscopeConfig#HOST_PROFILE_KEY}). */
    static HostProfile profile(Path folder) {
        try {
            return HostProfile.load(folder);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("Configuration parameter " + ChronoscopeConfig.HOST_PROFILE_KEY
                    + " = '" + folder + "' is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * The run's TSC read path: this host's, or, for a described or replayed host, one that uses only
     * what both it and this CPU advertise (a replayed host's TSC_AUX values count as evidence).
     *
     * @throws ExtensionConfigurationException when {@link ChronoscopeConfig#TSC_READ_PATH_KEY} asks for
     *                                         a path that cannot be used, with the fact that stands against it
     */
    static TscReadPath readPath(Settings settings, HostFacts host, Optional<HostProfile> profile) {
        try {
            if (profile.isEmpty() && settings.hostFactsSupplier().isEmpty()) {
                return TscReadPath.ofThisHost(settings.tscReadPath());
            }
            String name = profile.map(p -> "host profile " + p.name()).orElse("the described host");
            TscReadPath.Features described = new TscReadPath.Features(host.rdtscp().value(), host.rdpid().value(),
                    name);
            Optional<TscReadPath.AuxEvidence> aux = profile.filter(p -> !p.tscAux().isEmpty())
                    .map(p -> TscAuxCheck.judge(p.tscAux(), "captured in " + name));
            return TscReadPath.forDescribedHost(described, aux, settings.tscReadPath());
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("Configuration parameter " + e.getMessage(), e);
        }
    }

    /** The described facts; every fact not described is unknown. */
    static HostFacts facts(DescribedHost d) {
        HostFacts.Builder b = HostFacts.builder();
        d.cpuModel().ifPresent(b::cpuModel);
        d.invariantTsc().ifPresent(invariant -> b.invariantTsc(invariant).constantTscFlag(invariant)
                .nonstopTscFlag(invariant));
        d.rdtscp().ifPresent(rdtscp -> b.rdtscp(rdtscp).rdtscpFlag(rdtscp));
        d.clocksource().ifPresent(name -> b.clocksource(name)
                .availableClocksources(Fact.of(List.of(name), DescribedHost.SOURCE)));
        d.hypervisor().ifPresent(b::hypervisor);
        d.hypervisorVendor().ifPresent(b::hypervisorVendor);
        d.onlineCpus().ifPresent(n -> b.onlineCpus(new CpuList(IntStream.range(0, n).boxed().toList())));
        return b.build();
    }
}
