#!/bin/sh
# Builds one C library for each platform this machine has a compiler for, into <out>/<os>-<arch>/,
# with a SHA-256 file the runtime verifies after extraction:
#   build-native.sh <src> <out> probe   libchronoscope.so, the probe (extension, chronoscope-junit)
#   build-native.sh <src> <out> bench   libchronoscope-bench.so, the benchmark's C reference (benchmarks)
# One library per call, so each module's jar carries only its own and the probe ships once.
# Without a C compiler the build goes on: the jar then carries no library, and the runtime falls
# back to POSIX clocks and says so.
set -eu
src=$1
out=$2
lib=${3:-probe}
case $lib in
    probe) name=libchronoscope.so ;;
    bench) name=libchronoscope-bench.so ;;
    *) echo "[chronoscope-native] unknown library '$lib'; expected probe or bench" >&2; exit 2 ;;
esac

build() { # build <platform> <compiler>
    platform=$1; compiler=$2
    dir="$out/$platform"
    mkdir -p "$dir"
    "$compiler" -O2 -fPIC -shared -std=c11 -Wall -Wextra -Werror \
        -o "$dir/$name" "$src/chronoscope_$lib.c"
    (cd "$dir" && sha256sum "$name" | cut -d' ' -f1 > "$name.sha256")
    echo "[chronoscope-native] built $name for $platform with $compiler -> $dir"
}

case "$(uname -s)" in
    Linux) ;;
    *) echo "[chronoscope-native] WARNING: $(uname -s) is not supported by the native libraries; building none."; exit 0 ;;
esac

host=$(uname -m)
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "[chronoscope-native] WARNING: no C compiler ('$cc') found; the jar carries no $name."
    echo "[chronoscope-native] The runtime will fall back to POSIX clocks. Install gcc to build it."
    exit 0
fi

case $host in
    x86_64)
        build linux-x86_64 "$cc"
        if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
            build linux-aarch64 aarch64-linux-gnu-gcc
        else
            echo "[chronoscope-native] no aarch64-linux-gnu-gcc: linux-aarch64 $name not built here."
        fi ;;
    aarch64)
        build linux-aarch64 "$cc"
        if command -v x86_64-linux-gnu-gcc >/dev/null 2>&1; then
            build linux-x86_64 x86_64-linux-gnu-gcc
        fi ;;
    *) echo "[chronoscope-native] WARNING: architecture $host is not supported by the native libraries; building none." ;;
esac
