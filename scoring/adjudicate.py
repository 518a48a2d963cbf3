"""Deciding every feast and silent premium from the cards played (seed 002, R4, R7, R9, R10).

:func:`adjudicate` checks the play (R4, R9), then decides each announced feast with the condition
in :data:`CONDITIONS` and finds the silent premiums (R10). Each condition is coded from seed 002's
wording; where the wording leaves a point open, the decision taken is written in the entry's
``decision`` text, so that the table is the one place to read how a feast is judged.

Vocabulary used throughout (seed 002 and R10):

- "the team" is the announcer's team: the announcer or the partner may achieve any feast.
- "win trick n with X": X is the winning card of trick n (and so the team won it).
- "capture X" / "have X in their tricks": X fell in a trick the team won, whoever played it.
- "the opponents' X": X was dealt to a player of the other team.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import ANGEL as XX
from .cards import FOOL, LAMOUR, MOND, PACK, PAGAT, VISI, Card, Rank, Suit, Team, catcher, driver
from .feasts import FEASTS, SILENT_PREMIUMS
from .play import BIT, SUIT_MASKS, TRICKS_IN_A_HAND, PlayedHand, bindings_of, index_of, mask_of, play_out
from .problems import InvalidRecord, Problem
from .records import Announcement, Hand, SilentEntry

ALL_TRICKS = range(1, TRICKS_IN_A_HAND + 1)
LAST_THREE = (8, 9, 10)
# R9 / seed 002's Bound Tricks: Piccolo .. Large Bird, the card each one places and its trick.
FIVE_BOUND_TRICKS = ((VISI, 3), (LAMOUR, 4), (XX, 5), (MOND, 6), (FOOL, 7))
_UNDER_KING = (Rank.QUEEN, Rank.CAVALIER, Rank.VALET, Rank.TEN)
_COURT_BELOW_KING = (Rank.QUEEN, Rank.CAVALIER, Rank.VALET)


class Facts:
    """What the tricks show: who won each trick and with which card, and which cards each team took."""

    def __init__(self, played: PlayedHand):
        self.tricks = [None, *played.tricks]  # by trick number, 1..10
        self.trick_of = played.trick_of  # by card index
        self.dealt_to = played.dealt_to  # by card index
        self.captured = {Team.A: 0, Team.B: 0}  # card masks
        self.tricks_won = {Team.A: 0, Team.B: 0}
        for trick, mask in zip(played.tricks, played.trick_masks, strict=True):
            team = trick.winner.team
            self.captured[team] |= mask
            self.tricks_won[team] += 1

    def won(self, team: Team, number: int) -> bool:
        return self.tricks[number].winner.team is team

    def won_all(self, team: Team) -> bool:
        return self.tricks_won[team] == TRICKS_IN_A_HAND

    def won_first(self, team: Team, count: int) -> bool:
        return all(self.won(team, number) for number in range(1, count + 1))

    def wins_with(self, team: Team, number: int, is_wanted: Callable[[Card], bool]) -> bool:
        """The team won trick ``number`` and its winning card is one ``is_wanted`` accepts."""
        trick = self.tricks[number]
        return trick.winner.team is team and is_wanted(trick.winning_card)

    def wins_any_with(self, team: Team, is_wanted: Callable[[Card], bool]) -> bool:
        return any(self.wins_with(team, number, is_wanted) for number in ALL_TRICKS)

    def wins_last_three_with(self, team: Team, is_wanted: Callable[[Card], bool]) -> bool:
        return all(self.wins_with(team, number, is_wanted) for number in LAST_THREE)

    def has_in_tricks(self, team: Team, mask: int) -> bool:
        """Every card of ``mask`` fell in a trick the team won."""
        return self.captured[team] & mask == mask

    def captured_from_opponents(self, team: Team, card: Card) -> bool:
        """R10: the opponents' card fell into a trick the team won."""
        index = index_of(card)
        return self.dealt_to[index] is team.other and bool(self.captured[team] & BIT[index])

    def falls_in(self, card: Card) -> int:
        """The trick (1..10) the card was played to."""
        return self.trick_of[index_of(card)]

    def dealt_to_team(self, card: Card) -> Team:
        return self.dealt_to[index_of(card)]

    def winning_cards(self, numbers: frozenset[int]) -> set[Card]:
        return {self.tricks[number].winning_card for number in numbers}

    def mond_falls_to_fool(self, team: Team) -> bool:
        """The opponents' Mond falls in the trick of the team's Fool (which wins any trick)."""
        return (self.dealt_to_team(MOND) is team.other and self.dealt_to_team(FOOL) is team
                and self.falls_in(MOND) == self.falls_in(FOOL))

    def five_bound_tricks(self, team: Team) -> bool:
        """Piccolo .. Large Bird together: the first seven tricks, the five trumps placed."""
        return self.won_first(team, 7) and all(self.falls_in(card) == number for card, number in FIVE_BOUND_TRICKS)

    def four_in_a_row(self, team: Team, is_wanted: Callable[[Card], bool]) -> bool:
        run = 0
        for number in ALL_TRICKS:
            run = run + 1 if self.wins_with(team, number, is_wanted) else 0
            if run >= 4:
                return True
        return False


