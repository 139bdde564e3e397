#!/usr/bin/env bash
# make soak: a mixed read/write load through nginx on PostgreSQL, then no acknowledged write may be missing
# (see scripts/soak.py). SOAK_SECONDS (600), SOAK_CONNECTIONS (32), SOAK_PORT (8190), SOAK_API_PORT (8191).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! .venv/bin/python -c "import psycopg,sys; psycopg.connect('host=127.0.0.1 user=postgres dbname=postgres', connect_timeout=3)" 2>/dev/null; then
  echo "make soak needs PostgreSQL on 127.0.0.1:5432 (user postgres), or SOAK_DATABASE_URL" >&2
  exit 1
fi
exec .venv/bin/python scripts/soak.py
