"""`make bench-site`: the public site at national scale, served as in production.

For each scale (the demo season, ``demo --scale N``; default N=1 and N=10) it builds the season
once (SQLite files under .cache/bench/, or the PostgreSQL database of DATABASE_URL, rebuilt when
the scale differs), times ``rescore`` over it, then serves it with gunicorn's WSGI workers
(gunicorn.conf.py, production settings, two workers) twice: with the page cache, and with it off
(PAGE_CACHE=off: every request a fresh render). Each public page is loaded for a few seconds by
wrk (or, without wrk, a small Python client) with a bounded number of connections on 127.0.0.1,
and, served beside the site in the same run, a bare Django view with no middleware answering a page
of the Championship's size (bench/bare_site.py) just before and after each page. With nginx installed
(/usr/sbin/nginx) each cached page is loaded through it too, as deployed: deploy/nginx-site.conf's
locations and their micro-cache in front of the same gunicorn (bench/proxy.py). Printed for each
page, the scales side by side: requests a second cached (Django's own answer, and through the
proxy) and uncached, each cached as a share of the bare view's; the queries of a fresh render; the
bytes; the Championship PDF's time fresh and cached, and a fresh Championship page against a bare
template of the same rows.

Goals (here, never in a timed test), each printed beside its figure, met or missed, and the last
line saying whether all were: every unchanged public page at least 50% of the bare view's requests
a second, judged on the page as deployed (through the proxy, when nginx is installed); an unchanged
PDF under 0.1 s, a fresh Championship PDF at N=10 under 2 s; rescore at N=10 under 20 s; the same
queries a page at every scale; a fresh Championship at most 2x the bare template. A page whose
Django answer misses that share is followed by where a cached answer's time goes, middleware by
middleware (bench/split.py).

The environment names the database (DATABASE_URL), the cache (REDIS_URL, else a file cache in
CACHE_DIR or a fresh folder) and the ports (BENCH_PORTS, 8180-8189).

    python -m bench.public_site [--short] [--scales 1 10] [--seconds 3] [--connections 4]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import contextmanager, nullcontext
from pathlib import Path

from bench import proxy
from bench.ports import free_port

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BENCH_DIR = ROOT / ".cache" / "bench"


# --- the season ---------------------------------------------------------------------------------


def database_url(scale: int) -> str:
    given = os.environ.get("DATABASE_URL", "")
    if given.startswith(("postgres://", "postgresql://")):
        return given
    return f"sqlite:///{BENCH_DIR / f'scale-{scale}.sqlite3'}"


def manage(*args, env=None, capture=True) -> subprocess.CompletedProcess:
    environment = {**os.environ, **(env or {})}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=environment, check=True,
                          capture_output=capture, text=True)


def build(scale: int, url: str) -> float | None:
    """Migrate, and create the demo season at this scale unless it is there; the build's seconds."""
    env = {"DATABASE_URL": url}
    manage("migrate", "--noinput", "-v0", env=env)
    teams = int(manage("shell", "-v0", "-c", "from tournaments.core.models import Team; print(Team.objects.count())",
                       env=env).stdout.strip() or 0)
    if teams == 24 * scale:
        return None
    started = time.perf_counter()
    manage("demo", "--reset", "--scale", str(scale), env=env)
    return time.perf_counter() - started


def timed_rescore(url: str) -> tuple[float, float, str]:
    """Wall and CPU seconds of `manage.py rescore`, and its last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = manage("rescore", env={"DATABASE_URL": url})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout.strip().splitlines()[-1]


# --- measured in a Django process: the pages, their queries and bytes ---------------------------

MEASURE = r"""
import json, time
from django.db import connection
from django.template import engines
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from tournaments.reads import standings
from tournaments.core.models import Competition, Match, Player, Season
from tournaments.pages.public import live_pages

