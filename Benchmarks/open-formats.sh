#!/usr/bin/env bash
# Times opening a 50,000-view dump of each app-side format as every command does (`lasso stats`: read, recognized,
# imported and the snapshot built), a release build, interleaved with another binary when BASELINE is given: the
# minimum and median of RUNS rounds each (default 5). The machine is shared, so both binaries run in each round.
# usage: [LASSO=BINARY] [BASELINE=BINARY] [RUNS=N] [WORK=DIR] Benchmarks/open-formats.sh [VIEWS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
views="${1:-50000}"
work="${WORK:-$(mktemp -d)}"
if [ -n "${LASSO:-}" ]; then
  lasso="$LASSO"
else
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  lasso="$PWD/.build-rel/release/lasso"
fi
[ -s "$work/dumpsys.txt" ] || python3 Benchmarks/gen-app-dumps.py "$work" "$views"
python3 - "$work" "${RUNS:-5}" "$lasso" ${BASELINE:+"$BASELINE"} <<'PY'
import statistics, subprocess, sys, time
work, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
names = ["after"] if len(binaries) == 1 else ["after", "before"]
dumps = ["mixpanel-android.json", "sensors-android.json", "mixpanel-ios.json", "sensors-ios.json", "maestro.json",
         "dumpsys.txt"]
print("%-22s %s" % ("dump", "  ".join("%-24s" % name for name in names)))
for dump in dumps:
    times = {name: [] for name in names}
    for _ in range(runs):
        for name, binary in zip(names, binaries):
            start = time.perf_counter()
            done = subprocess.run([binary, "stats", f"{work}/{dump}"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
            if done.returncode != 0:
                sys.exit(f"{binary} stats {dump} failed ({done.returncode})")
    print("%-22s %s" % (dump, "  ".join(
        "min %.2f med %.2f s     " % (min(times[n]), statistics.median(times[n])) for n in names)))
PY
