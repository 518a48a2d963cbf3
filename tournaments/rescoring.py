"""``manage.py rescore`` over a whole season, fast enough for a national body's data.

The engine's answers are compared with the stored scores exactly as tournaments.bridge does
(``hand_record``, ``evaluate_hand_record``, ``match_totals``), but the stored facts are read as
plain rows (``values_list``: no model instance a hand, announcement or premium) in four queries,
however many matches. Only a match that differs is loaded as models, and with ``fix`` repaired by
the bridge's own ``rescore_match``.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.db import transaction

from tournaments import bridge, register
from tournaments.competitions import cup
from tournaments.models import Announcement, Hand, Match, SilentPremium

FACTS = ("attackers", "a_trumps", "a_honours", "a_high_trumps", "b_trumps", "b_honours", "b_high_trumps",
         "deal", "tricks")
DERIVED = ("score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b", "lines")
ANNOUNCEMENT_FIELDS = ("feast", "seat", "cards", "suits", "contra", "result")


class _Related(list):
    """A list that answers ``.all()`` like the prefetched relation ``bridge.hand_record`` reads."""

    def all(self):
        return self


def _stored_hands() -> dict[int, list[SimpleNamespace]]:
    """Every stored hand as a plain row with its announcements and silent premiums, by match."""
    announcements: dict[int, _Related] = {}
    for hand_id, *values in Announcement.objects.order_by("hand_id", "position").values_list(
            "hand_id", *ANNOUNCEMENT_FIELDS):
        row = SimpleNamespace(**dict(zip(ANNOUNCEMENT_FIELDS, values, strict=True)))
        announcements.setdefault(hand_id, _Related()).append(row)
    silent: dict[int, _Related] = {}
    for hand_id, premium, team in SilentPremium.objects.order_by("hand_id", "premium").values_list(
            "hand_id", "premium", "team"):
        silent.setdefault(hand_id, _Related()).append(SimpleNamespace(premium=premium, team=team))
    by_match: dict[int, list[SimpleNamespace]] = {}
    fields = ("id", "match_id", "number", *FACTS, *DERIVED)
    for values in Hand.objects.order_by("match_id", "number").values_list(*fields):
        hand = SimpleNamespace(**dict(zip(fields, values, strict=True)))
        hand.announcements = announcements.get(hand.id, _Related())
        hand.silent_premiums = silent.get(hand.id, _Related())
        by_match.setdefault(hand.match_id, []).append(hand)
    return by_match


def _differs(match: Match, hands: list[SimpleNamespace]) -> bool:
    answers = []
    for hand in hands:
        try:
            answer = bridge.evaluate_hand_record(bridge.hand_record(hand))
        except bridge.InvalidRecord:
            return True
        if any(getattr(hand, name) != value for name, value in bridge.expected_hand_values(answer).items()):
            return True
        answers.append(answer)
    return any(getattr(match, name) != value for name, value in bridge.match_totals(match, answers).items())


def rescore(*, fix: bool = False, user=None) -> list[str]:
    """Every difference between a stored score and the engine's answer (the register's too); with
    ``fix`` each is repaired, by the same code as a single match's rescore."""
    differences: list[str] = []
    with transaction.atomic():
        hands_by_match = _stored_hands()
        for match in Match.objects.with_teams().order_by("pk"):
            if not _differs(match, hands_by_match.get(match.pk, [])):
                continue
            stored = list(bridge.hands_with_facts().filter(match=match).order_by("number"))
            differences += bridge.rescore_match(match, stored, fix=fix, user=user)
        differences += cup.rederive_ties(fix=fix)  # the ties' winners follow the match scores
        differences += register.rederive(fix=fix)
    return differences
