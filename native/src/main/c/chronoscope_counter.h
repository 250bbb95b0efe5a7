/*
 * The ordered counter reads Chronoscope times regions with, as static inline functions, so that
 * the probe library and the benchmark harness execute exactly the same instructions.
 *
 * x86-64: the time-stamp counter. A region is opened by a read that earlier instructions must
 * retire before and later ones cannot overtake (lfence; rdtsc; lfence), and closed by rdtscp
 * (waits for earlier instructions) followed by lfence (keeps later ones out). The _cpu variants
 * use rdtscp on both ends and return IA32_TSC_AUX, which Linux fills with the CPU number, so a
 * sample whose two reads ran on different CPUs can be recognised.
 *
 * aarch64: the virtual counter CNTVCT_EL0, with isb so the read is not speculated early or late.
 * There is no TSC_AUX equivalent: the CPU is reported as CS_CPU_UNKNOWN.
 */
#ifndef CHRONOSCOPE_COUNTER_H
#define CHRONOSCOPE_COUNTER_H

#include <stdint.h>

#define CS_CPU_UNKNOWN 0xFFFFFFFFu

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

static inline uint64_t cs_read_bare(void) {
    uint64_t v;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
    return v;
}

#else
#error "Chronoscope's counter probe supports x86-64 and aarch64 only"
#endif

#endif
