"""Rules that count rows hold under real concurrency: many people sending the same request at the
same moment, each on its own database connection, never pass a limit. A Cup tie has three matches
(R16), the Cup at most 16 entries and each team once (R16), one draw (R16), a team at most 52
Championship matches (R15), and three matches in a Grand Prix event, each between two of its
entrants (R17). Whoever loses a race is refused in words, never with a server error.

On PostgreSQL the requests really run side by side and the parent rows are locked (a team, a tie,
the Cup, a Grand Prix event; the teams first); run "by their own locks", each test fails there
without its lock, and no two saves may deadlock. On SQLite they run as the site runs: SQLite lets
one writer through at a time (tournaments.site.env.SQLITE_OPTIONS), and they show that the others wait
their turn and are refused in words, not answered "database is locked"."""

import datetime
import threading

import pytest
import time_machine
from django.apps import apps
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.competitions import draw_pairs
from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_season,
    make_team,
    make_user,
    record_confirmed_in_bulk,
)
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, CupEntry, CupTie, GrandPrixEntry, Hand, Match, public_data
from tournaments.core.refusals import Refused
from tournaments.core.roles import ensure_roles
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
RACERS = 20


@pytest.fixture(autouse=True)
def roles(transactional_db):
    """Transactional tests run last and each empties the database, the roles with it."""
    ensure_roles(apps)


@pytest.fixture(autouse=True, params=["as the site runs", "by their own locks"])
def public_data_version(request, monkeypatch):
    """Every write moves the public pages' data version on (tournaments.core.models.public_data): an UPDATE of one
    row, which on PostgreSQL queues every writer from its first write until it commits. Each race runs
    as the site runs, with that queue (a lock taken after the first write meets it: no deadlock may
    come of it), and without it: a rule that counts after its transaction's first write would hold by
    that queue alone, and stop holding when the version moves elsewhere; it must hold by its own lock."""
    if request.param == "by their own locks":
        if connection.vendor != "postgresql":
            pytest.skip("SQLite takes no row locks: one writer at a time, with or without the version")
        monkeypatch.setattr(public_data, "changed", lambda using=None: None)


YEAR = timezone.localdate().year + 1
LAST_YEAR = YEAR - 2  # a Cup whose registration (from 25 August) is open today


def race(posts):
    """Run the posts (each a callable) at one moment, each in its own thread and connection."""
    start = threading.Barrier(len(posts))
    answers = []

    def run(post):
        try:
            start.wait()
            answers.append(post())
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(post,)) for post in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def logged_in(role):
    client = Client()
    client.force_login(make_user(role))
    return client


def posting(client, url, data, headers=None):
    """A post made later, in the race: its status code and the page's text (a server error as 500
    and the error: the test client raises what the view raised)."""
    def post():
        try:
            response = client.post(url, data, headers=headers or {})
        except Exception as error:  # noqa: BLE001 - any server error is an answer the test shows
            return 500, repr(error)
        return response.status_code, response.text
    return post


def codes(answers):
    return sorted(code for code, _text in answers)


# --- R16: three matches a tie -------------------------------------------------------------------


def particulars(competition, team_a, team_b, played_on):
    return {"competition": competition.pk, "kind": "regular", "team_a": team_a.pk, "team_b": team_b.pk,
            "played_on": played_on.isoformat(), "place": "Szeged", "played_publicly": "on", "a_driver": "",
            "a_catcher": "", "b_driver": "", "b_catcher": "", "cup_tie": ""}


def juror_posting(data):
    return posting(logged_in("jury"), reverse("jury:new_match") + f"?season={YEAR}", data)


