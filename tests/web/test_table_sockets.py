"""The online table over WebSockets (issue 25): a seat joined by its link connects from its
session, is sent only its own cards, makes moves that every seat and spectator then sees, has an
illegal move refused in words, and comes back to the same state after a reload."""

import asyncio
import random
import time

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from scoring import table as rules
from tests.factories import make_competition, make_player, make_season, make_user
from tests.web.table_play import seats_of
from tournaments.core.models import Competition
from tournaments.recording import tables

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = (b"origin", b"http://localhost")


@pytest.fixture
def free_table(frozen_today):
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)
    season = make_season(2026)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=season)
    players = {seat: make_player() for seat in tables.SEATS}
    return tables.open_table(user=make_user("organiser"), free_games=free_games, players=players, seed=8)


def joined_client(table, secret):
    client = Client()
    response = client.get(reverse("table:join", args=[secret]))
    assert response.status_code == 302 and response["Location"] == reverse("table:play", args=[table.pk])
    assert secret not in response["Location"]
    return client


@pytest.fixture(autouse=True)
def asgi_application():
    """The site's ASGI application, imported in the test (its import runs the system checks, which
    read the database)."""
    global application
    from tournaments.site.asgi import application


async def connect(path, client=None, language=b"en"):
    headers = [ORIGIN, (b"host", b"localhost"), (b"accept-language", language)]
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


def test_a_seat_sees_its_own_cards_and_every_move_reaches_all_four_and_the_spectators(free_table):
    table, links = free_table
    clients = {seat: joined_client(table, secret) for seat, secret in links.items()}
    dealt = tables.load(table).hand.deal.hands

    async def scenario():
        seats = {}
        for seat, client in clients.items():
            communicator, connected = await connect(f"/ws/table/{table.pk}/seat/", client)
            assert connected
            first = await communicator.receive_json_from(timeout=5)
            assert first["view"]["cards"] == [str(c) for c in dealt[rules.SEATS_BY_NAME[seat]]]
            seats[seat] = communicator
        watcher, connected = await connect(f"/ws/table/{table.pk}/watch/")
        assert connected
        watched = await watcher.receive_json_from(timeout=5)
        assert "cards" not in watched["view"]
        to_act = watched["view"]["to_act"]
        other = next(seat for seat in seats if seat != to_act)
        await seats[other].send_json_to({"move": {"kind": "pass"}})
        refused = await seats[other].receive_json_from(timeout=5)
        assert refused["type"] == "refused" and refused["code"] == "not_your_turn" and refused["message"]
        await seats[to_act].send_json_to({"move": {"kind": "pass"}})
        for seat, communicator in seats.items():
            seen = await communicator.receive_json_from(timeout=5)
            assert seen["view"]["to_act"] != to_act
            assert seen["view"]["cards"] == [str(c) for c in dealt[rules.SEATS_BY_NAME[seat]]]
        seen = await watcher.receive_json_from(timeout=5)
        assert "cards" not in seen["view"]
        for communicator in [*seats.values(), watcher]:
            await communicator.disconnect()

    asyncio.run(scenario())


def test_without_a_seat_link_the_seat_socket_is_closed(free_table):
    table, _ = free_table

    async def scenario():
        communicator, connected = await connect(f"/ws/table/{table.pk}/seat/", None)
        assert not connected

    asyncio.run(scenario())


def test_a_reload_mid_trick_returns_the_seat_to_the_same_state(free_table):
    table, links = free_table
    rng = random.Random(1)
    seats = seats_of(table, links)
    while True:  # through the announcements and into trick 1, two cards played
        hand = tables.load(table).hand
        if hand.phase is rules.Phase.PLAYING and len(hand.current_trick) == 2:
            break
        move = hand.legal_moves()[0] if hand.phase is rules.Phase.ANNOUNCING else rng.choice(hand.legal_moves())
        tables.make_move(seats[str(move.seat)], move.as_dict())
    before = tables.view(tables.load(table), "A.driver")
    client = joined_client(table, links["A.driver"])

    async def scenario():
        for _ in range(2):  # the page, then the page reloaded
            communicator, connected = await connect(f"/ws/table/{table.pk}/seat/", client)
            assert connected
            seen = await communicator.receive_json_from(timeout=5)
            assert seen["view"] == before
            await communicator.disconnect()

    asyncio.run(scenario())


