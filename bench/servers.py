"""What the benchmarks that serve the site themselves share: a fresh database of their own, today's
matches in it, and a server started and waited for until it answers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def is_postgresql(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def own_database_url(url: str, sqlite_file: Path, postgresql_database: str) -> str:
    """The bench's own database: on the PostgreSQL server ``url`` names, if it names one (never the
    database it names, which may hold real data), else ``sqlite_file``."""
    if is_postgresql(url):
        return urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path=f"/{postgresql_database}"))
    return f"sqlite:///{sqlite_file}"


def fresh_database(env: dict[str, str], sqlite_file: Path, postgresql_database: str, cache: Path) -> None:
    """The bench's database (env's DATABASE_URL) empty and migrated, its file cache emptied."""
    shutil.rmtree(cache, ignore_errors=True)
    if is_postgresql(env["DATABASE_URL"]):
        fresh_postgresql(env["DATABASE_URL"], postgresql_database)
    else:
        sqlite_file.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{sqlite_file}{suffix}").unlink(missing_ok=True)
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)


def fresh_postgresql(url: str, database: str) -> None:
    """``database`` on the server ``url`` names, empty: only that one is dropped."""
    import psycopg

    admin = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{database}"')


def setup_django(env: dict[str, str]) -> None:
    """Django set up in the bench's own process, on the server's settings and database."""
    os.environ.update(env)
    import django

    django.setup()


def todays_match(competition, number: int, code: str, name_suffix: str = ""):
    """Match ``number`` of today in ``competition``: two new teams of two new players each, whose
    membership numbers start with ``code`` (each bench its own)."""
    from django.utils import timezone

    from tournaments.core.models import Match, Player, Team

    teams = []
    for side in "AB":
        driver, catcher = (Player.objects.create(name=f"{side}{number} {role}",
                                                 membership_number=f"{code}{number}{side}{role[0]}")
                           for role in ("driver", "catcher"))
        teams.append(Team.objects.create(season=competition.season, name=f"Bench {number}{side}{name_suffix}",
                                         driver=driver, catcher=catcher))
    return Match.objects.create(competition=competition, team_a=teams[0], team_b=teams[1],
                                played_on=timezone.localdate(), a_driver=teams[0].driver,
                                a_catcher=teams[0].catcher, b_driver=teams[1].driver, b_catcher=teams[1].catcher)


def answers(url: str, timeout: float = 1) -> bool:
    try:
        urllib.request.urlopen(url, timeout=timeout).read()
    except OSError:
        return False
    return True


def wait_until(ready: Callable[[], bool], alive: Callable[[], bool], attempts: int, pause: float) -> bool:
    """Whether ``ready()`` came true within ``attempts`` tries ``pause`` seconds apart; False as soon
    as ``alive()`` says the server has stopped (it will never answer)."""
    for _ in range(attempts):
        if ready():
            return True
        if not alive():
            return False
        time.sleep(pause)
    return False


def serve_uvicorn(env: dict[str, str], port: int, workers: int, ready_path: str) -> subprocess.Popen:
    """The site under uvicorn on ``port``, once ``ready_path`` answers (within 30 seconds)."""
    server = subprocess.Popen([PYTHON, "-m", "uvicorn", "tournaments.site.asgi:application", "--port", str(port),
                               "--workers", str(workers), "--log-level", "warning"], cwd=ROOT, env=env)
    if wait_until(lambda: answers(f"http://127.0.0.1:{port}{ready_path}"), lambda: server.poll() is None,
                  attempts=150, pause=0.2):
        return server
    server.kill()
    raise SystemExit("the server did not start")
