#!/usr/bin/env bash
# Build webapp/dist with `npm run build`; skip when dist is newer than every source.
set -euo pipefail
cd "$(dirname "$0")/../webapp"
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
stamp=dist/index.html
if [ -f "$stamp" ] && [ -z "${FORCE_BUILD:-}" ]; then
  newer=$(find src public index.html vite.config.js package.json package-lock.json -newer "$stamp" -print -quit 2>/dev/null || true)
  if [ -z "$newer" ]; then
    echo "webapp/dist is up to date"
    exit 0
  fi
fi
npm run build --silent
