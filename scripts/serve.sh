#!/usr/bin/env bash
# Serve the built webapp and the API: gunicorn behind nginx, and the Huey consumer (events, mails, webhooks) beside
# them, all in the foreground of this script. Ctrl-C (or SIGTERM) stops them all. Used by `make run` and by the
# browser tests (with other ports).
#   PORT (8080)  HOST (127.0.0.1)  RUN_DIR (instance/run)  API_PORT (none)  + the API's own variables
# gunicorn listens on a unix socket in RUN_DIR that only nginx uses; API_PORT also opens 127.0.0.1:API_PORT for tools
# and tests that call the API directly (as a client: X-Forwarded-* from there are dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
# What the servers write (the database, the task queue, outbox mails with their reset links, uploads, logs) is the
# service user's alone.
umask 077
ROOT=$(pwd)
PORT=${PORT:-8080}
API_PORT=${API_PORT:-}
HOST=${HOST:-127.0.0.1}
INSTANCE_DIR=${INSTANCE_DIR:-$ROOT/instance}
RUN_DIR=${RUN_DIR:-$INSTANCE_DIR/run}
export INSTANCE_DIR UPLOAD_DIR=${UPLOAD_DIR:-$INSTANCE_DIR/uploads}
export ACCEL_REDIRECT_PREFIX=${ACCEL_REDIRECT_PREFIX:-/protected-files/}
# nginx, rendered below, is the one proxy in front: its X-Forwarded-For is the client's address. It reaches gunicorn
# through the socket; no TCP peer is a proxy (api/gunicorn_conf.py drops their forwarded headers).
export TRUSTED_PROXIES=${TRUSTED_PROXIES:-1}
export FORWARDED_ALLOW_IPS=""
API_SOCKET="$RUN_DIR/api.sock"
# Live updates: the API publishes to nchan through a unix socket of this nginx (docs/architecture.md 'Events').
PUBLISH_SOCKET="$RUN_DIR/nchan.sock"
export LIVE_PUBLISH_URL=${LIVE_PUBLISH_URL:-unix:$PUBLISH_SOCKET}
mkdir -p "$RUN_DIR" "$UPLOAD_DIR"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

for p in "$PORT" $API_PORT; do
  if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then
    echo "Port $p on $HOST is already in use: stop what runs there, or set PORT / API_PORT." >&2
    exit 1
  fi
done
if curl -fsS -o /dev/null --max-time 2 --unix-socket "$API_SOCKET" http://localhost/api/health 2>/dev/null; then
  echo "An API already serves $API_SOCKET: stop the other serve.sh, or set RUN_DIR." >&2
  exit 1
fi
rm -f "$PUBLISH_SOCKET" "$API_SOCKET" "$RUN_DIR/nginx.pid"  # left by servers that were killed

# Files made before this script (the migrate and seed steps, older versions): private too. The instance folder
# itself is closed to others, and the run folder, where nginx makes its socket rw-rw-rw- (it ignores the umask),
# is open to the service user's group only.
chmod 0700 "$INSTANCE_DIR"
chmod 0750 "$RUN_DIR"
find "$INSTANCE_DIR" -maxdepth 1 -type f -exec chmod go-rwx {} +
DB_FILE=""
if [[ "${DATABASE_URL:-}" == sqlite:///* ]]; then DB_FILE=${DATABASE_URL#sqlite:///}; DB_FILE=${DB_FILE%%\?*}; fi
for f in "${DB_FILE:-$INSTANCE_DIR/portal.db}" "${HUEY_SQLITE_PATH:-$INSTANCE_DIR/huey.db}"; do
  for g in "$f" "$f-wal" "$f-shm" "$f-journal"; do
    if [ -f "$g" ]; then chmod go-rwx "$g"; fi
  done
done
OUTBOX=${MAIL_OUTBOX_DIR:-$INSTANCE_DIR/outbox}
if [ -d "$OUTBOX" ]; then chmod -R go-rwx "$OUTBOX"; fi

# Failed sign-ins are counted in the local Redis when one answers (else each worker counts alone; it says which).
if limits=$(.venv/bin/python scripts/ratelimit_storage.py) && [ -n "$limits" ]; then
  export RATELIMIT_STORAGE_URI="$limits"
fi

# As root, nginx's workers run as the service user too: they read the uploads and connect to gunicorn's socket.
NGINX_USER=""
if [ "$(id -u)" = 0 ]; then NGINX_USER="$(id -un) $(id -gn)"; fi
NGINX_RUN_DIR="$RUN_DIR" NGINX_LISTEN="$HOST:$PORT" NGINX_API_UPSTREAM="unix:$API_SOCKET" NGINX_USER="$NGINX_USER" \
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

GUNICORN_BIND="unix:$API_SOCKET${API_PORT:+,127.0.0.1:$API_PORT}" GUNICORN_CONTROL_SOCKET="$RUN_DIR/gunicorn.ctl" \
  .venv/bin/gunicorn -c api/gunicorn_conf.py api.wsgi:app &
pids+=($!)
# nginx starts once gunicorn answers on its socket: until then it could only log 502s (and [crit] lines).
for _ in $(seq 1 150); do
  kill -0 "${pids[0]}" 2>/dev/null || break
  curl -fsS -o /dev/null --max-time 2 --unix-socket "$API_SOCKET" http://localhost/api/health 2>/dev/null && break
  sleep 0.2
done
"$NGINX" -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf" -g "daemon off;" &
pids+=($!)
# nginx writes its pid file once its sockets are made (and set rw-rw-rw-): the publisher's becomes 0660, so only the
# service user and its group can publish to anyone's bell.
for _ in $(seq 1 100); do
  [ -s "$RUN_DIR/nginx.pid" ] && break
  sleep 0.1
done
if [ -S "$PUBLISH_SOCKET" ]; then chmod 0660 "$PUBLISH_SOCKET"; fi
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
