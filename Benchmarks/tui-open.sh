#!/usr/bin/env bash
# Times `lasso open` of a big snapshot through a real terminal (tmux, 120×40): from the start to the first frame (the
# Details pane shown), to the whole snapshot loaded (the status line's "loaded: all …", or the first frame for a
# build that loads it whole first), and the peak memory; interleaved with BASELINE when given.
# Usage: [VIEWS=1000000] [RUNS=3] [LASSO=binary] [BASELINE=binary] Benchmarks/tui-open.sh. Needs tmux, python3 and
# /usr/bin/time. Targets (issue 33): the first frame within 0.5 s of a 1,000,000-view snapshot, peak memory ≤ 4× the file.
set -euo pipefail
cd "$(dirname "$0")/.."
views=${VIEWS:-1000000}
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'tmux -L lasso-open-bench kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -n "${LASSO:-}" ]; then
  lasso="$LASSO"
else
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  lasso="$PWD/.build-rel/release/lasso"
fi
python3 Benchmarks/gen-snapshot.py "$views" "$work/big.json"
echo "snapshot: $views views, $(stat -c %s "$work/big.json") bytes"

screen() { tmux -L lasso-open-bench capture-pane -p -t open 2>/dev/null || true; }
now() { date +%s.%N; }
once() { # label binary
  local label="$1" binary="$2"
  tmux -L lasso-open-bench kill-server 2>/dev/null || true
  local start first whole
  start=$(now)
  tmux -L lasso-open-bench new-session -d -s open -x 120 -y 40 \
    "cd '$work' && /usr/bin/time -f %M -o '$work/peak' '$binary' open '$work/big.json' --configs '$work/none'"
  until screen | grep -q "Details"; do sleep 0.005; done
  first=$(now)
  if screen | grep -q "loading: the first"; then
    until screen | grep -q "loaded: all"; do sleep 0.005; done
  fi
  whole=$(now)
  tmux -L lasso-open-bench send-keys -t open q
  while [ ! -s "$work/peak" ]; do sleep 0.05; done
  awk -v l="$label" -v s="$start" -v f="$first" -v w="$whole" -v p="$(cat "$work/peak")" 'BEGIN {
    printf "%-10s first frame %5.2f s   whole snapshot %5.2f s   peak %4.0f MB\n", l, f - s, w - s, p / 1024 }'
  rm -f "$work/peak"
}
for _ in $(seq "$runs"); do
  [ -n "${BASELINE:-}" ] && once before "$BASELINE"
  once lasso "$lasso"
done
