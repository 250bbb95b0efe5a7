package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Platform;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.util.Optional;

/** CPUID executed by the native probe. */
final class ProbeCpuidSource implements CpuidSource {

    static final ProbeCpuidSource INSTANCE = new ProbeCpuidSource();

    private ProbeCpuidSource() {
    }

    @Override
    public Optional<int[]> cpuid(int leaf, int subleaf) {
        if (!unavailableReason().isEmpty()) {
            return Optional.empty();
        }
        return ProbeLibrary.cpuid(leaf, subleaf);
    }

    @Override
    public String unavailableReason() {
        Platform platform = Platform.current();
        if (!platform.isX86_64()) {
            return "CPUID is an x86 instruction; this is " + platform;
        }
        try {
            return ProbeLibrary.isLoaded() ? "" : "native probe not loaded: " + ProbeLibrary.unavailableReason();
        } catch (LinkageError | RuntimeException e) {
            // class initialisation can fail, e.g. with --illegal-native-access=deny
            return "native probe not loaded: " + e;
        }
    }

    @Override
    public String toString() {
        return "CPUID through the native probe";
    }
}
