#!/usr/bin/env bash
# The whole site on one machine, one command (`make serve`): gunicorn's WSGI workers serve the
# pages on PORT (gunicorn.conf.py), uvicorn serves the WebSockets on WS_PORT (PORT + 1 unless set),
# and the pages open their sockets there (WEBSOCKET_URL). One Ctrl-C stops both; so does either one
# stopping; each within ten seconds (gunicorn.conf.py's graceful_timeout, uvicorn's flag below),
# whatever a connection or a worker is doing. Behind a proxy (deploy/nginx.conf) set
# WEBSOCKET_URL="" : the proxy routes /ws/. The sockets' blocks are sent uncompressed: compressing
# each 8-24 kB block for each of a thousand sockets was a fifth of the sockets' process's time
# (docs/benchmarks.md, bench-matchday).
set -euo pipefail

if [ -z "${REDIS_URL:-}" ]; then
  echo "REDIS_URL is not set: the pages' processes tell the WebSockets' process of changes through" >&2
  echo "Redis's channel layer (for example REDIS_URL=redis://127.0.0.1:6379/0)." >&2
  exit 1
fi
PORT=${PORT:-8000}
WS_PORT=${WS_PORT:-$((PORT + 1))}
HOST=${HOST:-127.0.0.1}
VENV=${VENV:-.venv}
export PORT WEBSOCKET_URL="${WEBSOCKET_URL-ws://$HOST:$WS_PORT}"

"$VENV/bin/uvicorn" tournaments.site.asgi:application --host "$HOST" --port "$WS_PORT" --no-access-log \
  --ws-per-message-deflate false --timeout-graceful-shutdown 10 &
sockets=$!
BIND="$HOST:$PORT" "$VENV/bin/gunicorn" -c gunicorn.conf.py &
pages=$!
stop() {
  kill -TERM "$sockets" "$pages" 2>/dev/null || true
  wait "$sockets" "$pages" 2>/dev/null || true
}
trap stop INT TERM
wait -n "$sockets" "$pages" || true  # until a Ctrl-C, or until either stops
stop
