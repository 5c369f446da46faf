#!/usr/bin/env bash
# The parity law (and the SQL tests) on the real PostgreSQL 15 server, as CI runs them, and
# the client's contract suite against the emulator keeping its data there (a database of its own):
# a fresh data folder, a server on 127.0.0.1 at a free port (its socket in the same
# folder), the tests with MDQ_POSTGRES_URL pointing at it, then the server stopped and the
# folder removed, whatever the tests did. initdb refuses to run as root: as root, the
# server runs as the postgres user that Debian's package creates.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"
DIR="$(mktemp -d)"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$DIR"
  as_owner=(runuser -u postgres --)
fi
PORT="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
stop() {
  "${as_owner[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
"${as_owner[@]}" "$BIN/initdb" -D "$DIR/data" -U mdq --auth=trust -E UTF8 --no-locale >/dev/null
"${as_owner[@]}" "$BIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off" start >/dev/null
MDQ_POSTGRES_URL="postgres://mdq@127.0.0.1:$PORT/postgres" \
  npx vitest run --config vitest.postgres.config.ts "$@"
"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U mdq emulator
MDQ_EMULATOR_DATABASE="postgres://mdq@127.0.0.1:$PORT/emulator" \
  npx vitest run --config vitest.contract.config.ts
