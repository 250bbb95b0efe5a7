#!/bin/sh
# Captures this host as a profile folder that chronoscope.host.profile replays:
#   hosts/capture.sh hosts/<kind>     (after mvn -B verify, for the doctor's report)
# hostcap executes RDTSCP on purpose, to see what TSC_AUX holds; it is a capture tool, not a model
# for the product, which never executes an instruction CPUID does not advertise.
set -eu
out=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/hostcap" "$here/hostcap.c"
cc -O2 -o "$tmp/cref" "$here/cref.c"
"$tmp/hostcap" > "$out/cpuid-and-tsc-aux.txt"
cp /proc/cpuinfo "$out/cpuinfo.txt"
{
    cat /sys/devices/system/clocksource/clocksource0/current_clocksource
    cat /sys/devices/system/clocksource/clocksource0/available_clocksource
    cat /proc/sys/kernel/osrelease
    tr ' ' '\n' < /proc/cmdline | grep -E '^(tsc=|clocksource=|notsc$)' || true
} > "$out/kernel-and-clocksource.txt"
"$tmp/cref" > "$out/c-reference-fenced.txt"
jar=$(ls "$here"/../extension/target/chronoscope-junit-*.jar 2>/dev/null | grep -v -e sources -e javadoc | head -1 || true)
java=$(ls -d /usr/lib/jvm/*/bin/java | while read -r j; do v=$("$j" -XshowSettings:properties -version 2>&1 | sed -n 's/ *java.specification.version = //p'); [ "${v%%.*}" -ge 22 ] 2>/dev/null && echo "$j" && break; done || true)
if [ -n "$jar" ] && [ -n "$java" ]; then
    "$java" --enable-native-access=ALL-UNNAMED -jar "$jar" doctor --quick > "$out/doctor.txt" || true
    "$java" --enable-native-access=ALL-UNNAMED -jar "$jar" doctor --quick --json > "$out/doctor.json" || true
else
    echo "[capture] no built jar or JDK 22+: doctor.txt and doctor.json not written" >&2
fi
echo "[capture] $out"
