/*
 * Calls every function the probe library exports, from C, and prints what each returned as
 * key=value lines; the Java test (Aarch64ProbeTests) judges them. Built for a platform the build
 * machine cannot run (linux-aarch64 on x86-64) and executed under qemu-user, so that a cross-built
 * library is run before it ships, not only compiled.
 *
 *   probe_harness <path to libchronoscope.so>
 *
 * The library is opened with dlopen, as the JVM opens it, so its exports are checked by name.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static void *lib;

static void *need(const char *name) {
    void *f = dlsym(lib, name);
    if (f == NULL) {
        printf("missing=%s\n", name);
    }
    return f;
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <libchronoscope.so>\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        printf("dlopen=%s\n", dlerror());
        return 1;
    }
    int32_t (*abi)(void) = (int32_t (*)(void))need("cs_abi_version");
    int32_t (*kind)(void) = (int32_t (*)(void))need("cs_counter_kind");
    uint64_t (*begin)(void) = (uint64_t (*)(void))need("cs_counter_begin");
    uint64_t (*end)(void) = (uint64_t (*)(void))need("cs_counter_end");
    uint64_t (*begin_cpu)(uint32_t *) = (uint64_t (*)(uint32_t *))need("cs_counter_begin_cpu");
    uint64_t (*end_cpu)(uint32_t *) = (uint64_t (*)(uint32_t *))need("cs_counter_end_cpu");
    uint64_t (*bare)(void) = (uint64_t (*)(void))need("cs_counter_bare");
    uint64_t (*freq)(void) = (uint64_t (*)(void))need("cs_counter_frequency_hz");
    int32_t (*cpuid)(uint32_t, uint32_t, uint32_t *) = (int32_t (*)(uint32_t, uint32_t, uint32_t *))need("cs_cpuid");
    if (!abi || !kind || !begin || !end || !begin_cpu || !end_cpu || !bare || !freq || !cpuid) {
        return 1;
    }
    printf("abi=%" PRId32 "\n", abi());
    printf("kind=%" PRId32 "\n", kind());
    printf("frequencyHz=%" PRIu64 "\n", freq());

    /* every read after the first: never below the one before, across all read functions */
    uint64_t previous = bare(), backwards = 0, reads = 0;
    uint32_t cpu_begin = 0, cpu_end = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t v[5];
        v[0] = begin();
        v[1] = end();
        v[2] = begin_cpu(&cpu_begin);
        v[3] = end_cpu(&cpu_end);
        v[4] = bare();
        for (int j = 0; j < 5; j++, reads++) {
            if (v[j] < previous) backwards++;
            previous = v[j];
        }
    }
    printf("reads=%" PRIu64 "\nbackwards=%" PRIu64 "\n", reads, backwards);
    printf("cpuBegin=%" PRIu32 "\ncpuEnd=%" PRIu32 "\n", cpu_begin, cpu_end);

    /* the counter's rate against CLOCK_MONOTONIC over at least 100 ms: what CNTFRQ_EL0 claims */
    int64_t t0 = now_ns();
    uint64_t c0 = begin();
    struct timespec pause = {0, 100000000};
    nanosleep(&pause, NULL);
    uint64_t c1 = end();
    int64_t t1 = now_ns();
    printf("elapsedNs=%" PRId64 "\nelapsedTicks=%" PRIu64 "\n", t1 - t0, c1 - c0);

    uint32_t out[4] = {0, 0, 0, 0};
    printf("cpuid=%" PRId32 "\n", cpuid(0, 0, out));
    dlclose(lib);
    return 0;
}
