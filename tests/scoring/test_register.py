"""R20: trophy points and the cups they reach, as plain arithmetic."""

from scoring.register import DEFAULT_THRESHOLDS, register_ranking, running_totals, thresholds_reached, trophy_points


def test_a_trophy_earns_one_point_or_its_value():
    assert trophy_points("royal", points_are_values=False) == 1
    assert trophy_points("royal", points_are_values=True) == 200
    assert trophy_points("spadille", points_are_values=True) == 30


def test_each_threshold_goes_to_the_trophy_that_passes_it():
    wins = [(60, DEFAULT_THRESHOLDS), (30, DEFAULT_THRESHOLDS), (30, DEFAULT_THRESHOLDS)]
    assert thresholds_reached(wins) == [(2, 100)]


def test_one_trophy_passing_several_thresholds_reaches_each():
    assert thresholds_reached([(60, DEFAULT_THRESHOLDS), (200, DEFAULT_THRESHOLDS)]) == [(1, 100), (1, 250)]


def test_the_thresholds_in_force_for_each_win_decide():
    assert thresholds_reached([(50, (100,)), (50, (40, 90))]) == [(1, 90)]


def test_running_totals_skip_nothing_and_count_withdrawn_wins_as_zero():
    assert running_totals([120, 0, 30]) == [120, 120, 150]


def test_the_register_ranks_by_points_then_the_best_trophy_and_equal_players_share_a_place():
    # R20: most trophy points first; R19: equal points are ordered by the best trophy (Royal above
    # Grand); equal in both, the players share the place and keep their given order.
    players = [(2, ["grand"]), (3, ["grand"]), (2, ["royal"]), (2, ["grand"])]

    assert register_ranking(players) == [(1, 1), (2, 2), (0, 3), (3, 3)]
