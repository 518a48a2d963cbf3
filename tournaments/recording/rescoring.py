"""``manage.py rescore``: every value derived from the stored facts, derived again and compared.

What the site stores that is derived (ARCHITECTURE.md: a cache of scoring/'s answer, which rescore
can rebuild), and who re-derives it:

- each hand's scores, raw points, ceilings and lines, each match's score and hand sums (R5-R13,
  R16 for a tie-breaker): here, through the bridge's own ``rescore_match``;
- each Cup tie's winner and its place in the next round (R16): ``cup.rederive_ties``;
- the points of the free games of a variant with a scorer (R18): ``free_games.rederive_points``;
- the trophy register's entries and cups (R20): ``register.rederive``.

Grand Prix results (R17) are not stored: every page ranks the entrants from the stored match hand
sums and trophies when it is shown, so repairing the match scores repairs the ranking.

The stored facts are checked as a juror's entry checks them (:func:`check_stored_match`): a match
whose facts the door would refuse is reported, never "repaired" into a score. The facts are read as
plain rows (``values_list``: no model instance a hand, announcement or premium) in four queries,
however many matches; only a match that differs is loaded as models.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.core import bridge, register
from tournaments.core.bridge import InvalidRecord, Problem
from tournaments.core.competitions import cup, free_games
from tournaments.core.models import Announcement, FreeGame, Hand, Match, SilentPremium
from tournaments.core.refusals import Refused
from tournaments.recording import wording

FACTS = ("attackers", "a_trumps", "a_honours", "a_high_trumps", "b_trumps", "b_honours", "b_high_trumps",
         "deal", "tricks")
DERIVED = ("score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b", "lines")
ANNOUNCEMENT_FIELDS = ("feast", "seat", "cards", "suits", "number", "contra", "result")
# R13, R16: a match submitted for confirmation holds every hand; so does a confirmed one.
COMPLETE_STATES = (Match.State.ENTERED, Match.State.CONFIRMED)


@dataclass
class Differences:
    """What rescore found, by the part of the derived values it concerns, one line a difference."""

    scores: list[str] = field(default_factory=list)  # hands and matches
    cup: list[str] = field(default_factory=list)
    free_games: list[str] = field(default_factory=list)
    register: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return self.scores + self.cup + self.free_games + self.register


def rescore(*, fix: bool = False, user=None) -> Differences:
    """Every difference between a stored derived value and the one its facts give; with ``fix``
    each is repaired. The one re-derivation of the site: ``manage.py rescore`` and a restore."""
    with transaction.atomic():
        found = Differences(scores=_rescore_scores(fix=fix, user=user))
        found.cup = cup.rederive_ties(fix=fix)  # after the scores: the ties' winners follow them
        found.free_games = free_games.rederive_points(fix=fix)
        found.register = register.rederive(fix=fix)
    return found


# --- the facts checked as the door checks them ---------------------------------------------------


@dataclass(frozen=True)
class InvalidFact:
    """A stored match or free game that the jury's entry would refuse, and every problem found. A
    match's problem names its stored hand in ``hand`` (counted from 1), its field within the hand."""

    problems: list[Problem]
    match: Match | None = None
    game: FreeGame | None = None


def invalid_facts() -> Iterator[InvalidFact]:
    """Each stored match, then each variant game, whose facts fail the checks of a juror's entry."""
    for match, _hands, checked in _checked_matches():
        if isinstance(checked, InvalidRecord):
            yield InvalidFact(checked.problems, match=match)
    for game in free_games.scored_games():
        problems = _game_problems(game)
        if problems:
            yield InvalidFact(problems, game=game)


def _game_problems(game) -> list[Problem]:
    """R18: the scorer's problems with the game's record, or the entry's refusal as one problem."""
    try:
        free_games.derived_points(game)
    except free_games.VariantRefused as refused:
        return refused.problems
    except Refused as refused:
        return [Problem("", "", refused.text, refused.code or "")]
    return []


def check_stored_match(match: Match, hands: list) -> list[bridge.CheckedHand]:
    """The checks a juror's entry makes (bridge.check_match_records), on a match's stored hands in
    number order: a match awaiting confirmation or confirmed holds every hand (R13, R16); any other
    holds those saved so far, hand by hand and so perhaps with gaps, as consecutive runs whose
    attack alternates across the gaps too (R3). Raises InvalidRecord."""
    problems = _number_problems(match, hands)
    if problems:
        raise InvalidRecord(problems)
    if match.state in COMPLETE_STATES:
        return _checked_run(match, hands, draft=False)
    checked = []
    for run in _runs(hands):
        try:
            checked += _checked_run(match, run, draft=True)
        except InvalidRecord as invalid:
            problems += invalid.problems
    problems += _attack_across_gaps(_runs(hands))
    if problems:
        raise InvalidRecord(problems)
    return checked


