"""HTML laid out as a PDF by weasyprint, in this process or in a process of its own.

weasyprint is Python: a fresh Championship PDF of a national season is some two seconds of CPU
holding the interpreter's lock. Laid out on a request's thread, every other request of that worker
process (a juror's hand, a viewer's live page) waited for the lock behind it, on match day right
after each confirmation. In production (``PDF_LAYOUT_PROCESS``) each worker process hands the HTML
to a process of its own, started on first use, which lays it out at a lower CPU priority
(``LAYOUT_NICENESS``): a PDF takes what the pages leave, and the worker's lock stays with them.

This module imports neither Django nor the site: the layout process imports only it and weasyprint.
"""

import functools
import multiprocessing
import os
import ssl
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from weasyprint import HTML
from weasyprint.urls import URLFetcher

# Tagged for accessibility (PDF/UA-1): a screen reader reads the headings and tables in order; the
# title and language come from the template's <title> and <html lang>.
PDF_VARIANT = "pdf/ua-1"
# Linux's weights: a page's thread gets 1024 parts of a busy core against the layout's 110. On an
# idle core the layout runs at full speed.
LAYOUT_NICENESS = 10

_process: ProcessPoolExecutor | None = None
_process_owner: int | None = None  # the pid that started it: a forked child starts its own
_lock = threading.Lock()


def lay_out(html: str):
    """weasyprint's layout of ``html``. Nothing outside the HTML is fetched (no address is allowed):
    the styles are in the page, the lettering is the system's fonts and no PDF has images, so a
    name in a document can never make the server fetch anything."""
    return HTML(string=html, url_fetcher=URLFetcher(allowed_protocols=(), ssl_context=_tls_context())).render()


def write_pdf(html: str) -> bytes:
    return lay_out(html).write_pdf(pdf_variant=PDF_VARIANT)


@functools.cache
def _tls_context():
    """One TLS context a process for the fetcher (it never fetches): made afresh for each PDF,
    reading the system's certificates cost some 20 ms of CPU a document."""
    return ssl.create_default_context()


def start() -> None:
    """Start this worker's layout process now (weasyprint imported there), so that the first PDF
    asked for after a confirmation is not also the second of work starting it (gunicorn.conf.py)."""
    _layout_process().submit(os.getpid).result()


def write_pdf_elsewhere(html: str) -> bytes:
    """``write_pdf(html)`` in this worker's layout process. A layout process that died (killed,
    out of memory) is replaced once; the PDF is laid out anew there."""
    try:
        return _layout_process().submit(write_pdf, html).result()
    except BrokenProcessPool:
        _forget_layout_process()
        return _layout_process().submit(write_pdf, html).result()


def _layout_process() -> ProcessPoolExecutor:
    global _process, _process_owner
    with _lock:
        if _process is None or _process_owner != os.getpid():
            # Started afresh ("spawn"), not forked: a worker process has threads, which a fork
            # would copy mid-step. One process: a worker's PDFs are laid out one after another.
            _process = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=_set_up_layout_process, initargs=(os.getpid(),))
            _process_owner = os.getpid()
        return _process


def stop() -> None:
    """This worker's layout process ended with the worker (gunicorn.conf.py's worker_exit)."""
    _forget_layout_process()


def _forget_layout_process() -> None:
    global _process
    with _lock:
        if _process is not None:
            _process.shutdown(wait=False, cancel_futures=True)
        _process = None


def _set_up_layout_process(worker: int) -> None:
    try:
        os.nice(LAYOUT_NICENESS)
    except OSError:  # not allowed here: the layout runs at the worker's priority
        pass
    threading.Thread(target=_end_with_worker, args=(worker,), daemon=True, name="end-with-worker").start()


def _end_with_worker(worker: int) -> None:
    """A worker killed, or ended without its layout process, leaves it to the system's first
    process, where it would wait for ever (and kept polling the closed pipe): it ends within a
    second of the worker."""
    while os.getppid() == worker:
        time.sleep(1)
    os._exit(0)
