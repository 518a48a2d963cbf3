"""`make bench-matchday`: match day under load, served as in production, the live pages pushed.

On PostgreSQL (a database of the benchmark's own, filled once with the demo season, ``demo --scale
N``), Redis (the page cache and the channel layer, a database number of its own: it is emptied), the
pages served by gunicorn as `make serve` serves them behind the proxy (gunicorn.conf.py, production
settings; the jury's pages by a gunicorn of their own, the public's pages and the WebSockets' uvicorn
process at a lower CPU priority: deploy/serve.sh with ENTRY_PORT; ``--one-pool``: one gunicorn for
every page, for comparison), in one run:

- **quiet**: one juror enters two matches alone, as the entry page does;
- **load**: 1,000 viewers connect to the live pages' WebSockets (the big screen, the Championship,
  the Cup, today's matches; a socket at ``/ws/live`` + the page's path, a JSON message with the
  #live element's HTML on connect and after each change) and, for comparison, 100 viewers poll the
  same pages as their htmx did (conditional GETs every 1-3 s); then 16 jurors log in within a few
  seconds, each enters a Championship match of today as the entry page does (a hand every 2-4 s,
  each hand's typing kept four times: entry.js keeps it half a second after the juror stops typing a
  field, and the hand's last field is saved, not kept) and submits it; the chief jury confirms each
  match as soon as it is submitted.

Every page a viewer receives (each WebSocket message, each polled page) is read for the bench's
matches: a score shown must have been confirmed (its confirmation sent) before the page arrived;
the time from a confirmation's HTTP answer to a viewer's first page showing it is measured; at the
end (a few seconds after the last confirmation, up to --grace more while connected viewers are
still behind, which the CPU figures leave out), each viewer's last page must show every confirmed
score of its page (bench/matchday_pages.py; on the
Championship table a match shows as its two teams' matches played and totals moved).

It prints each figure with its goal, met or missed, and last whether every goal was met.

Environment: BENCH_DATABASE_URL (else DATABASE_URL; the scale is appended to the database's name),
BENCH_REDIS_URL (else REDIS_URL), BENCH_PORT, BENCH_WS_PORT and BENCH_ENTRY_PORT (else the first
free ports of 8160-8169, 8170-8179 and 8150-8159), so that it runs beside another server.

    python -m bench.matchday [--scale 1] [--jurors 16] [--connected 1000] [--polling 100] [--matches 1]
                             [--quiet-matches 2] [--gap 2 4] [--poll 1 3] [--workers N]
    python -m bench.matchday --short      # 4 jurors, 100 connected, 20 polling: a quick check
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import resource
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect

from bench import SEASON_PLAYED_OUT
from bench.entry import MATCH
from bench.http_client import Answer, Client
from bench.matchday_pages import Confirmation, Page, Viewer, judge, live_pages, up_to_date
from bench.ports import free_port
from bench.servers import answers, wait_until

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PASSWORD = "bench-matchday-password"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tarokk_bench_matchday"
DEFAULT_REDIS = "redis://127.0.0.1:6379/7"
HTTP_PORTS, WS_PORTS, ENTRY_PORTS = range(8160, 8170), range(8170, 8180), range(8150, 8160)
# uvicorn's settings from `make serve`'s environment (the Makefile): no per-message compression.
UVICORN_AS_SERVED = {"UVICORN_WS_PER_MESSAGE_DEFLATE": "false"}
# deploy/serve.sh's with ENTRY_PORT: the jury's gunicorn, and the priority of the public's pages and sockets.
ENTRY_POOL = {"WEB_CONCURRENCY": "3", "WEB_THREADS": "2"}
PUBLIC_NICENESS = 5
WS_DATABASE_NAME = "bench-matchday-websockets"  # the WebSocket server's PostgreSQL connections (application_name)

GOAL_PUSH_P95_S = 1.0
GOAL_CPU_SHARE = 0.10
GOAL_SAVE_P95_MS = 150
GOAL_SAVE_RATIO = 2.0
GOAL_STATEMENTS = 15

CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION_FIELD = re.compile(r'name="version" value="(\d+)"')
HAND_STORED = 'class="hand hand-stored'
# entry.js keeps a hand half a second after each field typed; Enter on the last field saves it instead.
KEPT_AFTER = ("a_trumps", "a_honours", "a_high", "announcements")


# --- what is measured ------------------------------------------------------------------------


@dataclass
class Series:
    times: list = field(default_factory=list)  # seconds
    errors: list = field(default_factory=list)

    def add(self, answer: Answer, ok: bool, what: str):
        self.times.append(answer.seconds)
        if not ok:
            self.errors.append(f"{what}: {answer.status}")


@dataclass
class Run:
    saves: Series = field(default_factory=Series)
    keeps: Series = field(default_factory=Series)
    logins: Series = field(default_factory=Series)
    polls: Series = field(default_factory=Series)
    confirmations: list = field(default_factory=list)
    viewers: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    settled: int = 0  # connected viewers in, or failed to connect
    frames: dict = field(default_factory=dict)  # every text received, once: 1,000 viewers share a few pages
    loop_late: list = field(default_factory=list)  # seconds the load generator's event loop was late
    measured: tuple = (math.inf, math.inf)  # when the CPU was last read: perf_counter, epoch
    stopped: float = math.nan  # when the viewers were let go
    changes: int = 0  # the public data version's moves

    def kept(self, text: str) -> str:
        return self.frames.setdefault(text, text)


# --- the jury ---------------------------------------------------------------------------------


def hand_fields(number: int, typed: int = len(KEPT_AFTER) + 1) -> dict:
    """Hand ``number`` of bench/entry.py's fixed match as the entry page's form posts it, its first
    ``typed`` fields of the juror's typing filled: A attacks first (R3), B's holdings follow from A's."""
    trumps, honours, high, announcements, silent = MATCH[(number - 1) % len(MATCH)]
    typing = {"a_trumps": trumps, "a_honours": honours, "a_high": high,
              "announcements": "\n".join(announcements), "silent": silent}
    values = {"attackers": "A" if number % 2 else "B", "b_trumps": "", "b_honours": "", "b_high": "", "deal": "",
              "tricks": ""}
    values.update({name: value if index < typed else "" for index, (name, value) in enumerate(typing.items())})
    return {f"h{number}-{name}": value for name, value in values.items()}


