/*
 * libchronoscope-bench: the C reference the benchmark runs in the same process as the Java
 * measurements, interleaved round by round, so both see the same machine state.
 * It uses the same inline reads as the probe library (chronoscope_counter.h), and each loop does
 * what the matching Java loop in dev.chronoscope.internal.bench.JavaWorkloads does, minus the
 * cost of calling into native code: that difference is what the benchmark measures.
 */
#define _GNU_SOURCE /* sched_getcpu */
#include <stdint.h>
#include "chronoscope_counter.h"

/* Bumped whenever a signature below changes; the Java side refuses a library that disagrees. */
int32_t csb_abi_version(void) { return 3; }

/*
 * The end read every loop below closes its regions with, chosen by the Java side once from CPUID
 * (as the probe's TscReadPath is) and passed in: 1 = rdtscp;lfence (only where CPUID advertises
 * RDTSCP), 0 = lfence;rdtsc;lfence. The branch is taken before the loop, never inside a region.
 */
#define CSB_END(rdtscp) ((rdtscp) ? cs_read_end() : cs_read_end_lfence())

/* n empty regions with the plain fenced pair; deltas in ticks into out. */
void csb_fenced_pairs(int64_t *out, int64_t n, int32_t rdtscp) {
    if (rdtscp) {
        for (int64_t i = 0; i < n; i++) {
            uint64_t a = cs_read_begin();
            uint64_t b = cs_read_end();
            out[i] = (int64_t)(b - a);
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            uint64_t a = cs_read_begin();
            uint64_t b = cs_read_end_lfence();
            out[i] = (int64_t)(b - a);
        }
    }
}

/*
 * n empty regions with the CPU-reporting fenced pair Chronoscope's TSC_FENCED clock uses. Like the
 * Java reader, which passes two native slots to cs_counter_begin_cpu/cs_counter_end_cpu, each read
 * stores its CPU number to memory: cpus[0] for the begin read, cpus[1] for the end read.
 */
void csb_fenced_cpu_pairs(int64_t *out, int64_t n, uint32_t *cpus, int32_t source) {
    if (source < 0) { /* RDTSCP with TSC_AUX: only where CPUID advertises RDTSCP */
        for (int64_t i = 0; i < n; i++) {
            uint64_t a = cs_read_begin_cpu(&cpus[0]);
            uint64_t b = cs_read_end_cpu(&cpus[1]);
            out[i] = (int64_t)(b - a);
        }
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        uint64_t a = cs_lf_begin(source, &cpus[0]);
        uint64_t b = cs_lf_end(source, &cpus[1]);
        out[i] = (int64_t)(b - a);
    }
}

/*
 * n regions, each a chain of 64 dependent x = x * mul + add, timed with the plain fenced pair.
 * mul and add arrive as arguments so the compiler cannot fold the chain; the results escape
 * through the return value, their wrapping sum (computed outside the timed region).
 */
uint64_t csb_chain64(int64_t *out, int64_t n, uint64_t mul, uint64_t add, int32_t rdtscp) {
    uint64_t sink = 0;
    for (int64_t i = 0; i < n; i++) {
        uint64_t x = (uint64_t)i | 1u;
        uint64_t a = cs_read_begin();
        for (int k = 0; k < 64; k++) {
            x = x * mul + add;
            __asm__ volatile("" : "+r"(x)); /* one multiply-add per step, as written */
        }
        uint64_t b = CSB_END(rdtscp);
        sink += x;
        out[i] = (int64_t)(b - a);
    }
    return sink;
}
