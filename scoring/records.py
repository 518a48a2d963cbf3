"""FORMAT.md hand records -> typed hands, and every check a record must pass before it is scored.

Checking is kept apart from scoring: :func:`parse_hand` either returns a :class:`Hand` that the
scorer can trust or raises :class:`InvalidRecord` listing every problem found (never just the
first). Each problem names its field and the ruling it breaks.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from .cards import (
    ANGEL,
    LAMOUR,
    PACK,
    SEATS_BY_NAME,
    Card,
    CardError,
    Seat,
    Suit,
    Team,
    catcher,
    driver,
)
from .contradictions import check_results_agree
from .feasts import (
    FEASTS,
    FLIGHT_CHAIN,
    MAGNIFIED_CHAIN,
    SILENT_PREMIUMS,
    Feast,
    SilentPremium,
    SuitRule,
)
from .problems import FORMAT, InvalidRecord, Problems, shown

HAND_FORMAT = "royal-tarokk-hand/1"
HIGH_TRUMPS = ("XVI", "XVII", "XVIII")  # R5: the three trumps consolation asks about
TEAMS = (Team.A, Team.B)
_HAND_KEYS = frozenset({
    "format", "attackers", "holdings", "deal", "announcements", "silent", "tricks",
    # Accepted beyond FORMAT.md: the hand's number in its match, who sat where, a jury note.
    "number", "players", "note",
})
_EXTRA_KEYS = ("number", "players", "note")
_RECORD_KEYS = _HAND_KEYS - frozenset(_EXTRA_KEYS)  # the keys of FORMAT.md itself
_ANNOUNCEMENT_KEYS = frozenset({"feast", "by", "cards", "suits", "number", "contra", "result"})
_HOLDING_KEYS = frozenset({"trumps", "honours", "high_trumps"})


class Contra(enum.Enum):
    """Who called the contra on a feast (R8)."""

    PARTNER = "partner"  # the announcer's own team
    OPPONENTS = "opponents"

    __hash__ = object.__hash__


_CONTRAS = {contra.value: contra for contra in Contra}
_TEAMS_BY_NAME = {team.value: team for team in Team}
_HIGH_TRUMP_NUMBERS = {"XVI": 16, "XVII": 17, "XVIII": 18}


@dataclass(frozen=True, slots=True)
class Holding:
    """What consolation needs of a team's 20 cards as dealt (R5)."""

    trumps: int
    honours: int
    high_trumps: frozenset[int]  # which of 16, 17, 18 the team holds

    @staticmethod
    def of_cards(cards: list[Card]) -> Holding:
        numbers = [card.trump for card in cards if card.trump]  # one pass over plain attributes
        return Holding(
            trumps=len(numbers),
            honours=sum(1 for number in numbers if number >= 21),  # the Mond (21) and the Fool (22)
            high_trumps=frozenset(number for number in numbers if 16 <= number <= 18),
        )

    def as_record(self) -> dict[str, Any]:
        return {
            "trumps": self.trumps,
            "honours": self.honours,
            "high_trumps": [text for text in HIGH_TRUMPS if Card.parse(text).trump in self.high_trumps],
        }


@dataclass(frozen=True, slots=True)
class Announcement:
    index: int  # position in the record's list, for messages and lines
    feast: Feast
    by: Seat
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    contra: Contra | None = None
    won: bool | None = None  # None for messages (R6) and for results still to be adjudicated
    number: int | None = None  # what a Number of a Suit or Trumps message counts (R6a); None before R6a
    team: Team = dataclass_field(init=False, repr=False, compare=False)  # the announcer's team

    def __post_init__(self) -> None:
        object.__setattr__(self, "team", self.by.team)

    def bindings(self) -> list[tuple[Card, frozenset[int]]]:
        """Each card this announcement binds and the tricks it is bound to (R9)."""
        if not self.feast.binds:
            return []
        bound = [(Card.parse(text), tricks) for text, tricks in self.feast.fixed_bindings]
        bound += [(card, self.feast.declared_tricks) for card in self.cards]
        if self.feast.suit_bindings and self.suits:
            suit = self.suits[0]
            for rank_letter in ("K", "Q"):
                bound.append((Card.parse(rank_letter + suit.value), self.feast.suit_bindings))
        return bound

    def as_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"feast": self.feast.id, "by": str(self.by)}
        if self.cards:
            record["cards"] = [str(card) for card in self.cards]
        if self.suits:
            record["suits"] = [suit.word for suit in self.suits]
        if self.number is not None:
            record["number"] = self.number
        if not self.feast.is_message:
            record["contra"] = self.contra.value if self.contra else None
            if self.won is not None:
                record["result"] = "won" if self.won else "lost"
        return record


@dataclass(frozen=True, slots=True)
class SilentEntry:
    premium: SilentPremium
    team: Team


