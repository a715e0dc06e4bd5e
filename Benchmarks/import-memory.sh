#!/usr/bin/env bash
# Reads three files the way every command does, with the release LassoImportBenchmark under /usr/bin/time, and
# prints the wall time, the CPU time, the peak memory (RSS) and the peak memory against the file's size:
#   1. a 1,000,000-line UIKit recursiveDescription dump (made by gen-uikit-dump.py), opened (its snapshot built);
#   2. the same dump imported as `lasso import` does it: the JSON document written, checked by loading, saved;
#   3. the lasso snapshot that importing it writes, loaded;
#   4. a 1 GiB file of junk, which must be refused from its first bytes, without being read whole.
# Targets: the dump opened in ≤ 2 s and ≤ 4× the file; the junk refused in well under a second, in a few MB.
# RUNS=… measures each case that many times (default 3), one line each.
# Also prints the SHA-256 of the imported snapshot, so that a change to the importer can be checked to write the
# same bytes. LINES=… changes the dump's size; KEEP=1 keeps the files in $WORK (default: a temporary folder);
# BENCH=… runs another build of the benchmark (an older one, to compare) instead of building this one.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES:-1000000}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
if [[ -z "${KEEP:-}" ]]; then trap 'rm -rf "$work"' EXIT; fi
bench=${BENCH:-}
if [[ -z "$bench" ]]; then
  if ! log=$(swift build --package-path Benchmarks -c release --product LassoImportBenchmark 2>&1); then
    echo "$log" >&2
    exit 1
  fi
  bench=$(swift build --package-path Benchmarks -c release --product LassoImportBenchmark --show-bin-path)/LassoImportBenchmark
fi

dump=$work/uikit-$lines.txt
snapshot=$work/uikit-$lines.json
junk=$work/junk-1g.bin
[[ -f "$dump" ]] || python3 Benchmarks/gen-uikit-dump.py "$lines" "$dump"
[[ -f "$junk" ]] || head -c 1073741824 < <(yes 'this is not a snapshot, only junk, 0123456789 abcdefghijklmnopqrstuvwxyz') >"$junk"

# Runs the benchmark once under /usr/bin/time; prints "seconds cpu-seconds peak-KB".
measure() {
  local out
  out=$(/usr/bin/time -f "TIME %e %U %S %M" "$bench" "$@" 2>&1 >/dev/null || true)
  grep '^TIME ' <<<"$out" | tail -1 | awk '{ printf "%s %.2f %s\n", $2, $3 + $4, $5 }'
}
report() {
  local name=$1 file=$2 seconds=$3 cpu=$4 peak=$5
  local size
  size=$(stat -L -c %s "$file")
  awk -v n="$name" -v s="$size" -v t="$seconds" -v c="$cpu" -v m="$peak" 'BEGIN {
    printf "%-28s %8.1f MB  %6.2f s (CPU %5.2f s)  peak %8.1f MB  %6.2f× the file\n", n, s / 1048576, t, c, m / 1024, m * 1024 / s }'
}
runs=${RUNS:-3}

"$bench" import "$dump" "$snapshot" >/dev/null
echo "imported snapshot sha256: $(sha256sum "$snapshot" | cut -d' ' -f1)"
for _ in $(seq "$runs"); do
  read -r t c m < <(measure read "$dump")
  report "recursiveDescription, open" "$dump" "$t" "$c" "$m"
done
for _ in $(seq "$runs"); do
  read -r t c m < <(measure import "$dump" "$work/again.json")
  report "recursiveDescription, import" "$dump" "$t" "$c" "$m"
done
for _ in $(seq "$runs"); do
  read -r t c m < <(measure read "$snapshot")
  report "lasso snapshot, open" "$snapshot" "$t" "$c" "$m"
done
read -r t c m < <(measure read "$junk")
report "junk (refused)" "$junk" "$t" "$c" "$m"
"$bench" read "$junk" 2>&1 >/dev/null | sed 's/^/  /' || true
