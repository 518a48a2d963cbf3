"""R17 Grand Prix: three matches a team, the plain sum of hand scores, tie-breaks, and the jury's
choice to count a match elsewhere."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.competitions import grand_prix_pairings
from tests.factories import (
    announcement,
    eight_hand_records,
    engine_match_result,
    hands_summing,
    level,
    make_competition,
    make_match,
    make_season,
    make_team,
    make_user,
    play_match,
    schedule_match,
)
from tournaments.core.competitions import check_match_allowed, grand_prix
from tournaments.core.competitions.grand_prix import results
from tournaments.core.models import Competition, GrandPrixEntry, Match
from tournaments.core.refusals import Refused
from tournaments.recording import matches

pytestmark = pytest.mark.django_db
MAY = datetime.date(2025, 5, 10)


def event_with(*names, slug="spring"):
    event = make_competition(Competition.Kind.GRAND_PRIX, slug=slug, name="Spring Grand Prix", starts=MAY)
    teams = [make_team(name) for name in names]
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    return event, teams


def played(event, team_a, team_b, sum_a, sum_b, *, state=Match.State.CONFIRMED, trophies_a=(), trophies_b=(),
           lost_a=()):
    """A match played through the jury's steps on eight hands whose scores the engine sums to
    ``sum_a`` and ``sum_b``; A's trophies announced (and won or lost) in hand 1, B's in hand 2, as two
    teams' trophies won in one hand cannot all be true (R10b) (tests.factories.hands_summing)."""
    announced = {
        0: [announcement(t, "A.driver", "won") for t in trophies_a] + [announcement(t, "A.catcher", "lost")
                                                                        for t in lost_a],
        1: [announcement(t, "B.catcher", "won") for t in trophies_b],
    }
    records = hands_summing(sum_a, sum_b, announced={index: items for index, items in announced.items() if items})
    match = play_match(event, team_a, team_b, records, state=state, played_on=MAY)
    if state == Match.State.CONFIRMED:
        assert (match.hand_sum_a, match.hand_sum_b) == (sum_a, sum_b)  # the engine's sums
    return match


def ranking(event):
    return [(row.place, team.name, row.total) for row, team in results(event)]


def test_the_result_is_the_plain_sum_of_hand_scores_over_three_matches():
    event, (kings, owls, birds, cats) = event_with("Kings", "Owls", "Birds", "Cats")
    played(event, kings, owls, 720, 700)
    played(event, kings, birds, 760, 690)
    played(event, kings, cats, 700, 705)
    played(event, owls, birds, 800, 650, state=Match.State.ENTERED)  # unconfirmed: not counted

    assert ranking(event)[0] == (1, "Kings", 2180)  # R17: summed, not averaged


def test_equal_totals_are_decided_by_the_best_match(client):
    event, (kings, owls) = event_with("Kings", "Owls")
    played(event, kings, owls, 750, 700)
    played(event, owls, kings, 760, 710)  # Kings 1460 (best 750), Owls 1460 (best 760)

    assert ranking(event) == [(1, "Owls", 1460), (2, "Kings", 1460)]
    text = client.get(reverse("public:grand_prix", args=[2025, "spring"])).text
    assert "Equal total; best match 760 to 750" in text


def test_then_by_the_highest_trophy_won_in_the_event(client):
    # R17 (2), R19: Royal outranks Triumph; a trophy lost, or won outside the event, does not count.
    event, (kings, owls) = event_with("Kings", "Owls")
    played(event, kings, owls, 700, 700, trophies_a=["triumph"], trophies_b=["royal"])
    played(event, kings, owls, 700, 700, lost_a=["royal"])
    other = make_competition(Competition.Kind.GRAND_PRIX, slug="autumn")
    guests = make_team("Guests")
    for team in (kings, guests):
        GrandPrixEntry.objects.create(competition=other, team=team)
    played(other, kings, guests, 700, 700, trophies_a=["royal"])

    assert ranking(event) == [(1, "Owls", 1400), (2, "Kings", 1400)]
    text = client.get(reverse("public:grand_prix", args=[2025, "spring"])).text
    assert "Equal total and best match; trophy 1: Royal to Triumph" in text


