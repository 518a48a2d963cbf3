"""`make bench-matchday`: match day under load, served as in production.

On PostgreSQL (DATABASE_URL, a database of the benchmark's own: it is filled with the demo season,
``demo --scale N``, when its scale differs) with the page cache in Redis (REDIS_URL, a database
number of its own: it is emptied) and gunicorn as `make serve` runs it (production settings, the project's
gunicorn.conf.py's workers: one a core and one, or --workers), for each scale:

- **quiet**: one juror enters matches alone on the server, hand by hand, as the entry page does;
- **load**: 16 jurors log in (within a few seconds of each other), each opens their match, keeps
  the typing as the page does while a hand is typed and saves each hand as the page's htmx request
  does, a hand every few seconds, then submits; a chief juror confirms each submitted match. All
  the while 300 viewers poll the big screen, the live Championship table and the Cup bracket as
  those pages do (htmx requests of the page's #live block, with ``If-None-Match`` and
  ``If-Modified-Since`` from the last answer), and after each confirmation the Championship and
  register PDFs are fetched fresh, then unchanged.

It prints, for the hand saves and each viewer page, requests, p50, p95 and p99 latency and errors;
the SQL statements of each save as the server counted them (bench/statements.py); the PDFs' times;
the goals beside the figures, and a last line saying whether every goal was met.

The page cache is checked under the load against the database: a viewer's answer (a 304 stands for
the page it last received) never shows a score the bench had not confirmed when it asked, and a
request sent after a confirmation was read back from the database never gets a page older than it
(its ETag's version at least that one; the big screen shows the confirmed score).

    python -m bench.matchday [--scales 1 10] [--jurors 16] [--viewers 300] [--matches 1]
                             [--gap 2 4] [--quiet-matches 2] [--workers N]
    python -m bench.matchday --short      # one scale (1), 8 jurors, 100 viewers: a quick check
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from bench import SEASON_PLAYED_OUT
from bench.entry import MATCH
from bench.ports import free_port

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PASSWORD = "bench-matchday-password"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tarokk_bench_matchday"
DEFAULT_REDIS = "redis://127.0.0.1:6379/7"
PORTS = range(8160, 8180)

GOAL_SAVE_P95_MS = 150
GOAL_SAVE_RATIO = 2.0
GOAL_VIEWER_P95_MS = 50
GOAL_STATEMENTS = 15
GOAL_PDF_FRESH_S = 2.0
GOAL_PDF_CACHED_S = 0.1

# Every viewer page is keyed by the public data version (public_data's one row): its ETag's number.
VERSION_ROWS = {"public data": 1}
VIEWER_VERSIONS = {"big screen": (1,), "championship": (1,), "cup bracket": (1,)}
ETAG_VERSION = re.compile(r'"?(?:W/)?"?(\d+)\.')
BIG_SCREEN_LINE = re.compile(r'/matches/(\d+)/">.*?<td class="number"[^>]*>([^<]*)</td>', re.S)
HAND_STORED = 'class="hand hand-stored'
VERSION_FIELD = re.compile(r'name="version" value="(\d+)"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


# --- a small HTTP/1.1 client on asyncio (keep-alive, cookies) ----------------------------------


@dataclass
class Answer:
    status: int
    headers: dict
    body: bytes
    sent: float  # perf_counter when the request was sent
    seconds: float

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Client:
    """One browser: one kept-alive connection, its cookies."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.cookies: dict[str, str] = {}

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict | None = None, form: dict | None = None) -> Answer:
        body = urllib.parse.urlencode(form or {}, doseq=True).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept-Language: hu",
                 "User-Agent: bench-matchday"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        if form is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        for attempt in (1, 2):
            reused = self.writer is not None
            if not reused:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sent = time.perf_counter()
            try:
                self.writer.write(data)
                await self.writer.drain()
                status, answer_headers, answer_body = await self._read()
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if reused and attempt == 1:  # the server closed an idle kept-alive connection: once more
                    continue
                raise
            seconds = time.perf_counter() - sent
            for cookie in answer_headers.get("set-cookie", []):
                name, _eq, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            if answer_headers.get("connection", [""])[0].lower() == "close":
                await self.close()
            return Answer(status, {name: values[-1] for name, values in answer_headers.items()}, answer_body, sent,
                          seconds)
        raise AssertionError("unreachable")

    async def _read(self):
        status_line = await self.reader.readuntil(b"\r\n")
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        headers: dict[str, list[str]] = {}
        while True:
            line = (await self.reader.readuntil(b"\r\n")).decode("latin-1").rstrip("\r\n")
            if not line:
                break
            name, _colon, value = line.partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        if status in (204, 304):
            return status, headers, b""
        if "chunked" in headers.get("transfer-encoding", [""])[0].lower():
            body = bytearray()
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                body += chunk[:-2]
            return status, headers, bytes(body)
        return status, headers, await self.reader.readexactly(int(headers.get("content-length", ["0"])[0]))