Test = Callable[[Facts, Announcement], bool]


@dataclass(frozen=True)
class Condition:
    """How one feast is decided: the rule as coded, the decision taken where seed 002 is open."""

    rule: str
    test: Test
    decision: str = ""


# --- card predicates ------------------------------------------------------------------------


def _is_bird(card: Card) -> bool:
    return card.is_bird


def _is_king(card: Card) -> bool:
    return card.is_king


def _is_suit_card(card: Card) -> bool:
    return card.suit is not None


def _is_suit_card_below_king(card: Card) -> bool:
    return card.rank in _UNDER_KING


def _is_red_court_below_king(card: Card) -> bool:
    return card.rank in _COURT_BELOW_KING and card.suit.is_red


def _is_black_court_below_king(card: Card) -> bool:
    return card.rank in _COURT_BELOW_KING and card.suit.is_black


def _of_suits(*suits: Suit) -> Callable[[Card], bool]:
    return lambda card: card.suit in suits


def _suits_mask(suits: tuple[Suit, ...]) -> int:
    mask = 0
    for suit in suits:
        mask |= SUIT_MASKS[suit]
    return mask


_FOOL_MASK = mask_of([FOOL])
_MOND_MASK = mask_of([MOND])
_KINGS_MASK = mask_of(card for card in PACK if card.is_king)


# --- conditions -----------------------------------------------------------------------------


def _has(*cards: Card) -> Test:
    mask = mask_of(cards)
    return lambda facts, a: facts.has_in_tricks(a.team, mask)


def _has_honour(facts: Facts, a: Announcement) -> bool:
    return facts.has_in_tricks(a.team, _FOOL_MASK) or facts.has_in_tricks(a.team, _MOND_MASK)


def _at_least(count: int) -> Test:
    return lambda facts, a: facts.tricks_won[a.team] >= count


def _bound_trick(card: Card, number: int) -> Test:
    return lambda facts, a: facts.won_first(a.team, number) and facts.falls_in(card) == number


def _declared_cards_win(facts: Facts, a: Announcement) -> bool:
    """Magnified, flight and set-bound feasts: each declared magnifier wins one of the named
    tricks (R9 binds them to those tricks as a set, in either order)."""
    numbers = a.feast.declared_tricks
    return (all(facts.won(a.team, number) for number in numbers)
            and facts.winning_cards(numbers) == set(a.cards))


def _has_suits(facts: Facts, a: Announcement) -> bool:
    return facts.has_in_tricks(a.team, _suits_mask(a.suits))


def _has_cards_of(*suits: Suit) -> Test:
    mask = _suits_mask(suits)
    return lambda facts, a: facts.has_in_tricks(a.team, mask)


def _wins_a_trick_with(is_wanted: Callable[[Card], bool]) -> Test:
    return lambda facts, a: facts.wins_any_with(a.team, is_wanted)


