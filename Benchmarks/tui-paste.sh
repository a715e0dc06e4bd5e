#!/usr/bin/env bash
# Times a paste into the terminal UI's search prompt, through a real terminal: `lasso open` on
# Snapshots/shop-home.json in tmux (120×40), `/`, then `tmux paste-buffer` of N characters ending in a marker; the
# time is from the paste to the marker showing in the prompt (the screen is read every 20 ms). Then Ctrl-C, and the
# time until lasso has quit; and lasso's peak memory over the whole run (/usr/bin/time).
# Usage: Benchmarks/tui-paste.sh [SIZES…] (default 250 1000 4000 100000). LASSO=path/to/lasso times that binary
# instead of building one; TIMEOUT (default 300) seconds bounds each wait. Needs tmux, python3 and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(250 1000 4000 100000)
if [ -z "${LASSO:-}" ]; then
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  LASSO="$PWD/.build-rel/release/lasso"
fi
work="$(mktemp -d)"
socket="lasso-paste-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
now() { date +%s.%N; }
wait_for() { # text; prints the seconds waited, or "timeout"
  local start; start=$(now)
  while ! tmux -L "$socket" capture-pane -p -t lasso | grep -qF -- "$1"; do
    if awk -v s="$start" -v n="$(now)" -v t="${TIMEOUT:-300}" 'BEGIN { exit !(n - s > t) }'; then
      echo timeout; return
    fi
    sleep 0.02
  done
  awk -v s="$start" -v n="$(now)" 'BEGIN { printf "%.2f", n - s }'
}
for size in "${sizes[@]}"; do
  python3 -c "import sys; n = int(sys.argv[1]); sys.stdout.write('x' * (n - 9) + 'PASTE-END')" "$size" >"$work/paste"
  tmux -L "$socket" new-session -d -s lasso -x 120 -y 40 sh -c \
    "cd '$work' && LANG=C.UTF-8 TERM=xterm-256color /usr/bin/time -f %M -o '$work/rss' '$LASSO' open '$PWD/Snapshots/shop-home.json'; echo LASSO-EXIT=\$?; sleep 60"
  [ "$(wait_for '─ Views ─')" != timeout ] || { echo "lasso did not start"; exit 1; }
  tmux -L "$socket" send-keys -t lasso /
  wait_for "stay on the match" >/dev/null
  tmux -L "$socket" load-buffer -b big "$work/paste"
  tmux -L "$socket" paste-buffer -b big -t lasso
  shown=$(wait_for PASTE-END)
  tmux -L "$socket" send-keys -t lasso C-c
  quit=$(wait_for LASSO-EXIT=)
  sleep 0.2
  printf "paste %7d characters: shown after %8s s, quit %6s s after Ctrl-C, peak %5s MB\n" "$size" "$shown" "$quit" \
    "$(awk '{ printf "%.0f", $1 / 1024 }' "$work/rss" 2>/dev/null || echo ?)"
  tmux -L "$socket" kill-server 2>/dev/null || true
done
