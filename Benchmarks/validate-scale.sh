#!/usr/bin/env bash
# Times `lasso validate` and `lasso check` of Snapshots/shop-home.json against a big configs folder: 20,000 KVC
# configs, 10,000 named event definitions and 5,000 hook configs of its app (gen-configs-folder.py), wall time, CPU
# time and peak memory of each, and checks that the two reports are the same bytes as those of another build
# (BASELINE=path/to/lasso) when one is given.
# Usage: Benchmarks/validate-scale.sh [CONFIGS DEFINITIONS HOOKS [LAYOUT]] (default 20000 10000 5000; LAYOUT
# one-place puts every config and definition at one place and every hook on one class, see gen-configs-folder.py).
# LASSO=path/to/lasso times that binary instead of building one; TIMEOUT (default 600) seconds bounds each run. Needs
# python3 and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
configs="${1:-20000}" definitions="${2:-10000}" hooks="${3:-5000}" layout="${4:-team}"
if [ -z "${LASSO:-}" ]; then
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  LASSO="$PWD/.build-rel/release/lasso"
fi
work="${WORK:-$(mktemp -d)}"
screen=Snapshots/shop-home.json
"$LASSO" tree "$screen" --json >"$work/tree.json"
rm -rf "$work/kvc-configs"
python3 Benchmarks/gen-configs-folder.py "$work/tree.json" "$work/kvc-configs" "$configs" "$definitions" "$hooks" "$layout"
echo "folder ($layout): $configs configs, $definitions event definitions, $hooks hook configs; screen $screen"

run() { # label, binary, command…
  local label="$1" binary="$2"; shift 2
  local status=0
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" timeout "${TIMEOUT:-600}" "$binary" "$@" \
    --configs "$work/kvc-configs" --json >"$work/$label.json" 2>/dev/null || status=$?
  # 1 is "something is broken", which a folder this size always has; 124 is the timeout.
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    echo "$label: exit status $status$([ "$status" -eq 124 ] && echo " (did not finish in ${TIMEOUT:-600} s)")"
    return
  fi
  read -r wall user sys rss < <(tail -n 1 "$work/time")
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" 'BEGIN {
    printf "%-18s wall %7.2f s  cpu %7.2f s  peak %5.0f MB\n", l, w, u + s, r / 1024 }'
}
run validate "$LASSO" validate "$screen"
run check "$LASSO" check "$screen"
if [ -n "${BASELINE:-}" ]; then
  run validate-baseline "$BASELINE" validate "$screen"
  run check-baseline "$BASELINE" check "$screen"
  for label in validate check; do
    cmp -s "$work/$label.json" "$work/$label-baseline.json" && echo "$label: the same report as the baseline" \
      || { echo "$label: the report differs from the baseline's"; exit 1; }
  done
fi
