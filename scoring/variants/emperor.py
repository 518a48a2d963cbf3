"""Emperor Tarokk (seed 000), one hand scored in game points for free games (R18).

Four play with a 46-card pack holding 94 card points; each holds 10 cards, so a hand has 10
tricks. The declarer (with the partner called by a trump, or alone against three) needs 48 card
points. The bid sets the game's value: 3 Cards 1, 2 Cards 2, 1 Card 3, Without 4 game points
(R18; the seed's second "3 Cards" is 1 Card). Contra, Re-Contra and Sub-Contra each double what
they are called on (R18). The bonuses and the High Game and Slam multipliers have the announced
and unannounced values of seed 000.

Record shape (``"emperor/1"``)::

    {"format": "emperor/1",
     "declarer": "Anna",
     "partner": "Bela",                  # null or absent: the declarer plays alone
     "defenders": ["Csaba", "Dora"],     # two with a partner, three without
     "bid": "two_cards",                 # three_cards | two_cards | one_card | without
     "contra": "contra",                 # on the bid: null | contra | re_contra | sub_contra
     "card_points": 55,                  # taken by the declarer's side, 0..94
     "tricks": 6,                        # won by the declarer's side, 0..10
     "annulments": 0,                    # optional: annulled deals just before this one
     "bonuses": [
       {"bonus": "honours", "side": "declarer", "announced": true, "made": true,
        "contra": null},
       {"bonus": "marriage", "suit": "hearts", "side": "defenders", "announced": true,
        "made": false},
       {"bonus": "high_game", "side": "declarer", "announced": true}
     ]}

- ``side`` is ``"declarer"`` (the declarer and partner) or ``"defenders"``: the side that
  announced the bonus, or for an unannounced bonus the side that made it.
- ``bonus`` ids (announced / unannounced value; "-" = scores only when announced):
  ``honours`` 2/1, ``kings`` 2/1, ``high_game`` x4/x2, ``slam`` x6/x3, ``sparrow`` 10/5,
  ``conquest`` 40/20, ``first_five`` 10/5, ``first_six`` 12/6, ``first_seven`` 14/7,
  ``first_eight`` 20/10, ``last_king`` 15/-, ``penultimate_king`` 20/-, ``last_owl`` 25/-,
  ``owl`` 30/-, ``force_of_one`` 20/-, ``profit_of_one`` 20/-, ``pip_the_post`` 30/-,
  ``marriage`` 50/-, ``bethlehem`` 60/-, ``family`` 60/-, ``flock`` 60/-.
- ``suit`` (``hearts``, ``diamonds``, ``spades``, ``clubs``) is given exactly for the bonuses
  that name one: ``last_king``, ``penultimate_king``, ``pip_the_post``, ``marriage``, ``family``.
- ``made`` is required except for ``high_game`` and ``slam``, which are read from
  ``card_points`` (71 or more; 23 or fewer for the defenders) and ``tricks`` (all 10; none for
  the defenders). They are listed only when announced; a ``made`` given for them must agree.
- ``contra`` (on the bid or on an announced bonus) is optional; an unannounced bonus has none.

Answer of :func:`score_emperor`: ``sides`` gives each side its ``points`` and the ``lines``
that make them (``{"item", "points", "detail"}``, adding up to ``points``; the defenders' lines
are the declarer's side's lines negated), ``players`` each player's game points, and ``game`` the
card points and whether the game was won.

Decisions where seed 000 and R18 leave room (each is repeated beside its code):

1. A lost game is paid: the defenders score the game's value. The seed's "or score nothing" is
   read as "wins nothing"; a Contra called by a defender on the bid, and the defenders' own High
   Game or Slam, only mean something if a lost game pays the defenders.
2. The game is worth its bid (R18). The seed's last sentence ("the value of the card points will
   be added to their game points up to a maximum of 60") contradicts R18's game values, so R18
   wins and card points only decide who won the game, High Game and Slam.
3. High Game and Slam multiply the game's value (the bid, with its contra), not the bonuses, which
   have their own values. Either side can make them. They do not stack: the winner's game is
   multiplied by the largest multiplier it achieved (an announced one at the announced rate,
   times its own contra), so a Slam normally supersedes High Game. A side may not announce both.
4. An announced bonus that fails costs the announcing side its announced value (times its
   contra), paid to the other side. For an announced High Game or Slam that fails this is the
   game's value times the announced multiplier, on top of the game itself.
5. A side that took every trick wins the game, and the other side can have made no bonus. A bonus
   needs at least as many tricks as it names (First Eight 8, Marriage 2, the last-three bonuses 3,
   Slam 10, any other 1). A bonus that only one side can make in a hand (all but Force of One,
   Profit of One and Pip the Post) cannot be recorded as made by both.
6. Payment: each defender pays the side's points; the declarer's side shares what it collects.
   So with a partner each of the four players scores plus or minus the points, and a declarer
   playing alone scores three times the points against minus the points for each defender.
7. Annulment: seed 000 doubles the points of the hand dealt after an annulment; each annulment in
   a row doubles again. This is shown as an ``annulment`` line worth the doubling.
8. Honours and Kings made by a side that also won a Slam are shown with 0 points (seed 000: a
   side that wins a Slam does not score for them), and a side that announces Slam may not announce
   them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from ..problems import FORMAT, shown
from .errors import Problems, raise_if_any

EMPEROR_FORMAT = "emperor/1"
CARD_POINTS_IN_PACK = 94  # R18, seed 000: cards counted individually
GAME_NEEDS = 48  # R18: the declarer's side needs 48 of the 94 card points
HIGH_GAME_NEEDS = 71  # seed 000: High Game is 71 card points or more
TRICKS_IN_HAND = 10  # seed 000: four players with 10 cards each
SUITS = ("hearts", "diamonds", "spades", "clubs")


class Side(enum.Enum):
    """The declarer's side (declarer and partner) or the defenders."""

    DECLARER = "declarer"
    DEFENDERS = "defenders"

    @property
    def other(self) -> Side:
        return Side.DEFENDERS if self is Side.DECLARER else Side.DECLARER

    @property
    def sign(self) -> int:
        """Lines are kept as points to the declarer's side; a defenders' gain is negative."""
        return 1 if self is Side.DECLARER else -1

    @property
    def label(self) -> str:
        return "the declarer's side" if self is Side.DECLARER else "the defenders"