def test_then_by_the_next_trophy(client):
    event, (kings, owls) = event_with("Kings", "Owls")
    played(event, kings, owls, 700, 700, trophies_a=["scale", "spadille"], trophies_b=["scale", "manille"])

    assert ranking(event) == [(1, "Owls", 700), (2, "Kings", 700)]
    text = client.get(reverse("public:grand_prix", args=[2025, "spring"])).text
    assert "trophy 2: Manille to Spadille" in text


def test_teams_equal_on_every_tie_break_share_the_place(client):
    event, (kings, owls, birds) = event_with("Kings", "Owls", "Birds")
    played(event, kings, owls, 700, 700, trophies_a=["dschinn"], trophies_b=["dschinn"])
    played(event, birds, kings, 100, 0)

    assert ranking(event) == [(1, "Kings", 700), (1, "Owls", 700), (3, "Birds", 100)]
    text = client.get(reverse("public:grand_prix", args=[2025, "spring"])).text
    assert "Equal on every tie-break: place shared" in text


def test_a_team_plays_three_matches_a_fourth_is_refused():
    event, (kings, owls) = event_with("Kings", "Owls")
    for _ in range(3):
        played(event, kings, owls, 700, 700)
    fourth = make_match(kings, owls, event, played_on=MAY)

    with pytest.raises(Refused, match="R17: Kings already has its 3 matches"):
        matches.record_match(fourth, eight_hand_records(), user=make_user("jury"))
    fourth.refresh_from_db()
    assert fourth.version == 0 and not fourth.hands.exists()


def test_a_team_that_has_not_entered_cannot_play():
    event, (kings,) = event_with("Kings")

    with pytest.raises(ValidationError, match="R17: Guests has not entered Spring Grand Prix"):
        check_match_allowed(make_match(kings, make_team("Guests"), event, played_on=MAY))


@pytest.mark.parametrize("teams", [2, 10])
def test_the_results_query_count_does_not_grow_with_teams(client, django_assert_num_queries, teams):
    names = [f"Team {n:02d}" for n in range(teams)]
    event, made = event_with(*names)
    for i, team in enumerate(made):
        played(event, team, made[(i + 1) % teams], 700 + i, 690, trophies_a=["marriage"])
    # 1 season, 2 event, 3 entrants with players, 4 confirmed match sums, 5 trophies won,
    # 6 the pairings with their teams
    with django_assert_num_queries(6 + 1):  # and the public data version
        response = client.get(reverse("public:grand_prix", args=[2025, "spring"]))
    assert response.status_code == 200
    assert len(response.context["table"].data) == teams


# --- the jury's choice (R17) ----------------------------------------------------------------------


def test_the_jury_counts_a_grand_prix_match_for_the_championship(client):
    make_competition()
    event, (kings, owls) = event_with("Kings", "Owls")
    records = hands_summing(720, 700)
    match = play_match(event, kings, owls, records, played_on=MAY)
    url = reverse("competitions:grand_prix_match", args=[match.pk])

    assert client.get(url).status_code == 302  # login first
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    client.force_login(make_user("chief"))  # the match is confirmed: a correction, with a reason
    response = client.post(url, {"counts_for_championship": "on", "version": match.version,
                                 "reason": "R17: the teams asked for it before the event"})

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.counts_for_championship
    table = client.get(reverse("public:championship", args=[2025])).context["table"]
    kings_result, owls_result = engine_match_result(records)  # R13: the match score, not the hand sum
    assert [(row["team"], row["total"]) for row in table.data] == [("Kings", kings_result.score),
                                                                   ("Owls", owls_result.score)]
    assert kings_result.score != kings_result.hand_sum


def test_a_refused_choice_is_shown_and_changes_nothing(client):
    make_competition()
    event, (kings, owls) = event_with("Kings", "Owls")
    match = play_match(event, kings, owls, hands_summing(720, 700), played_on=MAY, played_publicly=False)
    client.force_login(make_user("chief"))  # the match is confirmed: a correction, with a reason

    response = client.post(reverse("competitions:grand_prix_match", args=[match.pk]),
                           {"counts_for_championship": "on", "version": match.version, "reason": "R17"})

    assert response.status_code == 200
    assert "R15: this championship match needs the jury&#x27;s agreement" in response.text
    match.refresh_from_db()
    assert not match.counts_for_championship


