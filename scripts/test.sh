#!/usr/bin/env bash
# make test: every suite. The API suite runs on SQLite and, side by side, on PostgreSQL when one answers
# on 127.0.0.1:5432 (or TEST_PG_URL); its live suites (api/tests/live: a real gunicorn, races and faults)
# run after, once, on both databases. Then the nginx checks and the webapp's unit and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export PYTHONDONTWRITEBYTECODE=1

PG_URL=${TEST_PG_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/portal_test}
pg_up() {
  $PY - "$PG_URL" <<'PYCODE' 2>/dev/null
import sys, psycopg
url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://").rsplit("/", 1)[0] + "/postgres"
psycopg.connect(url, connect_timeout=3).close()
PYCODE
}

# The two databases' runs are independent (each its own database and temporary folders): they run side by side,
# one core each, and their outputs are shown one after the other. The live suites (a real gunicorn, races, faults
# with PostgreSQL stopped and started) need the machine to themselves: they run after, once, on both databases.
logs=$(mktemp -d)
echo "== API tests on SQLite and on PostgreSQL, side by side"
$PY -m pytest -q -p no:cacheprovider -m "not live and not cluster" api/tests > "$logs/sqlite.log" 2>&1 &
sqlite_pid=$!
pg_pid=
if pg_up; then
  # The fuzz test's coverage phase (boundary values, missing headers, unlisted methods: checks of the HTTP layer,
  # two thirds of that test's time) runs in the SQLite run only; this one, the longer, has the generated examples
  # (make fuzz runs every phase on both databases).
  TEST_DATABASE_URL="$PG_URL" FUZZ_COVERAGE=none $PY -m pytest -q -p no:cacheprovider -m "not live and not cluster" api/tests > "$logs/pg.log" 2>&1 &
  pg_pid=$!
else
  echo "== PostgreSQL not reachable: API tests run on SQLite only" > "$logs/pg.log"
fi
status=0
wait $sqlite_pid || status=$?
# The SQLite run ends first (by about two minutes here): the webapp's build, lint and unit tests, which touch no
# database, take the core it leaves while PostgreSQL's run finishes; test-web.sh then goes straight to the browsers.
web_pid=
if [ -n "$pg_pid" ] && kill -0 "$pg_pid" 2>/dev/null; then
  (bash scripts/build-webapp.sh && cd webapp && ./node_modules/.bin/eslint --max-warnings 0 . \
    && ./node_modules/.bin/vitest run) > "$logs/web.log" 2>&1 &
  web_pid=$!
fi
if [ -n "$pg_pid" ]; then wait $pg_pid || status=$?; fi
echo "-- on SQLite:"; cat "$logs/sqlite.log"
echo "-- on PostgreSQL:"; cat "$logs/pg.log"
if [ -n "$web_pid" ]; then
  web_status=0
  wait "$web_pid" || web_status=$?
  echo "== Webapp build, lint and unit tests (beside PostgreSQL's run)"; cat "$logs/web.log"
  [ $web_status -eq 0 ] || status=$web_status
  export WEB_CHECKED=1
fi
rm -rf "$logs"
[ $status -eq 0 ] || exit $status

echo "== API live suites (gunicorn over HTTP: races and faults, on SQLite and PostgreSQL)"
$PY -m pytest -q -p no:cacheprovider -m live api/tests

# Two replicas behind nginx (PostgreSQL, Redis, moto's S3 server): skipped, and said, when PostgreSQL or Redis is
# not there (the suite's conftest checks).
echo "== Two API replicas (api/tests/cluster)"
$PY -m pytest -q -p no:cacheprovider -m cluster -rs api/tests/cluster

echo "== Webapp build and nginx checks"
bash scripts/build-webapp.sh
$PY -m pytest -q -p no:cacheprovider nginx/tests

echo "== Webapp unit and browser tests"
bash scripts/test-web.sh
