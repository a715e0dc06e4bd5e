#!/usr/bin/env bash
# Times `lasso import --json` (release build) on a 50,000-view dump of each app-side format: Mixpanel and Sensors
# Analytics snapshots (Android and iOS), Maestro hierarchy and dumpsys activity top. Prints the best of 3 runs each.
# usage: Benchmarks/import-formats.sh [VIEWS]
set -euo pipefail
cd "$(dirname "$0")/.."
views="${1:-50000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/gen-app-dumps.py "$work" "$views"
swift build -c release --product lasso >/dev/null
lasso="$(swift build -c release --show-bin-path)/lasso"
printf '%-24s %10s %8s %s\n' dump size views best-of-3
for file in mixpanel-android.json sensors-android.json mixpanel-ios.json sensors-ios.json maestro.json dumpsys.txt; do
    best=""
    for _ in 1 2 3; do
        start=$(date +%s%N)
        report="$("$lasso" import --json "$work/$file")"
        elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
        if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
    done
    count="$(printf '%s' "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["views"])')"
    size="$(du -h "$work/$file" | cut -f1)"
    printf '%-24s %10s %8s %6s ms\n' "$file" "$size" "$count" "$best"
done
