"""The bridge between stored rows and the rules engine (scoring/): a FORMAT.md record is built from
the rows (:func:`hand_record`, :func:`match_record`), checked and scored by the engine, and its
facts and the engine's answers written back as rows (:func:`store_hands`). Every score kept in the
database is the engine's answer for the stored facts (ARCHITECTURE.md, invariants); no other
Django module calls scoring's evaluation functions. A match's life (who may save, its states, the
transaction) is tournaments.recording.matches.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext_noop  # history reasons: stored in English, read translated
from simple_history.utils import bulk_create_with_history

import scoring
from scoring import InvalidRecord, Problem
from scoring import match as scoring_match
from scoring.cards import Team
from scoring.match import MATCH_FORMAT, check_alternation, match_result, tie_breaker_result
from scoring.problems import Problems
from scoring.records import HAND_FORMAT

from .models import Announcement, Hand, Match, SilentPremium, stamp

__all__ = [
    "InvalidRecord", "Problem", "announcement_record", "check_match_records", "count_ruling",
    "evaluate_hand_record", "hand_record", "hand_facts", "hands_with_facts", "match_record", "match_totals",
    "expected_hand_values", "rescore_match", "running_totals", "store_hands",
    "store_match_scores", "stored_answer", "check_hand", "store_hand", "stored_match_totals", "hand_fingerprint",
    "remove_hand", "attackers_in_hand", "first_attackers", "check_attack_follows", "hand_rows", "record_of_checked",
]

TEAMS = tuple(team.value for team in Team)


# --- stored rows -> FORMAT.md records -----------------------------------------------------------


def _split(text: str) -> list[str]:
    return text.split() if text else []


def _holding(trumps: int, honours: int, high: str) -> dict[str, Any]:
    return {"trumps": trumps, "honours": honours, "high_trumps": _split(high)}


def announcement_record(announcement: Announcement) -> dict[str, Any]:
    record: dict[str, Any] = {"feast": announcement.feast, "by": announcement.seat}
    if announcement.cards:
        record["cards"] = _split(announcement.cards)
    if announcement.suits:
        record["suits"] = _split(announcement.suits)
    if announcement.number is not None:  # R6a; a message kept before it says none
        record["number"] = announcement.number
    if not scoring.FEASTS[announcement.feast].is_message:  # R6: messages carry no contra or result
        record["contra"] = announcement.contra or None
        if announcement.result:
            record["result"] = announcement.result
    return record


def hand_record(hand: Hand) -> dict[str, Any]:
    """The FORMAT.md hand record of a stored hand (use with prefetched announcements and premiums)."""
    record: dict[str, Any] = {
        "format": HAND_FORMAT,
        "attackers": hand.attackers,
        "holdings": {
            "A": _holding(hand.a_trumps, hand.a_honours, hand.a_high_trumps),
            "B": _holding(hand.b_trumps, hand.b_honours, hand.b_high_trumps),
        },
    }
    if hand.deal is not None:
        record["deal"] = hand.deal
    record["announcements"] = [announcement_record(a) for a in hand.announcements.all()]
    if hand.tricks is not None:
        record["tricks"] = hand.tricks  # with the play known the engine decides the silent premiums
    else:
        record["silent"] = [{"premium": s.premium, "team": s.team} for s in hand.silent_premiums.all()]
    return record


def hand_facts() -> tuple[Prefetch, Prefetch]:
    """What :func:`hand_record` reads besides the hand's row: its announcements and silent premiums."""
    return (Prefetch("announcements", queryset=Announcement.objects.order_by("position")),
            Prefetch("silent_premiums", queryset=SilentPremium.objects.order_by("premium")))


def hands_with_facts():
    """Hands with everything :func:`hand_record` reads, in two extra queries however many hands."""
    return Hand.objects.prefetch_related(*hand_facts())


def match_record(match: Match) -> dict[str, Any]:
    """The FORMAT.md match record: the two teams and every stored hand."""
    hands = hands_with_facts().filter(match=match).order_by("number")
    return {
        "format": MATCH_FORMAT,
        "teams": {"A": {"name": match.team_a.name}, "B": {"name": match.team_b.name}},
        "hands": [hand_record(hand) for hand in hands],
    }


def stored_answer(hand: Hand) -> dict[str, Any]:
    """The cached engine answer of a stored hand, in the FORMAT.md answer's shape."""
    return {team: {"score": getattr(hand, f"score_{team.lower()}"), "raw": getattr(hand, f"raw_{team.lower()}"),
                   "ceiling": getattr(hand, f"ceiling_{team.lower()}"), "lines": (hand.lines or {}).get(team, [])}
            for team in TEAMS}


