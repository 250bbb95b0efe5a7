#!/bin/sh
# Runs the performance tests of this module with the JUnit Console Launcher, as a user without
# Surefire would: java -jar junit-platform-console-standalone.jar execute, the test classes and
# chronoscope-junit (with AssertJ) on --class-path, only what carries the tag "performance".
# $1: the run's directory (the launcher's jar and class-path.txt are there; its output goes there);
# $2: the compiled test classes. The JDK: the newest 22+ (as it/consumers finds it).
set -eu
dir=$1
classes=$2
sh "$(dirname "$0")/../consumers/find-jdks.sh" "$dir/jdks.properties"
java=$(sed -n 's/^jdk22.java=//p' "$dir/jdks.properties")
rm -rf "$dir/chronoscope" "$dir/reports"
start=$(date +%s%N)
set +e
"$java" --enable-native-access=ALL-UNNAMED -jar "$dir/junit-platform-console-standalone.jar" execute \
    --class-path "$classes:$(cat "$dir/class-path.txt")" \
    --scan-class-path "$classes" \
    --include-tag performance \
    --config chronoscope.report.dir="$dir/chronoscope" \
    --reports-dir "$dir/reports" \
    --details tree --disable-banner --disable-ansi-colors > "$dir/console.log" 2>&1
status=$?
set -e
end=$(date +%s%N)
echo "console launcher: exit $status after $(( (end - start) / 1000000 )) ms (a fresh JVM: its warm-up, each test's floor and region warm-ups, and the samples)" | tee -a "$dir/console.log"
cat "$dir/console.log"
exit $status
