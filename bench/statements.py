"""The settings of `make bench-entry`'s and `make bench-matchday`'s servers: the site's own (the
production settings where BENCH_BASE_SETTINGS names them), and every request's SQL statements
counted (session and user included, BEGIN and COMMIT too, as the database sees them) and its CPU
milliseconds (the request's own thread: a password hash, on a thread of its own, is not counted),
one line a request in the file named by BENCH_STATEMENTS: method, path, status, statements, CPU ms,
the page cache's word (hit, not-modified, miss, or -), when it began (epoch seconds), its
milliseconds in the server and those of them spent waiting for the database's answers, so the
benchmark reports what each hand save and each viewer's answer costs."""

import os
import threading
import time
from importlib import import_module

from django.db import connections

from tournaments.site.settings import *  # noqa: F403 - the site's settings, one middleware added

if os.environ.get("BENCH_BASE_SETTINGS"):  # e.g. tournaments.site.settings_production
    globals().update({name: value for name, value in vars(import_module(os.environ["BENCH_BASE_SETTINGS"])).items()
                      if name.isupper()})

MIDDLEWARE = ["bench.statements.CountStatements", *MIDDLEWARE]  # noqa: F405 - first: it sees everything


class CountStatements:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        statements, database = [], [0.0]

        def counted(execute, sql, params, many, context):
            statements.append(sql)
            asked = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                database[0] += time.perf_counter() - asked

        started, began = time.thread_time(), time.time()
        with connections["default"].execute_wrapper(counted):
            response = self.get_response(request)
        cpu = (time.thread_time() - started) * 1000
        cache = response.get("X-Public-Cache", "-")
        _log(f"{request.method} {request.path} {response.status_code} {len(statements)} {cpu:.2f} {cache} "
             f"{began:.3f} {1000 * (time.time() - began):.1f} {1000 * database[0]:.1f}\n")
        return response


_log_file = None
_log_lock = threading.Lock()


def _log(line: str) -> None:
    """One line appended to the log, through one file a process kept open (opening the file for
    each request cost more than some requests' own work). Appended whole, whatever the benchmark
    does to the file meanwhile (it empties it between runs)."""
    global _log_file
    with _log_lock:
        if _log_file is None:
            _log_file = open(os.environ["BENCH_STATEMENTS"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115
        _log_file.write(line)