# --- checking and scoring records ---------------------------------------------------------------


@dataclass(frozen=True)
class CheckedHand:
    """A hand record the engine accepted: its normalised facts and the engine's answer."""

    hand: scoring.Hand
    answer: dict[str, Any]


def _in_stored_order(record: Any) -> Any:
    """The record with its silent premiums in the order they are stored (by premium id), so that
    the lines stored now are the lines :func:`hand_record` gives back (their order carries no meaning)."""
    if isinstance(record, dict) and isinstance(record.get("silent"), list):
        silent = record["silent"]
        if all(isinstance(entry, dict) and isinstance(entry.get("premium"), str) for entry in silent):
            return {**record, "silent": sorted(silent, key=lambda entry: entry["premium"])}
    return record


def _check_hand(record: Any) -> CheckedHand:
    record = _in_stored_order(record)
    checked = scoring.check_hand(record)
    scores = scoring.score_checked_hand(checked)
    answer = {team.value: scores[team].as_dict() for team in scores}
    return CheckedHand(checked, answer)


def evaluate_hand_record(record: Any) -> dict[str, Any]:
    """The FORMAT.md answer for one hand record (lines and scores); raises InvalidRecord."""
    return _check_hand(record).answer


# R3: who attacks in which hand, as the engine has it (every page and the door ask here).
attackers_in_hand = scoring_match.attackers_in_hand
first_attackers = scoring_match.first_attackers
check_attack_follows = scoring_match.check_attack_follows


def count_ruling(match: Match) -> str:
    return scoring_match.count_ruling(tie_breaker=match.kind == Match.Kind.TIE_BREAKER)


def check_match_records(match: Match, records: list[Any], *, draft: bool = False) -> list[CheckedHand]:
    """Check every hand of a match; raise one InvalidRecord listing all problems ("hands[i]." fields).

    A ``draft`` holds hands 1..n of the match so far (at least one); otherwise all of them."""
    problems = Problems()
    expected = match.hands_expected
    count = len(records) if isinstance(records, list) else 0
    if draft and not 1 <= count <= expected:
        problems.add("hands", count_ruling(match), f"a match being entered holds 1 to {expected} hands, not {count}",
                     "hand_count_so_far", expected=expected, count=count)
    elif not draft and (not isinstance(records, list) or count != expected):
        problems.add("hands", count_ruling(match), f"this match is exactly {expected} hands, not {count}",
                     "hand_count", expected=expected, count=count)
    problems.raise_if_any()
    check_alternation(records, problems)  # R3: attack alternates
    checked: list[CheckedHand] = []
    for number, record in enumerate(records):
        try:
            checked.append(_check_hand(record))
        except InvalidRecord as invalid:
            problems.found += [problem.in_hand(number) for problem in invalid.problems]
    problems.raise_if_any()
    return checked


def _result(match: Match, hand_scores: list[int]):
    if match.kind == Match.Kind.TIE_BREAKER:
        return tie_breaker_result(hand_scores)  # R16: summed, not averaged
    return match_result(hand_scores)  # R13


def running_totals(hand_answers: list[dict[str, Any] | None]) -> dict[str, dict[str, Any]]:
    """Each team's sum and average over the hands scored so far (R13 rounding), for the entry page."""
    totals = {}
    for team in TEAMS:
        scores = [answer[team]["score"] for answer in hand_answers if answer is not None]
        result = match_result(scores) if scores else None
        totals[team] = {"hands": len(scores), "sum": result.hand_sum if result else 0,
                        "average": result.score if result else None}
    return totals


# --- storing a checked match's facts and scores (the caller holds the transaction) -----------


def _save_if_changed(instance, values: dict[str, Any], user, reason: str) -> bool:
    changed = instance.pk is None or any(getattr(instance, key) != value for key, value in values.items())
    if changed:
        for key, value in values.items():
            setattr(instance, key, value)
        stamp(instance, user, reason)
        instance.save()
    return changed


def _delete(instance, user, reason: str) -> None:
    stamp(instance, user, reason)
    instance.delete()  # one object at a time, so each deletion leaves its own history row


def _hand_values(checked: CheckedHand) -> dict[str, Any]:
    hand = checked.hand
    holdings = {team.value: hand.holdings[team].as_record() for team in hand.holdings}
    values: dict[str, Any] = {"attackers": hand.attackers.value}
    for team in TEAMS:
        prefix = team.lower()
        values[f"{prefix}_trumps"] = holdings[team]["trumps"]
        values[f"{prefix}_honours"] = holdings[team]["honours"]
        values[f"{prefix}_high_trumps"] = " ".join(holdings[team]["high_trumps"])
        values[f"score_{prefix}"] = checked.answer[team]["score"]
        values[f"raw_{prefix}"] = checked.answer[team]["raw"]
        values[f"ceiling_{prefix}"] = checked.answer[team]["ceiling"]
    values["deal"] = (
        {str(seat): [str(card) for card in cards] for seat, cards in hand.deal.items()} if hand.deal else None
    )
    values["tricks"] = [[str(card) for card in trick] for trick in hand.tricks] if hand.tricks else None
    values["lines"] = {team: checked.answer[team]["lines"] for team in TEAMS}
    return values


