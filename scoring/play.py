"""Legal play and trick winners (R2, R4, R9, R9b).

The same rules serve two callers: the adjudicator, which checks a recorded play card by card
(:func:`play_out`), and the generator, which asks which cards a player may play
(:func:`playable_cards`).

Inside, a card is its index in :data:`scoring.cards.PACK` and a set of cards is an integer bit
mask: following suit is then one ``&``. The benchmark asks for thousands of hands a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import PACK, PLAY_ORDER, Card, Seat, Suit, Team, catcher, driver
from .problems import Problem
from .records import Announcement, binding_ruling

TRICKS_IN_A_HAND = 10

# --- the pack as indices and masks ------------------------------------------------------------

CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(PACK)}
BIT = tuple(1 << index for index in range(len(PACK)))
TRUMP_MASK = sum(BIT[i] for i, card in enumerate(PACK) if card.trump)
SUIT_MASKS = {suit: sum(BIT[i] for i, card in enumerate(PACK) if card.suit is suit) for suit in Suit}
# The cards that follow a card led (R4): its suit, or the trumps when a trump is led.
FOLLOW_MASK = tuple(TRUMP_MASK if card.trump else SUIT_MASKS[card.suit] for card in PACK)
_TRUMP = tuple(card.trump for card in PACK)
_SUIT = tuple(card.suit for card in PACK)
_RANK = tuple(int(card.rank) if card.rank else 0 for card in PACK)
PLAY_POSITION = {seat: position for position, seat in enumerate(PLAY_ORDER)}
# The seats of a trick in the order they play, by the leader's position in PLAY_ORDER (R2).
_SEATS_FROM = tuple(tuple(PLAY_ORDER[(leader + i) % 4] for i in range(4)) for leader in range(4))

# Card objects come from two places: PACK and Card.parse's cache, through which the engine reads
# every card text. Finding their index by identity spares the hot loops Card.__hash__ (a Python
# function). Any other Card object falls back to CARD_INDEX. The objects are kept referenced here,
# so no other object can ever be given one of their ids.
_KNOWN_CARDS = (*PACK, *(Card.parse(str(card)) for card in PACK), Card.parse("IIII"))
_INDEX_BY_ID = {id(card): CARD_INDEX[card] for card in _KNOWN_CARDS}


def index_of(card: Card) -> int:
    """The card's index in PACK."""
    index = _INDEX_BY_ID.get(id(card))
    return CARD_INDEX[card] if index is None else index


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[index_of(card)]
    return mask


def cards_of(mask: int) -> list[Card]:
    return [PACK[index] for index in range(len(PACK)) if mask & BIT[index]]


def winning_index(indices: Sequence[int]) -> int:
    """R4 on card indices: the position of the highest trump, else of the highest card of the suit led."""
    led_suit = _SUIT[indices[0]]
    best, best_trump, best_rank = 0, _TRUMP[indices[0]], _RANK[indices[0]]
    for position in range(1, len(indices)):
        card = indices[position]
        trump = _TRUMP[card]
        if trump:
            if trump > best_trump:
                best, best_trump = position, trump
        elif not best_trump and _SUIT[card] is led_suit and _RANK[card] > best_rank:
            best, best_rank = position, _RANK[card]
    return best


def winning_position(cards: Sequence[Card]) -> int:
    """R4: the highest trump wins the trick, else the highest card of the suit led."""
    return winning_index([index_of(card) for card in cards])


def legal_mask(hand: int, led: int | None) -> int:
    """R4 on masks: follow suit if you can; if you cannot, play a trump; with no trump, any card.

    A trump lead is followed with a trump. There is no duty to beat the cards already played:
    a player may under-trump.
    """
    if led is None:
        return hand
    return hand & FOLLOW_MASK[led] or hand & TRUMP_MASK or hand


