package dev.chronoscope.internal.ffm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The linux-aarch64 probe the jar ships, executed: a C harness ({@code native/src/test/c/probe_harness.c})
 * cross-compiled here opens the cross-built {@code libchronoscope.so} and calls every export under
 * {@code qemu-aarch64}. No aarch64 JDK 22+ is reachable on the build hosts, so the Java side of
 * aarch64 (ProbeLibrary binding these functions) stays unexecuted; this checks the C side.
 * Skipped, naming what is missing, where the cross compiler or qemu-user is not installed.
 */
class Aarch64ProbeTests {

    static final String LIBRARY = "dev/chronoscope/native/linux-aarch64/libchronoscope.so";
    static final Path HARNESS = Path.of("..", "native", "src", "test", "c", "probe_harness.c");
    static final String CROSS_COMPILER = "aarch64-linux-gnu-gcc";
    /** Where Debian's cross toolchain keeps the aarch64 C library and dynamic loader, for qemu's -L. */
    static final Path SYSROOT = Path.of("/usr/aarch64-linux-gnu");
    /** CNTFRQ_EL0 on real parts: 1 GHz from Armv8.6 on, tens of MHz before (qemu: 62.5 MHz). */
    static final long MIN_PLAUSIBLE_HZ = 1_000_000L;
    static final long MAX_PLAUSIBLE_HZ = 10_000_000_000L;

    @Test
    void theCrossBuiltProbeRunsUnderQemuAndItsCounterMatchesCntfrq(@TempDir Path temp) throws Exception {
        Optional<Path> compiler = onPath(CROSS_COMPILER);
        assumeThat(compiler).as("no " + CROSS_COMPILER + " on PATH (Debian: apt-get install gcc-aarch64-linux-gnu): "
                + "the linux-aarch64 probe is neither built nor run here").isPresent();
        Optional<Path> qemu = onPath("qemu-aarch64").or(() -> onPath("qemu-aarch64-static"));
        assumeThat(qemu).as("no qemu-aarch64 on PATH (Debian: apt-get install qemu-user): the linux-aarch64 probe is "
                + "built but not run here").isPresent();
        Path library = bundled();

        Path harness = temp.resolve("probe_harness");
        run(List.of(compiler.get().toString(), "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", harness.toString(),
                HARNESS.toString(), "-ldl"), temp.resolve("cc.log"));
        Map<String, String> out = parse(run(List.of(qemu.get().toString(), "-L", SYSROOT.toString(), harness.toString(),
                library.toString()), temp.resolve("qemu.log")));

        assertThat(out).as("every export was found").doesNotContainKey("missing").doesNotContainKey("dlopen");
        assertThat(Integer.parseInt(out.get("abi"))).as("cs_abi_version").isEqualTo(ProbeLibrary.EXPECTED_ABI_VERSION);
        assertThat(out.get("kind")).as("cs_counter_kind: 2 is CNTVCT_EL0").isEqualTo("2");
        assertThat(Long.parseLong(out.get("reads"))).isEqualTo(500_000);
        assertThat(Long.parseLong(out.get("backwards"))).as("reads below the one before, of " + out.get("reads")).isZero();
        assertThat(out.get("cpuBegin")).as("aarch64 has no TSC_AUX: CS_CPU_UNKNOWN").isEqualTo("4294967295");
        assertThat(out.get("cpuEnd")).isEqualTo("4294967295");
        assertThat(out.get("cpuid")).as("cs_cpuid on a CPU without CPUID").isEqualTo("0");

        long hz = Long.parseLong(out.get("frequencyHz"));
        assertThat(hz).as("CNTFRQ_EL0").isBetween(MIN_PLAUSIBLE_HZ, MAX_PLAUSIBLE_HZ);
        long ticks = Long.parseLong(out.get("elapsedTicks"));
        long nanos = Long.parseLong(out.get("elapsedNs"));
        assertThat(nanos).as("the harness slept 100 ms").isGreaterThanOrEqualTo(100_000_000L);
        // the counter's rate over >= 100 ms against CLOCK_MONOTONIC, read next to it: what CNTFRQ_EL0 advertises
        double measuredHz = ticks * 1e9 / nanos;
        assertThat(measuredHz / hz).as("counter rate %.0f Hz over %d ns against CNTFRQ_EL0 %d Hz", measuredHz, nanos, hz)
                .isCloseTo(1.0, within(0.10));
    }

    /** The cross-built library as the build put it on the class path (the jar's folder). */
    private static Path bundled() throws URISyntaxException {
        URL url = Aarch64ProbeTests.class.getClassLoader().getResource(LIBRARY);
        assertThat(url).as(LIBRARY + " on the class path: native/build-native.sh builds it wherever " + CROSS_COMPILER
                + " exists, and it does here").isNotNull();
        assertThat(url.getProtocol()).as(url.toString()).isEqualTo("file");
        return Path.of(url.toURI());
    }

    static Optional<Path> onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** What {@code command} printed; it must exit with 0 within 60 s (output to a file, so the timeout can fire). */
    private static String run(List<String> command, Path log) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean finished = p.waitFor(60, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(finished).as(String.join(" ", command) + " finished within 60 s").isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + " printed:\n" + out).isZero();
        return out;
    }

    private static Map<String, String> parse(String out) {
        Map<String, String> m = new LinkedHashMap<>();
        out.lines().map(l -> l.split("=", 2)).filter(kv -> kv.length == 2).forEach(kv -> m.put(kv[0], kv[1]));
        return m;
    }
}
