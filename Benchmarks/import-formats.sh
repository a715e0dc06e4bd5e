#!/usr/bin/env bash
# Times importing a 50,000-view dump of each app-side format (Mixpanel and Sensors Analytics snapshots, Android and
# iOS, Maestro hierarchy, dumpsys activity top) with a release build of LassoFormatsBenchmark: best of 3 runs each.
# usage: Benchmarks/import-formats.sh [VIEWS]
set -euo pipefail
cd "$(dirname "$0")/.."
views="${1:-50000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/gen-app-dumps.py "$work" "$views"
swift build --package-path Benchmarks -c release --product LassoFormatsBenchmark >/dev/null
"$(swift build --package-path Benchmarks -c release --show-bin-path)/LassoFormatsBenchmark" --runs 3 \
    "$work"/mixpanel-android.json "$work"/sensors-android.json "$work"/mixpanel-ios.json "$work"/sensors-ios.json \
    "$work"/maestro.json "$work"/dumpsys.txt | column -t -s $'\t'