@dataclass(frozen=True)
class Bid:
    id: str
    name: str
    value: int


# R18: 3 Cards, 2 Cards, 1 Card, Without are worth 1, 2, 3, 4 game points.
BIDS = {bid.id: bid for bid in (
    Bid("three_cards", "3 Cards", 1),
    Bid("two_cards", "2 Cards", 2),
    Bid("one_card", "1 Card", 3),
    Bid("without", "Without", 4),
)}

# R18: Contra, Re-Contra and Sub-Contra double each time.
CONTRA_LEVELS = {None: 0, "contra": 1, "re_contra": 2, "sub_contra": 3}
CONTRA_NAMES = {1: "Contra", 2: "Re-Contra", 3: "Sub-Contra"}


@dataclass(frozen=True)
class BonusKind:
    """One of seed 000's bonuses.

    For a multiplier (High Game, Slam) the values multiply the game's value; for the others they
    are game points. ``unannounced`` is None for a bonus that must be announced to score.
    """

    id: str
    name: str
    announced: int
    unannounced: int | None = None
    multiplier: bool = False
    names_suit: bool = False
    min_tricks: int = 1  # decision 5: the tricks the bonus itself needs
    one_winner: bool = True  # decision 5: at most one side can make it in a hand


BONUS_KINDS = {kind.id: kind for kind in (
    BonusKind("honours", "Honours", 2, 1),
    BonusKind("kings", "Kings", 2, 1),
    BonusKind("high_game", "High Game", 4, 2, multiplier=True),
    BonusKind("slam", "Slam", 6, 3, multiplier=True, min_tricks=TRICKS_IN_HAND),
    BonusKind("sparrow", "The Sparrow", 10, 5),
    BonusKind("conquest", "Conquest", 40, 20),
    BonusKind("first_five", "First Five", 10, 5, min_tricks=5),
    BonusKind("first_six", "First Six", 12, 6, min_tricks=6),
    BonusKind("first_seven", "First Seven", 14, 7, min_tricks=7),
    BonusKind("first_eight", "First Eight", 20, 10, min_tricks=8),
    BonusKind("last_king", "The Last King", 15, names_suit=True),
    BonusKind("penultimate_king", "The Penultimate King", 20, names_suit=True),
    BonusKind("last_owl", "The Last Owl", 25),
    BonusKind("owl", "The Owl", 30),
    BonusKind("force_of_one", "Force of One", 20, one_winner=False),
    BonusKind("profit_of_one", "Profit of One", 20, one_winner=False),
    BonusKind("pip_the_post", "Pip the Post", 30, names_suit=True, one_winner=False),
    BonusKind("marriage", "Marriage", 50, names_suit=True, min_tricks=2),
    BonusKind("bethlehem", "Bethlehem", 60, min_tricks=3),
    BonusKind("family", "Family", 60, names_suit=True, min_tricks=3),
    BonusKind("flock", "Flock", 60, min_tricks=3),
)}
HIGH_GAME = BONUS_KINDS["high_game"]
SLAM = BONUS_KINDS["slam"]
# Seed 000: a side that declares a Slam cannot declare these, and a side that wins one does not
# score for them.
SLAM_EXCLUDES = frozenset({"honours", "kings"})


