"""Competition arithmetic without a database (R15-R18)."""

import datetime
from decimal import Decimal

import pytest

from scoring.cards import Team
from scoring.competitions import (
    ODD_ENTRANTS,
    TOO_FEW_ENTRANTS,
    GrandPrixEntrant,
    PairingError,
    TieBreak,
    TieStage,
    championship_table,
    cup_round_date,
    cup_rounds_needed,
    cup_tie_state,
    draw_pairs,
    free_game_table,
    free_game_winners,
    grand_prix_pairings,
    grand_prix_ranking,
    pairing_problem,
    shared_places,
)

# --- R15: the Championship table ---------------------------------------------------------------


def test_equal_totals_share_a_place_and_the_next_place_is_skipped():
    # R15: equal totals share a place.
    assert shared_places([300, 250, 250, 100]) == [1, 2, 2, 4]


def test_championship_table_sums_match_scores_with_average_and_best():
    table = championship_table({"Kings": [80, 95, 70], "Owls": [100, 100], "Birds": []})

    assert [(row.team, row.place, row.played, row.total, row.best) for row in table] == [
        ("Kings", 1, 3, 245, 95), ("Owls", 2, 2, 200, 100), ("Birds", 3, 0, 0, None),
    ]
    assert table[0].average == Decimal("81.7")  # 245 / 3 = 81.67, one decimal half up
    assert table[2].average is None


def test_championship_table_shares_places_on_equal_totals_and_lists_them_by_name():
    table = championship_table({"Zebras": [90, 60], "Apes": [150], "Cats": [100]})

    assert [(row.team, row.place) for row in table] == [("Apes", 1), ("Zebras", 1), ("Cats", 3)]


# --- R16: Cup ties -------------------------------------------------------------------------------


def test_a_tie_not_started_and_in_progress_shows_running_sums():
    assert cup_tie_state([]).stage is TieStage.NOT_STARTED
    state = cup_tie_state([(90, 80), (70, 100)])
    assert state.stage is TieStage.IN_PROGRESS
    assert state.sums == (160, 180)
    assert state.running_sums == [(90, 80), (160, 180)]
    assert state.matches_left == 1


def test_the_lower_sum_after_three_matches_is_out():
    # R16: the three match scores are summed; the lower team is eliminated.
    state = cup_tie_state([(90, 80), (70, 100), (95, 74)])

    assert state.stage is TieStage.DECIDED
    assert state.sums == (255, 254)
    assert (state.winner, state.loser) == (Team.A, Team.B)


def test_equal_sums_need_a_play_off_then_repeat_until_one_team_leads():
    # R16: on equal sums a two-hand tie-breaker; tie-breakers repeat until one team is ahead.
    three = [(90, 80), (70, 100), (100, 80)]
    assert cup_tie_state(three).stage is TieStage.PLAY_OFF_NEEDED
    assert cup_tie_state(three, play_off_pending=True).stage is TieStage.PLAY_OFF_IN_PROGRESS
    assert cup_tie_state(three, [(150, 150)]).stage is TieStage.PLAY_OFF_NEEDED
    state = cup_tie_state(three, [(150, 150), (120, 180)])
    assert state.stage is TieStage.DECIDED
    assert state.winner is Team.B
    assert state.play_offs == ((150, 150), (120, 180))


def test_cup_rounds_fall_on_the_last_day_of_each_month_from_september():
    # R16: rounds at the end of each month from September.
    assert [cup_round_date(2026, n) for n in (1, 2, 3, 4)] == [
        datetime.date(2026, 9, 30), datetime.date(2026, 10, 31),
        datetime.date(2026, 11, 30), datetime.date(2026, 12, 31),
    ]


def test_the_draw_is_reproducible_from_its_seed():
    # R16: a random draw with a recorded seed.
    teams = list(range(16))
    first = draw_pairs(teams, "seed-1")
    assert first == draw_pairs(teams, "seed-1")
    assert first != draw_pairs(teams, "seed-2")
    assert len(first) == 8
    assert sorted(team for pair in first for team in pair) == teams


def test_a_short_field_gets_byes_never_two_in_one_pair():
    pairs = draw_pairs(list(range(11)), "x")

    assert cup_rounds_needed(11) == 4
    assert len(pairs) == 8
    assert sum(1 for pair in pairs if pair[1] is None) == 5
    assert all(pair[0] is not None for pair in pairs)


# --- R17: Grand Prix ranking -----------------------------------------------------------------------


def gp(name, hand_sums, trophies=()):
    return GrandPrixEntrant(name, name, tuple(hand_sums), tuple(trophies))


def test_grand_prix_result_is_the_plain_sum_of_hand_scores():
    # R17: the plain sum of the 24 hand scores, not averaged.
    rows = grand_prix_ranking([gp("Owls", [700, 720, 680]), gp("Kings", [800, 700, 650])])

    assert [(row.entrant.team, row.place, row.total, row.tie_break) for row in rows] == [
        ("Kings", 1, 2150, None), ("Owls", 2, 2100, None),
    ]


