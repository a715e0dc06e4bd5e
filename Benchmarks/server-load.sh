#!/usr/bin/env bash
# Load benchmark of the config server (issues 4 and 23): the SDK's GET /v1/apps/bench-app/configs?version=5.10.0 (20 of
# 1,000 configs, ~7 KB) on `lasso serve` (release), side by side with nginx serving the same bytes as a static file and
# a bare Hummingbird route serving them (Benchmarks/BareHummingbird, same package versions, release), interleaved: each
# round runs wrk (-t2 -c64 -d10s, loopback) on every server in turn, starting one further along each round, and the
# ratios are taken within a round, so that what else the machine is doing weighs on all of them alike.
#
#   Benchmarks/server-load.sh [--postgres] [--tls] [--check]
#
# Each lasso writes its access log to a file (its standard output), as in production; "no access log" is the same
# server with --no-access-log, and a LASSO_BASELINE from before the metrics and the log shows what they cost.
# --tls: the servers answer HTTPS with one certificate (made here with openssl): lasso --tls-cert beside nginx's ssl,
#   and the plain lasso GET, so the cost of TLS is a ratio within each round.
# --postgres: the store is PostgreSQL (a private cluster from .ci/postgres.sh, in /tmp/lasso-bench-postgres on port
#   55433 unless LASSO_PG_DIR / LASSO_PG_PORT say otherwise), shared by two `lasso serve` instances; the lasso rows are
#   then two wrk -t1 -c32 at once, one on each instance, their requests/s added up. It also prints how long a write
#   through one instance takes to reach the other's cache.
# --check: exit 1 unless lasso's GET is ≥ 0.9× the bare route, ≥ 0.8× nginx, p99 < 5 ms, and nothing failed.
# NO_BARE=1 leaves the bare Hummingbird route out (and its release build); --tls always does.
# ROUNDS (default 3) and DURATION (default 10s) set the rounds and each run's length. LASSO_BASELINE=path/to/lasso adds
# another lasso binary (a release build of main, say) to every round, for before/after figures from one run.
# Needs wrk and nginx (apt-get install wrk nginx), curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
postgres=0
tls=0
check=0
for argument in "$@"; do
  case "$argument" in
    --postgres) postgres=1 ;;
    --tls) tls=1 ;;
    --check) check=1 ;;
    *) echo "usage: Benchmarks/server-load.sh [--postgres] [--tls] [--check]" >&2; exit 64 ;;
  esac
done
for tool in wrk nginx curl python3 openssl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install wrk nginx curl python3 openssl" >&2; exit 2; }
done
rounds="${ROUNDS:-3}"
duration="${DURATION:-10s}"
base="${PORT:-18765}"

if [ -z "${LASSO:-}" ]; then swift build -c release --static-swift-stdlib --product lasso >/dev/null; fi
bare_wanted=1
if [ "$tls" = 1 ] || [ -n "${NO_BARE:-}" ]; then bare_wanted=0; fi
if [ "$bare_wanted" = 1 ]; then swift build --package-path Benchmarks -c release --product BareHummingbird >/dev/null; fi
lasso="${LASSO:-$PWD/.build/release/lasso}"
bare="$PWD/Benchmarks/.build/release/BareHummingbird"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  [ "$postgres" = 1 ] && .ci/postgres.sh stop
  rm -rf "$work"
}
trap cleanup EXIT
if [ "$postgres" = 1 ]; then
  export LASSO_PG_DIR="${LASSO_PG_DIR:-/tmp/lasso-bench-postgres}" LASSO_PG_PORT="${LASSO_PG_PORT:-55433}"
  database_url="$(.ci/postgres.sh start)"
  db_name="bench_$$"
  psql "${database_url/\/lasso\?//postgres?}" -qc "CREATE DATABASE $db_name" >/dev/null
  database_url="${database_url/\/lasso\?//$db_name?}"
fi

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

