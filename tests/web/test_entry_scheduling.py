"""Scheduling a match through the jury's pages (R14-R17) and the chief jury's agreement to a
private or early Championship match (R15): refusals name their rule, keep the input and save
nothing."""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TODAY
from tests.factories import (
    eight_hand_records,
    logged_in_user,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
    record_confirmed_in_bulk,
)
from tournaments.core.competitions import championship as championship_rules
from tournaments.core.competitions import check_match_allowed, cup
from tournaments.core.models import Competition, CupEntry, GrandPrixEntry, Match
from tournaments.core.refusals import Refused
from tournaments.recording import matches

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_today")]

NEXT_YEAR = TODAY.year + 1  # matches still to be played
PAST_YEAR = TODAY.year - 1  # matches whose date has passed
JUNE = datetime.date(NEXT_YEAR, 6, 1)  # after the annual meeting (15 January by default)


@pytest.fixture
def season():
    return make_season(NEXT_YEAR)


@pytest.fixture
def championship(season):
    return make_competition(season=season)


@pytest.fixture
def kings(season):
    return make_team("Kings", season=season, substitute=True)


@pytest.fixture
def owls(season):
    return make_team("Owls", season=season)


@pytest.fixture
def jury(client):
    return logged_in_user(client, "jury", "alice")


def on_the_day(day):
    """Today is the day a match is played (its hands are entered on or after it)."""
    return time_machine.travel(datetime.datetime.combine(day, datetime.time(12), tzinfo=datetime.UTC))


def particulars(competition, team_a, team_b, played_on=JUNE, **extra):
    """What the scheduling form posts: every seat left to the teams' own Driver and Catcher."""
    data = {"competition": competition.pk, "kind": "regular", "team_a": team_a.pk, "team_b": team_b.pk,
            "played_on": played_on.isoformat(), "place": "Szeged", "played_publicly": "on",
            "a_driver": "", "a_catcher": "", "b_driver": "", "b_catcher": "", "cup_tie": ""}
    data.update({key: "" if value is None else getattr(value, "pk", value) for key, value in extra.items()})
    if data["played_publicly"] is False:
        del data["played_publicly"]
    return data


def new_match(client, data, season_year=NEXT_YEAR):
    return client.post(reverse("jury:new_match") + f"?season={season_year}", data)


def refusal(response):
    """The page's refusals (problems shown on the form), as text."""
    page = response.content.decode()
    return page[page.index('class="refused"'):] if 'class="refused"' in page else page


# --- scheduling ------------------------------------------------------------------------------


def test_the_match_list_links_to_a_new_match(client, jury):
    page = client.get(reverse("jury:matches")).content.decode()
    assert f'href="{reverse("jury:new_match")}"' in page


def test_a_juror_schedules_a_match_with_the_teams_own_players(client, jury, championship, kings, owls):
    page = client.get(reverse("jury:new_match") + f"?season={NEXT_YEAR}").content.decode()
    assert "Kings" in page and "Owls" in page and f"{kings.substitute.name} (substitute)" in page

    response = new_match(client, particulars(championship, kings, owls))

    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("jury:match", args=[match.pk])
    assert (match.competition, match.team_a, match.team_b, match.played_on, match.place) == (
        championship, kings, owls, JUNE, "Szeged")
    assert (match.a_driver, match.a_catcher, match.b_driver, match.b_catcher) == (
        kings.driver, kings.catcher, owls.driver, owls.catcher)  # R14 defaults
    assert (match.state, match.version, match.played_publicly) == (Match.State.SCHEDULED, 0, True)
    assert match.history.get().history_change_reason == "Match scheduled"
    assert match.history.get().history_user == jury


