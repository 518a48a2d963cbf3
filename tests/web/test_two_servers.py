"""Two ASGI servers (uvicorn, as the WebSockets are served) sharing one database and one Redis:
an organiser's change saved through server A is told, once committed, to a member of the channel
layer's "public-data" group in another process (the live pages listen there), and server B serves
the changed page at once."""

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest

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
season = make_season()
make_competition(season=season, name="Bajnokság", slug="bajnoksag")
organiser = get_user_model().objects.create_user(username="olga")
make_organiser(organiser)
client = Client()
client.force_login(organiser)
print(client.cookies["sessionid"].value)
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
        port = free_port()
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


async def told_of_a_change(environment, change) -> list:
    """The messages a member of the "public-data" group in this process receives while ``change()``
    runs (in a thread) and for a few seconds after."""
    from channels_redis.pubsub import RedisPubSubChannelLayer

    layer = RedisPubSubChannelLayer(hosts=[REDIS_URL], prefix=f"{environment['REDIS_PREFIX']}-table")
    channel = await layer.new_channel()
    await layer.group_add("public-data", channel)
    try:
        assert await asyncio.to_thread(change) == "/jury/competitions/seasons/2025/"  # saved: the season's page
        messages = [await asyncio.wait_for(layer.receive(channel), 5)]
        try:
            messages.append(await asyncio.wait_for(layer.receive(channel), 0.5))
        except TimeoutError:
            pass
        return messages
    finally:
        await layer.group_discard("public-data", channel)
        await layer.flush()


def test_a_change_saved_on_one_server_is_told_to_another_process_and_shown_by_the_other(environment, servers):
    session, (first, second) = servers
    championship = second + "/seasons/2025/championship/"
    before = urllib.request.urlopen(championship).read().decode()

    messages = asyncio.run(told_of_a_change(
        environment, lambda: organiser_renames_the_championship(first, session, "Renamed Championship")))

    assert messages == [{"type": "public.changed"}]  # one message for the one transaction
    after = urllib.request.urlopen(championship).read().decode()
    assert "Renamed Championship" in after and "Renamed Championship" not in before
