#!/bin/sh
# Six test classes, each timing its own copy of the same 64-step multiply-add chain with throughput, in one
# Surefire JVM: writes that project into DIR, saves one baseline run, then runs RUNS compare runs with
# chronoscope.baseline.failOnRegression = true, alternating chronoscope.fork.confirm = true and false; then
# FORKED runs with chronoscope.fork = per-test and no baseline. Prints, per run, whether the build passed and each
# region's net p50 per call with its verdict and gate verdict. Needs the extension installed
# (mvn -B install -DskipTests) and the JDK 22+ Maven's toolchain selects.
#   benchmarks/six-identical-regions/run.sh DIR [RUNS] [FORKED]
set -eu
dir=${1:?usage: run.sh DIR [RUNS] [FORKED]}
runs=${2:-10}
forked=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
version=$(sed -n 's:.*<version>\(.*-SNAPSHOT\)</version>.*:\1:p' "$here/../../pom.xml" | head -1)
mkdir -p "$dir/src/test/java/six"
sed "s/@VERSION@/$version/" "$here/pom.xml.in" > "$dir/pom.xml"
for i in 1 2 3 4 5 6; do
  sed "s/@I@/$i/g" "$here/Chain.java.in" > "$dir/src/test/java/six/Chain${i}Tests.java"
done
cd "$dir"
# the first build resolves what the project needs; the others run offline
mvn -B -q test-compile > "$dir/last.log" 2>&1 || { cat "$dir/last.log"; exit 1; }
offline=-o
baseline="$dir/baseline.json"
rm -f "$baseline"
summary() {
  python3 - "$1" "$2" <<'PY'
import json, glob, sys
label, status = sys.argv[1], sys.argv[2]
rows = []
for f in sorted(glob.glob("target/chronoscope/chronoscope-*.jsonl")):
    for line in open(f):
        r = json.loads(line)
        for t in r.get("timings", []):
            if t.get("label", "").startswith("tp "):
                net = t.get("netNs") or t.get("rawNs")
                gate = (t.get("baseline") or {}).get("verdict", "-")
                rows.append((r["test"].split(".")[0], net["p50"], t["verdict"], gate,
                             "forked" if r.get("fork") else ""))
rows.sort()
print(f"{label:<28} {status:<6} " + "  ".join(f"{n.replace('Tests', '')} {p:6.1f} {v[:4]} {g}{' ' + f if f else ''}"
                                           for n, p, v, g, f in rows))
PY
}
one() {
  label=$1; shift
  rm -rf target/chronoscope
  if mvn -B -q $offline test "$@" > "$dir/last.log" 2>&1; then status=passed; else status=FAILED; fi
  summary "$label" "$status"
}
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
one "baseline" -Dchronoscope.baseline.save="$baseline" -Dchronoscope.fork.confirm=false
i=1
while [ "$i" -le "$runs" ]; do
  if [ $((i % 2)) -eq 1 ]; then confirm=true; else confirm=false; fi
  one "compare $i confirm=$confirm" -Dchronoscope.baseline.compare="$baseline" \
      -Dchronoscope.baseline.failOnRegression=true -Dchronoscope.fork.confirm=$confirm
  i=$((i + 1))
done
i=1
while [ "$i" -le "$forked" ]; do
  one "forked $i" -Dchronoscope.fork=per-test
  i=$((i + 1))
done
echo "done: load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
