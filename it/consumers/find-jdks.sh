#!/bin/sh
# Writes the java launchers the consumer builds test with into $1 (a properties file the invoker
# passes to each of them): jdk22.java, the newest JDK 22+ (timed tests run there), and jdk17.java,
# a JDK 17 (the Java 17 consumer's untimed tests run and its timed tests are skipped there).
# Looks where build/check-jdk.sh looks. No JDK 17: the JDK 17 run is skipped, saying so.
out=$1
newest=0
newest_home=
jdk17_home=
for dir in "${JAVA_HOME:-}" /usr/lib/jvm/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [ -n "$dir" ] && [ -f "$dir/release" ] && [ -x "$dir/bin/java" ] || continue
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$dir/release")
    [ -n "$version" ] || continue
    if [ "$version" -ge 22 ] && [ "$version" -gt "$newest" ]; then newest=$version; newest_home=$dir; fi
    if [ "$version" = 17 ] && [ -z "$jdk17_home" ]; then jdk17_home=$dir; fi
done
if [ -z "$newest_home" ]; then
    echo "[consumers] no JDK 22 or newer found (JAVA_HOME, /usr/lib/jvm, ~/.sdkman, ~/.jdks): the consumers cannot run timed tests" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
{
    echo "jdk22.java=$newest_home/bin/java"
    if [ -n "$jdk17_home" ]; then
        echo "jdk17.java=$jdk17_home/bin/java"
        echo "jdk17.skip=false"
    else
        # never used: the run it would serve is skipped
        echo "jdk17.java=$newest_home/bin/java"
        echo "jdk17.skip=true"
    fi
} > "$out"
echo "[consumers] timed tests run on JDK $newest: $newest_home"
if [ -n "$jdk17_home" ]; then
    echo "[consumers] the Java 17 consumer also runs on JDK 17: $jdk17_home"
else
    echo "[consumers] no JDK 17 found (JAVA_HOME, /usr/lib/jvm, ~/.sdkman, ~/.jdks): the Java 17 consumer's JDK 17 run is skipped"
fi