@dataclass(frozen=True, slots=True)
class Hand:
    """A checked hand: the facts the scorer and the adjudicator work from."""

    attackers: Team
    holdings: dict[Team, Holding]
    announcements: tuple[Announcement, ...]
    silent: tuple[SilentEntry, ...] | None
    deal: dict[Seat, tuple[Card, ...]] | None = None
    tricks: tuple[tuple[Card, ...], ...] | None = None
    extras: tuple[tuple[str, Any], ...] = ()  # number, players, note: carried, not scored

    @property
    def defenders(self) -> Team:
        return self.attackers.other

    def with_results(self, results: dict[int, bool], silent: tuple[SilentEntry, ...]) -> Hand:
        """This hand with adjudicated results (by announcement index) and silent premiums."""
        # Built directly rather than with dataclasses.replace, which costs several times more.
        announcements = tuple(
            Announcement(a.index, a.feast, a.by, a.cards, a.suits, a.contra, results[a.index], a.number)
            if a.index in results else a
            for a in self.announcements
        )
        return Hand(self.attackers, self.holdings, announcements, silent, self.deal, self.tricks, self.extras)

    def as_record(self) -> dict[str, Any]:
        """The FORMAT.md record of this hand, for export (lossless with :func:`parse_hand`)."""
        record: dict[str, Any] = {"format": HAND_FORMAT, "attackers": self.attackers.value}
        record.update(self.extras)
        record["holdings"] = {team.value: self.holdings[team].as_record() for team in TEAMS}
        if self.deal is not None:
            record["deal"] = {str(seat): [str(card) for card in cards] for seat, cards in self.deal.items()}
        record["announcements"] = [a.as_record() for a in self.announcements]
        if self.tricks is not None:
            record["tricks"] = [[str(card) for card in trick] for trick in self.tricks]
        elif self.silent is not None:
            record["silent"] = [{"premium": e.premium.id, "team": e.team.value} for e in self.silent]
        return record


def parse_hand(record: Any) -> Hand:
    """Check a FORMAT.md hand record and return it typed; raise :class:`InvalidRecord` otherwise."""
    problems = Problems()
    if not isinstance(record, dict):
        problems.add("record", FORMAT, "a hand record must be a JSON object", "record_not_object")
        problems.raise_if_any()
    _check_top_level(record, problems)
    attackers = _parse_attackers(record, problems)
    deal = _parse_deal(record, attackers, problems)
    holdings = _parse_holdings(record, deal, problems)
    tricks = _parse_tricks(record, deal, problems)
    announcements = _parse_announcements(record, deal, tricks is not None, problems)
    silent = _parse_silent(record, tricks is not None, problems)
    if "tricks" not in record:  # R10b, R10c: without the tricks, the results themselves must fit one play
        check_results_agree(announcements, silent, problems, attackers=attackers, holdings=holdings, deal=deal)
    problems.raise_if_any()
    extras = () if _RECORD_KEYS.issuperset(record) else tuple(
        (key, record[key]) for key in _EXTRA_KEYS if key in record
    )
    return Hand(attackers, holdings, announcements, silent, deal, tricks, extras)


# --- top level ------------------------------------------------------------------------------


def _check_top_level(record: dict, problems: Problems) -> None:
    if "format" in record and record["format"] != HAND_FORMAT:
        problems.add("format", FORMAT, f"expected {HAND_FORMAT!r}, got {shown(record['format'])}", "wrong_format",
                     expected=HAND_FORMAT, given=shown(record["format"]))
    if not _HAND_KEYS.issuperset(record):
        for key in sorted(set(record) - _HAND_KEYS, key=str):
            problems.add(str(key), FORMAT, "is not a field of a hand record", "unknown_field", within="hand")


def _parse_attackers(record: dict, problems: Problems) -> Team | None:
    if "attackers" not in record:
        problems.add("attackers", "R3", "every hand records its attacking team (A or B)", "attackers_missing")
        return None
    team = _TEAMS_BY_NAME.get(record["attackers"]) if isinstance(record["attackers"], str) else None
    if team is None:
        problems.add("attackers", "R3", f"{shown(record['attackers'])} is not a team (A or B)", "not_a_team",
                     given=shown(record["attackers"]))
    return team


# --- holdings (R5) --------------------------------------------------------------------------


def _parse_holdings(record: dict, deal: dict | None, problems: Problems) -> dict[Team, Holding]:
    dealt = _holdings_of_deal(deal) if deal else None
    if "holdings" not in record:
        if dealt is None and "deal" not in record:
            problems.add("holdings", "R5", "holdings are required unless the deal is given", "holdings_missing")
        return dealt or {}
    holdings = _parse_holdings_shape(record["holdings"], problems)
    if holdings is None:
        return dealt or {}
    _check_one_pack(holdings, problems)
    if dealt is not None:
        for team in TEAMS:
            if holdings[team] != dealt[team]:
                problems.add(
                    f"holdings.{team}", "R5",
                    f"do not agree with the deal, which gives {_describe_holding(dealt[team])}",
                    "holdings_disagree_with_deal", team=team.value, **dealt[team].as_record(),
                )
    return holdings


def _holdings_of_deal(deal: dict[Seat, tuple[Card, ...]]) -> dict[Team, Holding]:
    return {
        team: Holding.of_cards(list(deal[driver(team)]) + list(deal[catcher(team)])) for team in TEAMS
    }


def _describe_holding(holding: Holding) -> str:
    highs = ", ".join(h for h in HIGH_TRUMPS if Card.parse(h).trump in holding.high_trumps) or "none"
    return f"{holding.trumps} trumps, {holding.honours} honours, high trumps {highs}"