# --- what is measured ------------------------------------------------------------------------


@dataclass
class Series:
    times: list = field(default_factory=list)  # seconds
    errors: list = field(default_factory=list)

    def add(self, answer: Answer, ok: bool, what: str = ""):
        self.times.append(answer.seconds)
        if not ok:
            self.errors.append(f"{what} {answer.status}")

    def percentile(self, share: float) -> float:
        if not self.times:
            return float("nan")
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


@dataclass
class Confirmation:
    match: int
    score: str  # "88 : 93", as the big screen shows it
    asked: float  # when the confirmation was sent
    read: float  # when the versions it made were read back from the database
    versions: dict  # then: each version's number by its row


@dataclass
class Run:
    saves: Series = field(default_factory=Series)
    keeps: Series = field(default_factory=Series)
    logins: Series = field(default_factory=Series)
    pages: dict = field(default_factory=dict)  # viewer page -> Series
    not_modified: dict = field(default_factory=dict)  # viewer page -> 304 answers
    confirmations: list = field(default_factory=list)
    # match -> when its confirmation was sent: a viewer may see the score before the chief's
    # answer (and the database's read-back) reaches the bench
    confirming: dict = field(default_factory=dict)
    wrong: list = field(default_factory=list)  # what the cache check found
    pdfs: dict = field(default_factory=dict)  # name -> {"fresh": [...], "cached": [...]}
    errors: list = field(default_factory=list)
    bench_matches: set = field(default_factory=set)  # the matches the bench enters, as text
    versions: list = field(default_factory=list)  # the public data versions' numbers before and after
    server_cpu: float = 0.0  # CPU seconds of the server's processes during the run
    generator_cpu: float = 0.0  # CPU seconds of this process (the jurors and viewers) during the run
    seconds: float = 0.0  # the run's length
    cpu_by_kind: dict = field(default_factory=dict)  # what the server logged: kind -> CPU ms of each request


def hand_fields(number: int, *, typed: str = "all") -> dict:
    """Hand ``number`` of bench/entry.py's fixed match, as the entry page's form posts it: A attacks
    first (R3), B's holdings follow from A's; ``typed``: "trumps" while the first field is typed."""
    trumps, honours, high, announcements, silent = MATCH[(number - 1) % len(MATCH)]
    values = {"attackers": "A" if number % 2 else "B", "a_trumps": trumps, "a_honours": "", "a_high": "",
              "b_trumps": "", "b_honours": "", "b_high": "", "announcements": "", "silent": "", "deal": "",
              "tricks": ""}
    if typed == "all":
        values.update(a_honours=honours, a_high=high, announcements="\n".join(announcements), silent=silent)
    return {f"h{number}-{name}": value for name, value in values.items()}


async def login(client: Client, urls: dict, username: str, run: Run) -> None:
    page = await client.request("GET", urls["login"])
    token = CSRF_FIELD.search(page.text).group(1)
    answer = await client.request("POST", urls["login"], {"Referer": f"http://{client.host}:{client.port}/"},
                                  {"csrfmiddlewaretoken": token, "username": username, "password": PASSWORD})
    run.logins.add(answer, answer.status == 302 and "sessionid" in client.cookies, f"login {username}")


