"""The online table as a way in (issue 25): opened by an organiser or a chief juror, seats joined by
links stored hashed, moves refused by the rules, and each finished hand recorded through the one
door as the match's first entry (an official match) or the game kept in the free-game table (R18)."""

import json
import random
import re

import pytest

from scoring import evaluate_hand
from scoring import table as rules
from scoring.cards import SEATS_BY_NAME
from scoring.feasts import FEASTS
from tests.factories import make_competition, make_match, make_player, make_season, make_user
from tests.web.table_play import play_hand, seat_of
from tournaments.core.models import Competition, FreeGameScore, Hand, Match, Table, TableAction
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.recording import tables

pytestmark = pytest.mark.django_db


def free_table(seed=11, user=None):
    make_season(2026)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=make_season(2026))
    players = {seat: make_player() for seat in tables.SEATS}
    return tables.open_table(user=user or make_user("organiser"), free_games=free_games, players=players, seed=seed)


def test_seat_links_are_stored_hashed_and_name_one_seat(frozen_today):
    table, links = free_table()
    assert len(set(links.values())) == 4
    for seat, secret in links.items():
        stored = table.seats.get(seat=seat).link_hash
        assert secret not in stored and len(stored) == 64
        assert tables.seat_of_link(secret).seat == seat
    assert tables.seat_of_link("not a link") is None


def test_a_link_ends_with_its_table(frozen_today):
    table, links = free_table()
    tables.abandon(table, table.opened_by, "A player was taken ill")
    assert tables.seat_of_link(links["A.driver"]) is None
    table.refresh_from_db()
    assert table.state == Table.State.ABANDONED and table.reason == "A player was taken ill"


def test_a_jurors_table_is_refused_and_a_chief_jurors_opened(frozen_today):
    season = make_season(2026)
    match = make_match(competition=make_competition(season=season), played_on=frozen_today)
    with pytest.raises(NotAllowed):
        tables.open_table(user=make_user("jury"), match=match)
    with pytest.raises(NotAllowed):
        tables.open_table(user=make_user("organiser"), match=match)  # hands would enter in their name
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=5)
    assert {s.seat: s.player for s in table.seats.all()}["A.driver"] == match.a_driver
    with pytest.raises(Refused):
        tables.open_table(user=make_user("chief"), match=match)  # one table at a time


def test_moves_out_of_turn_and_illegal_cards_are_refused_and_nothing_is_stored(frozen_today):
    table, links = free_table()
    state = tables.load(table)
    to_act = str(state.hand.to_act)
    other = next(seat for seat in tables.SEATS if seat != to_act)
    with pytest.raises(rules.IllegalMove) as turn:
        tables.make_move(seat_of(table, links, other), {"kind": "pass"})
    assert turn.value.code == "not_your_turn"
    with pytest.raises(rules.IllegalMove) as early:
        tables.make_move(seat_of(table, links, to_act), {"kind": "play", "card": "Kh"})
    assert early.value.code == "still_announcing"
    with pytest.raises(rules.IllegalMove):
        tables.make_move(seat_of(table, links, to_act), {"kind": "announce", "feast": "slam", "seat": other,
                                                          "cards": ["Kh"]})
    assert not TableAction.objects.exists()


def test_the_seat_a_move_comes_from_is_the_links_never_the_clients(frozen_today):
    table, links = free_table()
    to_act = str(tables.load(table).hand.to_act)
    other = next(seat for seat in tables.SEATS if seat != to_act)
    with pytest.raises(rules.IllegalMove):
        tables.make_move(seat_of(table, links, other), {"kind": "pass", "seat": to_act})


def test_a_seat_whose_link_was_replaced_or_whose_table_ended_makes_no_move(frozen_today):
    table, links = free_table()
    to_act = str(tables.load(table).hand.to_act)
    held = seat_of(table, links, to_act)
    tables.new_seat_link(table, to_act, table.opened_by)  # the player lost the link: a new one replaces it
    with pytest.raises(tables.SeatClosed):
        tables.make_move(held, {"kind": "pass"})
    other = next(seat for seat in tables.SEATS if seat != to_act)
    held = seat_of(table, links, other)
    tables.abandon(table, table.opened_by, "The players went home")
    with pytest.raises(tables.SeatClosed):
        tables.make_move(held, {"kind": "pass"})
    assert not TableAction.objects.filter(table=table).exclude(move__kind="abandon").exists()


