#!/usr/bin/env bash
# CI: keeps docs/openapi.yaml true. Runs schemathesis against a real `lasso serve` (the debug build, a fresh SQLite
# file, an admin token): every operation, with generated inputs (the examples, coverage, fuzzing and stateful phases),
# every check schemathesis has but positive_data_acceptance (a config the schema allows is still refused when its
# viewId is not its path's hash), and the conditional-request rules of SPEC §5.2 as checks of our own
# (.ci/schemathesis_checks.py). Bounded to MAX_TIME seconds (default 150); SEED picks the run (default 1, so that
# CI's verdict on a change does not depend on luck). Prints how many test
# cases it generated and exits non-zero on any failure, or when the server died or crashed on the way.
# Usage: .ci/schemathesis.sh (installs schemathesis with pip when it is missing; KEEP=1 keeps its folder of reports).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
version=4.32.5
# Called through Python, so a freshly installed one runs whatever PATH holds (pyenv's shims are made later).
schemathesis() { python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())' "$@"; }
if ! schemathesis --version 2>/dev/null | grep -q "$version"; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "schemathesis==$version"
fi
swift build --product lasso >/dev/null
work="$(mktemp -d)"
token="schemathesis-$$"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
LASSO_ADMIN_TOKEN="$token" LOG_LEVEL=error .build/debug/lasso serve --db "$work/store.sqlite" --port "$port" \
  >"$work/access.log" 2>"$work/serve.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done

status=0
root="$PWD"
cd "$work"  # schemathesis keeps a cache folder where it runs
PYTHONPATH="$root/.ci" SCHEMATHESIS_HOOKS=schemathesis_checks LASSO_SCHEMATHESIS_TOKEN="$token" \
  schemathesis run "$root/docs/openapi.yaml" --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
  --checks all --exclude-checks positive_data_acceptance --phases examples,coverage,fuzzing,stateful \
  --max-time "${MAX_TIME:-150}" --workers 1 --seed "${SEED:-1}" --generation-database none --no-color \
  --report ndjson --report-ndjson-path "$work/events.ndjson" || status=$?
python3 - "$work/events.ndjson" <<'PY'
import json, sys
cases = requests = 0
for line in open(sys.argv[1]):
    event = json.loads(line)
    if "ScenarioFinished" in event:
        recorder = event["ScenarioFinished"]["recorder"]
        cases += len(recorder.get("cases", {}))
        requests += len(recorder.get("interactions", {}))
print(f"schemathesis: {cases} test cases generated, {requests} requests sent to lasso serve (docs/openapi.yaml)")
PY
if ! kill -0 "$server" 2>/dev/null || grep -q "Fatal error" "$work/serve.log"; then
  echo "lasso serve died or crashed during the run:" >&2
  cat "$work/serve.log" >&2
  status=1
fi
exit "$status"
