#!/usr/bin/env bash
# Times the terminal UI on a 1,000,000-view snapshot: each key is handled and the screen drawn (120×40),
# without a terminal. Target (issue 3): under 5 ms median per key, unfolding everything under 200 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
views=${VIEWS:-1000000}
file=$(mktemp --suffix=.json)
trap 'rm -f "$file"' EXIT
swift build --package-path Benchmarks -c release --product LassoUIBenchmark >/dev/null
python3 Benchmarks/gen-snapshot.py "$views" "$file"
"$(swift build --package-path Benchmarks -c release --show-bin-path)/LassoUIBenchmark" "$file" "${KEYS:-300}"