# --- the organisers: entrants and pairings (R17) ----------------------------------------------------


def test_organisers_enter_and_withdraw_teams():
    event, (kings,) = event_with("Kings")
    owls = make_team("Owls")

    grand_prix.enter_team(event, owls)
    with pytest.raises(ValidationError, match="R17: Owls has already entered"):
        grand_prix.enter_team(event, owls)
    grand_prix.remove_entry(event, kings)

    assert list(grand_prix.teams_of(event)) == [owls]


def test_a_team_of_another_season_cannot_enter():
    event, _teams = event_with()
    stranger = make_team("Strangers", season=make_season(2024))

    with pytest.raises(ValidationError, match="R17: Strangers is not a team of this season"):
        grand_prix.enter_team(event, stranger)
    assert not event.grand_prix_entries.exists()


def test_a_team_with_matches_in_the_event_cannot_be_withdrawn():
    event, (kings, owls) = event_with("Kings", "Owls")
    played(event, kings, owls, 700, 690)

    with pytest.raises(ValidationError, match="R17: Kings has matches in this event"):
        grand_prix.remove_entry(event, kings)
    assert event.grand_prix_entries.count() == 2


@pytest.mark.parametrize("count", [4, 6, 10])
def test_drawn_pairings_give_each_team_three_different_opponents(count):
    event, teams = event_with(*[f"Team {n:02d}" for n in range(count)])

    drawn = matches.draw_grand_prix_pairings(event, seed="spring-2025", user=make_user("organiser"))

    event.refresh_from_db()
    assert event.draw_seed == "spring-2025" and event.drawn_at is not None
    assert len(drawn) == 3 * count // 2
    pairs = [frozenset((match.team_a, match.team_b)) for match in drawn]
    assert len(set(pairs)) == len(pairs)  # no opponent twice
    assert all(sum(team in pair for pair in pairs) == 3 for team in teams)  # R17: three matches each
    # Reproducible from the recorded seed: the same entrants and seed give the same pairings.
    expected = [(a, b) for round_pairs in grand_prix_pairings(teams, "spring-2025") for a, b in round_pairs]
    assert [(match.team_a, match.team_b) for match in drawn] == expected
    assert all(match.state == Match.State.SCHEDULED and match.played_on == MAY for match in drawn)
    assert all((m.a_driver, m.b_catcher) == (m.team_a.driver, m.team_b.catcher) for m in drawn)


def test_pairings_are_drawn_once_and_need_an_even_field_of_four_or_more():
    organiser = make_user("organiser")
    odd, _teams = event_with("Kings", "Owls", "Birds", "Cats", "Bats")
    with pytest.raises(ValidationError, match="R17: each team plays 3 matches, so the event needs an even number"):
        matches.draw_grand_prix_pairings(odd, user=organiser)
    small, _teams = event_with("Ants", "Bees", slug="small")
    with pytest.raises(ValidationError, match="R17: each team plays 3 different opponents, so the event needs at "
                                              "least 4 entrants"):
        matches.draw_grand_prix_pairings(small, user=organiser)
    assert not Match.objects.exists()
    odd.refresh_from_db()
    assert odd.draw_seed == "" and odd.drawn_at is None

    event, _teams = event_with("A1", "A2", "A3", "A4", slug="even")
    matches.draw_grand_prix_pairings(event, user=organiser)
    with pytest.raises(ValidationError, match="R17: this event already has matches"):
        matches.draw_grand_prix_pairings(event, user=organiser)
    assert event.matches.count() == 6


def test_entered_pairs_are_checked_together_and_a_refusal_saves_none():
    event, (kings, owls, birds, cats) = event_with("Kings", "Owls", "Birds", "Cats")
    organiser = make_user("organiser")
    matches.add_grand_prix_pairs(event, [(kings, owls), (kings, birds)], user=organiser)

    with pytest.raises(ValidationError, match="R17: Kings already has its 3 matches"):
        matches.add_grand_prix_pairs(event, [(birds, cats), (kings, cats), (kings, owls)], user=organiser)

    assert event.matches.count() == 2


