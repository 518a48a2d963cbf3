"""The bridge (tournaments.core.bridge) and a match's save (tournaments.recording.matches): stored facts <-> FORMAT.md
records, and every stored score is the rules engine's answer, written in the same transaction as the
facts."""

import pytest

from scoring import evaluate_hand
from tests.factories import eight_hand_records, make_match, make_user
from tournaments.core import bridge
from tournaments.core.models import Announcement, Hand, Match
from tournaments.core.refusals import Refused, StaleMatch
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


def test_record_match_stores_the_engines_scores():
    match = make_match(hand_records=eight_hand_records())
    match.refresh_from_db()
    assert (match.score_a, match.hand_sum_a, match.score_b, match.hand_sum_b) == (88, 704, 93, 746)  # R13
    assert match.state == Match.State.ENTERED
    assert match.version == 1
    scores = list(match.hands.order_by("number").values_list("score_a", "score_b"))
    assert scores == [(100, 90), (80, 95), (80, 100), (90, 86), (79, 90), (90, 95), (95, 90), (90, 100)]
    first = match.hands.get(number=1)
    assert first.lines["A"] == [{"item": "consolation", "points": 80}, {"item": "pheasant", "points": 20}]


def test_hand_record_round_trips_every_stored_hand():
    records = eight_hand_records()
    match = make_match(hand_records=records)
    exported = bridge.match_record(match)
    assert exported["hands"] == records
    for record, hand in zip(records, exported["hands"], strict=True):
        assert evaluate_hand(hand) == evaluate_hand(record)


def test_an_invalid_hand_saves_nothing_and_names_field_and_ruling():
    match = make_match()
    records = eight_hand_records()
    records[3]["announcements"].append({"feast": "visi", "by": "B.driver", "contra": None, "result": "lost"})
    records[5]["holdings"]["A"]["trumps"] = 13
    with pytest.raises(bridge.InvalidRecord) as refused:
        matches.record_match(match, records, user=make_user("jury"))
    fields = {(problem.field, problem.ruling) for problem in refused.value.problems}
    assert ("hands[5].holdings", "R5") in fields
    assert any(field.startswith("hands[3].announcements[1]") for field, _ in fields)
    assert Hand.objects.count() == 0
    match.refresh_from_db()
    assert match.version == 0 and match.state == Match.State.SCHEDULED


def test_attack_must_alternate():
    records = eight_hand_records()
    records[1]["attackers"] = "A"
    with pytest.raises(bridge.InvalidRecord) as refused:
        matches.record_match(make_match(), records, user=make_user("jury"))
    assert ("hands[1].attackers", "R3") in {(p.field, p.ruling) for p in refused.value.problems}


def test_re_entry_updates_rows_and_keeps_history_of_deleted_announcements():
    jury = make_user("jury")
    match = make_match(hand_records=eight_hand_records(), user=jury)
    announcement = Announcement.objects.get(hand__match=match, hand__number=1)
    records = eight_hand_records()
    records[0]["announcements"] = []
    matches.withdraw_submission(match, jury)  # the two-person rule: a submitted match is withdrawn to change it
    matches.record_match(match, records, user=jury, expected_version=2)
    assert not Announcement.objects.filter(pk=announcement.pk).exists()
    deleted = Announcement.history.get(id=announcement.pk, history_type="-")
    assert deleted.history_user == jury
    assert Hand.objects.get(match=match, number=1).score_a == 80
    assert Hand.history.filter(id=Hand.objects.get(match=match, number=2).pk).count() == 1  # unchanged


def test_a_stale_version_is_refused_and_nothing_overwritten():
    match = make_match()
    matches.record_match(match, eight_hand_records(), user=make_user("jury"), draft=True)  # being entered
    changed = eight_hand_records()
    changed[0]["announcements"] = []
    matches.record_match(Match.objects.get(pk=match.pk), changed, user=make_user("jury"), expected_version=1,
                         draft=True)
    late = eight_hand_records()
    late[2]["silent"] = []
    with pytest.raises(StaleMatch):
        matches.record_match(Match.objects.get(pk=match.pk), late, user=make_user("jury"), expected_version=1,
                             draft=True)
    assert Hand.objects.get(match=match, number=3).score_b == 100  # four kings still there
    assert Match.objects.get(pk=match.pk).version == 2


def test_tie_breaker_hands_are_summed(monkeypatch):
    # The Cup's own checks (a tie-breaker only in a tied Cup tie) are tested with the Cup.
    monkeypatch.setattr("tournaments.recording.matches.after_match_saved", lambda match: None)
    match = make_match(hand_records=eight_hand_records()[:2], kind=Match.Kind.TIE_BREAKER)
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (180, 185)  # R16: summed, not averaged



def test_a_competition_rule_refusal_rolls_back_the_save():
    match = make_match(kind=Match.Kind.TIE_BREAKER)  # R16: not in a Cup tie
    with pytest.raises(Refused, match="R16"):
        matches.record_match(match, eight_hand_records()[:2], user=make_user("jury"))
    assert Hand.objects.count() == 0
    assert Match.objects.get(pk=match.pk).version == 0