@dataclass(frozen=True)
class Bonus:
    kind: BonusKind
    side: Side
    announced: bool
    made: bool
    contra: int
    suit: str | None
    field: str

    @property
    def name(self) -> str:
        return f"{self.kind.name} of {self.suit}" if self.suit else self.kind.name

    @property
    def item(self) -> str:
        return f"{self.kind.id}:{self.suit}" if self.suit else self.kind.id


@dataclass(frozen=True)
class EmperorHand:
    declarer: str
    partner: str | None
    defenders: tuple[str, ...]
    bid: Bid
    contra: int
    card_points: int
    tricks: int
    annulments: int
    bonuses: tuple[Bonus, ...]

    def card_points_of(self, side: Side) -> int:
        return self.card_points if side is Side.DECLARER else CARD_POINTS_IN_PACK - self.card_points

    def tricks_of(self, side: Side) -> int:
        return self.tricks if side is Side.DECLARER else TRICKS_IN_HAND - self.tricks

    @property
    def winner(self) -> Side:
        """R18: the declarer's side wins the game with 48 card points."""
        return Side.DECLARER if self.card_points >= GAME_NEEDS else Side.DEFENDERS

    @property
    def game_value(self) -> int:
        """R18: the bid's value, doubled for each level of contra on the bid."""
        return self.bid.value * 2 ** self.contra

    def achieved(self, kind: BonusKind, side: Side) -> bool:
        """High Game and Slam are read from the card points and tricks (seed 000)."""
        if kind is SLAM:
            return self.tricks_of(side) == TRICKS_IN_HAND
        return self.card_points_of(side) >= HIGH_GAME_NEEDS

    def announcement(self, kind: BonusKind, side: Side) -> Bonus | None:
        return next((bonus for bonus in self.bonuses
                     if bonus.kind is kind and bonus.side is side and bonus.announced), None)


@dataclass(frozen=True)
class Line:
    item: str
    points: int  # to the declarer's side
    detail: str

    def as_dict(self, side: Side) -> dict[str, Any]:
        return {"item": self.item, "points": self.points * side.sign, "detail": self.detail}


