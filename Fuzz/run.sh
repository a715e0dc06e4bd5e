#!/usr/bin/env bash
# Builds the libFuzzer targets once (the lasso libraries instrumented, with AddressSanitizer) and runs each for a bounded time
# on a scratch copy of its seed corpus, as many at once as there are cores. Exits non-zero when any target finds a
# crash, a hang (over 10 s on one input), an out-of-memory or a sanitizer report, after printing the reproducer's
# path, the command that replays it, and the report.
#
#   Fuzz/run.sh [seconds-per-target] [target…]      default: 30 seconds, every target
#   Fuzz/run.sh --within 300 [target…]              build, then share what is left of 300 s among the targets (CI)
#   LASSO_FUZZ_KEEP=1 Fuzz/run.sh 600 path          keep the scratch folder (grown corpus, logs) afterwards
#   LASSO_FUZZ_JOBS=1 Fuzz/run.sh 60                one target at a time
set -uo pipefail
cd "$(dirname "$0")"
export PATH="/opt/swift/usr/bin:$PATH"

within=""
if [ "${1:-}" = "--within" ]; then
  within="${2:?--within needs a number of seconds}"
  shift 2
  seconds=""
else
  seconds="${1:-30}"
  shift || true
fi
all_targets=(snapshot appium android uikit maestro dumpsys mixpanel sensors reader config path keypath settings check screenshot regex textfield selector)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  if [ ! -d "corpus/$target" ]; then
    echo "fuzz: no target named $target (there are: ${all_targets[*]})"
    exit 2
  fi
done
jobs="${LASSO_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

scratch="$(mktemp -d "${TMPDIR:-/tmp}/lasso-fuzz.XXXXXX")"
started=$(date +%s)

echo "fuzz: building the targets (log: $scratch/build.log)"
if ! swift build --package-path . --disable-index-store -Xswiftc -sanitize=fuzzer,address >"$scratch/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40
  echo "fuzz: the build failed"
  exit 1
fi
binary="$(swift build --package-path . --disable-index-store --show-bin-path)/LassoFuzz"
built=$(date +%s)
echo "fuzz: built in $((built - started)) s"

rounds=$(((${#targets[@]} + jobs - 1) / jobs))
if [ -n "$within" ]; then
  # What is left of the budget, less 10 s for starting and stopping, shared among the rounds; 5 s at the least.
  left=$((within - (built - started) - 10))
  seconds=$((left / rounds))
  [ "$seconds" -lt 5 ] && seconds=5
fi
# CI (--within) fuzzes with a fixed seed: the same code then tries the same inputs, so CI's verdict on a change does
# not depend on luck; other runs draw a new seed each time (0). LASSO_FUZZ_SEED overrides either.
if [ -n "$within" ]; then seed="${LASSO_FUZZ_SEED:-1}"; else seed="${LASSO_FUZZ_SEED:-0}"; fi
echo "fuzz: ${#targets[@]} targets, $seconds s each, $jobs at a time, seed $seed"

# Swift's own crash reporter would symbolicate at length under the sanitizer; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
# Leaks in the system's Foundation, not in lasso, are listed there; any other leak is a finding.
export LSAN_OPTIONS="suppressions=$PWD/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# Runs one target and writes its verdict (ok or FAILED, with the report) to $scratch/<target>/verdict.
fuzz_one() {
  local target="$1" work="$scratch/$1"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp "corpus/$target/"* "$work/corpus/"
  local log="$work/fuzz.log"
  LASSO_FUZZ_TARGET="$target" "$binary" "$work/corpus" \
    -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" >"$log" 2>&1
  local status=$?
  local runs coverage reproducer
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  reproducer=$(ls "$work/artifacts/" 2>/dev/null | head -1)
  {
    if [ $status -ne 0 ] || [ -n "$reproducer" ]; then
      echo "fuzz: $target FAILED (exit $status) after ${runs:-?} runs"
      [ -n "$reproducer" ] && echo "fuzz: reproducer: $work/artifacts/$reproducer"
      echo "fuzz: replay: LASSO_FUZZ_TARGET=$target $binary $work/artifacts/${reproducer:-<input>}"
      # The report: from the first error line to the end, without libFuzzer's per-input progress lines.
      awk '/Fatal error|ERROR: |==[0-9]+==|^SUMMARY|deadly signal|Test unit written|^MS: |^artifact/ {on=1} on' "$log" \
        | grep -vE '^#[0-9]|^[0-9]+ +[^ ]+ +0x[0-9a-f]+ ' | head -80
    else
      echo "fuzz: $target ok: ${runs:-?} runs in ${seconds} s, ${coverage:-cov: ?}"
    fi
  } >"$work/verdict"
}

running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  fuzz_one "$target" &
  running=$((running + 1))
done
wait

failed=()
for target in "${targets[@]}"; do
  cat "$scratch/$target/verdict"
  grep -q "^fuzz: $target FAILED" "$scratch/$target/verdict" && failed+=("$target")
done

finished=$(date +%s)
echo "fuzz: ${#targets[@]} targets, $((finished - built)) s fuzzing, $((finished - started)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]} (kept in $scratch)"
  exit 1
fi
if [ "${LASSO_FUZZ_KEEP:-0}" = 1 ]; then echo "fuzz: kept $scratch"; else rm -rf "$scratch"; fi
