"""Facts change only through the two-person rule: where a confirmed Grand Prix match counts (R17)
changes only by the chief jury's correction, with a reason, a new version and its history; only
entering hands makes a juror the first person of a match; every refusal says why."""

import datetime
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core import register
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, CupAward, CupTie, GrandPrixEntry, Match
from tournaments.recording import matches

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime.date(2025, 9, 1)


@pytest.fixture
def confirmed_grand_prix_match():
    make_competition(match_limit=52)  # the season's Championship
    event = make_competition(Competition.Kind.GRAND_PRIX)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        GrandPrixEntry.objects.create(competition=event, team=team)
    return make_match(kings, owls, event, eight_hand_records(), played_on=SEPTEMBER, confirmed=True)


def championship_table(_client):
    """The public table, as a visitor sees it."""
    page = Client().get(reverse("public:championship", args=[2025])).content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page)  # new on every page


def post_where_it_counts(client, match, **extra):
    return client.post(reverse("competitions:grand_prix_match", args=[match.pk]),
                       {"counts_for_championship": "on", "cup_tie": "", "version": match.version, **extra})


def test_a_juror_cannot_move_a_confirmed_match_into_the_championship(client, confirmed_grand_prix_match):
    match = confirmed_grand_prix_match
    table, history, version = championship_table(client), match.history.count(), match.version
    client.force_login(make_user("jury"))

    response = post_where_it_counts(client, match)

    assert response.status_code == 403
    assert "changes only by the chief jury&#x27;s correction" in response.content.decode()
    match.refresh_from_db()
    assert (match.counts_for_championship, match.version, match.history.count()) == (False, version, history)
    assert championship_table(client) == table


@pytest.mark.parametrize("reason", ["", "   ", "\u200b"])
def test_the_chief_jury_moves_it_only_with_a_reason(client, confirmed_grand_prix_match, reason):
    match = confirmed_grand_prix_match
    version = match.version
    client.force_login(make_user("chief"))

    response = post_where_it_counts(client, match, reason=reason)

    assert response.status_code == 200
    assert "A correction to a confirmed match needs a written reason." in response.content.decode()
    match.refresh_from_db()
    assert (match.counts_for_championship, match.version) == (False, version)


def test_the_chief_jurys_correction_has_a_new_version_and_its_history(client, confirmed_grand_prix_match):
    match = confirmed_grand_prix_match
    table, version = championship_table(client), match.version
    chief = make_user("chief", username="carol")
    client.force_login(chief)

    response = post_where_it_counts(client, match, reason="R17: the teams asked for it before the event")

    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.counts_for_championship, match.version, match.state) == (True, version + 1, Match.State.CONFIRMED)
    latest = match.history.first()
    assert latest.history_user == chief
    assert latest.history_change_reason == "Correction: R17: the teams asked for it before the event"
    assert latest.counts_for_championship is True and latest.prev_record.counts_for_championship is False
    assert championship_table(client) != table


def test_a_stale_page_cannot_move_the_match(client, confirmed_grand_prix_match):
    match = confirmed_grand_prix_match
    client.force_login(make_user("chief"))
    response = post_where_it_counts(client, match, reason="late", version=0)
    assert response.status_code == 200 and "since you opened it" in response.content.decode()
    match.refresh_from_db()
    assert match.counts_for_championship is False


def test_a_match_not_yet_confirmed_is_marked_by_any_juror_with_its_history(confirmed_grand_prix_match):
    event = confirmed_grand_prix_match.competition
    entered = make_match(confirmed_grand_prix_match.team_b, confirmed_grand_prix_match.team_a, event,
                         eight_hand_records(), played_on=SEPTEMBER)
    juror = make_user("jury")
    matches.mark_grand_prix_match(entered, counts_for_championship=True, cup_tie=None, user=juror)
    entered.refresh_from_db()
    assert entered.counts_for_championship is True
    assert entered.history.first().history_user == juror


# --- the two-person rule counts entering hands only ---------------------------------------------------


def test_a_chief_who_only_changed_the_particulars_may_confirm(client):
    season = make_season(timezone.localdate().year - 1)  # played: its hands are entered after the day
    match = make_match(competition=make_competition(season=season), played_on=datetime.date(season.year, 6, 1))
    chief = make_user("chief")
    match.place = "Szeged"
    matches.save_particulars(match, user=chief, changed=["place"])
    matches.record_match(match, eight_hand_records(), user=make_user("jury"), draft=True)
    match.place = "Pécs"  # the place fixed again while the hands are being entered
    matches.save_particulars(match, user=chief, changed=["place"])
    matches.submit_match(match, match.entered_by)

    client.force_login(chief)
    response = client.post(reverse("jury:confirm", args=[match.pk]), {"version": match.version})

    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.state, match.confirmed_by) == (Match.State.CONFIRMED, chief)


