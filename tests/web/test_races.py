"""Rules that count rows hold under real concurrency: twenty jurors scheduling a match of one Cup
tie at the same moment, each on its own database connection, leave the tie with three matches
(R16), and a team never passes its Championship limit (R15). PostgreSQL only: there the rows are
locked (SQLite lets one writer through at a time and has no row locks to test)."""

import datetime
import threading

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import eight_hand_records, make_competition, make_season, make_team, make_user
from tournaments import matches
from tournaments.competitions.cup import enter_team, make_draw
from tournaments.models import Competition, CupTie, Match
from tournaments.refusals import Refused
from tournaments.roles import ensure_roles

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's"),
]
RACERS = 20


@pytest.fixture(autouse=True)
def roles(transactional_db):
    """Transactional tests run last and each empties the database, the roles with it."""
    ensure_roles(apps)


YEAR = timezone.localdate().year + 1


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


def particulars(competition, team_a, team_b, played_on):
    return {"competition": competition.pk, "kind": "regular", "team_a": team_a.pk, "team_b": team_b.pk,
            "played_on": played_on.isoformat(), "place": "Szeged", "played_publicly": "on", "a_driver": "",
            "a_catcher": "", "b_driver": "", "b_catcher": "", "cup_tie": ""}


def juror_posting(data):
    client = Client()
    client.force_login(make_user("jury"))
    return lambda: client.post(reverse("jury:new_match") + f"?season={YEAR}", data).status_code


def test_twenty_jurors_at_once_give_a_cup_tie_three_matches():
    season = make_season(YEAR)
    cup = make_competition(Competition.Kind.CUP, season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    for team in (kings, owls):
        enter_team(cup, team, on=datetime.date(YEAR, 8, 25))
    make_draw(cup, pairs=[(kings, owls)])
    tie = CupTie.objects.get(competition=cup, team_a__isnull=False)
    data = particulars(cup, kings, owls, datetime.date(YEAR, 9, 30))

    answers = race([juror_posting(data) for _ in range(RACERS)])

    assert Match.objects.filter(cup_tie=tie).count() == 3  # R16
    assert sorted(answers).count(302) == 3 and all(answer in (302, 422) for answer in answers)


def test_twenty_jurors_recording_at_once_keep_a_team_within_its_championship_limit():
    season = make_season(YEAR)
    championship = make_competition(season=season, match_limit=2)
    kings = make_team("Kings", season=season)
    scheduled = [Match.objects.create(competition=championship, team_a=kings, team_b=make_team(season=season),
                                      played_on=datetime.date(YEAR, 6, 1)) for _ in range(RACERS)]
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
