"""gunicorn's settings for `make serve` (and any deployment that passes `-c gunicorn.conf.py`).

Every worker is a separate process: what they share (the database, the page cache) lives outside
them, so the worker count is only a matter of CPU.

Each worker serves several requests at once on threads (gunicorn's ``gthread`` worker): a juror's
login (a deliberately slow password hash) or a fresh PDF holds one thread, not the whole worker,
and a connection kept alive between requests waits in the worker's poller, not on a thread, so
idle or slow clients reaching the server directly cannot hold its workers (a buffering proxy in
front is then welcome, not required).
"""

import multiprocessing
import os

wsgi_app = "tournaments.site.wsgi:application"
bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT') or 8000}"
# gunicorn's own rule of thumb: two workers a core, plus one.
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
worker_class = "gthread"
# Threads a worker: requests in flight at once in each (each thread keeps its own database connection).
threads = int(os.environ.get("WEB_THREADS") or 4)
# A kept-alive connection waits this long for its next request, in the poller (no thread held).
keepalive = 5
timeout = 60  # a fresh PDF of a national season takes seconds, never a minute
accesslog = os.environ.get("ACCESS_LOG") or None
