"""Two server processes sharing the page cache (a file cache on one machine; Redis when
REDIS_URL is set, as CI sets it) and one database: a change made by a third process reaches
both at once, and a page one rendered is served by the other from the cache."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench.ports import any_free_port

ROOT = Path(__file__).resolve().parent.parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"

pytestmark = pytest.mark.slow

SETUP = """
from tournaments.core.models import Competition, Player, Season, Team
season = Season.objects.create(year=2025, state="running")
Competition.objects.create(season=season, kind=Competition.Kind.CHAMPIONSHIP, name="Bajnokság", slug="bajnoksag")
for number, name in enumerate(["Alpha Owls", "Beta Bears"]):
    players = [Player.objects.create(name=f"Player {number}{role}", membership_number=f"P{number}{role}")
               for role in ("D", "C")]
    Team.objects.create(season=season, name=name, driver=players[0], catcher=players[1])
"""
RENAME = "from tournaments.core.models import Team; team = Team.objects.get(name='Alpha Owls'); " \
         "team.name = 'Gamma Geese'; team.save()"


@pytest.fixture
def environment(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "CACHE_DIR": str(tmp_path / "cache"),
                "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1"})
    return env


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True,
                   timeout=300)


@pytest.fixture
def servers(environment):
    manage(environment, "migrate", "--noinput", "-v0")
    manage(environment, "shell", "-v0", "-c", SETUP)
    started = []
    for _ in range(2):
        port = any_free_port()
        # Served as `make serve` serves the pages (gunicorn.conf.py: WSGI workers), one worker each.
        command = [str(GUNICORN), "-c", "gunicorn.conf.py", "-w", "1", "-b", f"127.0.0.1:{port}"]
        process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        started.append((process, f"http://127.0.0.1:{port}"))
    try:
        for _process, base in started:
            wait_for(base)
        yield [base for _process, base in started]
    finally:
        for process, _base in started:
            process.terminate()
            process.wait(timeout=30)


def wait_for(base):
    for _ in range(600):
        try:
            urllib.request.urlopen(base + "/", timeout=5).read()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{base} did not start")


def get(url, etag=None):
    request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers, ""


def test_two_servers_share_the_cache_and_see_every_change_at_once(environment, servers):
    first, second = (base + "/seasons/2025/championship/" for base in servers)

    status, headers, page = get(first)
    assert (status, headers["X-Public-Cache"]) == (200, "miss") and "Alpha Owls" in page
    status, other, page = get(second)
    assert (status, other["X-Public-Cache"]) == (200, "hit") and "Alpha Owls" in page
    assert get(second, etag=headers["ETag"])[0] == 304

    manage(environment, "shell", "-v0", "-c", RENAME)  # a third process changes the data

    for url in (second, first):
        status, changed, page = get(url, etag=headers["ETag"])
        assert status == 200 and "Gamma Geese" in page and "Alpha Owls" not in page
    assert changed["X-Public-Cache"] == "hit"  # the second server rendered it, the first read it
