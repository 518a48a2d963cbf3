"""`make bench-players`: the players enter and verify their matches on their own phones, at 16
tables at once, while the jury's match-day screen is open on its WebSocket.

It builds a fresh SQLite database (.cache/bench/players.sqlite3; with a PostgreSQL DATABASE_URL, a
fresh database named tarokk_bench_players on that server), puts 16 matches of a competition whose
players enter the hands on today's calendar, gives each team its link as a juror, and serves the
site with uvicorn (one process, as bench/table.py: the in-memory channel layer, the shared cache in
files, .cache/bench/players-cache, emptied first: the links' pace is counted there; with
``--workers N`` and REDIS_URL, N processes sharing Redis's layer and cache).

Each team has two phones on its link: one enters the hands the team enters, the other verifies
the other team's. Team A enters the odd hands, team B the even ones; for each of a match's 8 hands
the entering phone opens its page, types (a pause), and sends the hand with a ``sent_as`` name of
its own (players.js); the other team's verifying phone opens its page, reads the hand (a pause)
and accepts it with one tap. Some hands are disputed with a note first, and entered again. One
hand a table is sent on a connection that drops before the answer comes: the phone sends it again
under the same ``sent_as`` (players.js on the connection's return). A phone follows each answer's
redirect, as a browser does. Each link keeps to its pace limit (REQUESTS_A_MINUTE through one
link, both phones counted): a person is slower anyway.

The jury's screen (a juror logged in by the login page) holds /ws/jury/match-day/ open and asks for
/jury/match-day/ again whenever it is told of a change, as static/tournaments/live.js does (one
request at a time: a change told during one is asked for once after it).

Printed, each with its goal: the time to store a hand (a phone's hand sent, a hand accepted into
the door) p95; the time from a verification sent to the jury's screen showing the hand stored,
p95; errors; hands lost or stored twice when a connection dropped mid-entry; the keys or taps a
results-mode hand takes beyond its own text (the fields a phone must tab through on the served
page, and the send button), and the taps a verification takes; then a last line saying whether
every goal was met.

    python -m bench.players [--tables 16] [--hands 8] [--pause 2 5] [--scale 1] [--port 8200] [--workers 1]
    python -m bench.players --short     # the pauses a tenth as long (the links' pace still kept)
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import math
import os
import random
import re
import time
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field

from websockets.asyncio.client import connect

from bench.http_client import Client
from bench.matchday import children, hand_fields, process_cpu
from bench.ports import free_port
from bench.servers import ROOT, fresh_database, own_database_url, serve_uvicorn, setup_django, todays_match

DATABASE = ROOT / ".cache" / "bench" / "players.sqlite3"
CACHE = ROOT / ".cache" / "bench" / "players-cache"
POSTGRESQL_DATABASE = "tarokk_bench_players"
PORTS = range(8200, 8210)
PASSWORD = "bench-players-password"
LOGIN = "/accounts/login/"
SCREEN = "/jury/match-day/"

GOAL_STORED_P95_MS = 150
GOAL_SCREEN_P95_S = 1.0
GOAL_KEYS_A_HAND = 60
GOAL_TAPS_A_VERIFICATION = 2
# The server counts 30 requests a minute through a link (tournaments/pages/entry/at_the_table.py);
# the phones keep under it with room for the time a request takes to arrive.
PACE_A_MINUTE = 27
DISPUTE_SHARE = 0.1

CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TABLE = re.compile(r'id="table-(\d+)"')
HAND_STATE = re.compile(r'<li class="hand-(\w+)">')


# --- what is measured ---------------------------------------------------------------------------


@dataclass
class Run:
    entered: list = field(default_factory=list)  # seconds: a hand sent, its answer
    accepted: list = field(default_factory=list)  # seconds: a hand accepted, stored through the door
    verified_at: dict = field(default_factory=dict)  # (match, hand): perf_counter the acceptance was sent
    screen_delays: list = field(default_factory=list)  # seconds: acceptance sent to the screen showing it
    shown: set = field(default_factory=set)  # (match, hand) the screen has shown stored
    screen_pages: int = 0
    pushes: int = 0
    errors: list = field(default_factory=list)
    dropped: list = field(default_factory=list)  # (match, hand) sent on a connection that dropped
    disputed: collections.Counter = field(default_factory=collections.Counter)  # (match, hand): times
    keys_a_hand: list = field(default_factory=list)
    requests: int = 0  # every HTTP request the phones and the screen sent
    taps_a_verification: list = field(default_factory=list)


class Pace:
    """A link's requests, both of its team's phones counted, kept under PACE_A_MINUTE in any minute."""

    def __init__(self):
        self.sent: collections.deque = collections.deque()

    async def wait(self):
        while True:
            now = time.monotonic()
            while self.sent and now - self.sent[0] >= 60:
                self.sent.popleft()
            if len(self.sent) < PACE_A_MINUTE:
                self.sent.append(now)
                return
            await asyncio.sleep(60 - (now - self.sent[0]) + 0.05)


class Phone:
    """One player's phone on the team's link: its own connection and cookies."""

    def __init__(self, http, token: str, pace: Pace, run: Run, rng: random.Random, pause):
        self.client, self.token, self.pace, self.run = Client(*http), token, pace, run
        self.rng, self.pause = rng, pause
        self.http = http
        self.page = ""

    @property
    def home(self) -> str:
        return f"/t/{self.token}/"

    async def rest(self):
        await asyncio.sleep(self.rng.uniform(*self.pause))

    async def get(self, path: str, what: str):
        await self.pace.wait()
        self.run.requests += 1
        answer = await self.client.request("GET", path)
        if answer.status != 200:
            self.run.errors.append(f"{what}: {answer.status}")
        self.page = answer.text
        return answer

    async def post(self, path: str, form: dict, what: str):
        await self.pace.wait()
        self.run.requests += 1
        answer = await self.client.request("POST", path, form=form)
        if answer.status != 302:
            self.run.errors.append(f"{what}: {answer.status} {snippet(answer.text)}")
        else:
            await self.get(answer.headers["location"].split("#")[0], f"{what}, its redirect")
        return answer

    def csrf(self) -> str:
        found = CSRF_FIELD.search(self.page)
        return found.group(1) if found else ""

    async def enter(self, match: int, number: int, drop: bool) -> bool:
        await self.get(self.home, f"page before entering {match}/{number}")
        if f'id="hand-form" data-hand="{number}"' not in self.page:
            self.run.errors.append(f"match {match}: hand {number} is not offered to the entering team")
            return False
        self.run.keys_a_hand.append(keys_to_enter(self.page))
        await self.rest()  # the hand typed
        form = {"csrfmiddlewaretoken": self.csrf(), "sent_as": str(uuid.uuid4()), **hand_fields(number)}
        path = f"/t/{self.token}/hands/{number}/"
        if drop:
            await self.send_and_drop(path, form)
            self.run.dropped.append((match, number))
            await asyncio.sleep(self.rng.uniform(0.2, 1.0))  # the connection returns
        answer = await self.post(path, form, f"hand {match}/{number} sent{' again' if drop else ''}")
        self.run.entered.append(answer.seconds)
        return answer.status == 302

    async def send_and_drop(self, path: str, form: dict):
        """The hand sent, the connection lost before its answer (the server may or may not have it)."""
        await self.pace.wait()
        self.run.requests += 1
        body = urllib.parse.urlencode(form).encode()
        cookies = "; ".join(f"{name}={value}" for name, value in self.client.cookies.items())
        reader, writer = await asyncio.open_connection(*self.http)
        writer.write((f"POST {path} HTTP/1.1\r\nHost: {self.http[0]}:{self.http[1]}\r\nCookie: {cookies}\r\n"
                      "Content-Type: application/x-www-form-urlencoded\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
        await writer.drain()
        writer.close()  # no answer read: the phone went out of reach

    async def verify(self, match: int, number: int, dispute: bool) -> str:
        """Accept (or dispute) hand ``number``: its outcome, "accepted", "disputed" or "failed"."""
        await self.get(self.home, f"page before verifying {match}/{number}")
        action = f'action="/t/{self.token}/hands/{number}/answer/"'
        revision = re.search(re.escape(action) + r'.*?name="revision" value="(\d+)"', self.page, re.S)
        if revision is None:
            self.run.errors.append(f"match {match}: hand {number} is not offered to the other team")
            return "failed"
        self.run.taps_a_verification.append(taps_to_accept(self.page, action))
        await self.rest()  # the hand read
        form = {"csrfmiddlewaretoken": self.csrf(), "revision": revision.group(1)}
        path = f"/t/{self.token}/hands/{number}/answer/"
        if dispute:
            self.run.disputed[(match, number)] += 1
            answer = await self.post(path, {**form, "verdict": "dispute", "note": "We had one trump fewer"},
                                     f"hand {match}/{number} disputed")
            return "disputed" if answer.status == 302 else "failed"
        self.run.verified_at[(match, number)] = time.perf_counter()
        answer = await self.post(path, {**form, "verdict": "accept"}, f"hand {match}/{number} accepted")
        self.run.accepted.append(answer.seconds)
        return "accepted" if answer.status == 302 else "failed"


def snippet(text: str) -> str:
    found = re.search(r'role="alert"[^>]*>\s*<p>([^<]+)', text)
    return found.group(1) if found else text[:80]


# --- taps and keys, read from the served page -----------------------------------------------------

FIELD = re.compile(r"<(input|select|textarea)\b([^>]*)>")


def fields_to_tab_through(html: str) -> list[str]:
    """The fields a person passes on the way to the button: every visible one, none inside a
    closed <details> (the full deal, the legend: opened only by those who want them)."""
    html = re.sub(r"<details(?![^>]*\bopen\b)[^>]*>.*?</details>", "", html, flags=re.S)
    return [kind for kind, attributes in FIELD.findall(html) if 'type="hidden"' not in attributes]


def keys_to_enter(page: str) -> int:
    """A results-mode hand's keys or taps beyond its own text: one to reach each field of the form
    (Tab, or a tap), a select's choice one more, and the send button."""
    form = re.search(r'<form[^>]*id="hand-form".*?</form>', page, re.S)
    kinds = fields_to_tab_through(form.group(0)) if form else []
    return len(kinds) + kinds.count("select") + 1


