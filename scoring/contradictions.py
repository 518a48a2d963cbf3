"""R10b, R10c: results that cannot all be true are refused, each problem naming both items.

In results mode the engine does not see the tricks, but every item of the record says something
certain of them (:mod:`scoring.implied`): a feast won what it cannot be won without, a lost feast
that its condition failed, a listed silent premium what R10 defines, the holdings and the attackers
which cards each team was dealt (R3, R5; the whole deal where it is given). One check lays the facts
of two items over each other and finds the first fact they disagree on: a trick both teams win, more
tricks than a hand has, a card in both teams' tricks or hands, a card played to two tricks, a trick
won by two cards or by a card that another card in it beats, or a lost feast all of whose definition
the other item makes true. Only pairs are refused, so that a problem can name both items: three or
more items that only together cannot be true are let through.

R10b's kinds keep their codes (two won results of the two teams: all ten tricks taken, Obscure's
first five, one trick, too many tricks, the Pagat or the Mond captured by both); any other
disagreement is R10c's ``results_cannot_both_hold``, naming the card or trick it is about.

Not compared, as other rulings refuse them first: two items of one team's R7 chain, or of one team
declaring one card or binding one card to two tricks (R7, R9; every place a picture gives a card is
where a feast binds it); two seats of the two teams declaring one card (R9, R10b:
``magnifier_declared_by_two_seats``); a declared card the deal does not give the announcer (R9); the
two teams' holdings against each other (R5). A silent premium the team's own announced feast covers
is not scored (R10, R10a) and claims nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import ANGEL, FOOL, LAMOUR, MOND, PAGAT, Card, Seat, Suit, Team
from .feasts import MAGNIFIED_CHAIN, Feast, SilentPremium
from .implied import (
    ALL_TRICKS,
    CARD_BIT,
    TEAM_A_BITS,
    TEAM_SHIFT,
    TRICKS_IN_A_HAND,
    Picture,
    beats,
    cards_of,
    dealt_picture,
    feast_picture,
    silent_picture,
    tricks_of,
)
from .problems import Problems

RULING = "R10b"
RULING_IMPLIED = "R10c"
CODE = "results_cannot_both_hold"
OBSCURE = "obscure"
DEALT_ITEMS = ("holdings", "deal")
_CARD_NAMES = {PAGAT: "Pagat", MOND: "Mond"}
_HIGH_TRUMPS = {16: Card(trump=16), 17: Card(trump=17), 18: Card(trump=18)}
_CAPTURED = CARD_BIT[PAGAT] | CARD_BIT[MOND]  # the two cards R10b follows into the tricks


class Resulted(Protocol):
    """An announcement as scoring.records reads it."""

    index: int
    feast: Feast
    by: Seat
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    won: bool | None
    team: Team


class Listed(Protocol):
    """A silent premium as scoring.records reads it."""

    premium: SilentPremium
    team: Team


class Held(Protocol):
    """A team's holdings as scoring.records reads them (R5)."""

    honours: int
    high_trumps: frozenset[int]


@dataclass(frozen=True, slots=True)
class Item:
    """One item of the record and what it says of the play."""

    item: str  # a feast or silent premium id, or "holdings" / "deal" for the cards dealt
    name: str
    team: Team
    index: int | None  # the announcement's place in the record; None otherwise
    field: str
    picture: Picture
    result: bool  # a won feast or a listed silent premium: what R10b compares
    chain: str | None = None  # the R7 chain of an announcement
    declared: frozenset[Card] = frozenset()

    def said(self) -> str:
        """How the English message names it: "team A's Slam (announcements[0])"."""
        return f"team {self.team}'s {self.name} ({self.field})"

    def as_params(self, prefix: str = "") -> dict:
        return {f"{prefix}item": self.item, f"{prefix}team": self.team.value, f"{prefix}index": self.index}

    @property
    def side(self) -> int:
        return 0 if self.team is Team.A else 1

    @property
    def order(self) -> tuple[int, int]:
        """Where the problem of a pair stands: an announcement's line before a silent premium's,
        a silent premium's before the holdings'; the later of two."""
        if self.index is not None:
            return (2, self.index)
        if self.item in DEALT_ITEMS:
            return (0, 0)
        return (1, int(self.field[len("silent["):-1]))


# --- the items ------------------------------------------------------------------------------------

# Pictures already made, by what makes them: an announcement's feast, team, declarations and result,
# a silent premium and its team, a team's holdings. Records repeat them; bounded all the same.
_PICTURES: dict[tuple, Any] = {}  # a Picture, or for the holdings each team's
_PICTURES_LIMIT = 50_000