def legal_cards(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """R4 for a hand of cards (see :func:`legal_mask`)."""
    hand = list(hand)
    legal = legal_mask(mask_of(hand), None if led is None else index_of(led))
    return [card for card in hand if legal & BIT[index_of(card)]]


# --- bound cards (R9) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Binding:
    """R9: the tricks a card may go to, and the announcements that bind it there."""

    tricks: frozenset[int]  # 1-based trick numbers
    announcements: tuple[Announcement, ...]

    def allows(self, trick_number: int) -> bool:
        return trick_number in self.tricks

    @property
    def ruling(self) -> str:
        """R9, or R9b when only the Scale family binds the card (see :func:`binding_ruling`)."""
        return binding_ruling(self.announcements)

    def describe(self) -> str:
        where = " or ".join(str(number) for number in sorted(self.tricks))
        by = ", ".join(f"{a.feast.name} (announcements[{a.index}], {a.feast.binding_ruling})"
                       for a in self.announcements)
        return f"bound to trick {where} by {by}"


# Each seat's bound cards. Only the announcing team's players are bound (R9).
Bindings = dict[Seat, dict[Card, Binding]]


def bindings_of(announcements: Iterable[Announcement], deal: dict[Seat, tuple[Card, ...]]) -> Bindings:
    """R9: each seat's bound cards. A card is bound only in the hand of the announcing team's players;
    when two announcements bind one card (to overlapping tricks) it may go only where both allow."""
    bindings: Bindings = {seat: {} for seat in deal}
    held: dict[Seat, int] = {}
    for announcement in announcements:
        if not announcement.feast.binds:
            continue
        for card, tricks in announcement.bindings():
            for seat in _TEAM_SEATS[announcement.team]:
                if seat not in held:
                    held[seat] = mask_of(deal[seat])
                if not held[seat] & BIT[index_of(card)]:
                    continue
                earlier = bindings[seat].get(card)
                if earlier is None:
                    bindings[seat][card] = Binding(tricks, (announcement,))
                else:
                    bindings[seat][card] = Binding(earlier.tricks & tricks, earlier.announcements + (announcement,))
    return bindings


_TEAM_SEATS = {team: (driver(team), catcher(team)) for team in Team}
_DRIVER_POSITION = {team: PLAY_POSITION[driver(team)] for team in Team}  # R3: who leads trick 1


def bound_elsewhere_masks(bound: dict[Card, Binding]) -> tuple[int, ...]:
    """For trick 1..10 (index 0 unused), the mask of this player's cards bound to other tricks."""
    masks = [0] * (TRICKS_IN_A_HAND + 1)
    for card, binding in bound.items():
        bit = BIT[index_of(card)]
        for number in range(1, TRICKS_IN_A_HAND + 1):
            if not binding.allows(number):
                masks[number] |= bit
    return tuple(masks)


def playable_mask(hand: int, led: int | None, bound_elsewhere: int) -> int:
    """R4 and R9: the legal cards, less those bound to another trick unless nothing else is legal."""
    legal = legal_mask(hand, led)
    return legal & ~bound_elsewhere or legal


def playable_cards(hand: Iterable[Card], led: Card | None, trick_number: int,
                   bound: dict[Card, Binding]) -> list[Card]:
    """R4 and R9 for a hand of cards (see :func:`playable_mask`)."""
    hand = list(hand)
    elsewhere = bound_elsewhere_masks(bound)[trick_number] if bound else 0
    playable = playable_mask(mask_of(hand), None if led is None else index_of(led), elsewhere)
    return [card for card in hand if playable & BIT[index_of(card)]]


# --- following a recorded play ----------------------------------------------------------------


class Trick(NamedTuple):
    """One trick as played: its 1-based number, the cards and who played them (R2)."""

    number: int
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    winner_position: int

    @property
    def leader(self) -> Seat:
        return self.seats[0]

    @property
    def winner(self) -> Seat:
        return self.seats[self.winner_position]

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner_position]


@dataclass(frozen=True)
class PlayedHand:
    """A recorded play followed to the end: the tricks, and for each card (by PACK index) the
    trick it fell in and the team it was dealt to."""

    tricks: list[Trick]
    trick_masks: list[int]  # the cards of each trick, in trick order
    trick_of: list[int]  # 1-based trick number, by card index
    dealt_to: list[Team]  # by card index


_UNBOUND = (0,) * (TRICKS_IN_A_HAND + 1)


def _indices(cards: Sequence[Card]) -> list[int]:
    """The PACK indices of ``cards`` (by identity where it can: see index_of)."""
    indices = [_INDEX_BY_ID.get(id(card)) for card in cards]
    if None in indices:
        return [index_of(card) for card in cards]
    return indices