def taps_to_accept(page: str, action: str) -> int:
    """A verification's taps: the fields to fill before the accept button (none), and the button."""
    form = re.search(r"<form[^>]*" + re.escape(action) + r".*?</form>", page, re.S)
    return len(fields_to_tab_through(form.group(0))) + 1 if form else math.inf


# --- the tables -------------------------------------------------------------------------------------


async def table(http, plan: dict, run: Run, hands: int, pause, rng: random.Random):
    """One match: two phones a team, team A entering the odd hands, B the even ones."""
    match = plan["match"]
    paces = {side: Pace() for side in "AB"}
    phones = {(side, role): Phone(http, plan["links"][side], paces[side], run, random.Random(rng.random()), pause)
              for side in "AB" for role in ("enter", "verify")}
    try:
        await asyncio.sleep(rng.uniform(0, pause[1]))  # the tables do not start at one instant
        dropped = rng.randint(1, hands)  # one hand a table sent on a connection that drops
        for number in range(1, hands + 1):
            entering, verifying = ("A", "B") if number % 2 else ("B", "A")
            dispute, drop = rng.random() < DISPUTE_SHARE, number == dropped
            for _attempt in range(3):
                if not await phones[(entering, "enter")].enter(match, number, drop):
                    return
                drop = False
                outcome = await phones[(verifying, "verify")].verify(match, number, dispute)
                if outcome != "disputed":
                    break
                dispute = False  # entered again, then accepted
            if outcome != "accepted":
                return
    except Exception as error:  # noqa: BLE001 - counted, the other tables go on
        run.errors.append(f"match {match}: {error!r}")
    finally:
        for phone in phones.values():
            await phone.client.close()


