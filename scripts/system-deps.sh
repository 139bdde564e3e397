#!/usr/bin/env bash
# Debian packages the project needs: nginx with its nchan module (serving, live updates), chromium (browser tests),
# wrk (make bench's load) and, beside a local PostgreSQL 15, its RUM extension (search reads the newest matches of
# a word from a RUM index; without it the search works, slower on common words: README).
set -euo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_nchan_module.so ] || need+=(libnginx-mod-nchan)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
if [ -d /usr/lib/postgresql/15/lib ] && [ ! -f /usr/lib/postgresql/15/lib/rum.so ]; then need+=(postgresql-15-rum); fi
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing Debian packages: ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
