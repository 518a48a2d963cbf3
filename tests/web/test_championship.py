"""R15 Team Championship: the match limit, the jury's agreement, the season table."""

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    eight_hand_records,
    hands_for_match_score,
    make_competition,
    make_match,
    make_season,
    make_team,
    make_user,
    play_scored_match,
    record_confirmed_in_bulk,
)
from tests.web.html_tables import table_cells
from tournaments.core.competitions import check_match_allowed, grand_prix
from tournaments.core.models import Competition, GrandPrixEntry, Match
from tournaments.core.refusals import Refused
from tournaments.recording import matches

pytestmark = pytest.mark.django_db
MARCH = datetime.date(2025, 3, 1)


def scored(competition, team_a, team_b, score_a, score_b, *, state=Match.State.CONFIRMED, **extra):
    """A match played through the jury's steps on hands the engine scores ``score_a`` : ``score_b``."""
    return play_scored_match(competition, team_a, team_b, score_a, score_b, state=state,
                             played_on=extra.pop("played_on", MARCH), **extra)


def unchanged(match):
    match.refresh_from_db()
    return match.version == 0 and match.hand_sum_a is None and not match.hands.exists()


# --- R15: 52 matches at most ------------------------------------------------------------------------


def test_a_53rd_championship_match_is_refused_and_nothing_is_saved():
    championship = make_competition()
    kings, owls = make_team("Kings"), make_team("Owls")
    record_confirmed_in_bulk(championship, [(kings, make_team()) for _ in range(52)], played_on=MARCH)
    match = make_match(kings, owls, championship)

    with pytest.raises(ValidationError, match="R15: Kings has already played 52 championship matches"):
        check_match_allowed(match)
    with pytest.raises(Refused, match="R15: Kings has already played 52 championship matches"):
        matches.record_match(match, eight_hand_records(), user=make_user("jury"))

    assert unchanged(match)
    assert Match.objects.filter(competition=championship, hand_sum_a__isnull=False).count() == 52


def test_the_match_limit_is_a_setting_of_the_championship():
    championship = make_competition(match_limit=2)
    kings, owls = make_team("Kings"), make_team("Owls")
    scored(championship, kings, owls, 90, 80)
    second = make_match(kings, owls, championship, hand_records=eight_hand_records())
    assert second.hand_sum_a is not None

    third = make_match(owls, kings, championship)
    with pytest.raises(ValidationError, match="R15: Owls has already played 2"):
        check_match_allowed(third)


def test_correcting_the_52nd_match_is_not_counted_as_a_53rd():
    # R15: the limit counts a team's other recorded matches; correcting the last match allowed is
    # not one more match.
    championship = make_competition(match_limit=1)
    match = make_match(hand_records=eight_hand_records(), competition=championship, confirmed=True)

    matches.correct_match(match, eight_hand_records(), user=make_user("chief"), reason="Hand 1 checked")

    match.refresh_from_db()
    assert (match.state, match.score_a, match.score_b) == (Match.State.CONFIRMED, 88, 93)
    assert match.history.first().history_change_reason == "Correction: Hand 1 checked"


# --- R15: private and early matches need the jury's prior agreement -----------------------------------


def test_a_private_match_without_agreement_is_refused():
    match = make_match(competition=make_competition(), played_publicly=False)

    with pytest.raises(Refused, match="R15: .*not played publicly"):
        matches.record_match(match, eight_hand_records(), user=make_user("jury"))
    assert unchanged(match)


def test_a_private_match_agreed_before_play_is_recorded():
    chief = make_user("chief")
    agreed = timezone.make_aware(datetime.datetime(2025, 2, 20, 10, 0))
    match = make_match(competition=make_competition(), played_publicly=False, jury_agreed_by=chief,
                       jury_agreed_at=agreed, hand_records=eight_hand_records())

    assert match.hand_sum_a is not None


def test_an_agreement_given_after_the_match_does_not_count():
    chief = make_user("chief")
    match = make_match(competition=make_competition(), played_publicly=False, jury_agreed_by=chief,
                       jury_agreed_at=timezone.make_aware(datetime.datetime(2025, 3, 5, 10, 0)))

    with pytest.raises(ValidationError, match="R15"):
        check_match_allowed(match)


def test_an_agreement_time_without_the_juror_does_not_count():
    match = make_match(competition=make_competition(), played_publicly=False,
                       jury_agreed_at=timezone.make_aware(datetime.datetime(2025, 2, 1)))

    with pytest.raises(ValidationError, match="R15"):
        check_match_allowed(match)


