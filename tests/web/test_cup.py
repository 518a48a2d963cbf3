"""R16 Hungarian Cup: registration, the draw, ties of three matches with tie-breakers, the bracket."""

import datetime

import pytest
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from scoring.competitions import TieStage, draw_pairs
from tests.factories import (
    edge_to_a,
    edge_to_b,
    eight_hand_records,
    engine_match_result,
    level,
    make_competition,
    make_match,
    make_team,
    make_user,
    mirrored,
    play_match,
    play_tie_match,
)
from tournaments.core.competitions import check_match_allowed
from tournaments.core.competitions.cup import enter_team, final_standing, make_draw, tie_state
from tournaments.core.models import Competition, CupEntry, CupTie, GrandPrixEntry, Match
from tournaments.core.refusals import Refused
from tournaments.recording import matches

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime.date(2025, 9, 1)


def cup_with(count, **settings):
    cup = make_competition(Competition.Kind.CUP, **settings)
    teams = [make_team(f"Team {n:02d}", substitute=True) for n in range(1, count + 1)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    return cup, teams


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

    with pytest.raises(Refused, match="R16: .*no substitute may play in the Cup"):
        matches.record_match(match, eight_hand_records(), user=make_user("jury"))
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
    play_tie_match(tie, "A")

    with pytest.raises(ValidationError, match="R16: a tie-breaker is played only when the sums are equal"):
        play_tie_match(tie, "A", kind=Match.Kind.TIE_BREAKER)
    play_tie_match(tie, "B")
    play_tie_match(tie, "level")
    assert tie_state(tie, tie.matches.all()).stage is TieStage.PLAY_OFF_NEEDED
    with pytest.raises(ValidationError, match="R16: a Cup tie is three matches"):
        play_tie_match(tie, "A")
    assert tie.matches.count() == 3


def test_a_decided_tie_takes_no_more_matches():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    for outcome in ("A", "B", "A"):
        play_tie_match(tie, outcome)

    tie.refresh_from_db()
    assert tie.winner == tie.team_a and tie.decided_at is not None
    with pytest.raises(ValidationError, match="R16: this tie is decided"):
        play_tie_match(tie, "level", kind=Match.Kind.TIE_BREAKER)


def test_a_tie_is_decided_only_by_confirmed_matches():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    play_tie_match(tie, "A")
    play_tie_match(tie, "A")
    last = play_tie_match(tie, "A", state=Match.State.ENTERED)  # awaiting confirmation

    tie.refresh_from_db()
    assert tie.winner is None
    matches.confirm_match(last, make_user("chief"))
    tie.refresh_from_db()
    assert tie.winner == tie.team_a


# --- hands whose scores the rules give (R5, R12, R13): tests.factories.edge_to_a, level ---------------


def recorded(match, records):
    """The jury enters the match's hands and a second juror confirms it (tournaments.recording.matches)."""
    matches.record_match(match, records, user=make_user("jury"))
    matches.confirm_match(match, make_user("chief"))
    match.refresh_from_db()
    return match


def play_tie(tie, organiser, *match_records):
    """The organisers schedule the tie's three matches; the jury records and confirms them."""
    for match, records in zip(matches.schedule_tie_matches(tie, user=organiser), match_records, strict=True):
        recorded(match, records)


def test_the_cup_from_the_draw_to_the_final_with_two_successive_play_offs(client):
    # R16: three matches a tie, summed; equal sums need a two-hand tie-breaker (summed, not
    # averaged), repeated until one team leads; winners move on; the winner takes the Cup, the
    # finalist is runner-up, both losing semi-finalists receive bronze medals. Every match goes
    # through the engine (record, then confirm) and the organisers' calendar.
    cup, teams = cup_with(16)
    organiser = make_user("organiser")
    make_draw(cup, seed="final")
    for tie in cup.cup_ties.filter(round=1).order_by("slot"):
        play_tie(tie, organiser, edge_to_a(), edge_to_a(), edge_to_a())  # 255 : 249
        tie.refresh_from_db()
        assert tie.winner_id == tie.team_a_id and tie.decided_at is not None
    quarter_finals = list(cup.cup_ties.filter(round=2).order_by("slot"))
    assert all(tie.team_a_id and tie.team_b_id for tie in quarter_finals)

    hard = tie_at(cup, 2, 0)
    # Team order in a match may differ from the tie's: the tie's team B sits as A and edges it.
    swapped = make_match(hard.team_b, hard.team_a, cup, cup_tie=hard, played_on=datetime.date(2025, 10, 31))
    assert recorded(swapped, edge_to_a()).score_a == engine_match_result(edge_to_a())[0].score  # 85
    second_match, third_match = matches.schedule_tie_matches(hard, user=organiser)  # the two it lacks
    recorded(second_match, edge_to_a())
    recorded(third_match, level())
    state = tie_state(hard, hard.matches.all())
    assert state.sums == (253, 253) and state.stage is TieStage.PLAY_OFF_NEEDED

    play_off = matches.schedule_tie_breaker(hard, user=organiser)
    with pytest.raises(ValidationError, match="R16: the tie's previous tie-breaker is not confirmed yet"):
        matches.schedule_tie_breaker(hard, user=organiser)
    recorded(play_off, level(2))
    summed = engine_match_result(level(2), tie_breaker=True)
    assert (play_off.score_a, play_off.score_b) == (summed[0].score, summed[1].score) == (170, 170)  # summed: equal
    hard.refresh_from_db()
    assert hard.winner is None
    assert tie_state(hard, hard.matches.all()).stage is TieStage.PLAY_OFF_NEEDED

    second = matches.schedule_tie_breaker(hard, user=organiser)
    recorded(second, mirrored(edge_to_a(2)))  # the tie's team B, sitting as B, edges it
    summed = engine_match_result(mirrored(edge_to_a(2)), tie_breaker=True)
    assert (second.score_a, second.score_b, second.hand_sum_b) == (summed[0].score, summed[1].score,
                                                                   summed[1].hand_sum) == (165, 170, 170)
    hard.refresh_from_db()
    assert hard.winner == hard.team_b
    assert tie_at(cup, 3, 0).team_a == hard.team_b  # R16: the winner moved on by itself
    with pytest.raises(ValidationError, match="R16: this tie is decided"):
        matches.schedule_tie_breaker(hard, user=organiser)

    for round_number in (2, 3, 4):
        for tie in cup.cup_ties.filter(round=round_number, winner__isnull=True).order_by("slot"):
            play_tie(tie, organiser, edge_to_a(), edge_to_a(), edge_to_a())

    final = tie_at(cup, 4, 0)
    semi_finals = [tie_at(cup, 3, 0), tie_at(cup, 3, 1)]
    standing = final_standing(cup.cup_ties.all())
    assert standing.winner == final.team_a
    assert standing.runner_up == final.team_b
    assert set(standing.bronze) == {semi_finals[0].team_b, semi_finals[1].team_b}

    response = client.get(reverse("public:cup", args=[2025]))
    assert response.status_code == 200
    text = response.text
    assert "83 : 85 (sums 83 : 85)" in text  # the tie's first match, from the tie's side
    assert "85 : 83 (sums 168 : 168)" in text and "85 : 85 (sums 253 : 253)" in text
    assert "Tie-breaker 1: 170 : 170" in text and "Tie-breaker 2: 165 : 170" in text  # both kept and shown
    assert "2025-09-30" in text and "2025-12-31" in text  # R16: rounds at the end of each month
    assert f"Decided: {final.team_a} goes through" in text
    assert "Cup winner" in text and "Bronze medals" in text
    overview = client.get(reverse("public:season", args=[2025])).text
    assert f">{final.team_a}</a></dd>" in overview and "Runner-up" in overview


def test_the_bracket_shows_each_ties_state(client):
    cup, teams = cup_with(8)
    make_draw(cup, seed="states")
    started, equal, in_play_off, decided = (tie_at(cup, 2, slot) for slot in range(4))
    play_tie_match(started, "A")
    for outcome in ("A", "B", "level"):  # equal sums after three matches
        for tie in (equal, in_play_off, decided):
            play_tie_match(tie, outcome)
    play_tie_match(in_play_off, "A", kind=Match.Kind.TIE_BREAKER, state=Match.State.ENTERED)
    play_tie_match(decided, "A", kind=Match.Kind.TIE_BREAKER)

    response = client.get(reverse("public:cup", args=[2025]))

    assert response.status_code == 200
    text = response.text

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
        play_tie_match(tie, "A")
    # 1 season, 2 the Cup, 3 ties with teams, 4 their matches
    with django_assert_num_queries(4 + 2):  # and the public data version, for the page and its live bracket
        response = client.get(reverse("public:cup", args=[2025]))
    assert response.status_code == 200
    assert response.text.count("85 : 83 (sums 85 : 83)") == count // 2  # each tie's match, as the engine scored it


# --- a Grand Prix match counted in a Cup tie (R17) ---------------------------------------------------


def test_a_grand_prix_match_may_count_in_the_current_round_tie_only():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    event = make_competition(Competition.Kind.GRAND_PRIX)
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    current = tie_at(cup, 3, 0)
    final = tie_at(cup, 4, 0)
    gp_match = play_match(event, teams[1], teams[0], edge_to_b(), played_on=SEPTEMBER)  # teams[0], as B, edges it

    with pytest.raises(ValidationError, match="R17: .*current Cup round"):
        matches.mark_grand_prix_match(gp_match, counts_for_championship=False, cup_tie=final,
                                  user=make_user("chief"), reason="R17 decision")

    matches.mark_grand_prix_match(gp_match, counts_for_championship=False, cup_tie=current,
                                  user=make_user("chief"), reason="R17 decision")
    assert tie_state(current, current.matches.all()).sums == (gp_match.score_b, gp_match.score_a)  # the tie's side
    play_tie_match(current, "A")
    play_tie_match(current, "A")
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

    assert client.post(url, {"action": "enter", "entry-team": late.pk}).status_code == 302
    response = client.post(url, {"action": "draw", "draw-seed": "",
                                 "draw-pairs": f"{teams[0]} - {late}\n{teams[1]} - {teams[2]}"})

    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.drawn_at is not None and cup.draw_seed == ""
    assert tie_at(cup, 3, 0).team_b == late


def test_the_organisers_page_shows_a_refusal(client):
    cup, teams = cup_with(2, max_teams=2)
    client.force_login(make_user("organiser"))

    response = client.post(reverse("competitions:cup_admin", args=[2025]),
                           {"action": "enter", "entry-team": make_team().pk})

    assert response.status_code == 200
    assert "R16: the Cup takes at most 2 teams" in response.text
    assert cup.cup_entries.count() == 2


def test_a_draw_or_an_entry_sent_after_the_draw_is_refused_in_words(client):
    # R16: a second organiser's page, opened before the first made the draw, still offers the draw
    # and the entry; what it sends is refused, and the page says so beside the draw that stands.
    cup, teams = cup_with(2)
    make_draw(cup, seed="first")
    url = reverse("competitions:cup_admin", args=[2025])
    client.force_login(make_user("organiser"))

    draw = client.post(url, {"action": "draw", "draw-seed": "second", "draw-pairs": ""})
    entry = client.post(url, {"action": "enter", "entry-team": make_team("Late Team").pk})

    assert draw.status_code == entry.status_code == 200
    refusal = '<div class="refusal" role="alert"><ul class="errorlist nonfield"><li>R16: the draw has already been'
    assert refusal in draw.text
    assert "R16: registration closed when the draw was made; no team can enter now." in entry.text
    cup.refresh_from_db()
    assert cup.draw_seed == "first" and cup.cup_entries.count() == 2


def test_a_random_draw_from_the_page_records_its_seed(client):
    cup, teams = cup_with(4)
    client.force_login(make_user("organiser"))

    client.post(reverse("competitions:cup_admin", args=[2025]), {"action": "draw", "draw-seed": "", "draw-pairs": ""})

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
    for outcome in ("A", "B", "level"):
        play_tie_match(tie, outcome)

    match = make_match(tie.team_a, tie.team_b, cup, cup_tie=tie, kind=Match.Kind.TIE_BREAKER, played_on=SEPTEMBER,
                       hand_records=hand_records_results_mode(2))
    tie.refresh_from_db()
    assert tie.winner is None  # entered, not yet confirmed
    matches.confirm_match(match, make_user("chief"))

    match.refresh_from_db()
    tie.refresh_from_db()
    assert match.hand_sum_a == match.score_a and match.score_a != match.score_b
    assert tie.winner == (tie.team_a if match.score_a > match.score_b else tie.team_b)
    assert tie_at(cup, 4, 0).team_a == tie.winner


# --- the organisers' calendar of a tie (R16) ---------------------------------------------------------


def test_a_ties_three_matches_are_scheduled_with_drivers_and_catchers_on_the_rounds_date():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    tie = tie_at(cup, 3, 0)

    scheduled = matches.schedule_tie_matches(tie, place="Eger", user=make_user("organiser"))

    assert len(scheduled) == 3
    for match in scheduled:
        match.refresh_from_db()
        assert (match.state, match.kind, match.cup_tie, match.played_on, match.place) == (
            Match.State.SCHEDULED, Match.Kind.REGULAR, tie, datetime.date(2025, 11, 30), "Eger")
        assert (match.a_driver, match.a_catcher) == (tie.team_a.driver, tie.team_a.catcher)  # no substitute
        assert (match.b_driver, match.b_catcher) == (tie.team_b.driver, tie.team_b.catcher)
        assert match.history.first().history_change_reason == "Cup tie match scheduled (R16)"


def test_a_fourth_match_and_a_tie_without_its_teams_are_refused_on_the_calendar():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    organiser = make_user("organiser")
    matches.schedule_tie_matches(tie_at(cup, 3, 0), user=organiser)

    with pytest.raises(ValidationError, match="R16: this tie already has its three matches"):
        matches.schedule_tie_matches(tie_at(cup, 3, 0), user=organiser)
    with pytest.raises(ValidationError, match="R16: this tie's teams are not known yet"):
        matches.schedule_tie_matches(tie_at(cup, 4, 0), user=organiser)
    assert Match.objects.count() == 3


def test_a_tie_breaker_is_scheduled_only_on_equal_sums():
    cup, teams = cup_with(2)
    make_draw(cup, seed="x")
    tie = tie_at(cup, 4, 0)
    organiser = make_user("organiser")
    play_tie_match(tie, "A")
    play_tie_match(tie, "B")

    with pytest.raises(ValidationError, match="R16: a tie-breaker is played only when the sums are equal"):
        matches.schedule_tie_breaker(tie, user=organiser)
    play_tie_match(tie, "level")
    match = matches.schedule_tie_breaker(tie, user=organiser)

    assert (match.kind, match.cup_tie, match.state) == (Match.Kind.TIE_BREAKER, tie, Match.State.SCHEDULED)
    assert tie_state(tie, tie.matches.all()).stage is TieStage.PLAY_OFF_IN_PROGRESS
    assert match.played_on == datetime.date(2025, 12, 31)  # not before the round's date


def decided_organisers_cup(count=4):
    cup, teams = cup_with(count)
    make_draw(cup, pairs=[(teams[i], teams[i + 1]) for i in range(0, count, 2)])
    return cup, teams


def test_the_organisers_schedule_a_ties_matches_and_its_tie_breaker_on_their_page(client):
    cup, teams = decided_organisers_cup()
    tie = tie_at(cup, 3, 0)
    url = reverse("competitions:cup_admin", args=[2025])
    client.force_login(make_user("organiser"))

    page = client.get(url).text
    assert "Schedule the 3 missing matches" in page and "Schedule a two-hand tie-breaker" not in page
    response = client.post(url, {"action": "schedule", "tie-tie": tie.pk, "tie-played_on": "2025-11-29",
                                 "tie-place": "Pécs"})

    assert response.status_code == 302
    assert list(tie.matches.values_list("played_on", "place", "state")) == [
        (datetime.date(2025, 11, 29), "Pécs", Match.State.SCHEDULED)] * 3
    page = client.get(url).text
    for match in tie.matches.all():  # each of the tie's matches links its match
        assert f'href="{reverse("jury:particulars", args=[match.pk])}"' in page
    for match, records in zip(tie.matches.order_by("id"), (edge_to_a(), edge_to_b(), level()), strict=True):
        recorded(match, records)  # equal sums after the three matches
    page = client.get(url).text
    assert "equal sums: a tie-breaker is needed" in page and "Schedule a two-hand tie-breaker" in page

    assert client.post(url, {"action": "tie_breaker", "tie-tie": tie.pk}).status_code == 302
    assert tie.matches.filter(kind=Match.Kind.TIE_BREAKER, state=Match.State.SCHEDULED).count() == 1
    refused = client.post(url, {"action": "tie_breaker", "tie-tie": tie.pk})
    assert refused.status_code == 200
    assert "R16: the tie&#x27;s previous tie-breaker is not confirmed yet" in refused.text
    assert tie.matches.filter(kind=Match.Kind.TIE_BREAKER).count() == 1


def test_a_scheduled_match_can_be_taken_off_the_calendar_until_hands_are_entered(client):
    cup, teams = decided_organisers_cup()
    tie = tie_at(cup, 3, 0)
    first, second, _third = matches.schedule_tie_matches(tie, user=make_user("organiser"))
    matches.record_match(second, eight_hand_records(), user=make_user("jury"))
    client.force_login(make_user("organiser"))

    assert client.post(reverse("competitions:remove_match", args=[first.pk])).status_code == 302
    refused = client.post(reverse("competitions:remove_match", args=[second.pk]), follow=True)

    assert not Match.objects.filter(pk=first.pk).exists()
    assert Match.objects.filter(pk=second.pk).exists()
    assert "Only a scheduled match without hands can be removed" in refused.text


def test_only_organisers_schedule(client):
    cup, teams = decided_organisers_cup()
    tie = tie_at(cup, 3, 0)
    client.force_login(make_user("jury"))

    response = client.post(reverse("competitions:cup_admin", args=[2025]), {"action": "schedule", "tie-tie": tie.pk})

    assert response.status_code == 403
    assert not tie.matches.exists()


@pytest.mark.parametrize("count", [4, 16])
def test_the_organisers_cup_page_query_count_does_not_grow_with_teams(client, django_assert_num_queries, count):
    cup, teams = decided_organisers_cup(count)
    organiser = make_user("organiser")
    for tie in cup.cup_ties.filter(team_a__isnull=False, team_b__isnull=False):
        matches.schedule_tie_matches(tie, user=organiser)
    client.force_login(organiser)
    # 1 the user with their permissions (the session comes from the cache), 2 the Cup with its
    # season, 3 entries with their players, 4 ties with their teams, 5 the ties' matches (any state)
    with django_assert_num_queries(5):
        response = client.get(reverse("competitions:cup_admin", args=[2025]))
    assert response.status_code == 200
    assert response.text.count("Remove</button>") == 3 * count // 2


# --- the draw once, and a decided tie that the next round relies on -----------------------------


def test_the_draw_is_made_once_and_needs_two_teams():
    cup, _teams = cup_with(1)
    with pytest.raises(ValidationError, match="R16: the draw needs at least two teams"):
        make_draw(cup, seed="x")
    enter_team(cup, make_team(), on=SEPTEMBER)
    make_draw(cup, seed="x")

    with pytest.raises(ValidationError, match="R16: the draw has already been made"):
        make_draw(cup, seed="y")
    cup.refresh_from_db()
    assert cup.draw_seed == "x" and cup.cup_ties.count() == 1


def crushing_for_b():
    """A holds 13 trumps, both honours and XVI-XVIII (consolation 40), B none of them (105, R5):
    A attacking 40 : 90, B attacking 60 : 100; eight hands 400 to 760, match 50 to 95."""
    records = []
    for number in range(8):
        records.append({"format": "royal-tarokk-hand/1", "attackers": "A" if number % 2 == 0 else "B",
                        "holdings": {"A": {"trumps": 13, "honours": 2, "high_trumps": ["XVI", "XVII", "XVIII"]},
                                     "B": {"trumps": 9, "honours": 0, "high_trumps": []}},
                        "announcements": [], "silent": []})
    return records


def test_a_correction_that_would_change_a_winner_the_next_round_relies_on_is_refused():
    cup, teams = cup_with(4)
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    organiser = make_user("organiser")
    for slot in (0, 1):
        play_tie(tie_at(cup, 3, slot), organiser, edge_to_a(), edge_to_a(), edge_to_a())
    matches.schedule_tie_matches(tie_at(cup, 4, 0), user=organiser)
    semi_final = tie_at(cup, 3, 0)
    first = semi_final.matches.order_by("id").first()
    chief = make_user("chief")

    with pytest.raises(Refused, match="R16: the next round's tie already has matches on record"):
        matches.correct_match(first, crushing_for_b(), user=chief, reason="Holdings were swapped")

    first.refresh_from_db()
    semi_final.refresh_from_db()
    assert (first.score_a, first.score_b) == (85, 83) and semi_final.winner == teams[0]
    # A correction that leaves the winner as it was is recorded (R16: the tie stays decided).
    matches.correct_match(first, level(), user=chief, reason="Hand 2 holdings")
    first.refresh_from_db()
    assert (first.score_a, first.score_b) == (85, 85)
    assert tie_state(semi_final, semi_final.matches.all()).sums == (255, 251)
    assert tie_at(cup, 4, 0).team_a == teams[0]