# ---------------------------------------------------------------------------------------------
# Scoring


def score_emperor(record: Any) -> dict[str, Any]:
    """An ``emperor/1`` record -> game points per side and player; raises VariantRecordError."""
    return emperor_answer(parse_emperor(record))


def emperor_answer(hand: EmperorHand) -> dict[str, Any]:
    lines = emperor_lines(hand)
    points = sum(line.points for line in lines)
    return {
        "game": {"bid": hand.bid.id, "won": hand.winner is Side.DECLARER,
                 "card_points": {side.value: hand.card_points_of(side) for side in Side},
                 "tricks": {side.value: hand.tricks_of(side) for side in Side}},
        "sides": {side.value: {"points": points * side.sign,
                               "lines": [line.as_dict(side) for line in lines]}
                  for side in Side},
        "players": player_points(hand, points),
    }


def emperor_lines(hand: EmperorHand) -> list[Line]:
    """The game, then each bonus in record order, then the annulment doubling."""
    lines = [game_line(hand)]
    for bonus in hand.bonuses:
        line = multiplier_line(hand, bonus) if bonus.kind.multiplier else bonus_line(hand, bonus)
        if line is not None:
            lines.append(line)
    doubling = annulment_line(hand, sum(line.points for line in lines))
    if doubling is not None:
        lines.append(doubling)
    return lines


def game_line(hand: EmperorHand) -> Line:
    winner = hand.winner
    multiplier, multiplier_text = game_multiplier(hand, winner)
    result = "won" if winner is Side.DECLARER else "lost"
    detail = (f"{hand.bid.name} {result} with {hand.card_points} of {CARD_POINTS_IN_PACK} card "
              f"points ({GAME_NEEDS} needed): worth {hand.bid.value}{_contra_text(hand.contra)}"
              f"{multiplier_text}, to {winner.label}")
    # Decision 1: a lost game pays the defenders.
    return Line("game", hand.game_value * multiplier * winner.sign, detail)


def game_multiplier(hand: EmperorHand, side: Side) -> tuple[int, str]:
    """Decision 3: the largest High Game or Slam multiplier the side achieved, or 1."""
    best = (1, "")
    for kind in (HIGH_GAME, SLAM):
        if not hand.achieved(kind, side):
            continue
        announcement = hand.announcement(kind, side)
        if announcement is None:
            candidate = (kind.unannounced, f", {kind.name} (unannounced) x{kind.unannounced}")
        else:
            factor = kind.announced * 2 ** announcement.contra
            candidate = (factor, f", {kind.name} (announced{_contra_text(announcement.contra)}) "
                                 f"x{factor}")
        best = max(best, candidate, key=lambda pair: pair[0])
    return best


def multiplier_line(hand: EmperorHand, bonus: Bonus) -> Line | None:
    """Decision 4: an announced High Game or Slam that fails costs its announced multiple."""
    if bonus.made:
        return None  # applied in the game line
    factor = bonus.kind.announced * 2 ** bonus.contra
    detail = (f"{bonus.name} announced by {bonus.side.label}{_contra_text(bonus.contra)} and "
              f"lost: the game's value {hand.game_value} x{factor}")
    return Line(bonus.item, -hand.game_value * factor * bonus.side.sign, detail)


def bonus_line(hand: EmperorHand, bonus: Bonus) -> Line:
    kind = bonus.kind
    if bonus.made and kind.id in SLAM_EXCLUDES and hand.achieved(SLAM, bonus.side):
        # Decision 8, seed 000: a side that wins a Slam does not score for Honours or Kings.
        return Line(bonus.item, 0, f"{bonus.name} not scored: {bonus.side.label} won a Slam")
    base = kind.announced if bonus.announced else kind.unannounced
    value = base * 2 ** bonus.contra
    how = "announced" if bonus.announced else "unannounced"
    result = "made" if bonus.made else "lost"  # decision 4: a lost announcement pays its value
    detail = f"{bonus.name} ({how}) {result} by {bonus.side.label}: {base}" + _contra_text(
        bonus.contra)
    signed = value if bonus.made else -value
    return Line(bonus.item, signed * bonus.side.sign, detail)


