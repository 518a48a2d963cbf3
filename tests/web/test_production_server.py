"""The production server as gunicorn.conf.py configures it (`make serve` and the benchmarks alike):
the site's ASGI application, pages and the online table at one address, in uvicorn's workers; and
connections that send nothing (a slow or idle client reaching gunicorn directly, a phone that kept
its connection open) never hold the workers, so a request behind them is answered at once."""

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
def one_worker(tmp_path):
    """gunicorn with the project's settings, cut down to one worker, serving a plain ASGI answer
    (the settings are what is tested, not the site)."""
    (tmp_path / "plain_app.py").write_text(
        "async def application(scope, receive, send):\n"
        "    if scope['type'] != 'http':\n"
        "        return\n"
        "    await send({'type': 'http.response.start', 'status': 200,\n"
        "                'headers': [(b'content-type', b'text/plain'), (b'content-length', b'2')]})\n"
        "    await send({'type': 'http.response.body', 'body': b'ok'})\n")
    env = {"PATH": "/usr/bin:/bin", "WEB_CONCURRENCY": "1", "BIND": f"127.0.0.1:{PORT}",
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


def test_idle_connections_do_not_hold_the_only_worker(one_worker):
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


def test_make_serve_and_the_benchmarks_serve_the_asgi_site_from_one_configuration():
    settings = {}
    exec((ROOT / "gunicorn.conf.py").read_text(), settings)  # noqa: S102 - the project's own file

    assert settings["worker_class"] == "uvicorn_worker.UvicornWorker"
    assert settings["wsgi_app"] == "tournaments.site.asgi:application"  # pages and the table's WebSockets
    serve = (ROOT / "Makefile").read_text().split("\nserve:")[1].split("\n\n")[0]
    assert "gunicorn -c gunicorn.conf.py\n" in serve + "\n"  # no worker class or application of its own


def test_a_worker_serves_a_few_requests_at_once_and_the_others_wait_their_turn():
    import asyncio

    from tournaments.site.asgi_limit import RequestsAtOnce

    inside, most, answered = [0], [0], []

    async def page(scope, receive, send):
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        await asyncio.sleep(0.01)  # a view's thread at work
        inside[0] -= 1
        answered.append(scope["path"])

    limited = RequestsAtOnce(page, 4)

    async def poll_together():
        await asyncio.gather(*(limited({"type": "http", "path": f"/{n}"}, None, None) for n in range(30)))

    asyncio.run(poll_together())

    assert most[0] == 4
    assert len(answered) == 30  # every request answered, in its turn
    assert answered[:4] == ["/0", "/1", "/2", "/3"]


def test_logins_and_printed_copies_never_hold_the_turns_of_the_live_pages_or_the_jury():
    """A dozen jurors logging in at once (each waiting a third of a second for its password hash)
    and a PDF being laid out wait in a lane of their own: a visitor's live page and a juror's hand
    saved are let in at once (asgi_limit's lanes)."""
    import asyncio

    from tournaments.site.asgi_limit import RequestsAtOnce, lane

    lane({"method": "POST", "path": "/", "headers": []})  # the addresses loaded, as by a worker's first request
    let_in = {}

    async def page(scope, receive, send):
        let_in[scope["path"]] = asyncio.get_running_loop().time() - started[0]
        await asyncio.sleep(0.2 if scope["method"] == "POST" and "login" in scope["path"] or
                            scope["path"].endswith(".pdf") else 0.001)

    limited = RequestsAtOnce(page, 4)
    session = [(b"cookie", b"csrftoken=x; sessionid=abc")]
    started = [0.0]

    async def match_day():
        started[0] = asyncio.get_running_loop().time()
        logins = [asyncio.create_task(limited({"type": "http", "method": "POST", "path": "/accounts/login/",
                                               "headers": []}, None, None)) for _n in range(12)]
        pdf = asyncio.create_task(limited({"type": "http", "method": "GET", "path": "/seasons/2025/championship.pdf",
                                           "headers": []}, None, None))
        await asyncio.sleep(0.01)  # the logins and the PDF hold their lane
        await asyncio.gather(
            limited({"type": "http", "method": "GET", "path": "/seasons/2025/championship/", "headers": []}, None,
                    None),
            limited({"type": "http", "method": "POST", "path": "/jury/matches/1/hands/3/", "headers": session},
                    None, None),
            *logins, pdf)

    asyncio.run(match_day())

    assert let_in["/seasons/2025/championship/"] < 0.1  # not behind three rounds of logins
    assert let_in["/jury/matches/1/hands/3/"] < 0.1
    assert let_in["/accounts/login/"] >= 0.4  # the last logins waited their turn behind the others


def test_a_signed_in_visitor_reading_a_page_is_served_in_the_jurys_lane():
    from tournaments.site.asgi_limit import READS, REST, SLOW, TYPING, lane

    anonymous = {"method": "GET", "path": "/", "headers": [(b"cookie", b"csrftoken=x")]}
    signed_in = {"method": "GET", "path": "/jury/", "headers": [(b"cookie", b"csrftoken=x; sessionid=abc")]}
    assert lane(anonymous) == READS
    assert lane(signed_in) == REST
    assert lane({"method": "POST", "path": "/accounts/password/", "headers": signed_in["headers"]}) == SLOW
    assert lane({"method": "GET", "path": "/register/register.xlsx", "headers": []}) == SLOW
    assert lane({"method": "POST", "path": "/jury/matches/1/hands/3/keep/", "headers": signed_in["headers"]}) == TYPING
    assert lane({"method": "POST", "path": "/jury/matches/1/hands/3/", "headers": signed_in["headers"]}) == REST


def test_a_hand_saved_is_let_in_while_drafts_of_typing_wait_their_turn():
    """The typing kept (in the background while a hand is typed) is let in one at a time: a hand
    saved, which the juror waits for, is let in at once beside them."""
    import asyncio

    from tournaments.site.asgi_limit import RequestsAtOnce, lane

    lane({"method": "POST", "path": "/", "headers": []})
    let_in = {}
    session = [(b"cookie", b"sessionid=abc")]

    async def page(scope, receive, send):
        let_in.setdefault(scope["path"], []).append(asyncio.get_running_loop().time() - started[0])
        await asyncio.sleep(0.05)

    limited, started = RequestsAtOnce(page, 4), [0.0]

    async def typing_then_saving():
        started[0] = asyncio.get_running_loop().time()
        kept = [asyncio.create_task(limited({"type": "http", "method": "POST", "headers": session,
                                             "path": f"/jury/matches/{n}/hands/1/keep/"}, None, None))
                for n in range(1, 5)]
        await asyncio.sleep(0.01)
        await asyncio.gather(limited({"type": "http", "method": "POST", "path": "/jury/matches/9/hands/1/",
                                      "headers": session}, None, None), *kept)

    asyncio.run(typing_then_saving())

    assert let_in["/jury/matches/9/hands/1/"][0] < 0.04
    assert sorted(let_in[f"/jury/matches/{n}/hands/1/keep/"][0] for n in range(1, 5))[-1] >= 0.15  # one at a time