def hand_values(checked: CheckedHand) -> dict[str, Any]:
    """The stored row values of a checked hand: its facts and the engine's answer."""
    return _hand_values(checked)


def announcement_values(announcement) -> dict[str, Any]:
    """The stored row values of one checked announcement."""
    return _announcement_values(announcement)


def _announcement_values(announcement) -> dict[str, Any]:
    """Row values of one checked announcement (adjudicated results included)."""
    won = announcement.won
    return {
        "feast": announcement.feast.id,
        "seat": str(announcement.by),
        "cards": " ".join(str(card) for card in announcement.cards),
        "suits": " ".join(suit.word for suit in announcement.suits),
        "number": announcement.number,
        "contra": announcement.contra.value if announcement.contra else "",
        "result": "" if won is None else ("won" if won else "lost"),
    }


def _store_announcements(hand: Hand, checked: CheckedHand, user, reason: str) -> None:
    existing = {a.position: a for a in hand.announcements.all()} if hand.pk else {}
    for position, announcement in enumerate(checked.hand.announcements):
        row = existing.pop(position, None) or Announcement(hand=hand, position=position)
        _save_if_changed(row, _announcement_values(announcement), user, reason)
    for row in existing.values():
        _delete(row, user, reason)


def _store_silent(hand: Hand, checked: CheckedHand, user, reason: str) -> None:
    existing = {s.premium: s for s in hand.silent_premiums.all()} if hand.pk else {}
    for entry in checked.hand.silent or ():
        row = existing.pop(entry.premium.id, None) or SilentPremium(hand=hand, premium=entry.premium.id)
        _save_if_changed(row, {"team": entry.team.value}, user, reason)
    for row in existing.values():
        _delete(row, user, reason)


def store_hands(match: Match, checked_hands: list[CheckedHand], user, reason: str) -> None:
    stored = {hand.number: hand for hand in hands_with_facts().filter(match=match)}
    for number, checked in enumerate(checked_hands, start=1):
        hand = stored.pop(number, None) or Hand(match=match, number=number)
        _save_if_changed(hand, _hand_values(checked), user, reason)
        _store_announcements(hand, checked, user, reason)
        _store_silent(hand, checked, user, reason)
    for hand in stored.values():
        remove_hand(hand, user, reason)


def remove_hand(hand: Hand, user, reason: str) -> None:
    """Delete a stored hand (read with :func:`hands_with_facts`) with its announcements and silent
    premiums, each deletion in the history with what the row held."""
    for row in [*hand.announcements.all(), *hand.silent_premiums.all()]:
        _delete(row, user, reason)
    _delete(hand, user, reason)


def check_hand(record: Any) -> CheckedHand:
    """One hand record checked and scored by the engine; raises InvalidRecord."""
    return _check_hand(record)


def store_hand(match: Match, number: int, checked: CheckedHand, user, reason: str,
               replaced: Hand | None = None) -> None:
    """Write one checked hand's facts and scores (the other hands of the match untouched):
    ``replaced`` is the hand stored under that number (read with :func:`hands_with_facts`), if any.
    A new hand is written with one INSERT a table and one for its history rows."""
    if replaced is not None:
        _save_if_changed(replaced, _hand_values(checked), user, reason)
        _store_announcements(replaced, checked, user, reason)
        _store_silent(replaced, checked, user, reason)
        return
    now = timezone.now()
    history = {"default_user": user, "default_change_reason": reason, "default_date": now}
    [hand] = bulk_create_with_history([Hand(match=match, number=number, **_hand_values(checked))], Hand, **history)
    announcements = [Announcement(hand=hand, position=position, **_announcement_values(announcement))
                     for position, announcement in enumerate(checked.hand.announcements)]
    silent = [SilentPremium(hand=hand, premium=entry.premium.id, team=entry.team.value)
              for entry in checked.hand.silent or ()]
    for model, rows in ((Announcement, announcements), (SilentPremium, silent)):
        if rows:
            bulk_create_with_history(rows, model, **history)


HAND_ROW_FIELDS = ("id", "number", "attackers", "score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b",
                   "lines")


