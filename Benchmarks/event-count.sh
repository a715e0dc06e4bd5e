#!/usr/bin/env bash
# Times `lasso event count` (release build) with 20 definitions over a generated event log, plain and gzip: wall
# time, CPU time (user + sys: the machine is shared, so wall time alone says little), events/s, MB/s and peak
# memory; one definition alone, and the one whose content is a regex alone; peak memory again on a log a quarter the
# size (it must not grow with the log); and `jq -c 'select(…)' | wc -l` counting one definition on the same log,
# for the ratio.
# Usage: [WORK=DIR] [LASSO=BINARY] Benchmarks/event-count.sh [SIZE_MB] (default 1000). Needs python3, gzip, jq and
# /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
size="${1:-1000}"
work="${WORK:-$(mktemp -d)}"
# LASSO=/path/to/another/lasso times that binary instead (a before/after comparison on the same log).
if [ -n "${LASSO:-}" ]; then
  lasso="$LASSO"
else
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  lasso="$PWD/.build-rel/release/lasso"
fi
[ -s "$work/log.jsonl" ] || python3 Benchmarks/gen-event-log.py "$size" --definitions "$work/configs" >"$work/log.jsonl"
[ -s "$work/quarter.jsonl" ] || python3 Benchmarks/gen-event-log.py $((size / 4)) >"$work/quarter.jsonl"
[ -s "$work/log.jsonl.gz" ] || gzip -1 -k "$work/log.jsonl"
records=$(wc -l <"$work/log.jsonl")
bytes=$(stat -c %s "$work/log.jsonl")
echo "log: $records records, $bytes bytes ($(stat -c %s "$work/log.jsonl.gz") gzip); 20 definitions"

run() { # label, command…
  local label="$1"; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >"$work/out" 2>/dev/null
  read -r wall user sys rss <"$work/time"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v n="$records" -v b="$bytes" 'BEGIN {
    printf "%-28s wall %6.2f s  cpu %6.2f s  %6.2f M events/s  %5.0f MB/s  peak %4.0f MB\n",
      l, w, u + s, n / w / 1e6, b / w / 1e6, r / 1024 }'
}
run "lasso event count (plain)" "$lasso" event count --configs "$work/configs" "$work/log.jsonl"
cp "$work/out" "$work/counts-plain"
run "lasso event count (gzip)" "$lasso" event count --configs "$work/configs" "$work/log.jsonl.gz"
cmp -s "$work/out" "$work/counts-plain" || { echo "gzip and plain counts differ"; exit 1; }
run "lasso, one definition (d01)" "$lasso" event count --configs "$work/configs" --key d01 "$work/log.jsonl"
lasso_one=$(awk '{print $1}' "$work/time")
lasso_one_count=$(awk '{print $2; exit}' "$work/out")
# d03's one content condition is a regex (^P1[0-9]{2}$), matched by lasso's own linear-time engine.
run "lasso, one regex definition (d03)" "$lasso" event count --configs "$work/configs" --key d03 "$work/log.jsonl"
full_records=$records full_bytes=$bytes
records=$(wc -l <"$work/quarter.jsonl") bytes=$(stat -c %s "$work/quarter.jsonl")
run "lasso, quarter-size log" "$lasso" event count --configs "$work/configs" "$work/quarter.jsonl"
records=$full_records bytes=$full_bytes
# d01 has no version interval, so jq can say the same in a line.
cat >"$work/d01.jq" <<'JQ'
select(.event == "ButtonClick" and .appKey == "shop-ios"
  and (.viewPath | test("^HomeViewController\\[0\\]/UIView\\[0\\]/EntranceBar\\[0\\]/EntranceButton\\[2\\]$"))
  and (.properties.entranceTitle == "活动1" or .properties.entranceTitle == "活动2"))
JQ
/usr/bin/time -f "%e %U %S %M" -o "$work/time" sh -c "jq -c -f '$work/d01.jq' '$work/log.jsonl' | wc -l" >"$work/jq-out"
read -r jq_wall jq_user jq_sys jq_rss <"$work/time"
echo "jq -c 'select(d01)' | wc -l: $(cat "$work/jq-out") records, wall $jq_wall s, cpu $(awk -v u="$jq_user" -v s="$jq_sys" 'BEGIN{print u+s}') s; lasso: $lasso_one_count"
[ "$(cat "$work/jq-out")" = "$lasso_one_count" ] || { echo "jq and lasso disagree"; exit 1; }
awk -v l="$lasso_one" -v j="$jq_wall" 'BEGIN { printf "ratio lasso/jq (wall, one definition): %.4f (jq is %.0f times slower)\n", l / j, j / l }'
[ -n "${WORK:-}" ] || rm -rf "$work"