def _parse_holdings_shape(value: Any, problems: Problems) -> dict[Team, Holding] | None:
    if not isinstance(value, dict) or value.keys() != _TEAMS_BY_NAME.keys():
        problems.add("holdings", "R5", "must hold exactly the two teams A and B", "holdings_not_two_teams")
        return None
    holdings = {team: _parse_one_holding(value[name], "holdings." + name, problems)
                for name, team in _TEAMS_BY_NAME.items()}
    if None in holdings.values():
        return None
    return holdings


# Valid holdings already read, by (trumps, honours, *high_trumps): there are a few hundred possible
# (11 trump counts x 3 honour counts x 16 ways to list the high trumps), and most records repeat them.
_HOLDINGS_READ: dict[tuple, Holding] = {}


def _parse_one_holding(value: Any, field: str, problems: Problems) -> Holding | None:
    key = _holding_key(value)
    try:
        known = _HOLDINGS_READ.get(key)
    except TypeError:  # something unhashable among the high trumps: read it to report it
        known = key = None
    if known is not None:
        return known
    holding = _check_one_holding(value, field, problems)
    if holding is not None and key is not None:
        _HOLDINGS_READ[key] = holding
    return holding


def _holding_key(value: Any) -> tuple | None:
    """The cache key of a holding written as FORMAT.md shows it, else None. Only valid holdings are
    ever stored, so a key holding anything but the texts of XVI..XVIII finds nothing."""
    if type(value) is not dict or len(value) != 3:
        return None
    trumps, honours, high = value.get("trumps"), value.get("honours"), value.get("high_trumps")
    if type(trumps) is not int or type(honours) is not int or type(high) is not list:
        return None
    return (trumps, honours, *high)


def _check_one_holding(value: Any, field: str, problems: Problems) -> Holding | None:
    if not isinstance(value, dict):
        problems.add(field, "R5", "must be an object with trumps, honours and high_trumps", "holding_not_object")
        return None
    ok = True
    if not _HOLDING_KEYS.issuperset(value):
        for key in sorted(set(value) - _HOLDING_KEYS, key=str):
            problems.add(f"{field}.{key}", FORMAT, "is not a field of a team's holdings", "unknown_field",
                         within="holding")
        ok = False
    trumps, honours = value.get("trumps"), value.get("honours")
    if not _is_int(trumps):
        problems.add(f"{field}.trumps", "R5", "the team's trump count (the Fool included) is required",
                     "trumps_missing")
        ok = False
    elif not 6 <= trumps <= 16:
        problems.add(f"{field}.trumps", "R5",
                     f"a team holds 6 to 16 trumps (at least 3 a player), not {trumps}", "trumps_out_of_range",
                     trumps=trumps)
        ok = False
    if not _is_int(honours) or not 0 <= honours <= 2:
        problems.add(f"{field}.honours", "R5", f"honours held must be 0, 1 or 2, not {shown(honours)}",
                     "honours_missing" if honours is None else "honours_out_of_range", given=shown(honours))
        ok = False
    high = _parse_high_trumps(value.get("high_trumps", None), f"{field}.high_trumps", problems)
    if high is None or not ok:
        return None
    return Holding(trumps, honours, high)


def _parse_high_trumps(value: Any, field: str, problems: Problems) -> frozenset[int] | None:
    if not isinstance(value, list):
        problems.add(field, "R5", "must list which of XVI, XVII, XVIII the team holds", "high_trumps_not_list")
        return None
    numbers = []
    for text in value:
        number = _HIGH_TRUMP_NUMBERS.get(text) if isinstance(text, str) else None
        if number is None:
            problems.add(field, "R5", f"{shown(text)} is not one of XVI, XVII, XVIII", "not_a_high_trump",
                         given=shown(text))
            return None
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        problems.add(field, "R5", "names a trump twice", "high_trump_named_twice")
        return None
    return frozenset(numbers)


def _check_one_pack(holdings: dict[Team, Holding], problems: Problems) -> None:
    """R5: the two teams' holdings must be those of one 40-card pack."""
    a, b = holdings[Team.A], holdings[Team.B]
    if a.trumps + b.trumps != 22:
        problems.add("holdings", "R5", f"trumps must add up to 22, not {a.trumps + b.trumps}", "trumps_total",
                     total=a.trumps + b.trumps)
    if a.honours + b.honours != 2:
        problems.add("holdings", "R5", f"honours must add up to 2, not {a.honours + b.honours}", "honours_total",
                     total=a.honours + b.honours)
    for text, number in _HIGH_TRUMP_NUMBERS.items():
        holders = (number in a.high_trumps) + (number in b.high_trumps)
        if holders != 1:
            problems.add("holdings", "R5", f"{text} must be held by exactly one team, not {holders}",
                         "high_trump_holders", card=text, holders=holders)


# --- deal (R1, R3) --------------------------------------------------------------------------


def _parse_deal(record: dict, attackers: Team | None, problems: Problems) -> dict | None:
    if "deal" not in record:
        return None
    value = record["deal"]
    seat_names = [str(seat) for seat in (driver(Team.A), catcher(Team.A), driver(Team.B), catcher(Team.B))]
    if not isinstance(value, dict) or set(value) != set(seat_names):
        problems.add("deal", "R3", "must give the 10 cards of each of the four seats " + ", ".join(seat_names),
                     "deal_not_four_seats")
        return None
    deal: dict[Seat, tuple[Card, ...]] = {}
    ok = True
    for name in seat_names:
        cards = _parse_card_list(value[name], f"deal.{name}", "R1", problems)
        if cards is None:
            ok = False
            continue
        deal[Seat.parse(name)] = tuple(cards)
    if not ok:
        return None
    if not _check_deal(deal, attackers, problems):
        return None
    return deal