# One certificate for every TLS server (lasso and nginx), for --tls.
if [ "$tls" = 1 ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/tls.key" -out "$work/tls.crt" \
    -days 2 -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1 2>/dev/null
fi

# start_lasso NAME BINARY PORT [serve options…]: a `lasso serve` on its own store (SQLite) or the shared one, its
# access log in a file; "--tls-cert …" among the options makes it HTTPS.
start_lasso() {
  local name="$1" binary="$2" port="$3"; shift 3
  local store=(--db "$work/$name.sqlite") scheme=http
  [ "$postgres" = 1 ] && store=(--database-url "$database_url")
  [[ " $* " == *" --tls-cert "* ]] && scheme=https
  LASSO_ADMIN_TOKEN=bench LOG_LEVEL=error "$binary" serve "${store[@]}" --port "$port" "$@" \
    >"$work/$name.access.log" 2>"$work/$name.log" &
  pids+=($!)
  for _ in $(seq 100); do curl -skf "$scheme://127.0.0.1:$port/health" >/dev/null && return; sleep 0.1; done
  echo "$name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}
# A server is filled by its own binary's push (a baseline from before a route was added does not answer the newer
# client's listings of the other kinds).
push() {
  local scheme=http
  [ -n "${LASSO_CA_FILE:-}" ] && scheme=https
  LASSO_TOKEN=bench "${2:-$lasso}" push --configs "$work/cfg" --server "$scheme://127.0.0.1:$1" --app-key bench-app \
    | tail -1
}
query="/v1/apps/bench-app/configs?version=5.10.0"
# Each target: a name, then the URL(s) wrk loads at once (several: one wrk each, the connections split among them).
targets=()
if [ "$postgres" = 1 ]; then
  start_lasso lasso-a "$lasso" "$base"
  start_lasso lasso-b "$lasso" "$((base + 3))"
  push "$base"
  targets+=("lasso GET|http://127.0.0.1:$base$query http://127.0.0.1:$((base + 3))$query")
  targets+=("lasso ping|http://127.0.0.1:$base/v1/ping http://127.0.0.1:$((base + 3))/v1/ping")
  if [ -n "${LASSO_BASELINE:-}" ]; then
    start_lasso baseline-a "$LASSO_BASELINE" "$((base + 4))"
    start_lasso baseline-b "$LASSO_BASELINE" "$((base + 5))"
    targets+=("baseline GET|http://127.0.0.1:$((base + 4))$query http://127.0.0.1:$((base + 5))$query")
  fi
else
  start_lasso lasso "$lasso" "$base"
  push "$base"
  targets+=("lasso GET|http://127.0.0.1:$base$query")
  if [ "$tls" = 1 ]; then
    start_lasso lasso-tls "$lasso" "$((base + 6))" --tls-cert "$work/tls.crt" --tls-key "$work/tls.key"
    LASSO_CA_FILE="$work/tls.crt" push "$((base + 6))" >/dev/null
    targets+=("lasso GET, TLS|https://127.0.0.1:$((base + 6))$query")
  else
    start_lasso lasso-router "$lasso" "$((base + 3))" --no-event-loop-answers
    start_lasso lasso-quiet "$lasso" "$((base + 7))" --no-access-log
    push "$((base + 3))" >/dev/null
    push "$((base + 7))" >/dev/null
    targets+=("lasso GET, no access log|http://127.0.0.1:$((base + 7))$query")
    targets+=("lasso GET, router path|http://127.0.0.1:$((base + 3))$query")
    targets+=("lasso ping|http://127.0.0.1:$base/v1/ping")
  fi
  if [ -n "${LASSO_BASELINE:-}" ]; then
    start_lasso baseline "$LASSO_BASELINE" "$((base + 4))"
    push "$((base + 4))" "$LASSO_BASELINE" >/dev/null
    targets+=("baseline GET|http://127.0.0.1:$((base + 4))$query")
    targets+=("baseline ping|http://127.0.0.1:$((base + 4))/v1/ping")
  fi
fi

if [ "$postgres" = 1 ]; then
  # How long a write through instance A takes to reach instance B's cache: B is asked until its ETag changes.
  python3 - "$base" "$((base + 3))" "$work/cfg/bench-app" <<'PY'
import glob, json, sys, time, urllib.request
a, b, folder = sys.argv[1:]
url = lambda port: f"http://127.0.0.1:{port}/v1/apps/bench-app/configs?version=5.10.0"
etag = lambda port: urllib.request.urlopen(url(port)).headers["ETag"]
path = sorted(glob.glob(folder + "/key10-*.json"))[0]
config = json.load(open(path))
worst = 0.0
for n in range(20):
    before = etag(b)
    config["note"] = f"write {n}"
    request = urllib.request.Request(f"http://127.0.0.1:{a}/v1/apps/bench-app/configs/{config['id']}", method="PUT",
                                     data=json.dumps(config).encode(), headers={"Authorization": "Bearer bench"})
    urllib.request.urlopen(request).read()
    written = time.monotonic()
    while etag(b) == before:
        if time.monotonic() - written > 5: sys.exit("instance B still answers the old ETag 5 s after the write")
    worst = max(worst, time.monotonic() - written)
print(f"a write through instance A reached instance B's answers within {worst * 1000:.1f} ms (worst of 20)")
PY
fi

# The body every server sends: lasso's answer, its ETag, and the count of configs in it.
curl -sf -D "$work/headers" -o "$work/body.json" "http://127.0.0.1:$base$query"
etag="$(awk 'tolower($1) == "etag:" {print $2}' "$work/headers" | tr -d '\r')"
matched=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["configs"]))' "$work/body.json")
echo "configs stored: 1000; returned for 5.10.0: $matched ($(wc -c <"$work/body.json") bytes, ETag $etag)"