def _wins_tricks_with(numbers: tuple[int, ...], is_wanted: Callable[[Card], bool]) -> Test:
    return lambda facts, a: all(facts.wins_with(a.team, number, is_wanted) for number in numbers)


def _dschinn(facts: Facts, a: Announcement) -> bool:
    pip = Card(suit=a.suits[0], rank=Rank.TEN)
    return facts.wins_any_with(a.team, lambda card: card == pip)


def _marriage(facts: Facts, a: Announcement) -> bool:
    suit = a.suits[0]
    pair = {Card(suit=suit, rank=Rank.KING), Card(suit=suit, rank=Rank.QUEEN)}
    return facts.won(a.team, 9) and facts.won(a.team, 10) and facts.winning_cards(frozenset({9, 10})) == pair


def _mond_capture(facts: Facts, a: Announcement) -> bool:
    return facts.mond_falls_to_fool(a.team)


def _golgotha(facts: Facts, a: Announcement) -> bool:
    return facts.captured_from_opponents(a.team, MOND) and facts.captured_from_opponents(a.team, PAGAT)


def _centaur(facts: Facts, a: Announcement) -> bool:
    return facts.mond_falls_to_fool(a.team) and facts.wins_any_with(a.team, _is_suit_card_below_king)


def _famille(facts: Facts, a: Announcement) -> bool:
    return facts.wins_last_three_with(a.team, _of_suits(a.suits[0]))


def _sphinx(facts: Facts, a: Announcement) -> bool:
    red = [n for n in ALL_TRICKS if facts.wins_with(a.team, n, _is_red_court_below_king)]
    black = [n for n in ALL_TRICKS if facts.wins_with(a.team, n, _is_black_court_below_king)]
    return bool(red) and bool(black) and min(red) < max(black)


def _all_tricks_and(*parts: Test) -> Test:
    return lambda facts, a: facts.won_all(a.team) and all(part(facts, a) for part in parts)


def _five_bound(facts: Facts, a: Announcement) -> bool:
    return facts.five_bound_tricks(a.team)


def _last_three_with(is_wanted: Callable[[Card], bool]) -> Test:
    return lambda facts, a: facts.wins_last_three_with(a.team, is_wanted)


def _last_three_of_declared_suit(facts: Facts, a: Announcement) -> bool:
    return facts.wins_last_three_with(a.team, _of_suits(a.suits[0]))


def _opponents_mond(facts: Facts, a: Announcement) -> bool:
    return facts.captured_from_opponents(a.team, MOND)


def _opponents_pagat(facts: Facts, a: Announcement) -> bool:
    return facts.captured_from_opponents(a.team, PAGAT)


def _four_in_a_row(is_wanted: Callable[[Card], bool]) -> Test:
    return lambda facts, a: facts.four_in_a_row(a.team, is_wanted)


def _stella_fixed(facts: Facts, a: Announcement) -> bool:
    return all(facts.wins_with(a.team, number, lambda card, c=card: card == c)
               for card, number in ((LAMOUR, 4), (XX, 5), (MOND, 6), (FOOL, 7)))


def _both_partners_in_last_three(facts: Facts, a: Announcement) -> bool:
    winners = {facts.tricks[number].winner for number in LAST_THREE}
    return {driver(a.team), catcher(a.team)} <= winners


_TEAM = ("'The team' is the announcer or the partner: the seed's 'The announcer contracts the team to "
         "...' makes either player's trick count.")
_PLAYED_TO = ("'With the card being played to trick n' is read literally: the card falls in trick n, "
              "whoever plays it, and the team wins tricks 1..n (so it captures the card). It need not "
              "be the team's own card: R3 deals the XIX and XX to the attackers, and requiring the "
              "team's own card would make Town Centre and Centre impossible for the defenders, which "
              "the seed nowhere says. The card need not win the trick.")