def play_out(deal: dict[Seat, tuple[Card, ...]], attackers: Team,
             tricks: Sequence[Sequence[Card]], bindings: Bindings) -> tuple[PlayedHand, list[Problem]]:
    """Follow a recorded play trick by trick; return the played hand and every illegal play found.

    R3: the attacking Driver leads to trick 1; R4: the winner of a trick leads to the next; R2: play
    moves right. After an illegal play the card is taken as played, so that later plays are still
    checked and all the problems of a record are reported together. The last trick may be short:
    the online table asks so of the card a player is about to play (R9c: one rulebook).
    """
    hands = [0, 0, 0, 0]  # by position in PLAY_ORDER
    dealt_to: list[Team] = [Team.A] * len(PACK)
    for position, seat in enumerate(PLAY_ORDER):
        team = seat.team
        for index in _indices(deal[seat]):
            hands[position] |= BIT[index]
            dealt_to[index] = team
    elsewhere = [bound_elsewhere_masks(bindings[seat]) if bindings.get(seat) else _UNBOUND for seat in PLAY_ORDER]
    trick_of = [0] * len(PACK)
    played = 0
    leader = _DRIVER_POSITION[attackers]
    followed: list[Trick] = []
    trick_masks: list[int] = []
    problems: list[Problem] = []
    for number, cards in enumerate(tricks, start=1):
        indices = _indices(cards)
        led = indices[0]
        for position in range(len(indices)):
            card = indices[position]
            player = (leader + position) % 4
            bit = BIT[card]
            hand = hands[player]
            legal = (hand & FOLLOW_MASK[led] or hand & TRUMP_MASK or hand) if position else hand
            bound = elsewhere[player][number]
            if bit & played or not bit & legal or (bit & bound and legal & ~bound):
                problems.append(_illegal_play(number - 1, position, PLAY_ORDER[player], card,
                                              led if position else None, hand, bound, bindings, trick_of, deal))
            if not bit & played:
                trick_of[card] = number
            hands[player] = hand & ~bit
            played |= bit
        if len(indices) < 4:  # a trick still being played
            break
        trick_masks.append(BIT[indices[0]] | BIT[indices[1]] | BIT[indices[2]] | BIT[indices[3]])
        winner = winning_index(indices)
        followed.append(Trick(number, tuple(cards), _SEATS_FROM[leader], winner))
        leader = (leader + winner) % 4
    return PlayedHand(followed, trick_masks, trick_of, dealt_to), problems


def _illegal_play(index: int, position: int, seat: Seat, card: int, led: int | None, hand: int, bound: int,
                  bindings: Bindings, trick_of: list[int], deal: dict[Seat, tuple[Card, ...]]) -> Problem:
    """The problem with ``seat`` playing ``card`` (an index) at ``tricks[index][position]``."""
    field = f"tricks[{index}][{position}]"
    played = PACK[card]
    where = f"trick {index + 1}: {seat} plays {played}"
    params = {"trick": index + 1, "seat": str(seat), "card": str(played)}
    if trick_of[card]:
        return Problem(field, "R4", f"{where}, which was already played to trick {trick_of[card]}: "
                                    "each card is played once", "card_played_twice",
                       {**params, "earlier_trick": trick_of[card]})
    if not hand & BIT[card]:
        owner = next(str(other) for other, cards in deal.items() if played in cards)
        return Problem(field, "R4", f"{where}, which is not in {seat}'s hand (dealt to {owner}): "
                                    "a player plays only his own cards", "card_not_in_hand",
                       {**params, "dealt_to": owner})
    legal = legal_mask(hand, led)
    if not legal & BIT[card]:
        return Problem(field, "R4", f"{where}: {_why_not_legal(PACK[led], legal)}", _not_legal_code(PACK[led], legal),
                       {**params, "led": str(PACK[led]), "legal": _card_texts(cards_of(legal))})
    binding = bindings[seat][played]
    return Problem(field, binding.ruling, (
        f"{where}, but the {played} is {binding.describe()} and may go to another trick only when the "
        f"player has no other legal card ({seat} could play {_cards_text(cards_of(legal & ~bound))})"
    ), "bound_card_elsewhere", {
        **params, "bound_to": sorted(binding.tricks),
        "bound_by": [announcement.index for announcement in binding.announcements],
        "could_play": _card_texts(cards_of(legal & ~bound))})


def _why_not_legal(led: Card, legal: int) -> str:
    holds = _cards_text(cards_of(legal))
    if led.trump:
        return f"a trump was led and a player must play a trump when he can (holds {holds})"
    if legal & SUIT_MASKS[led.suit]:
        return f"{led.suit.word} were led and a player must follow suit when he can (holds {holds})"
    return f"{led.suit.word} were led; a player who cannot follow suit must play a trump (holds {holds})"


def _not_legal_code(led: Card, legal: int) -> str:
    """The code of :func:`_why_not_legal`'s reason (scoring.problems)."""
    if led.trump:
        return "must_play_trump"
    return "must_follow_suit" if legal & SUIT_MASKS[led.suit] else "must_trump_when_void"


def _card_texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in sorted(cards, key=lambda card: card.sort_key)]


def _cards_text(cards: Iterable[Card]) -> str:
    return ", ".join(_card_texts(cards))


__all__ = [
    "BIT", "CARD_INDEX", "PLAY_POSITION", "index_of", "TRICKS_IN_A_HAND", "Binding", "Bindings", "PlayedHand", "Trick",
    "bindings_of", "bound_elsewhere_masks", "cards_of", "legal_cards", "legal_mask", "mask_of", "play_out",
    "playable_cards", "playable_mask", "winning_index", "winning_position",
]
