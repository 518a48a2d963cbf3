"""Cards, suits, seats and the order of play (R1, R2).

The notation is FORMAT.md's: trumps are Roman numerals ``I``..``XXI`` (``IIII`` is read as ``IV``)
and ``Fool``; suit cards are a rank and a suit letter (``Kh``, ``10s``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from .problems import shown


class CardError(ValueError):
    """A card, suit or seat written in a way FORMAT.md does not allow; ``code`` and ``params`` say
    which way as data (scoring.problems)."""

    def __init__(self, message: str, code: str, **params: object):
        super().__init__(message)
        self.code = code
        self.params = params


class Suit(enum.Enum):
    """The four regular suits (R1). Red suits have no pip card."""

    HEARTS = "h"
    DIAMONDS = "d"
    SPADES = "s"
    CLUBS = "c"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow Python code

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def is_black(self) -> bool:
        return not self.is_red

    @property
    def word(self) -> str:
        """The name used in declarations (``hearts``)."""
        return self.name.lower()

    @classmethod
    def from_word(cls, word: str) -> Suit:
        try:
            return cls[word.upper()]
        except (KeyError, AttributeError):
            raise CardError(f"{shown(word)} is not a suit (hearts, diamonds, spades, clubs)", "not_a_suit",
                            given=shown(word)) from None

    def ranks(self) -> tuple[Rank, ...]:
        """The ranks this suit holds, highest first (R1: the 10 only in black suits)."""
        if self.is_red:
            return (Rank.KING, Rank.QUEEN, Rank.CAVALIER, Rank.VALET)
        return (Rank.KING, Rank.QUEEN, Rank.CAVALIER, Rank.VALET, Rank.TEN)


class Rank(enum.IntEnum):
    """Suit-card ranks; a higher value beats a lower one (R1: K > Q > C > V > 10)."""

    TEN = 1
    VALET = 2
    CAVALIER = 3
    QUEEN = 4
    KING = 5

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_CARDS: dict[tuple, Card] = {}  # every card constructed so far, by (trump, suit, rank)

_RANK_LETTERS = {Rank.KING: "K", Rank.QUEEN: "Q", Rank.CAVALIER: "C", Rank.VALET: "V", Rank.TEN: "10"}
_LETTER_RANKS = {letter: rank for rank, letter in _RANK_LETTERS.items()}

FOOL_NUMBER = 22  # The Fool is the highest trump (R1); it sorts above XXI.

_ROMAN = {
    1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X",
    11: "XI", 12: "XII", 13: "XIII", 14: "XIV", 15: "XV", 16: "XVI", 17: "XVII", 18: "XVIII",
    19: "XIX", 20: "XX", 21: "XXI",
}
_ROMAN_NUMBERS = {text: number for number, text in _ROMAN.items()}
_ROMAN_NUMBERS["IIII"] = 4  # FORMAT.md accepts the card's own spelling of IV.


@dataclass(frozen=True, eq=False)
class Card:
    """One of the 40 cards. A trump has ``trump`` 1..22 (22 is the Fool); a suit card has a suit
    and a rank. Construct with :meth:`parse`, :meth:`trump_card` or :meth:`suit_card`.

    Each card exists once: constructing it again returns the same object, so equality and hashing
    are by identity, which Python does in C (cards are hashed millions of times when a season is
    re-derived)."""

    trump: int = 0
    suit: Suit | None = None
    rank: Rank | None = None

    def __new__(cls, trump: int = 0, suit: Suit | None = None, rank: Rank | None = None) -> Card:
        key = (trump, suit, None if rank is None else int(rank))
        card = _CARDS.get(key)
        if card is None:
            card = object.__new__(cls)
            _CARDS[key] = card
        return card

    def __reduce__(self) -> tuple:
        # Copies and pickles come back through __new__, to the one card.
        return (Card, (self.trump, self.suit, self.rank))

    @staticmethod
    def parse(text: str) -> Card:
        if not isinstance(text, str):
            raise CardError(f"{shown(text)} is not a card", "not_a_card", given=shown(text))
        return _parse_card(text)

    @staticmethod
    def trump_card(number: int) -> Card:
        return Card(trump=number)

    @staticmethod
    def suit_card(rank: Rank, suit: Suit) -> Card:
        return Card(suit=suit, rank=rank)

    @property
    def is_trump(self) -> bool:
        return self.trump > 0

    @property
    def is_fool(self) -> bool:
        return self.trump == FOOL_NUMBER

    @property
    def is_bird(self) -> bool:
        """I..IIII (R1)."""
        return 1 <= self.trump <= 4

    @property
    def is_king(self) -> bool:
        return self.rank is Rank.KING

    @property
    def is_magnifier(self) -> bool:
        """The four Kings and the four Birds (R1)."""
        return self.is_king or self.is_bird

    @property
    def is_suit_card(self) -> bool:
        return self.suit is not None

    @property
    def strength(self) -> int:
        """Order within a trick among trumps or among cards of one suit."""
        return self.trump if self.is_trump else int(self.rank)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Trumps first, highest first; then suits in FORMAT.md order, highest rank first."""
        if self.is_trump:
            return (0, -self.trump)
        return (1 + list(Suit).index(self.suit), -int(self.rank))

    def __str__(self) -> str:
        if self.is_fool:
            return "Fool"
        if self.is_trump:
            return _ROMAN[self.trump]
        return f"{self.rank.letter}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


