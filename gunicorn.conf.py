"""gunicorn's settings for `make serve`, the benchmarks' servers, and any deployment that passes
`-c gunicorn.conf.py`: one configuration, so that what is measured is what is served.

The site is served as ASGI (tournaments.site.asgi: the pages and the online table's WebSockets at
one address) in uvicorn's workers under gunicorn's processes. The public's unchanged pages are
answered in a worker's event loop (tournaments.site.asgi_public_pages); any other page's view runs
on a thread of its own (Django's ASGI handler), in its turn (tournaments.site.asgi_limit), so a
juror's login (a deliberately slow password hash, itself on a
thread of low priority: tournaments.site.passwords) or a fresh PDF (laid out in a process of the
worker's own: tournaments.pages.outputs.pdf_layout) holds a thread, not the worker;
a connection kept alive between requests, or one that sends nothing, waits in the worker's event
loop, holding nothing, so idle or slow clients reaching the server directly cannot hold its workers
(a buffering proxy in front is then welcome, not required).

Every worker is a separate process: what they share (the database, the page cache, the table's
channel layer) lives outside them, so the worker count is only a matter of CPU, except that without
REDIS_URL the table's messages stay inside one process (`make serve` then runs one worker).
"""

import multiprocessing
import os

wsgi_app = "tournaments.site.asgi:application"  # gunicorn's name for the application, ASGI here
worker_class = "uvicorn_worker.UvicornWorker"
bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT') or 8000}"
# One worker a core, plus one: each worker already serves several requests at once (its threads and
# its event loop), and more processes only take turns at the same cores. On 2 cores under the match
# day load (make bench-matchday, N=1, one run each) 3 workers gave a hand save p95 of 231 ms and
# viewers' 257-344 ms, against 456 ms and 377-410 ms with gunicorn's rule for synchronous workers
# (two a core, plus one: 5), and 693 ms and 633-648 ms with 2.
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() + 1)
# A kept-alive connection waits this long for its next request, in the event loop (nothing held).
keepalive = 5
timeout = 60  # a fresh PDF of a national season takes seconds, never a minute
accesslog = os.environ.get("ACCESS_LOG") or None


def post_worker_init(worker):
    """Each worker, once the site is loaded: its interpreter's lock handed on more often, what it
    loaded kept out of the garbage collector's way, and its PDF layout process started, not by the
    first PDF asked for (tournaments.pages.outputs.pdf_layout): on match day that is right after a
    confirmation."""
    import gc
    import sys

    # The interpreter's lock handed on every millisecond, not every five: a worker's event loop,
    # answering the public's pages, then waits at most about a millisecond for it behind a page
    # being rendered or a hand being saved on the worker's threads.
    sys.setswitchinterval(0.001)
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
