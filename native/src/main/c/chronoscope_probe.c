/*
 * libchronoscope: the probe library Chronoscope calls through the FFM API.
 * Every function is a leaf that neither blocks nor calls back into Java, so the Java side may bind
 * it as a critical downcall (no thread-state transition), which is what keeps a Java pair as cheap
 * as a C pair.
 */
#define _GNU_SOURCE /* sched_getcpu */
#include <stdint.h>
#include "chronoscope_counter.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* Bumped whenever a signature below changes; the Java side refuses a library that disagrees. */
int32_t cs_abi_version(void) { return 2; }


/* 1 on x86-64 (TSC), 2 on aarch64 (CNTVCT_EL0). */
int32_t cs_counter_kind(void) {
#if defined(__x86_64__)
    return 1;
#else
    return 2;
#endif
}

uint64_t cs_counter_begin(void) { return cs_read_begin(); }
uint64_t cs_counter_end(void) { return cs_read_end(); }
uint64_t cs_counter_begin_cpu(uint32_t *cpu) { return cs_read_begin_cpu(cpu); }
uint64_t cs_counter_end_cpu(uint32_t *cpu) { return cs_read_end_cpu(cpu); }
uint64_t cs_counter_bare(void) { return cs_read_bare(); }
uint64_t cs_counter_end_lfence(void) { return cs_read_end_lfence(); }

/* The RDTSCP-free pair (see chronoscope_counter.h): lfence;rdtsc;lfence at both ends, CPU outside the window. */
uint64_t cs_counter_begin_lf(int32_t source, uint32_t *cpu) { return cs_lf_begin(source, cpu); }
uint64_t cs_counter_end_lf(int32_t source, uint32_t *cpu) { return cs_lf_end(source, cpu); }

/*
 * IA32_TSC_AUX's CPU field as RDTSCP (how = 1) or RDPID (how = 2) returns it, beside the OS's CPU
 * number for the same moment in os_cpu, for the start-up check that TSC_AUX is the OS's numbering.
 * The caller executes each only where CPUID advertises it. Returns CS_CPU_UNKNOWN elsewhere.
 */
uint32_t cs_tsc_aux(int32_t how, int32_t *os_cpu) {
#if defined(__x86_64__)
    uint32_t aux = CS_CPU_UNKNOWN;
    int before = sched_getcpu();
    if (how == 1) {
        (void)cs_read_end_cpu(&aux);
    } else if (how == 2) {
        aux = cs_rdpid();
    }
    int after = sched_getcpu();
    *os_cpu = before == after ? before : -1;
    return aux;
#else
    (void)how;
    *os_cpu = sched_getcpu();
    return CS_CPU_UNKNOWN;
#endif
}

/* The counter's advertised frequency where the architecture has one (CNTFRQ_EL0), else 0. */
uint64_t cs_counter_frequency_hz(void) {
#if defined(__aarch64__)
    uint64_t f;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
    return f;
#else
    return 0;
#endif
}

/*
 * CPUID(leaf, subleaf) into out[0..3] = EAX, EBX, ECX, EDX. Returns 1 when executed, 0 when the
 * leaf is above the maximum the CPU reports for its range (basic, hypervisor, extended) or the
 * architecture has no CPUID. Hypervisor leaves (0x4000xxxx) are executed unchecked: a guest's
 * hypervisor answers them, bare metal returns data for the highest basic leaf, which the caller
 * recognises by the vendor signature at 0x40000000.
 */
int32_t cs_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t *out) {
#if defined(__x86_64__)
    uint32_t a, b, c, d;
    if ((leaf & 0xF0000000u) != 0x40000000u) {
        uint32_t max = __get_cpuid_max(leaf & 0x80000000u, 0);
        if (max == 0 || leaf > max) return 0;
    }
    __cpuid_count(leaf, subleaf, a, b, c, d);
    out[0] = a; out[1] = b; out[2] = c; out[3] = d;
    return 1;
#else
    (void)leaf; (void)subleaf; (void)out;
    return 0;
#endif
}

/*
 * The core-speed reference's chains: `chains` chains of `steps` dependent 64-bit multiply-adds, each
 * from `seed`, so independent of each other and overlapped by the core as it overlaps calls run back
 * to back. Compiled ahead of time, its code is the same in every JVM and from the first call, where
 * the Java chains read slower until C2 had compiled them whole (docs/evidence/gate-validation.md).
 * The empty asm keeps each step a multiply and an add the compiler can neither fold nor vectorise.
 */
uint64_t cs_multiply_add_chains(uint64_t seed, uint64_t mul, uint64_t add, int32_t chains, int32_t steps) {
    uint64_t last = 0;
    for (int32_t c = 0; c < chains; c++) {
        uint64_t x = seed;
        for (int32_t s = 0; s < steps; s++) {
            x = x * mul + add;
            __asm__ volatile("" : "+r"(x));
        }
        last ^= x;
    }
    return last;
}