async def login(client: Client, urls: dict, username: str, run: Run) -> None:
    page = await client.request("GET", urls["login"])
    token = CSRF_FIELD.search(page.text).group(1)
    answer = await client.request("POST", urls["login"], {"Referer": f"http://{client.host}:{client.port}/"},
                                  {"csrfmiddlewaretoken": token, "username": username, "password": PASSWORD})
    run.logins.add(answer, answer.status == 302 and "sessionid" in client.cookies, f"login {username}")


async def enter_match(client: Client, pk: int, gap: tuple[float, float], run: Run, rng: random.Random) -> bool:
    """The entry page's own requests for one match: open it, each hand's typing kept as it is typed,
    the hand saved (htmx), then the match submitted."""
    path = f"/jury/matches/{pk}/"
    page = await client.request("GET", path)
    if page.status != 200:
        run.errors.append(f"entry page {pk}: {page.status}")
        return False
    token = CSRF_FIELD.search(page.text).group(1)
    htmx = {"HX-Request": "true", "HX-Current-URL": f"http://{client.host}:{client.port}{path}", "X-CSRFToken": token}
    version = None
    for number in range(1, 9):
        base = re.search(rf'name="h{number}-base" value="([^"]*)"', page.text)
        common = {"csrfmiddlewaretoken": token, f"h{number}-base": base.group(1) if base else ""}
        pause = rng.uniform(*gap) / (len(KEPT_AFTER) + 1)
        for typed in range(1, len(KEPT_AFTER) + 1):
            await asyncio.sleep(pause)
            kept = await client.request("POST", f"{path}hands/{number}/keep/", htmx,
                                        {**common, **hand_fields(number, typed)})
            run.keeps.add(kept, kept.status == 200, f"keep {pk}/{number}")
        await asyncio.sleep(pause)
        saved = await client.request("POST", f"{path}hands/{number}/", {**htmx, "HX-Target": f"hand-{number}"},
                                     {**common, **hand_fields(number)})
        run.saves.add(saved, saved.status == 200 and HAND_STORED in saved.text, f"save {pk}/{number}")
        found = VERSION_FIELD.search(saved.text)
        version = found.group(1) if found else version
    if version is None:
        run.errors.append(f"match {pk}: no submit form after 8 hands")
        return False
    submitted = await client.request("POST", f"{path}submit/", {"Referer": f"http://{client.host}:{client.port}{path}"},
                                     {"csrfmiddlewaretoken": token, "version": version})
    if submitted.status != 302:
        run.errors.append(f"submit {pk}: {submitted.status}")
    return submitted.status == 302


async def confirm(client: Client, pk: int, run: Run, database: Database) -> None:
    path = f"/jury/matches/{pk}/"
    page = await client.request("GET", path)
    version = re.search(r'action="/jury/matches/\d+/confirm/".*?name="version" value="(\d+)"', page.text, re.S)
    token = CSRF_FIELD.search(page.text)
    if page.status != 200 or not version or not token:
        run.errors.append(f"confirm page {pk}: {page.status}")
        return
    confirmation = Confirmation(str(pk), time.perf_counter())
    run.confirmations.append(confirmation)
    answer = await client.request("POST", f"{path}confirm/", {"Referer": f"http://{client.host}:{client.port}{path}"},
                                  {"csrfmiddlewaretoken": token.group(1), "version": version.group(1)})
    confirmation.answered = time.perf_counter()
    state, *score, team_a, team_b = await asyncio.to_thread(database.match, pk)
    confirmation.teams, confirmation.score = (str(team_a), str(team_b)), tuple(score)
    if answer.status != 302 or state != "confirmed":
        run.errors.append(f"confirm {pk}: {answer.status}, {state}")
        run.confirmations.remove(confirmation)


