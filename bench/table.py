"""`make bench-table`: bots play the online table through its own WebSocket messages.

It builds a fresh SQLite database (.cache/bench/table.sqlite3; with a PostgreSQL DATABASE_URL, a
fresh database named tarokk_bench_table on that server, dropped and created again), puts 8
Championship matches on today's calendar with their players, opens a table for each as a chief
juror, and serves the site with uvicorn (one process, the in-memory channel layer and the shared
cache in files, .cache/bench/table-cache, emptied first; with REDIS_URL, Redis's layer and cache,
and ``--workers`` processes). Four bots a table join their seats by the
seat links (the session cookie of the join page, as a browser does) and play random legal hands
for a bounded time at a player's pace (a second a move on average, --think): each picks among the
moves its own view offers, and now and then first tries
an illegal one (a card it may not play or does not hold, a play before the announcements end, a
malformed announcement a hand-made client could send: Seize declaring the XIV, Kite the queen of
hearts, Pheasant with no card, Gang with no suit or two, Dschinn with hearts, Visi with a card, Play
with a suit), which the server must refuse when it is made (R9c).

Printed: hands completed, WebSocket messages a second, the p95 and worst time from a card sent to
the other three seats seeing it (goal: p95 at most 100 ms), illegal moves tried and refused (goal:
all), and for every hand finished at a table: the engine's answer for the table's own record
equal to the stored scores (goal: all), and the count of finished hands whose record the engine
refuses (goal: 0); then the server's CPU time a move (a figure that does not depend on
what else the machine runs), the machine's load average (it may be shared), and a last line saying
whether every goal was met.

    python -m bench.table [--tables 8] [--seconds 60] [--port 8190] [--workers 1] [--think 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

from bench.servers import (
    ROOT,
    fresh_database,
    is_postgresql,
    own_database_url,
    serve_uvicorn,
    setup_django,
    todays_match,
)

DATABASE = ROOT / ".cache" / "bench" / "table.sqlite3"
CACHE = ROOT / ".cache" / "bench" / "table-cache"
POSTGRESQL_DATABASE = "tarokk_bench_table"
GOAL_P95_MS = 100
# The goal is for eight tables of people: a player takes seconds over a card, a bot taking one on
# average plays faster than any. Bots answering at once (--think 0) keep the server as busy as it can
# be, and a card's time is then mostly its wait behind the other 31 seats' moves.
PLAYERS_PACE_MS = 1000
ILLEGAL_CHANCE = 0.08
SPEAK_CHANCE = 0.25
ANSWER_WAIT = 10  # seconds an illegal move sent just before the end may take to be refused


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["DATABASE_URL"] = own_database_url(env.get("DATABASE_URL", ""), DATABASE, POSTGRESQL_DATABASE)
    env.setdefault("DJANGO_SETTINGS_MODULE", "bench.table_settings")
    # The shared cache as production has it (files on one machine, Redis with REDIS_URL): the table
    # keeps each finished hand's scores and view there, read at every move.
    env["CACHE_DIR"] = str(CACHE)
    env["DEBUG"] = "false"
    # Bots answering at once make a seat's moves several times faster than a person can (up to six
    # a second on a quiet machine), over the seat's rate (TABLE_SEAT_MESSAGES in TABLE_SEAT_SECONDS,
    # 30 in 10 s by default): the bench measures the server at that speed, so its seats may send more.
    env.setdefault("TABLE_SEAT_MESSAGES", "1000")
    return env


def open_tables(count: int) -> list[dict[str, str]]:
    """Eight matches of today, each with a table opened by a chief juror: the seat links."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from tournaments.core.models import Competition, Season
    from tournaments.core.roles import CHIEF_JURY
    from tournaments.recording import tables

    today = timezone.localdate()
    season, _ = Season.objects.get_or_create(year=today.year, defaults={"state": Season.State.RUNNING})
    competition = Competition.objects.create(season=season, kind=Competition.Kind.CHAMPIONSHIP,
                                             name="Bench", slug=f"bench-{time.time_ns()}")
    chief = get_user_model().objects.create_user(username=f"chief-{time.time_ns()}", password="x")
    chief.groups.add(Group.objects.get(name=CHIEF_JURY))
    links = []
    for number in range(count):
        match = todays_match(competition, number, "BT", name_suffix=f" {time.time_ns()}")
        _table, table_links = tables.open_table(user=chief, match=match, seed=number + 1)
        links.append(table_links)
    return links


