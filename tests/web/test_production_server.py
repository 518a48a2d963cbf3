"""The production server as gunicorn.conf.py configures it: connections that send nothing (a slow
or idle client reaching gunicorn directly, a phone that kept its connection open) never hold the
workers, so a request behind them is answered at once."""

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PORT = 8178  # one of the ports the match-day work may use on a shared machine


def answer(path="/", timeout=10.0):
    started = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{PORT}{path}", timeout=timeout) as response:
        return response.read(), time.perf_counter() - started


@pytest.fixture
def one_worker_one_thread(tmp_path):
    """gunicorn with the project's settings, cut down to one worker of one thread, serving a plain
    WSGI answer (the settings are what is tested, not the site)."""
    (tmp_path / "plain_app.py").write_text(
        "def application(environ, start_response):\n"
        "    start_response('200 OK', [('Content-Type', 'text/plain'), ('Content-Length', '2')])\n"
        "    return [b'ok']\n")
    env = {"PATH": "/usr/bin:/bin", "WEB_CONCURRENCY": "1", "WEB_THREADS": "1", "BIND": f"127.0.0.1:{PORT}",
           "PYTHONPATH": str(tmp_path)}
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"),
                               "plain_app:application"], cwd=tmp_path, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                answer(timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield server
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_idle_connections_do_not_hold_the_only_worker(one_worker_one_thread):
    idle = [socket.create_connection(("127.0.0.1", PORT)) for _ in range(8)]  # never send a byte
    kept_alive = socket.create_connection(("127.0.0.1", PORT))
    kept_alive.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert kept_alive.recv(1000).startswith(b"HTTP/1.1 200")  # and now waits, kept alive
    try:
        body, seconds = answer()
        assert body == b"ok"
        assert seconds < 1.0  # a synchronous worker would first wait for the connections before it
    finally:
        for connection in [*idle, kept_alive]:
            connection.close()