def hand_rows(match: Match) -> dict[int, Any]:
    """The match's stored hands by number, as plain rows with what the door needs of them: their
    attackers (R3) and cached answers (the match's totals). One query, no facts."""
    rows = Hand.objects.filter(match=match).order_by("number").values_list(*HAND_ROW_FIELDS)
    return {values[1]: SimpleNamespace(**dict(zip(HAND_ROW_FIELDS, values, strict=True))) for values in rows}


def record_of_checked(checked: CheckedHand) -> dict[str, Any]:
    """The record :func:`hand_record` reads back once ``checked`` is stored, without reading it."""
    values = _hand_values(checked)
    row = SimpleNamespace(**values)
    row.announcements = _Rows(SimpleNamespace(**_announcement_values(announcement))
                              for announcement in checked.hand.announcements)
    row.silent_premiums = _Rows(sorted((SimpleNamespace(premium=entry.premium.id, team=entry.team.value)
                                        for entry in checked.hand.silent or ()), key=lambda entry: entry.premium))
    return hand_record(row)


class _Rows(list):
    """A list that answers ``.all()`` like the prefetched relations :func:`hand_record` reads."""

    def all(self):
        return self


def stored_match_totals(match: Match) -> dict[str, int | None]:
    """The match's score from its stored hands' cached answers (None until every hand is stored)."""
    return match_totals(match, [stored_answer(hand) for hand in match.hands.order_by("number")])


def hand_fingerprint(record: dict[str, Any] | None) -> str:
    """A short mark of a stored hand's facts: the entry page carries it to notice another juror's save."""
    if record is None:
        return ""
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def match_totals(match: Match, answers: list[dict[str, Any]]) -> dict[str, int | None]:
    """The match's stored score and hand sum a team (R13; R16 for a tie-breaker), from its hands'
    answers; all None until every hand is there (a match being entered has no score yet)."""
    totals: dict[str, int | None] = {}
    for team in TEAMS:
        result = None
        if len(answers) == match.hands_expected:
            result = _result(match, [answer[team]["score"] for answer in answers])
        totals[f"score_{team.lower()}"] = result.score if result else None
        totals[f"hand_sum_{team.lower()}"] = result.hand_sum if result else None
    return totals


def store_match_scores(match: Match, checked_hands: list[CheckedHand]) -> None:
    for name, value in match_totals(match, [checked.answer for checked in checked_hands]).items():
        setattr(match, name, value)


# --- rescore: every cached score re-derived from the facts --------------------------------------
# (tournaments.recording.rescoring.rescore drives it, over every match, with the Cup, free games and register)

RESCORE_REASON = gettext_noop("Rescore: cached scores re-derived from the stored facts")


def expected_hand_values(answer: dict[str, Any]) -> dict[str, Any]:
    """The cached fields of a stored hand, as the engine's answer for its facts fills them."""
    expected: dict[str, Any] = {}
    for team in TEAMS:
        prefix = team.lower()
        expected[f"score_{prefix}"] = answer[team]["score"]
        expected[f"raw_{prefix}"] = answer[team]["raw"]
        expected[f"ceiling_{prefix}"] = answer[team]["ceiling"]
    expected["lines"] = {team: answer[team]["lines"] for team in TEAMS}
    return expected


def _difference(label: str, name: str, stored: Any, derived: Any) -> str:
    return f"{label}: {name} stored {stored!r}, engine gives {derived!r}"


def rescore_match(match: Match, hands: list[Hand], *, fix: bool, user=None) -> list[str]:
    """Differences between the stored scores of one match and the engine's; repaired when ``fix``."""
    differences, answers = [], []
    for hand in hands:
        label = f"match {match.pk} ({match}), hand {hand.number}"
        try:
            answer = evaluate_hand_record(hand_record(hand))
        except InvalidRecord as invalid:
            return differences + [f"{label}: the stored facts are no longer valid: {invalid}"]
        answers.append(answer)
        expected = expected_hand_values(answer)
        found = [_difference(label, name, getattr(hand, name), value)
                 for name, value in expected.items() if getattr(hand, name) != value]
        differences += found
        if found and fix:
            _save_if_changed(hand, expected, user, RESCORE_REASON)
    return differences + _rescore_match_totals(match, answers, fix=fix, user=user, reason=RESCORE_REASON)


def _rescore_match_totals(match: Match, answers: list[dict], *, fix: bool, user, reason: str) -> list[str]:
    """The match score and hand sums, or none while hands are missing (a match being entered)."""
    expected = match_totals(match, answers)
    label = f"match {match.pk} ({match})"
    found = [_difference(label, name, getattr(match, name), value)
             for name, value in expected.items() if getattr(match, name) != value]
    if found and fix:
        _save_if_changed(match, expected, user, reason)
    return found
