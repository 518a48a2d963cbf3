"""What a move tells everyone at the online table (issue 25): each seat's group is sent exactly its
own view and the spectators' theirs, in each language; the database is the only authority, so a
move refused or rolled back leaves the table as stored. Views of two moves may reach a connection
in either order; it sends the player only the newer."""

import asyncio
import json

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.test import Client
from django.urls import reverse

from scoring import table as rules
from tests.factories import make_competition, make_player, make_season, make_user
from tests.web.table_play import seats_of
from tournaments.core.models import Competition
from tournaments.pages.table.broadcast import seat_group
from tournaments.recording import tables

pytestmark = pytest.mark.django_db(transaction=True)  # the sockets' database work runs in other threads


@pytest.fixture
def free_table(frozen_today):
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=make_season(2026))
    players = {seat: make_player() for seat in tables.SEATS}
    table, links = tables.open_table(user=make_user("organiser"), free_games=free_games, players=players, seed=8)
    return table, seats_of(table, links), links


def next_move(table, seats, number=0):
    """The seat to act passes in the announcements, else plays its ``number``-th playable card."""
    hand = tables.load(table).hand
    move = rules.Move(rules.Kind.PASS, hand.to_act) if hand.phase is rules.Phase.ANNOUNCING else \
        rules.Move(rules.Kind.PLAY, hand.to_act, card=hand.playable()[number % len(hand.playable())])
    return seats[str(move.seat)], move.as_dict()


def test_a_move_rolled_back_leaves_the_table_as_stored(free_table):
    table, seats, _ = free_table
    for _ in range(5):
        tables.make_move(*next_move(table, seats))
    before = tables.view(tables.load(table), None)
    with pytest.raises(RuntimeError), transaction.atomic():
        tables.make_move(*next_move(table, seats))
        raise RuntimeError("the transaction fails after the move")
    assert tables.view(tables.load(table), None) == before
    tables.make_move(*next_move(table, seats, number=2))  # another move is made, as stored
    state = tables.load(table)
    assert len(state.hand.moves) == 6 and tables.view(state, None) != before


def test_a_refused_move_changes_nothing(free_table):
    table, seats, _ = free_table
    seat, move = next_move(table, seats)
    before = tables.view(tables.load(table), seat.seat)
    with pytest.raises(rules.IllegalMove):
        tables.make_move(seat, {"kind": "play", "card": before["cards"][0]})  # still announcing
    assert tables.view(tables.load(table), seat.seat) == before


def test_a_connection_sends_on_only_views_newer_than_the_last_it_sent(free_table):
    from tournaments.site.asgi import application

    table, seats, links = free_table
    client = Client()
    client.get(reverse("table:join", args=[links["A.driver"]]))
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"accept-language", b"en"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]

    async def scenario():
        communicator = WebsocketCommunicator(application, f"/ws/table/{table.pk}/seat/", headers=headers)
        assert (await communicator.connect())[0]
        first = (await communicator.receive_json_from(timeout=5))["view"]
        group = seat_group(table.pk, "A.driver")
        layer = get_channel_layer()

        def message(position):
            return {"type": "table.view", "position": position,
                    "texts": {language: json.dumps({"type": "view", "view": {**first, "position": position}})
                              for language in ("en", "hu")}}

        await layer.group_send(group, message(first["position"] + 2))
        assert (await communicator.receive_json_from(timeout=5))["view"]["position"] == first["position"] + 2
        await layer.group_send(group, message(first["position"] + 1))  # overtaken: not sent
        assert await communicator.receive_nothing(timeout=0.3)
        await communicator.disconnect()

    asyncio.run(scenario())


def test_every_group_is_sent_exactly_its_view_in_each_language(free_table):
    from django.utils import translation

    from tournaments.pages.table.broadcast import views_by_group, watch_group

    table, seats, _ = free_table
    while tables.load(table).hand_number == 1:  # a hand played out: its lines are in every view
        tables.make_move(*next_move(table, seats))
    tables.make_move(*next_move(table, seats))
    state = tables.load(table)
    sent = dict(views_by_group(state))
    assert len(sent) == 5  # four seats and the spectators
    for language in ("en", "hu"):
        with translation.override(language):
            for seat in [*tables.SEATS, None]:
                group = watch_group(table.pk) if seat is None else seat_group(table.pk, seat)
                message = json.loads(sent[group]["texts"][language])
                assert message == {"type": "view", "view": tables.view(state, seat)}
                assert message["view"]["last_hand"]["lines"]
                assert ("cards" in message["view"]) == (seat is not None)
