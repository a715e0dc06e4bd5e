#!/usr/bin/env bash
# Times `lasso event count --records FORMAT` (release build) over the same taps written as lasso's, Sensors',
# GrowingIO's and PostHog's records, one named event per format, against `jq -c -f FILTER | wc -l` selecting the
# same records: wall time (best of RUNS), MB/s and the ratio to jq. Every count must equal the generator's.
# Usage: Benchmarks/records-formats.sh [RECORDS] (default 400000; RUNS=3; LASSO=binary, WORK=folder kept).
# Needs python3, jq and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
records="${1:-400000}"
runs="${RUNS:-3}"
work="${WORK:-$(mktemp -d)}"
# LASSO=path/to/lasso times that binary (another tree's release build) instead of building this tree's.
if [ -n "${LASSO:-}" ]; then
  lasso="$LASSO"
else
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  lasso="$PWD/.build-rel/release/lasso"
fi
expected=$(python3 Benchmarks/gen-sdk-records.py "$records" "$work")
echo "$records taps in each format; $expected counted by each definition"
best() { # prints the best wall time of $runs runs of the command, its output kept in $work/out
  local best=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e" -o "$work/time" "$@" >"$work/out" 2>/dev/null
    local wall; wall=$(cat "$work/time")
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$wall; fi
  done
  echo "$best"
}
printf "%-10s %10s %8s %10s %8s %9s\n" format MB lasso MB/s jq ratio
for format in lasso sensors growingio posthog; do
  file="$work/$format.jsonl"
  mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1e6 }')
  wall=$(best "$lasso" event count --records "$format" --configs "$work/configs" --key "cart_$format" "$file")
  count=$(awk '{print $2; exit}' "$work/out")
  [ "$count" = "$expected" ] || { echo "$format: lasso counted $count, expected $expected"; exit 1; }
  jq_wall=$(best sh -c "jq -c -f '$work/$format.jq' '$file' | wc -l")
  jq_count=$(tr -d ' ' <"$work/out")
  [ "$jq_count" = "$expected" ] || { echo "$format: jq selected $jq_count, expected $expected"; exit 1; }
  awk -v f="$format" -v m="$mb" -v l="$wall" -v j="$jq_wall" 'BEGIN {
    printf "%-10s %10s %7.2fs %10.0f %7.2fs %9.3f\n", f, m, l, m / l, j, l / j }'
done
