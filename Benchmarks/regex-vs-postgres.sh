#!/usr/bin/env bash
# Times lasso's regex engine (Benchmarks/LassoRegexBenchmark, release) against PostgreSQL's `~` on the same values:
# patterns whose DFA states are big (counted repeats written out to thousands of instructions) over 100 KB and 4 MiB
# values of all `a`, of random `a`/`b`, of random letters, of sparse `a`s, and of `a`/`b` among CJK characters (a
# third as many characters), each ending without and with a `c`.
# Prints one line per pattern and value: lasso's verdict and best ms, PostgreSQL's verdict and best ms (of 3), the
# ratio; the verdicts must agree. Usage: Benchmarks/regex-vs-postgres.sh [BYTES...] (default 100000 4194304).
# Needs python3 and PostgreSQL's binaries (.ci/postgres.sh starts a private server).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 4194304)
(cd Benchmarks && swift build -c release --product LassoRegexBenchmark >/dev/null)
bench="$PWD/Benchmarks/.build/release/LassoRegexBenchmark"
work="${WORK:-$(mktemp -d)}"
url="$(.ci/postgres.sh start)"
socket="${url##*host=}"
port="$(echo "$url" | sed -E 's|.*:([0-9]+)/.*|\1|')"
psql="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/psql"
patterns=('(a.{0,199}){5}c' '(a{10}){100}' '(a|b){0,255}(b|c){0,255}c' '[ab]{255}c.{0,255}a{200}' '(a[ab]{199}){5}c'
  'a.{20}c' 'a.{200}c')
# A class of 5,000 separate characters (every other one from U+4E00): 10,000 intervals no set tells apart.
patterns+=("$(python3 -c 'print("a.{20}c|[" + "".join(chr(0x4E00 + 2 * i) for i in range(5000)) + "]x")')")
for size in "${sizes[@]}"; do
  python3 - "$work" "$size" <<'PY'
import random, sys
work, size = sys.argv[1], int(sys.argv[2])
random.seed(27)
kinds = {
    "all-a": lambda n: "a" * n,
    "random-ab": lambda n: "".join(random.choice("ab") for _ in range(n)),
    "letters": lambda n: "".join(random.choice("abdefghijklmnopqrstuvwxyz") for _ in range(n)),
    "sparse-a": lambda n: "".join("a" if random.random() < 0.02 else "b" for _ in range(n)),
    "cjk": lambda n: "".join(random.choice("ab" + "".join(chr(0x4E00 + i) for i in range(0, 10000, 7))) for _ in range(n // 3)),
}
for name, make in kinds.items():
    body = make(size - 1)
    open(f"{work}/{name}-{size}", "w").write(body + "b")
    open(f"{work}/{name}-c-{size}", "w").write(body + "c")
PY
  for pattern in "${patterns[@]}"; do
    for file in "$work"/*-"$size"; do
      name="$(basename "$file")"
      read -r _ _ ours ours_ms _ < <("$bench" --runs 3 "$pattern" "$file" | tail -n 1)
      theirs_ms=""
      theirs=""
      for _ in 1 2 3; do
        out="$("$psql" -h "$socket" -p "$port" -U postgres lasso -qAt -v ON_ERROR_STOP=1 \
          -c '\timing on' -c 'CREATE TEMP TABLE v (t text)' -c "\\copy v from '$file'" \
          -c "SELECT t ~ \$p\$${pattern}\$p\$ FROM v" 2>&1 | tail -n 2)"
        theirs="$(echo "$out" | head -n 1)"
        ms="$(echo "$out" | tail -n 1 | sed -E 's/Time: ([0-9.]+) ms.*/\1/')"
        if [ -z "$theirs_ms" ] || awk -v a="$ms" -v b="$theirs_ms" 'BEGIN { exit !(a < b) }'; then theirs_ms="$ms"; fi
      done
      case "$theirs" in t) theirs=true ;; f) theirs=false ;; *) theirs="error: $theirs" ;; esac
      agree="$([ "$ours" = "$theirs" ] && echo same || echo DIFFERENT)"
      label="$pattern"
      [ ${#label} -le 28 ] || label="${label:0:25}..."
      awk -v p="$label" -v n="$name" -v o="$ours" -v om="$ours_ms" -v t="$theirs" -v tm="$theirs_ms" -v a="$agree" \
        'BEGIN { printf "%-28s %-18s lasso %-5s %9.1f ms  postgres %-5s %8.1f ms  %6.1fx  %s\n", p, n, o, om, t, tm, om / (tm > 0 ? tm : 0.001), a }'
    done
  done
done
