"""The rules of a table: one hand played move by move, from a recorded seed to a FORMAT.md record.

The state of a hand is its seed, its attacking team and the moves made so far: :func:`replay` turns
them into a :class:`TableHand`, which says whose turn it is and what that player may do next
(:meth:`TableHand.legal_moves`), refuses anything else (:class:`IllegalMove`), and once the tenth
trick is played gives the record (:meth:`TableHand.record`) that :func:`scoring.check_hand`
accepts and adjudicates.

Nothing here restates a rule the engine already knows (R9c: one rulebook for a move and a record).
Every announcement and contra is put to :func:`scoring.records.check_announcements`, the check a
record's announcements meet, with the announcements the record would then hold; every card to
:func:`scoring.play.play_out`, the check a record's tricks meet, with the tricks so far and that
card. A move the engine would refuse in the record is refused when it is made, in the engine's own
problem (its code, ruling and params). What the table adds is the order of things at a table
(seed 002's Deal and Announcements):

- the deal (R3): the XX to the attacking Driver and the XIX to the attacking Catcher, the other 38
  cards shuffled and cut, dealt clockwise from the dealer's left in packets of two, the last two
  cards one each to the attackers; redealt while any player holds fewer than three trumps;
- the announcements round, in turn from the dealer (the attacking Driver) in the direction of play
  (R2), until three players pass in a row, or four when nothing has been said since the deal;
- a hierarchy (R7) raised only by the partner of the player who made its last announcement; the
  raise replaces what it raises (a record keeps only the final announcement of a chain). A feast
  that has been contra'd is not raised: the contra stands on what was announced (R8);
- contras (R8, R8a) called in turn like announcements: one per feast, on a feast and never on a
  message, by the announcer's partner or by an opponent; no re-contra;
- then ten tricks, led first by the attacking Driver (R3), each card checked by legal play.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from .cards import PACK, PLAY_ORDER, SEATS_BY_NAME, SEATS_CLOCKWISE, Card, CardError, Seat, Suit, Team, catcher, driver
from .feasts import FEASTS, Feast, SuitRule
from .match import attackers_in_hand
from .play import TRICKS_IN_A_HAND, Bindings, bindings_of, play_out, playable_cards, winning_position
from .problems import Problem, Problems
from .records import (
    HAND_FORMAT,
    Announcement,
    Contra,
    chain_key,
    check_announcement_numbers,
    check_announcements,
    may_join_chain,
)

CARDS_IN_A_HAND = 10
LEAST_TRUMPS = 3  # R3: a player with fewer is redealt
PASSES_TO_CLOSE = 3  # seed 002: "until three players pass ..."
PASSES_TO_CLOSE_AFTER_DEAL = 4  # "... or four if immediately after the deal"


class Phase(enum.Enum):
    ANNOUNCING = "announcing"
    PLAYING = "playing"
    FINISHED = "finished"


class Kind(enum.Enum):
    PASS = "pass"
    ANNOUNCE = "announce"
    CONTRA = "contra"
    PLAY = "play"


class IllegalMove(ValueError):
    """A move the table refuses; ``code`` and ``params`` say why as data, for the page's words. A
    move the engine's record checks refuse carries the engine's problem (``problem``): its code,
    ruling and params name the rule broken."""

    def __init__(self, message: str, code: str, problem: Problem | None = None, **params: Any):
        super().__init__(message)
        self.code = code
        self.problem = problem
        self.params = params

    @staticmethod
    def from_problem(code: str, problem: Problem, **params: Any) -> IllegalMove:
        return IllegalMove(f"{problem.message} ({problem.ruling})", code, problem,
                           reason=problem.code, ruling=problem.ruling, **params)


@dataclass(frozen=True)
class Move:
    """One action at the table. ``target`` of a contra is the number of the announcement it is
    called on (its place among all announcements made this hand, from 1)."""

    kind: Kind
    seat: Seat
    feast: str | None = None
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    target: int | None = None
    card: Card | None = None
    number: int | None = None  # what a Number of a Suit or Trumps message says (R6a)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "seat": str(self.seat)}
        if self.kind is Kind.ANNOUNCE:
            data.update(feast=self.feast, cards=[str(c) for c in self.cards], suits=[s.word for s in self.suits])
            if self.number is not None:
                data["number"] = self.number
        elif self.kind is Kind.CONTRA:
            data["target"] = self.target
        elif self.kind is Kind.PLAY:
            data["card"] = str(self.card)
        return data

    @staticmethod
    def from_dict(data: Any) -> Move:
        """Read a move as a client sends it; anything malformed is an IllegalMove."""
        if not isinstance(data, dict):
            raise IllegalMove("a move is an object", "malformed_move")
        try:
            kind = Kind(data.get("kind"))
            seat = SEATS_BY_NAME[data.get("seat")]
            if kind is Kind.ANNOUNCE:
                feast = data.get("feast")
                if feast not in FEASTS:
                    raise IllegalMove(f"{feast!r} is not a feast", "not_a_feast", feast=str(feast))
                return Move(kind, seat, feast=feast, cards=tuple(Card.parse(c) for c in data.get("cards") or ()),
                            suits=tuple(Suit.from_word(s) for s in data.get("suits") or ()),
                            number=_said_number(data.get("number")))
            if kind is Kind.CONTRA:
                target = data.get("target")
                if not isinstance(target, int) or isinstance(target, bool):
                    raise IllegalMove("a contra names the announcement it is called on", "malformed_move")
                return Move(kind, seat, target=target)
            if kind is Kind.PLAY:
                return Move(kind, seat, card=Card.parse(data.get("card")))
            return Move(kind, seat)
        except (ValueError, KeyError, TypeError, CardError) as error:
            if isinstance(error, IllegalMove):
                raise
            raise IllegalMove("the move is not understood", "malformed_move") from None


# --- the deal (R3) ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Each seat's ten cards as dealt, and how many deals were thrown in for a short hand (R3)."""

    hands: dict[Seat, tuple[Card, ...]]
    redeals: int


