#!/usr/bin/env bash
# make bench: query counts, latency and throughput on PostgreSQL (see scripts/bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! .venv/bin/python -c "import psycopg,sys; psycopg.connect('host=127.0.0.1 user=postgres dbname=postgres', connect_timeout=3)" 2>/dev/null; then
  echo "make bench needs PostgreSQL on 127.0.0.1:5432 (user postgres), or BENCH_DATABASE_URL" >&2
  exit 1
fi
exec .venv/bin/python scripts/bench.py