def test_the_play_page_needs_the_seat_link_and_the_watch_page_does_not(free_table):
    table, links = free_table
    assert Client().get(reverse("table:play", args=[table.pk])).status_code == 403
    assert Client().get(reverse("table:watch", args=[table.pk])).status_code == 200
    response = joined_client(table, links["B.catcher"]).get(reverse("table:play", args=[table.pk]))
    assert response.status_code == 200
    assert Client().get(reverse("table:join", args=["nothing"])).status_code == 404


def test_an_illegal_card_and_an_illegal_announcement_are_refused_in_words(free_table):
    table, links = free_table
    dealer = str(tables.load(table).hand.to_act)
    seats = seats_of(table, links)
    client = joined_client(table, links[dealer])

    async def scenario():
        communicator, _ = await connect(f"/ws/table/{table.pk}/seat/", client, language=b"hu-HU,hu;q=0.9")
        await communicator.receive_json_from(timeout=5)
        await communicator.send_json_to({"move": {"kind": "play", "card": "Kh"}})
        refused = await communicator.receive_json_from(timeout=5)
        assert refused["code"] == "still_announcing"
        assert refused["message"] == "A bemondások még nem értek véget: mondjon be, kontrázzon vagy passzoljon."
        await communicator.send_json_to({"move": {"kind": "announce", "feast": "play"}})
        assert (await communicator.receive_json_from(timeout=5))["view"]["announcements"][0]["feast"] == "play"
        await communicator.disconnect()

    asyncio.run(scenario())
    for move in ({"kind": "pass"}, {"kind": "announce", "feast": "amazon"}, {"kind": "pass"}):
        tables.make_move(seats[str(tables.load(table).hand.to_act)], move)
    assert str(tables.load(table).hand.to_act) == dealer

    async def raise_own():
        communicator, _ = await connect(f"/ws/table/{table.pk}/seat/", client, language=b"hu")
        await communicator.receive_json_from(timeout=5)
        await communicator.send_json_to({"move": {"kind": "announce", "feast": "cash"}})  # raising his own Play
        refused = await communicator.receive_json_from(timeout=5)
        assert refused["code"] == "raise_by_partner"
        assert refused["message"] == "Az Ön által bemondott Játék bemondást csak a partnere emelheti (R7)."
        await communicator.disconnect()

    asyncio.run(raise_own())


@pytest.fixture
def match_table(frozen_today):
    from django.apps import apps

    from tests.factories import make_match, make_team
    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)
    season = make_season(2026)
    match = make_match(make_team(season=season), make_team(season=season),
                       competition=make_competition(season=season), played_on=frozen_today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=21)
    return match, table, links


def _cards_in(view: dict) -> bool:
    last = view.get("last_hand") or {}
    return bool(view.get("trick") or view.get("last_trick") or last.get("deal") or last.get("tricks"))


