/*
 * libchronoscope-bench: the C reference the benchmark runs in the same process as the Java
 * measurements, interleaved round by round, so both see the same machine state.
 * It uses the same inline reads as the probe library (chronoscope_counter.h).
 */
#include <stdint.h>
#include "chronoscope_counter.h"

/* n empty regions with the plain fenced pair; deltas in ticks into out. */
void csb_fenced_pairs(int64_t *out, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        uint64_t a = cs_read_begin();
        uint64_t b = cs_read_end();
        out[i] = (int64_t)(b - a);
    }
}

/* n empty regions with the CPU-reporting fenced pair Chronoscope's TSC_FENCED clock uses. */
void csb_fenced_cpu_pairs(int64_t *out, int64_t n) {
    uint32_t c0, c1;
    for (int64_t i = 0; i < n; i++) {
        uint64_t a = cs_read_begin_cpu(&c0);
        uint64_t b = cs_read_end_cpu(&c1);
        out[i] = (int64_t)(b - a);
    }
}

/*
 * n regions, each a chain of 64 dependent x = x * mul + add, timed with the plain fenced pair.
 * mul and add arrive as arguments so the compiler cannot fold the chain; the result escapes
 * through the return value.
 */
uint64_t csb_chain64(int64_t *out, int64_t n, uint64_t mul, uint64_t add) {
    uint64_t sink = 0;
    for (int64_t i = 0; i < n; i++) {
        uint64_t x = (uint64_t)i | 1u;
        uint64_t a = cs_read_begin();
        for (int k = 0; k < 64; k++) {
            x = x * mul + add;
            __asm__ volatile("" : "+r"(x)); /* one multiply-add per step, as written */
        }
        uint64_t b = cs_read_end();
        sink ^= x;
        out[i] = (int64_t)(b - a);
    }
    return sink;
}
