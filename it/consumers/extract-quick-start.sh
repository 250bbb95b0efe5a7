#!/bin/sh
# Builds the quick start's project from docs/tutorial/quick-start.md, exactly as a reader copies it: the
# page's first ```xml block becomes pom.xml, its first ```java block the test class (its path from
# the heading above it), so that the consumer build runs what the page prints and the page cannot rot.
set -eu
page=$1
out=$2
verify=$3
rm -rf "$out"
mkdir -p "$out/quick-start/src/test/java/com/example"
block() { # block <language>: the first fenced block of that language
    awk -v lang="$1" '
        $0 == "```" lang && !done { inside = 1; next }
        inside && $0 == "```" { inside = 0; done = 1; next }
        inside { print }' "$page"
}
block xml > "$out/quick-start/pom.xml"
block java > "$out/quick-start/src/test/java/com/example/SearchPerformanceTests.java"
for f in pom.xml src/test/java/com/example/SearchPerformanceTests.java; do
    if [ ! -s "$out/quick-start/$f" ]; then
        echo "[quick-start] $page has no block for $f" >&2
        exit 1
    fi
done
grep -q '^## `src/test/java/com/example/SearchPerformanceTests.java`$' "$page" || {
    echo "[quick-start] $page no longer names src/test/java/com/example/SearchPerformanceTests.java above its class" >&2
    exit 1
}
cp "$verify" "$out/quick-start/verify.groovy"
printf 'invoker.goals = -B verify\n' > "$out/quick-start/invoker.properties"
echo "[quick-start] extracted $page into $out/quick-start"
