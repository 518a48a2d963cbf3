"""The three-handed 78-card game (seed 001), scored for free games (R18).

Each player scores (card points + 1 per trick won) - 52 (R18). The pack holds 130 card points
(seed 001: honours and kings 5, queens 4, cavaliers 3, valets 2, every other card 1, counted
singly) and a hand has 25 tricks (75 cards in tricks of three, plus the dealer's three discards,
which count as card points but not as a trick). A record whose card points do not total 130 or
whose tricks do not total 25 is refused (R18).

Record shape (``"three-handed/1"``)::

    {"format": "three-handed/1",
     "players": [
       {"name": "Anna", "card_points": 60, "tricks": 10, "dealer": true},
       {"name": "Bela", "card_points": 40, "tricks": 8},
       {"name": "Csaba", "card_points": 30, "tricks": 7}
     ]}

- ``players``: exactly three, names different and not empty; ``card_points`` 0..130 and
  ``tricks`` 0..25, whole numbers.
- ``dealer``: optional, true on at most one player.

Answer of :func:`score_three_handed`::

    {"players": [{"name": "Anna", "card_points": 60, "tricks": 10, "points": 18,
                  "lines": [{"item": "card_points", "points": 60},
                            {"item": "tricks", "points": 10},
                            {"item": "par", "points": -52}]}, ...],
     "total": -1}

Decisions where seed 001 and R18 leave room:

- Besides the two totals, each player's card points must fit the cards the player can hold:
  a player holds exactly three cards per trick won (the Fool's owner pays the trick's winner a card
  back, or surrenders the Fool when he won no trick, so the count stays three a trick), and the
  dealer three more (his discards). Every card is worth at least 1, so card points are at least
  the number of cards (R18).
- R18a: card points are at most what those cards can be worth. A player's tricks can hold the
  pack's best cards; the dealer's three discards may not be Kings or Honours (the Juggler, the
  World, the Fool), except the Fool when the dealer holds no trump (seed 001). The record does not
  say what the dealer held, so the Fool is allowed: a dealer without tricks holds at most the Fool
  and two Queens, 13 card points.
- When no dealer is named, each player is checked as if he might be the dealer, and then one of
  the three must be able to have been the dealer with the other two holding only their tricks.
- The points of the three players add up to 155 - 3 x 52 = -1 in every hand: that is R18's
  formula, not an error, so ``total`` is reported as it falls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..problems import FORMAT, shown
from .errors import Problems, raise_if_any

THREE_HANDED_FORMAT = "three-handed/1"
PLAYERS = 3  # seed 001: three play for themselves
CARD_POINTS_IN_PACK = 130  # R18, seed 001
TRICKS_IN_HAND = 25  # R18: 75 cards in tricks of three
PAR = 52  # R18: each player scores (card points + tricks) - 52
CARDS_PER_TRICK = 3
DEALER_DISCARDS = 3  # seed 001: the dealer's discards count as card points, not as a trick

# Seed 001's 78 cards by value, best first: the three honours and four kings (5), four queens
# (4), four cavaliers (3), four valets (2) and the 59 other cards (1). They add up to 130.
CARD_VALUES_BEST_FIRST = (5,) * 7 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (1,) * 59
# R18a, seed 001: the dealer may not discard a King or an Honour, except the Fool when he holds no
# trump. Barred: the four Kings, the Juggler and the World (5 each); the rest by value, best first.
NEVER_DISCARDED = (5,) * 6
DISCARDABLE_BEST_FIRST = (5,) + CARD_VALUES_BEST_FIRST[7:]
assert sorted(NEVER_DISCARDED + DISCARDABLE_BEST_FIRST) == sorted(CARD_VALUES_BEST_FIRST)

_RECORD_KEYS = frozenset({"format", "players"})
_PLAYER_KEYS = frozenset({"name", "card_points", "tricks", "dealer"})


@dataclass(frozen=True)
class ThreeHandedPlayer:
    name: str
    card_points: int
    tricks: int
    dealer: bool = False

    @property
    def points(self) -> int:
        """R18: (card points + 1 per trick won) - 52."""
        return self.card_points + self.tricks - PAR

    def as_dict(self) -> dict[str, Any]:
        lines = [
            {"item": "card_points", "points": self.card_points},
            {"item": "tricks", "points": self.tricks},
            {"item": "par", "points": -PAR},
        ]
        return {"name": self.name, "card_points": self.card_points, "tricks": self.tricks,
                "points": self.points, "lines": lines}


def score_three_handed(record: Any) -> dict[str, Any]:
    """A ``three-handed/1`` record -> each player's points (R18); raises VariantRecordError."""
    players = parse_three_handed(record)
    return {"players": [player.as_dict() for player in players],
            "total": sum(player.points for player in players)}


