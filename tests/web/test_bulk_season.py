"""A national-scale season is recorded in bulk (``demo --scale N``): every stored row is what the
bridge stores for the same hands one save at a time, so ``rescore`` finds nothing to change."""

import datetime
import random
from io import StringIO

import pytest
from django.core.management import call_command

from bench import bulk_season
from bench import hands as bulk
from tests.factories import eight_hand_records, make_competition, make_match, make_team, make_user
from tournaments.core import bridge
from tournaments.core.models import Announcement, Hand, Match, SilentPremium, TrophyWin

pytestmark = pytest.mark.django_db

HAND_FIELDS = ("number", "attackers", "a_trumps", "a_honours", "a_high_trumps", "b_trumps", "b_honours",
               "b_high_trumps", "deal", "tricks", "score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b",
               "lines")


def unsaved_match(competition):
    team_a, team_b = make_team(season=competition.season), make_team(season=competition.season)
    return Match(competition=competition, team_a=team_a, team_b=team_b,
                 played_on=datetime.date(competition.season.year, 3, 1),
                 a_driver=team_a.driver, a_catcher=team_a.catcher, b_driver=team_b.driver, b_catcher=team_b.catcher)


def stored_rows(match):
    hands = list(Hand.objects.filter(match=match).order_by("number").values(*HAND_FIELDS))
    announcements = list(Announcement.objects.filter(hand__match=match).order_by("hand__number", "position")
                         .values("feast", "seat", "cards", "suits", "contra", "result"))
    silent = list(SilentPremium.objects.filter(hand__match=match).order_by("hand__number", "premium")
                  .values("premium", "team"))
    return hands, announcements, silent


def rescore_report():
    out = StringIO()
    call_command("rescore", stdout=out)
    return out.getvalue()


def test_bulk_rows_are_the_bridges_rows_and_rescore_agrees():
    competition = make_competition()
    one_by_one = make_match(competition=competition, hand_records=eight_hand_records(), confirmed=True)
    in_bulk = unsaved_match(competition)
    generated = [unsaved_match(competition) for _ in range(3)]
    rng = random.Random(7)
    played = [bulk_season.PlayedMatch(in_bulk, eight_hand_records())]
    played += [bulk_season.PlayedMatch(match, bulk.random_hand_records(rng, 8, full=number == 0, table=True))
               for number, match in enumerate(generated)]

    stored = bulk_season.record_confirmed(played, juror=make_user("jury"), chief=make_user("chief"))

    assert stored == 32
    assert stored_rows(in_bulk) == stored_rows(one_by_one)
    in_bulk.refresh_from_db()
    assert (in_bulk.state, in_bulk.score_a, in_bulk.score_b) == (Match.State.CONFIRMED, 88, 93)
    assert in_bulk.history.count() == 1 and Hand.history.filter(match_id=in_bulk.pk).count() == 8
    # R20: the register holds the trophies of the bulk-recorded hands, as it does for one save.
    credited = set(TrophyWin.objects.filter(hand__match=in_bulk).values_list("trophy", flat=True))
    assert credited == set(TrophyWin.objects.filter(hand__match=one_by_one).values_list("trophy", flat=True))
    assert rescore_report().strip().endswith("0 differences found.")


def test_a_refused_hand_stores_nothing():
    match = unsaved_match(make_competition())
    records = eight_hand_records()
    records[3]["holdings"]["A"]["trumps"] = 40
    with pytest.raises(bridge.InvalidRecord):
        bulk_season.record_confirmed([bulk_season.PlayedMatch(match, records)], juror=make_user("jury"),
                                     chief=make_user("chief"))
    assert not Match.objects.filter(team_a=match.team_a).exists()