# Annulled deals in a row before a hand (decision 7: each doubles the hand's points). Ten is a factor
# of 1,024, past any table's evening; unbounded, a record's factor ran to thousands of digits.
MOST_ANNULMENTS = 10


def annulment_line(hand: EmperorHand, subtotal: int) -> Line | None:
    """Decision 7, seed 000: after an annulment the next hand's points are doubled."""
    if hand.annulments == 0:
        return None
    factor = 2 ** hand.annulments
    detail = (f"dealt after {hand.annulments} annulment(s): the hand counts x{factor}, "
              f"{subtotal} more {factor - 1} time(s)")
    return Line("annulment", subtotal * (factor - 1), detail)


def player_points(hand: EmperorHand, points: int) -> list[dict[str, Any]]:
    """Decision 6: each defender pays ``points``; the declarer's side shares what it collects."""
    collected = points * len(hand.defenders)
    declarers = [(hand.declarer, "declarer")]
    if hand.partner is not None:
        declarers.append((hand.partner, "partner"))
    share = collected // len(declarers)  # exact: 2 defenders pay 2 declarers, 3 pay 1
    return ([{"name": name, "role": role, "points": share} for name, role in declarers]
            + [{"name": name, "role": "defender", "points": -points} for name in hand.defenders])


def _contra_text(level: int) -> str:
    return f", {CONTRA_NAMES[level]} x{2 ** level}" if level else ""


# ---------------------------------------------------------------------------------------------
# Checking a record

_RECORD_KEYS = frozenset({"format", "declarer", "partner", "defenders", "bid", "contra",
                          "card_points", "tricks", "annulments", "bonuses"})
_BONUS_KEYS = frozenset({"bonus", "side", "announced", "made", "contra", "suit"})


def parse_emperor(record: Any) -> EmperorHand:
    """The hand of an ``emperor/1`` record, once every check holds; else VariantRecordError."""
    problems = Problems()
    if not isinstance(record, dict):
        problems.add("record", FORMAT, "an Emperor Tarokk record must be a JSON object", "record_not_object")
        raise_if_any(problems)
    _check_record_keys(record, problems)
    declarer, partner, defenders = _parse_players(record, problems)
    bid = _parse_bid(record.get("bid"), problems)
    contra = _parse_contra(record.get("contra"), "contra", problems)
    card_points = _whole_number(record, "card_points", CARD_POINTS_IN_PACK, problems)
    tricks = _whole_number(record, "tricks", TRICKS_IN_HAND, problems)
    annulments = _whole_number(record, "annulments", MOST_ANNULMENTS, problems, default=0)
    counts_known = card_points is not None and tricks is not None
    if counts_known:
        _check_all_tricks_win(card_points, tricks, problems)
    entries = _parse_bonus_entries(record.get("bonuses", []), problems)
    raise_if_any(problems)
    hand = EmperorHand(declarer, partner, defenders, bid, contra, card_points, tricks, annulments,
                       bonuses=())
    hand = replace(hand, bonuses=_settle_multipliers(hand, entries, problems))
    _check_bonuses(hand, problems)
    raise_if_any(problems)
    return hand


def _check_record_keys(record: dict, problems: Problems) -> None:
    if record.get("format") != EMPEROR_FORMAT:
        problems.add("format", FORMAT, f"expected {EMPEROR_FORMAT!r}, got {shown(record.get('format'))}",
                     "wrong_format", expected=EMPEROR_FORMAT, given=shown(record.get("format")))
    for key in sorted(set(record) - _RECORD_KEYS, key=str):
        problems.add(str(key), FORMAT, "is not a field of an Emperor Tarokk record", "unknown_field", within="emperor")


