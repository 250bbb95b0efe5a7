package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A captured host kind, replayed: the folder {@code hostcap} and a few shell lines write (the
 * project keeps its own under {@code hosts/}), read back as the host's files, CPUID leaves, the
 * TSC_AUX values seen on each OS CPU, and the counter's step.
 *
 * <p>Files read: {@code cpuid-and-tsc-aux.txt} (required: {@code cpuid LEAF.SUB: eax=… ebx=… ecx=… edx=…}
 * lines and {@code os cpu N (…): TSC_AUX values seen in …: V(cpu C node N) …} lines), {@code cpuinfo.txt}
 * ({@code /proc/cpuinfo}), {@code kernel-and-clocksource.txt} (line 1 the current clocksource, line 2
 * the available ones, line 3 the kernel release, then the kernel command line's words) and
 * {@code c-reference-fenced.txt} (the C reference's pair and chain figures, in ticks). The counter's
 * step is the greatest common divisor of the C reference's p50 and p99 figures: every typical
 * difference of two readings of a counter that moves in steps of s ticks is a multiple of s (the
 * minimum is left out: a guest counter's rare reads can differ by less than a step; see
 * docs/evidence/host-measurements.md, "Figures once in code comments").
 *
 * @param name      the folder's name
 * @param files     the captured files, at the paths the host's own would have
 * @param cpuid     the captured CPUID leaves
 * @param tscAux    per OS CPU number, the TSC_AUX CPU fields seen there (empty when not captured)
 * @param stepTicks the counter's step in ticks, where the C reference was captured
 */
public record HostProfile(String name, HostFiles files, CpuidSource cpuid, Map<Integer, Set<Integer>> tscAux,
                          OptionalLong stepTicks) {

    static final String CPUID_FILE = "cpuid-and-tsc-aux.txt";
    static final String CPUINFO_FILE = "cpuinfo.txt";
    static final String KERNEL_FILE = "kernel-and-clocksource.txt";
    static final String C_REFERENCE_FILE = "c-reference-fenced.txt";

    private static final List<String> REGISTERS = List.of("eax=", "ebx=", "ecx=", "edx=");
    private static final String AUX_SEEN = "TSC_AUX values seen";

    public HostProfile {
        Map<Integer, Set<Integer>> copy = new TreeMap<>();
        tscAux.forEach((cpu, values) -> copy.put(cpu, Set.copyOf(values)));
        tscAux = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Reads the profile in {@code folder}.
     *
     * @throws IllegalArgumentException naming the folder, the file and what was expected, when the
     *                                  folder or its CPUID file is missing or a line cannot be read
     */
    public static HostProfile load(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("host profile " + folder.toAbsolutePath()
                    + ": not a directory; expected a folder" + " holding " + CPUID_FILE + ", " + CPUINFO_FILE + " and "
                    + KERNEL_FILE);
        }
        List<String> cpuidLines = lines(folder, CPUID_FILE)
                .orElseThrow(() -> new IllegalArgumentException("host profile " + folder.toAbsolutePath() + ": "
                + CPUID_FILE + " is missing; expected the CPUID leaves hostcap prints"));
        Map<Long, int[]> leaves = new HashMap<>();
        Map<Integer, Set<Integer>> aux = new TreeMap<>();
        for (String line : cpuidLines) {
            String stripped = line.strip();
            if (!cpuidLeaf(stripped, leaves)) {
                tscAux(stripped, aux);
            }
        }
        if (leaves.isEmpty()) {
            throw new IllegalArgumentException("host profile " + folder.toAbsolutePath() + ": " + CPUID_FILE
                    + " holds no 'cpuid LEAF.SUB: eax=… ebx=… ecx=… edx=…' line");
        }
        String name = folder.toAbsolutePath().normalize().getFileName().toString();
        Map<String, String> files = new HashMap<>();
        lines(folder, CPUINFO_FILE).ifPresent(l -> files.put(CpuInfo.PATH, String.join("\n", l) + "\n"));
        lines(folder, KERNEL_FILE).ifPresent(l -> {
            put(files, HostFactsReader.CURRENT_CLOCKSOURCE, l, 0);
            put(files, HostFactsReader.AVAILABLE_CLOCKSOURCE, l, 1);
            put(files, HostFactsReader.OSRELEASE, l, 2);
            if (l.size() > 3) {
                files.put(HostFactsReader.CMDLINE,
                        String.join(" ", l.subList(3, l.size()).stream().map(String::strip).toList()) + "\n");
            }
        });
        files.computeIfPresent(CpuInfo.PATH, (path, text) -> text);
        OptionalLong step = lines(folder, C_REFERENCE_FILE).map(HostProfile::step).orElse(OptionalLong.empty());
        return new HostProfile(name, new Captured(name, files), new CapturedCpuid(name, leaves), aux, step);
    }

    /** The host's facts as captured; NTP state was not captured and reads as unknown. */
    public HostFacts facts() {
        return HostFactsReader.read(files, cpuid, NtpSource.unavailable("host profile " + name
                + ": NTP state not captured"));
    }

    /** The greatest common divisor of the reference's p50 and p99 tick figures; empty when it has none. */
    static OptionalLong step(List<String> reference) {
        long gcd = 0;
        for (String line : reference) {
            if (line.startsWith("tsc_")) {
                continue; // frequency and the capture's own step line: not counter differences
            }
            List<String> words = Text.words(line);
            for (int i = 0; i + 1 < words.size(); i++) {
                String next = words.get(i + 1);
                int digits = Text.leadingDigits(next);
                // "p50 21", "p99 42": a whole number of ticks (not "p50 21.5")
                if ((words.get(i).equals("p50") || words.get(i).equals("p99")) && digits > 0
                        && digits == next.length()) {
                    long v = Long.parseLong(next);
                    gcd = v == 0 ? gcd : java.math.BigInteger.valueOf(gcd).gcd(java.math.BigInteger.valueOf(v))
                            .longValue();
                }
            }
        }
        return gcd > 0 ? OptionalLong.of(gcd) : OptionalLong.empty();
    }

    /**
     * A {@code cpuid LEAF.SUB: eax=… ebx=… ecx=… edx=…} line (eight hex digits each) into {@code leaves}; false where
     * it is not one.
     */
    private static boolean cpuidLeaf(String line, Map<Long, int[]> leaves) {
        String[] f = Text.split(line, ' ');
        if (f.length != 6 || !f[0].equals("cpuid") || !f[1].endsWith(":") || f[1].indexOf('.') != 8
                || !isHex8(f[1].substring(0, 8)) || !Text.isDigits(f[1].substring(9, f[1].length() - 1))) {
            return false;
        }
        int[] registers = new int[4];
        for (int r = 0; r < 4; r++) {
            String word = f[r + 2];
            if (!word.startsWith(REGISTERS.get(r)) || !isHex8(word.substring(4))) {
                return false;
            }
            registers[r] = Integer.parseUnsignedInt(word.substring(4), 16);
        }
        leaves.put(key(Integer.parseUnsignedInt(f[1].substring(0, 8), 16),
                Integer.parseInt(f[1].substring(9, f[1].length() - 1))), registers);
        return true;
    }

    /**
     * An {@code os cpu N … TSC_AUX values seen …: 224(cpu 224 node 0) …} line into {@code aux}; other lines are passed
     * over.
     */
    private static void tscAux(String line, Map<Integer, Set<Integer>> aux) {
        String prefix = "os cpu ";
        int digits = line.startsWith(prefix) ? Text.leadingDigits(line.substring(prefix.length())) : 0;
        int end = prefix.length() + digits;
        int seen = line.lastIndexOf(AUX_SEEN);
        int colon = seen < 0 ? -1 : line.indexOf(':', seen + AUX_SEEN.length());
        if (digits == 0 || end >= line.length() || line.charAt(end) != ' ' || seen <= end || colon < 0) {
            return;
        }
        Set<Integer> values = new TreeSet<>();
        String list = line.substring(colon + 1);
        for (int at = list.indexOf("(cpu "); at >= 0; at = list.indexOf("(cpu ", at + 1)) {
            String rest = list.substring(at + "(cpu ".length());
            int cpu = Text.leadingDigits(rest);
            String after = rest.substring(cpu);
            int node = after.startsWith(" node ") ? Text.leadingDigits(after.substring(" node ".length())) : 0;
            if (cpu > 0 && node > 0 && after.length() > " node ".length() + node
                    && after.charAt(" node ".length() + node) == ')') {
                values.add(Integer.parseInt(rest.substring(0, cpu)));
            }
        }
        aux.put(Integer.parseInt(line.substring(prefix.length(), end)), values);
    }

    private static boolean isHex8(String text) {
        if (text.length() != 8) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }

    private static void put(Map<String, String> files, String path, List<String> lines, int index) {
        if (lines.size() > index && !lines.get(index).isBlank()) {
            files.put(path, lines.get(index).strip() + "\n");
        }
    }

    private static long key(int leaf, int subleaf) {
        return (Integer.toUnsignedLong(leaf) << 32) | Integer.toUnsignedLong(subleaf);
    }

    private static Optional<List<String>> lines(Path folder, String file) {
        Path p = folder.resolve(file);
        if (!Files.isRegularFile(p)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllLines(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("host profile " + folder.toAbsolutePath() + ": " + file
                    + " cannot be read: " + e);
        }
    }

    /** The captured files; any other file reads as absent, as on a host that lacks it. */
    private record Captured(String name, Map<String, String> texts) implements HostFiles {
        @Override
        public Content read(Path path) {
            String text = texts.get(path.toString());
            return text != null ? new Content.Text(text) : new Content.Absent();
        }
    }

    /** The captured CPUID leaves; a leaf not captured reads as unsupported. */
    private record CapturedCpuid(String name, Map<Long, int[]> leaves) implements CpuidSource {
        @Override
        public Optional<int[]> cpuid(int leaf, int subleaf) {
            int[] r = leaves.get(key(leaf, subleaf));
            return r == null ? Optional.empty() : Optional.of(r.clone());
        }

        @Override
        public String unavailableReason() {
            return "";
        }

        @Override
        public String toString() {
            return "CPUID captured in host profile " + name;
        }
    }

    /** The capture's TSC_AUX lines as a list, for messages. */
    public List<String> describeTscAux() {
        List<String> out = new ArrayList<>();
        tscAux.forEach((cpu, values) -> out.add("OS CPU " + cpu + ": " + values));
        return out;
    }
}
