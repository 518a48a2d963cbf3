"""The pages around the online table (issue 25): the big screen of an event's tables, the replay
of a finished hand trick by trick (public for a free game, for an official match once confirmed),
a player's seat opened by their account, the table opened from the match's jury page with its
refusals in words, and a substitute seated at the table named on the match (R14)."""

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_competition, make_match, make_player, make_season, make_team, make_user
from tests.web.table_play import play_hand
from tournaments.core import bridge, lines
from tournaments.core.models import Competition, Hand, Match, Player, Table
from tournaments.core.refusals import Refused
from tournaments.recording import tables

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def roles():
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)


def free_table(seed=11, players=None):
    season = make_season(2026)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=season)
    players = players or {seat: make_player() for seat in tables.SEATS}
    return tables.open_table(user=make_user("organiser"), free_games=free_games, players=players, seed=seed)


def match_table(frozen_today, chief=None, substitute=False):
    season = make_season(2026)
    competition = make_competition(season=season)
    match = make_match(make_team(season=season, substitute=substitute), make_team(season=season),
                       competition=competition, played_on=frozen_today)
    table, links = tables.open_table(user=chief or make_user("chief"), match=match, seed=21)
    return match, table, links


def hungarian():
    return Client(HTTP_ACCEPT_LANGUAGE="hu")


