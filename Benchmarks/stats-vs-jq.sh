#!/usr/bin/env bash
# Loads a synthetic 100,000-view snapshot with `lasso stats` and with `jq -c .`, side by side, and reports
# the median wall time of each, their ratio, and lasso's peak memory against the file size.
# Target (issue 2): lasso ≤ 1/5 of jq's time, peak memory ≤ 4× the file. `--check` exits 1 when missed.
set -euo pipefail
cd "$(dirname "$0")/.."
views=${VIEWS:-100000}
runs=${RUNS:-7}
check=${1:-}
file=$(mktemp --suffix=.json)
trap 'rm -f "$file"' EXIT
swift build -c release --static-swift-stdlib --product lasso >/dev/null
lasso=.build/release/lasso
python3 Benchmarks/gen-snapshot.py "$views" "$file"
size=$(stat -c %s "$file")

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }

lasso_times=(); jq_times=(); peak=0
for _ in $(seq "$runs"); do
  read -r t m < <(seconds "$lasso" stats "$file")
  lasso_times+=("$t"); (( m > peak )) && peak=$m
  read -r t _ < <(seconds jq -c . "$file")
  jq_times+=("$t")
done
lasso_median=$(printf '%s\n' "${lasso_times[@]}" | median)
jq_median=$(printf '%s\n' "${jq_times[@]}" | median)
ratio=$(awk -v a="$lasso_median" -v b="$jq_median" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
memory_ratio=$(awk -v m="$peak" -v s="$size" 'BEGIN { printf "%.2f", m * 1024 / s }')
printf 'snapshot: %d views, %.1f MB\n' "$views" "$(awk -v s="$size" 'BEGIN { print s / 1048576 }')"
printf 'lasso stats: median %ss over %d runs (peak %d KB = %s× the file)\n' "$lasso_median" "$runs" "$peak" "$memory_ratio"
printf 'jq -c .:     median %ss\n' "$jq_median"
printf 'ratio lasso/jq: %s (target ≤ 0.200); memory: %s× (target ≤ 4)\n' "$ratio" "$memory_ratio"
ok=$(awk -v r="$ratio" -v m="$memory_ratio" 'BEGIN { print (r <= 0.2 && m <= 4) ? "yes" : "no" }')
echo "targets met: $ok"
if [[ "$check" == "--check" && "$ok" != "yes" ]]; then exit 1; fi
