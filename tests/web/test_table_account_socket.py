"""A player whose account is linked to them takes their seat at an online table over its WebSocket
without a seat link (issue 25), is sent only their own cards, plays, and loses the seat to a
substitute seated between hands (R14)."""

import asyncio

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from scoring import table as rules
from tests.factories import make_competition, make_player, make_season, make_user
from tournaments.core.models import Competition
from tournaments.recording import tables

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = (b"origin", b"http://localhost")


@pytest.fixture(autouse=True)
def asgi_application():
    """The site's ASGI application, imported in the test (its import runs the system checks)."""
    global application
    from tournaments.site.asgi import application


@pytest.fixture
def anna_at_a_table(frozen_today):
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=make_season(2026))
    anna = make_player("Kovács Anna")
    anna.account = make_user(username="anna")
    anna.save()
    players = {"A.driver": anna, **{seat: make_player() for seat in tables.SEATS[1:]}}
    table, links = tables.open_table(user=make_user("organiser"), free_games=free_games, players=players, seed=8)
    return table, links, anna


async def connect(path, client):
    headers = [ORIGIN, (b"host", b"localhost"), (b"accept-language", b"hu"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


def test_a_logged_in_player_plays_their_seat_without_a_link_until_a_substitute_takes_it(anna_at_a_table):
    table, links, anna = anna_at_a_table
    client = Client()
    client.force_login(anna.account)
    stranger = Client()
    stranger.force_login(make_user(username="bela"))
    dealt = tables.load(table).hand.deal.hands

    async def scenario():
        seat, connected = await connect(f"/ws/table/{table.pk}/seat/", client)
        assert connected
        first = await seat.receive_json_from(timeout=5)
        assert first["view"]["seat"] == "A.driver"
        assert first["view"]["cards"] == [str(card) for card in dealt[rules.SEATS_BY_NAME["A.driver"]]]
        _other, refused = await connect(f"/ws/table/{table.pk}/seat/", stranger)
        assert not refused  # a login without a player at the table opens no seat
        await seat.disconnect()

    asyncio.run(scenario())
    # Before the hand's first move, the organiser seats a substitute: Anna's login no longer plays it.
    tables.seat_substitute(table, "A.driver", make_player("Csere Béla"), table.opened_by)

    async def after():
        _seat, connected = await connect(f"/ws/table/{table.pk}/seat/", client)
        assert not connected

    asyncio.run(after())