async def juror(http, urls, username, pks, gap, run, rng, submitted: asyncio.Queue, delay: float):
    await asyncio.sleep(delay)
    client = Client(*http)
    try:
        await login(client, urls, username, run)
        for pk in pks:
            if await enter_match(client, pk, gap, run, rng):
                await submitted.put(pk)
    except Exception as error:  # noqa: BLE001 - counted as an error, the run goes on
        run.errors.append(f"{username}: {error!r}")
    finally:
        await client.close()


async def chief(http, urls, username, submitted: asyncio.Queue, run, database):
    """The chief jury confirms each match as soon as it is submitted, one at a time."""
    client = Client(*http)
    try:
        await login(client, urls, username, run)
        while (pk := await submitted.get()) is not None:
            await confirm(client, pk, run, database)
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"chief: {error!r}")
    finally:
        await client.close()


async def jury(http, plan, args, run, database, assignments) -> None:
    submitted: asyncio.Queue = asyncio.Queue()
    chief_task = asyncio.create_task(chief(http, plan["urls"], plan["chief"], submitted, run, database))
    rng = random.Random(7)
    await asyncio.gather(*[juror(http, plan["urls"], name, pks, tuple(args.gap), run, random.Random(index),
                                 submitted, delay=rng.uniform(0, args.login_spread))
                           for index, (name, pks) in enumerate(assignments)])
    await submitted.put(None)
    await chief_task


# --- the viewers ------------------------------------------------------------------------------


async def pushed_viewer(url: str, origin: str, viewer: Viewer, run: Run, stop: asyncio.Event, delay: float):
    """A live page's socket: every message kept as it arrives (read after the run, so that reading
    1,000 viewers' pages does not delay their arrival)."""
    await asyncio.sleep(delay)
    try:
        async with connect(url, origin=origin, max_size=None, open_timeout=120) as websocket:
            viewer.began = time.perf_counter()
            run.settled += 1
            closing = asyncio.create_task(close_when(stop, websocket, viewer))
            async for message in websocket:
                viewer.received.append((time.perf_counter(), run.kept(message)))
            if not stop.is_set():
                viewer.ended = time.perf_counter()
                run.errors.append(f"connected viewer {viewer.page.name}: the socket closed before the end")
                closing.cancel()
            await asyncio.gather(closing, return_exceptions=True)
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"connected viewer {viewer.page.name}: {error!r}")
        if math.isnan(viewer.began):
            run.settled += 1
        elif math.isnan(viewer.ended):
            viewer.ended = time.perf_counter()


async def close_when(stop: asyncio.Event, websocket, viewer: Viewer) -> None:
    await stop.wait()
    viewer.ended = time.perf_counter()
    await websocket.close()


async def polling_viewer(http, viewer: Viewer, run: Run, stop: asyncio.Event, poll, rng: random.Random):
    """The page as its htmx polled it: the #live block asked for with the last answer's validators."""
    client, path = Client(*http), viewer.page.path
    etag = modified = ""
    await asyncio.sleep(rng.uniform(0, poll[1]))
    viewer.began = time.perf_counter()
    try:
        while not stop.is_set():
            headers = {}
            if viewer.received:
                headers = {"HX-Request": "true", "HX-Target": "live", "HX-Current-URL": f"http://{http[0]}:{http[1]}{path}",
                           **({"If-None-Match": etag} if etag else {}),
                           **({"If-Modified-Since": modified} if modified else {})}
            answer = await client.request("GET", path, headers)
            run.polls.add(answer, answer.status in (200, 304), f"poll {viewer.page.name}")
            if answer.status == 200:
                etag, modified = answer.headers.get("etag", ""), answer.headers.get("last-modified", "")
                viewer.received.append((answer.sent + answer.seconds, run.kept(answer.text)))
            try:
                await asyncio.wait_for(stop.wait(), rng.uniform(*poll))
            except TimeoutError:
                pass
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"polling viewer {viewer.page.name}: {error!r}")
    finally:
        viewer.ended = time.perf_counter()
        await client.close()