def parse_three_handed(record: Any) -> tuple[ThreeHandedPlayer, ...]:
    """The record's three players, once the record is well formed and adds up (R18)."""
    problems = Problems()
    if not isinstance(record, dict):
        problems.add("record", FORMAT, "a three-handed record must be a JSON object", "record_not_object")
        raise_if_any(problems)
    _check_record_keys(record, problems)
    players = _parse_players(record.get("players"), problems)
    if players is not None:
        _check_totals(players, problems)
        _check_cards_held(players, problems)
    raise_if_any(problems)
    return players


def _check_record_keys(record: dict, problems: Problems) -> None:
    if record.get("format") != THREE_HANDED_FORMAT:
        problems.add("format", FORMAT,
                     f"expected {THREE_HANDED_FORMAT!r}, got {shown(record.get('format'))}",
                     "wrong_format", expected=THREE_HANDED_FORMAT, given=shown(record.get("format")))
    for key in sorted(set(record) - _RECORD_KEYS, key=str):
        problems.add(str(key), FORMAT, "is not a field of a three-handed record",
                     "unknown_field", within="three_handed")


def _parse_players(raw: Any, problems: Problems) -> tuple[ThreeHandedPlayer, ...] | None:
    """The players, or None when any of them is malformed (the problems say which)."""
    if not isinstance(raw, list) or len(raw) != PLAYERS:
        count = len(raw) if isinstance(raw, list) else "no list of"
        problems.add("players", "R18", f"the three-handed game has {PLAYERS} players, not {count}",
                     "player_count", expected=PLAYERS, count=len(raw) if isinstance(raw, list) else None)
        return None
    before = len(problems.found)
    players = [_parse_player(entry, f"players[{index}]", problems)
               for index, entry in enumerate(raw)]
    if len(problems.found) > before:
        return None
    _check_names_and_dealer(players, problems)
    return tuple(players)


def _parse_player(entry: Any, field: str, problems: Problems) -> ThreeHandedPlayer | None:
    if not isinstance(entry, dict):
        problems.add(field, FORMAT, "a player must be a JSON object", "player_not_object")
        return None
    for key in sorted(set(entry) - _PLAYER_KEYS, key=str):
        problems.add(f"{field}.{key}", FORMAT, "is not a field of a three-handed player",
                     "unknown_field", within="player")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{field}.name", FORMAT, "a player needs a name", "player_name_missing")
    card_points = _whole_number(entry, "card_points", CARD_POINTS_IN_PACK, field, problems)
    tricks = _whole_number(entry, "tricks", TRICKS_IN_HAND, field, problems)
    dealer = entry.get("dealer", False)
    if not isinstance(dealer, bool):
        problems.add(f"{field}.dealer", FORMAT, "must be true or false", "not_true_or_false")
    return ThreeHandedPlayer(name, card_points, tricks, dealer)


def _whole_number(entry: dict, key: str, highest: int, field: str, problems: Problems) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(f"{field}.{key}", FORMAT, f"must be a whole number, got {shown(value)}",
                     "not_a_whole_number", given=shown(value))
        return 0
    if not 0 <= value <= highest:
        problems.add(f"{field}.{key}", "R18", f"must be from 0 to {highest}, got {value}",
                     "number_out_of_range", highest=highest, given=shown(value))
        return 0
    return value


def _check_names_and_dealer(players: list[ThreeHandedPlayer], problems: Problems) -> None:
    names = [player.name for player in players]
    if len(set(names)) != len(names):
        problems.add("players", "R18", "the three players must be different people", "players_not_different",
                     players=3)
    if sum(player.dealer for player in players) > 1:
        problems.add("players", "R18", "at most one player is the dealer", "several_dealers")


def _check_totals(players: tuple[ThreeHandedPlayer, ...], problems: Problems) -> None:
    """R18: the card points total 130 and the tricks 25."""
    card_points = sum(player.card_points for player in players)
    if card_points != CARD_POINTS_IN_PACK:
        problems.add("players[*].card_points", "R18",
                     f"the card points of the three players add up to {card_points}, not "
                     f"{CARD_POINTS_IN_PACK}", "card_points_total", total=card_points, expected=CARD_POINTS_IN_PACK)
    tricks = sum(player.tricks for player in players)
    if tricks != TRICKS_IN_HAND:
        problems.add("players[*].tricks", "R18",
                     f"the tricks of the three players add up to {tricks}, not {TRICKS_IN_HAND}",
                     "tricks_total", total=tricks, expected=TRICKS_IN_HAND)


