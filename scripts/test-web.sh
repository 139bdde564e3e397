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
(cd webapp && ./node_modules/.bin/eslint --max-warnings 0 .)
(cd webapp && ./node_modules/.bin/vitest run)
(cd webapp && node --test --test-concurrency=1 e2e/*.test.js)
