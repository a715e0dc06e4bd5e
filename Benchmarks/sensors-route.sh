#!/usr/bin/env bash
# Load benchmark of what a Sensors Analytics SDK asks at every app start: GET /config/visualized/iOS.conf on
# `lasso serve` (release, SQLite) for an app of N configs in the sensors profile (default 1,000: one document of about
# 270 KB), the full answer and the 304 for the version held, each with wrk -t2 -c16 for DURATION (default 5s), and
# lasso's own GET …/configs?version= of the same app beside them.
#   Benchmarks/sensors-route.sh [N]     LASSO=path/to/lasso times that binary instead of building one.
# Needs wrk, curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
count="${1:-1000}"
duration="${DURATION:-5s}"
port="${PORT:-18791}"
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install wrk curl python3" >&2; exit 2; }
done
if [ -z "${LASSO:-}" ]; then
  swift build -c release --static-swift-stdlib --product lasso --scratch-path .build-rel >/dev/null
  LASSO="$PWD/.build-rel/release/lasso"
fi
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
python3 - "$work/cfg/bench-ios" "$count" <<'PY'
import hashlib, json, os, sys, uuid
folder, count = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
for i in range(count):
    path = f"UIView/UITableView[0]/FeedCell{i % 50}[0][-]/UIButton[{i % 7}]"
    label = path.rsplit("/", 1)[0] + "/UILabel[0]"
    config = {
        "id": str(uuid.UUID(int=i + 1)), "appKey": "bench-ios", "versions": [{"from": "1.0.0"}],
        "viewEvent": "ButtonClick", "profile": "sensors", "viewPath": path,
        "viewId": hashlib.md5(path.encode()).hexdigest(), "keyPath": "superview.views[UILabel:0].text",
        "keyName": f"name{i}",
        "sensors": {"screenName": "FeedViewController", "elementPosition": "0:1",
                    "property": {"elementPath": label, "screenName": "FeedViewController", "elementPosition": "0:1",
                                 "type": "STRING", "regular": ".+"}},
    }
    with open(f"{folder}/name{i}-{config['id'][:8]}.json", "w") as file:
        file.write(json.dumps(config, indent=2) + "\n")
PY
LASSO_ADMIN_TOKEN=bench LOG_LEVEL=error "$LASSO" serve --db "$work/store.sqlite" --port "$port" 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
LASSO_TOKEN=bench "$LASSO" push --configs "$work/cfg" --server "http://127.0.0.1:$port" --app-key bench-ios >/dev/null
url="http://127.0.0.1:$port/config/visualized/iOS.conf?app_id=bench-ios&project=default"
version="$(curl -sf "$url" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')"
size="$(curl -sf "$url" | wc -c)"
echo "$count configs, a document of $size bytes, version $version"
run() { # label, url
  printf '%-44s' "$1"
  wrk -t2 -c16 -d"$duration" "$2" | awk '/Requests\/sec/ {printf "%s req/s", $2} /Latency/ {printf "  latency %s avg, ", $2}'
  echo
}
run "Sensors iOS.conf, 200 with the document" "$url"
run "Sensors iOS.conf, 304 for the version held" "$url&v=$version"
run "lasso GET …/configs?version=1.0.0" "http://127.0.0.1:$port/v1/apps/bench-ios/configs?version=1.0.0"