async def enter_match(client: Client, pk: int, gap: tuple[float, float], run: Run, rng: random.Random) -> int | None:
    """The entry page's own requests for one match: open it, keep the typing of each hand twice
    while it is typed, save it (htmx), then submit. The submitted match's version, or None."""
    path = f"/jury/matches/{pk}/"
    page = await client.request("GET", path)
    if page.status != 200:
        run.errors.append(f"entry page {pk}: {page.status}")
        return None
    text = page.text
    token = CSRF_FIELD.search(text).group(1)
    version = None
    for number in range(1, 9):
        base = re.search(rf'name="h{number}-base" value="([^"]*)"', text)
        common = {"csrfmiddlewaretoken": token, f"h{number}-base": base.group(1) if base else ""}
        htmx = {"HX-Request": "true", "HX-Current-URL": f"http://{client.host}:{client.port}{path}",
                "X-CSRFToken": token}
        pause = rng.uniform(*gap)
        for typed in ("trumps", "all"):  # the page keeps the typing a moment after each field
            await asyncio.sleep(pause / 3)
            kept = await client.request("POST", f"{path}hands/{number}/keep/", htmx,
                                        {**common, **hand_fields(number, typed=typed)})
            run.keeps.add(kept, kept.status == 200, f"keep {pk}/{number}")
        await asyncio.sleep(pause / 3)
        saved = await client.request("POST", f"{path}hands/{number}/", {**htmx, "HX-Target": f"hand-{number}"},
                                     {**common, **hand_fields(number)})
        run.saves.add(saved, saved.status == 200 and HAND_STORED in saved.text, f"save {pk}/{number}")
        found = VERSION_FIELD.search(saved.text)
        version = found.group(1) if found else version
    if version is None:
        run.errors.append(f"match {pk}: no submit form after 8 hands")
        return None
    submitted = await client.request("POST", f"{path}submit/", {"Referer": f"http://{client.host}:{client.port}{path}"},
                                     {"csrfmiddlewaretoken": token, "version": version})
    if submitted.status != 302:
        run.errors.append(f"submit {pk}: {submitted.status}")
        return None
    return pk


async def confirm(client: Client, pk: int, run: Run, database) -> None:
    path = f"/jury/matches/{pk}/"
    page = await client.request("GET", path)
    version = re.search(r'action="/jury/matches/\d+/confirm/".*?name="version" value="(\d+)"', page.text, re.S)
    token = CSRF_FIELD.search(page.text)
    if page.status != 200 or not version or not token:
        run.errors.append(f"confirm page {pk}: {page.status}")
        return
    asked = run.confirming[str(pk)] = time.perf_counter()
    answer = await client.request("POST", f"{path}confirm/", {"Referer": f"http://{client.host}:{client.port}{path}"},
                                  {"csrfmiddlewaretoken": token.group(1), "version": version.group(1)})
    state, score_a, score_b, versions = await asyncio.to_thread(database.match_and_versions, pk)
    if answer.status != 302 or state != "confirmed":
        run.errors.append(f"confirm {pk}: {answer.status}, {state}")
        return
    run.confirmations.append(Confirmation(pk, f"{score_a} : {score_b}", asked, time.perf_counter(), versions))


async def juror(host, port, urls, username, pks, gap, run, rng, confirmed: asyncio.Queue | None, delay: float):
    await asyncio.sleep(delay)
    client = Client(host, port)
    try:
        await login(client, urls, username, run)
        for pk in pks:
            submitted = await enter_match(client, pk, gap, run, rng)
            if submitted is not None and confirmed is not None:
                await confirmed.put(submitted)
    except Exception as error:  # noqa: BLE001 - counted as an error, the run goes on
        run.errors.append(f"{username}: {error!r}")
    finally:
        await client.close()


async def chief(host, port, urls, username, queue: asyncio.Queue, run, database, confirmed: asyncio.Event):
    client = Client(host, port)
    try:
        await login(client, urls, username, run)
        while True:
            pk = await queue.get()
            if pk is None:
                break
            await confirm(client, pk, run, database)
            confirmed.set()
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"chief: {error!r}")
    finally:
        await client.close()


async def read_pdfs(reader: Client, pdf_paths: dict, run: Run) -> None:
    for name, path in pdf_paths.items():
        for _fetch in ("fresh", "unchanged"):
            answer = await reader.request("GET", path)
            if answer.status != 200:
                run.errors.append(f"{name}: {answer.status}")
            # Told apart by the server's word: a juror's match starting meanwhile moves the
            # version, and the second fetch is then rendered afresh too.
            kind = "cached" if answer.headers.get("x-public-cache") == "hit" else "fresh"
            run.pdfs.setdefault(name, {"fresh": [], "cached": []})[kind].append(answer.seconds)


