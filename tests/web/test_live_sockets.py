"""The live pages over their WebSocket (/ws/live + the page's path): a screen that connects is sent
the #live block the page shows; a match confirmed through the door reaches it with its score; a
change that leaves a page's block as it was sends that page nothing; a score not yet confirmed
never reaches anyone; an address that is no live page is closed with 4404."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tournaments.core.models import Competition, public_data
from tournaments.recording import matches

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = (b"origin", b"http://localhost")
SCORE = "88 : 93"  # eight_hand_records' match score, A to B


@pytest.fixture(autouse=True)
def asgi_application():
    """The site's ASGI application, imported in the test (its import runs the system checks, which
    read the database)."""
    global application
    from tournaments.site.asgi import application


@pytest.fixture
def day():
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)
    season = make_season(timezone.localdate().year)
    championship = make_competition(season=season)
    make_competition(Competition.Kind.CUP, season=season)
    teams = [make_team(f"Team {n}", season=season) for n in range(6)]
    today = timezone.localdate()
    return {
        "scheduled": make_match(teams[0], teams[1], championship, played_on=today),
        "awaiting": make_match(teams[2], teams[3], championship, hand_records=eight_hand_records(), played_on=today),
        "confirmed": make_match(teams[4], teams[5], championship, hand_records=eight_hand_records(), confirmed=True,
                                played_on=today),
    }


async def connect(path, language="en"):
    separator = "&" if "?" in path else "?"
    communicator = WebsocketCommunicator(application, f"{path}{separator}language={language}",
                                         headers=[ORIGIN, (b"host", b"localhost")])
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def next_block(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=5))


def page_html(url, language="en") -> str:
    return Client().get(url, headers={"Accept-Language": language}).text


def urls_of(day):
    year = timezone.localdate().year
    return {
        "today": reverse("public:today"),
        "big_screen": reverse("public:big_screen", args=[year]),
        "championship": reverse("public:championship", args=[year]) + "?sort=-total",
        "cup": reverse("public:cup", args=[year]),
        "match": reverse("public:match", args=[year, day["awaiting"].pk]),
    }


def test_a_connection_is_sent_the_block_the_page_shows_with_the_version(day):
    urls = urls_of(day)
    version = public_data.current()

    async def scenario():
        blocks = {}
        for name, url in urls.items():
            communicator = await connect(f"/ws/live{url}", language="hu")
            blocks[name] = await next_block(communicator)
            await communicator.disconnect()
        return blocks

    blocks = async_run(scenario)
    for name, url in urls.items():
        page = page_html(url, language="hu")
        assert blocks[name]["version"] == version.etag, name
        if name == "big_screen":
            assert f'<main id="live">{blocks[name]["html"]}</main>' in page
        else:
            assert f'<div id="live">{blocks[name]["html"]}</div>' in page, name
    assert "Mérkőzés" in blocks["today"]["html"]  # in the page's language
    assert SCORE in blocks["today"]["html"] and SCORE in blocks["big_screen"]["html"]


def test_a_confirmation_reaches_each_live_page_with_its_score(day):
    urls = urls_of(day)
    chief = make_user("chief")

    async def scenario():
        connections = {name: await connect(f"/ws/live{url}") for name, url in urls.items()}
        first = {name: await next_block(communicator) for name, communicator in connections.items()}
        await database_sync_to_async(matches.confirm_match)(day["awaiting"], chief)
        bracket = connections.pop("cup")  # not drawn yet: its (empty) bracket is as it was
        after = {name: await next_block(communicator) for name, communicator in connections.items()}
        bracket_told = not await bracket.receive_nothing(timeout=0.5)
        for communicator in [*connections.values(), bracket]:
            await communicator.disconnect()
        return first, after, bracket_told

    first, after, bracket_told = async_run(scenario)
    assert not bracket_told
    awaiting = day["awaiting"]
    for name in ("today", "big_screen"):
        assert SCORE not in row_of(first[name]["html"], awaiting), name
        assert SCORE in row_of(after[name]["html"], awaiting) and "Confirmed" in row_of(after[name]["html"], awaiting)
    assert after["championship"]["version"] != first["championship"]["version"]
    # Sorted by total as the viewer chose: Team 3's 93 now shares the top with Team 5's.
    assert [("Team 3" in row, "Team 5" in row) for row in rows_of(first["championship"]["html"])[:2]] == [
        (False, True), (False, False)]
    assert sorted(("Team 3" in row, "Team 5" in row) for row in rows_of(after["championship"]["html"])[:2]) == [
        (False, True), (True, False)]
    assert '<a href="?sort=total">Total</a>' in after["championship"]["html"]  # the sort links kept
    assert "Sum of hand scores" in after["match"]["html"] and "Sum of hand scores" not in first["match"]["html"]
    assert f'<div id="live">{after["match"]["html"]}</div>' in page_html(urls["match"])


def test_a_change_a_page_does_not_show_sends_it_nothing_and_an_unconfirmed_score_goes_nowhere(day):
    """A match entered and awaiting confirmation changes today's matches (its state), not the
    Championship table (confirmed matches only), and its score reaches neither."""
    urls = urls_of(day)
    juror = make_user("jury")

    async def scenario():
        today = await connect(f"/ws/live{urls['today']}")
        table = await connect(f"/ws/live{urls['championship']}")
        await next_block(today), await next_block(table)
        await database_sync_to_async(matches.record_match)(day["scheduled"], eight_hand_records(), user=juror)
        changed = await next_block(today)
        table_told = not await table.receive_nothing(timeout=1)
        await today.disconnect(), await table.disconnect()
        return changed, table_told

    changed, table_told = async_run(scenario)
    line = row_of(changed["html"], day["scheduled"])
    assert "Awaiting confirmation" in line and SCORE not in line and "88" not in line
    assert not table_told


def test_the_connections_of_one_page_get_one_render_a_version(day, monkeypatch):
    from tournaments.pages.public import live_pages

    today = live_pages.LIVE_PAGES["public:today"]
    reads = []
    monkeypatch.setitem(live_pages.LIVE_PAGES, "public:today", live_pages.LivePage(
        today.template, lambda kwargs, query: reads.append(1) or today.read(kwargs, query)))
    chief = make_user("chief")

    async def scenario():
        screens = [await connect(f"/ws/live{reverse('public:today')}") for _ in range(40)]
        for screen in screens:
            await next_block(screen)
        await database_sync_to_async(matches.confirm_match)(day["awaiting"], chief)
        after = [await next_block(screen) for screen in screens]
        for screen in screens:
            await screen.disconnect()
        return after

    after = async_run(scenario)
    assert len({block["html"] for block in after}) == 1 and SCORE in row_of(after[0]["html"], day["awaiting"])
    assert len(reads) == 2  # one for the version the screens connected under, one for the confirmation's


@pytest.mark.parametrize("path", [
    "/ws/live/nowhere/", "/ws/live/seasons/2026/fixtures/", "/ws/live/seasons/1999/championship/",
    "/ws/live/seasons/{year}/matches/999999/"])
def test_an_address_that_is_no_live_page_is_closed_with_4404(day, path):
    async def scenario():
        communicator = WebsocketCommunicator(application, path.format(year=timezone.localdate().year),
                                             headers=[ORIGIN, (b"host", b"localhost")])
        await communicator.connect()
        return await communicator.receive_output(timeout=5)

    assert async_run(scenario) == {"type": "websocket.close", "code": 4404}


def test_what_the_page_sends_is_ignored(day):
    async def scenario():
        communicator = await connect(f"/ws/live{reverse('public:today')}")
        await next_block(communicator)
        await communicator.send_to(text_data="hello")
        nothing = await communicator.receive_nothing(timeout=0.5)
        await communicator.disconnect()
        return nothing

    assert async_run(scenario)


def row_of(html, match):
    start = html.index(f"{match.team_a} – {match.team_b}")
    return html[start:html.index("</tr>", start)]


def rows_of(html):
    body = html[html.index("<tbody"):html.index("</tbody>")]
    return body.split("</tr>")[:-1]


def async_run(scenario):
    from asgiref.sync import async_to_sync

    return async_to_sync(scenario)()