season = Season.objects.order_by("-year").first()
year = season.year
team = season.teams.order_by("pk").first()
match = Match.objects.confirmed().filter(competition__season=season).order_by("pk").first()
event = season.competitions.filter(kind=Competition.Kind.GRAND_PRIX).order_by("pk").first()
player = Player.objects.filter(trophies__isnull=False).order_by("pk").first()
pages = [
    ("front page", reverse("home")),
    ("season", reverse("public:season", args=[year])),
    ("championship", reverse("public:championship", args=[year])),
    ("team", reverse("public:team", args=[year, team.pk])),
    ("match", reverse("public:match", args=[year, match.pk])),
    ("cup bracket", reverse("public:cup", args=[year])),
    ("grand prix", reverse("public:grand_prix", args=[year, event.slug])),
    ("register", reverse("register:index")),
    ("register: player", reverse("register:player", args=[player.pk]) if player else None),
    ("register: cups", reverse("register:awards")),
    ("championship.pdf", reverse("public:championship_pdf", args=[year])),
    ("championship.xlsx", reverse("public:championship_xlsx", args=[year])),
    ("cup.pdf", reverse("public:cup_pdf", args=[year])),
    ("register.pdf", reverse("register:index_pdf")),
]
client = Client()
measured = []
for name, url in pages:
    if url is None:
        continue
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    measured.append({"name": name, "url": url, "status": response.status_code, "queries": len(queries),
                     "bytes": len(response.content)})

def best_of(function, times=5):
    # CPU seconds of this process: on a shared machine the wall clock mostly measures the others.
    best = None
    for _ in range(times):
        started = time.process_time()
        function()
        elapsed = time.process_time() - started
        best = elapsed if best is None else min(best, elapsed)
    return best

championship_url = reverse("public:championship", args=[year])
fresh = best_of(lambda: client.get(championship_url))
# The bare template: the same rows (tournaments.pages.public.live_pages, what the page's view prepares)
# with the same visible cells (the team's link, the players by name, the figures), and nothing else.
rows = live_pages.championship_rows(standings.championship(season))
bare = engines["django"].from_string(
    "<table>{% for row in rows %}<tr><td>{{ row.place }}</td><td><a href='{{ row.team_url }}'>{{ row.team }}</a></td>"
    "<td>{% for player in row.members %}<a href='/players/{{ player.pk }}/'>{{ player.name }}</a>{% endfor %}</td>"
    "<td>{{ row.played }}</td><td>{{ row.total }}</td><td>{{ row.average }}</td>"
    "<td>{{ row.best }}</td></tr>{% endfor %}</table>")
bare_time = best_of(lambda: bare.render({"rows": rows}))
data_time = best_of(lambda: live_pages.championship_rows(standings.championship(season)))
pdf_url = reverse("public:championship_pdf", args=[year])
pdf_cpu = best_of(lambda: client.get(pdf_url), times=3)
print(json.dumps({"pages": measured, "teams": season.teams.count(),
                  "matches": Match.objects.filter(competition__season=season).count(),
                  "championship_fresh": fresh, "championship_bare_rows": bare_time,
                  "championship_rows_data": data_time, "championship_pdf_cpu": pdf_cpu}))
"""


def measure(url: str) -> dict:
    env = {"DATABASE_URL": url, "PAGE_CACHE": "off", "DEBUG": "0", "ALLOWED_HOSTS": "testserver"}
    output = manage("shell", "-v0", "-c", MEASURE, env=env).stdout
    return json.loads(output.strip().splitlines()[-1])


# --- the server and the load --------------------------------------------------------------------


def ports_from_environment() -> range:
    """BENCH_PORTS, "first-last": the site's and the bare view's (bench-matchday's are 8160-8179)."""
    first, _, last = os.environ.get("BENCH_PORTS", "8180-8189").partition("-")
    return range(int(first), int(last or first) + 1)


PORTS = ports_from_environment()
SHORT_PAGES = ("front page", "championship", "cup bracket", "team", "championship.pdf")


def collectstatic(env) -> None:
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)


@contextmanager
def gunicorn(url: str, *, cached: bool):
    port = free_port(PORTS)
    cache_dir = os.environ.get("CACHE_DIR") or tempfile.mkdtemp(prefix="bench-cache-")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tournaments.site.settings_production",
           "SECRET_KEY": secrets.token_urlsafe(50), "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1",
           "DATABASE_URL": url, "CACHE_DIR": cache_dir, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2",
           "PAGE_CACHE": "on" if cached else "off"}
    collectstatic(env)
    try:
        with serving([str(Path(PYTHON).parent / "gunicorn"), "-c", "gunicorn.conf.py"], env, port) as base:
            yield base
    finally:
        if cache_dir != os.environ.get("CACHE_DIR"):
            shutil.rmtree(cache_dir, ignore_errors=True)


@contextmanager
def serving(command: list[str], env: dict, port: int):
    """A gunicorn ``command`` on ``port``, once it answers; stopped after, its workers given time to
    finish the requests the load left in flight."""
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def bare_gunicorn(size: int):
    """The bare Django view (bench/bare_site.py) answering ``size`` bytes, served like the site."""
    port = free_port(PORTS)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.bare_site", "BARE_BYTES": str(size),
           "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2"}
    command = [str(Path(PYTHON).parent / "gunicorn"), "-c", "gunicorn.conf.py", "bench.bare_site:application"]
    with serving(command, env, port) as base:
        yield base


