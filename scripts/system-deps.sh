#!/usr/bin/env bash
# Debian packages the project needs: nginx with its nchan module (serving, live updates), chromium (browser tests)
# and wrk (make bench's load).
set -euo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_nchan_module.so ] || need+=(libnginx-mod-nchan)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing Debian packages: ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
