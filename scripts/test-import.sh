#!/usr/bin/env bash
# make test-import: the Redmine importer against a live Redmine (/work/shared/redmine, or REDMINE_DIR): set up and
# started when it is there and not answering yet, then api/tests/test_import_redmine_live.py with its address and
# key. Without a Redmine the live test says it was skipped. (make test runs the same mapping on recorded answers.)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
DIR=${REDMINE_DIR:-$(cd .. && pwd)/shared/redmine}
URL=${REDMINE_URL:-http://127.0.0.1:3100}
answers() { curl -s -o /dev/null --max-time 3 "$URL/" ; }
if ! answers && [ -x "$DIR/setup.sh" ]; then
  echo "== setting up and starting the Redmine of $DIR (a few minutes the first time)"
  bash "$DIR/setup.sh" && bash "$DIR/start.sh"
  for _ in $(seq 60); do answers && break; sleep 1; done
fi
ENV_FILE=${REDMINE_SCRATCH:-/tmp/redmine-peer}/import.env
if [ -z "${REDMINE_KEY:-}" ] && [ -f "$ENV_FILE" ]; then
  REDMINE_KEY=$(sed -n 's/^IMPORT_KEY=//p' "$ENV_FILE")
fi
export REDMINE_URL="$URL" REDMINE_KEY="${REDMINE_KEY:-}"
$PY -m pytest -q -s -p no:cacheprovider -rs api/tests/test_import_redmine_live.py api/tests/test_import_redmine.py
