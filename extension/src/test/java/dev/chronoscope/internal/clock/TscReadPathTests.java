package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.clock.TscReadPath.AuxEvidence;
import dev.chronoscope.internal.clock.TscReadPath.CpuSource;
import dev.chronoscope.internal.clock.TscReadPath.Features;
import dev.chronoscope.internal.clock.TscReadPath.Preference;
import dev.chronoscope.internal.clock.TscReadPath.Read;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The TSC read path is chosen from CPUID, never from "it executed once": no RDTSCP path is chosen
 * or bound where CPUID does not advertise RDTSCP, and TSC_AUX names a CPU only where it was seen to
 * hold the OS's numbers.
 */
class TscReadPathTests {

    private static final Features NEITHER = new Features(false, false, "described CPUID");
    private static final Features RDTSCP_ONLY = new Features(true, false, "described CPUID");
    private static final Features BOTH = new Features(true, true, "described CPUID");
    private static final AuxEvidence OS_NUMBERS = TscAuxCheck.judge(Map.of(0, Set.of(0), 1, Set.of(1)), "scripted");
    /** What bhyve's guests showed: the hypervisor's CPU numbers, changing as the vCPU moves on the host. */
    private static final AuxEvidence HYPERVISOR_NUMBERS = TscAuxCheck.judge(Map.of(0, Set.of(107, 224), 1, Set.of(95, 127)), "scripted");

    @Test
    void withoutRdtscpInCpuidTheEndReadIsLfenceRdtscLfenceAndTheCpuComesFromTheOs() {
        TscReadPath path = TscReadPath.choose(NEITHER, AuxEvidence.notChecked("not checked"), true, Preference.AUTO);

        assertThat(path.read()).isEqualTo(Read.LFENCE);
        assertThat(path.cpuSource()).isEqualTo(CpuSource.OS);
        assertThat(path.method()).isEqualTo("lfence;rdtsc;lfence .. lfence;rdtsc;lfence, CPU from sched_getcpu");
        assertThat(path.why()).contains("RDTSCP not advertised, RDPID not advertised (described CPUID)");
    }

    @Test
    void rdtscpIsUsedWhereAdvertisedAndItsTscAuxHoldsTheOsNumbers() {
        TscReadPath path = TscReadPath.choose(RDTSCP_ONLY, OS_NUMBERS, true, Preference.AUTO);

        assertThat(path.read()).isEqualTo(Read.RDTSCP);
        assertThat(path.cpuSource()).isEqualTo(CpuSource.TSC_AUX);
        assertThat(path.method()).isEqualTo("lfence;rdtscp;lfence .. rdtscp;lfence");
    }

    @Test
    void aTscAuxHoldingTheHypervisorsNumbersIsNeverACpuNumber() {
        TscReadPath rdtscp = TscReadPath.choose(RDTSCP_ONLY, HYPERVISOR_NUMBERS, true, Preference.AUTO);
        TscReadPath rdpid = TscReadPath.choose(BOTH, HYPERVISOR_NUMBERS, true, Preference.AUTO);

        assertThat(rdtscp.read()).isEqualTo(Read.LFENCE);
        assertThat(rdtscp.cpuSource()).isEqualTo(CpuSource.OS);
        assertThat(rdtscp.why()).contains("not the OS's CPU numbers (CPU 0: 107/224, CPU 1: 95/127; scripted)");
        assertThat(rdpid.cpuSource()).as("RDPID reads the same TSC_AUX").isEqualTo(CpuSource.OS);
    }

    @Test
    void rdpidGivesTheCpuWhereTheLfencePathIsForcedAndTscAuxIsTheOs() {
        TscReadPath path = TscReadPath.choose(BOTH, OS_NUMBERS, true, Preference.LFENCE);

        assertThat(path.read()).isEqualTo(Read.LFENCE);
        assertThat(path.cpuSource()).isEqualTo(CpuSource.RDPID);
        assertThat(path.why()).startsWith("lfence;rdtsc;lfence: chronoscope.tsc.readPath = lfence");
    }