def test_a_match_before_the_annual_meeting_needs_agreement():
    championship = make_competition()
    early = make_match(competition=championship, played_on=datetime.date(2025, 1, 14))
    on_the_day = make_match(competition=championship, played_on=datetime.date(2025, 1, 15))

    with pytest.raises(ValidationError, match=r"R15: .*before the annual meeting \(2025-01-15\)"):
        check_match_allowed(early)
    check_match_allowed(on_the_day)


def test_the_annual_meeting_date_is_a_setting():
    championship = make_competition(annual_meeting=datetime.date(2025, 1, 25))
    match = make_match(competition=championship, played_on=datetime.date(2025, 1, 20))

    with pytest.raises(ValidationError, match=r"annual meeting \(2025-01-25\)"):
        check_match_allowed(match)


def test_a_grand_prix_match_counted_for_the_championship_follows_its_rules():
    # R17: a Grand Prix match may count for the Championship, subject to R15.
    make_competition(match_limit=52)
    event = make_competition(Competition.Kind.GRAND_PRIX)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        GrandPrixEntry.objects.create(competition=event, team=team)
    private = scored(event, kings, owls, 90, 80, played_publicly=False)

    with pytest.raises(ValidationError, match="R15: .*not played publicly"):
        matches.mark_grand_prix_match(private, counts_for_championship=True, cup_tie=None,
                                  user=make_user("chief"), reason="R17 decision")
    private.refresh_from_db()
    assert private.counts_for_championship is False

    public = scored(event, kings, owls, 95, 85)
    matches.mark_grand_prix_match(public, counts_for_championship=True, cup_tie=None,
                                  user=make_user("chief"), reason="R17 decision")
    public.refresh_from_db()
    assert public.counts_for_championship is True


# --- the season table -----------------------------------------------------------------------------


def season_table(client, year=2025):
    return client.get(reverse("public:championship", args=[year]))


def test_the_table_sums_match_scores_and_equal_totals_share_a_place(client):
    championship = make_competition()
    kings, owls, birds = make_team("Kings"), make_team("Owls"), make_team("Birds")
    scored(championship, kings, owls, 100, 80)
    scored(championship, owls, birds, 90, 70)
    scored(championship, birds, kings, 100, 70)
    scored(championship, kings, owls, 100, 100, state=Match.State.ENTERED)  # not confirmed: not shown

    table = season_table(client).context["table"]

    # R15: equal totals share a place (listed by name within it).
    assert [(r["place"], r["team"], r["played"], r["total"], str(r["average"]), r["best"])
            for r in table.data] == [
        (1, "Birds", 2, 170, "85.0", 100), (1, "Kings", 2, 170, "85.0", 100), (1, "Owls", 2, 170, "85.0", 90)]


def test_the_table_orders_by_total_and_is_sortable(client):
    championship = make_competition()
    kings, owls, birds = make_team("Kings"), make_team("Owls"), make_team("Birds")
    scored(championship, kings, owls, 100, 80)
    scored(championship, owls, birds, 90, 70)

    response = season_table(client)
    assert [(r["place"], r["team"], r["played"], r["total"], r["best"]) for r in response.context["table"].data] == [
        (1, "Owls", 2, 170, 90), (2, "Kings", 1, 100, 100), (3, "Birds", 1, 70, 70)]
    assert response.context["table"].data[0]["average"] == pytest.approx(85)

    by_name = client.get(reverse("public:championship", args=[2025]) + "?sort=team")
    page = by_name.text
    assert page.index(">Birds</a>") < page.index(">Kings</a>") < page.index(">Owls</a>")


def squeezed(page):
    """The page without the white space around its tags."""
    return re.sub(r"\s*(<[^>]+>)\s*", r"\1", page)


def test_a_team_without_a_match_shows_dashes_and_sorts_before_the_others_on_a_figure(client):
    championship = make_competition()
    kings, owls = make_team("Kings"), make_team("Owls")
    make_team("Birds")
    scored(championship, kings, owls, 100, 80)
    url = reverse("public:championship", args=[2025])

    headings, rows = table_cells(client.get(url).text)

    assert headings == ["Place", "Team", "Players", "Matches", "Total", "Average", "Best match"]
    assert [row[:2] + row[3:] for row in rows] == [
        ["1", "Kings", "1", "100", "100.0", "100"], ["2", "Owls", "1", "80", "80.0", "80"],
        ["3", "Birds", "0", "0", "—", "—"]]
    assert [row[1] for row in table_cells(client.get(url, {"sort": "average"}).text)[1]] == ["Birds", "Owls", "Kings"]
    assert [row[1] for row in table_cells(client.get(url, {"sort": "-best"}).text)[1]] == ["Kings", "Owls", "Birds"]


