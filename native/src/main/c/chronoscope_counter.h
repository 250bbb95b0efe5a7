/*
 * The ordered counter reads Chronoscope times regions with, as static inline functions, so that
 * the probe library and the benchmark harness execute exactly the same instructions.
 *
 * x86-64: the time-stamp counter. A region is opened by a read that earlier instructions must
 * retire before and later ones cannot overtake (lfence; rdtsc; lfence). It is closed one of two
 * ways, chosen by the caller from CPUID, never by trying:
 *  - rdtscp (waits for earlier instructions) then lfence (keeps later ones out), only where CPUID
 *    advertises RDTSCP (80000001H:EDX[27]). The _cpu variants use rdtscp on both ends and return
 *    IA32_TSC_AUX, which Linux fills with its CPU number only where it advertises RDTSCP or RDPID;
 *    the caller checks that before believing it.
 *  - lfence; rdtsc; lfence, as the begin read: the SDM's ordering for RDTSC without RDTSCP. The
 *    _lf variants add the CPU, read outside the fenced window: before the begin read and after
 *    the end read, from RDPID (only where CPUID 7.0:ECX[22] advertises it) or from the OS
 *    (sched_getcpu: glibc's rseq area or the vDSO's getcpu, no system call).
 *
 * aarch64: the virtual counter CNTVCT_EL0, with isb so the read is not speculated early or late.
 * There is no TSC_AUX equivalent: the CPU is reported as CS_CPU_UNKNOWN.
 */
#ifndef CHRONOSCOPE_COUNTER_H
#define CHRONOSCOPE_COUNTER_H

#include <sched.h> /* sched_getcpu: the including file defines _GNU_SOURCE before its first include */
#include <stdint.h>

#define CS_CPU_UNKNOWN 0xFFFFFFFFu

/* Where the _lf reads take the CPU from (the Java side's TscReadPath.CpuSource ordinals). */
#define CS_CPU_FROM_NONE 0
#define CS_CPU_FROM_RDPID 1
#define CS_CPU_FROM_OS 2

#if defined(__x86_64__)

static inline uint64_t cs_read_begin(void) {
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t cs_read_end(void) {
    uint32_t lo, hi, aux;
    __asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    (void)aux;
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t cs_read_begin_cpu(uint32_t *cpu) {
    uint32_t lo, hi, aux;
    __asm__ volatile("lfence\n\trdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    *cpu = aux & 0xFFFu; /* Linux: IA32_TSC_AUX = (node << 12) | cpu */
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t cs_read_end_cpu(uint32_t *cpu) {
    uint32_t lo, hi, aux;
    __asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    *cpu = aux & 0xFFFu;
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t cs_read_end_lfence(void) {
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

/* RDPID rax (F3 0F C7 /7), spelled as bytes so that older assemblers build it too. Execute only where advertised. */
static inline uint32_t cs_rdpid(void) {
    uint64_t id;
    __asm__ volatile(".byte 0xf3, 0x0f, 0xc7, 0xf8" : "=a"(id));
    return (uint32_t)id & 0xFFFu;
}

static inline uint64_t cs_read_bare(void) {
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}

#elif defined(__aarch64__)

static inline uint64_t cs_read_begin(void) {
    uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
    return v;
}

static inline uint64_t cs_read_end(void) {
    uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
    return v;
}

static inline uint64_t cs_read_begin_cpu(uint32_t *cpu) {
    *cpu = CS_CPU_UNKNOWN;
    return cs_read_begin();
}

static inline uint64_t cs_read_end_cpu(uint32_t *cpu) {
    *cpu = CS_CPU_UNKNOWN;
    return cs_read_end();
}

static inline uint64_t cs_read_end_lfence(void) {
    return cs_read_end();
}

static inline uint64_t cs_read_bare(void) {
    uint64_t v;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
    return v;
}

#else
#error "Chronoscope's counter probe supports x86-64 and aarch64 only"
#endif

static inline uint32_t cs_cpu_from(int32_t source) {
#if defined(__x86_64__)
    if (source == CS_CPU_FROM_RDPID) return cs_rdpid();
#endif
    if (source == CS_CPU_FROM_OS) {
        int cpu = sched_getcpu();
        return cpu < 0 ? CS_CPU_UNKNOWN : (uint32_t)cpu;
    }
    return CS_CPU_UNKNOWN;
}

/*
 * The RDTSCP-free pair, lfence;rdtsc;lfence at both ends (cs_read_begin, cs_read_end_lfence), with
 * the CPU read outside the fenced window: before the begin read, after the end read. A thread that
 * moves inside the window shows two different CPUs, unless it moved and moved back.
 */
static inline uint64_t cs_lf_begin(int32_t source, uint32_t *cpu) {
    *cpu = cs_cpu_from(source);
    return cs_read_begin();
}

static inline uint64_t cs_lf_end(int32_t source, uint32_t *cpu) {
    uint64_t t = cs_read_end_lfence();
    *cpu = cs_cpu_from(source);
    return t;
}

#endif
