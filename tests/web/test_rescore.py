"""`manage.py rescore` finds cached scores that differ from the engine's answer and, with --fix,
repairs them (ARCHITECTURE.md: every cached score can be rebuilt from the facts)."""

from io import StringIO

import pytest
from django.core.management import call_command

from tests.factories import eight_hand_records, engine_match_result, engine_scores, make_match
from tournaments.models import Hand, Match

pytestmark = pytest.mark.django_db


def rescore(*args):
    out = StringIO()
    call_command("rescore", *args, stdout=out)
    return out.getvalue()


def test_nothing_to_report_when_the_cache_is_right():
    make_match(hand_records=eight_hand_records())
    assert rescore().strip().endswith("0 differences found.")


def test_a_tampered_score_is_found_then_fixed():
    records = eight_hand_records()
    match = make_match(hand_records=records)
    hand_2_a, match_b = engine_scores(records[1])[0], engine_match_result(records)[1].score  # 80 and 93
    # The cache is tampered with, as only a bug or a hand in the database could: the check's subject.
    Hand.objects.filter(match=match, number=2).update(score_a=7)
    Match.objects.filter(pk=match.pk).update(score_b=1)

    report = rescore()
    assert f"match {match.pk} " in report
    assert f"hand 2: score_a stored 7, engine gives {hand_2_a}" in report
    assert f"score_b stored 1, engine gives {match_b}" in report
    assert Hand.objects.get(match=match, number=2).score_a == 7  # a dry run changes nothing

    report = rescore("--fix")
    assert "2 differences fixed." in report
    assert Hand.objects.get(match=match, number=2).score_a == hand_2_a
    assert Match.objects.get(pk=match.pk).score_b == match_b
    fixed = Hand.history.filter(id=Hand.objects.get(match=match, number=2).pk).first()
    assert fixed.history_change_reason.startswith("Rescore")
    assert rescore().strip().endswith("0 differences found.")


def test_dry_run_wins_over_fix():
    match = make_match(hand_records=eight_hand_records())
    Hand.objects.filter(match=match, number=1).update(raw_b=0)
    rescore("--fix", "--dry-run")
    assert Hand.objects.get(match=match, number=1).raw_b == 0  # reported, not repaired