def _kept(key: tuple, made):
    if len(_PICTURES) < _PICTURES_LIMIT:
        _PICTURES[key] = made
    return made


def items(announcements: Iterable[Resulted], silent: Iterable[Listed], attackers: Team | None,
          holdings: Mapping[Team, Held], deal: Mapping[Seat, tuple[Card, ...]] | None) -> list[Item]:
    """The record's items in its order (announcements, silent premiums, the cards dealt), messages,
    covered silent premiums and declarations R9 refuses left out."""
    announced = [a for a in announcements if _claims_something(a, deal)]
    found = [Item(a.feast.id, a.feast.name, a.team, a.index, f"announcements[{a.index}]", _announcement_picture(a),
                  a.won is True, a.feast.chain, frozenset(a.cards)) for a in announced]
    covered = _covered(announced)
    found += [Item(entry.premium.id, entry.premium.name, entry.team, None, f"silent[{position}]",
                   _silent_picture(entry), True)
              for position, entry in enumerate(silent) if not _is_covered(entry, covered)]
    item, field = ("holdings", "holdings") if deal is None else ("deal", "deal")
    found += [Item(item, "cards as dealt" if deal else "holdings", team, None, field, picture, False)
              for team, picture in _dealt_pictures(attackers, holdings, deal)]
    return found


def _claims_something(a: Resulted, deal: Mapping[Seat, tuple[Card, ...]] | None) -> bool:
    """Messages claim nothing here (R6); a declared card the deal does not give the announcer is R9's."""
    return not a.feast.is_message and (deal is None or _declared_cards_held(a, deal))


def _announcement_picture(a: Resulted) -> Picture:
    key = (a.feast.id, a.team, a.cards, a.suits, a.won)
    picture = _PICTURES.get(key)
    if picture is None:
        picture = _kept(key, feast_picture(a.feast.id, a.team, a, a.won))
    return picture


def _silent_picture(entry: Listed) -> Picture:
    key = (entry.premium.id, entry.team)
    picture = _PICTURES.get(key)
    if picture is None:
        picture = _kept(key, silent_picture(entry.premium.id, entry.team))
    return picture


def _covered(announced: list[Resulted]) -> set[tuple[str, Team]]:
    return {(a.feast.id, a.team) for a in announced}


def _is_covered(entry: Listed, covered: set[tuple[str, Team]]) -> bool:
    """R10, R10a: a silent premium the team's own announced feast covers is not scored: it claims nothing."""
    return bool(entry.premium.covered_by) and any((feast_id, entry.team) in covered
                                                  for feast_id in entry.premium.covered_by)


def _declared_cards_held(a: Resulted, deal: Mapping[Seat, tuple[Card, ...]]) -> bool:
    """R9 refuses a declared card the deal does not give the announcer; R10c leaves it to R9."""
    return all(card in deal[a.by] for card in a.cards)


def _dealt_pictures(attackers: Team | None, holdings: Mapping[Team, Held],
                    deal: Mapping[Seat, tuple[Card, ...]] | None) -> tuple[tuple[Team, Picture], ...]:
    """Each team's cards as the record tells them: the deal, or the holdings and the attackers."""
    if deal is not None:
        return tuple((team, dealt_picture(team, [card for seat, cards in deal.items() if seat.team is team
                                                 for card in cards])) for team in (Team.A, Team.B))
    if attackers is None or len(holdings) != 2:
        return ()  # R3 or R5 refuses the record
    a, b = holdings[Team.A], holdings[Team.B]
    key = ("holdings", attackers, a.honours, a.high_trumps, b.honours, b.high_trumps)
    pictures = _PICTURES.get(key)
    if pictures is None:
        pictures = _kept(key, tuple(
            (team, dealt_picture(team, _cards_held(team, holdings[team], attackers))) for team in (Team.A, Team.B)
        ) if _one_pack(holdings) else ())  # else R5 refuses the holdings, which say nothing certain
    return pictures


def _cards_held(team: Team, holding: Held, attackers: Team) -> list[Card]:
    cards = [_HIGH_TRUMPS[number] for number in sorted(holding.high_trumps)]  # R5: which of XVI..XVIII
    if holding.honours == 2:  # R1, R5: the honours are the Fool and the Mond
        cards += [FOOL, MOND]
    if team is attackers:  # R3: the XX to the attacking Driver, the XIX to the attacking Catcher
        cards += [ANGEL, LAMOUR]
    return cards


