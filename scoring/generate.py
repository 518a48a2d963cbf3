"""Random legal hands: for demo data, the benchmark and property tests.

Everything takes a :class:`random.Random`, so a seed gives the same hands again. A generated hand
is legal throughout: the deal keeps R3, the announcements keep R6-R9 (declared magnifiers held,
messages true, no two of a chain, no conflicting bindings, at most one contra a team), and the play
keeps R4, R9 and R9b (bound cards stay bound, the Scale family's as the Bound Tricks').

Two kinds of record come out (FORMAT.md):

- :func:`full_record`: deal, announcements and the 10 tricks, results left to the adjudicator;
- :func:`results_record`: a full hand adjudicated, then holdings, results and silent premiums
  only, with the deal and the tricks dropped.

``table=True`` asks for a hand as a tournament table plays it (:func:`table_hand`): a few
announcements, small feasts far more often than trophies, and mostly the feasts the team then
makes, as players announce what their hands promise. Without it every feast is equally likely,
which is what the benchmark and the property tests want.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .adjudicate import adjudicate
from .cards import ANGEL, LAMOUR, PACK, PLAY_ORDER, Card, Seat, Suit, Team, catcher, driver
from .feasts import FEASTS, Category, Feast, SuitRule
from .play import (
    BIT,
    CARD_INDEX,
    PLAY_POSITION,
    TRICKS_IN_A_HAND,
    Bindings,
    bindings_of,
    bound_elsewhere_masks,
    mask_of,
    playable_mask,
    winning_index,
)
from .problems import InvalidRecord
from .records import Announcement, Contra, Hand, Holding, chain_key, may_join_chain, message_falsehood

TEAMS = (Team.A, Team.B)
_FEAST_IDS = tuple(FEASTS)
_REDS = (Suit.HEARTS, Suit.DIAMONDS)
_BLACKS = (Suit.SPADES, Suit.CLUBS)
# How many announcements a team makes, drawn from this list: most hands have a few.
_ANNOUNCEMENT_COUNTS = (0, 1, 1, 2, 2, 2, 3, 3, 4, 5)
CONTRA_CHANCE = 0.3  # the chance that a team calls its one contra (R8), when there is a feast to call it on

# How much more often a table announces a feast of each kind than a trophy worth more than 100.
_TABLE_WEIGHTS = {
    Category.MESSAGE: 40, Category.MATERIAL: 30, Category.FREE_PASS: 30, Category.BOUND_TRICK: 8,
    Category.MAGNIFIED: 10, Category.FLIGHT: 10, Category.INTERCEPT: 8, Category.EXTRA: 6,
    Category.LITTLE_TROPHY: 6, Category.TROPHY: 2,
}
_TABLE_FEAST_IDS = tuple(FEASTS)
_TABLE_FEAST_WEIGHTS = tuple(_TABLE_WEIGHTS[FEASTS[feast_id].category] for feast_id in _TABLE_FEAST_IDS)
_TABLE_ANNOUNCEMENT_COUNTS = (1, 2, 2, 3, 3, 4, 4, 5, 6)
_TABLE_LOST_KEPT = 0.2  # the share of feasts a table announces and then loses


# --- the deal (R3) ------------------------------------------------------------------------------


def random_deal(rng: random.Random, attackers: Team) -> dict[Seat, tuple[Card, ...]]:
    """R3: the XX to the attacking Driver, the XIX to the attacking Catcher, the other 38 cards
    shuffled; redealt until every player has at least 3 trumps."""
    defenders = attackers.other
    seats = (driver(attackers), catcher(attackers), driver(defenders), catcher(defenders))
    rest = list(_UNDEALT)
    while True:
        rng.shuffle(rest)
        hands = ([_ANGEL_INDEX, *rest[0:9]], [_LAMOUR_INDEX, *rest[9:18]], rest[18:28], rest[28:38])
        if all(sum(_IS_TRUMP[index] for index in hand) >= 3 for hand in hands):
            # Each hand sorted as a player would: trumps high to low, then suit by suit.
            return {seat: tuple(PACK[index] for index in sorted(hand, key=_HAND_ORDER.__getitem__))
                    for seat, hand in zip(seats, hands, strict=True)}


_ANGEL_INDEX, _LAMOUR_INDEX = PACK.index(ANGEL), PACK.index(LAMOUR)
_UNDEALT = tuple(index for index in range(len(PACK)) if index not in (_ANGEL_INDEX, _LAMOUR_INDEX))
_IS_TRUMP = tuple(1 if card.trump else 0 for card in PACK)
_HAND_ORDER = tuple(sorted(range(len(PACK)), key=lambda index: PACK[index].sort_key).index(index)
                    for index in range(len(PACK)))


def holdings_of(deal: dict[Seat, tuple[Card, ...]]) -> dict[Team, Holding]:
    return {team: Holding.of_cards([*deal[driver(team)], *deal[catcher(team)]]) for team in TEAMS}


# --- announcements (R6-R9) ----------------------------------------------------------------------


class _Announcer:
    """Draws announcements one at a time and keeps only those the hand allows."""

    def __init__(self, rng: random.Random, deal: dict[Seat, tuple[Card, ...]], table: bool = False):
        self.rng = rng
        self.table = table
        self.deal = deal
        self.made: list[Announcement] = []
        self.chains: dict[tuple, list[Announcement]] = {}
        self.bound: dict[tuple[Team, Card], frozenset[int]] = {}

    def draw(self, team: Team) -> None:
        if self.table:
            feast = FEASTS[self.rng.choices(_TABLE_FEAST_IDS, _TABLE_FEAST_WEIGHTS)[0]]
        else:
            feast = FEASTS[self.rng.choice(_FEAST_IDS)]
        by = driver(team) if self.rng.random() < 0.5 else catcher(team)
        cards = self._declared_cards(feast, by)
        suits = self._declared_suits(feast, by)
        if cards is None or suits is None:
            return
        announcement = Announcement(len(self.made), feast, by, cards, suits,
                                    number=_number_held(feast, suits, self.deal[by]))
        if self._allowed(announcement):
            self._keep(announcement)

    def _declared_cards(self, feast: Feast, by: Seat) -> tuple[Card, ...] | None:
        """R9: magnified and flight feasts declare magnifiers the announcer holds."""
        if not feast.declared_cards:
            return ()
        magnifiers = [card for card in self.deal[by] if card.is_magnifier]
        if len(magnifiers) < feast.declared_cards:
            return None
        return tuple(self.rng.sample(magnifiers, feast.declared_cards))

    def _declared_suits(self, feast: Feast, by: Seat) -> tuple[Suit, ...] | None:
        rule = feast.suits
        if rule is SuitRule.NONE:
            return ()
        if rule is SuitRule.OPTIONAL_ONE:
            # Number of a Suit: name a suit of which the announcer holds at least two, not all (R6).
            counts = {suit: sum(1 for card in self.deal[by] if card.suit is suit) for suit in Suit}
            suits = [suit for suit in Suit if 2 <= counts[suit] < len(suit.ranks())]
            return (self.rng.choice(suits),) if suits else None
        if rule is SuitRule.ANY_ONE:
            return (self.rng.choice(tuple(Suit)),)
        if rule is SuitRule.ONE_BLACK:
            return (self.rng.choice(_BLACKS),)
        return (self.rng.choice(_REDS), self.rng.choice(_BLACKS))

    def _allowed(self, announcement: Announcement) -> bool:
        if announcement.feast.is_message and message_falsehood(announcement, self.deal[announcement.by]):
            return False  # R6: messages are true of the announcer's hand
        return self._fits_chains(announcement) and self._fits_bindings(announcement)

    def _fits_chains(self, announcement: Announcement) -> bool:
        """R7, as the record check reads it."""
        return may_join_chain(self.chains.get(chain_key(announcement), []), announcement)

    def _fits_bindings(self, announcement: Announcement) -> bool:
        """R9: no card bound to different tricks by one team."""
        for card, tricks in announcement.bindings():
            earlier = self.bound.get((announcement.team, card))
            if earlier is not None and not earlier & tricks:
                return False
        return True

    def _keep(self, announcement: Announcement) -> None:
        self.made.append(announcement)
        self.chains.setdefault(chain_key(announcement), []).append(announcement)
        for card, tricks in announcement.bindings():
            key = (announcement.team, card)
            self.bound[key] = self.bound.get(key, tricks) & tricks


def _number_held(feast: Feast, suits: tuple[Suit, ...], hand: tuple[Card, ...]) -> int | None:
    """R6a: the number a Number of a Suit or Trumps message says, the actual one."""
    if feast.counts == "trumps":
        return sum(1 for card in hand if card.is_trump)
    if feast.counts == "suit":
        return sum(1 for card in hand if card.is_suit_card and card.suit is suits[0])
    return None


def random_announcements(rng: random.Random, deal: dict[Seat, tuple[Card, ...]],
                         table: bool = False) -> tuple[Announcement, ...]:
    """Announcements both teams could make on this deal, with some contras (R8)."""
    announcer = _Announcer(rng, deal, table)
    counts = _TABLE_ANNOUNCEMENT_COUNTS if table else _ANNOUNCEMENT_COUNTS
    for team in TEAMS:
        for _ in range(rng.choice(counts)):
            announcer.draw(team)
    made = announcer.made
    rng.shuffle(made)  # FORMAT.md: announcements in any order
    contras = _contras(rng, made)
    return tuple(
        Announcement(index, a.feast, a.by, a.cards, a.suits, contras.get(index), number=a.number)
        for index, a in enumerate(made)
    )


def _contras(rng: random.Random, announcements: list[Announcement]) -> dict[int, Contra]:
    """R8: each team may call one contra, on any announced feast (never on a message); by position."""
    called: dict[int, Contra] = {}
    feasts = [position for position, a in enumerate(announcements) if not a.feast.is_message]
    for caller in TEAMS:
        free = [position for position in feasts if position not in called]
        if not free or rng.random() >= CONTRA_CHANCE:
            continue
        target = rng.choice(free)
        called[target] = Contra.PARTNER if announcements[target].team is caller else Contra.OPPONENTS
    return called


# --- the play (R2, R4, R9) ----------------------------------------------------------------------


def random_play(rng: random.Random, deal: dict[Seat, tuple[Card, ...]], attackers: Team,
                bindings: Bindings, strong: Team | None = None) -> tuple[tuple[Card, ...], ...]:
    """A legal play to the end: each player picks at random among the cards R4 and R9 allow.
    Players of the ``strong`` team instead always play their highest allowed card."""
    hands = [[CARD_INDEX[card] for card in deal[seat]] for seat in PLAY_ORDER]
    masks = [mask_of(deal[seat]) for seat in PLAY_ORDER]
    elsewhere = [bound_elsewhere_masks(bindings[seat]) if bindings.get(seat) else None for seat in PLAY_ORDER]
    is_strong = [seat.team is strong for seat in PLAY_ORDER]
    leader = PLAY_POSITION[driver(attackers)]
    tricks = []
    for number in range(1, TRICKS_IN_A_HAND + 1):
        indices: list[int] = []
        led = None
        for position in range(4):
            player = (leader + position) % 4
            bound = elsewhere[player][number] if elsewhere[player] else 0
            playable = playable_mask(masks[player], led, bound)
            options = [card for card in hands[player] if playable & BIT[card]]
            if is_strong[player]:
                card = max(options, key=_POWER.__getitem__)
            else:
                card = options[int(rng.random() * len(options))]
            hands[player].remove(card)
            masks[player] &= ~BIT[card]
            indices.append(card)
            if led is None:
                led = card
        tricks.append(tuple(PACK[card] for card in indices))
        leader = (leader + winning_index(indices)) % 4
    return tuple(tricks)


# How strongly a card plays, by PACK index: trumps above suit cards, high above low.
_POWER = tuple(card.trump * 10 if card.trump else int(card.rank) for card in PACK)


# --- whole hands --------------------------------------------------------------------------------


def random_hand(rng: random.Random, *, attackers: Team | None = None,
                deal: dict[Seat, tuple[Card, ...]] | None = None,
                announcements: tuple[Announcement, ...] | None = None,
                strong: Team | None = None) -> Hand:
    """A full hand (deal, announcements, tricks), not yet adjudicated: no results, no silent list."""
    if attackers is None:
        attackers = rng.choice(TEAMS)
    if deal is None:
        deal = random_deal(rng, attackers)
    if announcements is None:
        announcements = random_announcements(rng, deal)
    bindings = bindings_of((a for a in announcements if not a.feast.is_message), deal)
    tricks = random_play(rng, deal, attackers, bindings, strong)
    return Hand(attackers, holdings_of(deal), announcements, None, deal, tricks)


def table_hand(rng: random.Random, *, attackers: Team | None = None) -> Hand:
    """A hand as a tournament table plays it, adjudicated: announcements drawn with small feasts
    far likelier than trophies, then the play, then the announcements the team would not have
    made dropped, keeping a fifth of the lost ones."""
    if attackers is None:
        attackers = rng.choice(TEAMS)
    deal = random_deal(rng, attackers)
    drawn = random_announcements(rng, deal, table=True)
    played = adjudicate(random_hand(rng, attackers=attackers, deal=deal, announcements=drawn))
    kept = [a for a in played.announcements if a.feast.is_message or a.won or rng.random() < _TABLE_LOST_KEPT]
    try:
        return _readjudicated(played, kept)
    except InvalidRecord:
        # Dropping a feast frees the cards it bound, and a card freed may turn an earlier forced
        # play of another bound card into a revoke of R9: keep every binding feast then.
        kept = [a for a in played.announcements if a in kept or a.feast.binds]
        return _readjudicated(played, kept)


def _readjudicated(played: Hand, kept: list[Announcement]) -> Hand:
    announcements = tuple(
        Announcement(index, a.feast, a.by, a.cards, a.suits, a.contra, number=a.number)
        for index, a in enumerate(kept)
    )
    return adjudicate(Hand(played.attackers, played.holdings, announcements, None, played.deal, played.tricks))


def full_record(rng: random.Random, *, table: bool = False, **options: Any) -> dict[str, Any]:
    """A FORMAT.md record with deal and tricks, for the engine to adjudicate (see random_hand)."""
    if table:
        hand = table_hand(rng, **options)
        return replace(hand, announcements=tuple(replace(a, won=None) for a in hand.announcements),
                       silent=None).as_record()
    return random_hand(rng, **options).as_record()


def results_of(hand: Hand) -> Hand:
    """A full hand adjudicated, reduced to what a results-mode record holds (no deal, no tricks)."""
    return replace(adjudicate(hand), deal=None, tricks=None)


def results_record(rng: random.Random, *, table: bool = False, **options: Any) -> dict[str, Any]:
    """A FORMAT.md results-mode record: holdings, announcements with results, silent premiums."""
    if table:
        return replace(table_hand(rng, **options), deal=None, tricks=None).as_record()
    return results_of(random_hand(rng, **options)).as_record()


__all__ = [
    "full_record", "holdings_of", "random_announcements", "random_deal", "random_hand", "random_play",
    "results_of", "results_record",
]