def test_a_chief_who_saved_hands_may_not_confirm_and_is_told_why(client):
    chief = make_user("chief")
    match = make_match(hand_records=eight_hand_records(), user=chief)

    client.force_login(chief)
    response = client.post(reverse("jury:confirm", args=[match.pk]), {"version": match.version})

    assert response.status_code == 403
    assert "The juror who entered a match cannot confirm it" in response.content.decode()


def test_a_refused_permission_says_why(client):
    client.force_login(make_user("jury"))
    response = client.get(reverse("competitions:season_admin", args=[2025]))
    assert response.status_code == 403
    assert "Your role does not allow this page or action." in response.content.decode()


# --- the admin: derived fields read-only, a competition's kind fixed, the register following ----------


@pytest.fixture
def decided_final():
    """A Cup of two teams: the final, decided by three matches recorded and confirmed through the
    jury's steps (each A 88 : B 93, so Owls win, R16)."""
    cup = make_competition(Competition.Kind.CUP)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    make_draw(cup, pairs=[(kings, owls)])
    tie = CupTie.objects.get(competition=cup)
    for _ in range(3):
        make_match(kings, owls, cup, eight_hand_records(), played_on=SEPTEMBER, cup_tie=tie, confirmed=True)
    tie.refresh_from_db()
    assert tie.winner == owls
    return tie


def test_the_admin_cannot_change_a_cup_tie(client, decided_final):
    client.force_login(make_user("organiser"))
    url = reverse("admin:tournaments_cuptie_change", args=[decided_final.pk])
    assert client.get(url).status_code == 200  # shown, read-only
    response = client.post(url, {"winner": decided_final.team_b_id, "team_a": decided_final.team_b_id,
                                 "team_b": decided_final.team_a_id, "round": 4, "slot": 0,
                                 "competition": decided_final.competition_id})
    assert response.status_code == 403
    decided_final.refresh_from_db()
    assert decided_final.winner == decided_final.team_b


def test_rescore_finds_and_repairs_a_tie_winner_set_by_hand(decided_final):
    CupTie.objects.filter(pk=decided_final.pk).update(winner=decided_final.team_a)  # as the admin once allowed

    found = StringIO()
    call_command("rescore", stdout=found)
    assert "winner Kings, the scores give Owls" in found.getvalue()
    decided_final.refresh_from_db()
    assert decided_final.winner.name == "Kings"  # a dry run changes nothing

    call_command("rescore", "--fix", stdout=StringIO())
    decided_final.refresh_from_db()
    assert decided_final.winner.name == "Owls"
    again = StringIO()
    call_command("rescore", stdout=again)
    assert again.getvalue().strip().endswith("0 differences found.")


def test_a_competitions_kind_is_fixed_once_it_has_matches(client):
    championship = make_competition(name="Championship 2025", slug="championship-2025")
    make_match(competition=championship)
    client.force_login(make_user("organiser"))
    page = client.get(reverse("admin:tournaments_competition_change", args=[championship.pk])).content.decode()
    assert 'name="kind"' not in page  # shown as text, not as a choice


def test_a_competitions_kind_may_change_while_it_has_no_match(client):
    competition = make_competition(Competition.Kind.GRAND_PRIX)
    client.force_login(make_user("organiser"))
    page = client.get(reverse("admin:tournaments_competition_change", args=[competition.pk])).content.decode()
    assert 'name="kind"' in page


def test_changing_a_seasons_cup_thresholds_rederives_the_register_at_once(client):
    season = make_season(2025)
    player = make_player()
    register.enter_variant_trophy(player=player, trophy="royal", variant="emperor",
                                  won_on=datetime.date(2025, 3, 1), user=None)
    assert not CupAward.objects.exists()
    client.force_login(make_user("organiser", is_superuser=True))
    response = client.post(reverse("admin:tournaments_season_change", args=[season.pk]), {
        "year": 2025, "cup_thresholds": "1", "trophy_points_are_values": "", "trophy_credit_both_partners": ""})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert CupAward.objects.filter(player=player, threshold=1).exists()
