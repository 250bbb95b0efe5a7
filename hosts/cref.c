/* The C reference of a captured host: back-to-back counter reads with no fences (bare_pair), the
   RDTSCP-free fenced pair lfence;rdtsc;lfence at both ends around an empty region (fenced_pair), and
   a 64-step dependent multiply-add chain between fenced reads (chain64), in ticks: min, p50, p99 and
   the mean of the middle 98 %. Executes no instruction CPUID may not advertise (no RDTSCP). */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#define N 1000000
static inline uint64_t fenced(void) { uint32_t lo, hi; __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory"); return ((uint64_t)hi << 32) | lo; }
static inline uint64_t bare(void) { uint32_t lo, hi; __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)); return ((uint64_t)hi << 32) | lo; }
static int cmp(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }
static void report(const char *name, uint64_t *d) {
    qsort(d, N, sizeof *d, cmp);
    double sum = 0; for (int i = N / 100; i < N - N / 100; i++) sum += d[i];
    printf("%-14s min %6llu p50 %6llu p99 %6llu tmean %8.2f\n", name, (unsigned long long)d[0], (unsigned long long)d[N / 2],
           (unsigned long long)d[N * 99 / 100], sum / (N - 2 * (N / 100)));
}
int main(int argc, char **argv) {
    uint64_t *d = malloc(N * sizeof *d), mul = argc > 5 ? 3 : 6364136223846793005ull, add = argc > 6 ? 5 : 1442695040888963407ull, sink = 0;
    uint64_t step = UINT64_MAX;
    for (int i = 0; i < N; i++) { uint64_t a = bare(), b = bare(); d[i] = b - a; if (b > a && b - a < step) step = b - a; }
    printf("tsc_min_step %llu\n", (unsigned long long)step);
    report("bare_pair", d);
    for (int i = 0; i < N; i++) { uint64_t a = fenced(), b = fenced(); d[i] = b - a; }
    report("fenced_pair", d);
    for (int i = 0; i < N; i++) {
        uint64_t x = (uint64_t)i | 1u, a = fenced();
        for (int k = 0; k < 64; k++) { x = x * mul + add; __asm__ volatile("" : "+r"(x)); }
        uint64_t b = fenced(); sink += x; d[i] = b - a;
    }
    report("chain64", d);
    return (int)(sink & 0) ;
}