_FIVE_BOUND = ("'The five Bound Tricks' are Piccolo..Large Bird together: the team wins tricks 1-7 and "
               "the XVIII, XIX, XX, XXI and Fool fall in tricks 3, 4, 5, 6 and 7, whoever plays them "
               "(as for the Bound Tricks themselves). The announcing team's own XVIII..Fool are bound "
               "to those tricks (R9b), as the Bound Tricks bind them (R9).")
_UNDECLARED = ("'Undeclared' means the announcement names no cards; any card of the kind counts, "
               "also one the team declared for another feast.")
_OPPONENTS_CARD = ("'The opponents' Mond/Pagat' is the card dealt to a player of the other team; when the "
                   "team itself holds it the feast cannot be won.")
_ONE_TRICK = "'Win a trick with X': at least one trick the team won has X as its winning card."

CONDITIONS: dict[str, Condition] = {
    # Material premiums: the card(s) in the team's tricks, whoever played them.
    "visi": Condition("the XVIII in the team's tricks", _has(VISI)),
    "lamour": Condition("the XIX in the team's tricks", _has(LAMOUR)),
    "angel": Condition("the XX in the team's tricks", _has(XX)),
    "honour": Condition("the Fool or the Mond in the team's tricks", _has_honour),
    "heads": Condition("the Fool and the Mond in the team's tricks", _has(FOOL, MOND)),
    "full_honours": Condition("the Fool, the Mond and the Pagat in the team's tricks", _has(FOOL, MOND, PAGAT),
                              "The Pagat may be the team's own or the opponents'."),
    # Free passes: tricks won.
    "play": Condition("at least 5 tricks", _at_least(5)),
    "cash": Condition("at least 6 tricks", _at_least(6)),
    "bridge": Condition("at least 7 tricks", _at_least(7)),
    "octave": Condition("at least 8 tricks", _at_least(8)),
    "misere": Condition("at least 9 tricks", _at_least(9)),
    "slam": Condition("all 10 tricks", _at_least(10)),
    # Bound tricks.
    "piccolo": Condition("tricks 1-3, the XVIII falling in trick 3", _bound_trick(VISI, 3), _PLAYED_TO),
    "town_centre": Condition("tricks 1-4, the XIX falling in trick 4", _bound_trick(LAMOUR, 4), _PLAYED_TO),
    "centre": Condition("tricks 1-5, the XX falling in trick 5", _bound_trick(XX, 5), _PLAYED_TO),
    "small_bird": Condition("tricks 1-6, the XXI falling in trick 6", _bound_trick(MOND, 6), _PLAYED_TO),
    "large_bird": Condition("tricks 1-7, the Fool falling in trick 7", _bound_trick(FOOL, 7), _PLAYED_TO),
    # Magnified feasts: the declared magnifier is the winning card of the named trick.
    "last_day_of_the_month": Condition("trick 10 won with the declared magnifier", _declared_cards_win),
    "before_the_end_of_the_month": Condition("trick 9 won with the declared magnifier", _declared_cards_win),
    "kite": Condition("trick 8 won with the declared magnifier", _declared_cards_win),
    "seize": Condition("trick 7 won with the declared magnifier", _declared_cards_win),
    "turul": Condition("trick 6 won with the declared magnifier", _declared_cards_win),
    # Flight feasts.
    "pheasant": Condition("trick 1 won with the declared magnifier", _declared_cards_win),
    "falcon": Condition("trick 2 won with the declared magnifier", _declared_cards_win),
    # Intercept feasts: every card of the suits in the team's tricks.
    "gang": Condition("all cards of the declared suit in the team's tricks", _has_suits),
    "quick_one": Condition("all hearts and diamonds in the team's tricks", _has_cards_of(Suit.HEARTS, Suit.DIAMONDS)),
    "the_red_and_the_black": Condition("all cards of the declared red and black suits in the team's tricks",
                                       _has_suits),
    "army": Condition("all spades and clubs in the team's tricks", _has_cards_of(Suit.SPADES, Suit.CLUBS)),
    "legion": Condition("all 18 suit cards in the team's tricks", _has_cards_of(*Suit)),
    # Extras.
    "amazon": Condition("a trick won with a Queen, Cavalier, Valet or 10",
                        _wins_a_trick_with(_is_suit_card_below_king),
                        _ONE_TRICK + " 'Below the rank of King' includes the black 10s."),
    "pagat_capture": Condition("the opponents' Pagat in the team's tricks", _opponents_pagat, _OPPONENTS_CARD),
    "second_pheasant": Condition("tricks 1 and 2 won with the two declared magnifiers", _declared_cards_win,
                                 "The declared cards are bound to tricks 1 and 2 as a set: each wins one, "
                                 "in either order (R9)."),
    "third_pheasant": Condition("tricks 1 and 3 won with the two declared magnifiers", _declared_cards_win,
                                "As Second Pheasant, for tricks 1 and 3 (either order)."),
    "fourth_pheasant": Condition("tricks 2 and 4 won with the two declared magnifiers", _declared_cards_win,
                                 "As Second Pheasant, for tricks 2 and 4 (either order)."),
    "schleicher": Condition("tricks 9 and 10 won with Birds", _wins_tricks_with((9, 10), _is_bird),
                            "The seed says 'the announcer contracts to win' without 'the team'; read as "
                            "every other feast: either player of the team may win the tricks. "
                            + _UNDECLARED),
    "pho_nothing": Condition("tricks 9 and 10 won with Kings", _wins_tricks_with((9, 10), _is_king), _UNDECLARED),
    # Little trophies.
    "spadille": Condition("a trick won with a red Queen, Cavalier or Valet",
                          _wins_a_trick_with(_is_red_court_below_king), _ONE_TRICK),
    "manille": Condition("a trick won with a black Queen, Cavalier or Valet",
                         _wins_a_trick_with(_is_black_court_below_king),
                         _ONE_TRICK + " The black 10 does not count (it is Dschinn's card)."),
    "dschinn": Condition("a trick won with the 10 of the declared black suit", _dschinn, _ONE_TRICK),
    "marriage": Condition("tricks 9 and 10 won with the King and the Queen of the declared suit", _marriage,
                          "Either order: R9 binds the two cards to tricks 9 and 10 in either order."),
    # Trophies.
    "mond_capture": Condition("the opponents' Mond falls to the team's Fool", _mond_capture,
                              "The Mond falls in the trick to which the team's Fool is played (the Fool wins "
                              "every trick it is in). " + _OPPONENTS_CARD),
    "habicht": Condition("tricks 1-3 won with the three declared magnifiers", _declared_cards_win,
                         "Each declared card wins one of tricks 1-3, in any order (R9 binds them as a set)."),
    "couleur": Condition("tricks 8-10 won with suit cards", _last_three_with(_is_suit_card), _UNDECLARED),
    "scale": Condition("all tricks, and the five Bound Tricks", _all_tricks_and(_five_bound), _FIVE_BOUND),
    "golgotha": Condition("the opponents' Mond and Pagat in the team's tricks", _golgotha, _OPPONENTS_CARD),
    "centaur": Condition("the opponents' Mond falls to the team's Fool, and a trick won with a suit card "
                         "other than a King", _centaur, _ONE_TRICK + " " + _OPPONENTS_CARD),
    "trojka": Condition("tricks 8-10 won with Birds", _last_three_with(_is_bird), _UNDECLARED),
    "famille": Condition("tricks 8-10 won with cards of the declared suit", _famille,
                         "'The announced suit' is the suit given in the announcement's suits."),
    "bethlehem": Condition("tricks 8-10 won with Kings", _last_three_with(_is_king), _UNDECLARED),
    "sphinx": Condition("a trick won with a red Queen, Cavalier or Valet, and a later trick won with a "
                        "black one", _sphinx,
                        "'A red and then a second trick with a black' is read as an order: the black "
                        "card wins a later trick than the red one."),
    "quart": Condition("all tricks, four in a row won with suit cards", _all_tricks_and(_four_in_a_row(_is_suit_card)),
                       "'Four in a row' means at least four consecutive tricks (a longer run counts)."),
    "pyramid": Condition("all tricks, four in a row won with Birds", _all_tricks_and(_four_in_a_row(_is_bird))),
    "spectrum": Condition("all tricks, the five Bound Tricks, tricks 8-10 won with suit cards",
                          _all_tricks_and(_five_bound, _last_three_with(_is_suit_card)),
                          _FIVE_BOUND + " " + _UNDECLARED),
    "stella": Condition("all tricks; tricks 1-3 won with the declared magnifiers, 4 with the XIX, 5 with "
                        "the XX, 6 with the Mond, 7 with the Fool",
                        _all_tricks_and(_declared_cards_win, _stella_fixed),
                        "The declared magnifiers win tricks 1-3 in any order (R9 binds them as a set)."),
    "full": Condition("all tricks, the five Bound Tricks, tricks 8-10 won with Birds",
                      _all_tricks_and(_five_bound, _last_three_with(_is_bird)), _FIVE_BOUND + " " + _UNDECLARED),
    "court": Condition("all tricks, the five Bound Tricks, tricks 8-10 won with cards of the declared suit",
                       _all_tricks_and(_five_bound, _last_three_of_declared_suit), _FIVE_BOUND),
    "grand": Condition("all tricks, the five Bound Tricks, tricks 8-10 won with Kings",
                       _all_tricks_and(_five_bound, _last_three_with(_is_king)), _FIVE_BOUND + " " + _UNDECLARED),
    "harpy": Condition("all tricks, a trick won with a suit card other than a King, the opponents' Mond",
                       _all_tricks_and(_wins_a_trick_with(_is_suit_card_below_king), _opponents_mond),
                       _ONE_TRICK + " 'Win the opponent's Mond' is capture: no particular card must take it. "
                       + _OPPONENTS_CARD),
    "gloria": Condition("all tricks, the opponents' Mond, tricks 8-10 won with suit cards",
                        _all_tricks_and(_opponents_mond, _last_three_with(_is_suit_card)),
                        _OPPONENTS_CARD + " " + _UNDECLARED),
    "triumph": Condition("all tricks, the opponents' Mond, tricks 8-10 won with Birds",
                         _all_tricks_and(_opponents_mond, _last_three_with(_is_bird)),
                         _OPPONENTS_CARD + " " + _UNDECLARED),
    "royal": Condition("all tricks, the opponents' Mond and Pagat, tricks 8-10 won with Birds, each partner "
                       "winning at least one of them",
                       _all_tricks_and(_opponents_mond, _opponents_pagat, _last_three_with(_is_bird),
                                       _both_partners_in_last_three),
                       _OPPONENTS_CARD + " " + _UNDECLARED),
}

