"""What a result says of the play (R10c): the facts each feast won or lost, each silent premium and
each team's cards as dealt imply, read from seed 002's definitions and the rulings.

A :class:`Picture` holds the facts one item of a results-mode record implies, in a few kinds:

- which team won which trick (``tricks``) and how many tricks a team took at least and at most;
- which cards fell into which team's tricks (``takers``, R10: capture);
- which cards were dealt to which team (``holders``);
- which trick a card was played to (``places``, a set of tricks when the seed leaves the order open);
- which card won a trick (``winners``);
- for a lost feast whose definition the facts state in full, that not all of them held
  (``unless``, R10c: "a lost compound feast implies only that not all of its parts held").

Each picture is closed under the few rules of play that tie the kinds together (:func:`closed`): a
card a team won a trick with was the team's own, the Fool wins every trick it falls in, a team that
takes all ten tricks takes every card. :mod:`scoring.contradictions` then lays two pictures over
each other and finds the fact they disagree on.

Only what is certain is stated: a fact goes into a picture when the item cannot be true without it
(tests/scoring/test_contradictions.py checks every picture against the facts of generated plays).
Inside, a card is a bit of a mask over :data:`scoring.cards.PACK` and a trick n is bit n.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from .cards import ANGEL, FOOL, LAMOUR, MOND, PACK, PAGAT, VISI, Card, Rank, Suit, Team
from .feasts import FEASTS, SILENT_PREMIUMS

TRICKS_IN_A_HAND = 10
ALL_TRICKS = sum(1 << number for number in range(1, TRICKS_IN_A_HAND + 1))
CARD_BIT: dict[Card, int] = {card: 1 << index for index, card in enumerate(PACK)}
ALL_CARDS = (1 << len(PACK)) - 1
_FOOL = CARD_BIT[FOOL]
TEAM_SHIFT = 64  # in a picture's flat masks, team B's bits stand this far above team A's
TEAM_A_BITS = (1 << TEAM_SHIFT) - 1


def trick_bits(*numbers: int) -> int:
    return sum(1 << number for number in numbers)


def first_tricks(count: int) -> int:
    return trick_bits(*range(1, count + 1))


def tricks_of(mask: int) -> list[int]:
    return [number for number in range(1, TRICKS_IN_A_HAND + 1) if mask >> number & 1]


def card_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= CARD_BIT[card]
    return mask


def cards_of(mask: int) -> list[Card]:
    return [card for card in PACK if mask & CARD_BIT[card]]


def beats(card: Card, other: Card) -> bool:
    """R1, R4: ``card`` wins over ``other`` whenever both fall in one trick: a trump over a suit card
    or a lower trump, a suit card over a lower one of its suit (a card of another suit never wins)."""
    if card.is_trump:
        return not other.is_trump or card.trump > other.trump
    return not other.is_trump and card.suit is other.suit and card.rank > other.rank


@dataclass(frozen=True, slots=True)
class Picture:
    """Facts of one hand's play, by team index (0 for A, 1 for B) where a fact has a team."""

    tricks: tuple[int, int] = (0, 0)  # trick masks: the tricks each team won
    least: tuple[int, int] = (0, 0)  # the tricks each team took at least
    most: tuple[int, int] = (TRICKS_IN_A_HAND, TRICKS_IN_A_HAND)  # ... and at most
    takers: tuple[int, int] = (0, 0)  # card masks: the cards fallen into each team's tricks
    holders: tuple[int, int] = (0, 0)  # card masks: the cards dealt to each team
    places: tuple[tuple[Card, int], ...] = ()  # a card and the trick mask it was played to one of
    winners: tuple[tuple[int, Card], ...] = ()  # a trick and the card that won it
    unless: tuple[Picture, ...] = ()  # pictures that cannot all hold (a lost feast's, in full)

    # The masks, each team's beside the other's in one integer, the counts, and whether places,
    # winners or lost feasts follow: what the quick check of a whole record (scoring.contradictions)
    # reads, one unpacking a picture.
    flat: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "flat", (
            self.tricks[0] | self.tricks[1] << TEAM_SHIFT, self.takers[0] | self.takers[1] << TEAM_SHIFT,
            self.holders[0] | self.holders[1] << TEAM_SHIFT, *self.least, *self.most,
            bool(self.places or self.winners or self.unless)))


NOTHING = Picture()