def test_an_official_matchs_cards_reach_only_its_players_and_the_jury_until_it_is_confirmed(match_table):
    """Issue 35: the spectators' socket sends the public no holding and no trick of an official match
    before the jury confirms it (the replay page's rule, tables.may_see_hands); the jury and the
    table's players watching see them."""
    from tests.web.table_play import play_hand

    match, table, links = match_table
    play_hand(table, links, random.Random(2))
    seats = seats_of(table, links)
    state = tables.load(table)
    while not state.hand.tricks:  # into hand 2's first trick: a card on the table
        move = state.hand.legal_moves()[0]
        state = tables.make_move(seats[str(move.seat)], move.as_dict()).state
    juror = Client()
    juror.force_login(make_user("jury"))
    player = joined_client(table, links["A.driver"])

    async def scenario():
        public, connected = await connect(f"/ws/table/{table.pk}/watch/")
        assert connected
        seen = (await public.receive_json_from(timeout=5))["view"]
        assert not _cards_in(seen) and seen["cards_secret"]
        assert seen["last_hand"]["scores"] and seen["tricks_won"]  # the scores and the count stay
        for client in (juror, player):
            watcher, connected = await connect(f"/ws/table/{table.pk}/watch/", client)
            assert connected
            assert _cards_in((await watcher.receive_json_from(timeout=5))["view"])
            await watcher.disconnect()
        await public.disconnect()

    asyncio.run(scenario())
    from tournaments.pages.table.broadcast import views_by_group, watch_group

    by_group = dict(views_by_group(tables.load(table)))  # what every move sends each group
    assert '"deal": {}' in by_group[watch_group(table.pk)]["texts"]["en"]
    assert '"deal": {"A.driver"' in by_group[watch_group(table.pk, cards_shown=True)]["texts"]["en"]



def test_a_seat_sending_faster_than_a_person_is_refused_and_nothing_is_stored(free_table, settings):
    """Issue 35: a seat's messages beyond TABLE_SEAT_MESSAGES in TABLE_SEAT_SECONDS are refused with
    a message, before the database is read; the count is the shared cache's."""
    from django.core.cache import cache

    from tournaments.core.models import TableAction

    settings.TABLE_SEAT_MESSAGES, settings.TABLE_SEAT_SECONDS = 3, 3600
    table, links = free_table
    # This table's seats start with no count (a seat's id may be an earlier test's); never the whole
    # cache: a second test process shares it (Redis), with its sessions.
    cache.delete_many([f"table-seat-rate/{seat.pk}/{int(time.time() // 3600)}" for seat in table.seats.all()])
    waiting = next(seat for seat in tables.SEATS if seat != str(tables.load(table).hand.to_act))
    client = joined_client(table, links[waiting])  # not the seat to act: every move is out of turn

    async def scenario():
        seat, connected = await connect(f"/ws/table/{table.pk}/seat/", client)
        assert connected
        await seat.receive_json_from(timeout=5)
        codes = []
        for _ in range(6):
            await seat.send_json_to({"move": {"kind": "pass"}})
            codes.append((await seat.receive_json_from(timeout=5))["code"])
        await seat.disconnect()
        return codes

    codes = asyncio.run(scenario())
    assert codes == ["not_your_turn"] * 3 + ["too_fast"] * 3
    assert not TableAction.objects.filter(table=table).exists()


def test_a_malformed_announcement_is_refused_when_made_naming_the_rule_broken(free_table):
    """R9c: a hand-made message announcing Seize with the XIV, Gang with no suit or Visi with a card
    is refused at once, in the words of the engine's check of a record, its ruling named; nothing
    is stored."""
    from tournaments.core.models import TableAction

    table, links = free_table
    dealer = str(tables.load(table).hand.to_act)
    client = joined_client(table, links[dealer])
    sent = [({"feast": "seize", "cards": ["XIV"]}, "not_magnifiers", "(R9)"),
            ({"feast": "gang"}, "suits_do_not_fit", "(R9c)"),
            ({"feast": "visi", "cards": ["I"]}, "declares_no_cards", "(R9c)")]

    async def scenario():
        communicator, _ = await connect(f"/ws/table/{table.pk}/seat/", client, language=b"hu")
        await communicator.receive_json_from(timeout=5)
        answers = []
        for move, _reason, _ruling in sent:
            await communicator.send_json_to({"move": {"kind": "announce", **move}})
            answers.append(await communicator.receive_json_from(timeout=5))
        await communicator.disconnect()
        return answers

    answers = asyncio.run(scenario())
    for answer, (_move, _reason, ruling) in zip(answers, sent, strict=True):
        assert answer["type"] == "refused" and answer["code"] == "announcement_refused"
        assert "nem mondható be" in answer["message"] and answer["message"].endswith(f"{ruling}.")
    assert "XIV" in answers[0]["message"] or "14" in answers[0]["message"]
    assert not TableAction.objects.filter(table=table).exists()
