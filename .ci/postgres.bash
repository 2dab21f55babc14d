# Sourced by .ci/run and .ci/with-postgres: start_postgres starts a throw-away PostgreSQL
# cluster for tests and exports PG_DSN (postgres://postgres@127.0.0.1:PORT/postgres), after
# installing postgresql by apt-get when no initdb/pg_ctl is found (PATH, /usr/lib/postgresql/*/bin).
# The cluster listens on 127.0.0.1 on a random port, keeps its data and socket in a temp dir,
# runs with fsync off (the tests kill clients, never the server) and trust authentication;
# an EXIT trap stops it (immediate) and removes the dir. As root, initdb and postgres (which
# refuse root) run as the package's user, postgres.

pg_bin() {
  local d
  for d in "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)")" $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return; fi
  done
}

stop_postgres() {
  if [ -n "${pg_dir:-}" ] && [ -f "$pg_dir/data/postmaster.pid" ]; then
    "${pg_as[@]}" "$pgbin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "${pg_dir:-}" ]; then rm -rf "$pg_dir"; fi
}

start_postgres() {
  if [ -z "$(pg_bin)" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
  fi
  pgbin=$(pg_bin)
  [ -n "$pgbin" ] || { echo "no initdb/pg_ctl after installing postgresql" >&2; return 1; }
  pg_dir=$(mktemp -d)
  pg_as=()
  if [ "$(id -u)" = 0 ]; then chown postgres: "$pg_dir"; pg_as=(runuser -u postgres --); fi
  trap stop_postgres EXIT
  "${pg_as[@]}" "$pgbin/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 --locale=C --no-sync \
    >"$pg_dir/initdb.log" 2>&1 || { cat "$pg_dir/initdb.log" >&2; return 1; }
  local port
  for _ in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 20000))
    if "${pg_as[@]}" "$pgbin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/postgres.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir -c fsync=off -c max_connections=200" start >/dev/null; then
      export PG_DSN="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
      return 0
    fi
  done
  cat "$pg_dir/postgres.log" >&2
  echo "postgres did not start" >&2
  return 1
}
