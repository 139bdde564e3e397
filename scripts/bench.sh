#!/usr/bin/env bash
# make bench: query counts, latency and throughput on PostgreSQL (see scripts/bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! .venv/bin/python -c "import psycopg,sys; psycopg.connect('host=127.0.0.1 user=postgres dbname=postgres', connect_timeout=3)" 2>/dev/null; then
  echo "make bench needs PostgreSQL on 127.0.0.1:5432 (user postgres), or BENCH_DATABASE_URL" >&2
  exit 1
fi
.venv/bin/python scripts/bench.py
# Imports (issue 46): a Redmine of 5,000 issues with 15,000 journals read and written, and the 10,000-module portal's
# archive exported and imported (temporary SQLite databases).
.venv/bin/python scripts/bench_import.py --issues 5000
.venv/bin/python scripts/bench_archive.py
# Documents (issue 47): a 100-page PDF's text read and its thumbnail made, as the worker does it.
.venv/bin/python scripts/bench_documents.py
# The board of 500 cards in headless Chromium: its first render and a drag (figures printed by the test).
if [ -x /usr/bin/chromium ] && [ -d webapp/node_modules ]; then
  bash scripts/build-webapp.sh
  (cd webapp && BENCH_BROWSER=1 node --test --test-name-pattern='board at scale' e2e/views.test.js)
fi