def logged_in(user, language="hu"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


# --- the big screen ------------------------------------------------------------------------------


def test_the_big_screen_shows_every_live_table_with_its_players_and_no_card_held(frozen_today,
                                                                                 django_assert_num_queries):
    first, links = free_table(seed=3)
    play_hand(first, links)
    second, _links = free_table(seed=4)
    tables.abandon(free_table(seed=5)[0], first.opened_by, "Rain")  # an ended table is not on the screen
    # 2 the live tables and their seats; each table its last two hands' actions (the second has none yet).
    # The score so far is cached after the first asking.
    hungarian().get(reverse("table:board_all"))
    with django_assert_num_queries(2 + 1 + 1):
        page = hungarian().get(reverse("table:board_all"))
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('class="board"') == 2
    for seat in first.seats.select_related("player"):
        assert seat.player.name in html
    assert f"/ws/table/{first.pk}/watch/" in html and f"/ws/table/{second.pk}/watch/" in html
    dealt = tables.load(second).hand.hands
    held = {str(card) for cards in dealt.values() for card in cards} - {"K", "Q", "C", "V", "10"}  # rank letters
    # The page's words name every card of the pack (for the cards as they are played); beside them,
    # no card held is on the page.
    shown = re.sub(r'<script id="table-words"[^>]*>.*?</script>', "", html, flags=re.S)
    assert not any(f'"{card}"' in shown for card in held)


def test_an_events_big_screen_shows_only_its_own_tables(frozen_today):
    match, table, _links = match_table(frozen_today)
    free, _free_links = free_table()
    page = hungarian().get(reverse("table:board", args=[match.competition_id]))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'id="board-{table.pk}"' in html and f'id="board-{free.pk}"' not in html
    assert match.team_a.name in html and "Online tables" not in html  # in Hungarian
    assert hungarian().get(reverse("table:board", args=[999999])).status_code == 404


def test_the_score_so_far_is_the_engines_over_the_finished_hands(frozen_today):
    table, links = free_table(seed=7)
    first = play_hand(table, links, random.Random(1)).answer
    second = play_hand(table, links, random.Random(5)).answer
    data = hungarian().get(reverse("table:scores", args=[table.pk])).json()
    expected = bridge.running_totals([first, second])
    assert data["hands_done"] == 2
    assert data["totals"]["A"]["sum"] == expected["A"]["sum"] == first["A"]["score"] + second["A"]["score"]
    assert data["totals"]["B"]["sum"] == expected["B"]["sum"]


# --- the replay -----------------------------------------------------------------------------------


def test_a_free_games_hand_is_replayed_trick_by_trick_for_anyone(frozen_today):
    table, links = free_table(seed=9)
    answer = play_hand(table, links, random.Random(3), speak=0.6).answer
    hand = tables.load(table).finished_hand(1)
    page = hungarian().get(reverse("table:replay", args=[table.pk, 1]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Az osztás" in html and "Bemondások és kontrák" in html  # the deal, the calls: in Hungarian
    for cards in hand.deal.hands.values():
        for card in cards:
            assert lines.card_name(str(card)) in html  # the deal, revealed once the hand is over
    assert html.count('class="replay-step"') == 2 + 10 + 1  # the deal, the calls, ten tricks, the scores
    last_winner = table.seats.get(seat=str(hand.trick_winners[9]))
    assert f"Vitte: {lines.seat_name(last_winner.seat)} ({last_winner.player})." in html  # the tenth trick
    assert f"<td>{answer['A']['score']}</td>" in html and f"<td>{answer['B']['score']}</td>" in html
    assert hungarian().get(reverse("table:replay", args=[table.pk, 2])).status_code == 404  # not yet played


def test_an_official_hand_is_replayed_for_the_jury_and_its_players_and_for_the_public_once_confirmed(frozen_today):
    match, table, links = match_table(frozen_today)
    play_hand(table, links)
    url = reverse("table:replay", args=[table.pk, 1])
    assert hungarian().get(url).status_code == 403
    assert logged_in(make_user("jury")).get(url).status_code == 200
    player = Client()
    player.get(reverse("table:join", args=[links["B.catcher"]]))
    assert player.get(url).status_code == 200  # a player of the table, by the seat link kept in the session
    account = make_user()
    Player.objects.filter(pk=match.a_driver_id).update(account=account)
    assert logged_in(account).get(url).status_code == 200
    Match.objects.filter(pk=match.pk).update(state=Match.State.CONFIRMED)
    assert hungarian().get(url).status_code == 200


def test_the_replay_is_linked_from_the_match_page_and_the_tables_page(frozen_today):
    chief = make_user("chief")
    match, table, links = match_table(frozen_today, chief=chief)
    play_hand(table, links)
    url = reverse("table:replay", args=[table.pk, 1])
    assert url in logged_in(chief).get(reverse("jury:match", args=[match.pk])).content.decode()
    assert url in logged_in(chief).get(reverse("table:manage", args=[table.pk])).content.decode()
    assert url in logged_in(chief).get(reverse("jury:history", args=[match.pk])).content.decode()


# --- a seat by the player's account ------------------------------------------------------------------


def test_a_player_with_an_account_finds_and_opens_their_seat_without_a_link(frozen_today, django_assert_num_queries):
    seated = make_player("Kovács Anna")
    table, _links = free_table(players={"A.driver": seated, **{seat: make_player() for seat in tables.SEATS[1:]}})
    anna = make_user(username="anna")
    seated.account = anna
    seated.save()
    client = logged_in(anna)
    # 1 the user (the session is in the cache); 1 the user's seats; 2 the live tables and their seats
    with django_assert_num_queries(4):
        index = client.get(reverse("table:index"))
    assert reverse("table:play", args=[table.pk]) in index.content.decode()
    assert f"Foglalja el a helyét a(z) {table.pk}. asztalnál" in index.content.decode()
    play = client.get(reverse("table:play", args=[table.pk]))
    assert play.status_code == 200 and play.context["table_seat"].player == seated
    stranger = logged_in(make_user(username="bela"))
    assert stranger.get(reverse("table:play", args=[table.pk])).status_code == 403
    assert reverse("table:play", args=[table.pk]) not in stranger.get(reverse("table:index")).content.decode()


# --- the match's table from its jury page -----------------------------------------------------------


def test_a_chief_juror_opens_the_matchs_table_from_its_jury_page(frozen_today):
    season = make_season(2026)
    match = make_match(competition=make_competition(season=season), played_on=frozen_today)
    chief = logged_in(make_user("chief"))
    page = chief.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Online asztal nyitása a mérkőzéshez" in page
    opened = chief.post(reverse("table:open"), {"match": match.pk})
    assert opened.status_code == 200 and Table.objects.filter(match=match).count() == 1
    again = chief.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Online asztal nyitása a mérkőzéshez" not in again
    assert "Ennek a mérkőzésnek már folyik a játék egy asztalon." in again  # the refusal, in words
    history = chief.get(reverse("jury:history", args=[match.pk]))
    assert history.status_code == 200


def test_the_jury_page_says_why_a_table_may_not_be_opened(frozen_today):
    season = make_season(2026)
    match = make_match(competition=make_competition(season=season), played_on=frozen_today.replace(day=28))
    Match.objects.filter(pk=match.pk).update(b_catcher=None)
    page = logged_in(make_user("chief")).get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Online asztal nyitása a mérkőzéshez" not in page
    assert "Előbb nevezze meg a mérkőzés négy játékosát" in page  # the players missing
    assert "2026. május 28." in page  # not played yet: its day, in the reader's words
    juror = logged_in(make_user("jury")).get(reverse("jury:match", args=[match.pk])).content.decode()
    # A juror opens no table, and reads who does and why (issue 36).
    assert "Online asztal nyitása a mérkőzéshez" not in juror and 'action="/table/open/"' not in juror
    assert "főzsűritag nyitja meg" in juror and "Ön nem főzsűritag" in juror


def test_the_matchs_history_names_the_table_a_hand_was_played_at(frozen_today):
    chief = make_user("chief")
    match, table, links = match_table(frozen_today, chief=chief)
    play_hand(table, links)
    page = logged_in(chief).get(reverse("jury:history", args=[match.pk])).content.decode()
    assert f"1. leosztás lejátszva a(z) {table.pk}. online asztalnál" in page


# --- R14: a substitute at the table of an official match ------------------------------------------------


def test_a_substitute_seated_between_hands_is_named_on_the_match_the_hands_are_recorded_for(frozen_today):
    chief = make_user("chief")
    match, table, links = match_table(frozen_today, chief=chief, substitute=True)
    play_hand(table, links)
    substitute = match.team_a.substitute
    response = logged_in(chief).post(reverse("table:act", args=[table.pk, "substitute"]),
                                     {"seat": "A.driver", "player": substitute.pk})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.a_driver == substitute  # R14: the match names who actually played, as the jury's entry does
    assert match.history.filter(history_change_reason=f"Substitute seated at online table {table.pk} (R14)").exists()
    seat = tables.seat_of_link(links["A.driver"])
    assert seat.player == substitute
    play_hand(table, links, random.Random(4))
    assert Hand.objects.filter(match=match).count() == 2
    moved_by = table.actions.filter(hand_number=2, seat="A.driver").values_list("player", flat=True)
    assert set(moved_by) == {substitute.pk}  # every move of hand 2 at that seat is the substitute's


def test_a_substitute_of_another_team_is_refused_with_r14(frozen_today):
    chief = make_user("chief")
    match, table, links = match_table(frozen_today, chief=chief, substitute=True)
    stranger = make_player("Idegen Péter")
    with pytest.raises(Refused) as refused:
        tables.seat_substitute(table, "A.driver", stranger, chief)
    assert refused.value.code == "R14_seat" and "R14" in refused.value.text
    match.refresh_from_db()
    assert match.a_driver == match.team_a.driver and tables.seat_of_link(links["A.driver"]).player != stranger