def test_the_sorted_column_says_so_and_its_link_turns_the_order_round(client):
    championship = make_competition()
    scored(championship, make_team("Kings"), make_team("Owls"), 100, 80)
    url = reverse("public:championship", args=[2025])

    page = squeezed(client.get(url, {"sort": "-total", "lang": "en"}).text)

    # the other parameters of the address are kept in every sort link
    assert '<th class="desc number orderable"><a href="?sort=total&amp;lang=en">Total</a></th>' in page
    assert '<th class="orderable"><a href="?sort=team&amp;lang=en">Team</a></th>' in page
    assert '<th class="wide-only">Players</th>' in page  # the players are not sorted
    page = squeezed(client.get(url, {"sort": "team"}).text)
    assert '<th class="asc orderable"><a href="?sort=-team">Team</a></th>' in page
    assert [row[1] for row in table_cells(client.get(url, {"sort": "nonsense"}).text)[1]] == ["Kings", "Owls"]


def test_an_empty_table_says_so(client):
    make_competition()

    headings, rows = table_cells(season_table(client).text)

    assert len(headings) == 7 and rows == [["No team has played a championship match yet."]]


def test_grand_prix_matches_count_only_when_marked(client):
    make_competition()
    event = make_competition(Competition.Kind.GRAND_PRIX)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        grand_prix.enter_team(event, team)
    scored(event, kings, owls, 100, 80, counts_for_championship=True)
    scored(event, kings, owls, 50, 99)

    rows = season_table(client).context["table"].data
    assert [(r["team"], r["total"]) for r in rows] == [("Kings", 100), ("Owls", 80)]


def build_season(teams, matches_per_team):
    championship = make_competition()
    made = [make_team(f"Team {n:02d}") for n in range(teams)]
    pairs = [(team, made[(i + 1) % teams]) for _n in range(matches_per_team) for i, team in enumerate(made)]
    record_confirmed_in_bulk(championship, pairs, lambda index: hands_for_match_score(
        80 + index // teams, 90 - index % teams), played_on=MARCH)


@pytest.mark.parametrize("teams, matches", [(3, 1), (12, 5)])
def test_the_table_query_count_does_not_grow_with_teams_and_matches(client, django_assert_num_queries,
                                                                    teams, matches):
    build_season(teams, matches)
    # 1 season, 2 teams with players, 3 counted match scores, 4 the championship's name
    with django_assert_num_queries(4 + 2):  # and the public data version, for the page and its live table
        response = season_table(client)
    assert response.status_code == 200
    assert len(response.context["table"].data) == teams


def test_a_team_page_lists_every_confirmed_match(client):
    championship = make_competition()
    event = make_competition(Competition.Kind.GRAND_PRIX)
    kings, owls = make_team("Kings", substitute=True), make_team("Owls")
    for team in (kings, owls):
        grand_prix.enter_team(event, team)
    scored(championship, kings, owls, 100, 80)
    scored(event, owls, kings, 85, 75)
    scored(championship, owls, kings, 99, 99, state=Match.State.ENTERED)

    response = client.get(reverse("public:team", args=[2025, kings.pk]))

    assert response.status_code == 200
    assert [(line["opponent"].name, line["score"], line["counts"]) for line in response.context["lines"]] == [
        ("Owls", 100, True), ("Owls", 75, False)]
    assert f'Substitute: <a href="{reverse("public:player", args=[kings.substitute.pk])}">' in response.text
    assert response.context["standing"].total == 100


def test_the_season_overview_links_every_competition(client):
    season = make_season()
    make_competition(season=season)
    make_competition(Competition.Kind.CUP, season=season, name="Hungarian Cup 2025")
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, name="Spring Grand Prix")
    make_competition(Competition.Kind.FREE_GAMES, season=season)

    response = client.get(reverse("public:season", args=[2025]))

    for url in (reverse("public:championship", args=[2025]), reverse("public:cup", args=[2025]),
                reverse("public:grand_prix", args=[2025, event.slug]), reverse("public:free_games", args=[2025])):
        assert url in response.text
    assert reverse("public:season", args=[2025]) in client.get(reverse("public:seasons")).text
