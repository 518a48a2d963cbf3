"""gunicorn's settings for `make serve` (and any deployment that passes `-c gunicorn.conf.py`).

Every worker is a separate process: what they share (the database, the page cache) lives outside
them, so the worker count is only a matter of CPU.
"""

import multiprocessing
import os

wsgi_app = "tournaments.site.wsgi:application"
bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT') or 8000}"
# gunicorn's own rule of thumb: two workers a core, plus one.
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
timeout = 60  # a fresh PDF of a national season takes seconds, never a minute
accesslog = os.environ.get("ACCESS_LOG") or None
