#!/bin/sh
# Runs before the toolchain selection: if no JDK 22+ is found where maven-toolchains-plugin looks
# on Linux, say plainly what to install (the plugin's own error names only toolchains.xml).
found=no
for dir in "${JAVA_HOME:-}" /usr/lib/jvm/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [ -n "$dir" ] && [ -f "$dir/release" ] || continue
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$dir/release")
    if [ -n "$version" ] && [ "$version" -ge 22 ]; then found=yes; fi
done
if [ "$found" = no ]; then
    echo "[chronoscope] No JDK 22 or newer found (looked in JAVA_HOME, /usr/lib/jvm, ~/.sdkman, ~/.jdks)."
    echo "[chronoscope] Chronoscope needs the FFM API of JDK 22+: install one, e.g. Eclipse Temurin 25"
    echo "[chronoscope] (https://adoptium.net), under /usr/lib/jvm or declared in ~/.m2/toolchains.xml."
    exit 1
fi