def test_an_official_hand_enters_through_the_door_as_the_first_entry(frozen_today):
    season = make_season(2026)
    match = make_match(competition=make_competition(season=season), played_on=frozen_today)
    chief = make_user("chief")
    table, links = tables.open_table(user=chief, match=match, seed=21)
    result = play_hand(table, links, random.Random(2))
    assert result.state.finished_count == 1
    stored = Hand.objects.get(match=match, number=1)
    state = tables.load(table)
    record = state.finished[0].record()
    assert stored.tricks == record["tricks"] and stored.deal == record["deal"]
    assert (stored.score_a, stored.score_b) == (result.answer["A"]["score"], result.answer["B"]["score"])
    match.refresh_from_db()
    assert match.state == Match.State.IN_ENTRY and match.entered_by == chief  # a second juror confirms
    assert match.history.filter(history_change_reason__icontains="Hand 1").exists()
    assert state.hand_number == 2 and state.hand.attackers.value != record["attackers"]  # R3


def test_a_free_game_of_eight_hands_counts_in_the_free_game_table(frozen_today):
    table, links = free_table(seed=3)
    rng = random.Random(4)
    for expected in range(1, 9):
        assert play_hand(table, links, rng, speak=0.1).state.finished_count == expected
    table.refresh_from_db()
    assert table.state == Table.State.FINISHED and table.free_game is not None
    points = {score.player_id: score.points for score in FreeGameScore.objects.filter(game=table.free_game)}
    seats = {s.seat: s.player_id for s in table.seats.all()}
    assert points[seats["A.driver"]] == points[seats["A.catcher"]]
    assert points[seats["B.driver"]] == points[seats["B.catcher"]]
    assert tables.seat_of_link(links["A.driver"]) is None  # the links end with the table


def test_the_table_adjourned_takes_no_move_and_resumes_where_it_stopped(frozen_today):
    table, links = free_table()
    to_act = str(tables.load(table).hand.to_act)
    tables.make_move(seat_of(table, links, to_act), {"kind": "pass"})
    with pytest.raises(Refused):
        tables.adjourn(table, table.opened_by, "  ")
    tables.adjourn(table, table.opened_by, "Late evening")
    following = str(tables.load(table).hand.to_act)
    with pytest.raises(Refused):
        tables.make_move(seat_of(table, links, following), {"kind": "pass"})
    tables.resume(table, table.opened_by)
    tables.make_move(seat_of(table, links, following), {"kind": "pass"})
    assert len(tables.load(table).hand.moves) == 2


def test_a_substitute_takes_a_seat_only_between_hands(frozen_today):
    """R14."""
    table, links = free_table()
    substitute = make_player()
    tables.seat_substitute(table, "B.catcher", substitute, table.opened_by)
    assert table.seats.get(seat="B.catcher").player == substitute
    to_act = str(tables.load(table).hand.to_act)
    tables.make_move(seat_of(table, links, to_act), {"kind": "pass"})
    with pytest.raises(Refused):
        tables.seat_substitute(table, "B.catcher", make_player(), table.opened_by)


def test_each_seat_sees_only_its_own_cards_and_spectators_none(frozen_today):
    table, links = free_table()
    state = tables.load(table)
    spectator = tables.view(state, None)
    assert "cards" not in spectator and "offers" not in spectator
    dealt = state.hand.deal.hands
    for seat in tables.SEATS:
        seen = tables.view(state, seat)
        assert seen["cards"] == [str(card) for card in dealt[SEATS_BY_NAME[seat]]]
        others = [str(c) for s, cards in dealt.items() if str(s) != seat for c in cards]
        assert not set(others) & set(seen["cards"])


def test_the_tables_page_lists_the_tables_being_played_in_a_pinned_number_of_queries(client, frozen_today,
                                                                                  django_assert_num_queries):
    for seed in (1, 2, 3):
        free_table(seed=seed)
    with django_assert_num_queries(2):  # the tables with their matches; their seats with their players
        response = client.get("/table/")
    assert response.status_code == 200
    assert response.content.decode().count("/watch/") == 3