class _Builder:
    """Collects the facts of one item for one team (``side`` 0 for A, 1 for B)."""

    def __init__(self, team: Team):
        self.side = 0 if team is Team.A else 1
        self.tricks = [0, 0]
        self.least = [0, 0]
        self.most = [TRICKS_IN_A_HAND, TRICKS_IN_A_HAND]
        self.takers = [0, 0]
        self.holders = [0, 0]
        self.places: dict[Card, int] = {}
        self.winners: dict[int, Card] = {}
        self.unless: list[Picture] = []

    # The facts, each said of the team (``own=False``: of the other team).

    def wins_tricks(self, mask: int) -> _Builder:
        self.tricks[self.side] |= mask
        return self

    def takes_at_least(self, count: int) -> _Builder:
        self.least[self.side] = max(self.least[self.side], count)
        return self

    def takes_at_most(self, count: int) -> _Builder:
        self.most[self.side] = min(self.most[self.side], count)
        return self

    def captures(self, cards: Iterable[Card], own: bool = True) -> _Builder:
        self.takers[self.side if own else 1 - self.side] |= card_mask(cards)
        return self

    def holds(self, cards: Iterable[Card], own: bool = True) -> _Builder:
        self.holders[self.side if own else 1 - self.side] |= card_mask(cards)
        return self

    def plays_to(self, card: Card, *numbers: int) -> _Builder:
        self.places[card] = trick_bits(*numbers)
        return self

    def wins_with(self, number: int, card: Card) -> _Builder:
        """The team won trick ``number`` and ``card`` won it (so the card was the team's own)."""
        self.winners[number] = card
        return self.wins_tricks(trick_bits(number)).plays_to(card, number)

    def picture(self) -> Picture:
        return closed(Picture(tuple(self.tricks), tuple(self.least), tuple(self.most), tuple(self.takers),
                              tuple(self.holders), tuple(self.places.items()), tuple(self.winners.items()),
                              tuple(self.unless)))


def closed(picture: Picture) -> Picture:
    """The picture with what the rules of play add to its facts, until nothing more follows."""
    while True:
        grown = _grown(picture)
        if grown == picture:
            return picture
        picture = grown


def _grown(p: Picture) -> Picture:
    tricks, least, most = list(p.tricks), list(p.least), list(p.most)
    takers, holders = list(p.takers), list(p.holders)
    winners = dict(p.winners)
    for card, mask in p.places:
        if card is FOOL and mask.bit_count() == 1:
            # R1, R4: the Fool is the highest trump and wins every trick it is played to.
            winners[mask.bit_length() - 1] = FOOL
        for side in (0, 1):
            if tricks[side] & mask == mask:  # R10: it falls in a trick the team won, so it is captured
                takers[side] |= CARD_BIT[card]
    for number, card in winners.items():
        for side in (0, 1):
            if tricks[side] >> number & 1:
                # R4: the card that wins a trick is played by the player who wins it: the team's own.
                takers[side] |= CARD_BIT[card]
                holders[side] |= CARD_BIT[card]
            elif holders[side] & CARD_BIT[card]:
                tricks[side] |= 1 << number
    for side in (0, 1):
        # R1, R4: the Fool wins the trick it falls in, so it falls into its own team's tricks.
        if takers[side] & _FOOL:
            holders[side] |= _FOOL
        if holders[side] & _FOOL:
            takers[side] |= _FOOL
        # Seed 002's Play: ten tricks a hand, each won by one team; a card captured is in a trick won.
        least[side] = max(least[side], tricks[side].bit_count(), 1 if takers[side] else 0)
        most[side] = min(most[side], TRICKS_IN_A_HAND - tricks[1 - side].bit_count())
    for side in (0, 1):
        least[side] = min(TRICKS_IN_A_HAND, max(least[side], TRICKS_IN_A_HAND - most[1 - side]))
        most[side] = max(0, min(most[side], TRICKS_IN_A_HAND - least[1 - side]))
        if least[side] >= TRICKS_IN_A_HAND:  # all ten tricks: every card falls into them
            tricks[side], takers[side] = ALL_TRICKS, ALL_CARDS
    places = dict(p.places)
    for number, card in winners.items():
        places[card] = places.get(card, 1 << number) & 1 << number
    return Picture(tuple(tricks), tuple(least), tuple(most), tuple(takers), tuple(holders),
                   tuple(places.items()), tuple(winners.items()), p.unless)