    @Test
    void withoutAnyCpuSourceTheMethodSaysNoCpuNumber() {
        TscReadPath path = TscReadPath.choose(NEITHER, AuxEvidence.notChecked("not checked"), false, Preference.AUTO);

        assertThat(path.cpuSource()).isEqualTo(CpuSource.NONE);
        assertThat(path.method()).endsWith(", no CPU number");
        assertThat(path.why()).contains("chronoscope.pin = true");
    }

    @Test
    void askingForRdtscpWhereItCannotBeUsedIsRefusedNamingTheKeyAndTheFact() {
        assertThatThrownBy(() -> TscReadPath.choose(NEITHER, OS_NUMBERS, true, Preference.RDTSCP))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chronoscope.tsc.readPath = rdtscp, but RDTSCP cannot be used here: RDTSCP not advertised, "
                        + "RDPID not advertised (described CPUID). Use auto or lfence.");
        assertThatThrownBy(() -> TscReadPath.choose(RDTSCP_ONLY, HYPERVISOR_NUMBERS, true, Preference.RDTSCP))
                .hasMessageStartingWith("chronoscope.tsc.readPath = rdtscp, but its CPU numbers cannot be trusted here: TSC_AUX: "
                        + "not the OS's CPU numbers");
    }

    @Test
    void aDescribedHostIsReadOnlyWithWhatBothItAndThisCpuAdvertise() {
        Features thisCpu = new Features(false, false, "this CPU's CPUID");

        Features both = TscReadPath.both(BOTH, thisCpu);

        assertThat(both.rdtscp()).isFalse();
        assertThat(both.rdpid()).isFalse();
        assertThat(TscReadPath.both(NEITHER, new Features(true, true, "this CPU")).rdtscp()).isFalse();
        assertThat(TscReadPath.both(BOTH, new Features(true, null, "this CPU")).rdpid()).isNull();
    }

    @Test
    void theProbeBindsNoRdtscpHandleWhereThisCpuDoesNotAdvertiseIt() {
        assumeTrue(ProbeLibrary.isLoaded() && ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC,
                () -> "needs the x86-64 probe: " + ProbeLibrary.unavailableReason());
        boolean rdtscp = ProbeLibrary.rdtscpAdvertised();

        assertThat(ProbeLibrary.COUNTER_END != null).isEqualTo(rdtscp);
        assertThat(ProbeLibrary.COUNTER_BEGIN_CPU != null).isEqualTo(rdtscp);
        assertThat(ProbeLibrary.COUNTER_END_CPU != null).isEqualTo(rdtscp);
        assertThat(ProbeLibrary.COUNTER_END_LFENCE).isNotNull();
        if (!rdtscp) {
            assertThatThrownBy(() -> ProbeLibrary.tscAux(ProbeLibrary.TSC_AUX_BY_RDTSCP))
                    .hasMessageContaining("which this CPU's CPUID does not advertise: not executed");
            assertThat(TscReadPath.ofThisHost(Preference.AUTO).read()).isEqualTo(Read.LFENCE);
        }
        if (!ProbeLibrary.rdpidAdvertised()) {
            assertThatThrownBy(() -> ProbeLibrary.tscAux(ProbeLibrary.TSC_AUX_BY_RDPID)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void theLfencePathReportsTheOsCpuNumbersOnEveryCpuOfTheAffinity() throws Exception {
        assumeTrue(ProbeLibrary.isLoaded() && ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC,
                () -> "needs the x86-64 probe: " + ProbeLibrary.unavailableReason());
        TscReadPath path = TscReadPath.ofThisHost(Preference.LFENCE);
        assumeTrue(path.cpuSource() != CpuSource.NONE, "no CPU source on this host: " + path.why());

        ClockReader reader = ClockReaders.open(dev.chronoscope.ClockId.TSC_FENCED, path);
        CpuNumbers numbers = CpuNumbers.check(reader);

        assertThat(reader.readMethod()).startsWith("lfence;rdtsc;lfence .. lfence;rdtsc;lfence");
        assertThat(numbers.agrees()).as(numbers.describe()).isTrue();
        assertThat(numbers.reported().keySet()).containsExactlyElementsOf(numbers.affinity().stream().boxed().toList());
        long a = reader.begin();
        long b = reader.end();
        assertThat(b).as("the counter moves forward between the fenced reads").isGreaterThanOrEqualTo(a);
    }
}