def test_the_scheduling_message_and_the_seats_read_in_hungarian(client, jury, championship, kings, owls):
    """The day as the reader writes it, not ISO; each player offered with a role in small letters."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    page = client.get(reverse("jury:new_match") + f"?season={NEXT_YEAR}").content.decode()
    assert f"{kings.driver.name} (hajtó)" in page and f"{kings.substitute.name} (cserejátékos)" in page

    response = new_match(client, particulars(championship, kings, owls))

    assert [str(message) for message in response.wsgi_request._messages] == [
        f"A mérkőzés kiírva: Kings – Owls, {JUNE.year}. június {JUNE.day}."]


@pytest.mark.parametrize("seat", ["a_driver", "a_catcher"])
def test_the_substitute_takes_either_seat_of_his_team(client, jury, championship, kings, owls, seat):
    response = new_match(client, particulars(championship, kings, owls, **{seat: kings.substitute}))
    assert response.status_code == 302
    match = Match.objects.get()
    assert getattr(match, seat) == kings.substitute
    assert {match.a_driver, match.a_catcher} == {kings.substitute, kings.catcher if seat == "a_driver" else
                                                 kings.driver}


@pytest.mark.parametrize(("seat", "player", "message"), [
    ("b_catcher", "stranger", "R14: {name} plays for neither Owls nor Kings."),
    ("a_driver", "owls_driver", "R14: {name} plays for Owls, not for Kings."),
    ("a_driver", "kings_catcher", "R14: {name} is Kings&#x27;s Catcher; roles are fixed"),
])
def test_a_player_who_may_not_take_the_seat_is_refused(client, jury, season, championship, kings, owls,
                                                       seat, player, message):
    players = {"stranger": make_team("Bats", season=season).driver, "owls_driver": owls.driver,
               "kings_catcher": kings.catcher}
    data = particulars(championship, kings, owls, **{seat: players[player]})

    response = new_match(client, data)

    page = response.content.decode()
    assert response.status_code == 422
    assert message.format(name=players[player].name) in page
    assert 'value="Szeged"' in page  # the input is kept
    assert not Match.objects.exists()


def test_one_player_cannot_take_both_seats(client, jury, championship, kings, owls):
    data = particulars(championship, kings, owls, a_driver=kings.substitute, a_catcher=kings.substitute)
    response = new_match(client, data)
    assert response.status_code == 422
    assert "cannot take both seats of Kings" in response.content.decode()
    assert not Match.objects.exists()


def test_a_date_outside_the_season_is_refused(client, jury, championship, kings, owls):
    response = new_match(client, particulars(championship, kings, owls, played_on=datetime.date(NEXT_YEAR + 1, 2, 1)))
    assert response.status_code == 422
    assert f"R15: a match of the {NEXT_YEAR} season is played between 1 January and 31 December" in (
        response.content.decode())
    assert not Match.objects.exists()


def test_the_championship_match_limit_is_shown_with_its_rule(client, jury, championship, kings, owls, season):
    record_confirmed_in_bulk(championship, [(kings, make_team(season=season)) for _ in range(52)], played_on=JUNE)

    response = new_match(client, particulars(championship, kings, owls))

    assert response.status_code == 422
    assert "R15: Kings has already played 52 championship matches this season" in refusal(response)
    assert 'value="Szeged"' in response.content.decode()
    assert Match.objects.count() == 52


def test_a_grand_prix_match_between_entrants_only(client, jury, season, kings, owls):
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season)
    GrandPrixEntry.objects.create(competition=event, team=kings)

    response = new_match(client, particulars(event, kings, owls))

    assert response.status_code == 422
    assert "R17: Owls has not entered" in refusal(response)
    assert not Match.objects.exists()
    GrandPrixEntry.objects.create(competition=event, team=owls)
    assert new_match(client, particulars(event, kings, owls)).status_code == 302


# --- the Cup (R16) ---------------------------------------------------------------------------


@pytest.fixture
def drawn_cup(season, kings, owls):
    """A Cup of four teams, drawn: Kings - Owls and Bats - Cats in the semi-finals."""
    competition = make_competition(Competition.Kind.CUP, season=season)
    bats, cats = make_team("Bats", season=season), make_team("Cats", season=season)
    for team in (kings, owls, bats, cats):
        CupEntry.objects.create(competition=competition, team=team, entered_on=datetime.date(NEXT_YEAR, 8, 26))
    ties = cup.make_draw(competition, pairs=[(kings, owls), (bats, cats)])
    return competition, ties, bats, cats


def test_a_cup_match_goes_into_the_current_rounds_tie_of_its_teams(client, jury, drawn_cup, kings, owls):
    competition, ties, _bats, _cats = drawn_cup
    page = client.get(reverse("jury:new_match") + f"?season={NEXT_YEAR}").content.decode()
    assert "Semi-final 1: Kings - Owls" in page and "Semi-final 2: Bats - Cats" in page
    assert "Final 1" not in page  # only the current round's ties

    response = new_match(client, particulars(competition, owls, kings, played_on=datetime.date(NEXT_YEAR, 11, 28)))

    assert response.status_code == 302
    assert Match.objects.get().cup_tie == ties[0]  # left empty: the tie of these two teams


def test_a_cup_match_in_another_pairs_tie_is_refused(client, jury, drawn_cup, kings, owls):
    competition, ties, _bats, _cats = drawn_cup
    response = new_match(client, particulars(competition, kings, owls, cup_tie=ties[1]))
    assert response.status_code == 422
    assert "R16: this tie is between Bats and Cats." in refusal(response)
    assert not Match.objects.exists()


def test_no_substitute_plays_in_the_cup(client, jury, drawn_cup, kings, owls):
    competition, ties, _bats, _cats = drawn_cup
    response = new_match(client, particulars(competition, kings, owls, a_catcher=kings.substitute))
    assert response.status_code == 422
    assert "R16: Kings must play with its Driver and Catcher as entered" in refusal(response)
    assert not Match.objects.exists()


def test_a_tie_breaker_only_after_equal_sums(client, jury, drawn_cup, kings, owls):
    competition, ties, _bats, _cats = drawn_cup
    response = new_match(client, particulars(competition, kings, owls, kind="tie_breaker"))
    assert response.status_code == 422
    assert "R16: a tie-breaker is played only when the sums are equal" in refusal(response)


# --- R15: the chief jury's agreement ---------------------------------------------------------


def test_a_private_match_is_scheduled_then_agreed_by_the_chief_jury(client, jury, championship, kings, owls):
    response = new_match(client, particulars(championship, kings, owls, played_publicly=False), )
    match = Match.objects.get()
    assert response.status_code == 302
    notices = [str(message) for message in response.wsgi_request._messages]
    assert "R15: this match needs the chief jury's agreement before it is played, because it is not played " \
           "publicly." in notices
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "needs the chief jury&#x27;s agreement" in page and "Agree this match" not in page  # a juror
    assert "<strong>needed</strong>" in client.get(reverse("jury:matches")).content.decode()

    chief = make_user("chief", username="carol")
    client.force_login(chief)
    assert "Agree this match" in client.get(reverse("jury:match", args=[match.pk])).content.decode()
    response = client.post(reverse("jury:agree", args=[match.pk]), {"version": 0})

    match.refresh_from_db()
    assert response.status_code == 302
    assert (match.jury_agreed_by, match.version) == (chief, 1)
    assert match.jury_agreed_at.date() == timezone.now().date()
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Agreed by carol at" in page and "Agree this match" not in page
    assert "agreed by carol, " in client.get(reverse("jury:matches")).content.decode()
    assert match.history.first().history_change_reason == "Agreed by the chief jury (R15)"
    with on_the_day(JUNE):  # hands are entered on or after the day of play
        matches.record_match(match, eight_hand_records(), user=jury)  # R15 satisfied: the hands may be entered


def test_a_match_before_the_annual_meeting_needs_agreement_too(client, jury, championship, kings, owls):
    january = datetime.date(NEXT_YEAR, 1, 10)
    response = new_match(client, particulars(championship, kings, owls, played_on=january))
    assert response.status_code == 302
    match = Match.objects.get()
    assert championship_rules.agreement_reasons(match) == [
        f"it is played before the annual meeting ({NEXT_YEAR}-01-15)"]
    with pytest.raises(Refused) as refused:
        check_match_allowed(match)  # the competitions' rule agrees that it needs one
    assert refused.value.code == championship_rules.AGREEMENT_REFUSAL


def test_a_public_match_after_the_meeting_needs_no_agreement(client, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE)
    assert championship_rules.agreement_reasons(match) == []
    client.force_login(make_user("chief"))
    assert "Agree this match" not in client.get(reverse("jury:match", args=[match.pk])).content.decode()
    client.post(reverse("jury:agree", args=[match.pk]), {"version": 0})
    match.refresh_from_db()
    assert match.jury_agreed_by is None


def test_agreeing_a_match_whose_date_has_passed_is_refused(client):
    championship = make_competition(season=make_season(PAST_YEAR))
    match = make_match(competition=championship, played_on=datetime.date(PAST_YEAR, 6, 1), played_publicly=False)
    client.force_login(make_user("chief"))

    response = client.post(reverse("jury:agree", args=[match.pk]), {"version": 0}, follow=True)

    assert f"R15: the jury agrees a match before it is played; this match&#x27;s date ({PAST_YEAR}-06-01) " \
           "has passed." in response.content.decode()
    match.refresh_from_db()
    assert (match.jury_agreed_by, match.version) == (None, 0)


def test_scheduling_a_private_match_whose_date_has_passed_is_refused(client, jury):
    season = make_season(PAST_YEAR)
    championship = make_competition(season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    data = particulars(championship, kings, owls, played_on=datetime.date(PAST_YEAR, 6, 1), played_publicly=False)

    response = new_match(client, data, season_year=PAST_YEAR)

    assert response.status_code == 422
    assert "R15: this championship match needs the jury&#x27;s agreement given before it was played" in (
        refusal(response))
    assert not Match.objects.exists()


def test_only_the_chief_jury_agrees(client, jury, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE, played_publicly=False)
    assert client.post(reverse("jury:agree", args=[match.pk]), {"version": 0}).status_code == 403
    match.refresh_from_db()
    assert match.jury_agreed_by is None


def test_an_agreement_is_not_given_once_hands_are_entered(client, jury, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE, played_publicly=False)
    Match.objects.filter(pk=match.pk).update(state=Match.State.IN_ENTRY)
    client.force_login(make_user("chief"))
    response = client.post(reverse("jury:agree", args=[match.pk]), {"version": 0}, follow=True)
    assert "hands of this match are already entered" in response.content.decode()
    assert Match.objects.get(pk=match.pk).jury_agreed_by is None


# --- editing the particulars -----------------------------------------------------------------


def edit(client, match, **changes):
    data = particulars(match.competition, match.team_a, match.team_b, played_on=match.played_on,
                       played_publicly=match.played_publicly, a_driver=match.a_driver, a_catcher=match.a_catcher,
                       b_driver=match.b_driver, b_catcher=match.b_catcher, version=match.version)
    data["place"] = match.place
    data.update({key: getattr(value, "pk", value) for key, value in changes.items()})
    return client.post(reverse("jury:particulars", args=[match.pk]), data)


def test_a_juror_changes_the_place_and_the_players(client, jury, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE, place="Eger")
    page = client.get(reverse("jury:particulars", args=[match.pk])).content.decode()
    assert 'value="Eger"' in page and f'value="{JUNE.isoformat()}"' in page

    response = edit(client, match, place="Pécs", a_driver=kings.substitute)

    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.place, match.a_driver, match.version) == ("Pécs", kings.substitute, 1)
    assert match.history.first().history_change_reason == "Particulars changed"


def test_a_stale_edit_is_refused(client, jury, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE, place="Eger")
    Match.objects.filter(pk=match.pk).update(version=3)
    response = edit(client, match, place="Pécs")  # the form was opened at version 0
    assert response.status_code == 422
    assert "was changed by another juror since you opened it" in response.content.decode()
    assert Match.objects.get(pk=match.pk).place == "Eger"


def test_a_new_date_withdraws_the_agreement(client, jury, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE, played_publicly=False)
    matches.agree_match(match, make_user("chief"))

    response = edit(client, match, place="Eger")  # the same date: the agreement stands
    match.refresh_from_db()
    assert response.status_code == 302 and match.jury_agreed_by is not None

    response = edit(client, match, played_on=JUNE + datetime.timedelta(days=7))
    match.refresh_from_db()
    assert response.status_code == 302
    assert (match.played_on, match.jury_agreed_by, match.jury_agreed_at) == (
        JUNE + datetime.timedelta(days=7), None, None)
    notices = [str(message) for message in response.wsgi_request._messages]
    assert "R15: the jury's agreement was given for other particulars; it is withdrawn." in notices


def test_a_match_awaiting_confirmation_keeps_its_particulars(client, jury, championship, kings, owls):
    with on_the_day(JUNE):
        match = make_match(kings, owls, championship, played_on=JUNE, place="Eger", hand_records=eight_hand_records())
    page = client.get(reverse("jury:particulars", args=[match.pk])).content.decode()
    assert "<fieldset disabled>" in page and "Save the particulars" not in page
    assert "Edit the particulars" not in client.get(reverse("jury:match", args=[match.pk])).content.decode()

    response = edit(client, match, place="Pécs")

    assert response.status_code == 422
    assert "change only until it is submitted for confirmation" in response.content.decode()
    assert Match.objects.get(pk=match.pk).place == "Eger"


# --- who may schedule ------------------------------------------------------------------------


def test_organisers_schedule_matches_too(client, championship, kings, owls):
    client.force_login(make_user("organiser"))
    assert client.get(reverse("jury:new_match")).status_code == 200
    response = new_match(client, particulars(championship, kings, owls))
    match = Match.objects.get()
    assert response["Location"] == reverse("jury:particulars", args=[match.pk])  # no jury pages for them
    assert client.get(response["Location"]).status_code == 200
    assert client.get(reverse("jury:match", args=[match.pk])).status_code == 403


def test_others_may_not_schedule(client, championship, kings, owls):
    match = make_match(kings, owls, championship, played_on=JUNE)
    response = client.get(reverse("jury:new_match"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(make_user(None))
    assert client.get(reverse("jury:new_match")).status_code == 403
    assert new_match(client, particulars(championship, kings, owls)).status_code == 403
    assert client.get(reverse("jury:particulars", args=[match.pk])).status_code == 403
    assert Match.objects.count() == 1


# --- query budgets ---------------------------------------------------------------------------


def test_new_match_page_query_count_does_not_grow(client, jury, season, championship, django_assert_num_queries):
    for _ in range(2):
        make_team(season=season)
    # 1 the user with their permissions (the session comes from the cache), 2 the seasons,
    # 3 the season's teams with their players, 4 the current Cup round's ties, 5 the competitions.
    with django_assert_num_queries(5):
        small = client.get(reverse("jury:new_match"), {"season": NEXT_YEAR})
    for _ in range(6):
        make_team(season=season, substitute=True)
    make_competition(Competition.Kind.GRAND_PRIX, season=season)
    with django_assert_num_queries(5):
        response = client.get(reverse("jury:new_match"), {"season": NEXT_YEAR})
    assert small.status_code == response.status_code == 200
    assert response.content.decode().count("(substitute)") == 6 * 4  # one a team in each seat's list


def test_particulars_page_query_count(client, jury, championship, kings, owls, django_assert_num_queries):
    match = make_match(kings, owls, championship, played_on=JUNE)
    make_player()
    # 1 the user with their permissions (the session comes from the cache), 2 the match with its
    # teams, players and jurors, 3 the season's teams with their players, 4 the current Cup round's
    # ties, 5 the competitions.
    with django_assert_num_queries(5):
        response = client.get(reverse("jury:particulars", args=[match.pk]))
    assert response.status_code == 200


# --- R15: an agreement given on paper, recorded by the chief jury with the match played since -----


def paper(given_on, given_by="Kovács Béla"):
    return {"agreed_on_paper_on": given_on.isoformat(), "agreed_on_paper_by": given_by}


def test_the_chief_jury_schedules_a_played_private_match_with_its_agreement_given_on_paper(client):
    season = make_season(PAST_YEAR)
    championship = make_competition(season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    played_on = datetime.date(PAST_YEAR, 6, 1)
    chief = make_user("chief", username="carol")
    client.force_login(chief)
    data = particulars(championship, kings, owls, played_on=played_on, played_publicly=False)

    response = new_match(client, data | paper(datetime.date(PAST_YEAR, 5, 20)), season_year=PAST_YEAR)

    assert response.status_code == 302
    match = Match.objects.get()
    assert match.jury_agreed_by == chief
    assert timezone.localdate(match.jury_agreed_at) == datetime.date(PAST_YEAR, 5, 20)
    assert match.history.first().history_change_reason == (
        f"Agreed on paper on {PAST_YEAR}-05-20 by Kovács Béla (R15)")
    check_match_allowed(match)  # R15 holds: the agreement was given before play
    assert matches.record_match(match, eight_hand_records(), user=make_user("jury")).state == Match.State.ENTERED
    assert f"Agreed on paper on {PAST_YEAR}-05-20 by Kovács Béla (R15)" in client.get(
        reverse("jury:history", args=[match.pk])).text


def test_an_agreement_on_paper_given_after_play_or_by_a_juror_is_refused(client):
    season = make_season(PAST_YEAR)
    championship = make_competition(season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    data = particulars(championship, kings, owls, played_on=datetime.date(PAST_YEAR, 6, 1), played_publicly=False)
    client.force_login(make_user("chief"))

    late = new_match(client, data | paper(datetime.date(PAST_YEAR, 6, 2)), season_year=PAST_YEAR)
    assert late.status_code == 422
    assert (f"R15: the jury agrees a match before it is played; an agreement given on {PAST_YEAR}-06-02, after "
            f"the match was played on {PAST_YEAR}-06-01, does not hold.") in refusal(late)
    nobody = new_match(client, data | paper(datetime.date(PAST_YEAR, 5, 2), given_by=" "), season_year=PAST_YEAR)
    assert "R15: give the date of the agreement on paper and who gave it." in refusal(nobody)
    assert not Match.objects.exists()

    client.force_login(make_user("jury"))
    assert new_match(client, data | paper(datetime.date(PAST_YEAR, 5, 2)), season_year=PAST_YEAR).status_code == 403


def test_the_match_page_records_an_agreement_given_on_paper_to_a_scheduled_match(client):
    championship = make_competition(season=make_season(PAST_YEAR))
    match = make_match(competition=championship, played_on=datetime.date(PAST_YEAR, 6, 1), played_publicly=False)
    client.force_login(make_user("chief"))
    assert "Record the agreement on paper" in client.get(reverse("jury:match", args=[match.pk])).text

    response = client.post(reverse("jury:agree_on_paper", args=[match.pk]),
                           {"version": 0, "given_on": f"{PAST_YEAR}-05-30", "given_by": "Kiss Anna"}, follow=True)

    assert "The agreement given on paper is recorded (R15)." in response.text
    match.refresh_from_db()
    assert timezone.localdate(match.jury_agreed_at) == datetime.date(PAST_YEAR, 5, 30)
    assert match.history.first().history_change_reason == f"Agreed on paper on {PAST_YEAR}-05-30 by Kiss Anna (R15)"
    again = client.post(reverse("jury:agree_on_paper", args=[match.pk]),
                        {"version": match.version, "given_on": f"{PAST_YEAR}-05-30", "given_by": "Kiss Anna"},
                        follow=True)
    assert "This match is already agreed." in again.text