def deal_from_seed(seed: int, attackers: Team) -> Deal:
    """R3 and seed 002's Deal, the shuffle and the cut drawn from ``seed``: the same seed deals the
    same cards again."""
    rng = random.Random(seed)
    dealer = driver(attackers)
    first = SEATS_CLOCKWISE.index(dealer)
    clockwise_from_left = [SEATS_CLOCKWISE[(first + step) % 4] for step in range(1, 5)]
    attacking = (driver(attackers), catcher(attackers))
    fixed = {driver(attackers): Card.parse("XX"), catcher(attackers): Card.parse("XIX")}
    rest = [card for card in PACK if card not in fixed.values()]
    redeals = 0
    while True:
        rng.shuffle(rest)
        cut = rng.randrange(1, len(rest))  # the defending Catcher cuts
        pack = rest[cut:] + rest[:cut]
        hands: dict[Seat, list[Card]] = {seat: [fixed[seat]] if seat in fixed else [] for seat in SEATS_CLOCKWISE}
        position = 0
        last_two = pack[-2:]
        for seat in _packet_order(clockwise_from_left, attacking):
            hands[seat] += pack[position:position + 2]
            position += 2
        for seat, card in zip(attacking, last_two, strict=True):
            hands[seat].append(card)
        if all(sum(card.is_trump for card in cards) >= LEAST_TRUMPS for cards in hands.values()):
            return Deal({seat: tuple(sorted(hands[seat], key=lambda c: c.sort_key)) for seat in SEATS_CLOCKWISE},
                        redeals)
        redeals += 1


def _packet_order(clockwise: list[Seat], attacking: tuple[Seat, Seat]) -> Iterator[Seat]:
    """Packets of two, round the table clockwise, to whoever still lacks cards: the attackers take
    eight (they already hold the XX or XIX and get one of the last two cards), the defenders ten."""
    wanted = {seat: 8 if seat in attacking else 10 for seat in clockwise}
    while any(wanted.values()):
        for seat in clockwise:
            if wanted[seat]:
                wanted[seat] -= 2
                yield seat


# --- the hand --------------------------------------------------------------------------------


@dataclass
class Called:
    """An announcement made at the table: its number this hand (from 1), and whether a raise
    replaced it."""

    number: int
    announcement: Announcement
    replaced: bool = False