def _parse_players(record: dict, problems: Problems) -> tuple[str, str | None, tuple[str, ...]]:
    declarer = record.get("declarer")
    if not _is_name(declarer):
        problems.add("declarer", FORMAT, "the declarer's name is required", "declarer_missing")
    partner = record.get("partner")
    if partner is not None and not _is_name(partner):
        problems.add("partner", FORMAT, "the partner is a name, or null when the declarer plays "
                                        "alone", "partner_not_a_name")
    raw_defenders = record.get("defenders")
    if not isinstance(raw_defenders, list) or not all(_is_name(name) for name in raw_defenders):
        problems.add("defenders", FORMAT, "the defenders are a list of names", "defenders_not_names")
        return declarer, partner, ()
    defenders = tuple(raw_defenders)
    expected = 2 if partner is not None else 3  # seed 000: four players
    if len(defenders) != expected:
        with_whom = "with a partner" if partner is not None else "alone"
        problems.add("defenders", "R18", f"a declarer playing {with_whom} has {expected} "
                                         f"defenders, not {len(defenders)} (seed 000: four play)",
                                         "defender_count", expected=expected, count=len(defenders))
    names = [name for name in (declarer, partner, *defenders) if _is_name(name)]
    if len(set(names)) != len(names):
        problems.add("defenders", "R18", "the four players must be different people", "players_not_different",
                     players=4)
    return declarer, partner, defenders


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _parse_bid(raw: Any, problems: Problems) -> Bid | None:
    if not isinstance(raw, str) or raw not in BIDS:
        problems.add("bid", "R18", f"expected one of {', '.join(BIDS)}, got {shown(raw)}",
                     "not_a_bid", given=shown(raw))
        return None
    return BIDS[raw]


def _parse_contra(raw: Any, field: str, problems: Problems) -> int:
    if not (raw is None or isinstance(raw, str)) or raw not in CONTRA_LEVELS:
        names = ", ".join(str(name) for name in CONTRA_LEVELS if name)
        problems.add(field, "R18", f"expected null, {names}; got {shown(raw)}", "not_a_contra", given=shown(raw))
        return 0
    return CONTRA_LEVELS[raw]


def _whole_number(record: dict, key: str, highest: int | None, problems: Problems,
                  default: int | None = None) -> int | None:
    value = record.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(key, FORMAT, f"must be a whole number, got {shown(value)}",
                     "not_a_whole_number", given=shown(value))
        return None
    if value < 0 or (highest is not None and value > highest):
        allowed = f"from 0 to {highest}" if highest is not None else "0 or more"
        problems.add(key, "R18", f"must be {allowed}, got {value}",
                     "number_out_of_range", highest=highest, given=shown(value))
        return None
    return value


def _check_all_tricks_win(card_points: int, tricks: int, problems: Problems) -> None:
    """Decision 5: a side that took every trick has won the game."""
    if tricks == TRICKS_IN_HAND and card_points < GAME_NEEDS:
        problems.add("card_points", "R18", f"the declarer's side took all {TRICKS_IN_HAND} "
                                           f"tricks, so it cannot have fewer than {GAME_NEEDS} "
                                           f"card points ({card_points} recorded)",
                                           "all_tricks_too_few_points", card_points=card_points,
                                           tricks=TRICKS_IN_HAND, needs=GAME_NEEDS)
    if tricks == 0 and card_points >= GAME_NEEDS:
        problems.add("card_points", "R18", f"the declarer's side took no trick, so it cannot "
                                           f"have {card_points} card points",
                                           "no_trick_too_many_points", card_points=card_points)


@dataclass(frozen=True)
class _Entry:
    """A bonus entry as written, ``made`` still None for an unsettled High Game or Slam."""

    kind: BonusKind
    side: Side
    announced: bool
    made: bool | None
    contra: int
    suit: str | None
    field: str