# --- the implied facts of each feast -------------------------------------------------------------


class Declared(Protocol):
    """What an announcement declares (scoring.records.Announcement has it)."""

    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]


Facts = Callable[[_Builder, Declared], object]


@dataclass(frozen=True)
class Implied:
    """What a feast's result says of the play. ``won`` adds the facts it cannot be won without;
    ``exact`` says that those facts are the whole of its definition, so that a lost feast implies
    that not all of them held (a single fact: its opposite)."""

    won: Facts
    exact: bool = False
    lost: Facts | None = None  # for a feast whose loss says more than "not all of won" (Honour)


def _captures(*cards: Card) -> Facts:
    return lambda facts, a: facts.captures(cards)


def _at_least(count: int) -> Facts:
    return lambda facts, a: facts.takes_at_least(count)


def _bound_trick(card: Card, number: int) -> Facts:
    """R9a: the team wins tricks 1..n and the card is played to trick n, by whoever holds it."""
    return lambda facts, a: facts.wins_tricks(first_tricks(number)).plays_to(card, number)


def _declared_win(numbers: tuple[int, ...]) -> Facts:
    """Seed 002 (magnified, flight feasts, the Pheasants, Habicht): the team wins the named tricks
    with the declared magnifiers; R9 binds them to those tricks as a set, in either order."""
    def facts_of(facts: _Builder, a: Declared) -> _Builder:
        if len(numbers) == 1 and len(a.cards) == 1:
            return facts.wins_with(numbers[0], a.cards[0])
        facts.wins_tricks(trick_bits(*numbers))
        for card in a.cards:  # each wins one of the tricks, so it is the team's own (R4)
            facts.plays_to(card, *numbers).holds([card]).captures([card])
        return facts
    return facts_of


def _suit_cards(*suits: Suit) -> list[Card]:
    return [card for card in PACK if card.suit in suits]


def _all_of_suits(*suits: Suit) -> Facts:
    """Seed 002's intercept feasts: every card of the suits in the team's tricks."""
    return lambda facts, a: facts.captures(_suit_cards(*suits))


def _all_of_declared_suits(facts: _Builder, a: Declared) -> object:
    return facts.captures(_suit_cards(*a.suits))


def _opponents(*cards: Card) -> Facts:
    """R10: "capture the opponents' X": X was dealt to the other team and falls in the team's tricks."""
    return lambda facts, a: facts.holds(cards, own=False).captures(cards)


def _fool_takes_mond(facts: _Builder, a: Declared) -> object:
    """Seed 002's Mond Capture: the team's Fool captures the opponents' Mond (R10: the Mond falls in
    the trick the team's Fool wins)."""
    return facts.holds([MOND], own=False).holds([FOOL]).captures([MOND, FOOL])


def _all_tricks(*parts: Facts) -> Facts:
    """Slam and the trophies that "win all tricks" (seed 002), with their other parts."""
    def facts_of(facts: _Builder, a: Declared) -> _Builder:
        facts.takes_at_least(TRICKS_IN_A_HAND)
        for part in parts:
            part(facts, a)
        return facts
    return facts_of


# R9, R9b: the five Bound Tricks place the XVIII, XIX, XX, XXI and Fool in tricks 3 to 7.
_FIVE_BOUND = ((VISI, 3), (LAMOUR, 4), (ANGEL, 5), (MOND, 6), (FOOL, 7))


def _five_bound_tricks(facts: _Builder, a: Declared) -> object:
    facts.wins_tricks(first_tricks(7))
    for card, number in _FIVE_BOUND:
        facts.plays_to(card, number)
    return facts


def _tricks(*numbers: int) -> Facts:
    return lambda facts, a: facts.wins_tricks(trick_bits(*numbers))


def _pyramid(facts: _Builder, a: Declared) -> object:
    """Seed 002's Pyramid: four tricks in a row won with Birds; there are four Birds (R1), so the
    team won a trick with each and held them all (R4)."""
    return facts.holds(card for card in PACK if card.is_bird)


def _dschinn(facts: _Builder, a: Declared) -> object:
    """Seed 002's Dschinn: a trick won with the pip (10) of the declared black suit (R4: the team's own)."""
    pip = Card(suit=a.suits[0], rank=Rank.TEN)
    return facts.holds([pip]).captures([pip])