async def jury_screen(http, ws_url: str, username: str, run: Run, ready: asyncio.Event, stop: asyncio.Event):
    """The match-day screen as live.js keeps it: told of a change, it asks for the page again."""
    client = Client(*http)
    try:
        page = await client.request("GET", LOGIN)
        login = await client.request("POST", LOGIN, {"Referer": f"http://{http[0]}:{http[1]}{LOGIN}"},
                                     {"csrfmiddlewaretoken": CSRF_FIELD.search(page.text).group(1),
                                      "username": username, "password": PASSWORD})
        if login.status != 302:
            run.errors.append(f"jury login: {login.status}")
            ready.set()
            return
        await read_screen(client, run)
        cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        async with connect(ws_url, origin=f"http://{http[0]}:{http[1]}",
                           additional_headers={"Cookie": cookies}) as socket:
            ready.set()
            told = asyncio.Event()
            asking = asyncio.create_task(ask_when_told(client, run, told, stop))
            receiving = asyncio.create_task(receive(socket, run, told))
            await stop.wait()
            receiving.cancel()
            await asyncio.gather(asking, receiving, return_exceptions=True)
    except Exception as error:  # noqa: BLE001
        run.errors.append(f"jury screen: {error!r}")
        ready.set()
    finally:
        await client.close()