@contextmanager
def proxied(base: str):
    """``base`` (the site's gunicorn) through nginx with the site's locations and micro-cache, or
    None without nginx."""
    if not proxy.installed():
        yield None
        return
    port = free_port(PORTS)
    with proxy.nginx(base.removeprefix("http://"), port):
        yield f"http://127.0.0.1:{port}"


def fetch_seconds(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:
        body = response.read()
    return time.perf_counter() - started, len(body)


def load(url: str, seconds: float, connections: int) -> float:
    """Requests a second that the server answered with 200 under ``connections`` at once; then
    waits for the requests still in flight, so that they do not slow the next measurement."""
    if shutil.which("wrk"):
        result = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{int(seconds)}s", "--timeout", "30s", url],
                                capture_output=True, text=True, check=True).stdout
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", result).group(1))
        failed = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", result)
        if failed:
            raise RuntimeError(f"{url}: {failed.group(1)} responses were not 200")
    else:
        rate = python_load(url, seconds, connections)
    time.sleep(min(30.0, 1.5 * connections / rate) if rate else 30.0)
    return rate


def python_load(url: str, seconds: float, connections: int) -> float:
    """A small bounded client: ``connections`` threads, each with one keep-alive connection."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    deadline = time.perf_counter() + seconds
    counts = [0] * connections

    def worker(index):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        while time.perf_counter() < deadline:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{url}: {response.status}")
            counts[index] += 1
        connection.close()

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(connections)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.perf_counter() - started)


def serve_and_load(url: str, pages: list[dict], *, cached: bool, seconds: float, connections: int) -> dict:
    rates, proxy_rates, pdf, bare_shares, proxy_shares, bares = {}, {}, {}, {}, {}, []
    # The yardstick, served beside the site with the cache: Django itself answering a page of the
    # Championship's size.
    size = next(page["bytes"] for page in pages if page["name"] == "championship")
    with gunicorn(url, cached=cached) as base, (bare_gunicorn(size) if cached else nullcontext()) as bare_base, \
            (proxied(base) if cached else nullcontext()) as proxy_base:
        championship_pdf = next(page["url"] for page in pages if page["name"] == "championship.pdf")
        # Without the cache every fetch renders the PDF afresh: the first (the worker's first PDF)
        # and the best of three; with it, the second fetch is the unchanged PDF.
        pdf["times"] = [fetch_seconds(base + championship_pdf)[0] for _ in range(3 if not cached else 2)]
        if bare_base:
            fetch_seconds(bare_base + "/")
            bares.append(load(bare_base + "/", seconds, connections))
        for page in pages:
            fetch_seconds(base + page["url"])  # warm: the cache, the workers' imports
            rates[page["name"]] = load(base + page["url"], seconds, connections)
            if proxy_base:
                fetch_seconds(proxy_base + page["url"])
                proxy_rates[page["name"]] = load(proxy_base + page["url"], seconds, connections)
            if bare_base:
                # The machine's load drifts: each page is compared with the bare view measured just
                # before and just after it.
                bares.append(load(bare_base + "/", seconds, connections))
                around = max(sum(bares[-2:]) / 2, 0.001)
                bare_shares[page["name"]] = rates[page["name"]] / around
                if proxy_base:
                    proxy_shares[page["name"]] = proxy_rates[page["name"]] / around
    bare = ({"bytes": size, "rate": sum(bares) / len(bares), "shares": bare_shares, "proxy_shares": proxy_shares}
            if bares else None)
    return {"rates": rates, "proxy_rates": proxy_rates, "pdf": pdf, "bare": bare}


# --- the report ---------------------------------------------------------------------------------


SPLIT = r"""
import json
from bench.split import split
print(json.dumps(split(URL)))
"""


def time_split(url: str, page_url: str) -> list:
    """Where a cached answer of ``page_url`` spends its time (bench/split.py), in a process of its own
    with the production settings and the page cache on, as served."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tournaments.site.settings_production",
           "SECRET_KEY": secrets.token_urlsafe(50), "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver",
           "DATABASE_URL": url, "PAGE_CACHE": "on"}
    if not os.environ.get("REDIS_URL"):
        env["CACHE_DIR"] = os.environ.get("CACHE_DIR") or tempfile.mkdtemp(prefix="bench-split-")
    output = subprocess.run([PYTHON, "manage.py", "shell", "-v0", "-c", SPLIT.replace("URL", repr(page_url))],
                            cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def scale_run(scale: int, seconds: float, connections: int, short: bool) -> dict:
    url = database_url(scale)
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    print(f"scale {scale}: building the season if needed ...", file=sys.stderr, flush=True)
    built = build(scale, url)
    print(f"scale {scale}: rescore, pages, queries ...", file=sys.stderr, flush=True)
    rescore_wall, rescore_cpu, rescore_line = timed_rescore(url)
    measured = measure(url)
    if short:
        measured["pages"] = [page for page in measured["pages"] if page["name"] in SHORT_PAGES]
    print(f"scale {scale}: load, cached{'' if short else ' then uncached'} ...", file=sys.stderr, flush=True)
    cached = serve_and_load(url, measured["pages"], cached=True, seconds=seconds, connections=connections)
    uncached = None if short else serve_and_load(url, measured["pages"], cached=False, seconds=seconds,
                                                 connections=connections)
    missed = [name for name, share in cached["bare"]["shares"].items() if share < GOAL_BARE_SHARE]
    splits = {}
    for name in missed[:1] if short else missed:
        page_url = next(page["url"] for page in measured["pages"] if page["name"] == name)
        print(f"scale {scale}: where a cached {name} spends its time ...", file=sys.stderr, flush=True)
        splits[name] = time_split(url, page_url)
    return {"scale": scale, "built": built, "rescore": (rescore_wall, rescore_cpu, rescore_line),
            "measured": measured, "cached": cached, "uncached": uncached, "splits": splits}


GOAL_BARE_SHARE = 0.5
GOAL_PDF_CACHED_S, GOAL_PDF_FRESH_S, GOAL_RESCORE_S, GOAL_RENDER_RATIO = 0.1, 2.0, 20.0, 2.0


def judged(goals: list, met: bool, text: str) -> str:
    goals.append((text, met))
    return f"{text}: {'met' if met else 'MISSED'}"


def report(runs: list[dict], seconds: float, connections: int) -> None:
    generator = "wrk" if shutil.which("wrk") else "Python client"
    engine = "PostgreSQL" if database_url(1).startswith("postgres") else "SQLite"
    cache = "Redis" if os.environ.get("REDIS_URL") else "file cache"
    through = ("; cached pages also through nginx (deploy/nginx-site.conf, its micro-cache, one worker)"
               if proxy.installed() else "; no nginx: cached pages judged on Django's own answer")
    print(f"\nbench-site: gunicorn, 2 WSGI workers (gthread, gunicorn.conf.py, as `make serve`), production "
          f"settings, {engine}, {cache}{through}; {generator}, {connections} connections, {seconds:g} s a page; CPUs: "
          f"{os.cpu_count()}, load average {' / '.join(f'{load:.1f}' for load in os.getloadavg())} (1, 5, 15 min)\n")
    goals = []
    print_pages(runs)
    for run in runs:
        bare = run["cached"]["bare"]
        print(f"N={run['scale']}: a bare Django view (no middleware, {bare['bytes']} bytes, gunicorn WSGI beside the "
              f"site) {bare['rate']:.1f} r/s on average; each cached page's r/s as a share of it, measured just "
              f"before and after the page:")
        for name, share in bare["shares"].items():
            print("      " + judged_share(goals, run, name, share))
        for name, parts in run["splits"].items():
            print(f"      where a cached {name} answer's CPU goes in one process (median microseconds):")
            for part, micros in parts:
                print(f"        {micros:8.0f}  {part}")
    print()
    for run in runs:
        report_scale(run, goals)
    if len(runs) > 1:
        queries = {}
        for run in runs:
            for page in run["measured"]["pages"]:
                queries.setdefault(page["name"], set()).add(page["queries"])
        differ = sorted(name for name, counts in queries.items() if len(counts) > 1)
        print(judged(goals, not differ, "the same queries a page at every scale"
                     + (f" ({', '.join(differ)} differ)" if differ else "")))
    missed = [text for text, met in goals if not met]
    print("every goal met" if not missed else f"goals missed: {len(missed)} of {len(goals)}: " + "; ".join(missed))


def judged_share(goals: list, run: dict, name: str, share: float) -> str:
    """The 50% goal for a cached page, judged as deployed: through the proxy when it was measured,
    Django's own answer beside it; else Django's own answer."""
    rate, scale = run["cached"]["rates"][name], run["scale"]
    django = f"{rate:.1f} r/s = {share:.0%}"
    proxied = run["cached"]["bare"].get("proxy_shares", {}).get(name)
    if proxied is None:
        return judged(goals, share >= GOAL_BARE_SHARE, f"N={scale} {name} {django} (goal >= 50%)")
    proxy_rate = run["cached"]["proxy_rates"][name]
    return judged(goals, proxied >= GOAL_BARE_SHARE,
                  f"N={scale} {name} through the proxy {proxy_rate:.1f} r/s = {proxied:.0%} (goal >= 50%; "
                  f"Django's own cached answer {django})")


def print_pages(runs: list[dict]) -> None:
    scales = [run["scale"] for run in runs]
    header = f"{'page':<20}" + "".join(
        f" | N={scale:<3} {'cached r/s':>10} {'proxy r/s':>9} {'fresh r/s':>9} {'queries':>7} {'bytes':>8}"
        for scale in scales)
    print(header)
    print("-" * len(header))
    for name in [page["name"] for page in runs[0]["measured"]["pages"]]:
        line = f"{name:<20}"
        for run in runs:
            page = next((page for page in run["measured"]["pages"] if page["name"] == name), None)
            if page is None:
                line += " | " + " " * 53
                continue
            fresh = f"{run['uncached']['rates'][name]:>9.1f}" if run["uncached"] else f"{'-':>9}"
            proxied = run["cached"]["proxy_rates"].get(name)
            through = f"{proxied:>9.1f}" if proxied is not None else f"{'-':>9}"
            line += (f" | {'':5} {run['cached']['rates'][name]:>10.1f} {through} {fresh} {page['queries']:>7} "
                     f"{page['bytes']:>8}")
        print(line)
    print()


def report_scale(run: dict, goals: list) -> None:
    measured, scale = run["measured"], run["scale"]
    wall, cpu, line = run["rescore"]
    built = f"built in {run['built']:.0f} s; " if run["built"] else ""
    print(f"N={scale}: {measured['teams']} teams, {measured['matches']} matches; {built}"
          f"rescore {wall:.1f} s ({cpu:.1f} s CPU): {line}")
    if scale >= 10:
        print("      " + judged(goals, wall < GOAL_RESCORE_S, f"N={scale} rescore {wall:.1f} s (goal < 20 s)"))
    cached_pdf = run["cached"]["pdf"]["times"][-1]
    print("      " + judged(goals, cached_pdf < GOAL_PDF_CACHED_S,
                            f"N={scale} unchanged Championship PDF {cached_pdf:.3f} s (goal < 0.1 s)"))
    if run["uncached"]:
        fresh_pdfs = run["uncached"]["pdf"]["times"]
        text = (f"N={scale} fresh Championship PDF {min(fresh_pdfs):.2f} s (best of {len(fresh_pdfs)}, the first "
                f"{fresh_pdfs[0]:.2f} s; {measured['championship_pdf_cpu']:.2f} s CPU in process)")
        print("      " + (judged(goals, min(fresh_pdfs) < GOAL_PDF_FRESH_S, text + " (goal at N=10 < 2 s)")
                          if scale >= 10 else text))
    fresh, bare, data = (measured["championship_fresh"], measured["championship_bare_rows"],
                         measured["championship_rows_data"])
    ratio = (fresh - data) / bare
    text = (f"N={scale} Championship page fresh {fresh * 1000:.1f} ms CPU (rows' data {data * 1000:.1f} ms, its "
            f"rendering {ratio:.1f}x a bare template of the same rows, {bare * 1000:.1f} ms)")
    if scale >= 10:
        text = judged(goals, ratio <= GOAL_RENDER_RATIO, text + " (goal at N=10 <= 2x)")
    print("      " + text)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="one scale (1), a few pages, cached only, 2 s a page")
    parser.add_argument("--scales", type=int, nargs="+", default=None)
    parser.add_argument("--seconds", type=int, default=None)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args(argv)
    scales = args.scales or ([1] if args.short else [1, 10])
    seconds = args.seconds or (2 if args.short else 3)
    runs = []
    for scale in scales:
        runs.append(scale_run(scale, seconds, args.connections, args.short))
        # Kept as measured, so that a later scale's failure loses nothing.
        (BENCH_DIR / "results.json").write_text(json.dumps(runs, indent=1, default=str))
    report(runs, seconds, args.connections)


if __name__ == "__main__":
    main()