async def pdf_reader(host, port, pdf_paths: dict, run, confirmed: asyncio.Event, done: asyncio.Event):
    """After a confirmation (the version moved), each PDF fetched fresh, then unchanged; one reader,
    so that confirmations coming faster than PDFs are laid out are read once, not queued."""
    reader = Client(host, port)
    try:
        while not done.is_set():
            waiting = asyncio.create_task(confirmed.wait())
            finished = asyncio.create_task(done.wait())
            await asyncio.wait([waiting, finished], return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            finished.cancel()
            if not confirmed.is_set():
                break
            confirmed.clear()
            await read_pdfs(reader, pdf_paths, run)
        await read_pdfs(reader, pdf_paths, run)  # once nothing moves any more: the unchanged copies surely
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"PDF reader: {error!r}")
    finally:
        await reader.close()


def check_viewer_answer(run: Run, name: str, answer: Answer, shown: dict, etag: str) -> None:
    """The cache checked against what the database said: no unconfirmed score, nothing older than a
    confirmation read back before the request was sent. ``shown``: the big screen's scores by match."""
    version = ETAG_VERSION.match(etag or "")
    number = int(version.group(1)) if version else None
    for confirmation in run.confirmations:
        if confirmation.read < answer.sent:
            least = sum(confirmation.versions.get(row, 0) for row in VIEWER_VERSIONS[name])
            if number is not None and number < least:
                run.wrong.append(f"{name}: version {number} after confirmation made it {least}")
            if name == "big screen" and shown.get(str(confirmation.match), "").strip() != confirmation.score:
                run.wrong.append(f"big screen: match {confirmation.match} without its confirmed score")
    if name == "big screen":
        confirmed_before = {match for match, asked in run.confirming.items() if asked < answer.sent + answer.seconds}
        for match, score in shown.items():
            if score.strip() not in ("", "–") and match in run.bench_matches and match not in confirmed_before:
                run.wrong.append(f"big screen: match {match} shows {score.strip()} before it was confirmed")


async def viewer(host, port, name, path, until, run: Run, rng: random.Random, poll: tuple[float, float]):
    client = Client(host, port)
    series = run.pages.setdefault(name, Series())
    shown, etag, modified = {}, "", ""
    try:
        await asyncio.sleep(rng.uniform(0, poll[1]))
        first = True
        while time.perf_counter() < until:
            headers = {}
            if not first:  # the page's #live block polls (htmx), the browser revalidating its copy
                headers = {"HX-Request": "true", "HX-Target": "live", "HX-Current-URL": f"http://{host}:{port}{path}"}
                if etag:
                    headers["If-None-Match"] = etag
                if modified:
                    headers["If-Modified-Since"] = modified
            answer = await client.request("GET", path, headers)
            series.add(answer, answer.status in (200, 304), name)
            if answer.status == 304:
                run.not_modified[name] = run.not_modified.get(name, 0) + 1
            elif answer.status == 200:
                etag, modified = answer.headers.get("etag", ""), answer.headers.get("last-modified", "")
                # Read once a page received (a 304 stands for it): the bench's own CPU is the server's too.
                shown = dict(BIG_SCREEN_LINE.findall(answer.text)) if name == "big screen" else {}
            check_viewer_answer(run, name, answer, shown, answer.headers.get("etag", etag))
            first = False
            await asyncio.sleep(rng.uniform(*poll))
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"viewer {name}: {error!r}")
    finally:
        await client.close()