def _check_deal(deal: dict[Seat, tuple[Card, ...]], attackers: Team | None, problems: Problems) -> bool:
    ok = True
    for seat, cards in deal.items():
        if len(cards) != 10:
            problems.add(f"deal.{seat}", "R3", f"every player has 10 cards, not {len(cards)}", "seat_card_count",
                         seat=str(seat), count=len(cards))
            ok = False
        trumps = sum(1 for card in cards if card.trump)
        if trumps < 3:
            problems.add(f"deal.{seat}", "R3",
                         f"every player has at least 3 trumps (else the hand is redealt), not {trumps}",
                         "seat_too_few_trumps", seat=str(seat), trumps=trumps)
            ok = False
    dealt = [card for cards in deal.values() for card in cards]
    if ok and len(set(dealt)) == len(PACK):
        pass  # 40 different cards in 10-card hands: the whole pack, each card once
    else:
        ok &= _check_each_card_dealt_once(deal, dealt, ok, problems)
    if attackers is not None:
        ok &= _check_dealt_to(deal, ANGEL, driver(attackers), problems)
        ok &= _check_dealt_to(deal, LAMOUR, catcher(attackers), problems)
    return ok


def _check_each_card_dealt_once(deal: dict[Seat, tuple[Card, ...]], dealt: list[Card], ok: bool,
                                problems: Problems) -> bool:
    counts = Counter(dealt)
    for seat, cards in deal.items():
        repeated = sorted({card for card in cards if counts[card] > 1}, key=lambda c: c.sort_key)
        if repeated:
            problems.add(f"deal.{seat}", "R3",
                         "the 40 cards are dealt once each; dealt twice: " + ", ".join(map(str, repeated)),
                         "cards_dealt_twice", seat=str(seat), cards=[str(card) for card in repeated])
            ok = False
    missing = [card for card in PACK if card not in counts]
    if missing and ok:
        problems.add("deal", "R3", "not dealt: " + ", ".join(map(str, missing)), "cards_not_dealt",
                     cards=[str(card) for card in missing])
        ok = False
    return ok


def _check_dealt_to(deal: dict, card: Card, seat: Seat, problems: Problems) -> bool:
    """R3: the XX goes to the attacking Driver and the XIX to the attacking Catcher."""
    if card in deal[seat]:
        return True
    problems.add(f"deal.{seat}", "R3", f"the {card} goes to the attacking {seat.role.value} ({seat})",
                 "card_dealt_elsewhere", card=str(card), seat=str(seat))
    return False


def _parse_card_list(value: Any, field: str, ruling: str, problems: Problems) -> list[Card] | None:
    if not isinstance(value, list):
        problems.add(field, FORMAT, "must be a list of cards", "cards_not_list")
        return None
    cards = []
    for position, text in enumerate(value):
        try:
            cards.append(Card.parse(text))
        except CardError as error:
            problems.add(f"{field}[{position}]", ruling, str(error), error.code, **error.params)
            return None
    return cards


# --- tricks (shape only; play is checked by the adjudicator, R4) ------------------------------


def _parse_tricks(record: dict, deal: dict | None, problems: Problems) -> tuple | None:
    if "tricks" not in record:
        return None
    value = record["tricks"]
    if "deal" not in record:
        problems.add("tricks", FORMAT, "tricks need the deal", "tricks_need_deal")
        return None
    if not isinstance(value, list) or len(value) != 10:
        problems.add("tricks", "R4", "a hand has 10 tricks", "trick_count")
        return None
    tricks = []
    for number, trick in enumerate(value):
        cards = _parse_card_list(trick, f"tricks[{number}]", "R1", problems)
        if cards is None:
            return None
        if len(cards) != 4:
            problems.add(f"tricks[{number}]", "R4", f"a trick holds 4 cards, not {len(cards)}", "trick_size",
                         count=len(cards))
            return None
        tricks.append(tuple(cards))
    return tuple(tricks) if deal is not None else None


# --- announcements (R6-R9) --------------------------------------------------------------------


def _parse_announcements(record: dict, deal: dict | None, adjudicated: bool,
                         problems: Problems) -> tuple[Announcement, ...]:
    value = record.get("announcements", [])
    if not isinstance(value, list):
        problems.add("announcements", FORMAT, "must be a list", "announcements_not_list")
        return ()
    parsed = []
    for index, item in enumerate(value):
        announcement = _parse_announcement(item, index, adjudicated, problems)
        if announcement is not None:
            parsed.append(announcement)
    return check_announcements(parsed, deal, problems)


def check_announcements(announcements: Sequence[Announcement], deal: dict | None,
                        problems: Problems) -> tuple[Announcement, ...]:
    """R9c: the one check of a hand's announcements, for a record and for the online table alike (the
    table asks it before each announcement and contra is made). Each announcement declares what its
    feast asks and nothing else (R9, R9c), and a message carries no contra (R6); together they hold
    one announcement of a chain (R7) and bind no card to two tricks (R9, R9b); where the deal is known
    the declared cards are the announcer's and each message is true of his hand (R6, R9). Returns
    the well-formed announcements: only those are checked together (a malformed one says nothing)."""
    well_formed = tuple(a for a in announcements if _well_formed(a, problems))
    _check_chains(well_formed, problems)
    _check_bindings(well_formed, problems)
    if deal is not None:
        _check_declared_cards_held(well_formed, deal, problems)
        _check_messages_true(well_formed, deal, problems)
    return well_formed


