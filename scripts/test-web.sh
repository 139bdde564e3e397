#!/usr/bin/env bash
# The webapp's tests: ESLint (zero warnings: layers, API calls, sizes, hooks, accessibility), Vitest (helpers,
# components), then the browser tests in Debian's Chromium against the real API (each suite starts its own API
# on a free port with a fresh SQLite database).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d webapp/node_modules ]; then
  (cd webapp && npm ci --no-audit --no-fund --loglevel=error)
fi
bash scripts/build-webapp.sh
# make test ran the lint and the unit tests already, beside the API's PostgreSQL run (scripts/test.sh).
if [ -z "${WEB_CHECKED:-}" ]; then
  (cd webapp && ./node_modules/.bin/eslint --max-warnings 0 .)
  (cd webapp && ./node_modules/.bin/vitest run)
fi
# Two test files at a time, each with its own API, web server and browser: a file spends most of its time waiting
# on the page (debounces, networkidle, transitions), so two take about half the time on 2 cores (13 min to 6.5-8.5 here).
rm -rf webapp/e2e/screenshots/axe
(cd webapp && node --test --test-concurrency=2 e2e/*.test.js)
(cd webapp && node e2e/axe-summary.js)
