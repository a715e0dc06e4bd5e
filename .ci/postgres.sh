#!/usr/bin/env bash
# Starts a private PostgreSQL cluster on a unix socket for the store tests and prints the URL to export as
# LASSO_TEST_DATABASE_URL. Source-free: `url=$(.ci/postgres.sh start)`; `.ci/postgres.sh stop` ends it.
set -euo pipefail
root="${LASSO_PG_DIR:-/tmp/lasso-ci-postgres}"
port="${LASSO_PG_PORT:-55432}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
case "${1:-start}" in
  start)
    if [ ! -s "$root/data/PG_VERSION" ]; then
      mkdir -p "$root"
      [ "$(id -u)" = 0 ] && chown postgres "$root"
      as_postgres "'$bin/initdb' -D '$root/data' --auth=trust -U postgres >/dev/null"
    fi
    if ! as_postgres "'$bin/pg_ctl' -D '$root/data' status >/dev/null 2>&1"; then
      as_postgres "'$bin/pg_ctl' -D '$root/data' -l '$root/log' -w -o \"-k $root -p $port -c listen_addresses=''\" start >/dev/null"
    fi
    as_postgres "'$bin/psql' -h '$root' -p $port -U postgres -tAc \"SELECT 1 FROM pg_database WHERE datname='lasso'\"" | grep -q 1 \
      || as_postgres "'$bin/createdb' -h '$root' -p $port -U postgres lasso"
    echo "postgres://postgres@localhost:$port/lasso?host=$root"
    ;;
  stop)
    as_postgres "'$bin/pg_ctl' -D '$root/data' -m fast stop >/dev/null" || true
    ;;
esac