@dataclass
class TableHand:
    """A hand at the table after some moves. Build it with :func:`new_hand` or :func:`replay`."""

    seed: int
    attackers: Team
    deal: Deal
    phase: Phase = Phase.ANNOUNCING
    moves: list[Move] = field(default_factory=list)
    called: list[Called] = field(default_factory=list)
    contras: dict[int, Contra] = field(default_factory=dict)  # by announcement number
    passes_in_a_row: int = 0
    spoken: bool = False  # something announced or contra'd since the deal
    to_act: Seat | None = None
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    tricks: list[list[Card]] = field(default_factory=list)
    trick_winners: list[Seat] = field(default_factory=list)
    leader: Seat | None = None
    bindings: Bindings = field(default_factory=dict)

    # --- what is true now ---

    @property
    def dealer(self) -> Seat:
        return driver(self.attackers)

    @property
    def standing(self) -> list[Called]:
        """The announcements the record will hold: those not replaced by a raise."""
        return [c for c in self.called if not c.replaced]

    @property
    def current_trick(self) -> list[Card]:
        if self.tricks and len(self.tricks[-1]) < 4:
            return self.tricks[-1]
        return []

    @property
    def trick_number(self) -> int:
        """The trick being played (1..10); 0 before play, 11 after the tenth."""
        if self.phase is Phase.ANNOUNCING:
            return 0
        if self.phase is Phase.FINISHED:
            return TRICKS_IN_A_HAND + 1
        return len(self.tricks) if self.current_trick else len(self.tricks) + 1

    def tricks_won(self) -> dict[Team, int]:
        won = {Team.A: 0, Team.B: 0}
        for seat in self.trick_winners:
            won[seat.team] += 1
        return won

    def trick_leader(self, number: int) -> Seat:
        """Who led trick ``number`` (1-based): the attacking Driver, then each trick's winner (R3, R4)."""
        return self.dealer if number == 1 else self.trick_winners[number - 2]

    # --- what may be done next ---

    def legal_moves(self) -> list[Move]:
        if self.phase is Phase.ANNOUNCING:
            return [Move(Kind.PASS, self.to_act), *self.legal_announcements(), *self.legal_contras()]
        if self.phase is Phase.PLAYING:
            return [Move(Kind.PLAY, self.to_act, card=card) for card in self.playable()]
        return []

    def legal_announcements(self) -> list[Move]:
        """Every announcement the player to act may make now (canonical cards and suits order)."""
        if self.phase is not Phase.ANNOUNCING:
            return []
        seat = self.to_act
        return [move for move in candidate_announcements(seat, self.deal.hands[seat]) if self._refusal(move) is None]

    def legal_contras(self) -> list[Move]:
        if self.phase is not Phase.ANNOUNCING:
            return []
        return [Move(Kind.CONTRA, self.to_act, target=c.number) for c in self.standing
                if self._contra_refusal(self.to_act, c.number) is None]

    def playable(self) -> list[Card]:
        """R4, R9: the cards the player to act may play to this trick."""
        if self.phase is not Phase.PLAYING:
            return []
        trick = self.current_trick
        led = trick[0] if trick else None
        return playable_cards(self.hands[self.to_act], led, self.trick_number, self.bindings.get(self.to_act, {}))

    # --- making a move ---

    def copy(self) -> TableHand:
        """The same hand as a separate object: a move applied to the copy leaves this one as it is
        (cheaper than a replay; the deal, the moves, cards and bindings are immutable values)."""
        return replace(
            self, moves=list(self.moves), called=[replace(c) for c in self.called], contras=dict(self.contras),
            hands={seat: list(cards) for seat, cards in self.hands.items()},
            tricks=[list(trick) for trick in self.tricks], trick_winners=list(self.trick_winners),
            bindings=dict(self.bindings),
        )

    def apply(self, move: Move) -> None:
        """Make ``move``, or raise IllegalMove and change nothing."""
        if self.phase is Phase.FINISHED:
            raise IllegalMove("the hand is over", "hand_over")
        if move.seat != self.to_act:
            raise IllegalMove(f"it is {self.to_act}'s turn, not {move.seat}'s", "not_your_turn",
                              seat=str(move.seat), to_act=str(self.to_act))
        move = self.number_said(move)
        if self.phase is Phase.ANNOUNCING:
            self._announcing_move(move)
        else:
            self._play(move)
        self.moves.append(move)

    def number_said(self, move: Move) -> Move:
        """R6a: a message that says no number (a move stored before messages said it) is heard with
        the number its player holds; a number given is the engine's to check."""
        feast = FEASTS.get(move.feast or "") if move.kind is Kind.ANNOUNCE else None
        if feast is None or feast.counts is None or move.number is not None:
            return move
        if feast.counts == "trumps":
            return replace(move, number=sum(1 for card in self.deal.hands[move.seat] if card.is_trump))
        if len(move.suits) != 1:
            return move  # no suit to count: as before R6a
        return replace(move, number=sum(1 for card in self.deal.hands[move.seat]
                                        if card.is_suit_card and card.suit is move.suits[0]))

    def _announcing_move(self, move: Move) -> None:
        if move.kind is Kind.PLAY:
            raise IllegalMove("the announcements are not over yet", "still_announcing")
        if move.kind is Kind.PASS:
            self.passes_in_a_row += 1
        elif move.kind is Kind.ANNOUNCE:
            refusal = self._refusal(move)
            if refusal is not None:
                raise refusal
            self._announce(move)
        else:
            refusal = self._contra_refusal(move.seat, move.target)
            if refusal is not None:
                raise refusal
            self.contras[move.target] = _contra_side(move.seat, self._called(move.target).announcement)
            self.passes_in_a_row, self.spoken = 0, True
        needed = PASSES_TO_CLOSE if self.spoken else PASSES_TO_CLOSE_AFTER_DEAL
        if self.passes_in_a_row >= needed:
            self._start_play()
        else:
            self.to_act = move.seat.next_to_play

    def _announce(self, move: Move) -> None:
        announcement = _announcement(move)
        for earlier in self._same_chain(announcement):
            if not may_join_chain([earlier.announcement], announcement):
                earlier.replaced = True  # R7: the raise replaces what it raises
        self.called.append(Called(len(self.called) + 1, announcement))
        self.passes_in_a_row, self.spoken = 0, True

    def _start_play(self) -> None:
        self.phase = Phase.PLAYING
        announcements = self.announcements()
        self.bindings = bindings_of((a for a in announcements if not a.feast.is_message), self.deal.hands)
        self.to_act = self.leader = self.dealer  # R3: the attacking Driver leads to trick 1

    def _play(self, move: Move) -> None:
        if move.kind is not Kind.PLAY:
            raise IllegalMove("the announcements are over: play a card", "announcements_over")
        refusal = self._card_refusal(move.card)
        if refusal is not None:
            raise refusal
        hand = self.hands[move.seat]
        if not self.current_trick:
            self.tricks.append([])
        self.tricks[-1].append(move.card)
        hand.remove(move.card)
        trick = self.tricks[-1]
        if len(trick) < 4:
            self.to_act = move.seat.next_to_play
            return
        leader = self.trick_leader(len(self.tricks))
        start = PLAY_ORDER.index(leader)
        winner = PLAY_ORDER[(start + winning_position(trick)) % 4]
        self.trick_winners.append(winner)
        if len(self.tricks) == TRICKS_IN_A_HAND:
            self.phase, self.to_act = Phase.FINISHED, None
        else:
            self.to_act = self.leader = winner

    def _card_refusal(self, card: Card) -> IllegalMove | None:
        """R4, R9, R9c: the engine's check of a record's tricks, asked of the tricks so far with this
        card played next (whose card it is, follow suit, trump, a card bound to its trick)."""
        tricks = [list(trick) for trick in self.tricks]
        if self.current_trick:
            tricks[-1].append(card)
        else:
            tricks.append([card])
        problems = play_out(self.deal.hands, self.attackers, tricks, self.bindings)[1]
        if not problems:
            return None
        return IllegalMove.from_problem("card_not_playable", problems[-1], card=str(card), trick=len(tricks))

    # --- the rules of the round ---

    def _refusal(self, move: Move) -> IllegalMove | None:
        """Why the engine's record checks or the round's order refuse this announcement, or None."""
        announcement = _announcement(move)
        feast = announcement.feast
        malformed = _record_problems([announcement], self.deal.hands)  # R9c: declared as the feast asks
        if malformed:
            return IllegalMove.from_problem("announcement_refused", malformed[0], feast=feast.id)
        earlier = self._same_chain(announcement)
        replaced = []
        if earlier:
            joins = all(may_join_chain([c.announcement], announcement) for c in earlier) and \
                may_join_chain([c.announcement for c in earlier], announcement)
            if not joins:
                refusal = self._raise_refusal(move, feast, earlier)
                if refusal is not None:
                    return refusal
                replaced = earlier
        after = [c.announcement for c in self.standing if c not in replaced] + [announcement]
        problems = _record_problems(after, self.deal.hands)
        if problems:
            return IllegalMove.from_problem("announcement_refused", problems[0], feast=feast.id)
        return None

    def _raise_refusal(self, move: Move, feast: Feast, earlier: list[Called]) -> IllegalMove | None:
        """R7 at the table: a hierarchy is raised above its last announcement, only by the partner of
        whoever made it, and never above a contra'd feast (R8: the contra stands on what it named)."""
        last = earlier[-1]
        if feast.chain is None or feast.chain_rank <= max(c.announcement.feast.chain_rank for c in earlier):
            # Not a raise: the record would hold both, which the engine refuses (R7).
            held = _record_problems([c.announcement for c in self.standing] + [_announcement(move)], self.deal.hands)
            return IllegalMove.from_problem("not_a_raise", held[0], feast=feast.id, held=last.announcement.feast.id)
        if move.seat != last.announcement.by.partner:
            return IllegalMove(f"only {last.announcement.by.partner} may raise {last.announcement.feast.name} (R7)",
                               "raise_by_partner", feast=feast.id, held=last.announcement.feast.id,
                               partner=str(last.announcement.by.partner))
        if any(c.number in self.contras for c in earlier):
            return IllegalMove(f"{last.announcement.feast.name} has been contra'd and is not raised (R8)",
                               "raise_after_contra", feast=feast.id, held=last.announcement.feast.id)
        return None

    def _contra_refusal(self, seat: Seat, number: int | None) -> IllegalMove | None:
        called = self._called(number)
        if called is None or called.replaced:
            return IllegalMove("there is no such announcement to contra", "no_such_announcement")
        announcement = called.announcement
        contra = _contra_side(seat, announcement)
        with_contra = [replace(c.announcement, contra=contra) if c is called else c.announcement
                       for c in self.standing]
        problems = _record_problems(with_contra, self.deal.hands)  # R6: a message takes no contra
        if problems:
            return IllegalMove.from_problem("contra_refused", problems[0], feast=announcement.feast.id)
        if number in self.contras:
            return IllegalMove(f"{announcement.feast.name} already carries a contra; there are no re-contras (R8a)",
                               "contra_twice", feast=announcement.feast.id)
        if seat == announcement.by:
            return IllegalMove("the announcer's partner or an opponent calls a contra (R8)", "own_contra",
                               feast=announcement.feast.id)
        return None

    def _called(self, number: int | None) -> Called | None:
        if not isinstance(number, int) or not 1 <= number <= len(self.called):
            return None
        return self.called[number - 1]

    def _same_chain(self, announcement: Announcement) -> list[Called]:
        key = chain_key(announcement)
        return [c for c in self.standing if chain_key(c.announcement) == key]

    # --- the record ---

    def announcements(self) -> list[Announcement]:
        """The standing announcements in the order made, numbered as the record lists them."""
        return [
            Announcement(index, c.announcement.feast, c.announcement.by, c.announcement.cards,
                         c.announcement.suits, self.contras.get(c.number), number=c.announcement.number)
            for index, c in enumerate(self.standing)
        ]

    def record(self) -> dict[str, Any]:
        """FORMAT.md's record of the finished hand: the deal, the announcements with their contras
        and the ten tricks; the engine decides every result and silent premium from them."""
        if self.phase is not Phase.FINISHED:
            raise IllegalMove("the hand is not over", "hand_not_over")
        return {
            "format": HAND_FORMAT,
            "attackers": self.attackers.value,
            "deal": {str(seat): [str(card) for card in self.deal.hands[seat]] for seat in SEATS_CLOCKWISE},
            "announcements": [a.as_record() for a in self.announcements()],
            "tricks": [[str(card) for card in trick] for trick in self.tricks],
        }