def _one_pack(holdings: Mapping[Team, Held]) -> bool:
    """R5: the two teams' holdings are those of one pack (else R5 refuses them, and R10c ignores them)."""
    if set(holdings) != {Team.A, Team.B}:
        return False
    a, b = holdings[Team.A], holdings[Team.B]
    return a.honours + b.honours == 2 and not a.high_trumps & b.high_trumps and len(
        a.high_trumps | b.high_trumps) == 3


# --- the check ------------------------------------------------------------------------------------


def check_results_agree(announcements: tuple[Resulted, ...], silent: tuple[Listed, ...] | None,
                        problems: Problems, *, attackers: Team | None = None,
                        holdings: Mapping[Team, Held] | None = None,
                        deal: Mapping[Seat, tuple[Card, ...]] | None = None) -> None:
    """R10b, R10c: add a problem for each pair of items that cannot both be true."""
    if not _may_all_be_true(announcements, silent or (), attackers, holdings or {}, deal):
        for first, second in _pairs(items(announcements, silent or (), attackers, holdings or {}, deal)):
            _check_pair(first, second, problems)
    if deal is None:
        _check_magnifiers_held_once(announcements, problems)


def _may_all_be_true(announcements: Iterable[Resulted], silent: Iterable[Listed], attackers: Team | None,
                     holdings: Mapping[Team, Held], deal: Mapping[Seat, tuple[Card, ...]] | None) -> bool:
    """The quick answer for the common record: all its items' facts together (those of :func:`items`)
    hold no disagreement, so no pair of them can. Every results-mode record is checked, so this
    reads each picture's flat tuple into a few local integers: checking a generated record took some
    10 microseconds through lists of pictures merged, against 2.5 for R10b alone, and 50 for the
    whole of reading and scoring it."""
    known = _PICTURES.get
    announced = []
    pictures = []
    for a in announcements:
        if a.feast.is_message or deal is not None and not _declared_cards_held(a, deal):
            continue  # as _claims_something
        announced.append(a)
        pictures.append(known((a.feast.id, a.team, a.cards, a.suits, a.won)) or _announcement_picture(a))
    if silent:
        covered = _covered(announced)
        pictures += [_silent_picture(entry) for entry in silent if not _is_covered(entry, covered)]
    pictures += [picture for _team, picture in _dealt_pictures(attackers, holdings, deal)]
    tricks = takers = holders = l0 = l1 = 0
    m0 = m1 = TRICKS_IN_A_HAND
    more = False
    for picture in pictures:
        t, k, h, b0, b1, c0, c1, rest = picture.flat
        tricks |= t
        takers |= k
        holders |= h
        l0 = b0 if b0 > l0 else l0
        l1 = b1 if b1 > l1 else l1
        m0 = c0 if c0 < m0 else m0
        m1 = c1 if c1 < m1 else m1
        more = more or rest
    if (tricks & tricks >> TEAM_SHIFT or takers & TEAM_A_BITS & takers >> TEAM_SHIFT
            or holders & TEAM_A_BITS & holders >> TEAM_SHIFT or l0 > m0 or l1 > m1):
        return False
    return not more or _play_and_losses_agree(pictures, tricks, takers, holders, (l0, l1), (m0, m1))


def _play_and_losses_agree(pictures: list[Picture], tricks: int, takers: int, holders: int,
                           least: tuple[int, int], most: tuple[int, int]) -> bool:
    """The rest of the quick check: places and winners (one picture alone agrees with itself), and
    lost feasts whose whole definition the others' facts make true."""
    in_play = [picture for picture in pictures if picture.places or picture.winners]
    if len(in_play) > 1 and _disagreement_in_play(_merged(in_play)) is not None:
        return False
    for picture in pictures:
        for denied in picture.unless:
            t, k, h, b0, b1, c0, c1, _rest = denied.flat
            if (t & tricks == t and k & takers == k and h & holders == h and b0 <= least[0] and b1 <= least[1]
                    and c0 >= most[0] and c1 >= most[1] and _entails(_merged(pictures), denied)):
                return False
    return True


def _pairs(found: list[Item]) -> Iterator[tuple[Item, Item]]:
    for position, first in enumerate(found):
        for second in found[position + 1:]:
            if not _refused_elsewhere(first, second):
                yield first, second