def session_cookie(port: int, secret: str) -> str:
    """Join a seat as a browser does: the join page keeps the seat in the session."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"http://127.0.0.1:{port}/table/join/{secret}/", timeout=10)
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)


class Tally:
    def __init__(self, think: float) -> None:
        self.think = think  # seconds, on average, before a move
        self.messages = 0
        self.latencies: list[float] = []
        self.sent_at: dict[tuple, float] = {}
        self.illegal_tried = 0
        self.illegal_refused = 0
        self.malformed_tried = 0
        self.malformed_refused = 0
        self.unexpected_refusals = 0
        self.too_fast = 0  # refused for the seat's rate (TABLE_SEAT_MESSAGES): bots answer at once


async def bot(port: int, table: int, seat: str, cookie: str, tally: Tally, deadline: float, rng: random.Random):
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/table/{table}/seat/"
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    async with websockets.connect(url, additional_headers=headers) as socket:
        answered: tuple | None = None
        illegal_pending = malformed_pending = False
        last_view = None
        while time.monotonic() < deadline or illegal_pending:  # an illegal move's answer is awaited
            wait = deadline - time.monotonic()
            if illegal_pending:
                wait = max(wait, 0) + ANSWER_WAIT
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=max(wait, 0.01))
            except TimeoutError:
                break
            tally.messages += 1
            message = json.loads(raw)
            if message["type"] == "refused":
                if message.get("code") == "too_fast":
                    tally.too_fast += 1
                    answered = None
                    await asyncio.sleep(1)
                elif illegal_pending:
                    tally.illegal_refused += 1
                    tally.malformed_refused += malformed_pending
                    illegal_pending = malformed_pending = False
                else:
                    tally.unexpected_refusals += 1
                    answered = None
                if time.monotonic() < deadline:
                    await _answer_if_my_turn(socket, seat, last_view, tally, rng)
                continue
            view = last_view = message["view"]
            key = (table, view.get("hand_number"), view.get("moves"))
            sent = tally.sent_at.get(key)
            if sent is not None and sent[1] != seat:
                tally.latencies.append(time.monotonic() - sent[0])
            if view.get("phase") == "over":
                break
            if view.get("to_act") != seat or answered == key or view.get("state") != "open":
                continue
            answered = key
            if rng.random() < ILLEGAL_CHANCE:
                illegal = _illegal_move(view, rng)
                if illegal is not None:
                    tally.illegal_tried += 1
                    malformed_pending = illegal["kind"] == "announce"
                    tally.malformed_tried += malformed_pending
                    illegal_pending = True
                    tally.messages += 1
                    await socket.send(json.dumps({"move": illegal}))
                    continue  # the refusal comes back; the legal move follows it
            await _answer_if_my_turn(socket, seat, view, tally, rng)


async def _answer_if_my_turn(socket, seat, view, tally, rng) -> None:
    if view is None or view.get("to_act") != seat:
        return
    if tally.think:  # a player's time to think, at random around the mean asked for
        await asyncio.sleep(rng.expovariate(1 / tally.think))
    move = _legal_move(view, rng)
    if move["kind"] == "play":
        # Seen by the others when the view after this move (one more move) reaches them.
        tally.sent_at[(view["table"], view["hand_number"], view["moves"] + 1)] = (time.monotonic(), seat)
    tally.messages += 1
    await socket.send(json.dumps({"move": move}))


def _legal_move(view: dict, rng: random.Random) -> dict:
    if view["phase"] == "announcing":
        choices = [{"kind": "announce", "feast": o["feast"], "cards": o["cards"], "suits": o["suits"]}
                   for o in view["offers"]] + [{"kind": "contra", "target": c["target"]} for c in view["contras"]]
        if choices and rng.random() < SPEAK_CHANCE:
            return rng.choice(choices)
        return {"kind": "pass"}
    return {"kind": "play", "card": rng.choice(view["playable"])}


# Announcements a hand-made client could send, each refused by the engine's check of a record (R9c).
MALFORMED = [
    {"feast": "seize", "cards": ["XIV"]}, {"feast": "kite", "cards": ["Qh"]}, {"feast": "pheasant"},
    {"feast": "gang"}, {"feast": "gang", "suits": ["hearts", "spades"]}, {"feast": "dschinn", "suits": ["hearts"]},
    {"feast": "visi", "cards": ["I"]}, {"feast": "play", "suits": ["hearts"]},
]
OTHER_CARDS = ["Fool", "XXI", "Kh", "Qd", "10s", "Vc", "I", "XVII"]


def _illegal_move(view: dict, rng: random.Random) -> dict | None:
    if view["phase"] == "announcing":
        if rng.random() < 0.7:
            return {"kind": "announce", **rng.choice(MALFORMED)}
        return {"kind": "play", "card": view["cards"][0]}  # the announcements are not over
    not_playable = [card for card in view["cards"] if card not in view["playable"]]
    not_held = [card for card in OTHER_CARDS if card not in view["cards"]]
    choice = rng.random()
    if not_playable and choice < 0.6:
        return {"kind": "play", "card": rng.choice(not_playable)}
    if not_held and choice < 0.9:
        return {"kind": "play", "card": rng.choice(not_held)}  # another seat's, or one played
    return {"kind": "announce", **rng.choice(MALFORMED)}  # the announcements are over


async def play_all(port: int, links: list[dict[str, str]], seconds: float, think: float) -> tuple[Tally, float]:
    from tournaments.recording import tables

    tally = Tally(think)
    started = time.monotonic()
    deadline = started + seconds
    bots = []
    for index, table_links in enumerate(links):
        for seat, secret in table_links.items():
            table_id = (await asyncio.to_thread(tables.seat_of_link, secret)).table_id
            cookie = await asyncio.to_thread(session_cookie, port, secret)
            bots.append(bot(port, table_id, seat, cookie, tally, deadline, random.Random(f"{index}{seat}")))
    await asyncio.gather(*bots)
    return tally, time.monotonic() - started


def agreement() -> tuple[int, int, int]:
    """Every hand finished at a table, against the engine's answer for the table's own record: how
    many, how many the door stored with the engine's scores, how many records the engine refuses."""
    from scoring import evaluate_hand
    from scoring.problems import InvalidRecord
    from tournaments.core.models import Hand, Table
    from tournaments.recording import tables

    stored = agreeing = refused = 0
    for table in Table.objects.exclude(match=None):
        state = tables.load(table)
        rows = {hand.number: hand for hand in Hand.objects.filter(match=table.match)}
        for number, hand in enumerate(state.finished, start=1):
            stored += 1
            try:
                answer = evaluate_hand(hand.record())
            except InvalidRecord:
                refused += 1
                continue
            row = rows.get(number)
            if row is not None and (row.score_a, row.score_b) == (answer["A"]["score"], answer["B"]["score"]) \
                    and row.tricks == hand.record()["tricks"]:
                agreeing += 1
    return stored, agreeing, refused


