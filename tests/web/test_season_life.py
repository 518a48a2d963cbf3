"""A season's life: being prepared (the organisers' alone), running (the public's current season
is the newest running one), closed (once every competition is decided; its matches then take no
hands, submission or confirmation, and a correction is the chief jury's, with a reason). And a
match's date holds: its hands are entered, submitted and confirmed on or after the day of play."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_season,
    make_team,
    make_user,
)
from tests.web.closed_seasons import close, closed, refusal
from tests.web.test_outputs import drawn_cup, play_tie
from tournaments.core.models import CupTie, Match, Season
from tournaments.core.refusals import Refused
from tournaments.recording import matches, seasons

pytestmark = pytest.mark.django_db


# --- who sees what -------------------------------------------------------------------------------


def test_a_season_being_prepared_is_the_organisers_alone_and_does_not_replace_the_running_one(client):
    make_season(2025)
    Season.objects.create(year=2026)  # created on 1 December: being prepared
    assert Season.objects.get(year=2026).state == Season.State.PREPARED

    assert client.get(reverse("public:current_season")).url == reverse("public:season", args=[2025])
    assert client.get(reverse("home")).context["digest"].season.year == 2025
    assert client.get(reverse("public:season", args=[2026])).status_code == 404
    assert client.get(reverse("public:championship", args=[2026])).status_code == 404
    assert "2026" not in [str(season) for season, _links in client.get(reverse("public:seasons")).context["seasons"]]
    client.force_login(make_user("organiser"))
    assert client.get(reverse("competitions:season_admin", args=[2026])).status_code == 200


def test_the_newest_running_season_is_current_and_a_closed_one_stays_public(client):
    make_season(2024, state=Season.State.CLOSED)
    make_season(2025)
    assert client.get(reverse("public:current_season")).url == reverse("public:season", args=[2025])
    assert client.get(reverse("public:season", args=[2024])).status_code == 200


def test_opening_and_closing_go_through_the_organisers_and_stay_in_the_history(client):
    season = Season.objects.create(year=2025)
    organiser = make_user("organiser")
    client.force_login(organiser)

    client.post(reverse("competitions:season_state", args=[2025]), {"action": "open"})
    assert Season.objects.get().state == Season.State.RUNNING
    client.post(reverse("competitions:season_state", args=[2025]), {"action": "close"})

    season.refresh_from_db()
    assert season.state == Season.State.CLOSED
    assert [(row.state, row.history_change_reason, row.history_user) for row in season.history.all()[:2]] == [
        ("closed", "Season closed", organiser), ("running", "Season opened", organiser)]
    assert "Only a season being prepared is opened" in refusal(seasons.open_season, season, organiser)
    assert "Only a running season is closed" in refusal(seasons.close_season, season, organiser)
    with pytest.raises(Refused):
        seasons.close_season(season, make_user("jury"))


# --- closing waits for every competition to be decided ------------------------------------------


def test_closing_is_refused_until_the_cups_final_and_bronze_are_decided_and_no_match_is_open():
    organiser = make_user("organiser")
    cup = drawn_cup(4)
    season = cup.season
    semi_finals = list(cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL))
    play_tie(semi_finals[0])

    text = refusal(seasons.close_season, season, organiser)
    assert "the final of Magyar Kupa 2025 is not decided yet" in text
    assert "the bronze medals of Magyar Kupa 2025 are not decided yet" in text

    play_tie(semi_finals[1])
    play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))
    championship = make_competition(season=season)
    make_match(competition=championship, hand_records=eight_hand_records())  # awaiting confirmation
    assert refusal(seasons.close_season, season, organiser) == (
        "1 match of the season is being entered or awaits confirmation.")

    Match.objects.filter(state=Match.State.ENTERED).update(state=Match.State.CONFIRMED)
    assert seasons.close_season(season, organiser).state == Season.State.CLOSED


def test_the_organisers_page_says_why_a_season_is_not_closed(client):
    drawn_cup(4)
    client.force_login(make_user("organiser"))
    response = client.post(reverse("competitions:season_state", args=[2025]), {"action": "close"}, follow=True)
    assert "the final of Magyar Kupa 2025 is not decided yet" in response.text
    assert Season.objects.get().state == Season.State.RUNNING


# --- the door holds a closed season's matches ----------------------------------------------------


def test_a_closed_seasons_matches_take_no_hand_submission_or_confirmation_in_one_sentence():
    season = make_season(2025)
    championship = make_competition(season=season)
    juror, chief = make_user("jury"), make_user("chief")
    scheduled = make_match(competition=championship)
    entered = make_match(competition=championship, hand_records=eight_hand_records(), user=juror)
    drafted = make_match(competition=championship)
    matches.record_match(drafted, eight_hand_records(), user=juror, draft=True)
    close(season)
    for match in (scheduled, entered, drafted):
        match.refresh_from_db()

    assert refusal(matches.record_match, scheduled, eight_hand_records(), user=juror) == closed("Hands")
    assert refusal(matches.record_hand, scheduled, 1, eight_hand_records()[0], user=juror) == closed("Hands")
    assert refusal(matches.submit_match, drafted, juror) == closed("Submission for confirmation")
    assert refusal(matches.confirm_match, entered, chief) == closed("Confirmation")
    assert refusal(matches.clear_hand, drafted, 1, user=juror) == closed("Hand 1")
    assert matches.why_hands_are_closed(scheduled, juror) == closed("Hands")


def test_a_correction_after_closing_needs_the_chief_jury_and_a_reason_and_rederives():
    season = make_season(2025)
    championship = make_competition(season=season)
    match = make_match(competition=championship, hand_records=eight_hand_records(), confirmed=True)
    close(season)
    match.refresh_from_db()
    chief = make_user("chief")

    with pytest.raises(Refused):
        matches.correct_match(match, eight_hand_records(), user=make_user("jury"), reason="Checked")
    assert "needs a written reason" in refusal(matches.correct_match, match, eight_hand_records(), user=chief,
                                               reason="")
    corrected = matches.correct_match(match, eight_hand_records()[::-1], user=chief, reason="The sheet was misread")
    assert corrected.state == Match.State.CONFIRMED
    assert corrected.history.first().history_change_reason == "Correction: The sheet was misread"
    assert (corrected.hand_sum_a, corrected.hand_sum_b) == (match.hand_sum_a, match.hand_sum_b)


# --- dates that hold -----------------------------------------------------------------------------


def test_a_match_played_in_the_future_takes_no_hands_in_words_for_every_way_in(frozen_today):
    season = make_season(frozen_today.year)
    team_a, team_b = make_team(season=season), make_team(season=season)
    tomorrow = frozen_today + datetime.timedelta(days=1)
    match = make_match(team_a, team_b, make_competition(season=season), played_on=tomorrow)
    juror = make_user("jury")
    sentence = (f"This match is played on {tomorrow.isoformat()}: its hands are entered, submitted and confirmed "
                "on or after that day, not before.")

    assert refusal(matches.record_match, match, eight_hand_records(), user=juror) == sentence
    assert refusal(matches.record_hand, match, 1, eight_hand_records()[0], user=juror) == sentence
    assert refusal(matches.record_match, match, eight_hand_records(), user=juror, draft=True,
                   way_in=matches.WayIn.RECORD_FILE) == sentence
    assert Match.objects.get(pk=match.pk).hands.count() == 0

    today_match = make_match(team_a, team_b, make_competition(season=season), played_on=frozen_today,
                             hand_records=eight_hand_records())
    assert today_match.state == Match.State.ENTERED  # on the day itself, it is entered