def _check_cards_held(players: tuple[ThreeHandedPlayer, ...], problems: Problems) -> None:
    """Each player's card points must fit the cards he holds: at least one a card (R18, seed 001),
    at most what those cards can be worth (R18a)."""
    dealer_named = any(player.dealer for player in players)
    before = len(problems.found)
    for index, player in enumerate(players):
        field = f"players[{index}].card_points"
        fewest = cards_held(player, player.dealer)
        if player.card_points < fewest:
            problems.add(field, "R18", f"{player.name} cannot hold {player.card_points} card points in "
                                       f"{fewest} cards: every card counts at least 1 (seed 001)",
                                       "too_few_card_points", player=player.name,
                                       card_points=player.card_points, cards=fewest)
        as_dealer = player.dealer or not dealer_named
        most = most_card_points(player.tricks, as_dealer)
        if player.card_points > most:
            problems.add(field, "R18a", f"{player.name} cannot hold {player.card_points} card points: "
                                        f"{_what_he_holds(player, dealer_named)} at most {most}",
                                        "too_many_card_points", player=player.name,
                                        card_points=player.card_points, most=most,
                                        holding=_holding_case(player, dealer_named),
                                        cards=CARDS_PER_TRICK * player.tricks, tricks=player.tricks)
    if not dealer_named and len(problems.found) == before and not _someone_could_deal(players):
        problems.add("players[*].card_points", "R18a",
                     "none of the three can have been the dealer: whoever it was, another player holds "
                     "more card points than the cards of his tricks can be worth", "no_possible_dealer")


def cards_held(player: ThreeHandedPlayer, as_dealer: bool) -> int:
    """Three cards a trick won, and the dealer's three discards."""
    return CARDS_PER_TRICK * player.tricks + (DEALER_DISCARDS if as_dealer else 0)


def most_card_points(tricks: int, as_dealer: bool) -> int:
    """R18a: the most the cards of ``tricks`` tricks (and the dealer's discards) can be worth.

    The tricks may hold any cards; the discards none of the six cards never discarded, all worth
    5 and so best placed in the tricks. Any of them the tricks cannot take leave the discards to
    the best discardable cards.
    """
    in_tricks = CARDS_PER_TRICK * tricks
    if not as_dealer:
        return sum(CARD_VALUES_BEST_FIRST[:in_tricks])
    barred_in_tricks = min(len(NEVER_DISCARDED), in_tricks)
    rest = in_tricks + DEALER_DISCARDS - barred_in_tricks
    return sum(NEVER_DISCARDED[:barred_in_tricks]) + sum(DISCARDABLE_BEST_FIRST[:rest])


def _holding_case(player: ThreeHandedPlayer, dealer_named: bool) -> str:
    """Which of :func:`_what_he_holds`'s cases a player is in, as a problem's param: "dealer" (his
    discards and tricks), "no_trick" (no card at all), "tricks" (his tricks only) or
    "maybe_dealer" (no dealer named: his discards and tricks, as if he dealt)."""
    if player.dealer:
        return "dealer"
    if dealer_named:
        return "no_trick" if player.tricks == 0 else "tricks"
    return "maybe_dealer"


def _what_he_holds(player: ThreeHandedPlayer, dealer_named: bool) -> str:
    tricks = f"the {CARDS_PER_TRICK * player.tricks} cards of his {player.tricks} tricks"
    discards = ("three discards, which may not be Kings or Honours (the Fool only when he holds no "
                "trump)")
    if player.dealer:
        return f"as the dealer, his {discards}, and {tricks}, are worth"
    if dealer_named:
        if player.tricks == 0:
            return "he won no trick and is not the dealer, so he holds no card: worth"
        return f"{tricks} are worth"
    return f"even as the dealer, his {discards}, and {tricks}, are worth"


def _someone_could_deal(players: tuple[ThreeHandedPlayer, ...]) -> bool:
    """Whether one player can have been the dealer, with the other two holding only their tricks."""
    return any(
        all(cards_held(player, player is dealer) <= player.card_points
            <= most_card_points(player.tricks, player is dealer) for player in players)
        for dealer in players
    )
