"""gunicorn's settings for `make serve`, the benchmarks' servers, and any deployment that passes
`-c gunicorn.conf.py`: one configuration, so that what is measured is what is served.

gunicorn serves the pages as WSGI (tournaments.site.wsgi) in threaded workers (gthread); the
WebSockets are served by an ASGI server beside it (uvicorn, tournaments.site.asgi), the proxy
routing /ws/ to it (deploy/nginx.conf), as Channels' deployment advice has it. gunicorn belongs
behind that buffering proxy: a client that connects and sends nothing holds one of a worker's
threads for up to `keepalive` seconds (measured: 8 idle connections held a worker's only thread
8 x 5 s), which the proxy, reading whole requests before it passes them on, never does.

Every worker is a separate process: what they share (the database, the page cache, the channel
layer) lives outside them, so the worker count is only a matter of CPU.
"""

import multiprocessing
import os

wsgi_app = "tournaments.site.wsgi:application"
worker_class = "gthread"
bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT') or 8000}"
# gunicorn's rule for workers (two a core, plus one), each with a few threads: a thread waiting on
# the database or a PDF's layout leaves the core to another.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
threads = int(os.environ.get("WEB_THREADS") or 4)
keepalive = 5  # a kept-alive connection waits this long for its next request, in the worker's poller
timeout = 60  # a fresh PDF of a national season takes seconds, never a minute
# A stop (Ctrl-C, a deployment's restart) waits this long for the workers' requests to end, then
# kills what is left: a page takes well under a second, a fresh PDF a few. gunicorn's 30 s default
# let a worker that hung in its exit hold a Ctrl-C of `make serve` for half a minute (seen once in
# a few dozen stops of tests/web/test_production_server.py on a loaded machine).
graceful_timeout = 10
accesslog = os.environ.get("ACCESS_LOG") or None


def post_worker_init(worker):
    """Each worker, once the site is loaded: what it loaded kept out of the garbage collector's way,
    and its PDF layout process started, not by the first PDF asked for
    (tournaments.pages.outputs.pdf_layout): on match day that is right after a confirmation."""
    import gc

    # What the worker loaded to start (Django, the site, the words) kept out of the collector's
    # sight: a full collection looked through all of it, 150-250 ms with the interpreter's lock
    # held, once a worker under the match day load (bench-matchday).
    gc.freeze()

    from django.conf import settings

    # The site's settings only (bench-site's bare view has none, another application no Django).
    if settings.configured and getattr(settings, "PDF_LAYOUT_PROCESS", False):
        from tournaments.pages.outputs import pdf_layout

        pdf_layout.start()


def worker_exit(server, worker):
    """The worker's PDF layout process ended with it."""
    import sys

    layout = sys.modules.get("tournaments.pages.outputs.pdf_layout")
    if layout is not None:
        layout.stop()
