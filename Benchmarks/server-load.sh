#!/usr/bin/env bash
# Load benchmark of the config server (issue 4): `lasso serve` (release) with 1,000 configs for one app; wrk
# (-t2 -c64 -d10s, loopback) on GET /v1/apps/bench-app/configs?version=5.10.0 and, for comparison, on the
# constant-string route GET /v1/ping of the same server. Target: configs ≥ 80% of ping's requests/s, p99 < 10 ms,
# no errors. Needs wrk (apt-get install wrk), curl and python3. Usage: Benchmarks/server-load.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
swift build -c release --product lasso >/dev/null
lasso="$PWD/.build/release/lasso"
work="$(mktemp -d)"
port="${PORT:-18765}"
duration="${DURATION:-10s}"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

# 1,000 configs: config i covers 5.(i mod 50).0 until 5.(i mod 50 + 1).0, so one version gets 20 of them (as an
# app that has shipped 50 versions would), and each is a realistic ~350-byte object.
python3 - "$work/cfg/bench-app" <<'PY'
import hashlib, json, os, sys, uuid
folder = sys.argv[1]; os.makedirs(folder)
for i in range(1000):
    cid = str(uuid.UUID(int=i + 1))
    path = f"BenchViewController[0]/UIView[0]/UITableView[0]/Cell{i}[0:*]"
    config = {"id": cid, "appKey": "bench-app",
              "versions": [{"from": f"5.{i % 50}.0", "until": f"5.{i % 50 + 1}.0"}],
              "viewEvent": "ListItemClick", "viewPath": path, "viewId": hashlib.md5(path.encode()).hexdigest(),
              "keyPath": "model.productId", "keyName": f"key{i}"}
    with open(f"{folder}/key{i}-{cid[:8]}.json", "w") as f:
        f.write(json.dumps(config, indent=2, ensure_ascii=False) + "\n")
PY

LASSO_ADMIN_TOKEN=bench LOG_LEVEL=error "$lasso" serve --db "$work/bench.sqlite" --port "$port" 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
LASSO_TOKEN=bench "$lasso" push --configs "$work/cfg" --server "http://127.0.0.1:$port" --app-key bench-app | tail -1
matched=$(curl -s "http://127.0.0.1:$port/v1/apps/bench-app/configs?version=5.10.0" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["configs"]))')
echo "configs stored: 1000; returned for 5.10.0: $matched"

measure() { # name url -> "rps p99_ms errors"
  local out; out=$(wrk -t2 -c64 -d"$duration" --latency "$2")
  local rps p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  errors=$(awk '/Non-2xx/ {n+=$NF} /Socket errors/ {gsub(/,/,""); n+=$4+$6+$8+$10} END {print n+0}' <<<"$out")
  printf '%-34s %10s req/s   p99 %6s ms   errors %s\n' "$1" "$rps" "$p99" "$errors" >&2
  echo "$rps $p99 $errors"
}
read -r ping_rps ping_p99 ping_err < <(measure "GET /v1/ping (constant string)" "http://127.0.0.1:$port/v1/ping")
read -r cfg_rps cfg_p99 cfg_err < <(measure "GET …/configs?version=5.10.0" "http://127.0.0.1:$port/v1/apps/bench-app/configs?version=5.10.0")
ratio=$(python3 -c "print(f'{$cfg_rps / $ping_rps:.2f}')")
echo "configs/ping = $ratio (target ≥ 0.80); configs p99 = $cfg_p99 ms (target < 10); errors = $cfg_err (target 0)"
if [ "${1:-}" = "--check" ]; then
  python3 -c "import sys; sys.exit(0 if $cfg_rps >= 0.8 * $ping_rps and $cfg_p99 < 10 and $cfg_err == 0 else 1)"
fi
