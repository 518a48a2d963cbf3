"""The production servers as gunicorn.conf.py, `make serve` and deploy/nginx.conf configure them:
the pages by gunicorn's threaded WSGI workers, the WebSockets by uvicorn beside them, the proxy
routing /ws/ to it."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bench.ports import any_free_port

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(sys.executable).parent
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def answer(url, timeout=10.0):
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read(), time.perf_counter() - started


def wait_for(url, process):
    for _ in range(300):
        if process.poll() is not None:
            raise AssertionError(f"{url}: the server stopped")
        try:
            return answer(url, timeout=1)
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not start")


def wait_for_port(port, process):
    for _ in range(300):
        if process.poll() is not None:
            raise AssertionError(f"port {port}: the server stopped")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"port {port} did not open")


def test_the_pages_are_served_by_wsgi_workers_and_make_serve_adds_the_sockets_server():
    settings = {}
    exec((ROOT / "gunicorn.conf.py").read_text(), settings)  # noqa: S102 - the project's own file

    assert settings["worker_class"] == "gthread" and settings["threads"] >= 2
    assert settings["wsgi_app"] == "tournaments.site.wsgi:application"
    serve = (ROOT / "deploy" / "serve.sh").read_text()
    assert 'gunicorn" -c gunicorn.conf.py' in serve  # no worker class or application of its own
    assert "uvicorn\" tournaments.site.asgi:application" in serve


@pytest.mark.slow
def test_make_serve_serves_pages_and_sockets_and_one_interrupt_stops_both(tmp_path):
    """deploy/serve.sh (`make serve`'s last step), as behind the proxy (ENTRY_PORT): a page from
    gunicorn on PORT naming the sockets' server on WS_PORT in its head, the online table's WebSocket
    there, the jury's login page from the jury's own gunicorn on ENTRY_PORT, and a Ctrl-C ends all three."""
    pytest.importorskip("websockets")
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    port, ws_port, entry_port = any_free_port(), any_free_port(), any_free_port()
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "CACHE_DIR": str(tmp_path / "cache"),
           "DEBUG": "0", "PORT": str(port), "WS_PORT": str(ws_port), "VENV": str(BIN.parent),
           "REDIS_URL": os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0", "WEB_CONCURRENCY": "1",
           "ENTRY_PORT": str(entry_port), "ENTRY_WORKERS": "1"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen([str(ROOT / "deploy" / "serve.sh")], cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page, _seconds = wait_for(f"http://127.0.0.1:{port}/", server)
        assert f'<meta name="websocket-url" content="ws://127.0.0.1:{ws_port}">'.encode() in page
        wait_for_port(ws_port, server)  # the two servers start side by side: either may be first
        # Channels answers the handshake: a table that does not exist is refused (403), where a
        # server without the WebSockets' routes would not answer at all, or with 404.
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{ws_port}/ws/table/1/watch/", origin=f"http://127.0.0.1:{port}", open_timeout=5)
        assert refused.value.response.status_code == 403
        login, _seconds = wait_for(f"http://127.0.0.1:{entry_port}/accounts/login/", server)
        assert b'name="password"' in login
        os.killpg(server.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
    for port_ in (port, ws_port, entry_port):
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port_), timeout=1)


@pytest.mark.skipif(NGINX is None or shutil.which("openssl") is None, reason="nginx or openssl is not installed")
def test_the_proxys_configuration_is_valid(tmp_path):
    """deploy/nginx.conf as nginx reads it, with the site's locations beside it (nginx-site.conf) and
    a certificate made for the test."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    for path, ours in (("/etc/letsencrypt/live/tarokk.example.org/fullchain.pem", tmp_path / "cert.pem"),
                       ("/etc/letsencrypt/live/tarokk.example.org/privkey.pem", tmp_path / "key.pem"),
                       ("/run/nginx.pid", tmp_path / "nginx.pid"), ("/run/nginx-tarokk", tmp_path / "cache")):
        assert path in config
        config = config.replace(path, str(ours))
    (tmp_path / "nginx.conf").write_text(config)
    shutil.copy(ROOT / "deploy" / "nginx-site.conf", tmp_path / "nginx-site.conf")
    checked = subprocess.run([NGINX, "-t", "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log"),
                              "-g", f"error_log {tmp_path / 'error.log'};"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    locations = (ROOT / "deploy" / "nginx-site.conf").read_text()
    assert "include nginx-site.conf;" in config
    assert "location /ws/" in locations and "proxy_set_header Upgrade" in locations
