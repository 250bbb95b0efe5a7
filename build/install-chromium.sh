#!/bin/sh
# Runs before the extension's tests: RunReportBrowserTests renders the run report in headless
# Chromium. Installs it from the Debian packages where it is missing and this build may (root,
# apt-get present); never fails the build — without a browser that test is skipped (or, with
# CI=true, fails and says why).
command -v chromium >/dev/null 2>&1 && exit 0
command -v chromium-browser >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[chronoscope] installing headless Chromium (apt-get install -y chromium) for RunReportBrowserTests"
    log=$(mktemp)
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >"$log" 2>&1 \
        || { apt-get update -qq >>"$log" 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >>"$log" 2>&1; }; then
        rm -f "$log"
        exit 0
    fi
    echo "[chronoscope] could not install chromium (last lines of apt-get follow); RunReportBrowserTests will be skipped (failed with CI=true)"
    tail -5 "$log"
    rm -f "$log"
    exit 0
fi
echo "[chronoscope] no chromium on the PATH and this build cannot install it (not root, or no apt-get): RunReportBrowserTests will be skipped (failed with CI=true); install it with 'apt-get install -y chromium'"
exit 0