def _number_problems(match: Match, hands: list) -> list[Problem]:
    expected = match.hands_expected
    return [Problem("hands", bridge.count_ruling(match),
                    _("this match has hands 1 to %(expected)s, not a hand %(number)s")
                    % {"expected": expected, "number": hand.number}, "hand_number",
                    {"expected": expected, "number": hand.number})
            for hand in hands if not 1 <= hand.number <= expected]


def _runs(hands: list) -> list[list]:
    """The hands in runs of consecutive numbers (hands 1-3 and 6-8 when 4 and 5 are not saved)."""
    runs: list[list] = []
    for hand in hands:
        if runs and hand.number == runs[-1][-1].number + 1:
            runs[-1].append(hand)
        else:
            runs.append([hand])
    return runs


def _checked_run(match: Match, run: list, *, draft: bool) -> list[bridge.CheckedHand]:
    """One run checked as a match record; a problem's ``hand`` becomes the stored hand's number."""
    try:
        return bridge.check_match_records(match, [bridge.hand_record(hand) for hand in run], draft=draft)
    except InvalidRecord as invalid:
        raise InvalidRecord([_in_stored_hand(problem, run) for problem in invalid.problems]) from None


def _in_stored_hand(problem: Problem, run: list) -> Problem:
    if problem.hand is None:
        return problem  # the match's own problem (its number of hands)
    return dataclasses.replace(problem.in_its_hand(), hand=run[problem.hand - 1].number)


def _attack_across_gaps(runs: list[list]) -> list[Problem]:
    """R3: each later run's attack follows from the first hand saved, as matches.record_hand checks
    a hand saved on its own (two hands an even distance apart have the same attackers)."""
    if not runs or runs[0][0].attackers not in ("A", "B"):
        return []
    first, problems = runs[0][0], []
    for hand in (run[0] for run in runs[1:] if run[0].attackers in ("A", "B")):
        try:
            bridge.check_attack_follows(hand.number, hand.attackers, {first.number: first.attackers})
        except InvalidRecord as invalid:
            problems += [dataclasses.replace(problem, hand=hand.number) for problem in invalid.problems]
    return problems


# --- hands and matches ---------------------------------------------------------------------------


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


def _checked_matches() -> Iterator[tuple[Match, list, list[bridge.CheckedHand] | InvalidRecord]]:
    """Each match with its stored hands and the engine's checked hands, or the InvalidRecord
    refusing them."""
    hands_by_match = _stored_hands()
    for match in Match.objects.with_teams().order_by("pk"):
        hands = hands_by_match.get(match.pk, [])
        try:
            checked: list[bridge.CheckedHand] | InvalidRecord = check_stored_match(match, hands)
        except InvalidRecord as invalid:
            checked = invalid
        yield match, hands, checked


def _differs(match: Match, hands: list[SimpleNamespace], checked: list[bridge.CheckedHand]) -> bool:
    answers = [hand.answer for hand in checked]
    for hand, answer in zip(hands, answers, strict=True):
        if any(getattr(hand, name) != value for name, value in bridge.expected_hand_values(answer).items()):
            return True
    return any(getattr(match, name) != value for name, value in bridge.match_totals(match, answers).items())


def _invalid_line(match: Match, invalid: InvalidRecord) -> str:
    problems = "; ".join(wording.with_hand(problem.hand, wording.word(problem).with_ruling()) if problem.hand
                         else wording.word(problem).with_ruling() for problem in invalid.problems)
    return _("match %(id)s (%(match)s): the stored facts are not valid, nothing derived: %(problems)s") % {
        "id": match.pk, "match": match, "problems": problems}


def _rescore_scores(*, fix: bool, user) -> list[str]:
    """Each match's and hand's stored scores against the engine's; a match the door would refuse
    is reported and left alone."""
    differences: list[str] = []
    for match, hands, checked in _checked_matches():
        if isinstance(checked, InvalidRecord):
            differences.append(_invalid_line(match, checked))
        elif _differs(match, hands, checked):
            stored = list(bridge.hands_with_facts().filter(match=match).order_by("number"))
            differences += bridge.rescore_match(match, stored, fix=fix, user=user)
    return differences