async def receive(socket, run: Run, told: asyncio.Event):
    async for _message in socket:
        run.pushes += 1
        told.set()
    run.errors.append("jury screen: the socket closed")


async def ask_when_told(client: Client, run: Run, told: asyncio.Event, stop: asyncio.Event):
    while not stop.is_set():
        try:
            await asyncio.wait_for(told.wait(), 0.5)
        except TimeoutError:
            continue
        told.clear()
        await read_screen(client, run)


async def read_screen(client: Client, run: Run):
    answer = await client.request("GET", SCREEN)
    run.requests += 1
    arrived = time.perf_counter()
    if answer.status != 200:
        run.errors.append(f"jury screen page: {answer.status}")
        return
    run.screen_pages += 1
    for section in answer.text.split('<section class="match-day-table')[1:]:
        found = TABLE.search(section)
        if not found:
            continue
        match = int(found.group(1))
        for number, state in enumerate(HAND_STATE.findall(section), start=1):
            key = (match, number)
            if state == "stored" and key not in run.shown:
                run.shown.add(key)
                if key in run.verified_at:
                    run.screen_delays.append(arrived - run.verified_at[key])


async def play(http, ws_url: str, plans: list, juror: str, hands: int, pause) -> tuple[Run, float]:
    run, ready, stop = Run(), asyncio.Event(), asyncio.Event()
    screen = asyncio.create_task(jury_screen(http, ws_url, juror, run, ready, stop))
    await ready.wait()
    began = time.perf_counter()
    rng = random.Random(38)
    await asyncio.gather(*[table(http, plan, run, hands, pause, random.Random(rng.random())) for plan in plans])
    elapsed = time.perf_counter() - began
    for _wait in range(50):  # the last acceptances reach the screen
        if all(key in run.shown for key in run.verified_at):
            break
        await asyncio.sleep(0.1)
    stop.set()
    await screen
    return run, elapsed


# --- the site -----------------------------------------------------------------------------------------


