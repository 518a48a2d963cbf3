"""R16 Hungarian Cup: registration, the draw, ties of three matches with tie-breakers, the bracket."""

import datetime

import pytest
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from scoring.competitions import TieStage, draw_pairs
from tests.factories import eight_hand_records, make_competition, make_match, make_team, make_user
from tournaments import engine
from tournaments.competitions import after_match_saved, check_match_allowed
from tournaments.competitions.cup import bracket, enter_team, final_standing, make_draw, tie_state
from tournaments.competitions.grand_prix import mark_match
from tournaments.engine import EntryRefused
from tournaments.models import Competition, CupEntry, CupTie, GrandPrixEntry, Match

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime.date(2025, 9, 1)


def cup_with(count, **settings):
    cup = make_competition(Competition.Kind.CUP, **settings)
    teams = [make_team(f"Team {n:02d}", substitute=True) for n in range(1, count + 1)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    return cup, teams


def play(tie, score_a, score_b, kind=Match.Kind.REGULAR, swap=False):
    """A confirmed match of the tie with the given scores for the tie's teams A and B, saved as the
    engine saves it (scores cached, then after_match_saved in the same transaction)."""
    tie.refresh_from_db()
    team_a, team_b = (tie.team_b, tie.team_a) if swap else (tie.team_a, tie.team_b)
    scores = (score_b, score_a) if swap else (score_a, score_b)
    match = Match(competition=tie.competition, cup_tie=tie, kind=kind, team_a=team_a, team_b=team_b,
                  played_on=SEPTEMBER, a_driver=team_a.driver, a_catcher=team_a.catcher,
                  b_driver=team_b.driver, b_catcher=team_b.catcher)
    check_match_allowed(match)
    match.state, match.score_a, match.score_b = Match.State.CONFIRMED, *scores
    match.hand_sum_a, match.hand_sum_b = (scores[0] * 8, scores[1] * 8) if kind == "regular" else scores
    match.save()
    after_match_saved(match)
    return match


def tie_at(cup, round_number, slot):
    return CupTie.objects.select_related("team_a", "team_b").get(competition=cup, round=round_number, slot=slot)


# --- registration ---------------------------------------------------------------------------------


def test_registration_opens_on_its_date():
    cup = make_competition(Competition.Kind.CUP)

    with pytest.raises(ValidationError, match="R16: registration opens on 2025-08-25"):
        enter_team(cup, make_team(), on=datetime.date(2025, 8, 24))
    assert not CupEntry.objects.exists()


def test_the_opening_date_is_a_setting():
    cup = make_competition(Competition.Kind.CUP, registration_opens=datetime.date(2025, 8, 1))

    enter_team(cup, make_team(), on=datetime.date(2025, 8, 2))

    assert cup.cup_entries.count() == 1


def test_a_17th_team_is_refused():
    cup, _teams = cup_with(16)

    with pytest.raises(ValidationError, match="R16: the Cup takes at most 16 teams"):
        enter_team(cup, make_team(), on=SEPTEMBER)
    assert cup.cup_entries.count() == 16


def test_an_entry_after_the_draw_is_refused():
    cup, _teams = cup_with(4)
    make_draw(cup, seed="abc")

    with pytest.raises(ValidationError, match="R16: registration closed when the draw was made"):
        enter_team(cup, make_team(), on=SEPTEMBER)
    assert cup.cup_entries.count() == 4


# --- the draw -------------------------------------------------------------------------------------


def test_the_random_draw_is_recorded_and_reproducible_from_its_seed():
    cup, teams = cup_with(16)

    make_draw(cup, seed="2025-cup")

    cup.refresh_from_db()
    assert cup.draw_seed == "2025-cup" and cup.drawn_at is not None
    first_round = [(tie.team_a, tie.team_b) for tie in cup.cup_ties.filter(round=1).order_by("slot")]
    assert first_round == draw_pairs(teams, "2025-cup")
    assert [cup.cup_ties.filter(round=r).count() for r in (1, 2, 3, 4)] == [8, 4, 2, 1]


def test_the_organisers_may_enter_the_draw():
    cup, (a, b, c, d) = cup_with(4)

    make_draw(cup, pairs=[(a, d), (b, c)])

    assert [(t.round, t.team_a, t.team_b) for t in cup.cup_ties.order_by("round", "slot")] == [
        (3, a, d), (3, b, c), (4, None, None)]


def test_an_entered_draw_must_pair_every_team_once():
    cup, (a, b, c, d) = cup_with(4)

    with pytest.raises(ValidationError, match="R16: the draw must pair every entered team"):
        make_draw(cup, pairs=[(a, b), (a, c)])
    cup.refresh_from_db()
    assert cup.drawn_at is None and not cup.cup_ties.exists()


def test_a_short_field_gets_byes_that_go_through_at_once():
    cup, _teams = cup_with(5)

    make_draw(cup, seed="byes")

    first = list(cup.cup_ties.filter(round=2).order_by("slot"))  # quarter-finals: 8 places
    byes = [tie for tie in first if tie.team_b is None]
    assert len(byes) == 3 and all(tie.winner == tie.team_a for tie in byes)
    assert cup.cup_ties.filter(round=3, team_a__isnull=False).count() >= 1


# --- matches of a tie -----------------------------------------------------------------------------


def test_a_substitute_may_not_play_in_the_cup():
    cup, _teams = cup_with(2)
    make_draw(cup, seed="s")
    tie = tie_at(cup, 4, 0)
    match = make_match(tie.team_a, tie.team_b, cup, cup_tie=tie)
    match.a_catcher = tie.team_a.substitute
    match.save()

    with pytest.raises(EntryRefused, match="R16: .*no substitute may play in the Cup"):
        engine.record_match(match, eight_hand_records(), user=make_user("jury"))
    match.refresh_from_db()
    assert match.version == 0 and not match.hands.exists()


def test_a_cup_match_must_be_between_the_ties_teams():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    tie = tie_at(cup, 3, 0)

    with pytest.raises(ValidationError, match="R16: this tie is between"):
        check_match_allowed(make_match(teams[0], teams[2], cup, cup_tie=tie))
    with pytest.raises(ValidationError, match="R16: a Cup match must belong to one of the Cup's ties"):
        check_match_allowed(make_match(teams[0], teams[1], cup))


def test_a_fourth_match_and_an_early_tie_breaker_are_refused():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    play(tie, 90, 80)

    with pytest.raises(ValidationError, match="R16: a tie-breaker is played only when the sums are equal"):
        play(tie, 100, 90, kind=Match.Kind.TIE_BREAKER)
    play(tie, 80, 90)
    play(tie, 90, 90)
    assert tie_state(tie, tie.matches.all()).stage is TieStage.PLAY_OFF_NEEDED
    with pytest.raises(ValidationError, match="R16: a Cup tie is three matches"):
        play(tie, 90, 80)
    assert tie.matches.count() == 3


def test_a_decided_tie_takes_no_more_matches():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    for scores in ((90, 80), (80, 90), (91, 90)):
        play(tie, *scores)

    tie.refresh_from_db()
    assert tie.winner == tie.team_a and tie.decided_at is not None
    with pytest.raises(ValidationError, match="R16: this tie is decided"):
        play(tie, 100, 100, kind=Match.Kind.TIE_BREAKER)


def test_a_tie_is_decided_only_by_confirmed_matches():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    play(tie, 90, 80)
    play(tie, 90, 80)
    last = play(tie, 90, 80)
    Match.objects.filter(pk=last.pk).update(state=Match.State.ENTERED)
    tie.winner = None
    tie.save()

    after_match_saved(Match.objects.get(pk=last.pk))

    tie.refresh_from_db()
    assert tie.winner is None


def test_the_cup_from_the_draw_to_the_final_with_two_successive_play_offs(client):
    # R16: three matches a tie; equal sums need a two-hand tie-breaker, repeated until one leads;
    # the winner takes the Cup and both losing semi-finalists receive bronze medals.
    cup, teams = cup_with(16)
    make_draw(cup, seed="final")
    for tie in cup.cup_ties.filter(round=1):
        for scores in ((90, 80), (85, 88), (95, 90)):  # team A wins 270 to 258
            play(tie, *scores)
    assert cup.cup_ties.filter(round=2, team_a__isnull=False, team_b__isnull=False).count() == 4

    hard = tie_at(cup, 2, 0)
    play(hard, 90, 80)
    play(hard, 80, 90, swap=True)  # team order in a match may differ from the tie's
    play(hard, 85, 85)
    assert tie_state(hard, hard.matches.all()).stage is TieStage.PLAY_OFF_NEEDED
    play(hard, 150, 150, kind=Match.Kind.TIE_BREAKER)
    hard.refresh_from_db()
    assert hard.winner is None
    play(hard, 120, 170, kind=Match.Kind.TIE_BREAKER)
    hard.refresh_from_db()
    assert hard.winner == hard.team_b
    assert tie_at(cup, 3, 0).team_a == hard.team_b

    for round_number in (2, 3, 4):
        for tie in cup.cup_ties.filter(round=round_number, winner__isnull=True):
            for scores in ((100, 90), (100, 90), (100, 90)):
                play(tie, *scores)

    final = tie_at(cup, 4, 0)
    semi_finals = [tie_at(cup, 3, 0), tie_at(cup, 3, 1)]
    standing = final_standing(bracket(cup))
    assert standing.winner == final.team_a
    assert standing.runner_up == final.team_b
    assert set(standing.bronze) == {semi_finals[0].team_b, semi_finals[1].team_b}

    response = client.get(reverse("public:cup", args=[2025]))
    assert response.status_code == 200
    text = response.text
    assert "Tie-breaker 1: 150 : 150" in text and "Tie-breaker 2: 120 : 170" in text
    assert "255 : 255" in text  # the running sums of the tie that needed play-offs
    assert "2025-09-30" in text and "2025-12-31" in text  # R16: rounds at the end of each month
    assert f"Decided: {final.team_a} goes through" in text


def test_the_bracket_shows_each_ties_state(client):
    cup, teams = cup_with(8)
    make_draw(cup, seed="states")
    started, equal, in_play_off, decided = (tie_at(cup, 2, slot) for slot in range(4))
    play(started, 90, 80)
    for scores in ((90, 80), (80, 90), (85, 85)):
        play(equal, *scores)
        play(in_play_off, *scores)
        play(decided, *scores)
    pending = make_match(in_play_off.team_a, in_play_off.team_b, cup, cup_tie=in_play_off,
                         kind=Match.Kind.TIE_BREAKER, played_on=SEPTEMBER)
    pending.state = Match.State.ENTERED
    pending.save()
    play(decided, 100, 90, kind=Match.Kind.TIE_BREAKER)

    text = client.get(reverse("public:cup", args=[2025])).text

    assert "tie-in_progress" in text and "2 matches to play" in text
    assert "tie-play_off_needed" in text and "Equal sums: tie-breaker needed" in text
    assert "tie-play_off_in_progress" in text and "Tie-breaker in progress" in text
    assert "tie-decided" in text and "tie-not_started" in text


def test_the_bracket_has_a_phone_layout_and_a_print_layout():
    css = open(finders.find("tournaments/bracket.css")).read()

    assert "@media (max-width: 40rem)" in css and "@media print" in css


def test_the_bracket_page_before_the_draw_lists_the_entries(client):
    cup, teams = cup_with(3)

    text = client.get(reverse("public:cup", args=[2025])).text

    assert "Registration opens on" in text and teams[0].name in text


@pytest.mark.parametrize("count", [4, 16])
def test_the_bracket_query_count_does_not_grow_with_teams(client, django_assert_num_queries, count):
    cup, _teams = cup_with(count)
    make_draw(cup, seed="q")
    for tie in cup.cup_ties.filter(team_a__isnull=False, team_b__isnull=False):
        play(tie, 90, 80)
    # 1 season, 2 the Cup, 3 ties with teams, 4 their matches
    with django_assert_num_queries(4):
        client.get(reverse("public:cup", args=[2025]))


# --- a Grand Prix match counted in a Cup tie (R17) ---------------------------------------------------


def test_a_grand_prix_match_may_count_in_the_current_round_tie_only():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    event = make_competition(Competition.Kind.GRAND_PRIX)
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    current = tie_at(cup, 3, 0)
    final = tie_at(cup, 4, 0)
    gp_match = Match.objects.create(
        competition=event, team_a=teams[1], team_b=teams[0], played_on=SEPTEMBER, state="confirmed",
        score_a=80, score_b=90, hand_sum_a=640, hand_sum_b=720, a_driver=teams[1].driver,
        a_catcher=teams[1].catcher, b_driver=teams[0].driver, b_catcher=teams[0].catcher)

    with pytest.raises(ValidationError, match="R17: .*current Cup round"):
        mark_match(gp_match, counts_for_championship=False, cup_tie=final)

    mark_match(gp_match, counts_for_championship=False, cup_tie=current)
    assert tie_state(current, current.matches.all()).sums == (90, 80)
    play(current, 90, 80)
    play(current, 90, 80)
    current.refresh_from_db()
    assert current.winner == teams[0]
    assert timezone.now() >= current.decided_at


# --- the organisers' page ----------------------------------------------------------------------------


def test_organisers_enter_teams_and_make_the_draw_on_their_page(client):
    cup, teams = cup_with(3)
    late = make_team("Late Team")
    url = reverse("competitions:cup_admin", args=[2025])
    client.force_login(make_user("jury"))
    assert client.get(url).status_code == 403
    client.force_login(make_user("organiser"))

    assert client.post(url, {"entry-team": late.pk}).status_code == 302
    response = client.post(url, {"draw-seed": "", "draw-pairs": f"{teams[0]} - {late}\n{teams[1]} - {teams[2]}"})

    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.drawn_at is not None and cup.draw_seed == ""
    assert tie_at(cup, 3, 0).team_b == late


def test_the_organisers_page_shows_a_refusal(client):
    cup, teams = cup_with(2, max_teams=2)
    client.force_login(make_user("organiser"))

    response = client.post(reverse("competitions:cup_admin", args=[2025]), {"entry-team": make_team().pk})

    assert response.status_code == 200
    assert "R16: the Cup takes at most 2 teams" in response.text
    assert cup.cup_entries.count() == 2


def test_a_random_draw_from_the_page_records_its_seed(client):
    cup, teams = cup_with(4)
    client.force_login(make_user("organiser"))

    client.post(reverse("competitions:cup_admin", args=[2025]), {"draw-seed": "", "draw-pairs": ""})

    cup.refresh_from_db()
    assert len(cup.draw_seed) == 16
    assert [(t.team_a, t.team_b) for t in cup.cup_ties.filter(round=3)] == draw_pairs(teams, cup.draw_seed)


def test_a_tie_breaker_recorded_and_confirmed_through_the_engine_decides_the_tie():
    # R16: the tie-breaker's two hand scores are summed (engine: scoring.match.tie_breaker_result);
    # on confirmation the winner moves on (after_match_saved).
    from tests.factories import hand_records_results_mode

    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    tie = tie_at(cup, 3, 0)
    for scores in ((90, 80), (80, 90), (85, 85)):
        play(tie, *scores)

    match = make_match(tie.team_a, tie.team_b, cup, cup_tie=tie, kind=Match.Kind.TIE_BREAKER, played_on=SEPTEMBER,
                       hand_records=hand_records_results_mode(2))
    tie.refresh_from_db()
    assert tie.winner is None  # entered, not yet confirmed
    engine.confirm_match(match, make_user("chief"))

    match.refresh_from_db()
    tie.refresh_from_db()
    assert match.hand_sum_a == match.score_a and match.score_a != match.score_b
    assert tie.winner == (tie.team_a if match.score_a > match.score_b else tie.team_b)
    assert tie_at(cup, 4, 0).team_a == tie.winner