def check_announcement_numbers(announcements: Sequence[Announcement], problems: Problems) -> None:
    """R6a: each announcement's number, as a record's is read: only a message that counts says one, in
    its range, with its one suit (the online table asks it of a message before it is made)."""
    for announcement in announcements:
        _parse_number(announcement.number, announcement.feast, announcement.suits,
                      f"announcements[{announcement.index}]", problems)


def _well_formed(announcement: Announcement, problems: Problems) -> bool:
    field = f"announcements[{announcement.index}]"
    cards_fit = _check_declared_cards(list(announcement.cards), announcement.feast, field, problems)
    suits_fit = _check_declared_suits(list(announcement.suits), announcement.feast, field, problems)
    if announcement.feast.is_message and announcement.contra is not None:
        problems.add(f"{field}.contra", "R6", "a message cannot be contra'd", "message_contra")
        return False
    return cards_fit and suits_fit


# Announcements already read without a problem, by their exact JSON values. Reading one is a pure
# function of those values and an Announcement is immutable, so equal values may share one; records
# repeat them (a few dozen feasts, four seats). Bounded, so that no import can grow it for ever.
_ANNOUNCEMENTS_READ: dict[tuple, Announcement] = {}
_ANNOUNCEMENTS_READ_LIMIT = 50_000


def _parse_announcement(item: Any, index: int, adjudicated: bool,
                        problems: Problems) -> Announcement | None:
    key = _announcement_key(item, index, adjudicated)
    if key is not None:
        try:
            announcement = _ANNOUNCEMENTS_READ.get(key)
        except TypeError:  # a list or an object among the values: not cacheable
            announcement = key = None
        if announcement is not None:
            return announcement
    found_before = len(problems.found)
    announcement = _read_announcement(item, index, adjudicated, problems)
    if (key is not None and announcement is not None and len(problems.found) == found_before
            and len(_ANNOUNCEMENTS_READ) < _ANNOUNCEMENTS_READ_LIMIT):
        _ANNOUNCEMENTS_READ[key] = announcement
    return announcement


def _announcement_key(item: Any, index: int, adjudicated: bool) -> tuple | None:
    """The cache key of an announcement whose values are strings, None or lists, else None. (A key
    holding something unhashable makes the lookup raise TypeError: the caller then reads it afresh.)"""
    if type(item) is not dict or not _ANNOUNCEMENT_KEYS.issuperset(item):
        return None
    cards, suits = item.get("cards"), item.get("suits")
    if cards is not None:
        if type(cards) is not list:
            return None
        cards = tuple(cards)
    if suits is not None:
        if type(suits) is not list:
            return None
        suits = tuple(suits)
    number = item.get("number")
    if number is not None and type(number) is not int:  # 4.0 and True would share 4's and 1's entry
        return None
    return (index, adjudicated, item.get("feast"), item.get("by"), cards, suits, number, item.get("contra"),
            item.get("result"))


def _read_announcement(item: Any, index: int, adjudicated: bool,
                       problems: Problems) -> Announcement | None:
    field = f"announcements[{index}]"
    if not isinstance(item, dict):
        problems.add(field, FORMAT, "must be an object with feast, by, contra and result", "announcement_not_object")
        return None
    if not _ANNOUNCEMENT_KEYS.issuperset(item):
        for key in sorted(set(item) - _ANNOUNCEMENT_KEYS, key=str):
            problems.add(f"{field}.{key}", FORMAT, "is not a field of an announcement", "unknown_field",
                         within="announcement")
    feast = _parse_feast(item.get("feast"), field, problems)
    by = _parse_seat(item.get("by"), field, problems)
    if feast is None:
        return None
    cards = _parse_declared_cards(item.get("cards"), feast, field, problems)
    suits = _parse_declared_suits(item.get("suits"), feast, field, problems)
    number, number_ok = _parse_number(item.get("number"), feast, suits, field, problems)
    if feast.is_message:
        contra, won = _parse_message_extras(item, field, problems)
    else:
        contra = _parse_contra(item.get("contra"), field, problems)
        won = _parse_result(item, field, adjudicated, problems)
    if by is None or cards is None or suits is None or not number_ok:
        return None
    return Announcement(index, feast, by, cards, suits, contra, won, number)


def _parse_feast(value: Any, field: str, problems: Problems) -> Feast | None:
    feast = FEASTS.get(value) if isinstance(value, str) else None
    if feast is not None:
        return feast
    if isinstance(value, str) and value in SILENT_PREMIUMS:
        problems.add(f"{field}.feast", "R10", f"{shown(value)} is a silent premium: it is not announced",
                     "silent_premium_announced", premium=value)
    else:
        problems.add(f"{field}.feast", FORMAT, f"{shown(value)} is not a feast id of FORMAT.md", "not_a_feast",
                     given=shown(value))
    return None


def _parse_seat(value: Any, field: str, problems: Problems) -> Seat | None:
    seat = SEATS_BY_NAME.get(value) if isinstance(value, str) else None
    if seat is None:
        problems.add(f"{field}.by", "R2", f"{shown(value)} is not a seat (A.driver, A.catcher, B.driver, B.catcher)",
                     "not_a_seat", given=shown(value))
    return seat