def test_the_view_tells_what_was_said_this_hand_in_order_and_by_whom(frozen_today):
    """R7, R8: what each seat said, the announcement's value and the contra's side, as the page lists it."""
    table, links = free_table()
    hand = tables.load(table).hand
    feast = next(move for move in hand.legal_announcements() if not FEASTS[move.feast].is_message)
    tables.make_move(seat_of(table, links, str(feast.seat)), feast.as_dict())
    hand = tables.load(table).hand
    contra = hand.legal_contras()[0]
    tables.make_move(seat_of(table, links, str(contra.seat)), contra.as_dict())
    hand = tables.load(table).hand
    tables.make_move(seat_of(table, links, str(hand.to_act)), {"kind": "pass"})

    said = tables.view(tables.load(table), None)["said"]
    assert [(entry["seat"], entry["kind"]) for entry in said] == [
        (str(feast.seat), "announce"), (str(contra.seat), "contra"), (str(hand.to_act), "pass")]
    assert said[0]["feast"] == feast.feast and said[0]["value"] == FEASTS[feast.feast].value
    assert said[1]["feast"] == feast.feast and said[1]["on"] == str(feast.seat)
    side = "partner" if contra.seat.team is feast.seat.team else "opponents"
    assert said[1]["side"] == side


def test_the_running_scores_are_the_engines_hand_by_hand(frozen_today):
    """R13: each finished hand's scores as the engine gives them, each team's sum, no match score
    before the eighth hand."""
    table, links = free_table(seed=5)
    rng = random.Random(2)
    play_hand(table, links, rng)
    play_hand(table, links, rng)
    state = tables.load(table)
    running = tables.view(state, "A.driver")["running"]
    engine = [evaluate_hand(state.finished_hand(number).record()) for number in (1, 2)]
    assert running["hands"] == [{"number": n, "A": answer["A"]["score"], "B": answer["B"]["score"]}
                                for n, answer in enumerate(engine, start=1)]
    assert running["sum"] == {team: engine[0][team]["score"] + engine[1][team]["score"] for team in ("A", "B")}
    assert running["score"] is None


def test_the_play_page_names_the_cards_and_teams_in_the_associations_words(client, frozen_today,
                                                                         django_assert_num_queries):
    today = frozen_today
    match = make_match(competition=make_competition(season=make_season(today.year)), played_on=today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=7)
    client.get(f"/table/join/{links['B.catcher']}/", HTTP_ACCEPT_LANGUAGE="hu")
    # The table with its match and teams; the seat by its link with its table and player (the session
    # and the association's words come from the cache).
    with django_assert_num_queries(2):
        response = client.get(f"/table/{table.pk}/play/", HTTP_ACCEPT_LANGUAGE="hu")
    page = response.content.decode()
    assert response.status_code == 200 and 'data-seat="B.catcher"' in page
    words = json.loads(re.search(r'id="table-words" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert words["cards"]["Kc"]["name"] == "treff király" and "trk" in words["cards"]["Kc"]["typed"]
    assert words["cards"]["I"]["name"] == "pagát" and words["cards"]["IV"]["face"] == "IIII"
    assert words["teams"] == {"A": match.team_a.name, "B": match.team_b.name}
    assert words["roles"]["B.catcher"] == "fogó"


def test_a_player_whose_table_has_ended_is_shown_its_last_state(client, frozen_today):
    """After the eighth hand the seat links end; a player reloading their page reads how the match
    ended, its running scores and match score (R13), on the spectators' page."""
    table, links = free_table(seed=3)
    client.get(f"/table/join/{links['A.driver']}/")
    rng = random.Random(4)
    for _ in range(8):
        play_hand(table, links, rng, speak=0.1)
    response = client.get(f"/table/{table.pk}/play/")
    assert response.status_code == 302 and response["Location"] == f"/table/{table.pk}/watch/"
    running = tables.view(tables.load(table), None)["running"]
    assert len(running["hands"]) == 8 and set(running["score"]) == {"A", "B"}


def test_a_player_sits_at_one_live_table_at_a_time(frozen_today):
    """Issue 35: a player seated at a table being played (or adjourned) is not seated at another,
    whether the table is opened or a substitute seated; once that table ends, they may sit again."""
    table, _links = free_table(seed=3)
    seated = table.seats.get(seat="A.driver").player
    free_games = table.free_games
    others = {seat: make_player() for seat in tables.SEATS}
    with pytest.raises(Refused, match="already sits at table") as refused:
        tables.open_table(user=make_user("organiser"), free_games=free_games, players={**others, "B.catcher": seated})
    assert refused.value.code == "seated_elsewhere"
    assert Table.objects.count() == 1  # nothing opened
    second, _ = tables.open_table(user=make_user("organiser"), free_games=free_games, players=others)
    organiser = make_user("organiser")
    with pytest.raises(Refused, match="already sits at table"):
        tables.seat_substitute(second, "A.driver", seated, organiser)
    tables.abandon(table, organiser, "A player left")
    tables.seat_substitute(second, "A.driver", seated, organiser)
    assert second.seats.get(seat="A.driver").player == seated