def test_equal_totals_are_broken_by_the_best_single_match():
    # R17 (1): the best single match as the raw 8-hand sum.
    rows = grand_prix_ranking([gp("Owls", [700, 700, 700]), gp("Kings", [750, 700, 650])])

    assert [row.entrant.team for row in rows] == ["Kings", "Owls"]
    assert [row.place for row in rows] == [1, 2]
    assert rows[1].tie_break.kind is TieBreak.BEST_MATCH
    assert (rows[1].tie_break.above, rows[1].tie_break.below) == (750, 700)


def test_then_by_the_highest_ranking_trophy_won():
    # R17 (2), R19: Royal (200) outranks Triumph (160); Golgotha ranks above Scale.
    rows = grand_prix_ranking([
        gp("Owls", [700, 700, 700], ["triumph", "spadille"]),
        gp("Kings", [700, 700, 700], ["royal"]),
    ])

    assert [row.entrant.team for row in rows] == ["Kings", "Owls"]
    assert rows[1].tie_break.kind is TieBreak.TROPHY
    assert rows[1].tie_break.level == 1
    assert (rows[1].tie_break.above, rows[1].tie_break.below) == ("royal", "triumph")


def test_then_by_the_next_highest_trophy():
    # R17: "then the next-highest, and so on"; R19: within 30, Manille ranks above Spadille.
    rows = grand_prix_ranking([
        gp("Owls", [700, 700, 700], ["spadille", "royal"]),
        gp("Kings", [700, 700, 700], ["royal", "manille"]),
        gp("Birds", [700, 700, 700], ["royal"]),
    ])

    assert [row.entrant.team for row in rows] == ["Kings", "Owls", "Birds"]
    assert [row.place for row in rows] == [1, 2, 3]
    assert (rows[1].tie_break.level, rows[1].tie_break.above, rows[1].tie_break.below) == (
        2, "manille", "spadille")
    # A team with one more trophy is ahead of one that has only the same first trophy.
    assert (rows[2].tie_break.level, rows[2].tie_break.above, rows[2].tie_break.below) == (
        2, "spadille", None)


def test_teams_equal_on_every_tie_break_share_the_place():
    # R17: teams still equal share the place.
    rows = grand_prix_ranking([
        gp("Owls", [700, 650, 750], ["scale"]),
        gp("Kings", [750, 700, 650], ["scale"]),
        gp("Birds", [600, 600, 600]),
    ])

    assert [(row.entrant.team, row.place) for row in rows] == [("Kings", 1), ("Owls", 1), ("Birds", 3)]
    assert rows[1].tie_break.kind is TieBreak.SHARED
    assert rows[2].tie_break is None


# --- R17: Grand Prix pairings ----------------------------------------------------------------------


@pytest.mark.parametrize("count", [4, 6, 8, 16, 30])
def test_each_team_meets_three_different_opponents_once_a_round(count):
    # R17: each team plays 3 matches.
    teams = [f"T{n}" for n in range(count)]

    rounds = grand_prix_pairings(teams, "seed")

    assert len(rounds) == 3
    for round_pairs in rounds:  # every team plays once a round
        assert sorted(team for pair in round_pairs for team in pair) == sorted(teams)
    pairs = [frozenset(pair) for round_pairs in rounds for pair in round_pairs]
    assert len(set(pairs)) == len(pairs) == 3 * count // 2  # never the same opponent twice


def test_pairings_are_reproducible_from_their_seed():
    teams = list(range(12))

    assert grand_prix_pairings(teams, "a") == grand_prix_pairings(teams, "a")
    assert grand_prix_pairings(teams, "a") != grand_prix_pairings(teams, "b")


def test_pairings_need_an_even_field_of_four_or_more():
    # R17: three matches each cannot be paired for an odd field (3 x 5 team-matches is odd), and
    # three different opponents need four teams.
    assert pairing_problem(5) == ODD_ENTRANTS
    assert pairing_problem(2) == TOO_FEW_ENTRANTS
    assert pairing_problem(4) is None
    with pytest.raises(PairingError, match=ODD_ENTRANTS):
        grand_prix_pairings(list(range(7)), "x")


# --- R18: free games ----------------------------------------------------------------------------


def test_free_game_table_orders_by_points_and_names_the_winner():
    # R18: the player with the highest total of the year wins.
    table = free_game_table({"Anna": [10, -3], "Bela": [12], "Csaba": [-1, -1, 9]})

    assert [(row.player, row.place, row.games, row.points) for row in table] == [
        ("Bela", 1, 1, 12), ("Anna", 2, 2, 7), ("Csaba", 2, 3, 7),
    ]
    assert free_game_winners(table) == ["Bela"]


def test_a_shared_first_place_has_several_winners():
    table = free_game_table({"Anna": [5], "Bela": [5]})

    assert free_game_winners(table) == ["Anna", "Bela"]