def _parse_bonus_entries(raw: Any, problems: Problems) -> list[_Entry]:
    if not isinstance(raw, list):
        problems.add("bonuses", FORMAT, "the bonuses are a list (empty when there are none)", "bonuses_not_list")
        return []
    entries = [_parse_bonus_entry(entry, f"bonuses[{index}]", problems)
               for index, entry in enumerate(raw)]
    return [entry for entry in entries if entry is not None]


def _parse_bonus_entry(raw: Any, field: str, problems: Problems) -> _Entry | None:
    if not isinstance(raw, dict):
        problems.add(field, FORMAT, "a bonus must be a JSON object", "bonus_not_object")
        return None
    before = len(problems.found)
    for key in sorted(set(raw) - _BONUS_KEYS, key=str):
        problems.add(f"{field}.{key}", FORMAT, "is not a field of a bonus", "unknown_field", within="bonus")
    kind = BONUS_KINDS.get(raw.get("bonus")) if isinstance(raw.get("bonus"), str) else None
    if kind is None:
        problems.add(f"{field}.bonus", "R18", f"not a bonus of seed 000: {shown(raw.get('bonus'))}",
                     "not_a_bonus", given=shown(raw.get("bonus")))
    side = _parse_side(raw.get("side"), f"{field}.side", problems)
    announced = raw.get("announced")
    if not isinstance(announced, bool):
        problems.add(f"{field}.announced", FORMAT, "must be true or false", "not_true_or_false")
    made = raw.get("made")
    if made is not None and not isinstance(made, bool):
        problems.add(f"{field}.made", FORMAT, "must be true or false", "not_true_or_false")
    contra = _parse_contra(raw.get("contra"), f"{field}.contra", problems)
    if kind is not None:
        _check_entry_against_kind(raw, kind, announced, made, contra, field, problems)
    if len(problems.found) > before:
        return None
    return _Entry(kind, side, announced, made, contra, raw.get("suit"), field)


def _parse_side(raw: Any, field: str, problems: Problems) -> Side | None:
    try:
        return Side(raw)
    except ValueError:
        problems.add(field, FORMAT, f"expected 'declarer' or 'defenders', got {shown(raw)}",
                     "not_a_side", given=shown(raw))
        return None


def _check_entry_against_kind(raw: dict, kind: BonusKind, announced: Any, made: Any,
                              contra: int, field: str, problems: Problems) -> None:
    suit = raw.get("suit")
    if kind.names_suit and suit not in SUITS:
        problems.add(f"{field}.suit", "R18", f"{kind.name} names a suit ({', '.join(SUITS)}); "
                                             f"got {shown(suit)}",
                                             "bonus_suit_missing", bonus=kind.id, given=shown(suit))
    if not kind.names_suit and suit is not None:
        problems.add(f"{field}.suit", "R18", f"{kind.name} names no suit", "bonus_names_no_suit", bonus=kind.id)
    if announced is False:
        _check_unannounced(kind, made, contra, field, problems)
    if made is None and not kind.multiplier:
        problems.add(f"{field}.made", FORMAT, f"say whether {kind.name} was made", "bonus_made_missing", bonus=kind.id)


def _check_unannounced(kind: BonusKind, made: Any, contra: int, field: str,
                       problems: Problems) -> None:
    if kind.multiplier:
        problems.add(f"{field}.announced", "R18",
                     f"an unannounced {kind.name} is not listed: it is read from card_points "
                     f"and tricks", "multiplier_listed_unannounced", bonus=kind.id)
    elif kind.unannounced is None:
        problems.add(f"{field}.announced", "R18",
                     f"{kind.name} must be announced to score (seed 000)", "bonus_must_be_announced", bonus=kind.id)
    elif made is False:
        problems.add(f"{field}.made", "R18",
                     "an unannounced bonus is listed only when it was made", "unannounced_bonus_not_made")
    if contra:
        problems.add(f"{field}.contra", "R18", "only an announced bonus can be contra'd "
                                               "(seed 000)", "unannounced_bonus_contra")