mkdir -p "$work/nginx/root"
# What both nginx servers (plain and TLS) answer: lasso's body as a static file, with its header fields.
body_location="root $work/nginx/root;
    location = /body {
      default_type \"application/json; charset=utf-8\";
      etag off;
      add_header ETag '$etag';
      add_header Cache-Control \"public, max-age=60\";
    }"
cp "$work/body.json" "$work/nginx/root/body"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 2;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/tmp; proxy_temp_path $work/nginx/tmp; fastcgi_temp_path $work/nginx/tmp;
  uwsgi_temp_path $work/nginx/tmp; scgi_temp_path $work/nginx/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 1000000; keepalive_timeout 30s;
  open_file_cache max=16 inactive=60s;
  server {
    listen 127.0.0.1:$((base + 2));
    $body_location
  }
  server {
    listen 127.0.0.1:$((base + 8)) ssl;
    ssl_certificate $work/tls.crt;
    ssl_certificate_key $work/tls.key;
    ssl_protocols TLSv1.2 TLSv1.3;
    $body_location
  }
}
EOF
# Without --tls there is no certificate: the TLS server block goes.
[ "$tls" = 1 ] || python3 - "$work/nginx/nginx.conf" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
open(sys.argv[1], "w").write(re.sub(r"\n  server \{\n    listen [^\n]* ssl;.*?\n  \}\n", "\n", text, flags=re.S))
PY
mkdir -p "$work/nginx/tmp"
chmod -R a+rX "$work"  # nginx's workers run as nobody
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
pids+=($!)
if [ "$bare_wanted" = 1 ]; then
  "$bare" --port "$((base + 1))" --body "$work/body.json" --etag "$etag" &
  pids+=($!)
fi
for _ in $(seq 100); do
  { [ "$bare_wanted" = 0 ] || curl -sf "http://127.0.0.1:$((base + 1))/ping" >/dev/null; } \
    && curl -sf "http://127.0.0.1:$((base + 2))/body" >/dev/null && break
  sleep 0.1
done
if [ "$bare_wanted" = 0 ]; then
  targets=("nginx, static file|http://127.0.0.1:$((base + 2))/body" "${targets[@]}")
  if [ "$tls" = 1 ]; then targets+=("nginx, static file, TLS|https://127.0.0.1:$((base + 8))/body"); fi
else
  targets=("nginx, static file|http://127.0.0.1:$((base + 2))/body" "bare Hummingbird|http://127.0.0.1:$((base + 1))/body"
    "bare Hummingbird ping|http://127.0.0.1:$((base + 1))/ping" "${targets[@]}")