def _marriage(facts: _Builder, a: Declared) -> object:
    """Seed 002's Marriage: the last two tricks won with the King and the Queen of the declared suit
    (R9: in either order), the team's own cards (R4)."""
    pair = [Card(suit=a.suits[0], rank=Rank.KING), Card(suit=a.suits[0], rank=Rank.QUEEN)]
    facts.wins_tricks(trick_bits(9, 10)).holds(pair).captures(pair)
    for card in pair:
        facts.plays_to(card, 9, 10)
    return facts


def _stella(facts: _Builder, a: Declared) -> object:
    """Seed 002's Stella: all tricks, 1-3 with the declared magnifiers (R9b: in any order), 4 with the
    XIX, 5 with the XX, 6 with the Mond, 7 with the Fool."""
    _declared_win((1, 2, 3))(facts, a)
    for number, card in ((4, LAMOUR), (5, ANGEL), (6, MOND), (7, FOOL)):
        facts.wins_with(number, card)
    return facts


def _neither_honour(facts: _Builder, a: Declared) -> object:
    """Honour lost: neither the Fool nor the Mond fell into the team's tricks (seed 002's Honour)."""
    return facts.captures([FOOL, MOND], own=False)


_BIRDS_OR_KINGS_LAST_TWO = _tricks(9, 10)  # Schleicher, Pho Nothing: undeclared cards, tricks 9 and 10
_LAST_THREE = _tricks(8, 9, 10)  # Couleur, Trojka, Famille, Bethlehem: undeclared cards, tricks 8-10

IMPLIED: dict[str, Implied] = {
    # Material premiums (seed 002): the card(s) in the team's tricks, whoever played them.
    "visi": Implied(_captures(VISI), exact=True),
    "lamour": Implied(_captures(LAMOUR), exact=True),
    "angel": Implied(_captures(ANGEL), exact=True),
    "honour": Implied(_at_least(1), lost=_neither_honour),  # the Fool OR the Mond: won says no card
    "heads": Implied(_captures(FOOL, MOND), exact=True),
    "full_honours": Implied(_captures(FOOL, MOND, PAGAT), exact=True),
    # Free passes (seed 002): at least 5..10 tricks.
    **{feast_id: Implied(_at_least(count), exact=True) for feast_id, count in (
        ("play", 5), ("cash", 6), ("bridge", 7), ("octave", 8), ("misere", 9), ("slam", 10))},
    # Bound tricks (seed 002, R9a): tricks 1..n, the card played to trick n.
    "piccolo": Implied(_bound_trick(VISI, 3), exact=True),
    "town_centre": Implied(_bound_trick(LAMOUR, 4), exact=True),
    "centre": Implied(_bound_trick(ANGEL, 5), exact=True),
    "small_bird": Implied(_bound_trick(MOND, 6), exact=True),
    "large_bird": Implied(_bound_trick(FOOL, 7), exact=True),
    # Magnified and flight feasts (seed 002, R9): the named trick won with the declared magnifier.
    **{feast_id: Implied(_declared_win(tuple(sorted(FEASTS[feast_id].declared_tricks))), exact=True)
       for feast_id in ("last_day_of_the_month", "before_the_end_of_the_month", "kite", "seize", "turul",
                        "pheasant", "falcon")},
    # Intercept feasts (seed 002): every card of the suits in the team's tricks.
    "gang": Implied(_all_of_declared_suits, exact=True),
    "quick_one": Implied(_all_of_suits(Suit.HEARTS, Suit.DIAMONDS), exact=True),
    "the_red_and_the_black": Implied(_all_of_declared_suits, exact=True),
    "army": Implied(_all_of_suits(Suit.SPADES, Suit.CLUBS), exact=True),
    "legion": Implied(_all_of_suits(*Suit), exact=True),
    # Extras (seed 002).
    "amazon": Implied(_at_least(1)),  # a trick won with some undeclared suit card below the King
    "pagat_capture": Implied(_opponents(PAGAT), exact=True),
    "second_pheasant": Implied(_declared_win((1, 2))),
    "third_pheasant": Implied(_declared_win((1, 3))),
    "fourth_pheasant": Implied(_declared_win((2, 4))),
    "schleicher": Implied(_BIRDS_OR_KINGS_LAST_TWO),
    "pho_nothing": Implied(_BIRDS_OR_KINGS_LAST_TWO),
    # Little trophies (seed 002): a trick won with some undeclared card, or the declared ones.
    "spadille": Implied(_at_least(1)),
    "manille": Implied(_at_least(1)),
    "dschinn": Implied(_dschinn),
    "marriage": Implied(_marriage),
    # Trophies (seed 002).
    "mond_capture": Implied(_fool_takes_mond),  # not exact: the Fool and the Mond in one trick
    "habicht": Implied(_declared_win((1, 2, 3))),
    "couleur": Implied(_LAST_THREE),
    "scale": Implied(_all_tricks(_five_bound_tricks), exact=True),
    "golgotha": Implied(_opponents(MOND, PAGAT), exact=True),
    "centaur": Implied(_fool_takes_mond),
    "trojka": Implied(_LAST_THREE),
    "famille": Implied(_LAST_THREE),
    "bethlehem": Implied(_LAST_THREE),
    "sphinx": Implied(_at_least(2)),  # a red court card's trick, then a later black one's
    "quart": Implied(_all_tricks()),
    "pyramid": Implied(_all_tricks(_pyramid)),
    "spectrum": Implied(_all_tricks(_five_bound_tricks)),
    "stella": Implied(_all_tricks(_stella)),
    "full": Implied(_all_tricks(_five_bound_tricks)),
    "court": Implied(_all_tricks(_five_bound_tricks)),
    "grand": Implied(_all_tricks(_five_bound_tricks)),
    "harpy": Implied(_all_tricks(_opponents(MOND))),
    "gloria": Implied(_all_tricks(_opponents(MOND))),
    "triumph": Implied(_all_tricks(_opponents(MOND))),
    "royal": Implied(_all_tricks(_opponents(MOND, PAGAT))),
}
# Every feast with a result has its facts here; messages (R6) have no result.
assert set(IMPLIED) == {feast_id for feast_id, feast in FEASTS.items() if not feast.is_message}