async def watch_loop(run: Run, stop: asyncio.Event, every: float = 0.05) -> None:
    """How late the load generator's own event loop wakes: its lateness is in every time it measures."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(every)
        run.loop_late.append(time.perf_counter() - asked - every)


# --- the two segments -------------------------------------------------------------------------


async def quiet_segment(server: Server, plan, args, database) -> Run:
    run = Run()
    await jury(server.jury_http, plan, args, run, database, [(plan["jurors"][0], plan["quiet"])])
    return run


async def load_segment(server: Server, plan, args, database) -> tuple[Run, dict]:
    """The viewers connected and polling first, then the jury; the viewers stay until every
    confirmation has had time to reach them. The server's CPU taken around it."""
    run, stop = Run(), asyncio.Event()
    pages = live_pages(plan["urls"])
    began, generator = {**server.cpu_seconds(), **database.backends_cpu()}, time.process_time()
    version = database.version()
    tasks = [asyncio.create_task(watch_loop(run, stop))]
    for index in range(args.connected):
        viewer = Viewer(pages[index % len(pages)], pushed=True)
        language = "en" if index // len(pages) % 4 == 3 else "hu"
        run.viewers.append(viewer)
        tasks.append(asyncio.create_task(pushed_viewer(
            f"{server.ws_base}/ws/live{viewer.page.path}?language={language}", server.origin, viewer, run, stop,
            delay=args.connect_spread * index / max(args.connected, 1))))
    for index in range(args.polling):
        viewer = Viewer(pages[index % len(pages)], pushed=False)
        run.viewers.append(viewer)
        tasks.append(asyncio.create_task(polling_viewer(server.http, viewer, run, stop, tuple(args.poll),
                                                        random.Random(index))))
    await asyncio.sleep(args.connect_spread + args.poll[1])
    for _wait in range(600):  # until every viewer is connected (or has failed), a minute at most
        if run.settled >= args.connected:
            break
        await asyncio.sleep(0.1)
    print(f"  {sum(not math.isnan(each.began) for each in run.viewers)} viewers in, the jury starts ...",
          file=sys.stderr, flush=True)
    assignments = list(zip(plan["jurors"][:args.jurors], plan["matches"][:args.jurors], strict=True))
    await jury(server.jury_http, plan, args, run, database, assignments)
    await asyncio.sleep(args.poll[1] + 1)  # the last confirmation reaches every viewer, polling ones too
    ended = {**server.cpu_seconds(), **database.backends_cpu()}
    run.changes, run.measured = database.version() - version, (time.perf_counter(), time.time())
    await behind(run, args.grace)
    stop.set()
    run.stopped = time.perf_counter()
    await asyncio.gather(*tasks)
    return run, {"generator": time.process_time() - generator,
                 **{name: ended[name] - began.get(name, 0) for name in ended}}


async def behind(run: Run, grace: float) -> None:
    """Connected viewers whose last page lacks a confirmed score get up to ``grace`` seconds more
    (the CPU is measured without them), so that a late score is timed, not only missed."""
    readings: dict = {}
    for _wait in range(int(grace * 10)):
        if all(up_to_date(viewer, run.confirmations, readings) for viewer in run.viewers
               if viewer.pushed and not math.isnan(viewer.began)):
            return
        await asyncio.sleep(0.1)


# --- the database, the server -----------------------------------------------------------------


class Database:
    """The benchmark's own look at PostgreSQL (psycopg): a confirmed match's score and teams."""

    def __init__(self, url: str):
        import psycopg

        self.connection = psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True)

    def match(self, pk: int):
        return self.connection.execute("SELECT state, score_a, score_b, team_a_id, team_b_id FROM tournaments_match "
                                       "WHERE id = %s", [pk]).fetchone()

    def version(self) -> int:
        """The public data version's number: it moves at each committed change of public data, and
        each move is told to every live page's socket."""
        return self.connection.execute("SELECT number FROM tournaments_publicdataversion").fetchone()[0]

    def backends_cpu(self) -> dict:
        """The CPU seconds each of the WebSocket server's PostgreSQL backends has used, by its
        process (/proc; the server's connections are kept, CONN_MAX_AGE, so they last the segment)."""
        pids = self.connection.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s",
                                       [WS_DATABASE_NAME]).fetchall()
        return {f"ws database {pid}": process_cpu(pid) for (pid,) in pids}


def manage(*args, env) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=environment, check=True, capture_output=True,
                          text=True)


def build(url: str, scale: int, *, anew: bool = False) -> None:
    """The demo season at this scale (kept from an earlier run when it is the same scale, unless
    ``anew``)."""
    import psycopg

    env = {"DATABASE_URL": url}
    name = urllib.parse.urlsplit(url).path.lstrip("/")
    admin = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin.replace("postgres://", "postgresql://", 1), autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    manage("migrate", "--noinput", "-v0", env=env)
    teams = manage("shell", "-v0", "-c", "from tournaments.core.models import Team; print(Team.objects.count())",
                   env=env).stdout.strip()
    if anew or int(teams or 0) != 24 * scale:
        print(f"scale {scale}: building the demo season (manage.py demo --scale {scale}) ...", file=sys.stderr,
              flush=True)
        manage("demo", "--reset", "--scale", str(scale), env=env)
    # The planner's statistics and the rows' visibility written down, as autovacuum keeps them on a
    # database in service: a season just built (or grown by earlier runs) read without them made
    # every page of the run several times slower (this machine's PostgreSQL runs no autovacuum).
    with psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True) as connection:
        connection.execute("VACUUM (ANALYZE)")


def prepare(url: str, args) -> dict | None:
    code = (f"from bench.matchday_setup import main; main({args.jurors}, {args.matches}, {args.quiet_matches}, "
            f"{PASSWORD!r})")
    try:
        output = manage("shell", "-v0", "-c", code, env={"DATABASE_URL": url}).stdout
    except subprocess.CalledProcessError as failed:
        if SEASON_PLAYED_OUT not in (failed.stderr or ""):
            raise
        return None  # earlier runs have played the season's teams to R15's limit
    return json.loads(output.strip().splitlines()[-1])