def drawn_tie(season):
    """A Cup of two teams, drawn: its one tie (the final), without matches."""
    cup = make_competition(Competition.Kind.CUP, season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    for team in (kings, owls):
        enter_team(cup, team, on=datetime.date(season.year, 8, 25))
    make_draw(cup, pairs=[(kings, owls)])
    return CupTie.objects.get(competition=cup, team_a__isnull=False)


def test_twenty_jurors_at_once_give_a_cup_tie_three_matches():
    tie = drawn_tie(make_season(YEAR))
    data = particulars(tie.competition, tie.team_a, tie.team_b, datetime.date(YEAR, 9, 30))

    answers = race([juror_posting(data) for _ in range(RACERS)])

    assert Match.objects.filter(cup_tie=tie).count() == 3  # R16
    assert codes(answers) == [302] * 3 + [422] * (RACERS - 3)
    assert all("R16: a Cup tie is three matches; this would be a fourth." in text
               for code, text in answers if code == 422)


def test_organisers_scheduling_a_tie_while_jurors_add_its_matches_leave_it_three():
    # R16: the organisers' "schedule the missing matches" and a juror's new match of the tie are two
    # ways to one count; both hold the tie's teams, so neither counts before the other has saved.
    tie = drawn_tie(make_season(YEAR))
    data = particulars(tie.competition, tie.team_a, tie.team_b, datetime.date(YEAR, 9, 30))
    schedule = {"action": "schedule", "tie-tie": tie.pk, "tie-played_on": f"{YEAR}-10-31", "tie-place": "Pécs"}
    url = reverse("competitions:cup_admin", args=[YEAR])
    organisers = [posting(logged_in("organiser"), url, schedule) for _ in range(RACERS // 2)]

    answers = race([juror_posting(data) for _ in range(RACERS // 2)] + organisers)

    assert tie.matches.filter(kind=Match.Kind.REGULAR).count() == 3  # R16
    assert [(code, text) for code, text in answers if code not in (200, 302, 422)] == []
    assert all("R16: this tie already has its three matches." in text or "R16: a Cup tie is three matches" in text
               for code, text in answers if code in (200, 422))


def test_confirmations_and_the_organisers_scheduling_of_one_tie_at_once_all_go_through(request):
    # R16: two of the tie's matches are confirmed while organisers schedule the missing third. A
    # confirmation holds the tie's teams before it writes, as scheduling does: neither waits for a
    # row the other holds (a deadlock would answer one of them with a server error). Today is the
    # day the two were played (their hands are confirmed on or after it); the third is still ahead.
    travel = time_machine.travel(datetime.datetime(YEAR, 9, 30, 12, tzinfo=datetime.UTC))
    travel.start()
    request.addfinalizer(travel.stop)
    season = make_season(YEAR)
    tie = drawn_tie(season)
    entered = [make_match(tie.team_a, tie.team_b, tie.competition, hand_records=eight_hand_records(), cup_tie=tie,
                          played_on=datetime.date(YEAR, 9, 30)) for _ in range(2)]
    schedule = {"action": "schedule", "tie-tie": tie.pk, "tie-played_on": f"{YEAR}-10-31", "tie-place": "Pécs"}
    url = reverse("competitions:cup_admin", args=[YEAR])
    confirmations = [posting(logged_in("chief"), reverse("jury:confirm", args=[match.pk]), {"version": match.version})
                     for match in entered]

    answers = race(confirmations + [posting(logged_in("organiser"), url, schedule) for _ in range(RACERS - 2)])

    assert [(code, text) for code, text in answers if code == 500] == []
    assert codes(answers) == [200] * (RACERS - 3) + [302] * 3
    assert all("R16: this tie already has its three matches." in text for code, text in answers if code == 200)
    assert tie.matches.filter(kind=Match.Kind.REGULAR).count() == 3  # R16
    assert tie.matches.filter(state=Match.State.CONFIRMED).count() == 2


# --- R16: at most 16 teams, each once; one draw -----------------------------------------------------


def test_twenty_teams_entered_at_once_fill_the_cup_with_sixteen():
    season = make_season(LAST_YEAR)
    cup = make_competition(Competition.Kind.CUP, season=season)
    teams = [make_team(season=season) for _ in range(RACERS)]
    url = reverse("competitions:cup_admin", args=[LAST_YEAR])

    answers = race([posting(logged_in("organiser"), url, {"action": "enter", "entry-team": team.pk})
                    for team in teams])

    assert cup.cup_entries.count() == 16  # R16
    assert codes(answers) == [200] * (RACERS - 16) + [302] * 16
    assert all("R16: the Cup takes at most 16 teams; it is full." in text for code, text in answers if code == 200)


def test_one_team_entered_by_many_organisers_at_once_is_entered_once():
    season = make_season(LAST_YEAR)
    cup = make_competition(Competition.Kind.CUP, season=season)
    kings = make_team("Kings", season=season)
    url = reverse("competitions:cup_admin", args=[LAST_YEAR])

    answers = race([posting(logged_in("organiser"), url, {"action": "enter", "entry-team": kings.pk})
                    for _ in range(RACERS)])

    assert list(CupEntry.objects.filter(competition=cup).values_list("team__name", flat=True)) == ["Kings"]
    assert codes(answers) == [200] * (RACERS - 1) + [302]
    # R16: refused by the rule, or by the form once the entry was saved (Kings is no longer offered).
    assert all("R16: Kings has already entered." in text or "Select a valid choice." in text
               for code, text in answers if code == 200)


def test_many_organisers_making_the_draw_at_once_record_one_draw():
    season = make_season(LAST_YEAR)
    cup = make_competition(Competition.Kind.CUP, season=season)
    teams = [make_team(season=season) for _ in range(8)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(LAST_YEAR, 8, 25))
    url = reverse("competitions:cup_admin", args=[LAST_YEAR])
    draw = {"action": "draw", "draw-seed": "", "draw-pairs": ""}  # each post would make up its own seed

    answers = race([posting(logged_in("organiser"), url, draw) for _ in range(RACERS)])

    cup.refresh_from_db()
    assert codes(answers) == [200] * (RACERS - 1) + [302]
    assert all("R16: the draw has already been made." in text for code, text in answers if code == 200)
    assert cup.cup_ties.count() == 4 + 2 + 1  # one bracket of eight teams (R16)
    first_round = cup.cup_ties.filter(round=CupTie.Round.QUARTER_FINAL).order_by("slot")
    assert [(tie.team_a, tie.team_b) for tie in first_round] == draw_pairs(teams, cup.draw_seed)


# --- R17: three matches a team in a Grand Prix event -----------------------------------------------


GP_DAY = datetime.date(YEAR, 5, 10)
R17_THREE = "already has its 3 matches in this Grand Prix; a team plays 3."


def grand_prix_event(names):
    """A Grand Prix event ("spring") of the season YEAR with the named teams entered."""
    season = make_season(YEAR)
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="spring", name="Spring Grand Prix",
                             starts=GP_DAY)
    teams = [make_team(name, season=season) for name in names]
    GrandPrixEntry.objects.bulk_create(GrandPrixEntry(competition=event, team=team) for team in teams)
    return event, teams


def organisers_posting(data):
    return posting(logged_in("organiser"), reverse("competitions:grand_prix_admin", args=[YEAR, "spring"]), data)


def matches_each(event, teams):
    return sorted(event.matches.of_team(team).count() for team in teams)


def test_organisers_pairing_teams_while_jurors_schedule_the_same_pairs_give_each_team_three_matches():
    # R17: in each of ten groups of four, Kings and Owls have two of their three matches, both
    # against Birds and Cats. Organisers enter every group's pair Kings - Owls in one go while ten
    # jurors schedule them one by one from the jury's form: two ways to one count. Both hold the
    # teams before the event, so the organisers' pairs go in whole before the jurors' (refused)
    # or the jurors' do and the organisers' are refused; no team gets a fourth match.
    groups = RACERS // 2
    names = [f"{name} {group}" for group in range(1, groups + 1) for name in ("Kings", "Owls", "Birds", "Cats")]
    event, teams = grand_prix_event(names)
    quartets = [teams[first:first + 4] for first in range(0, len(teams), 4)]
    for kings, owls, birds, cats in quartets:
        for team, opponent in ((kings, birds), (kings, cats), (owls, birds), (owls, cats)):
            make_match(team, opponent, event, played_on=GP_DAY)
    pairs = "\n".join(f"{kings.name} - {owls.name}" for kings, owls, _birds, _cats in quartets)
    organisers = [organisers_posting({"action": "pairs", "pairs-pairs": pairs}) for _ in range(groups)]
    jurors = [juror_posting(particulars(event, kings, owls, GP_DAY)) for kings, owls, _birds, _cats in quartets]

    answers = race(organisers + jurors)

    assert [(code, text) for code, text in answers if code == 500] == []
    paired = [team for kings, owls, _birds, _cats in quartets for team in (kings, owls)]
    assert matches_each(event, paired) == [3] * len(paired)  # R17
    assert codes(answers) in ([200] * (groups - 1) + [302] + [422] * groups,  # the organisers' pairs first
                              [200] * groups + [302] * groups)  # the jurors' matches first
    assert all(R17_THREE in text for code, text in answers if code in (200, 422))


def test_organisers_drawing_the_pairings_while_jurors_pair_entrants_give_each_team_three_matches_at_most():
    # R17: twenty entrants; the draw gives each its three matches, and is made only for an event
    # without matches, while ten jurors each schedule a match between two of them. The draw holds
    # every entrant's team before the event, as a juror's new match holds its two: the draw comes
    # first and the jurors are refused, or the jurors' matches do and the draw is refused.
    event, teams = grand_prix_event([f"Team {number}" for number in range(1, RACERS + 1)])
    draw = {"action": "draw", "draw-seed": "spring"}
    organisers = [organisers_posting(draw) for _ in range(RACERS // 2)]
    jurors = [juror_posting(particulars(event, teams[first], teams[first + 1], GP_DAY))
              for first in range(0, RACERS, 2)]

    answers = race(organisers + jurors)

    assert [(code, text) for code, text in answers if code == 500] == []
    drawn = codes(answers) == [200] * (RACERS // 2 - 1) + [302] + [422] * (RACERS // 2)
    assert drawn or codes(answers) == [200] * (RACERS // 2) + [302] * (RACERS // 2)  # the jurors' first
    assert matches_each(event, teams) == ([3] * RACERS if drawn else [1] * RACERS)  # R17
    refusals = (R17_THREE, "R17: this event already has matches; remove them before drawing the pairings again.")
    assert all(any(refusal in text for refusal in refusals) for code, text in answers if code in (200, 422))


def test_organisers_withdrawing_teams_while_jurors_schedule_their_matches_leave_no_match_without_its_entry():
    # R17: a match of the event is between two of its entrants, and a team with matches there is
    # not withdrawn. In each of ten pairs an organiser withdraws Kings while a juror schedules
    # Kings - Owls; both hold Kings first: Kings is withdrawn without a match, or keeps its entry
    # and its match.
    names = [f"{name} {pair}" for pair in range(1, RACERS // 2 + 1) for name in ("Kings", "Owls")]
    event, teams = grand_prix_event(names)
    pairs = list(zip(teams[::2], teams[1::2], strict=True))
    organisers = [organisers_posting({"action": "withdraw", "withdraw-team": kings.pk}) for kings, _owls in pairs]
    jurors = [juror_posting(particulars(event, kings, owls, GP_DAY)) for kings, owls in pairs]

    answers = race(organisers + jurors)

    assert [(code, text) for code, text in answers if code == 500] == []
    entered = set(event.grand_prix_entries.values_list("team_id", flat=True))
    assert [(kings.name, event.matches.of_team(kings).count()) for kings, _owls in pairs] == [
        (kings.name, 1 if kings.pk in entered else 0) for kings, _owls in pairs]  # R17
    assert codes(answers).count(302) == len(pairs)  # in each pair, the withdrawal or the match
    assert all("has not entered Spring Grand Prix." in text for code, text in answers if code == 422)
    assert all("has matches in this event; remove its scheduled matches first." in text
               for code, text in answers if code == 200)


# --- R15: at most 52 Championship matches a team -------------------------------------------------


def hand_post(record, number):
    """What the entry page posts when the juror saves one hand (htmx)."""
    return {f"h{number}-{name}": "" if value is None else value for name, value in initial_for(record, number).items()}


def test_twenty_jurors_saving_last_hands_at_once_give_a_team_its_52nd_match_not_a_53rd():
    # R15: Kings has 51 recorded Championship matches and twenty more with seven hands each; twenty
    # jurors save the eighth hand of each at once. The first to finish is the 52nd; the others are refused.
    season = make_season(LAST_YEAR)  # played: hands are entered on or after the day of play
    championship = make_competition(season=season)
    kings = make_team("Kings", season=season)
    played_on = datetime.date(LAST_YEAR, 6, 1)
    record_confirmed_in_bulk(championship, [(kings, make_team(season=season)) for _ in range(51)], played_on=played_on)
    records = eight_hand_records()
    seven_hands = [make_match(kings, make_team(season=season), championship, played_on=played_on)
                   for _ in range(RACERS)]
    juror = make_user("jury")
    for match in seven_hands:
        matches.record_match(match, records[:7], user=juror, draft=True)

    answers = race([posting(logged_in("jury"), reverse("jury:save_hand", args=[match.pk, 8]),
                            hand_post(records[7], 8), headers={"HX-Request": "true"})
                    for match in seven_hands])

    recorded = Match.objects.filter(competition=championship, hand_sum_a__isnull=False)
    assert recorded.filter(team_a=kings).count() == 52  # R15
    assert Hand.objects.filter(match__in=seven_hands, number=8).count() == 1
    assert codes(answers) == [200] * RACERS
    refusal = "R15: Kings has already played 52 championship matches this season; a team plays at most 52."
    assert sum(refusal in text for _code, text in answers) == RACERS - 1


def test_twenty_jurors_recording_at_once_keep_a_team_within_its_championship_limit():
    season = make_season(LAST_YEAR)  # played: hands are entered on or after the day of play
    championship = make_competition(season=season, match_limit=2)
    kings = make_team("Kings", season=season)
    scheduled = [Match.objects.create(competition=championship, team_a=kings, team_b=make_team(season=season),
                                      played_on=datetime.date(LAST_YEAR, 6, 1)) for _ in range(RACERS)]
    jurors = [make_user("jury") for _ in scheduled]

    def recording(match, juror):
        def record():
            try:
                matches.record_match(match, eight_hand_records(), user=juror)
                return "recorded"
            except Refused as refused:
                return refused.code
        return record

    answers = race([recording(match, juror) for match, juror in zip(scheduled, jurors, strict=True)])

    assert Match.objects.filter(competition=championship, hand_sum_a__isnull=False).count() == 2  # R15
    assert sorted(answers) == ["R15_match_limit"] * (RACERS - 2) + ["recorded"] * 2