# R10: what each silent premium achieved says.
SILENT_IMPLIED: dict[str, Facts] = {
    "obscure": lambda facts, a: facts.wins_tricks(first_tricks(5)),  # the first five tricks
    "lie_in_wait": _opponents(PAGAT),
    "four_kings": lambda facts, a: facts.captures(card for card in PACK if card.is_king),
    "silent_mond_capture": _opponents(MOND),
}
assert set(SILENT_IMPLIED) == set(SILENT_PREMIUMS)


class _Undeclared:
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()


_UNDECLARED = _Undeclared()


def feast_picture(feast_id: str, team: Team, declared: Declared, won: bool | None) -> Picture:
    """What an announcement says of the play: its declared magnifiers were the announcer's, whatever
    the result (R9: a declared magnifier is one the announcer holds), and what its result implies."""
    facts = _Builder(team).holds(declared.cards)
    implied = IMPLIED[feast_id]
    if won:
        implied.won(facts, declared)
    elif won is False:
        _add_lost(facts, implied, team, declared)
    return facts.picture()


def _add_lost(facts: _Builder, implied: Implied, team: Team, declared: Declared) -> None:
    """R10c: a lost feast implies that its condition failed; only where its won facts are the whole
    condition does that say anything certain: one fact, its opposite; several, not all of them."""
    if implied.lost is not None:
        implied.lost(facts, declared)
        return
    if not implied.exact:
        return
    whole = _Builder(team)
    implied.won(whole, declared)
    side = whole.side
    least, captured = whole.least[side], whole.takers[side]
    alone = not any(whole.tricks) and not any(whole.holders) and not whole.places and not whole.winners
    if alone and least and not captured:  # a free pass: fewer tricks than it needs
        facts.takes_at_most(least - 1)
    elif alone and not least and captured.bit_count() == 1:
        # Visi, L'amour, Angel: every card falls in some trick, so it fell into the other team's.
        facts.takers[1 - side] |= captured
    elif whole.picture() != NOTHING:
        facts.unless.append(whole.picture())


def silent_picture(premium_id: str, team: Team) -> Picture:
    facts = _Builder(team)
    SILENT_IMPLIED[premium_id](facts, _UNDECLARED)
    return facts.picture()


def dealt_picture(team: Team, cards: Iterable[Card]) -> Picture:
    """The cards dealt to the team, as far as the record tells them (R3, R5, or the deal)."""
    return _Builder(team).holds(cards).picture()


__all__ = ["IMPLIED", "SILENT_IMPLIED", "Implied", "Picture", "beats", "closed", "dealt_picture", "feast_picture",
           "silent_picture"]
