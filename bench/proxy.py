"""nginx in front of a benchmark's (or a test's) server, with the site's own locations
(deploy/nginx-site.conf, which deploy/nginx.conf includes): the micro-cache of public pages as
deployed. A temporary configuration: plain HTTP on a port of 127.0.0.1, the upstream the given
server, the cache, pid file and logs in a temporary folder; one worker process, the machine's
cores left to the site. Each answer says how the proxy served it (X-Proxy-Cache: HIT, MISS,
EXPIRED, UPDATING, BYPASS), here only."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX = Path("/usr/sbin/nginx")
SITE_LOCATIONS = ROOT / "deploy" / "nginx-site.conf"

CONFIG = """
{user}
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{
    worker_connections 1024;
}}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    proxy_cache_path {folder}/cache levels=1:2 keys_zone=microcache:10m max_size=256m inactive=1m use_temp_path=off;
    upstream pages {{
        server {upstream};
        keepalive 16;
    }}
    upstream entry {{
        server {upstream};  # the one server's pages: the benchmarks' jury is not behind this proxy
        keepalive 16;
    }}
    upstream sockets {{
        server 127.0.0.1:9;  # none: the benchmarks load pages
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" close;
    }}
    server {{
        listen 127.0.0.1:{port};
        add_header X-Proxy-Cache $upstream_cache_status always;
        include {locations};
    }}
}}
"""


def installed() -> bool:
    return NGINX.exists()


@contextmanager
def nginx(upstream: str, port: int) -> Iterator[Path]:
    """nginx on ``port`` passing the pages to ``upstream`` ("127.0.0.1:8180"), once it listens; its
    folder (access.log, error.log) while it runs; stopped after."""
    folder = Path(tempfile.mkdtemp(prefix="bench-nginx-"))
    config = folder / "nginx.conf"
    # Started by root, nginx's workers would be nobody, who cannot read the temporary folder: ours.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
    config.write_text(CONFIG.format(user=user, folder=folder, upstream=upstream, port=port, locations=SITE_LOCATIONS))
    server = subprocess.Popen([str(NGINX), "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(config)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server, folder)
        yield folder
    finally:
        server.terminate()  # nginx's fast shutdown
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def wait_for_port(port: int, server: subprocess.Popen, folder: Path) -> None:
    for _ in range(100):
        if server.poll() is not None:
            log = folder / "error.log"
            raise RuntimeError(f"nginx stopped: {log.read_text() if log.exists() else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nginx did not listen on {port}")