@cache
def _parse_card(text: str) -> Card:
    if text == "Fool":
        return Card(trump=FOOL_NUMBER)
    if text in _ROMAN_NUMBERS:
        return Card(trump=_ROMAN_NUMBERS[text])
    rank_text, suit_text = text[:-1], text[-1:]
    rank = _LETTER_RANKS.get(rank_text)
    try:
        suit = Suit(suit_text)
    except ValueError:
        suit = None
    if rank is None or suit is None:
        raise CardError(f"{shown(text)} is not a card (trumps I..XXI and Fool, suit cards like Kh or 10s)",
                        "not_a_card", given=shown(text))
    if rank is Rank.TEN and suit.is_red:
        raise CardError(f"{shown(text)} is not in the pack: red suits have no 10 (R1)", "red_ten", given=shown(text))
    return Card(suit=suit, rank=rank)


FOOL = Card(trump=FOOL_NUMBER)
MOND = Card(trump=21)
ANGEL = Card(trump=20)
LAMOUR = Card(trump=19)
VISI = Card(trump=18)
PAGAT = Card(trump=1)
XVII = Card(trump=17)
XVI = Card(trump=16)

PACK: tuple[Card, ...] = tuple(
    [Card(trump=n) for n in range(1, FOOL_NUMBER + 1)]
    + [Card(suit=suit, rank=rank) for suit in Suit for rank in suit.ranks()]
)
assert len(PACK) == 40
KINGS: frozenset[Card] = frozenset(card for card in PACK if card.is_king)
SUIT_CARDS: frozenset[Card] = frozenset(card for card in PACK if card.is_suit_card)


class Team(enum.Enum):
    A = "A"
    B = "B"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow Python code

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A

    def __str__(self) -> str:
        return self.value


class Role(enum.Enum):
    DRIVER = "driver"
    CATCHER = "catcher"

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Seat:
    """A place at the table: a team and a role, written ``A.driver``."""

    team: Team
    role: Role

    @staticmethod
    def parse(text: str) -> Seat:
        try:
            return SEATS_BY_NAME[text]
        except (KeyError, TypeError):
            raise CardError(f"{shown(text)} is not a seat (A.driver, A.catcher, B.driver, B.catcher)", "not_a_seat",
                            given=shown(text)) from None

    @property
    def partner(self) -> Seat:
        role = Role.CATCHER if self.role is Role.DRIVER else Role.DRIVER
        return Seat(self.team, role)

    @property
    def next_to_play(self) -> Seat:
        """The seat on this one's right, who plays next (R2: play moves anticlockwise)."""
        return PLAY_ORDER[(PLAY_ORDER.index(self) + 1) % 4]

    def __str__(self) -> str:
        return f"{self.team.value}.{self.role.value}"

    def __repr__(self) -> str:
        return f"Seat({str(self)!r})"


# R2: clockwise the seats are A.driver, A.catcher, B.driver, B.catcher; play moves to the right,
# i.e. anticlockwise, so from A.driver play goes to B.catcher, then B.driver, then A.catcher.
SEATS_CLOCKWISE: tuple[Seat, ...] = (
    Seat(Team.A, Role.DRIVER), Seat(Team.A, Role.CATCHER),
    Seat(Team.B, Role.DRIVER), Seat(Team.B, Role.CATCHER),
)
PLAY_ORDER: tuple[Seat, ...] = (
    SEATS_CLOCKWISE[0], SEATS_CLOCKWISE[3], SEATS_CLOCKWISE[2], SEATS_CLOCKWISE[1],
)
SEATS_BY_NAME = {str(seat): seat for seat in SEATS_CLOCKWISE}


def driver(team: Team) -> Seat:
    return Seat(team, Role.DRIVER)


def catcher(team: Team) -> Seat:
    return Seat(team, Role.CATCHER)