def _parse_declared_cards(value: Any, feast: Feast, field: str, problems: Problems) -> tuple | None:
    """The declared cards as cards (FORMAT.md's shape); what they must be is check_announcements'."""
    if value is None or value == [] or (not value and feast.declared_cards == 0):
        return ()
    cards = _parse_card_list(value, f"{field}.cards", "R1", problems)
    return None if cards is None else tuple(cards)


def _check_declared_cards(cards: list[Card], feast: Feast, field: str, problems: Problems) -> bool:
    """R9, R9c: a feast declares as many magnifiers as it asks (a King or a Bird), all different, and a
    feast that declares none names no card."""
    if feast.declared_cards == 0:
        if cards:
            problems.add(f"{field}.cards", "R9c", f"{feast.name} declares no cards", "declares_no_cards",
                         feast=feast.id)
            return False
        return True
    ok = True
    if len(cards) != feast.declared_cards:
        problems.add(f"{field}.cards", "R9",
                     f"{feast.name} declares {_count(feast.declared_cards, 'magnifier')}, not {len(cards)}",
                     "magnifier_count", feast=feast.id, expected=feast.declared_cards, count=len(cards))
        ok = False
    not_magnifiers = [str(card) for card in cards if not card.is_magnifier]
    if not_magnifiers:
        problems.add(f"{field}.cards", "R9",
                     f"{feast.name} declares magnifiers (a King or a Bird); not magnifiers: "
                     + ", ".join(not_magnifiers), "not_magnifiers", feast=feast.id, cards=not_magnifiers)
        ok = False
    if len(set(cards)) != len(cards):
        problems.add(f"{field}.cards", "R9", "declares the same card twice", "card_declared_twice")
        ok = False
    return ok


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _parse_declared_suits(value: Any, feast: Feast, field: str, problems: Problems) -> tuple | None:
    """The declared suits as suits (FORMAT.md's shape); which a feast takes is check_announcements'."""
    if value is None or value == [] or (not value and feast.suits is SuitRule.NONE):
        return ()
    if not isinstance(value, list):
        problems.add(f"{field}.suits", FORMAT, "must be a list of suit names", "suits_not_list")
        return None
    suits = []
    for text in value:
        try:
            suits.append(Suit.from_word(text))
        except CardError as error:
            problems.add(f"{field}.suits", FORMAT, str(error), error.code, **error.params)
            return None
    return tuple(suits)


def _check_declared_suits(suits: list[Suit], feast: Feast, field: str, problems: Problems) -> bool:
    """R9c: a feast names the suits its definition asks for, and a feast that asks none names none."""
    if _suits_fit(feast.suits, suits):
        return True
    problems.add(f"{field}.suits", "R9c", f"{feast.name} declares {feast.suits.value}", "suits_do_not_fit",
                 feast=feast.id, suits=feast.suits.name.lower())
    return False


def _suits_fit(rule: SuitRule, suits: list[Suit]) -> bool:
    if rule is SuitRule.NONE:
        return not suits
    if rule is SuitRule.OPTIONAL_ONE:
        return len(suits) <= 1
    if rule is SuitRule.ANY_ONE:
        return len(suits) == 1
    if rule is SuitRule.ONE_BLACK:
        return len(suits) == 1 and suits[0].is_black
    return len(suits) == 2 and sorted(suit.is_red for suit in suits) == [False, True]


CARDS_A_SEAT = 10  # R3: the most trumps one player can hold and count (R6a)


def _parse_number(value: Any, feast: Feast, suits: tuple | None, field: str,
                  problems: Problems) -> tuple[int | None, bool]:
    """R6a: the number a Number of a Suit or Trumps message says, and whether it may be read. A
    record from before R6a has none, and stays valid; any other announcement says no number."""
    if value is None:
        return None, True
    where = f"{field}.number"
    if feast.counts is None:
        problems.add(where, "R6a", f"{feast.name} says no number", "declares_no_number", feast=feast.id)
        return None, False
    if not _is_int(value):
        problems.add(where, "R6a", f"{shown(value)} is not a number of cards", "number_not_a_count",
                     feast=feast.id, given=shown(value))
        return None, False
    if feast.counts == "suit":
        if suits is None:
            return None, False  # the suit's own problem is reported
        if len(suits) != 1:
            problems.add(where, "R6a", f"{feast.name} with its number names the suit it counts, one suit",
                         "number_needs_suit", feast=feast.id, number=value)
            return None, False
        least, most, counted = 2, len(suits[0].ranks()) - 1, suits[0].word
    else:
        least, most, counted = 8, CARDS_A_SEAT, "trumps"
    if not least <= value <= most:
        problems.add(where, "R6a", f"{feast.name} says {least} to {most} {counted}, not {value}",
                     "number_out_of_range", feast=feast.id, number=value, least=least, most=most,
                     **({"suit": counted} if feast.counts == "suit" else {}))
        return None, False
    return value, True


def _parse_message_extras(item: dict, field: str, problems: Problems) -> tuple[None, None]:
    """R6: messages score when announced; they take neither a contra nor a result."""
    if item.get("contra") is not None:
        problems.add(f"{field}.contra", "R6", "a message cannot be contra'd", "message_contra")
    if item.get("result") is not None:
        problems.add(f"{field}.result", "R6", "a message has no result: it scores when announced", "message_result")
    return None, None