# Every feast but the messages (R6: they have no result) is decided here, and nothing else.
assert set(CONDITIONS) == {feast_id for feast_id, feast in FEASTS.items() if not feast.is_message}


def decision(feast_id: str) -> str:
    """How an open point of the feast's wording was decided ('' where the seed is clear)."""
    return CONDITIONS[feast_id].decision if feast_id in CONDITIONS else ""


# --- silent premiums (R10) --------------------------------------------------------------------


def _obscure(facts: Facts, team: Team) -> bool:
    """R10: the first five tricks. Whether the team announced a free pass is the scorer's business
    (the free passes cover Obscure, so a team that announced one gets no line for it)."""
    return facts.won_first(team, 5)


SILENT_CONDITIONS: dict[str, Callable[[Facts, Team], bool]] = {
    "obscure": _obscure,
    "lie_in_wait": lambda facts, team: facts.captured_from_opponents(team, PAGAT),
    "four_kings": lambda facts, team: facts.has_in_tricks(team, _KINGS_MASK),
    "silent_mond_capture": lambda facts, team: facts.captured_from_opponents(team, MOND),
}
assert set(SILENT_CONDITIONS) == set(SILENT_PREMIUMS)


_SILENT_ENTRIES = tuple(
    (SILENT_CONDITIONS[premium_id], team, SilentEntry(premium, team))
    for premium_id, premium in SILENT_PREMIUMS.items() for team in (Team.A, Team.B)
)