async def match_day(host, port, plan, args, *, viewers: int, jurors: int, database, quiet: bool) -> Run:
    run = Run()
    rng = random.Random(7)
    urls = plan["urls"]
    queue: asyncio.Queue = asyncio.Queue()
    pdf_paths = {} if quiet else {"championship.pdf": urls["championship_pdf"], "register.pdf": urls["register_pdf"]}
    confirmed, done = asyncio.Event(), asyncio.Event()
    chief_task = asyncio.create_task(chief(host, port, urls, plan["chief"], queue, run, database, confirmed))
    pdf_task = asyncio.create_task(pdf_reader(host, port, pdf_paths, run, confirmed, done)) if pdf_paths else None
    if quiet:
        assignments = [(plan["jurors"][0], plan["quiet"])]
    else:
        assignments = list(zip(plan["jurors"][:jurors], plan["matches"][:jurors], strict=True))
    run.bench_matches = {str(pk) for _name, pks in assignments for pk in pks}
    pages = [("big screen", urls["big_screen"]), ("championship", urls["championship"]), ("cup bracket", urls["cup"])]
    viewer_tasks = []
    until = float("inf")
    if viewers:
        # Viewers first, so that the jurors' logins and saves meet a watched site.
        until = time.perf_counter() + args.max_seconds
        viewer_tasks = [asyncio.create_task(viewer(host, port, *pages[index % len(pages)], until, run,
                                                   random.Random(index), tuple(args.poll)))
                        for index in range(viewers)]
        await asyncio.sleep(args.poll[1])
    run.versions = [database.versions()]
    juror_tasks = [asyncio.create_task(juror(host, port, urls, name, pks, tuple(args.gap), run,
                                             random.Random(index), queue, delay=rng.uniform(0, args.login_spread)))
                   for index, (name, pks) in enumerate(assignments)]
    await asyncio.gather(*juror_tasks)
    await queue.put(None)
    await chief_task
    run.versions.append(database.versions())
    done.set()
    if pdf_task is not None:
        await pdf_task  # the PDFs of the last confirmation
    if viewer_tasks:
        await asyncio.sleep(args.poll[1])  # the last confirmation watched
        for task in viewer_tasks:
            task.cancel()
        await asyncio.gather(*viewer_tasks, return_exceptions=True)
    return run


# --- the database, the server -----------------------------------------------------------------


class Database:
    """The benchmark's own look at PostgreSQL (psycopg), for the cache's check."""

    def __init__(self, url: str):
        import psycopg

        self.connection = psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True)

    def versions(self) -> dict[int, int]:
        """Each public data version's number by its row (tournaments.core.models.public_data)."""
        return dict(self.connection.execute("SELECT id, number FROM tournaments_publicdataversion").fetchall())

    def match_and_versions(self, pk: int):
        state, score_a, score_b = self.connection.execute(
            "SELECT state, score_a, score_b FROM tournaments_match WHERE id = %s", [pk]).fetchone()
        return state, score_a, score_b, self.versions()


def manage(*args, env, capture=True) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=environment, check=True,
                          capture_output=capture, text=True)


def scale_database(base: str, scale: int) -> str:
    return f"{base}_{scale}"


def build(url: str, scale: int, *, anew: bool = False) -> None:
    """The demo season at this scale (kept from an earlier run when it is the same scale, unless
    ``anew``)."""
    env = {"DATABASE_URL": url}
    name = urllib.parse.urlsplit(url).path.lstrip("/")
    admin = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path="/postgres"))
    import psycopg

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


def prepare(url: str, args) -> dict:
    code = (f"from bench.matchday_setup import main; main({args.jurors}, {args.matches}, {args.quiet_matches}, "
            f"{PASSWORD!r})")
    try:
        output = manage("shell", "-v0", "-c", code, env={"DATABASE_URL": url}).stdout
    except subprocess.CalledProcessError as failed:
        if SEASON_PLAYED_OUT not in (failed.stderr or ""):
            raise
        return None  # earlier runs have played the season's teams to R15's limit
    return json.loads(output.strip().splitlines()[-1])