def _refused_elsewhere(first: Item, second: Item) -> bool:
    if first.index is None and second.index is None:
        return first.item in DEALT_ITEMS and second.item in DEALT_ITEMS  # R5's
    if first.declared & second.declared:
        return True  # R9 (one team), R10b's magnifier_declared_by_two_seats (two teams)
    # R7's: two of one team's chain (magnified feasts declaring one card are in one chain: R9's above)
    return (first.team is second.team and first.chain is not None and first.chain == second.chain
            and first.chain != MAGNIFIED_CHAIN)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """The fact two pictures disagree on: its kind and the values naming it."""

    kind: str
    params: dict


def _merged(pictures: Iterable[Picture]) -> Picture:
    """The facts of several items together (each already closed; places and winners as listed)."""
    tricks, least, most, takers, holders = [0, 0], [0, 0], [TRICKS_IN_A_HAND] * 2, [0, 0], [0, 0]
    places: list = []
    winners: list = []
    unless: list = []
    for p in pictures:
        for side in (0, 1):
            tricks[side] |= p.tricks[side]
            takers[side] |= p.takers[side]
            holders[side] |= p.holders[side]
            least[side] = max(least[side], p.least[side])
            most[side] = min(most[side], p.most[side])
        places += p.places
        winners += p.winners
        unless += p.unless
    return Picture(tuple(tricks), tuple(least), tuple(most), tuple(takers), tuple(holders), tuple(places),
                   tuple(winners), tuple(unless))


def _disagreement(p: Picture) -> Disagreement | None:
    """The first fact the merged picture holds two ways, or None."""
    if p.tricks[0] & p.tricks[1]:
        return Disagreement("trick", {"trick": tricks_of(p.tricks[0] & p.tricks[1])[0]})
    for side, team in ((0, "A"), (1, "B")):
        if p.least[side] > p.most[side]:
            return Disagreement("tricks", {"counted_team": team, "least": p.least[side], "most": p.most[side]})
    for kind, masks in (("taker", p.takers), ("holder", p.holders)):
        if masks[0] & masks[1]:
            return Disagreement(kind, {"card": str(_first_card(masks[0] & masks[1]))})
    if p.places or p.winners:
        found = _disagreement_in_play(p)
        if found is not None:
            return found
    for r in p.unless:
        if _entails(p, r):
            return Disagreement("lost", {})
    return None


def _first_card(mask: int) -> Card:
    """The card to name: the highest trump first (the Fool, the Mond, ...), then the suit cards."""
    return min(cards_of(mask), key=lambda card: card.sort_key)


def _domains(places: Iterable[tuple[Card, int]]) -> dict[Card, int]:
    domains: dict[Card, int] = {}
    for card, mask in places:
        domains[card] = domains.get(card, mask) & mask
    return domains


def _disagreement_in_play(p: Picture) -> Disagreement | None:
    domains = _domains(p.places)
    for card, mask in domains.items():
        if not mask:
            return Disagreement("place", {"card": str(card)})
    won_by: dict[int, Card] = {}
    for number, card in p.winners:
        if won_by.setdefault(number, card) is not card:
            return Disagreement("winner", {"trick": number, "card": str(won_by[number]), "other_card": str(card)})
    for number, card in won_by.items():
        for other, mask in domains.items():
            if mask == 1 << number and other is not card and beats(other, card):
                return Disagreement("beaten", {"trick": number, "card": str(card), "other_card": str(other)})
    return None


def _entails(p: Picture, r: Picture) -> bool:
    """Every fact of ``r`` follows from ``p``'s (merged) facts."""
    for side in (0, 1):
        if (p.tricks[side] & r.tricks[side] != r.tricks[side] or p.takers[side] & r.takers[side] != r.takers[side]
                or p.holders[side] & r.holders[side] != r.holders[side]
                or p.least[side] < r.least[side] or p.most[side] > r.most[side]):
            return False
    domains = _domains(p.places)
    return (all(card in domains and domains[card] & mask == domains[card] for card, mask in r.places)
            and set(r.winners) <= set(p.winners))


def _check_pair(first: Item, second: Item, problems: Problems) -> None:
    """One problem for the pair, for the first reason found: R10b's kinds first."""
    if first.result and second.result and first.team is not second.team and _check_r10b(first, second, problems):
        return
    for item, other in ((first, second), (second, first)):
        if any(_entails(_merged((item.picture, other.picture)), r) for r in item.picture.unless):
            _add(problems, item, other, RULING_IMPLIED, CODE,
                 f"{item.said()} is lost, but {other.said()} means all of it was done", reason="lost")
            return
    found = _disagreement(_merged((first.picture, second.picture)))
    if found is not None and found.kind == "place" and first.team is second.team:
        return  # a place is where a feast binds its card: one team binding it to two tricks is R9's
    if found is not None and found.kind != "lost":
        _add(problems, first, second, RULING_IMPLIED, CODE,
             f"{first.said()} and {second.said()} cannot both be true: {_reason(found)}", reason=found.kind,
             **found.params)