def test_the_organisers_page_enters_teams_and_draws_the_pairings(client):
    event, teams = event_with("Kings", "Owls", "Birds")
    cats = make_team("Cats")
    url = reverse("competitions:grand_prix_admin", args=[2025, "spring"])
    client.force_login(make_user("jury"))
    assert client.get(url).status_code == 403
    client.force_login(make_user("organiser"))

    refused = client.post(url, {"action": "draw", "draw-seed": "x"})
    assert "R17: each team plays 3 matches, so the event needs an even number of entrants (it has 3)" in refused.text
    assert client.post(url, {"action": "enter", "entry-team": cats.pk}).status_code == 302
    assert client.post(url, {"action": "draw", "draw-seed": "", "draw-played_on": "2025-05-11",
                             "draw-place": "Tata"}).status_code == 302

    event.refresh_from_db()
    assert len(event.draw_seed) == 16
    assert event.matches.filter(played_on=datetime.date(2025, 5, 11), place="Tata").count() == 6
    page = client.get(url).text
    assert page.count("3 / 3") == 4 and "Draw the pairings</button>" not in page
    for match in event.matches.all():  # each pairing links its match
        assert f'href="{reverse("jury:particulars", args=[match.pk])}"' in page


def test_a_team_entered_while_the_pairings_are_drawn_stops_the_draw_in_words(client, monkeypatch):
    # R17: the draw holds the entrants' teams, then the event; a team entered in between is not
    # held (a juror could schedule its match while the draw pairs it), so nothing is drawn.
    event, _teams = event_with("Kings", "Owls", "Birds", "Cats")
    latecomers = make_team("Latecomers")
    holding = grand_prix.hold_entrants

    def entered_meanwhile(drawn_event):
        held = holding(drawn_event)
        GrandPrixEntry.objects.create(competition=event, team=latecomers)
        return held

    monkeypatch.setattr(grand_prix, "hold_entrants", entered_meanwhile)
    client.force_login(make_user("organiser"))

    refused = client.post(reverse("competitions:grand_prix_admin", args=[2025, "spring"]),
                          {"action": "draw", "draw-seed": "spring"})

    assert refused.status_code == 200
    assert "R17: a team entered the event while the pairings were being drawn; nothing was drawn." in refused.text
    event.refresh_from_db()
    assert (event.matches.count(), event.draw_seed) == (0, "")


def test_the_organisers_page_adds_pairs_and_shows_a_refusal(client):
    event, (kings, owls, birds) = event_with("Kings", "Owls", "Birds")
    url = reverse("competitions:grand_prix_admin", args=[2025, "spring"])
    client.force_login(make_user("organiser"))

    ok = client.post(url, {"action": "pairs", "pairs-pairs": "Kings - Owls\nKings - Birds\nOwls - Birds"})
    refused = client.post(url, {"action": "pairs", "pairs-pairs": "Kings - Kings"})
    unknown = client.post(url, {"action": "pairs", "pairs-pairs": "Kings - Guests"})

    assert ok.status_code == 302 and event.matches.count() == 3
    assert "Line 1: name two different entrants" in refused.text
    assert "Line 1: name two different entrants" in unknown.text
    assert event.matches.count() == 3


def test_a_refusal_on_the_organisers_page_is_shown_once(client):
    event, (kings, owls, birds, cats) = event_with("Kings", "Owls", "Birds", "Cats")
    for opponent in (owls, birds, cats):
        schedule_match(event, kings, opponent, played_on=MAY)
    client.force_login(make_user("organiser"))

    refused = client.post(reverse("competitions:grand_prix_admin", args=[2025, "spring"]),
                          {"action": "pairs", "pairs-pairs": "Kings - Owls"})

    assert refused.text.count("R17: Kings already has its 3 matches in this Grand Prix") == 1
    assert event.matches.count() == 3


