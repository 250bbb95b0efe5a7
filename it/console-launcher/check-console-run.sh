#!/bin/sh
# What the Console Launcher run must have left behind, with nothing of Surefire: each performance
# test's timing section on the console (the quick start's class), the untagged test left out, one record per timed test, and
# the run report with its Markdown summary and JMH-format JSON. $1: the run's directory.
set -eu
dir=$1
log="$dir/console.log"
fail() { echo "[console-launcher] $1 (see $log)" >&2; exit 1; }
for test in 'SearchPerformanceTests.sixteenBinaryLookupsTakeWellUnderTenMicroseconds(Probe)' \
            'SearchPerformanceTests.binarySearchBeatsLinearSearch(Probe)'; do
    grep -qF -- "-- chronoscope: $test" "$log" || fail "no timing section of $test"
done
grep -q 'untaggedTestIsLeftOut' "$log" && fail "the untagged test ran: --include-tag performance was not applied"
grep -qE '2 tests successful' "$log" || fail "expected 2 tests successful"
grep -qE '0 tests failed' "$log" || fail "expected 0 tests failed"
records=$(cat "$dir"/chronoscope/*.jsonl 2>/dev/null | wc -l)
[ "$records" -eq 2 ] || fail "expected 2 JSON Lines records under $dir/chronoscope, found $records"
for f in chronoscope-report.html chronoscope-summary.md chronoscope-jmh.json; do
    [ -s "$dir/chronoscope/$f" ] || fail "no $f under $dir/chronoscope"
done
grep -qF '[chronoscope] run report:' "$log" || fail "the run report's path was not printed"
echo "[console-launcher] passed: 2 performance tests, 2 sections, 2 records, the run report, summary and JMH JSON; the untagged test left out"
