#!/usr/bin/env bash
# make fuzz: the schemathesis run of api/tests/test_fuzz.py, longer than the suite's: every check, the coverage
# phase on every operation for both identities (superuser and viewer), FUZZ_EXAMPLES generated examples per
# operation; on SQLite, then on PostgreSQL when one answers on 127.0.0.1:5432 (or TEST_PG_URL).
#
#   FUZZ_EXAMPLES=200      examples per operation and generation mode (default 100; the suite uses 6)
#   FUZZ_SEED=1234         another deterministic seed (default: the suite's)
#   FUZZ_OPERATIONS=REGEX  only the operations whose operationId matches, e.g. '^vault\.' or '^module\.edit\.'
#   FUZZ_COVERAGE=views    coverage phase: all (default here) | views | bodyless | none
#   FUZZ_DATABASES=sqlite  sqlite, postgresql or both (default both)
#
# About 20-30 minutes per database with the defaults on a 2-core machine. Any failure (a server error, a
# schema violation, a wrong status) fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export PYTHONDONTWRITEBYTECODE=1
export FUZZ_EXAMPLES=${FUZZ_EXAMPLES:-100}
export FUZZ_COVERAGE=${FUZZ_COVERAGE:-all}
DATABASES=${FUZZ_DATABASES:-both}
ARGS=(-q -rxX -p no:cacheprovider api/tests/test_fuzz.py "$@")

if [[ $DATABASES != postgresql ]]; then
  echo "== Fuzzing on SQLite (FUZZ_EXAMPLES=$FUZZ_EXAMPLES, FUZZ_COVERAGE=$FUZZ_COVERAGE)"
  $PY -m pytest "${ARGS[@]}"
fi

if [[ $DATABASES != sqlite ]]; then
  PG_URL=${TEST_PG_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/portal_test_fuzz}
  if $PY - "$PG_URL" <<'PYCODE' 2>/dev/null
import sys, psycopg
url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://").rsplit("/", 1)[0] + "/postgres"
psycopg.connect(url, connect_timeout=3).close()
PYCODE
  then
    echo "== Fuzzing on PostgreSQL"
    TEST_DATABASE_URL="$PG_URL" $PY -m pytest "${ARGS[@]}"
  else
    echo "== PostgreSQL not reachable: fuzzed on SQLite only"
  fi
fi