def test_a_team_without_matches_is_withdrawn_on_the_page(client):
    event, (kings, owls, birds) = event_with("Kings", "Owls", "Birds")
    played(event, kings, birds, 700, 600)
    url = reverse("competitions:grand_prix_admin", args=[2025, "spring"])
    client.force_login(make_user("organiser"))

    assert client.post(url, {"action": "withdraw", "withdraw-team": owls.pk}).status_code == 302
    refused = client.post(url, {"action": "withdraw", "withdraw-team": kings.pk})

    assert "R17: Kings has matches in this event" in refused.text
    assert set(grand_prix.teams_of(event)) == {kings, birds}


@pytest.mark.parametrize("teams", [4, 12])
def test_the_organisers_page_query_count_does_not_grow_with_teams(client, django_assert_num_queries, teams):
    event, made = event_with(*[f"Team {n:02d}" for n in range(teams)])
    organiser = make_user("organiser")
    matches.draw_grand_prix_pairings(event, seed="q", user=organiser)
    client.force_login(organiser)
    # 1 the user with their permissions (the session comes from the cache), 2 the event with its
    # season, 3 entrants with their players, 4 the pairings with their teams, 5 the teams that may
    # still enter (the entry form's choices)
    with django_assert_num_queries(5):
        response = client.get(reverse("competitions:grand_prix_admin", args=[2025, "spring"]))
    assert response.status_code == 200
    assert len(response.context["matches"]) == 3 * teams // 2


# --- an event played through the engine: results and the trophy tie-break ----------------------------


def level_match(trophy=None):
    """Eight level hands (tests.factories.level: 680 to 680); with a trophy of 30 announced and won
    by A's Driver in hand 1, which adds 30 and lifts A's ceiling to 110 (R12): 710 to 680."""
    records = level()
    if trophy:
        records[0]["announcements"] = [announcement(trophy, "A.driver")]
    return records


def test_an_event_played_through_the_engine_ranks_by_hand_sums_then_trophies(client):
    # R17: the plain sum of 24 hand scores; Kings and Owls are equal on it (2070) and on their best
    # match (710); the highest trophy won in the event decides: Manille outranks Spadille (R19).
    # Birds and Cats are equal on everything and share the place.
    event, (kings, owls, birds, cats) = event_with("Kings", "Owls", "Birds", "Cats")
    drawn = matches.draw_grand_prix_pairings(event, seed="engine", user=make_user("organiser"))
    trophies = {frozenset((kings, birds)): (kings, "manille"), frozenset((owls, cats)): (owls, "spadille")}
    for match in drawn:
        winner, trophy = trophies.get(frozenset((match.team_a, match.team_b)), (None, None))
        if winner is not None and winner != match.team_a:
            match.team_a, match.team_b = match.team_b, match.team_a
            match.a_driver, match.a_catcher, match.b_driver, match.b_catcher = (
                match.b_driver, match.b_catcher, match.a_driver, match.a_catcher)
            match.save()
        matches.record_match(match, level_match(trophy), user=make_user("jury"))
        matches.confirm_match(match, make_user("chief"))

    rows = results(event)

    assert [(row.place, team.name, row.total, row.best_match) for row, team in rows] == [
        (1, "Kings", 2070, 710), (2, "Owls", 2070, 710), (3, "Birds", 2040, 680), (3, "Cats", 2040, 680)]
    text = client.get(reverse("public:grand_prix", args=[2025, "spring"])).text
    assert "Equal total and best match; trophy 1: Manille to Spadille" in text
    assert "Equal on every tie-break: place shared" in text


def test_jurors_reach_the_choice_from_the_results_and_the_organisers_page(client):
    event, (kings, owls) = event_with("Kings", "Owls")
    match = played(event, kings, owls, 720, 700)
    choice = reverse("competitions:grand_prix_match", args=[match.pk])
    results_page = reverse("public:grand_prix", args=[2025, "spring"])

    assert choice not in client.get(results_page).text  # the public sees no jury link
    client.force_login(make_user("jury"))
    assert choice in client.get(results_page).text
    chief_organiser = make_user("chief")
    chief_organiser.groups.add(*make_user("organiser").groups.all())
    client.force_login(chief_organiser)
    assert choice in client.get(reverse("competitions:grand_prix_admin", args=[2025, "spring"])).text