def port_from(variable: str, ports: range) -> int:
    return int(os.environ[variable]) if os.environ.get(variable) else free_port(ports)


class Server:
    """The site as `make serve` serves it behind the proxy (deploy/serve.sh with ENTRY_PORT): gunicorn
    with the project's gunicorn.conf.py for the public's pages and another for the jury's (the
    proxy's upstream `entry`, which the jurors and the chief here reach on its own port), one
    uvicorn process for the WebSockets, the public's pages and the WebSockets at nice 5; all with the
    production settings, every request's SQL statements and CPU logged (bench/statements.py).
    ``one_pool``: one gunicorn for every page, as `make serve` alone serves them, for comparison."""

    def __init__(self, url: str, redis: str, workers: int | None, one_pool: bool = False):
        self.port, self.ws_port = port_from("BENCH_PORT", HTTP_PORTS), port_from("BENCH_WS_PORT", WS_PORTS)
        self.http = ("127.0.0.1", self.port)
        self.origin, self.ws_base = f"http://127.0.0.1:{self.port}", f"ws://127.0.0.1:{self.ws_port}"
        self.statements = Path(tempfile.mkstemp(prefix="bench-matchday-statements-")[1])
        self.static_root = tempfile.mkdtemp(prefix="bench-matchday-static-")  # never the project's staticfiles/
        self.log = tempfile.TemporaryFile("w+")  # the servers' own messages, shown if one fails
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.statements",
                    "BENCH_BASE_SETTINGS": "tournaments.site.settings_production",
                    "BENCH_STATEMENTS": str(self.statements), "SECRET_KEY": secrets.token_urlsafe(50),
                    "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1", "DATABASE_URL": url,
                    "REDIS_URL": redis, "BIND": f"127.0.0.1:{self.port}", "WEBSOCKET_URL": self.ws_base,
                    # Redis's messages are not kept apart by its database numbers: another server's
                    # on the same Redis would reach this one's sockets without a prefix of its own.
                    "REDIS_PREFIX": f"bench-matchday-{self.port}", "STATIC_ROOT": self.static_root}
        # gunicorn's workers: gunicorn.conf.py's own number unless told; uvicorn would read it too, and
        # start as many processes.
        self.workers = {"WEB_CONCURRENCY": str(workers)} if workers else {}
        self.env.pop("WEB_CONCURRENCY", None)
        self.pages = self.sockets = self.entry = None
        self.one_pool = one_pool
        self.entry_port = self.port if one_pool else port_from("BENCH_ENTRY_PORT", ENTRY_PORTS)
        self.jury_http = ("127.0.0.1", self.entry_port)

    def __enter__(self):
        subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=self.env, check=True)
        bin_dir = Path(PYTHON).parent
        public = [] if self.one_pool else ["nice", "-n", str(PUBLIC_NICENESS)]
        self.pages = self.start([*public, str(bin_dir / "gunicorn"), "-c", "gunicorn.conf.py"], self.workers)
        if not self.one_pool:
            self.entry = self.start([str(bin_dir / "gunicorn"), "-c", "gunicorn.conf.py"],
                                    {"BIND": f"127.0.0.1:{self.entry_port}", **ENTRY_POOL})
        self.sockets = self.start([*public, str(bin_dir / "uvicorn"), "tournaments.site.asgi:application", "--host",
                                   "127.0.0.1", "--port", str(self.ws_port), "--no-access-log"],
                                  {"DATABASE_URL": f"{self.env['DATABASE_URL']}?application_name={WS_DATABASE_NAME}",
                                   **UVICORN_AS_SERVED})
        if wait_until(self.all_answer, self.running, attempts=600, pause=0.1):
            return self
        if not self.running():
            self.__exit__()
            raise SystemExit("the server did not start:\n" + self.messages())
        raise SystemExit("the server did not answer within a minute:\n" + self.messages())

    def all_answer(self) -> bool:
        """The pages (the public's and the jury's) and the WebSockets' port answer."""
        if not all(answers(f"http://127.0.0.1:{port}/accounts/login/", timeout=5)
                   for port in {self.port, self.entry_port}):
            return False
        try:
            socket.create_connection(("127.0.0.1", self.ws_port), timeout=5).close()
        except OSError:
            return False
        return True

    def running(self) -> bool:
        return all(process.poll() is None for process in self.processes())

    def processes(self) -> list[subprocess.Popen]:
        return [process for process in (self.pages, self.entry, self.sockets) if process is not None]

    def start(self, command: list[str], env: dict | None = None) -> subprocess.Popen:
        return subprocess.Popen(command, cwd=ROOT, env={**self.env, **(env or {})}, stdout=self.log, stderr=self.log)

    def messages(self) -> str:
        self.log.seek(0)
        return self.log.read()[-4000:]

    def __exit__(self, *exc):
        for process in self.processes():
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.statements.unlink(missing_ok=True)
        shutil.rmtree(self.static_root, ignore_errors=True)

    def cpu_seconds(self) -> dict:
        """CPU seconds the servers' processes have used (/proc: user and system time of every
        thread): gunicorn's master and workers (and their children), and the WebSockets' uvicorn."""
        pools = [process.pid for process in (self.pages, self.entry) if process is not None]
        return {"pages": sum(process_cpu(pid) + sum(map(process_cpu, children(pid))) for pid in pools),
                "ws": process_cpu(self.sockets.pid)}

    def requests_logged(self) -> list[list[str]]:
        """The requests since the last call, as the server logged them (bench/statements.py):
        method, path, status, statements, CPU ms, ..."""
        lines = self.statements.read_text().splitlines()
        self.statements.write_text("")
        return [line.split(" ") for line in lines]


