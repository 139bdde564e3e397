#!/usr/bin/env bash
# Serve the built webapp and the API: gunicorn behind nginx, and the Huey consumer (events, mails, webhooks) beside
# them, all in the foreground of this script. Ctrl-C (or SIGTERM) stops them all. Used by `make run` and by the
# browser tests (with other ports).
#   PORT (8080)  API_PORT (8001)  HOST (127.0.0.1)  RUN_DIR (instance/run)  + the API's own variables
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PORT=${PORT:-8080}
API_PORT=${API_PORT:-8001}
HOST=${HOST:-127.0.0.1}
INSTANCE_DIR=${INSTANCE_DIR:-$ROOT/instance}
RUN_DIR=${RUN_DIR:-$INSTANCE_DIR/run}
export INSTANCE_DIR UPLOAD_DIR=${UPLOAD_DIR:-$INSTANCE_DIR/uploads}
export ACCEL_REDIRECT_PREFIX=${ACCEL_REDIRECT_PREFIX:-/protected-files/}
# nginx, rendered below, is the one proxy in front: its X-Forwarded-For is the client's address.
export TRUSTED_PROXIES=${TRUSTED_PROXIES:-1}
# Live updates: the API publishes to nchan through a unix socket of this nginx (docs/architecture.md 'Events').
PUBLISH_SOCKET="$RUN_DIR/nchan.sock"
export LIVE_PUBLISH_URL=${LIVE_PUBLISH_URL:-unix:$PUBLISH_SOCKET}
mkdir -p "$RUN_DIR" "$UPLOAD_DIR"
rm -f "$PUBLISH_SOCKET"  # left by an nginx that was killed
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

for p in "$PORT" "$API_PORT"; do
  if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then
    echo "Port $p on $HOST is already in use: stop what runs there, or set PORT / API_PORT." >&2
    exit 1
  fi
done

NGINX_RUN_DIR="$RUN_DIR" NGINX_LISTEN="$HOST:$PORT" NGINX_API_UPSTREAM="127.0.0.1:$API_PORT" \
  NGINX_UPLOAD_DIR="$UPLOAD_DIR" NGINX_PUBLISH_LISTEN="unix:$PUBLISH_SOCKET" \
  .venv/bin/python scripts/render_nginx.py "$RUN_DIR/nginx.conf" >/dev/null
"$NGINX" -t -q -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf"

pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo "Stopped."
}
trap 'stop; exit 0' INT TERM
trap stop EXIT

GUNICORN_BIND="127.0.0.1:$API_PORT" .venv/bin/gunicorn -c api/gunicorn_conf.py api.wsgi:app &
pids+=($!)
"$NGINX" -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf" -g "daemon off;" &
pids+=($!)
# The background worker: the event dispatcher, mails, webhook deliveries, digests and the sweeps (api/tasks.py).
# Its queue is Redis when REDIS_URL is set, else instance/huey.db; it polls at least every half second.
.venv/bin/huey_consumer api.tasks.huey -k thread -w 2 -m 0.5 -q >>"$RUN_DIR/huey.log" 2>&1 &
pids+=($!)

for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://$HOST:$PORT/api/health" 2>/dev/null && break
  sleep 0.2
done
if [ -z "${QUIET:-}" ]; then
  cat <<MSG

  The portal is running at http://$HOST:$PORT
  Sign in as admin@demo.eu with the password demo1234 (the other demo accounts: flask --app api seed-demo).
  Press Ctrl-C to stop.

MSG
fi
wait -n