def _parse_contra(value: Any, field: str, problems: Problems) -> Contra | None:
    if value is None:
        return None
    contra = _CONTRAS.get(value) if isinstance(value, str) else None
    if contra is None:
        problems.add(f"{field}.contra", "R8",
                     f"{shown(value)} is not a contra: null, \"partner\" or \"opponents\" (no re-contras)",
                     "not_a_contra", given=shown(value))
    return contra


def _parse_result(item: dict, field: str, adjudicated: bool, problems: Problems) -> bool | None:
    value = item.get("result")
    if value is None:
        if not adjudicated:
            problems.add(f"{field}.result", FORMAT, "a feast needs its result, \"won\" or \"lost\"",
                         "result_missing")
        return None
    if value not in ("won", "lost"):
        problems.add(f"{field}.result", FORMAT, f"{shown(value)} is not a result: \"won\" or \"lost\"",
                     "not_a_result", given=shown(value))
        return None
    return value == "won"


def chain_key(announcement: Announcement) -> tuple | None:
    """The R7 chain an announcement belongs to, per team (magnified: per declared card)."""
    feast = announcement.feast
    if feast.is_message:
        # A message tells of the announcer's own hand, so each partner may give the same one.
        return (announcement.by, "message", feast.id, announcement.suits)
    if feast.chain is None:
        # Outside the chains a team may combine feasts, but announcing the same one twice is one
        # announcement made twice (R7 keeps only one announcement of each thing).
        return (announcement.team, "feast", feast.id, announcement.cards, announcement.suits)
    if feast.chain == MAGNIFIED_CHAIN:
        return (announcement.team, feast.chain, announcement.cards)
    return (announcement.team, feast.chain)


def _check_chains(announcements: list[Announcement], problems: Problems) -> None:
    """R7: a team holds at most one announcement of a chain; Pheasant and Falcon may go together."""
    held: dict[tuple, list[Announcement]] = {}
    for announcement in announcements:
        earlier = held.setdefault(chain_key(announcement), [])
        if not may_join_chain(earlier, announcement):
            names = ", ".join(a.feast.name for a in earlier)
            problems.add(
                f"announcements[{announcement.index}]", "R7",
                f"team {announcement.team} already holds {names} of the same chain; "
                "a record keeps only the final, highest announcement",
                "chain_held", team=announcement.team.value, feasts=[a.feast.id for a in earlier],
            )
            continue
        earlier.append(announcement)


def may_join_chain(earlier: list[Announcement], announcement: Announcement) -> bool:
    """R7: whether a team already holding ``earlier`` of this announcement's chain may also hold it
    (only Pheasant with Falcon)."""
    if not earlier:
        return True
    feasts = {a.feast.id for a in earlier} | {announcement.feast.id}
    return announcement.feast.chain == FLIGHT_CHAIN and len(earlier) == 1 and feasts == {"pheasant", "falcon"}


def _check_bindings(announcements: list[Announcement], problems: Problems) -> None:
    """R9: a team may not hold announcements that bind the same card to different tricks; the Scale
    family binds its five Bound Tricks' cards too (R9b)."""
    bound: dict[tuple[Team, Card], tuple[frozenset[int], Announcement]] = {}
    for announcement in announcements:
        if not announcement.feast.binds:
            continue
        for card, tricks in announcement.bindings():
            key = (announcement.team, card)
            if key not in bound:
                bound[key] = (tricks, announcement)
                continue
            earlier_tricks, earlier = bound[key]
            if earlier is not announcement and not earlier_tricks & tricks:
                problems.add(
                    f"announcements[{announcement.index}]", binding_ruling((earlier, announcement)),
                    f"binds the {card} to trick {_tricks_text(tricks)}, but {earlier.feast.name} "
                    f"(announcements[{earlier.index}]) binds it to trick {_tricks_text(earlier_tricks)}",
                    "binding_conflict", card=str(card), tricks=sorted(tricks), other_feast=earlier.feast.id,
                    other_index=earlier.index, other_tricks=sorted(earlier_tricks),
                )


def binding_ruling(announcements: Iterable[Announcement]) -> str:
    """The ruling a card bound by ``announcements`` is held to: R9b when only Scale, Spectrum, Full,
    Court or Grand bind it, else R9 (a Bound Trick or another binding feast binds it too)."""
    rulings = {announcement.feast.binding_ruling for announcement in announcements}
    return rulings.pop() if len(rulings) == 1 else "R9"


def _tricks_text(tricks: frozenset[int]) -> str:
    return " or ".join(str(number) for number in sorted(tricks))


def _check_declared_cards_held(announcements: list[Announcement], deal: dict, problems: Problems) -> None:
    """R9: magnified and flight feasts declare magnifiers the announcer holds."""
    for announcement in announcements:
        missing = [str(card) for card in announcement.cards if card not in deal[announcement.by]]
        if missing:
            problems.add(f"announcements[{announcement.index}].cards", "R9",
                         f"{announcement.by} does not hold " + ", ".join(missing), "declared_cards_not_held",
                         seat=str(announcement.by), cards=missing)