def process_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def children(pid: int) -> list[int]:
    """Every process under ``pid``: the workers and their PDF layout processes."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            direct = [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in direct:
            found += [child, *children(child)]
    return found


def flush_redis(redis: str) -> None:
    import redis as redis_client

    redis_client.Redis.from_url(redis).flushdb()


SAVE_PATH = re.compile(r"^/jury/matches/\d+/hands/\d+/$")


def logged_saves(logged: list[list[str]]) -> list[list[str]]:
    """The server's lines of the hand saves (POST .../hands/N/) it answered."""
    return [fields for fields in logged if fields[0] == "POST" and SAVE_PATH.match(fields[1]) and fields[2] == "200"]


def save_statements(logged: list[list[str]]) -> list[int]:
    """The statements of each hand save, as the server counted them."""
    return [int(fields[3]) for fields in logged_saves(logged)]


def save_in_server(logged: list[list[str]]) -> str:
    """Where a save's time under load goes: inside Django (from the first middleware in to the
    answer out) and the CPU of its own thread; the rest of what the juror waits is the wait for a
    worker's thread, the HTTP and the load generator's own lateness."""
    saves = logged_saves(logged)
    inside, cpu, database = ([float(fields[column]) for fields in saves] for column in (7, 4, 8))
    return (f"  hand save inside Django under load: p50 {percentile(inside, 0.5):.0f} ms, p95 "
            f"{percentile(inside, 0.95):.0f} ms; its thread's CPU p50 {percentile(cpu, 0.5):.0f} ms, p95 "
            f"{percentile(cpu, 0.95):.0f} ms; waiting for the database p50 {percentile(database, 0.5):.0f} ms, "
            f"p95 {percentile(database, 0.95):.0f} ms")


def polling_cpu(logged: list[list[str]], pages: list[Page], until: float) -> tuple[float, int]:
    """The CPU seconds the server logged for the live pages' GETs (only the polling viewers ask for
    them) begun by ``until`` (epoch), and how many."""
    paths = {page.path for page in pages}
    cpus = [float(fields[4]) / 1000 for fields in logged
            if fields[0] == "GET" and fields[1] in paths and float(fields[6]) <= until]
    return sum(cpus), len(cpus)


# --- the report ---------------------------------------------------------------------------------


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else math.nan


def timing_line(name: str, series: Series) -> str:
    p50, p95, p99 = (1000 * percentile(series.times, share) for share in (0.5, 0.95, 0.99))
    return f"  {name:<24} {len(series.times):>7} {p50:8.1f} {p95:8.1f} {p99:8.1f} {len(series.errors):>6}"


def viewer_minutes(viewers: list, until: float) -> float:
    return sum(min(each.ended, until) - each.began for each in viewers if not math.isnan(each.ended - each.began)) / 60


def ws_database(cpu: dict) -> float:
    return sum(seconds for name, seconds in cpu.items() if name.startswith("ws database"))


def cpu_share(cpu: dict, logged: list, plan: dict, pushed: list, polled: list, measured: tuple) -> float:
    """The server's CPU a viewer-minute of the connected viewers, as a share of the polling viewers'.

    Connected: the WebSocket server's process (uvicorn, every thread) and its PostgreSQL backends,
    all of it over the whole load segment: connecting, the block sent on connect, each change's.
    Not counted: Redis (shared by the machine: the channel layer, the blocks kept in the cache), and
    a block rendered for a page view by a gunicorn worker that the sockets then read from the cache
    (one render a version, by whoever asks first). Polling: what the gunicorn workers logged for the
    live pages' GETs (only the polling viewers ask for them), each request's own thread from the
    first middleware in to the answer out (bench/statements.py), without gunicorn's reading and
    writing of the HTTP nor the database's time: less than they cost, so the share is if anything
    too high. Both up to the same moment (``measured``), before any grace given to late viewers."""
    ws = cpu["ws"] + ws_database(cpu)
    poll_cpu, poll_requests = polling_cpu(logged, live_pages(plan["urls"]), measured[1])
    pushed_minutes, polled_minutes = viewer_minutes(pushed, measured[0]), viewer_minutes(polled, measured[0])
    pushed_rate, polled_rate = ws / max(pushed_minutes, 1e-9), poll_cpu / max(polled_minutes, 1e-9)
    print(f"  server CPU a viewer-minute: connected {1000 * pushed_rate:.1f} ms ({ws:.1f} s over "
          f"{pushed_minutes:.0f} viewer-minutes), polling {1000 * polled_rate:.1f} ms ({poll_cpu:.1f} s logged for "
          f"{poll_requests} requests over {polled_minutes:.0f} viewer-minutes)")
    return pushed_rate / polled_rate if pushed and polled_rate else math.nan