def _reason(found: Disagreement) -> str:
    p = found.params
    texts = {
        "trick": lambda: f"trick {p.get('trick')} is won by one team only",
        "tricks": lambda: f"team {p.get('counted_team')} would take at least {p.get('least')} tricks and at most "
                          f"{p.get('most')}",
        "taker": lambda: f"the {_card_name(p.get('card'))} falls into one team's tricks only",
        "holder": lambda: f"the {_card_name(p.get('card'))} is dealt to one team only",
        "place": lambda: f"the {_card_name(p.get('card'))} is played to one trick only",
        "winner": lambda: f"trick {p.get('trick')} is won by one card, not by both the "
                          f"{_card_name(p.get('card'))} and the {_card_name(p.get('other_card'))}",
        "beaten": lambda: f"the {_card_name(p.get('other_card'))}, played to trick {p.get('trick')}, beats the "
                          f"{_card_name(p.get('card'))}",
    }
    return texts[found.kind]()


def _card_name(text: str) -> str:
    card = Card.parse(text)
    if card in _CARD_NAMES:
        return f"{_CARD_NAMES[card]} ({card})"
    return str(card)


# --- R10b's kinds ---------------------------------------------------------------------------------


def _check_r10b(first: Item, second: Item, problems: Problems) -> bool:
    """R10b: two won results of the two teams, in R10b's words; False if R10b does not name their
    disagreement (R10c then does)."""
    tricks = {item: item.picture.tricks[item.side] for item in (first, second)}
    count = {item: max(item.picture.least[item.side], tricks[item].bit_count()) for item in (first, second)}
    if ALL_TRICKS in (tricks[first], tricks[second]):
        taker, other = (first, second) if tricks[first] == ALL_TRICKS else (second, first)
        _add(problems, taker, other, RULING, "all_tricks_taken",
             f"{taker.said()} wins all ten tricks, so {other.said()} cannot also be true")
    elif OBSCURE in (first.item, second.item) and (tricks[first] & tricks[second]
                                                   or count[first] + count[second] > TRICKS_IN_A_HAND):
        obscure, other = (first, second) if first.item == OBSCURE else (second, first)
        _add(problems, obscure, other, RULING, "obscure_contradicted",
             f"{obscure.said()} means team {obscure.team} took the first five tricks, so "
             f"{other.said()} cannot also be true: it needs one of them")
    elif tricks[first] & tricks[second]:
        trick = tricks_of(tricks[first] & tricks[second])[0]
        _add(problems, first, second, RULING, "trick_won_by_both",
             f"{first.said()} and {second.said()} both need trick {trick}, which one team wins", trick=trick)
    elif count[first] + count[second] > TRICKS_IN_A_HAND:
        _add(problems, first, second, RULING, "too_many_tricks",
             f"{first.said()} needs {count[first]} tricks and {second.said()} {count[second]}: more than the "
             "ten of a hand", tricks=count[first], other_tricks=count[second])
    elif first.picture.takers[first.side] & second.picture.takers[second.side] & _CAPTURED:
        card = cards_of(first.picture.takers[first.side] & second.picture.takers[second.side] & _CAPTURED)[0]
        _add(problems, first, second, RULING, "card_captured_by_both",
             f"{first.said()} and {second.said()} both capture the {_card_name(str(card))}, which falls into "
             "one team's tricks", card=str(card))
    else:
        return False
    return True


def _add(problems: Problems, item: Item, other: Item, ruling: str, code: str, message: str, **params) -> None:
    """The problem stands on an announcement's line where one of the two is announced (the later
    line if both are), else on the later silent premium, else on the holdings."""
    field = max((item, other), key=lambda found: found.order).field
    problems.add(field, ruling, message, code, **item.as_params(), **other.as_params("other_"), **params)


def _check_magnifiers_held_once(announcements: tuple[Resulted, ...], problems: Problems) -> None:
    """R9, R10b: a declared magnifier is held by its announcer, so two seats of the two teams cannot
    both declare one card. (Two seats of one team declaring a card break R7 or R9 already: the same
    magnified chain, or one card bound to two tricks.)"""
    declared: dict[Card, Resulted] = {}
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


__all__ = ["CODE", "Disagreement", "Item", "check_results_agree", "items"]