def server_cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of the server process and its worker processes so far."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def moves_stored() -> int:
    from tournaments.core.models import TableAction

    return TableAction.objects.count()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8190))
    parser.add_argument("--workers", type=int, default=1, help="server processes (more than one needs REDIS_URL)")
    parser.add_argument("--think", type=float, default=PLAYERS_PACE_MS,
                        help="milliseconds a bot thinks before a move, on average (0: it answers at once, a "
                             "stress test whose times are those of a queue)")
    options = parser.parse_args()
    env = environment()
    if options.workers > 1 and not env.get("REDIS_URL"):
        raise SystemExit("--workers above 1 needs REDIS_URL: the in-memory channel layer stays inside one process")
    fresh_database(env, DATABASE, POSTGRESQL_DATABASE, CACHE)
    setup_django(env)
    links = open_tables(options.tables)
    server = serve_uvicorn(env, options.port, options.workers, "/table/")
    load_before = os.getloadavg()[0]
    try:
        cpu_before, bots_before = server_cpu_seconds(server.pid), time.process_time()
        tally, elapsed = asyncio.run(play_all(options.port, links, options.seconds, options.think / 1000))
        cpu, bots_cpu = server_cpu_seconds(server.pid) - cpu_before, time.process_time() - bots_before
    finally:
        server.terminate()
        server.wait(10)
    load_after = os.getloadavg()[0]
    stored, agreeing, records_refused = agreement()
    moves = moves_stored()
    latencies = sorted(tally.latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    worst = latencies[-1] * 1000 if latencies else float("nan")
    median = statistics.median(latencies) * 1000 if latencies else float("nan")
    from django.conf import settings

    database = "PostgreSQL" if is_postgresql(env["DATABASE_URL"]) else "SQLite"
    layer = "Redis" if settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_redis") else "in-memory"
    print(f"tables {options.tables}, {elapsed:.1f} s; {database}, {layer} channel layer, uvicorn "
          f"{options.workers} process{'es' if options.workers > 1 else ''}; bots think "
          f"{f'{options.think:g} ms on average' if options.think else 'not at all'}")
    print(f"machine: {os.cpu_count()} CPUs, load average {load_before:.1f} at the start, {load_after:.1f} at the end "
          "(shared: other work slows every figure below but the CPU time a move)")
    print(f"hands completed: {stored}; moves stored: {moves}")
    print(f"messages a second: {tally.messages / elapsed:.0f}")
    print(f"server CPU time a move: {1000 * cpu / moves if moves else float('nan'):.1f} ms "
          f"({cpu:.1f} s in all; the bots' own: {bots_cpu:.1f} s)")
    print(f"card to the other three seats: median {median:.1f} ms, p95 {p95:.1f} ms (goal <= {GOAL_P95_MS}), "
          f"worst {worst:.1f} ms, {len(latencies)} deliveries")
    print(f"illegal moves tried {tally.illegal_tried}, refused {tally.illegal_refused} (goal: all); "
          f"legal moves refused {tally.unexpected_refusals} (goal: none)")
    print(f"malformed announcements tried {tally.malformed_tried}, refused when made {tally.malformed_refused} "
          f"(goal: all); moves refused for the seat's rate {tally.too_fast}")
    print(f"engine agrees with stored hands: {agreeing} of {stored} (goal: all); finished hands whose record the "
          f"engine refuses: {records_refused} (goal: 0)")
    goals = [
        (f"p95 at most {GOAL_P95_MS} ms", p95 <= GOAL_P95_MS),
        ("every illegal move refused", tally.illegal_tried == tally.illegal_refused),
        ("every malformed announcement refused", tally.malformed_tried == tally.malformed_refused),
        ("no finished hand's record refused by the engine", records_refused == 0),
        ("no legal move refused", tally.unexpected_refusals == 0),
        ("the engine agrees with every stored hand", stored > 0 and agreeing == stored),
    ]
    missed = [text for text, met in goals if not met]
    print("every goal met" if not missed else f"goals missed: {len(missed)} of {len(goals)}: " + "; ".join(missed))


if __name__ == "__main__":
    main()