def silent_premiums(facts: Facts) -> tuple[SilentEntry, ...]:
    """R10: each silent premium a team achieved, covered or not (the scorer drops covered lines)."""
    return tuple(entry for achieved, team, entry in _SILENT_ENTRIES if achieved(facts, team))


# --- the whole hand ---------------------------------------------------------------------------


def decide(facts: Facts, announcement: Announcement) -> bool:
    return CONDITIONS[announcement.feast.id].test(facts, announcement)


def adjudicate(hand: Hand) -> Hand:
    """Check the play of a full hand (R4, R9) and return it with every result and silent premium.

    Raises :class:`InvalidRecord` listing every illegal play, and every given ``result`` or
    ``silent`` entry that the tricks contradict.
    """
    bindings = bindings_of((a for a in hand.announcements if not a.feast.is_message), hand.deal)
    played, problems = play_out(hand.deal, hand.attackers, hand.tricks, bindings)
    if problems:
        raise InvalidRecord(problems)
    facts = Facts(played)
    results = {a.index: decide(facts, a) for a in hand.announcements if not a.feast.is_message}
    silent = silent_premiums(facts)
    problems = _given_results_disagree(hand, results) + _given_silent_disagrees(hand, silent)
    if problems:
        raise InvalidRecord(problems)
    return hand.with_results(results, silent)