def environment(workers: int) -> dict[str, str]:
    env = dict(os.environ)
    env["DATABASE_URL"] = own_database_url(env.get("DATABASE_URL", ""), DATABASE, POSTGRESQL_DATABASE)
    if workers == 1:
        env.pop("REDIS_URL", None)  # one process: the in-memory channel layer reaches the screen's socket
    elif not env.get("REDIS_URL"):
        raise SystemExit("--workers above 1 needs REDIS_URL: the in-memory channel layer stays inside one process")
    else:
        env["REDIS_PREFIX"] = f"bench-players-{time.time_ns()}"  # this run's own keys and messages
    env["DJANGO_SETTINGS_MODULE"] = "bench.table_settings"
    env["CACHE_DIR"] = str(CACHE)
    env["DEBUG"] = "false"
    return env


def matches_with_links(count: int) -> tuple[list[dict], str]:
    """``count`` matches of today whose players enter the hands, each team's link given by a
    juror; the juror's name (the jury's screen logs in as them)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from tournaments.core.models import Competition, Season
    from tournaments.core.roles import JURY
    from tournaments.recording import player_entry

    today = timezone.localdate()
    season, _ = Season.objects.get_or_create(year=today.year, defaults={"state": Season.State.RUNNING})
    competition = Competition.objects.create(season=season, kind=Competition.Kind.CHAMPIONSHIP, name="Bench",
                                             slug="bench-players", players_enter_hands=True)
    juror = get_user_model().objects.create_user(username="bench-juror", password=PASSWORD)
    juror.groups.add(Group.objects.get(name=JURY))
    plans = []
    for number in range(count):
        match = todays_match(competition, number, "BP")
        plans.append({"match": match.pk,
                      "links": {side: player_entry.give_link(match, side, juror).token for side in "AB"}})
    return plans, juror.username


def server_cpu(pid: int) -> float:
    """uvicorn's CPU seconds, its worker processes' too."""
    return sum(map(process_cpu, [pid, *children(pid)]))


def what_was_stored(plans: list, run: Run, hands: int) -> tuple[int, int, int, int]:
    """Hands stored of those played; of the hands sent on a dropped connection, those lost and
    those entered twice (a revision beyond one a dispute)."""
    from tournaments.core.models import Hand, PlayerHand

    pks = [plan["match"] for plan in plans]
    stored = set(Hand.objects.filter(match__in=pks).values_list("match_id", "number"))
    revisions = dict(((match, number), revision) for match, number, revision in
                     PlayerHand.objects.filter(match__in=pks).values_list("match_id", "number", "revision"))
    lost = sum(key not in stored for key in run.dropped)
    doubled = sum(revisions.get(key, 0) > 1 + run.disputed[key] for key in run.dropped)
    return len(stored), len(pks) * hands, lost, doubled


# --- the report -------------------------------------------------------------------------------------


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else math.nan


def report(run: Run, stored: tuple, elapsed: float, cpu: float, options) -> list:
    count, expected, lost, doubled = stored
    entered_p95, accepted_p95 = (1000 * percentile(series, 0.95) for series in (run.entered, run.accepted))
    screen_p95 = percentile(run.screen_delays, 0.95)
    keys, taps = max(run.keys_a_hand, default=math.inf), max(run.taps_a_verification, default=math.inf)
    print(f"tables {options.tables}, phones {4 * options.tables}, {options.hands} hands a match, pauses "
          f"{options.pause[0]:g}-{options.pause[1]:g} s; {elapsed:.0f} s; hands stored {count} of {expected}; "
          f"{sum(run.disputed.values())} disputed and entered again, {len(run.dropped)} sent on a dropped connection")
    print(f"  a hand sent by a phone: {len(run.entered)}, p50 {1000 * percentile(run.entered, 0.5):.0f} ms, "
          f"p95 {entered_p95:.0f} ms, max {1000 * max(run.entered, default=math.nan):.0f} ms")
    print(f"  a hand accepted (stored through the door): {len(run.accepted)}, p50 "
          f"{1000 * percentile(run.accepted, 0.5):.0f} ms, p95 {accepted_p95:.0f} ms, max "
          f"{1000 * max(run.accepted, default=math.nan):.0f} ms")
    print(f"  the jury's screen: told {run.pushes} times, asked for its page {run.screen_pages} times; a verification "
          f"shown p50 {percentile(run.screen_delays, 0.5):.2f} s, p95 {screen_p95:.2f} s, max "
          f"{max(run.screen_delays, default=math.nan):.2f} s after it was sent ({len(run.screen_delays)} of "
          f"{len(run.verified_at)} shown)")
    print(f"  the server's CPU: {cpu:.1f} s for {run.requests} requests, {1000 * cpu / max(run.requests, 1):.1f} ms a "
          "request (a figure the machine's other work changes little)")
    if run.errors:
        print(f"  errors: {len(run.errors)}, first: {run.errors[:3]}")
    all_shown = len(run.screen_delays) == len(run.verified_at) > 0
    return [
        (f"hand stored p95: sent {entered_p95:.0f} ms, accepted {accepted_p95:.0f} ms (goal at most "
         f"{GOAL_STORED_P95_MS} ms)", max(entered_p95, accepted_p95) <= GOAL_STORED_P95_MS),
        (f"the jury's screen shows each verification p95 {screen_p95:.2f} s, {len(run.screen_delays)} of "
         f"{len(run.verified_at)} shown (goal at most {GOAL_SCREEN_P95_S:g} s, all)",
         all_shown and screen_p95 <= GOAL_SCREEN_P95_S),
        (f"errors {len(run.errors)} (goal 0)", not run.errors),
        (f"hands stored {count} of {expected} (goal all)", count == expected),
        (f"hands sent on a dropped connection {len(run.dropped)}: lost {lost}, stored twice {doubled} (goal 0, 0)",
         bool(run.dropped) and not lost and not doubled),
        (f"keys or taps a results-mode hand beyond its text {keys} (goal at most {GOAL_KEYS_A_HAND})",
         keys <= GOAL_KEYS_A_HAND),
        (f"taps a verification {taps} (goal at most {GOAL_TAPS_A_VERIFICATION})", taps <= GOAL_TAPS_A_VERIFICATION),
    ]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--pause", type=float, nargs=2, default=[2.0, 5.0],
                        help="seconds a person takes to type a hand or to read one")
    parser.add_argument("--scale", type=float, default=1.0, help="the pauses multiplied by this")
    parser.add_argument("--short", action="store_true", help="the pauses a tenth as long")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn's processes (more than one needs REDIS_URL)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT") or 0))
    options = parser.parse_args(argv)
    if options.short:
        options.scale = 0.1
    pause = tuple(options.scale * seconds for seconds in options.pause)
    options.pause = list(pause)
    env = environment(options.workers)
    load_before = os.getloadavg()[0]
    fresh_database(env, DATABASE, POSTGRESQL_DATABASE, CACHE)
    setup_django(env)
    plans, juror = matches_with_links(options.tables)
    port = options.port or free_port(PORTS)
    server = serve_uvicorn(env, port, options.workers, LOGIN)
    try:
        cpu_before = server_cpu(server.pid)
        run, elapsed = asyncio.run(play(("127.0.0.1", port), f"ws://127.0.0.1:{port}/ws/jury/match-day/", plans,
                                        juror, options.hands, pause))
        cpu = server_cpu(server.pid) - cpu_before
    finally:
        server.terminate()
        server.wait(10)
    database = "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else "SQLite"
    layer = "the in-memory channel layer" if options.workers == 1 else "Redis"
    processes = f"{options.workers} process{'es' if options.workers > 1 else ''}"
    print(f"bench-players: uvicorn, {processes}, {database}, {layer}; {os.cpu_count()} CPUs, "
          f"load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (shared machine)")
    goals = report(run, what_was_stored(plans, run, options.hands), elapsed, cpu, options)
    for text, met in goals:
        print(f"  [{'met' if met else 'MISSED'}] {text}")
    missed = [text for text, met in goals if not met]
    print("every goal met" if not missed else f"goals missed: {len(missed)} of {len(goals)}: " + "; ".join(missed))


if __name__ == "__main__":
    main()
