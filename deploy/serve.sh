#!/usr/bin/env bash
# The whole site on one machine, one command (`make serve`): gunicorn's WSGI workers serve the
# pages on PORT (gunicorn.conf.py), uvicorn serves the WebSockets on WS_PORT (PORT + 1 unless set),
# and the pages open their sockets there (WEBSOCKET_URL). One Ctrl-C stops both; so does either one
# stopping; each within ten seconds (gunicorn.conf.py's graceful_timeout, uvicorn's flag below),
# whatever a connection or a worker is doing. Behind a proxy (deploy/nginx.conf) set
# WEBSOCKET_URL="" : the proxy routes /ws/. The sockets' blocks are sent uncompressed: compressing
# each 8-24 kB block for each of a thousand sockets was a fifth of the sockets' process's time
# (docs/benchmarks.md, bench-matchday).
#
# Behind the proxy, ENTRY_PORT set: a second gunicorn there for what the proxy routes to its
# upstream `entry` (the jury's, the organisers' and the teams' phones' pages: deploy/nginx-site.conf),
# ENTRY_WORKERS workers of ENTRY_THREADS threads, and the public's pages and the WebSockets at a
# lower CPU priority (nice 5): on match day a burst of the public's renders after each confirmation
# then waits for a juror's save rather than the other way round (bench-matchday: hand save p95 under
# load 83-179 ms in one pool, 45-79 ms so; docs/benchmarks.md).
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

PUBLIC_NICE=()
if [ -n "${ENTRY_PORT:-}" ]; then
  PUBLIC_NICE=(nice -n 5)
  BIND="$HOST:$ENTRY_PORT" WEB_CONCURRENCY="${ENTRY_WORKERS:-3}" WEB_THREADS="${ENTRY_THREADS:-2}" \
    "$VENV/bin/gunicorn" -c gunicorn.conf.py &
  entry=$!
fi

"${PUBLIC_NICE[@]}" "$VENV/bin/uvicorn" tournaments.site.asgi:application --host "$HOST" --port "$WS_PORT" --no-access-log \
  --ws-per-message-deflate false --timeout-graceful-shutdown 10 &
sockets=$!
BIND="$HOST:$PORT" "${PUBLIC_NICE[@]}" "$VENV/bin/gunicorn" -c gunicorn.conf.py &
pages=$!
servers=("$sockets" "$pages" ${entry:+"$entry"})
stop() {
  kill -TERM "${servers[@]}" 2>/dev/null || true
  wait "${servers[@]}" 2>/dev/null || true
}
trap stop INT TERM
wait -n "${servers[@]}" || true  # until a Ctrl-C, or until any stops
stop