def _check_messages_true(announcements: list[Announcement], deal: dict, problems: Problems) -> None:
    """R6, R6a: where the deal is known, a message must be true of the announcer's hand, and the
    number it says the number held."""
    for announcement in announcements:
        if not announcement.feast.is_message:
            continue
        held = counted_cards(announcement, deal[announcement.by])
        if held is not None and held != announcement.number:
            counted = announcement.suits[0].word if announcement.feast.counts == "suit" else "trumps"
            problems.add(f"announcements[{announcement.index}].number", "R6a",
                         f"{announcement.by} holds {held} {counted}, not {announcement.number}: "
                         "a message says the actual number", "message_number_untrue",
                         feast=announcement.feast.id, seat=str(announcement.by), number=announcement.number,
                         held=held, **({"suit": counted} if announcement.feast.counts == "suit" else {}))
            continue
        reason = message_falsehood(announcement, deal[announcement.by])
        if reason:
            problems.add(f"announcements[{announcement.index}]", "R6", reason, "message_untrue",
                         feast=announcement.feast.id)


def counted_cards(announcement: Announcement, hand: Iterable[Card]) -> int | None:
    """R6a: how many of what a numbered message counts the announcer holds (None: it says no number)."""
    if announcement.number is None or announcement.feast.counts is None:
        return None
    if announcement.feast.counts == "suit":
        if len(announcement.suits) != 1:
            return None  # no one suit to count: _parse_number refuses it
        return sum(1 for card in hand if card.is_suit_card and card.suit is announcement.suits[0])
    return sum(1 for card in hand if card.is_trump)


def message_falsehood(announcement: Announcement, hand: tuple[Card, ...]) -> str | None:
    """Why a message is not true of the announcer's cards (seed 002's Messages), or None."""
    feast_id = announcement.feast.id
    by_suit = Counter(card.suit for card in hand if card.is_suit_card)
    if feast_id == "suit_count":
        suits = announcement.suits or tuple(Suit)
        if not any(2 <= by_suit[suit] < len(suit.ranks()) for suit in suits):
            return "Number of a Suit needs at least two, but not all, cards of the suit"
    elif feast_id == "trumps":
        if sum(1 for card in hand if card.is_trump) < 8:
            return "Trumps needs at least 8 trumps in the announcer's hand"
    elif feast_id == "birds":
        if not any(card.is_bird for card in hand):
            return "Birds needs at least one Bird in the announcer's hand"
    elif feast_id == "flush":
        if not any(by_suit[suit] == len(suit.ranks()) for suit in Suit):
            return "Flush needs every card of one suit in the announcer's hand"
    elif feast_id == "four_of_a_kind":
        if not any(count == 4 for count in Counter(card.rank for card in hand if card.is_suit_card).values()):
            return "Four of a Kind needs four cards of one rank in the announcer's hand"
    return None


# --- silent premiums (R10) --------------------------------------------------------------------


# Every valid silent entry, by its (premium, team) values: there are eight.
_SILENT_ENTRIES = {(premium.id, team.value): SilentEntry(premium, team)
                   for premium in SILENT_PREMIUMS.values() for team in TEAMS}


def _parse_silent(record: dict, adjudicated: bool, problems: Problems) -> tuple | None:
    if "silent" not in record:
        if not adjudicated:
            problems.add("silent", "R10", "the silent premiums achieved are required unless the tricks are given",
                         "silent_missing")
        return None
    value = record["silent"]
    if not isinstance(value, list):
        problems.add("silent", FORMAT, "must be a list of {premium, team}", "silent_not_list")
        return None
    entries, seen = [], set()
    for index, item in enumerate(value):
        entry = _parse_silent_entry(item, f"silent[{index}]", problems)
        if entry is None:
            continue
        if entry.premium.id in seen:
            problems.add(f"silent[{index}]", "R10",
                         f"{entry.premium.name} can be achieved by one team only, once a hand", "premium_twice",
                         premium=entry.premium.id)
            continue
        seen.add(entry.premium.id)
        entries.append(entry)
    return tuple(entries)


def _parse_silent_entry(item: Any, field: str, problems: Problems) -> SilentEntry | None:
    if type(item) is dict:
        try:
            entry = _SILENT_ENTRIES.get((item.get("premium"), item.get("team")))
        except TypeError:  # an unhashable value: read it below to report it
            entry = None
        if entry is not None:
            return entry
    if not isinstance(item, dict):
        problems.add(field, FORMAT, "must be an object with premium and team", "silent_entry_not_object")
        return None
    premium = SILENT_PREMIUMS.get(item.get("premium")) if isinstance(item.get("premium"), str) else None
    if premium is None:
        problems.add(f"{field}.premium", "R10",
                     f"{shown(item.get('premium'))} is not a silent premium "
                     "(obscure, lie_in_wait, four_kings, silent_mond_capture)", "not_a_silent_premium",
                     given=shown(item.get("premium")))
    team = _TEAMS_BY_NAME.get(item.get("team")) if isinstance(item.get("team"), str) else None
    if team is None:
        problems.add(f"{field}.team", FORMAT, f"{shown(item.get('team'))} is not a team (A or B)", "not_a_team",
                     given=shown(item.get("team")))
        return None
    if premium is None:
        return None
    return SilentEntry(premium, team)


# --- helpers --------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["Announcement", "Contra", "Hand", "Holding", "InvalidRecord", "SilentEntry", "check_announcements",
           "parse_hand"]
