"""R17 Grand Prix: three matches a team, the plain sum of hand scores, tie-breaks, and the jury's
choice to count a match elsewhere."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_team, make_user
from tournaments import engine
from tournaments.competitions import check_match_allowed
from tournaments.competitions.grand_prix import results
from tournaments.engine import EntryRefused
from tournaments.models import Announcement, Competition, GrandPrixEntry, Hand, Match

pytestmark = pytest.mark.django_db
MAY = datetime.date(2025, 5, 10)


def event_with(*names, slug="spring"):
    event = make_competition(Competition.Kind.GRAND_PRIX, slug=slug, name="Spring Grand Prix")
    teams = [make_team(name) for name in names]
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    return event, teams


def played(event, team_a, team_b, sum_a, sum_b, *, state=Match.State.CONFIRMED, trophies_a=(), trophies_b=(),
           lost_a=()):
    """A match with the given raw 8-hand sums; trophies announced (and won or lost) in hand 1."""
    match = Match.objects.create(competition=event, team_a=team_a, team_b=team_b, played_on=MAY, state=state,
                                 score_a=(sum_a + 4) // 8, score_b=(sum_b + 4) // 8, hand_sum_a=sum_a,
                                 hand_sum_b=sum_b)
    hand = Hand.objects.create(match=match, number=1, attackers="A", a_trumps=12, a_honours=1, b_trumps=10,
                               b_honours=1)
    announced = ([(t, "A.driver", "won") for t in trophies_a] + [(t, "B.catcher", "won") for t in trophies_b]
                 + [(t, "A.catcher", "lost") for t in lost_a])
    for position, (feast, seat, result) in enumerate(announced):
        Announcement.objects.create(hand=hand, position=position, feast=feast, seat=seat, result=result)
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
    GrandPrixEntry.objects.create(competition=other, team=kings)
    played(other, kings, make_team("Guests"), 700, 700, trophies_a=["royal"])

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

    with pytest.raises(EntryRefused, match="R17: Kings has already played its 3 matches"):
        engine.record_match(fourth, eight_hand_records(), user=make_user("jury"))
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
    # 1 season, 2 event, 3 entrants with players, 4 confirmed match sums, 5 trophies won
    with django_assert_num_queries(5):
        response = client.get(reverse("public:grand_prix", args=[2025, "spring"]))
    assert len(response.context["table"].data) == teams


# --- the jury's choice (R17) ----------------------------------------------------------------------


def test_the_jury_counts_a_grand_prix_match_for_the_championship(client):
    make_competition()
    event, (kings, owls) = event_with("Kings", "Owls")
    match = played(event, kings, owls, 720, 700)
    url = reverse("competitions:grand_prix_match", args=[match.pk])

    assert client.get(url).status_code == 302  # login first
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    client.force_login(make_user("jury"))
    response = client.post(url, {"counts_for_championship": "on"})

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.counts_for_championship
    table = client.get(reverse("public:championship", args=[2025])).context["table"]
    assert [(row["team"], row["total"]) for row in table.data] == [("Kings", 90), ("Owls", 88)]


def test_a_refused_choice_is_shown_and_changes_nothing(client):
    make_competition()
    event, (kings, owls) = event_with("Kings", "Owls")
    match = played(event, kings, owls, 720, 700)
    Match.objects.filter(pk=match.pk).update(played_publicly=False)
    client.force_login(make_user("jury"))

    response = client.post(reverse("competitions:grand_prix_match", args=[match.pk]),
                           {"counts_for_championship": "on"})

    assert response.status_code == 200
    assert "R15: this championship match needs the jury&#x27;s agreement" in response.text
    match.refresh_from_db()
    assert not match.counts_for_championship
