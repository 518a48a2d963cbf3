"""The jury's match-day screen: every match of the day, each hand as the players have it, the
matches needing a look first, in a fixed number of queries; its socket told of every change."""

import asyncio
import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from tests.factories import hand_records_results_mode, make_competition, make_match, make_season, make_user
from tournaments.core.models import PlayerHand
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import player_entry

RECORDS = hand_records_results_mode()
ORIGIN = (b"origin", b"http://localhost")


def hand_data(number):
    return {f"h{number}-{name}": "" if value is None else value
            for name, value in initial_for(RECORDS[number - 1], number).items()}


def matches_of_today(today, count):
    competition = make_competition(season=make_season(today.year), players_enter_hands=True)
    return [make_match(competition=competition, played_on=today) for _ in range(count)]


@pytest.mark.django_db
def test_every_table_of_the_day_with_the_disputed_one_first_in_fixed_queries(client, django_assert_num_queries,
                                                                          frozen_today):
    juror = make_user("jury", username="judit")
    calm, disputed, other_day = *matches_of_today(frozen_today, 2), make_match(
        played_on=frozen_today - datetime.timedelta(days=1))
    for match in (calm, disputed):
        links = {side: player_entry.give_link(match, side, juror) for side in "AB"}
        client.post(reverse("players:enter", args=[links["A"].token, 1]), hand_data(1))
    revision = PlayerHand.objects.get(match=disputed, number=1).revision
    player_entry.dispute_hand(player_entry.live_links(disputed)["B"], 1, revision=revision, note="Két király volt")
    client.force_login(juror)
    with django_assert_num_queries(4):  # the juror, the matches, their hands, the players' hands
        page = client.get(reverse("jury:match_day")).content.decode()
    assert page.index(f"table-{disputed.pk}") < page.index(f"table-{calm.pk}")
    assert "Két király volt" in page and "awaiting the other team" in page
    assert f"table-{other_day.pk}" not in page
    matches_of_today(frozen_today, 5)
    with django_assert_num_queries(4):  # whatever the number of tables
        client.get(reverse("jury:match_day"))


@pytest.mark.django_db
def test_the_screen_is_the_jurys(client):
    client.force_login(make_user())
    assert client.get(reverse("jury:match_day")).status_code == 403


@pytest.mark.django_db(transaction=True)
def test_the_screens_socket_is_told_when_the_players_enter_a_hand(client, frozen_today):
    from django.apps import apps

    from tournaments.core.roles import ensure_roles
    from tournaments.site.asgi import application

    ensure_roles(apps)
    juror = make_user("jury", username="judit")
    match = matches_of_today(frozen_today, 1)[0]
    link = player_entry.give_link(match, "A", juror)
    client.force_login(juror)
    headers = [ORIGIN, (b"host", b"localhost"), (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]

    async def scenario():
        screen = WebsocketCommunicator(application, "/ws/jury/match-day/", headers=headers)
        assert (await screen.connect())[0]
        stranger = WebsocketCommunicator(application, "/ws/jury/match-day/", headers=[ORIGIN, (b"host", b"localhost")])
        assert (await stranger.connect()) == (False, 4403)  # no login: no screen
        await sync_to_async(players_enter_hand_1)(link.token)
        told = await screen.receive_json_from(timeout=5)
        await screen.disconnect()
        return told

    def players_enter_hand_1(token):
        Client().post(reverse("players:enter", args=[token, 1]), hand_data(1))

    assert asyncio.run(scenario()) == {"changed": True}