def report(quiet: Run, loaded: Run, cpu: dict, statements: list, logged: list, plan: dict, args) -> list:
    """The figures, each with its goal; the goals, each as (text, met)."""
    pushed = [viewer for viewer in loaded.viewers if viewer.pushed]
    polled = [viewer for viewer in loaded.viewers if not viewer.pushed]
    confirmed = loaded.confirmations
    print(f"\nunder load: {args.jurors} jurors, {len(pushed)} viewers connected, {len(polled)} polling, "
          f"{len(confirmed)} matches confirmed, the public data changed {loaded.changes} times\n"
          f"  {'':<24} {'reqs':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>6}")
    print(timing_line("hand save, quiet", quiet.saves))
    print(timing_line("hand save", loaded.saves))
    print(timing_line("typing kept", loaded.keeps))
    print(timing_line("login", loaded.logins))
    print(timing_line("polled page", loaded.polls))
    print(save_in_server(logged))
    seen = {kind: judge(viewers, confirmed) for kind, viewers in (("connected", pushed), ("polling", polled))}
    end = loaded.stopped - max((each.answered for each in confirmed), default=math.nan)
    for kind, figures in seen.items():
        missing = sum(delay == math.inf for delay in figures.delays)
        print(f"  {kind} viewers: {figures.pages} pages received; a confirmed score reached them in p50 "
              f"{percentile(figures.delays, 0.5):.2f} s, p95 {percentile(figures.delays, 0.95):.2f} s, max "
              f"{max(figures.delays, default=math.nan):.2f} s after the confirmation's answer ({len(figures.delays)} "
              f"viewer-confirmations, {missing} never); stale at the end {figures.stale} ({end:.0f} s after the last "
              f"confirmation's answer); wrong {len(figures.wrong)}"
              + (f" (first: {figures.wrong[0]})" if figures.wrong else ""))
        print("    p95 by page: " + ", ".join(f"{name} {percentile(delays, 0.95):.2f} s"
                                          for name, delays in figures.by_page.items() if delays))
    share = cpu_share(cpu, logged, plan, pushed, polled, loaded.measured)
    print(f"  gunicorn's processes used {cpu['pages']:.1f} s of CPU in the load segment, the WebSocket process "
          f"{cpu['ws']:.1f} s and its database backends {ws_database(cpu):.1f} s, the load generator "
          f"{cpu['generator']:.1f} s; its event loop late p95 "
          f"{1000 * percentile(loaded.loop_late, 0.95):.0f} ms, max {1000 * max(loaded.loop_late, default=0):.0f} ms")
    print(f"  SQL statements a hand save: min {min(statements, default=0)}, median "
          f"{statistics.median(statements) if statements else 0:g}, max {max(statements, default=0)} "
          f"({len(statements)} saves counted by the server)")
    errors = [*quiet.errors, *loaded.errors] + [error for run in (quiet, loaded)
                                                for series in (run.saves, run.keeps, run.logins, run.polls)
                                                for error in series.errors]
    if errors:
        print(f"  errors: {len(errors)}, first: {errors[:3]}")
    push_p95 = percentile(seen["connected"].delays, 0.95)
    quiet_p95, load_p95 = (1000 * percentile(run.saves.times, 0.95) for run in (quiet, loaded))
    wrong = len(seen["connected"].wrong) + len(seen["polling"].wrong)
    return [
        (f"confirmed score reaches the connected viewers p95 {push_p95:.2f} s (goal at most {GOAL_PUSH_P95_S:g} s)",
         bool(confirmed) and push_p95 <= GOAL_PUSH_P95_S),
        (f"connected viewers stale at the end {seen['connected'].stale} of {len(pushed)} (goal 0)",
         not seen["connected"].stale and bool(pushed)),
        (f"pages showing an unconfirmed or wrong score {wrong} of {seen['connected'].pages + seen['polling'].pages} "
         "(goal 0)", not wrong),
        (f"server CPU a viewer-minute, connected {share:.1%} of polling (goal at most {GOAL_CPU_SHARE:.0%})",
         share <= GOAL_CPU_SHARE),  # nan, never met, without viewers of either kind
        (f"hand save p95 under load {load_p95:.0f} ms (goal at most {GOAL_SAVE_P95_MS} ms)",
         load_p95 <= GOAL_SAVE_P95_MS),
        (f"hand save p95 under load {load_p95:.0f} ms, quiet {quiet_p95:.0f} ms (goal at most "
         f"{GOAL_SAVE_RATIO:g}x)", load_p95 <= GOAL_SAVE_RATIO * quiet_p95),
        (f"errors {len(errors)} (goal 0)", not errors),
        (f"SQL statements a hand save at most {max(statements, default=0)} (goal at most {GOAL_STATEMENTS})",
         bool(statements) and max(statements) <= GOAL_STATEMENTS),
    ]