def _given_results_disagree(hand: Hand, results: dict[int, bool]) -> list[Problem]:
    """FORMAT.md: with tricks the engine decides each result; a given one must agree (R7)."""
    problems = []
    for announcement in hand.announcements:
        given = announcement.won
        if given is None or announcement.feast.is_message or given == results[announcement.index]:
            continue
        problems.append(Problem(
            f"announcements[{announcement.index}].result", "R7",
            f"the record says {announcement.feast.name} was {_result_word(given)}, but the tricks show "
            f"it {_result_word(results[announcement.index])} ({CONDITIONS[announcement.feast.id].rule})",
            "result_disagrees_with_tricks",
            {"feast": announcement.feast.id, "given": _result_word(given),
             "shown": _result_word(results[announcement.index]), "rule": CONDITIONS[announcement.feast.id].rule},
        ))
    return problems


def _result_word(won: bool) -> str:
    return "won" if won else "lost"


def _given_silent_disagrees(hand: Hand, silent: tuple[SilentEntry, ...]) -> list[Problem]:
    """FORMAT.md: with tricks the engine finds the silent premiums; a given list must agree (R10),
    though it may leave out one that the team's own announcement covers (R10a)."""
    if hand.silent is None:
        return []
    achieved = {(entry.premium.id, entry.team) for entry in silent}
    problems = []
    for index, entry in enumerate(hand.silent):
        if (entry.premium.id, entry.team) not in achieved:
            problems.append(Problem(f"silent[{index}]", "R10",
                                    f"the tricks do not show {entry.premium.name} for team {entry.team}",
                                    "premium_not_shown", {"premium": entry.premium.id, "team": entry.team.value}))
    given = {(entry.premium.id, entry.team) for entry in hand.silent}
    announced = {team: {a.feast.id for a in hand.announcements if a.team is team} for team in (Team.A, Team.B)}
    for entry in silent:
        # R10a: a premium the team's own announced feast covers is not scored (R10), so the record
        # need not list it (Obscure under a free pass, Lie in Wait under Pagat Capture).
        if (entry.premium.id, entry.team) not in given and not entry.premium.covered_by & announced[entry.team]:
            problems.append(Problem("silent", "R10",
                                    f"the tricks show {entry.premium.name} for team {entry.team}, "
                                    "which the record does not list",
                                    "premium_not_listed", {"premium": entry.premium.id, "team": entry.team.value}))
    return problems


__all__ = ["CONDITIONS", "Condition", "Facts", "adjudicate", "decide", "decision", "silent_premiums"]