def new_hand(seed: int, attackers: Team) -> TableHand:
    deal = deal_from_seed(seed, attackers)
    hand = TableHand(seed, attackers, deal)
    hand.hands = {seat: list(cards) for seat, cards in deal.hands.items()}
    hand.to_act = hand.dealer  # seed 002: "beginning with the dealer"
    return hand


def replay(seed: int, attackers: Team, moves: Iterable[Move | dict]) -> TableHand:
    """The hand after ``moves`` (Move objects or their dicts): the state is the seed and the moves."""
    hand = new_hand(seed, attackers)
    for move in moves:
        hand.apply(move if isinstance(move, Move) else Move.from_dict(move))
    return hand


# --- helpers --------------------------------------------------------------------------------


def _announcement(move: Move) -> Announcement:
    feast = FEASTS.get(move.feast or "")
    if feast is None:
        raise IllegalMove(f"{move.feast!r} is not a feast", "not_a_feast", feast=str(move.feast))
    return Announcement(0, feast, move.seat, tuple(move.cards), tuple(move.suits), number=move.number)


def _said_number(value: Any) -> int | None:
    """A message's number as a client sends it: a whole number or nothing (R6a)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise IllegalMove("a message's number is a whole number of cards (R6a)", "malformed_move")


def _contra_side(seat: Seat, announcement: Announcement) -> Contra:
    return Contra.PARTNER if seat.team is announcement.team else Contra.OPPONENTS


def _record_problems(announcements: Sequence[Announcement], deal: dict[Seat, tuple[Card, ...]]) -> list[Problem]:
    """R9c: the engine's check of a record's announcements (R6, R6a, R7, R9), with the deal known,
    asked of the announcements the record would hold."""
    numbered = [Announcement(index, a.feast, a.by, a.cards, a.suits, a.contra, number=a.number)
                for index, a in enumerate(announcements)]
    problems = Problems()
    check_announcement_numbers(numbered, problems)
    check_announcements(numbered, deal, problems)
    return problems.found


_REDS = (Suit.HEARTS, Suit.DIAMONDS)
_BLACKS = (Suit.SPADES, Suit.CLUBS)
_SUIT_CHOICES: dict[SuitRule, tuple[tuple[Suit, ...], ...]] = {
    SuitRule.NONE: ((),),
    SuitRule.OPTIONAL_ONE: ((), *((suit,) for suit in Suit)),
    SuitRule.ANY_ONE: tuple((suit,) for suit in Suit),
    SuitRule.ONE_BLACK: tuple((suit,) for suit in _BLACKS),
    SuitRule.RED_AND_BLACK: tuple((red, black) for red in _REDS for black in _BLACKS),
}


def candidate_announcements(seat: Seat, cards: Sequence[Card]) -> list[Move]:
    """Every announcement of the catalogue a seat could write, in its canonical form: declared
    magnifiers (R9) chosen among the seat's own, highest first; suits in FORMAT.md's order."""
    magnifiers = sorted((card for card in cards if card.is_magnifier), key=lambda c: c.sort_key)
    moves = []
    for feast in FEASTS.values():
        if feast.counts is not None:
            moves += _numbered_messages(seat, feast, cards)
            continue
        card_choices = list(combinations(magnifiers, feast.declared_cards)) if feast.declared_cards else [()]
        for declared in card_choices:
            for suits in _SUIT_CHOICES[feast.suits]:
                moves.append(Move(Kind.ANNOUNCE, seat, feast=feast.id, cards=declared, suits=suits))
    return moves


def _numbered_messages(seat: Seat, feast: Feast, cards: Sequence[Card]) -> list[Move]:
    """R6a: Number of a Suit of each suit and Trumps, each saying the number the seat holds (the
    engine's checks then keep those that may be said)."""
    if feast.counts == "trumps":
        return [Move(Kind.ANNOUNCE, seat, feast=feast.id, number=sum(1 for card in cards if card.is_trump))]
    return [Move(Kind.ANNOUNCE, seat, feast=feast.id, suits=(suit,),
                 number=sum(1 for card in cards if card.is_suit_card and card.suit is suit)) for suit in Suit]




# --- a table's hands: one seed for all of them -------------------------------------------------


def first_attackers(table_seed: int) -> Team:
    """R3: the cut decides who attacks in hand 1; at the table the cut is drawn from the seed."""
    return (Team.A, Team.B)[random.Random(f"cut:{table_seed}").randrange(2)]


def attackers_of_hand(first: Team, number: int) -> Team:
    """R3: the attack alternates from hand 1 (scoring.match's rule)."""
    return Team(attackers_in_hand(number, known_number=1, known_attackers=first.value))


def hand_seed(table_seed: int, number: int) -> int:
    """The seed of hand ``number`` of a table, drawn from the table's seed."""
    return random.Random(f"hand:{table_seed}:{number}").getrandbits(62)


def seats_from(leader: Seat) -> tuple[Seat, ...]:
    """The seats in the order they play a trick led by ``leader`` (R2)."""
    start = PLAY_ORDER.index(leader)
    return tuple(PLAY_ORDER[(start + step) % 4] for step in range(4))


__all__ = [
    "Deal", "IllegalMove", "Kind", "Move", "Phase", "TableHand", "attackers_of_hand", "candidate_announcements",
    "deal_from_seed", "first_attackers", "hand_seed", "new_hand", "replay", "seats_from",
]
