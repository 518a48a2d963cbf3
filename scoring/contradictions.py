"""R10b: results that cannot all be true are refused.

In results mode the engine does not see the tricks, but every feast won and every silent premium
listed says something about them (the conditions of :data:`scoring.adjudicate.CONDITIONS` and R10):
tricks the team won (Slam all ten, Pheasant the first, Marriage the last two, Obscure the first
five), how many it won at least (Cash six), and cards that fell into its tricks (Lie in Wait the
Pagat, Silent Mond Capture the Mond). Two such claims of the two teams contradict each other when
both need the same trick, need more than the ten tricks of a hand between them, or both capture the
one Pagat or the one Mond. A record holding such a pair is refused, each problem naming both items
(R10b). The claims are only ever what a condition cannot be met without, so a record reduced from a
real play never contradicts itself (tests/scoring/test_contradictions.py checks this on generated
hands).

Lost feasts and messages claim nothing. Two claims of one team are not compared here: a team's own
feasts that cannot go together are R7's and R9's business. Three or more items that only together
cannot be true (A's Piccolo and Marriage, five tricks, against B's Bridge, seven) are let through:
R10b refuses a pair it can name.

Also refused: two seats declaring the same card as a magnifier they hold (R9), which the deal
decides where it is given; without it only the two seats' declarations show it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import MOND, PAGAT, Card, Team
from .feasts import FEASTS, SILENT_PREMIUMS, Category
from .problems import Problems

if TYPE_CHECKING:
    from .records import Announcement, SilentEntry

RULING = "R10b"
TRICKS_IN_A_HAND = 10
ALL_TRICKS = frozenset(range(1, TRICKS_IN_A_HAND + 1))
OBSCURE = "obscure"


def _first(count: int) -> frozenset[int]:
    return frozenset(range(1, count + 1))


# The tricks a won feast cannot be won without (its condition in scoring.adjudicate.CONDITIONS).
# Feasts declaring magnifiers (magnified, flight, Habicht) win the tricks their cards are bound to;
# Marriage the two its King and Queen are bound to.
_TRICKS_NEEDED: dict[str, frozenset[int]] = {
    **{feast.id: feast.declared_tricks for feast in FEASTS.values() if feast.declared_tricks},
    "marriage": FEASTS["marriage"].suit_bindings,
    # Bound tricks: the team wins tricks 1..n (R9a).
    "piccolo": _first(3), "town_centre": _first(4), "centre": _first(5), "small_bird": _first(6),
    "large_bird": _first(7),
    # Tricks 9 and 10, or 8 to 10, won with the named kind of card.
    "schleicher": frozenset({9, 10}), "pho_nothing": frozenset({9, 10}),
    "couleur": frozenset({8, 9, 10}), "trojka": frozenset({8, 9, 10}), "famille": frozenset({8, 9, 10}),
    "bethlehem": frozenset({8, 9, 10}),
    # Slam and every trophy that wins all tricks.
    **{feast_id: ALL_TRICKS for feast_id in (
        "slam", "scale", "quart", "pyramid", "spectrum", "stella", "full", "court", "grand", "harpy",
        "gloria", "triumph", "royal",
    )},
}
# How many tricks a free pass needs, at least (seed 002: Play five, up to Slam's ten).
_TRICKS_COUNTED = {"play": 5, "cash": 6, "bridge": 7, "octave": 8, "misere": 9, "slam": 10}

# The one Pagat and the one Mond fall into one team's tricks (R10: capture). These feasts and silent
# premiums capture them, whoever dealt them: the capture feasts and the trophies covering them (R10),
# Heads and Full Honours (the cards in the team's tricks), Pyramid (all four Birds win tricks), the
# Small Bird and the five Bound Tricks (the Mond falls in trick 6, won by the team), Stella (trick 6
# won with the Mond).
_CAPTURES: dict[str, frozenset[Card]] = {}
for _card, _items in (
    (PAGAT, ("lie_in_wait", "pagat_capture", "golgotha", "royal", "full_honours", "pyramid")),
    (MOND, ("silent_mond_capture", "mond_capture", "golgotha", "centaur", "harpy", "gloria", "triumph",
            "royal", "heads", "full_honours", "small_bird", "scale", "spectrum", "full", "court", "grand",
            "stella")),
):
    for _item in _items:
        _CAPTURES[_item] = _CAPTURES.get(_item, frozenset()) | {_card}

_SILENT_TRICKS = {OBSCURE: _first(5)}  # R10: Obscure is the first five tricks
_CARD_NAMES = {PAGAT: "Pagat", MOND: "Mond"}
_NO_TRICKS: frozenset[int] = frozenset()
_NO_CARDS: frozenset[Card] = frozenset()


@dataclass(frozen=True, slots=True)
class Claim:
    """What one won feast or listed silent premium says of the play."""

    item: str  # a feast or silent premium id
    name: str
    team: Team
    index: int | None  # the announcement's place in the record; None for a silent premium
    field: str
    tricks: frozenset[int]  # tricks the team won
    count: int  # tricks the team won at least
    captures: frozenset[Card]  # of the Pagat and the Mond, those in the team's tricks

    def said(self) -> str:
        """How the English message names it: "team A's Slam (announcements[0])"."""
        return f"team {self.team}'s {self.name} ({self.field})"

    def as_params(self, prefix: str = "") -> dict:
        return {f"{prefix}item": self.item, f"{prefix}team": self.team.value, f"{prefix}index": self.index}


def _what_it_needs(item: str, tricks_needed: dict[str, frozenset[int]]) -> tuple[frozenset[int], int, frozenset[Card]]:
    tricks = tricks_needed.get(item, _NO_TRICKS)
    # Every feast and silent premium is won in a trick the team takes: at least one.
    return tricks, max(_TRICKS_COUNTED.get(item, 1), len(tricks)), _CAPTURES.get(item, _NO_CARDS)


# By feast and premium id, what a won feast or a listed premium needs: (tricks, count, captures).
_FEAST_NEEDS = {feast_id: _what_it_needs(feast_id, _TRICKS_NEEDED) for feast_id in FEASTS}
_PREMIUM_NEEDS = {premium_id: _what_it_needs(premium_id, _SILENT_TRICKS) for premium_id in SILENT_PREMIUMS}


def _announcement_needs(announcement: Announcement) -> tuple[frozenset[int], int, frozenset[Card]]:
    tricks, count, captures = _FEAST_NEEDS[announcement.feast.id]
    if PAGAT in announcement.cards:  # the declared Pagat wins its trick for the team
        captures = captures | {PAGAT}
    return tricks, count, captures


def claims(announcements: Iterable[Announcement], silent: Iterable[SilentEntry]) -> list[Claim]:
    """The claims of the won feasts (messages and lost feasts claim nothing) and of the silent list."""
    found = [
        Claim(a.feast.id, a.feast.name, a.team, a.index, f"announcements[{a.index}]", *_announcement_needs(a))
        for a in announcements if a.won and a.feast.category is not Category.MESSAGE
    ]
    found += [
        Claim(entry.premium.id, entry.premium.name, entry.team, None, f"silent[{position}]",
              *_PREMIUM_NEEDS[entry.premium.id])
        for position, entry in enumerate(silent)
    ]
    return found


def check_results_agree(announcements: tuple[Announcement, ...], silent: tuple[SilentEntry, ...] | None,
                        deal_known: bool, problems: Problems) -> None:
    """R10b: add a problem for each pair of items of the two teams that cannot both be true."""
    if not _may_all_be_true(announcements, silent or ()):
        for first, second in _pairs_across_teams(claims(announcements, silent or ())):
            _check_pair(first, second, problems)
    if not deal_known:
        _check_magnifiers_held_once(announcements, problems)


def _masks(needs: tuple[frozenset[int], int, frozenset[Card]]) -> tuple[int, int, int]:
    tricks, count, captures = needs
    return sum(1 << number for number in tricks), count, sum(_CAPTURE_BITS[card] for card in captures)


_CAPTURE_BITS = {PAGAT: 1, MOND: 2}
# The same needs as bit masks (trick n is bit n; the Pagat 1, the Mond 2), for the quick test.
_FEAST_MASKS = {feast_id: _masks(needs) for feast_id, needs in _FEAST_NEEDS.items()}
_PREMIUM_MASKS = {premium_id: _masks(needs) for premium_id, needs in _PREMIUM_NEEDS.items()}


def _may_all_be_true(announcements: tuple[Announcement, ...], silent: tuple[SilentEntry, ...]) -> bool:
    """The quick answer for the common record: the two teams' claims taken together fit one play,
    so no pair of them can contradict. Every results-mode record is checked, so this works on bit
    masks, team by team."""
    tricks = [0, 0]  # team A's, team B's
    counts = [0, 0]
    captures = [0, 0]
    for announcement in announcements:
        if announcement.won:  # a message's is None
            trick_mask, count, capture_mask = _FEAST_MASKS[announcement.feast.id]
            if announcement.cards and PAGAT in announcement.cards:
                capture_mask |= _CAPTURE_BITS[PAGAT]
            side = announcement.team is Team.B
            tricks[side] |= trick_mask
            captures[side] |= capture_mask
            if count > counts[side]:
                counts[side] = count
    for entry in silent:
        trick_mask, count, capture_mask = _PREMIUM_MASKS[entry.premium.id]
        side = entry.team is Team.B
        tricks[side] |= trick_mask
        captures[side] |= capture_mask
        if count > counts[side]:
            counts[side] = count
    needed = max(counts[0], tricks[0].bit_count()) + max(counts[1], tricks[1].bit_count())
    return needed <= TRICKS_IN_A_HAND and not tricks[0] & tricks[1] and not captures[0] & captures[1]


def _pairs_across_teams(found: list[Claim]) -> Iterator[tuple[Claim, Claim]]:
    for position, first in enumerate(found):
        for second in found[position + 1:]:
            if first.team is not second.team:
                yield first, second


def _check_pair(first: Claim, second: Claim, problems: Problems) -> None:
    """One problem for the pair, for the first reason found (a Slam against a Lie in Wait is told
    as all ten tricks, not also as the Pagat)."""
    if first.tricks == ALL_TRICKS or second.tricks == ALL_TRICKS:
        taker, other = (first, second) if first.tricks == ALL_TRICKS else (second, first)
        _add(problems, taker, other, "all_tricks_taken",
             f"{taker.said()} wins all ten tricks, so {other.said()} cannot also be true")
    elif OBSCURE in (first.item, second.item) and _tricks_clash(first, second):
        obscure, other = (first, second) if first.item == OBSCURE else (second, first)
        _add(problems, obscure, other, "obscure_contradicted",
             f"{obscure.said()} means team {obscure.team} took the first five tricks, so "
             f"{other.said()} cannot also be true: it needs one of them")
    elif first.tricks & second.tricks:
        trick = min(first.tricks & second.tricks)
        _add(problems, first, second, "trick_won_by_both",
             f"{first.said()} and {second.said()} both need trick {trick}, which one team wins", trick=trick)
    elif first.count + second.count > TRICKS_IN_A_HAND:
        _add(problems, first, second, "too_many_tricks",
             f"{first.said()} needs {first.count} tricks and {second.said()} {second.count}: more than the "
             "ten of a hand", tricks=first.count, other_tricks=second.count)
    elif first.captures & second.captures:
        card = min(first.captures & second.captures, key=lambda card: card.trump)
        _add(problems, first, second, "card_captured_by_both",
             f"{first.said()} and {second.said()} both capture the {_CARD_NAMES[card]} ({card}), which falls "
             "into one team's tricks", card=str(card))


def _tricks_clash(first: Claim, second: Claim) -> bool:
    return bool(first.tricks & second.tricks) or first.count + second.count > TRICKS_IN_A_HAND


def _add(problems: Problems, item: Claim, other: Claim, code: str, message: str, **params) -> None:
    """The problem stands on an announcement's line where one of the two is announced (the later
    line if both are), else on the later silent premium."""
    field = max((item, other), key=_field_order).field
    problems.add(field, RULING, message, code, **item.as_params(), **other.as_params("other_"), **params)


def _field_order(claim: Claim) -> tuple[int, int]:
    if claim.index is None:
        return (0, int(claim.field[len("silent["):-1]))
    return (1, claim.index)


def _check_magnifiers_held_once(announcements: tuple[Announcement, ...], problems: Problems) -> None:
    """R9, R10b: a declared magnifier is held by its announcer, so two seats of the two teams cannot
    both declare one card. (Two seats of one team declaring a card break R7 or R9 already: the same
    magnified chain, or one card bound to two tricks.)"""
    declared: dict[Card, Announcement] = {}
    for announcement in announcements:
        for card in announcement.cards:
            earlier = declared.setdefault(card, announcement)
            if earlier.team is not announcement.team:
                problems.add(
                    f"announcements[{announcement.index}].cards", RULING,
                    f"{announcement.by} declares the {card}, but {earlier.by} declares it too "
                    f"(announcements[{earlier.index}]); a card is held by one player",
                    "magnifier_declared_by_two_seats", card=str(card), seat=str(announcement.by),
                    feast=announcement.feast.id, other_seat=str(earlier.by), other_feast=earlier.feast.id,
                    other_index=earlier.index,
                )


__all__ = ["Claim", "check_results_agree", "claims"]