def machine_speed(records: int = 2_000) -> str:
    """How fast this machine runs the site's Python, to set runs on different machines side by
    side: the rules engine's results-mode records scored a second on one core (`make bench-engine`)."""
    from scoring.bench import generate_records, time_scoring

    _wall, cpu = time_scoring(generate_records(records, random.Random(2026), full=False))
    return f"the rules engine scores {records / max(cpu, 1e-9):,.0f} records a second on one core"


def more_files() -> None:
    """1,000 sockets and more in this process and in the WebSocket server (which inherits it)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=1, help="the demo season's scale (manage.py demo --scale)")
    parser.add_argument("--jurors", type=int, default=16)
    parser.add_argument("--connected", type=int, default=1000, help="viewers connected over WebSockets")
    parser.add_argument("--polling", type=int, default=100, help="viewers polling, for comparison")
    parser.add_argument("--matches", type=int, default=1, help="matches each juror enters under load")
    parser.add_argument("--quiet-matches", type=int, default=2, help="matches entered alone, for comparison")
    parser.add_argument("--gap", type=float, nargs=2, default=[2.0, 4.0], help="seconds between a juror's hands")
    parser.add_argument("--poll", type=float, nargs=2, default=[1.0, 3.0], help="seconds between a viewer's polls")
    parser.add_argument("--login-spread", type=float, default=4.0, help="the jurors log in within these seconds")
    parser.add_argument("--connect-spread", type=float, default=5.0, help="the viewers connect within these seconds")
    parser.add_argument("--grace", type=float, default=30.0,
                        help="seconds at most for connected viewers still behind at the end, to time their scores")
    parser.add_argument("--workers", type=int, help="gunicorn's workers (else gunicorn.conf.py's own number)")
    parser.add_argument("--one-pool", action="store_true",
                        help="every page from one gunicorn at one priority (make serve without a proxy)")
    parser.add_argument("--short", action="store_true", help="4 jurors, 100 viewers connected, 20 polling")
    parser.add_argument("--database", default=(os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL")
                                               or DEFAULT_DATABASE).rstrip("/"),
                        help="PostgreSQL; the scale is appended to its name (_1, _10)")
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL") or os.environ.get("REDIS_URL")
                        or DEFAULT_REDIS)
    if "--short" in (sys.argv[1:] if argv is None else argv):  # what is given besides it still counts
        parser.set_defaults(jurors=4, connected=100, polling=20)
    args = parser.parse_args(argv)
    if not args.database.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench-matchday runs on PostgreSQL: set BENCH_DATABASE_URL=postgres://...")
    return args


def main(argv=None) -> None:
    args = arguments(argv)
    more_files()
    started, loads = time.perf_counter(), os.getloadavg()  # the machine may be shared: its load is part of the figures
    print(f"bench-matchday: load average {loads[0]:.1f} / {loads[1]:.1f} / {loads[2]:.1f}; {machine_speed()}",
          flush=True)
    url = f"{args.database}_{args.scale}"
    build(url, args.scale)
    print("preparing jurors and today's matches ...", file=sys.stderr, flush=True)
    plan = prepare(url, args)
    if plan is None:
        build(url, args.scale, anew=True)
        plan = prepare(url, args)
    flush_redis(args.redis)
    database = Database(url)
    workers = args.workers or os.environ.get("WEB_CONCURRENCY")
    with Server(url, args.redis, workers, one_pool=args.one_pool) as server:
        print("quiet segment ...", file=sys.stderr, flush=True)
        quiet = asyncio.run(quiet_segment(server, plan, args, database))
        statements = save_statements(server.requests_logged())
        print("load segment ...", file=sys.stderr, flush=True)
        loaded, cpu = asyncio.run(load_segment(server, plan, args, database))
        logged = server.requests_logged()
    goals = report(quiet, loaded, cpu, statements + save_statements(logged), logged, plan, args)
    for text, met in goals:
        print(f"  [{'met' if met else 'MISSED'}] {text}")
    load = os.getloadavg()
    pools = ("one gunicorn for every page" if args.one_pool else
             f"the jury's own gunicorn ({ENTRY_POOL['WEB_CONCURRENCY']} x {ENTRY_POOL['WEB_THREADS']} threads), the "
             f"public's and the WebSockets at nice {PUBLIC_NICENESS}")
    print(f"\nbench-matchday: scale {args.scale}, gunicorn.conf.py's workers{f' ({workers})' if workers else ''} and "
          f"one uvicorn for the WebSockets, {pools}, production settings, PostgreSQL, Redis; {os.cpu_count()} CPUs, "
          f"load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; "
          f"{time.perf_counter() - started:.0f} s")
    missed = [text for text, met in goals if not met]
    print("every goal met" if not missed else f"goals missed: {len(missed)} of {len(goals)}: " + "; ".join(missed))


if __name__ == "__main__":
    main()
