"""Two ASGI servers (uvicorn, as the WebSockets are served) sharing one database and one Redis:
an organiser's change saved through server A reaches a viewer whose live page is connected to
server B, pushed over its socket once committed, and server B serves the changed page at once."""

import asyncio
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bench.ports import any_free_port

ROOT = Path(__file__).resolve().parent.parent.parent
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"

pytestmark = pytest.mark.slow

SETUP = """
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.test import Client
from tests.factories import make_competition, make_season
from tournaments.core.roles import make_organiser
from django.contrib.auth import get_user_model
import datetime
from django.utils import timezone
from tests.factories import make_match
season = make_season()
championship = make_competition(season=season, name="Bajnokság", slug="bajnoksag")
make_match(competition=championship, played_on=timezone.localdate())  # on today's page
organiser = get_user_model().objects.create_user(username="olga")
make_organiser(organiser)
client = Client()
client.force_login(organiser)
print(client.cookies["sessionid"].value)
"""


@pytest.fixture
def environment(tmp_path):
    pytest.importorskip("redis").Redis.from_url(REDIS_URL).ping()  # a connection error: Redis is not running
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "REDIS_URL": REDIS_URL, "DEBUG": "0",
                "ALLOWED_HOSTS": "127.0.0.1", "REDIS_PREFIX": f"test-{uuid.uuid4().hex[:8]}"})
    return env


def manage(env, *args) -> str:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True,
                          text=True, timeout=300).stdout


@pytest.fixture
def servers(environment):
    session = manage(environment, "shell", "-v0", "-c", SETUP).strip()
    started = []
    for _ in range(2):
        port = any_free_port()
        process = subprocess.Popen([sys.executable, "-m", "uvicorn", "tournaments.site.asgi:application",
                                    "--port", str(port), "--no-access-log"], cwd=ROOT, env=environment,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append((process, f"http://127.0.0.1:{port}"))
    try:
        for _process, base in started:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
        yield session, [base for _process, base in started]
    finally:
        for process, _base in started:
            process.terminate()
            process.wait(timeout=30)


class FormFields(HTMLParser):
    """The fields a browser would send of a page's form, as they are filled in."""

    def __init__(self):
        super().__init__()
        self.fields, self.select = {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and attrs.get("name") and (attrs.get("type") not in ("checkbox", "radio", "submit")
                                                     or "checked" in attrs):
            self.fields[attrs["name"]] = attrs.get("value") or ("on" if attrs.get("type") == "checkbox" else "")
        elif tag == "select":
            self.select = attrs.get("name")
        elif tag == "option" and self.select and ("selected" in attrs or self.select not in self.fields):
            self.fields[self.select] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def organiser_renames_the_championship(base: str, session: str, name: str) -> str:
    """What the organiser's browser does: the competition's form read, then sent with a new name;
    the address it lands on."""
    url = base + "/jury/competitions/seasons/2025/competitions/bajnoksag/edit/"
    cookies = f"sessionid={session}"
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Cookie": cookies})) as page:
        form = FormFields()
        form.feed(page.read().decode())
        csrf = next(value.split("=", 1)[1].split(";")[0] for header, value in page.headers.items()
                    if header.lower() == "set-cookie" and value.startswith("csrftoken="))
    form.fields["name"] = name
    body = urllib.parse.urlencode(form.fields).encode()
    request = urllib.request.Request(url, data=body, headers={"Cookie": f"{cookies}; csrftoken={csrf}",
                                                              "Referer": url})
    with urllib.request.urlopen(request) as answer:  # a redirect followed
        return urllib.parse.urlsplit(answer.url).path


async def pushed_to_a_viewer(socket_url: str, change) -> tuple[str, str]:
    """The #live block a viewer connected at ``socket_url`` is sent on connecting, and the one
    pushed to it after ``change()`` runs (in a thread)."""
    import json

    import websockets

    async with websockets.connect(socket_url, origin="http://127.0.0.1") as viewer:
        first = json.loads(await asyncio.wait_for(viewer.recv(), 10))["html"]
        assert await asyncio.to_thread(change) == "/jury/competitions/seasons/2025/"  # saved: the season's page
        pushed = json.loads(await asyncio.wait_for(viewer.recv(), 10))["html"]
    return first, pushed


def test_a_change_saved_on_one_server_reaches_a_viewer_connected_to_the_other(servers):
    session, (first, second) = servers
    today = second + "/today/?language=en"
    socket_url = second.replace("http://", "ws://") + "/ws/live/today/?language=en"

    shown, pushed = asyncio.run(pushed_to_a_viewer(
        socket_url, lambda: organiser_renames_the_championship(first, session, "Renamed Championship")))

    assert "Bajnokság" in shown and "Renamed Championship" in pushed
    assert "Renamed Championship" in urllib.request.urlopen(today).read().decode()