class Server:
    """gunicorn with the production settings and the project's gunicorn.conf.py, every request's
    SQL statements counted (bench/statements.py)."""

    def __init__(self, url: str, redis: str, workers: int):
        self.port = free_port(PORTS)
        self.statements = Path(tempfile.mkstemp(prefix="bench-matchday-statements-")[1])
        self.static_root = tempfile.mkdtemp(prefix="bench-matchday-static-")  # never the project's staticfiles/
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.statements",
                    "BENCH_BASE_SETTINGS": "tournaments.site.settings_production",
                    "BENCH_STATEMENTS": str(self.statements), "SECRET_KEY": secrets.token_urlsafe(50),
                    "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1", "DATABASE_URL": url,
                    "REDIS_URL": redis, "BIND": f"127.0.0.1:{self.port}", "WEB_CONCURRENCY": str(workers),
                    "STATIC_ROOT": self.static_root}
        self.process = None

    def __enter__(self):
        subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=self.env, check=True)
        self.process = subprocess.Popen([str(Path(PYTHON).parent / "gunicorn"), "-c", "gunicorn.conf.py"], cwd=ROOT,
                                        env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        import urllib.request

        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/accounts/login/", timeout=5).read()
                return self
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit("gunicorn did not start:\n" + self.process.stderr.read()) from None
                time.sleep(0.1)
        raise SystemExit("gunicorn did not answer within a minute")

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.statements.unlink(missing_ok=True)
        shutil.rmtree(self.static_root, ignore_errors=True)

    def cpu_seconds(self) -> float:
        """CPU seconds the server's processes (gunicorn and its workers) have used: what a request
        costs, whatever else the machine runs meanwhile."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for pid in [self.process.pid, *_children(self.process.pid)]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        return total

    def requests_logged(self) -> list[list[str]]:
        """The requests since the last call, as the server logged them (bench/statements.py):
        method, path, status, statements, CPU ms, the page cache's word."""
        lines = self.statements.read_text().splitlines()
        self.statements.write_text("")
        return [line.split(" ") for line in lines]


SAVE_PATH = re.compile(r"^/jury/matches/\d+/hands/\d+/$")
KEEP_PATH = re.compile(r"^/jury/matches/\d+/hands/\d+/keep/$")


def save_statements(logged: list[list[str]]) -> list[int]:
    """The statements of each hand save (POST .../hands/N/), as the server counted them."""
    return [int(fields[3]) for fields in logged
            if fields[0] == "POST" and SAVE_PATH.match(fields[1]) and fields[2] == "200"]


def cpu_by_kind(logged: list[list[str]], urls: dict) -> dict[str, list[float]]:
    """The CPU milliseconds of each request, by what it was: a hand save, the typing kept, a login,
    a viewer's page by the cache's answer, a PDF, anything else."""
    viewers = {urls["big_screen"], urls["championship"], urls["cup"]}
    pdfs = {urls["championship_pdf"], urls["register_pdf"]}
    kinds: dict[str, list[float]] = {}
    for method, path, _status, _statements, cpu, cache, *_when in logged:
        if method == "POST" and SAVE_PATH.match(path):
            kind = "hand save"
        elif method == "POST" and KEEP_PATH.match(path):
            kind = "typing kept"
        elif path == urls["login"]:
            kind = f"login ({method})"
        elif path in viewers:
            kind = f"viewer: {cache}"
        elif path in pdfs:
            kind = f"PDF: {cache}"
        else:
            kind = "other"
        kinds.setdefault(kind, []).append(float(cpu))
    return kinds


def _children(pid: int) -> list[int]:
    """Every process under ``pid``: the workers and their PDF layout processes."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *_children(child)]
    return found


def flush_redis(redis: str) -> None:
    import redis as redis_client

    redis_client.Redis.from_url(redis).flushdb()


# --- the report ---------------------------------------------------------------------------------


def machine_speed(records: int = 2_000) -> str:
    """How fast this machine runs the site's Python, as one figure to set runs on different
    machines side by side: the rules engine's results-mode records scored a second on one core
    (`make bench-engine`'s first measure, on fewer records)."""
    from scoring.bench import generate_records, time_scoring

    _wall, cpu = time_scoring(generate_records(records, random.Random(2026), full=False))
    rate = records / max(cpu, 1e-9)
    return f"this machine's speed: the rules engine scores {rate:,.0f} records a second on one core"


def ms(value: float) -> str:
    return f"{value:7.1f}"


def series_line(name: str, series: Series, extra: str = "") -> str:
    return (f"  {name:<22} {len(series.times):>6} {ms(series.percentile(0.50))} {ms(series.percentile(0.95))} "
            f"{ms(series.percentile(0.99))} {len(series.errors):>6}  {extra}")


def report_scale(scale: int, quiet: Run, loaded: Run, quiet_statements, load_statements,
                 args) -> list[tuple[str, bool]]:
    goals = []
    header = f"  {'':<22} {'reqs':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'errors':>6}"
    print(f"\nN={scale}: quiet (one juror alone)\n{header}")
    print(series_line("hand save", quiet.saves))
    print(series_line("typing kept", quiet.keeps))
    print(f"N={scale}: under load ({args.jurors} jurors, {args.viewers} viewers)\n{header}")
    print(series_line("hand save", loaded.saves))
    print(series_line("typing kept", loaded.keeps))
    print(series_line("login", loaded.logins))
    for name, series in loaded.pages.items():
        share = loaded.not_modified.get(name, 0) / max(len(series.times), 1)
        print(series_line(f"viewer: {name}", series, f"{share:.0%} not modified"))
    quiet_p95, load_p95 = quiet.saves.percentile(0.95), loaded.saves.percentile(0.95)
    statements = quiet_statements + load_statements
    print(f"  SQL statements a hand save: min {min(statements, default=0)}, median "
          f"{statistics.median(statements) if statements else 0:g}, max {max(statements, default=0)} "
          f"({len(statements)} saves counted by the server)")
    for name, kinds in loaded.pdfs.items():
        fresh, cached = kinds["fresh"], kinds["cached"]
        print(f"  {name}: fresh under load max {max(fresh, default=0):.2f} s, median "
              f"{statistics.median(fresh) if fresh else 0:.2f} s ({len(fresh)}); unchanged max "
              f"{max(cached, default=0):.3f} s")
        goals.append((f"N={scale} {name} fresh under load at most {GOAL_PDF_FRESH_S:g} s",
                      bool(fresh) and max(fresh) <= GOAL_PDF_FRESH_S))
        goals.append((f"N={scale} {name} unchanged at most {GOAL_PDF_CACHED_S:g} s",
                      bool(cached) and max(cached) <= GOAL_PDF_CACHED_S))
    answered = sum(len(each.times) for each in [loaded.saves, loaded.keeps, loaded.logins, *loaded.pages.values()])
    answered += sum(len(times) for kinds in loaded.pdfs.values() for times in kinds.values())
    viewers = sum(len(series.times) for series in loaded.pages.values())
    seconds = max(loaded.seconds, 1e-9)
    print(f"  the run took {loaded.seconds:.0f} s: the server's CPU {loaded.server_cpu / seconds:.2f} cores, the load "
          f"generator's {loaded.generator_cpu / seconds:.2f}, of {os.cpu_count()}")
    print(f"  the server's CPU under load: {loaded.server_cpu:.1f} s for {answered} requests "
          f"({1000 * loaded.server_cpu / max(answered, 1):.1f} ms a request, {viewers} of them viewers'; the "
          f"machine's other work not counted); the load generator's (this process) {loaded.generator_cpu:.1f} s")
    print("  the server's CPU a request by kind (the request's own thread; median ms, total s, requests):")
    for kind, times in sorted(loaded.cpu_by_kind.items(), key=lambda item: -sum(item[1])):
        print(f"    {kind:<26} {statistics.median(times):8.1f} ms {sum(times) / 1000:7.1f} s {len(times):>7}")
    before, after = loaded.versions if len(loaded.versions) == 2 else ({}, {})
    moved = ", ".join(f"{name} {after.get(row, 0) - before.get(row, 0)}" for name, row in VERSION_ROWS.items())
    print(f"  the public data versions moved: {moved} times (matches started and submitted: "
          f"{2 * len(loaded.bench_matches)}, confirmed: {len(loaded.bench_matches)})")
    print(f"  confirmations {len(loaded.confirmations)}; cache check: {len(loaded.wrong)} wrong answers"
          + (f" (first: {loaded.wrong[0]})" if loaded.wrong else ""))
    series = [quiet.saves, quiet.keeps, loaded.saves, loaded.keeps, loaded.logins, *loaded.pages.values()]
    errors = quiet.errors + loaded.errors + [error for each in series for error in each.errors]
    if errors:
        print(f"  errors: {len(errors)}, first: {errors[:3]}")
    goals += [
        (f"N={scale} hand save p95 under load {load_p95:.0f} ms at most {GOAL_SAVE_P95_MS} ms",
         load_p95 <= GOAL_SAVE_P95_MS),
        (f"N={scale} hand save p95 under load at most {GOAL_SAVE_RATIO:g}x quiet ({quiet_p95:.0f} ms)",
         load_p95 <= GOAL_SAVE_RATIO * quiet_p95),
        *[(f"N={scale} viewer p95 {name} {series.percentile(0.95):.0f} ms at most {GOAL_VIEWER_P95_MS} ms",
           series.percentile(0.95) <= GOAL_VIEWER_P95_MS) for name, series in loaded.pages.items()],
        (f"N={scale} errors {len(errors)}: none", not errors),
        (f"N={scale} SQL statements a save at most {GOAL_STATEMENTS}",
         bool(statements) and max(statements) <= GOAL_STATEMENTS),
        (f"N={scale} the page cache never showed an unconfirmed score nor a page older than a confirmation",
         not loaded.wrong and bool(loaded.confirmations)),
    ]
    for text, met in goals:
        print(f"  [{'met' if met else 'MISSED'}] {text}")
    return goals


def scale_run(scale: int, args) -> list[tuple[str, bool]]:
    url = scale_database(args.database, scale)
    build(url, scale)
    print(f"scale {scale}: preparing jurors and today's matches ...", file=sys.stderr, flush=True)
    plan = prepare(url, args)
    if plan is None:
        build(url, scale, anew=True)
        plan = prepare(url, args)
    flush_redis(args.redis)
    database = Database(url)
    with Server(url, args.redis, args.workers) as server:
        print(f"scale {scale}: quiet run ...", file=sys.stderr, flush=True)
        quiet = asyncio.run(match_day("127.0.0.1", server.port, plan, args, viewers=0, jurors=1, database=database,
                                      quiet=True))
        quiet_statements = save_statements(server.requests_logged())
        print(f"scale {scale}: load run ...", file=sys.stderr, flush=True)
        cpu_before, generator_before, began = server.cpu_seconds(), time.process_time(), time.perf_counter()
        loaded = asyncio.run(match_day("127.0.0.1", server.port, plan, args, viewers=args.viewers,
                                       jurors=args.jurors, database=database, quiet=False))
        loaded.server_cpu = server.cpu_seconds() - cpu_before
        loaded.generator_cpu = time.process_time() - generator_before
        loaded.seconds = time.perf_counter() - began
        logged = server.requests_logged()
        load_statements = save_statements(logged)
        loaded.cpu_by_kind = cpu_by_kind(logged, plan["urls"])
    return report_scale(scale, quiet, loaded, quiet_statements, load_statements, args)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--jurors", type=int, default=16)
    parser.add_argument("--viewers", type=int, default=300)
    parser.add_argument("--matches", type=int, default=1, help="matches each juror enters under load")
    parser.add_argument("--quiet-matches", type=int, default=2, help="matches entered alone, for comparison")
    parser.add_argument("--gap", type=float, nargs=2, default=[2.0, 4.0], help="seconds between a juror's hands")
    parser.add_argument("--poll", type=float, nargs=2, default=[1.0, 3.0], help="seconds between a viewer's polls")
    parser.add_argument("--login-spread", type=float, default=4.0, help="the jurors log in within these seconds")
    parser.add_argument("--max-seconds", type=float, default=240.0, help="the viewers stop after this at the latest")
    # gunicorn.conf.py's own number (one a core, plus one) unless told otherwise.
    parser.add_argument("--workers", type=int,
                        default=int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() + 1))
    parser.add_argument("--short", action="store_true", help="one scale (1), 8 jurors, 100 viewers")
    parser.add_argument("--database", default=(os.environ.get("DATABASE_URL") or DEFAULT_DATABASE).rstrip("/"),
                        help="PostgreSQL; the scale is appended to its name (_1, _10)")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL") or DEFAULT_REDIS)
    args = parser.parse_args(argv)
    if not args.database.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench-matchday runs on PostgreSQL: set DATABASE_URL=postgres://...")
    if args.short:
        args.scales, args.jurors, args.viewers = [1], 8, 100
    started = time.perf_counter()
    loads = os.getloadavg()  # the machine may be shared: its load is part of the figures
    print(f"bench-matchday: load average at the start {loads[0]:.1f} / {loads[1]:.1f} / {loads[2]:.1f}; "
          f"{machine_speed()}", flush=True)
    goals = []
    for scale in args.scales:
        goals += scale_run(scale, args)
    load = os.getloadavg()
    print(f"\nbench-matchday: gunicorn {args.workers} workers (WSGI, gunicorn.conf.py, as `make serve`), "
          f"production settings, PostgreSQL, Redis; {os.cpu_count()} CPUs, load average at the start "
          f"{loads[0]:.1f}, at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1, 5, 15 min); "
          f"{time.perf_counter() - started:.0f} s")
    missed = [text for text, met in goals if not met]
    print("every goal met" if not missed else f"goals missed: {len(missed)} of {len(goals)}: " + "; ".join(missed))


if __name__ == "__main__":
    main()
