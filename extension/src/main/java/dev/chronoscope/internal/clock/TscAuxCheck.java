package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.util.BitSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Whether IA32_TSC_AUX holds the OS's CPU numbers: the evidence {@link TscReadPath} needs before it
 * lets RDTSCP or RDPID say on which CPU a read ran. Linux writes its CPU number into TSC_AUX only
 * where it advertises RDTSCP or RDPID; a hypervisor can leave its own there
 * (docs/explanation/clocks-and-the-tsc.md), which changes when the vCPU moves on the host and never when the thread
 * moves.
 * So the check runs on each CPU the thread may use, pinned there, and compares with {@code sched_getcpu}.
 */
public final class TscAuxCheck {

    /** Reads per CPU: a value that differs from the OS's even once is enough to refuse. */
    static final int READS_PER_CPU = 8;

    private TscAuxCheck() {
    }

    /**
     * This host's evidence: executes RDPID where CPUID advertises it, else RDTSCP where advertised, on
     * each CPU of this thread's affinity in turn; with neither advertised nothing is executed.
     */
    static TscReadPath.AuxEvidence onThisHost() {
        int how = ProbeLibrary.rdpidAdvertised() ? ProbeLibrary.TSC_AUX_BY_RDPID
                : ProbeLibrary.rdtscpAdvertised() ? ProbeLibrary.TSC_AUX_BY_RDTSCP : 0;
        if (how == 0) {
            return TscReadPath.AuxEvidence.notChecked("not checked: "
                    + (ProbeLibrary.isLoaded() ? "neither RDTSCP nor RDPID is advertised, so neither is executed"
                    : "the native probe is not loaded"));
        }
        String by = how == ProbeLibrary.TSC_AUX_BY_RDPID ? "RDPID" : "RDTSCP";
        if (!Libc.isAvailable()) {
            return TscReadPath.AuxEvidence.notChecked("not checked (" + by
                    + "): the thread cannot be moved to each CPU: " + Libc.unavailableReason());
        }
        BitSet previous;
        try {
            previous = Libc.threadAffinity();
        } catch (Libc.LibcException e) {
            return TscReadPath.AuxEvidence.notChecked("not checked (" + by + "): " + e.getMessage());
        }
        SortedMap<Integer, Set<Integer>> seen;
        try {
            seen = EachCpu.visit(previous, cpu -> {
                Set<Integer> values = new java.util.TreeSet<>();
                for (int i = 0; i < READS_PER_CPU; i++) {
                    int[] auxAndOs = ProbeLibrary.tscAux(how);
                    if (auxAndOs[1] != cpu) {
                        return null; // the thread did not run where it was pinned: no evidence
                    }
                    values.add(auxAndOs[0]);
                }
                return values;
            });
        } catch (Libc.LibcException e) {
            return TscReadPath.AuxEvidence.notChecked("not checked (" + by + "): " + e.getMessage());
        }
        if (seen.containsValue(null)) {
            return TscReadPath.AuxEvidence.notChecked("not checked (" + by
                    + "): pinned to a CPU, sched_getcpu named another");
        }
        return judge(seen, by + " on this CPU");
    }

    /**
     * The evidence from TSC_AUX values seen per OS CPU number: the OS's numbering only when every CPU
     * showed its own number and nothing else.
     *
     * @param seen   per OS CPU number, the TSC_AUX CPU fields read there
     * @param source how they were read, e.g. "RDTSCP on this CPU" or a captured host's file
     */
    public static TscReadPath.AuxEvidence judge(Map<Integer, Set<Integer>> seen, String source) {
        if (seen.isEmpty()) {
            return TscReadPath.AuxEvidence.notChecked("not checked (" + source + "): no CPU to check");
        }
        boolean agrees = true;
        StringJoiner values = new StringJoiner(", ");
        for (Map.Entry<Integer, Set<Integer>> e : new TreeMap<>(seen).entrySet()) {
            agrees &= e.getValue().equals(Set.of(e.getKey()));
            values.add("CPU " + e.getKey() + ": " + new java.util.TreeSet<>(e.getValue()).stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining("/")));
        }
        return new TscReadPath.AuxEvidence(agrees, (agrees ? "the OS's CPU numbers" : "not the OS's CPU numbers")
                + " (" + values + "; " + source + ")");
    }
}
