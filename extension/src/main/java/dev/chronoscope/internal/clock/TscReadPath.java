package dev.chronoscope.internal.clock;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@code TSC_FENCED} reads the counter on this host, chosen once from CPUID and stated: which
 * instruction closes a region and where the CPU number of each read comes from.
 *
 * <ul>
 *   <li>{@link Read#RDTSCP}: {@code lfence;rdtscp;lfence .. rdtscp;lfence}, the CPU from IA32_TSC_AUX
 *       in the same instructions. Chosen only where CPUID advertises RDTSCP <em>and</em> TSC_AUX was
 *       seen to hold the OS's CPU number on every CPU this thread may run on: Linux writes it only
 *       where it advertises RDTSCP or RDPID, and a hypervisor may leave its own CPU number there (some
 *       do), which changes when the vCPU moves on the host, not when the thread moves.</li>
 *   <li>{@link Read#LFENCE}: {@code lfence;rdtsc;lfence} at both ends (the SDM: LFENCE before RDTSC
 *       waits for earlier instructions, LFENCE after keeps later ones from starting early), the CPU read
 *       outside the fenced window from RDPID where advertised and proven the OS's, else from the OS
 *       ({@code sched_getcpu}: glibc's rseq area or the vDSO), else not at all.</li>
 * </ul>
 *
 * @param read      how the two ends are read
 * @param cpuSource where the CPU number of each read comes from
 * @param why       the facts the choice was made from, in one line
 */
public record TscReadPath(Read read, CpuSource cpuSource, String why) {

    /** How a read path chosen on request says so. */
    private static final String ASKED_RDTSCP = ChronoscopeConfig.TSC_READ_PATH_KEY + " = rdtscp";

    /** The instruction sequence at the two ends of a region. */
    public enum Read {
        RDTSCP("lfence;rdtscp;lfence .. rdtscp;lfence"),
        LFENCE("lfence;rdtsc;lfence .. lfence;rdtsc;lfence"),
        /** aarch64's virtual counter: no RDTSCP question arises. */
        CNTVCT("isb;mrs cntvct_el0;isb .. isb;mrs cntvct_el0;isb");

        private final String sequence;

        Read(String sequence) {
            this.sequence = sequence;
        }

        public String sequence() {
            return sequence;
        }
    }

    /** Where a read's CPU number comes from; {@link #nativeCode} is the probe's {@code CS_CPU_FROM_*}. */
    public enum CpuSource {
        /** IA32_TSC_AUX from the RDTSCP that reads the counter. */
        TSC_AUX(-1, "TSC_AUX of the same RDTSCP"),
        /** No CPU number: migrations cannot be seen (pin the thread: {@code chronoscope.pin}). */
        NONE(0, "no CPU number"),
        /** RDPID beside each read. */
        RDPID(1, "RDPID beside each read"),
        /** The OS's number of the CPU beside each read, from {@code sched_getcpu}. */
        OS(2, "the OS (sched_getcpu) beside each read");

        private final int nativeCode;
        private final String description;

        CpuSource(int nativeCode, String description) {
            this.nativeCode = nativeCode;
            this.description = description;
        }

        public int nativeCode() {
            return nativeCode;
        }

        public String description() {
            return description;
        }
    }

    /** What {@code chronoscope.tsc.readPath} asks for. */
    public enum Preference {
        /** RDTSCP where it is advertised and its TSC_AUX is the OS's CPU number, else LFENCE. */
        AUTO,
        /** RDTSCP, refused where it cannot be used. */
        RDTSCP,
        /** LFENCE on any host: the path of a CPU without RDTSCP, to test and benchmark it anywhere. */
        LFENCE;

        /** {@code auto}, {@code rdtscp} or {@code lfence}, any case; empty for anything else. */
        public static Optional<Preference> parse(String value) {
            for (Preference p : values()) {
                if (p.name().equalsIgnoreCase(value.trim())) {
                    return Optional.of(p);
                }
            }
            return Optional.empty();
        }

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * {@code -Dchronoscope.tsc.readPath=…} for the command-line tools (the doctor, the benchmarks),
         * which have no JUnit configuration; {@code auto} when unset.
         *
         * @throws IllegalArgumentException naming the property, the value and what is expected
         */
        public static Preference ofSystemProperty() {
            String key = ChronoscopeConfig.TSC_READ_PATH_KEY;
            String value = System.getProperty(key, ChronoscopeConfig.TSC_READ_PATH);
            return parse(value).orElseThrow(() -> new IllegalArgumentException(key + " = '" + value
                    + "': expected auto, rdtscp or lfence"));
        }
    }

    /**
     * Whether CPUID advertises the two instructions, and where that was read.
     *
     * @param rdtscp CPUID.80000001H:EDX[27]; null when unknown
     * @param rdpid  CPUID.7.0:ECX[22]; null when unknown
     * @param source where these come from, e.g. "this CPU's CPUID" or a described host's name
     */
    public record Features(Boolean rdtscp, Boolean rdpid, String source) {
        public Features {
            Objects.requireNonNull(source, "source");
        }

        /** This CPU, as the native probe read its CPUID (both false without the probe). */
        public static Features ofThisCpu() {
            return ProbeLibrary.isLoaded()
                    ? new Features(ProbeLibrary.rdtscpAdvertised(), ProbeLibrary.rdpidAdvertised(), "this CPU's CPUID")
                    : new Features(null, null, "CPUID not read: the native probe is not loaded");
        }

        boolean hasRdtscp() {
            return Boolean.TRUE.equals(rdtscp);
        }

        boolean hasRdpid() {
            return Boolean.TRUE.equals(rdpid);
        }

        String describe() {
            return "RDTSCP " + word(rdtscp) + ", RDPID " + word(rdpid) + " (" + source + ")";
        }

        private static String word(Boolean b) {
            return b == null ? "unknown" : b ? "advertised" : "not advertised";
        }
    }

    /**
     * Whether IA32_TSC_AUX holds the OS's CPU numbers ({@link TscAuxCheck}).
     *
     * @param osNumbers true when it was seen to on every CPU checked, false when not, null when not checked
     * @param description what was seen, or why it was not checked
     */
    public record AuxEvidence(Boolean osNumbers, String description) {
        public AuxEvidence {
            Objects.requireNonNull(description, "description");
        }

        public static AuxEvidence notChecked(String why) {
            return new AuxEvidence(null, why);
        }

        boolean trusted() {
            return Boolean.TRUE.equals(osNumbers);
        }

        /** Both hold: a replayed host's TSC_AUX and this CPU's. */
        public AuxEvidence and(AuxEvidence other) {
            if (!trusted()) {
                return this;
            }
            return other.trusted() ? new AuxEvidence(true, description + "; " + other.description) : other;
        }
    }

    public TscReadPath {
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(cpuSource, "cpuSource");
        Objects.requireNonNull(why, "why");
        if ((read == Read.RDTSCP) != (cpuSource == CpuSource.TSC_AUX)) {
            throw new IllegalArgumentException(read + " does not go with CPU source " + cpuSource);
        }
    }

    /**
     * The path for a CPU whose features are {@code cpu}, as {@code preference} asks.
     *
     * @param cpu        what CPUID advertises; where a host is described or replayed, what both it and
     *                   this CPU advertise ({@link #both}), so nothing this CPU lacks is ever executed
     * @param aux        whether TSC_AUX holds the OS's CPU numbers
     * @param osCpu      whether the OS's CPU number can be read ({@code sched_getcpu})
     * @throws IllegalArgumentException when {@code preference} asks for RDTSCP where it cannot be used,
     *                                  naming the key, the value and the fact that stands against it
     */
    public static TscReadPath choose(Features cpu, AuxEvidence aux, boolean osCpu, Preference preference) {
        boolean auxUsable = (cpu.hasRdtscp() || cpu.hasRdpid()) && aux.trusted();
        String auxLine = "TSC_AUX: " + aux.description();
        if (preference == Preference.RDTSCP) {
            if (!cpu.hasRdtscp()) {
                throw new IllegalArgumentException(ASKED_RDTSCP + ", but RDTSCP cannot be used here: "
                        + cpu.describe() + ". Use auto or lfence.");
            }
            if (!auxUsable) {
                throw new IllegalArgumentException(ASKED_RDTSCP + ", but its CPU numbers cannot be trusted "
                        + "here: " + auxLine + ". Use auto or lfence.");
            }
        }
        if (preference != Preference.LFENCE && cpu.hasRdtscp() && auxUsable) {
            return new TscReadPath(Read.RDTSCP, CpuSource.TSC_AUX, (preference == Preference.RDTSCP
                    ? ASKED_RDTSCP + "; " : "") + cpu.describe() + "; " + auxLine);
        }
        String because = preference == Preference.LFENCE ? ChronoscopeConfig.TSC_READ_PATH_KEY + " = lfence"
                : !cpu.hasRdtscp() ? cpu.describe()
                : "RDTSCP's " + auxLine;
        CpuSource source = cpu.hasRdpid() && auxUsable ? CpuSource.RDPID : osCpu ? CpuSource.OS : CpuSource.NONE;
        String cpuWhy = switch (source) {
            case RDPID -> "CPU from RDPID (" + auxLine + ")";
            case OS -> "CPU from the OS (sched_getcpu)" + (cpu.hasRdpid() ? ", not RDPID: " + auxLine : "");
            default -> "no CPU number can be read: migrations are not seen unless chronoscope.pin = true";
        };
        return new TscReadPath(Read.LFENCE, source, "lfence;rdtsc;lfence: " + because + "; " + cpuWhy);
    }

    /** What both {@code a} and {@code b} advertise: a described host is read only with what this CPU has too. */
    public static Features both(Features described, Features thisCpu) {
        return new Features(and(described.rdtscp(), thisCpu.rdtscp()), and(described.rdpid(), thisCpu.rdpid()),
                described.source() + " and " + thisCpu.source());
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    /** The path of this CPU as {@code preference} asks, with TSC_AUX checked on this thread's CPUs once per JVM. */
    public static TscReadPath ofThisHost(Preference preference) {
        if (ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_CNTVCT) {
            return new TscReadPath(Read.CNTVCT, ThisHost.OS_CPU ? CpuSource.OS : CpuSource.NONE,
                    "aarch64: the virtual counter" + " CNTVCT_EL0 with ISB; "
                    + (ThisHost.OS_CPU ? "CPU from the OS (sched_getcpu)" : "no CPU number can be read"));
        }
        return choose(Features.ofThisCpu(), ThisHost.AUX, ThisHost.OS_CPU, preference);
    }

    /**
     * The path for a described or replayed host: chosen from what both it and this CPU advertise,
     * with TSC_AUX trusted only where both its evidence (where it has any) and this CPU's agree.
     */
    public static TscReadPath forDescribedHost(Features described, Optional<AuxEvidence> describedAux,
                                               Preference preference) {
        if (ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_CNTVCT) {
            return ofThisHost(preference);
        }
        AuxEvidence aux = describedAux.map(a -> a.and(ThisHost.AUX)).orElse(ThisHost.AUX);
        return choose(both(described, Features.ofThisCpu()), aux, ThisHost.OS_CPU, preference);
    }

    /** True when {@code other} reads the same way (instructions and CPU source), whatever the reasons. */
    public boolean readsLike(TscReadPath other) {
        return read == other.read && cpuSource == other.cpuSource;
    }

    /**
     * How a reader on this path reads, e.g. {@code lfence;rdtsc;lfence .. lfence;rdtsc;lfence, CPU from sched_getcpu}.
     */
    public String method() {
        return switch (cpuSource) {
            case TSC_AUX -> read.sequence();
            case RDPID -> read.sequence() + ", CPU from RDPID";
            case OS -> read.sequence() + ", CPU from sched_getcpu";
            case NONE -> read.sequence() + ", no CPU number";
        };
    }

    /** This host's evidence, gathered once: it pins the thread to each CPU in turn, which is not free. */
    private static final class ThisHost {
        static final AuxEvidence AUX = TscAuxCheck.onThisHost();
        static final boolean OS_CPU = osCpuReadable();

        private static boolean osCpuReadable() {
            if (!Libc.isAvailable()) {
                return false;
            }
            try {
                return Libc.schedGetcpu() >= 0;
            } catch (Libc.LibcException e) {
                return false;
            }
        }
    }
}