fi
for target in "${targets[@]}"; do
  for url in ${target#*|}; do
    if [[ "$url" == */body || "$url" == *configs* ]]; then
      curl -skf "$url" | cmp -s - "$work/body.json" || { echo "$url does not send lasso's body" >&2; exit 1; }
    fi
  done
done


# measure URL… -> "rps p99_ms errors": wrk on each URL at once, the 2 threads and 64 connections split among them.
measure() {
  local count=$# index=0 url
  for url in "$@"; do
    wrk -t$((2 / count)) -c$((64 / count)) -d"$duration" --latency "$url" >"$work/wrk.$index" &
    index=$((index + 1))
  done
  wait
  python3 - "$work" "$count" <<'PY'
import re, sys
work, count = sys.argv[1], int(sys.argv[2])
rps, p99, errors = 0.0, 0.0, 0
def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
for index in range(count):
    text = open(f"{work}/wrk.{index}").read()
    rps += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = max(p99, ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1)))
    errors += sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", text))
    found = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if found: errors += sum(int(n) for n in found.groups())
print(f"{rps:.0f} {p99:.2f} {errors}")
PY
}

echo "$rounds rounds of wrk -t2 -c64 -d$duration on each, interleaved ($(date -u +%F); $(nproc) cores)"
: >"$work/results"
for round in $(seq "$rounds"); do
  count=${#targets[@]}
  for step in $(seq 0 $((count - 1))); do
    target="${targets[$(((step + round - 1) % count))]}"
    name="${target%%|*}"
    # shellcheck disable=SC2086
    read -r rps p99 errors < <(measure ${target#*|})
    printf '  round %d  %-26s %8s req/s  p99 %6s ms  errors %s\n' "$round" "$name" "$rps" "$p99" "$errors"
    printf '%s|%s|%s|%s|%s\n' "$round" "$name" "$rps" "$p99" "$errors" >>"$work/results"
  done
done

python3 - "$work/results" "$check" "$postgres" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("|") for line in open(sys.argv[1])]
check, postgres = sys.argv[2] == "1", sys.argv[3] == "1"
by = {}
for round_, name, rps, p99, errors in rows:
    by.setdefault(name, {})[int(round_)] = (float(rps), float(p99), int(errors))
def span(values, digits=0):
    low, mid, high = min(values), statistics.median(values), max(values)
    form = f"{{:,.{digits}f}}"
    return form.format(mid) if low == high else f"{form.format(mid)} ({form.format(low)}–{form.format(high)})"
print("\n| server | requests/s, median (range) | p99 ms, median | errors |\n|---|---|---|---|")
for name, runs in by.items():
    values = list(runs.values())
    label = name + (", 2 instances" if postgres and name.startswith(("lasso", "baseline")) else "")
    print(f"| {label} | {span([v[0] for v in values])} | {statistics.median(v[1] for v in values):.2f} | "
          f"{sum(v[2] for v in values)} |")
def ratio(top, bottom):
    if top not in by or bottom not in by: return None
    return [by[top][r][0] / by[bottom][r][0] for r in by[top] if r in by[bottom]]
print("\n| ratio, within each round | median (range) |\n|---|---|")
pairs = [("lasso GET", "bare Hummingbird"), ("lasso GET", "nginx, static file"),
         ("lasso GET, router path", "bare Hummingbird"), ("lasso ping", "bare Hummingbird ping"),
         ("bare Hummingbird", "nginx, static file"), ("baseline GET", "bare Hummingbird"),
         ("baseline GET", "nginx, static file"), ("lasso GET", "baseline GET"),
         ("lasso GET, no access log", "baseline GET"), ("lasso GET", "lasso GET, no access log"),
         ("lasso GET, TLS", "lasso GET"), ("lasso GET, TLS", "nginx, static file, TLS"),
         ("nginx, static file, TLS", "nginx, static file"), ("lasso ping", "baseline ping")]
for top, bottom in pairs:
    values = ratio(top, bottom)
    if values: print(f"| {top} / {bottom} | {span(values, 2)} |")
if check:
    get = by["lasso GET"].values()
    ok = (statistics.median(ratio("lasso GET", "bare Hummingbird")) >= 0.9
          and statistics.median(ratio("lasso GET", "nginx, static file")) >= 0.8
          and statistics.median(v[1] for v in get) < 5 and sum(v[2] for v in get) == 0)
    print("targets (GET ≥ 0.9× bare, ≥ 0.8× nginx, p99 < 5 ms, no errors):", "met" if ok else "MISSED")
    sys.exit(0 if ok else 1)
PY