def _settle_multipliers(hand: EmperorHand, entries: list[_Entry],
                        problems: Problems) -> tuple[Bonus, ...]:
    """High Game and Slam are made or lost by the card points and tricks; a given made agrees."""
    bonuses = []
    for entry in entries:
        made = entry.made
        if entry.kind.multiplier:
            achieved = hand.achieved(entry.kind, entry.side)
            if made is not None and made != achieved:
                problems.add(f"{entry.field}.made", "R18",
                             f"{entry.kind.name} by {entry.side.label} was "
                             f"{'made' if achieved else 'not made'} with {hand.card_points} "
                             f"card points and {hand.tricks} tricks to the declarer's side",
                             "multiplier_made_disagrees", bonus=entry.kind.id, side=entry.side.value, made=achieved,
                             card_points=hand.card_points, tricks=hand.tricks)
            made = achieved
        bonuses.append(Bonus(entry.kind, entry.side, entry.announced, made, entry.contra,
                             entry.suit, entry.field))
    return tuple(bonuses)


def _check_bonuses(hand: EmperorHand, problems: Problems) -> None:
    seen: dict[tuple[str, str | None, Side], str] = {}
    made_by: dict[tuple[str, str | None], Bonus] = {}
    for bonus in hand.bonuses:
        key = (bonus.kind.id, bonus.suit, bonus.side)
        if key in seen:
            problems.add(bonus.field, "R18", f"{bonus.name} for {bonus.side.label} is already "
                                             f"listed at {seen[key]}",
                                             "bonus_listed_twice", bonus=bonus.kind.id, suit=bonus.suit,
                                             side=bonus.side.value, earlier=seen[key])
        seen.setdefault(key, bonus.field)
        if bonus.made:
            _check_made(hand, bonus, made_by, problems)
    _check_announcement_pairs(hand, problems)


def _check_made(hand: EmperorHand, bonus: Bonus, made_by: dict[tuple[str, str | None], Bonus],
                problems: Problems) -> None:
    """Decision 5: a made bonus needs its tricks, and some bonuses only one side can make."""
    tricks = hand.tricks_of(bonus.side)
    if tricks < bonus.kind.min_tricks:
        problems.add(bonus.field, "R18", f"{bonus.name} needs {bonus.kind.min_tricks} trick(s); "
                                         f"{bonus.side.label} won {tricks}",
                                         "bonus_needs_tricks", bonus=bonus.kind.id, suit=bonus.suit,
                                         side=bonus.side.value, needs=bonus.kind.min_tricks, won=tricks)
    other = made_by.get((bonus.kind.id, bonus.suit))
    if bonus.kind.one_winner and other is not None and other.side is not bonus.side:
        problems.add(bonus.field, "R18", f"{bonus.name} cannot be made by both sides (also made "
                                         f"at {other.field})",
                                         "bonus_made_by_both_sides", bonus=bonus.kind.id, suit=bonus.suit,
                                         other=other.field)
    made_by.setdefault((bonus.kind.id, bonus.suit), bonus)


def _check_announcement_pairs(hand: EmperorHand, problems: Problems) -> None:
    for side in Side:
        slam = hand.announcement(SLAM, side)
        if slam is None:
            continue
        if hand.announcement(HIGH_GAME, side) is not None:
            # Decision 3: Slam already multiplies more than High Game; both is one too many.
            problems.add(slam.field, "R18", f"{side.label} announced both High Game and Slam; "
                                            f"announce one", "high_game_and_slam", side=side.value)
        for bonus in hand.bonuses:
            if bonus.side is side and bonus.announced and bonus.kind.id in SLAM_EXCLUDES:
                problems.add(bonus.field, "R18", f"{side.label} announced Slam, so cannot "
                                                 f"announce {bonus.name} (seed 000)",
                                                 "slam_excludes_bonus", side=side.value, bonus=bonus.kind.id,
                                                 suit=bonus.suit)
