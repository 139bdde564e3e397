#!/usr/bin/env bash
# make test: every suite. The API suite runs on SQLite, then again on PostgreSQL when one answers
# on 127.0.0.1:5432 (or TEST_PG_URL); then the nginx checks and the webapp's unit and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export PYTHONDONTWRITEBYTECODE=1

echo "== API tests on SQLite"
$PY -m pytest -q -p no:cacheprovider api/tests

PG_URL=${TEST_PG_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/portal_test}
if $PY - "$PG_URL" <<'PYCODE' 2>/dev/null
import sys, psycopg
url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://").rsplit("/", 1)[0] + "/postgres"
psycopg.connect(url, connect_timeout=3).close()
PYCODE
then
  echo "== API tests on PostgreSQL"
  TEST_DATABASE_URL="$PG_URL" $PY -m pytest -q -p no:cacheprovider api/tests
else
  echo "== PostgreSQL not reachable: API tests ran on SQLite only"
fi

echo "== Webapp build and nginx checks"
bash scripts/build-webapp.sh
$PY -m pytest -q -p no:cacheprovider nginx/tests

echo "== Webapp unit and browser tests"
bash scripts/test-web.sh
