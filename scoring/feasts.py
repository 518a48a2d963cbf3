"""The feast catalogue: one table that everything else reads (R6, R7, R9, R10, R11, R19).

Each entry says what a feast is worth, which chain it belongs to (R7), which cards it binds to
which tricks (R9), what it declares, and its trophy class and rank (R11, R19). Nothing about a
feast is repeated elsewhere in the engine; what it takes to win it, with the decisions taken where
seed 002's wording leaves a condition open, stands in the one table of
:data:`scoring.adjudicate.CONDITIONS`, keyed by the same ids.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Category(enum.Enum):
    MESSAGE = "message"
    MATERIAL = "material premium"
    FREE_PASS = "free pass"
    BOUND_TRICK = "bound trick"
    MAGNIFIED = "magnified feast"
    FLIGHT = "flight feast"
    INTERCEPT = "intercept feast"
    EXTRA = "extra"
    LITTLE_TROPHY = "little trophy"
    TROPHY = "trophy"


class SuitRule(enum.Enum):
    """What a feast's ``suits`` must hold."""

    NONE = "none"
    OPTIONAL_ONE = "at most one suit"  # Number of a Suit may name its suit (e.g. "4 Hearts").
    ANY_ONE = "one suit"
    ONE_BLACK = "one black suit"
    RED_AND_BLACK = "one red and one black suit"


class TrophyClass(enum.Enum):
    LITTLE = "little"  # R11: worth less than 100; a win raises the ceiling to 110 (R12)
    GREAT = "great"  # R11: worth more than 100; a loss scores the hand 0 (R12)


# R7 chains. A team holds at most one announcement of a chain; the record keeps only the highest.
HONOURS_CHAIN = "honours"
FREE_PASS_CHAIN = "free passes"
MAGNIFIED_CHAIN = "magnified"  # one chain per declared card
FLIGHT_CHAIN = "flight"  # at most one, except Pheasant with Falcon
INTERCEPT_CHAIN = "intercept"


@dataclass(frozen=True)
class Feast:
    """One announceable item.

    ``fixed_bindings`` ties a named card to the tricks it must go to; ``declared_tricks`` ties the
    declared magnifiers, together, to a set of tricks (each declared card to one of them);
    ``suit_bindings`` ties the King and Queen of the declared suit to a set of tricks (Marriage).
    """

    id: str
    name: str
    category: Category
    value: int
    chain: str | None = None
    chain_rank: int = 0
    declared_cards: int = 0  # how many magnifiers it declares (R9)
    suits: SuitRule = SuitRule.NONE
    fixed_bindings: tuple[tuple[str, frozenset[int]], ...] = ()
    declared_tricks: frozenset[int] = frozenset()
    suit_bindings: frozenset[int] = frozenset()
    trophy: TrophyClass | None = None
    is_flight: bool = False
    binding_ruling: str = "R9"  # the ruling a misplayed bound card of this feast is refused under
    counts: str | None = None  # R6a: what a message's number counts ("suit": of its suit, "trumps")


    # Derived once from the fields above: the scorer asks these for every announcement.
    is_message: bool = field(init=False, repr=False, compare=False)
    binds: bool = field(init=False, repr=False, compare=False)  # ties a card to a trick (R9)
    is_trophy: bool = field(init=False, repr=False, compare=False)
    is_little_trophy: bool = field(init=False, repr=False, compare=False)
    is_great_trophy: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        derived = {
            "is_message": self.category is Category.MESSAGE,
            "binds": bool(self.fixed_bindings or self.declared_tricks or self.suit_bindings),
            "is_trophy": self.trophy is not None,
            "is_little_trophy": self.trophy is TrophyClass.LITTLE,
            "is_great_trophy": self.trophy is TrophyClass.GREAT,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @property
    def trophy_rank(self) -> int | None:
        """Position in R19's ranking: 1 is the highest-ranking trophy (Royal)."""
        if self.trophy is None:
            return None
        return TROPHY_RANKING.index(self.id) + 1

    def __repr__(self) -> str:
        return f"Feast({self.id!r}, {self.value})"


def _tricks(*numbers: int) -> frozenset[int]:
    return frozenset(numbers)


def _bound(card: str, *tricks: int) -> tuple[str, frozenset[int]]:
    return (card, frozenset(tricks))


# R9: the bound tricks tie one named trump each.
_BOUND_TRICK_CARDS = {
    "piccolo": ("XVIII", 3), "town_centre": ("XIX", 4), "centre": ("XX", 5),
    "small_bird": ("XXI", 6), "large_bird": ("Fool", 7),
}

# R9b: Scale, Spectrum, Full, Court and Grand contract the team to "all five Bound Tricks", so
# they bind the five cards exactly as the Bound Tricks themselves do.
_FIVE_BOUND_TRICKS = tuple(_bound(*_BOUND_TRICK_CARDS[feast_id]) for feast_id in _BOUND_TRICK_CARDS)
_SCALE_FAMILY = {"fixed_bindings": _FIVE_BOUND_TRICKS, "binding_ruling": "R9b"}

_CATALOGUE: tuple[Feast, ...] = (
    # Messages (R6): information; only Flush and Four of a Kind score, none may be contra'd.
    # R6a: these two say their number ("4 Hearts", "9 Trumps"); records from before R6a may lack it.
    Feast("suit_count", "Number of a Suit", Category.MESSAGE, 0, suits=SuitRule.OPTIONAL_ONE, counts="suit"),
    Feast("trumps", "Trumps", Category.MESSAGE, 0, counts="trumps"),
    Feast("birds", "Birds", Category.MESSAGE, 0),
    Feast("flush", "Flush", Category.MESSAGE, 10),
    Feast("four_of_a_kind", "Four of a Kind", Category.MESSAGE, 20),
    # Material premiums (R7: Honour < Heads < Full Honours; Visi, L'amour, Angel stand alone).
    Feast("visi", "Visi", Category.MATERIAL, 1),
    Feast("lamour", "L'amour", Category.MATERIAL, 1),
    Feast("angel", "Angel", Category.MATERIAL, 1),
    Feast("honour", "Honour", Category.MATERIAL, 1, HONOURS_CHAIN, 1),
    Feast("heads", "Heads", Category.MATERIAL, 2, HONOURS_CHAIN, 2),
    Feast("full_honours", "Full Honours", Category.MATERIAL, 3, HONOURS_CHAIN, 3),
    # Free passes (R7: one chain).
    Feast("play", "Play", Category.FREE_PASS, 10, FREE_PASS_CHAIN, 1),
    Feast("cash", "Cash", Category.FREE_PASS, 20, FREE_PASS_CHAIN, 2),
    Feast("bridge", "Bridge", Category.FREE_PASS, 30, FREE_PASS_CHAIN, 3),
    Feast("octave", "Octave", Category.FREE_PASS, 40, FREE_PASS_CHAIN, 4),
    Feast("misere", "Misere", Category.FREE_PASS, 50, FREE_PASS_CHAIN, 5),
    Feast("slam", "Slam", Category.FREE_PASS, 60, FREE_PASS_CHAIN, 6),
    # Bound tricks (R7: no chain; R9: each binds its trump).
    *(
        Feast(feast_id, name, Category.BOUND_TRICK, value,
              fixed_bindings=(_bound(*_BOUND_TRICK_CARDS[feast_id]),))
        for feast_id, name, value in (
            ("piccolo", "Piccolo", 5), ("town_centre", "Town Centre", 5), ("centre", "Centre", 10),
            ("small_bird", "Small Bird", 20), ("large_bird", "Large Bird", 30),
        )
    ),
    # Magnified feasts (R7: a chain per declared card; R9: the magnifier bound to the trick).
    *(
        Feast(feast_id, name, Category.MAGNIFIED, value, MAGNIFIED_CHAIN, rank,
              declared_cards=1, declared_tricks=_tricks(trick))
        for rank, (feast_id, name, value, trick) in enumerate((
            ("last_day_of_the_month", "Last day of the month", 10, 10),
            ("before_the_end_of_the_month", "Before the end of the month", 20, 9),
            ("kite", "Kite", 30, 8), ("seize", "Seize", 40, 7), ("turul", "Turul", 50, 6),
        ), start=1)
    ),
    # Flight feasts (R7: at most one a team, but Pheasant and Falcon together; R9 bindings).
    Feast("pheasant", "Pheasant", Category.FLIGHT, 20, FLIGHT_CHAIN, 1, declared_cards=1,
          declared_tricks=_tricks(1), is_flight=True),
    Feast("falcon", "Falcon", Category.FLIGHT, 20, FLIGHT_CHAIN, 1, declared_cards=1,
          declared_tricks=_tricks(2), is_flight=True),
    # Intercept feasts (R7: one chain).
    Feast("gang", "Gang", Category.INTERCEPT, 5, INTERCEPT_CHAIN, 1, suits=SuitRule.ANY_ONE),
    Feast("quick_one", "Quick One", Category.INTERCEPT, 20, INTERCEPT_CHAIN, 2),
    Feast("the_red_and_the_black", "The Red and The Black", Category.INTERCEPT, 25,
          INTERCEPT_CHAIN, 3, suits=SuitRule.RED_AND_BLACK),
    Feast("army", "Army", Category.INTERCEPT, 30, INTERCEPT_CHAIN, 4),
    Feast("legion", "Legion", Category.INTERCEPT, 50, INTERCEPT_CHAIN, 5),
    # Extras. The second, third and fourth Pheasants are flight feasts above Pheasant/Falcon (R7).
    Feast("amazon", "Amazon", Category.EXTRA, 5),
    Feast("pagat_capture", "Pagat Capture", Category.EXTRA, 30),
    Feast("second_pheasant", "Second Pheasant", Category.EXTRA, 60, FLIGHT_CHAIN, 2,
          declared_cards=2, declared_tricks=_tricks(1, 2), is_flight=True),
    Feast("third_pheasant", "Third Pheasant", Category.EXTRA, 60, FLIGHT_CHAIN, 2,
          declared_cards=2, declared_tricks=_tricks(1, 3), is_flight=True),
    Feast("fourth_pheasant", "Fourth Pheasant", Category.EXTRA, 60, FLIGHT_CHAIN, 2,
          declared_cards=2, declared_tricks=_tricks(2, 4), is_flight=True),
    Feast("schleicher", "Schleicher", Category.EXTRA, 60),
    Feast("pho_nothing", "Pho Nothing", Category.EXTRA, 60),
    # Little trophies (R11).
    Feast("spadille", "Spadille", Category.LITTLE_TROPHY, 30, trophy=TrophyClass.LITTLE),
    Feast("manille", "Manille", Category.LITTLE_TROPHY, 30, trophy=TrophyClass.LITTLE),
    Feast("dschinn", "Dschinn", Category.LITTLE_TROPHY, 50, suits=SuitRule.ONE_BLACK,
          trophy=TrophyClass.LITTLE),
    Feast("marriage", "Marriage", Category.LITTLE_TROPHY, 60, suits=SuitRule.ANY_ONE,
          suit_bindings=_tricks(9, 10), trophy=TrophyClass.LITTLE),
    # Trophies worth more than 100 (R11).
    Feast("mond_capture", "Mond Capture", Category.TROPHY, 120, trophy=TrophyClass.GREAT),
    Feast("habicht", "Habicht", Category.TROPHY, 120, FLIGHT_CHAIN, 3, declared_cards=3,
          declared_tricks=_tricks(1, 2, 3), trophy=TrophyClass.GREAT, is_flight=True),
    Feast("couleur", "Couleur", Category.TROPHY, 120, trophy=TrophyClass.GREAT),
    Feast("scale", "Scale", Category.TROPHY, 120, trophy=TrophyClass.GREAT, **_SCALE_FAMILY),
    Feast("golgotha", "Golgotha", Category.TROPHY, 130, trophy=TrophyClass.GREAT),
    Feast("centaur", "Centaur", Category.TROPHY, 130, trophy=TrophyClass.GREAT),
    Feast("trojka", "Trojka", Category.TROPHY, 130, trophy=TrophyClass.GREAT),
    Feast("famille", "Famille", Category.TROPHY, 130, suits=SuitRule.ANY_ONE,
          trophy=TrophyClass.GREAT),
    Feast("bethlehem", "Bethlehem", Category.TROPHY, 130, trophy=TrophyClass.GREAT),
    Feast("sphinx", "Sphinx", Category.TROPHY, 130, trophy=TrophyClass.GREAT),
    Feast("quart", "Quart", Category.TROPHY, 140, trophy=TrophyClass.GREAT),
    Feast("pyramid", "Pyramid", Category.TROPHY, 140, trophy=TrophyClass.GREAT),
    Feast("spectrum", "Spectrum", Category.TROPHY, 140, trophy=TrophyClass.GREAT, **_SCALE_FAMILY),
    Feast("stella", "Stella", Category.TROPHY, 150, FLIGHT_CHAIN, 4, declared_cards=3,
          declared_tricks=_tricks(1, 2, 3),
          fixed_bindings=(_bound("XIX", 4), _bound("XX", 5), _bound("XXI", 6), _bound("Fool", 7)),
          trophy=TrophyClass.GREAT, is_flight=True),
    Feast("full", "Full", Category.TROPHY, 150, trophy=TrophyClass.GREAT, **_SCALE_FAMILY),
    Feast("court", "Court", Category.TROPHY, 150, suits=SuitRule.ANY_ONE,
          trophy=TrophyClass.GREAT, **_SCALE_FAMILY),
    Feast("grand", "Grand", Category.TROPHY, 150, trophy=TrophyClass.GREAT, **_SCALE_FAMILY),
    Feast("harpy", "Harpy", Category.TROPHY, 160, trophy=TrophyClass.GREAT),
    Feast("gloria", "Gloria", Category.TROPHY, 160, trophy=TrophyClass.GREAT),
    Feast("triumph", "Triumph", Category.TROPHY, 160, trophy=TrophyClass.GREAT),
    Feast("royal", "Royal", Category.TROPHY, 200, trophy=TrophyClass.GREAT),
)

FEASTS: dict[str, Feast] = {feast.id: feast for feast in _CATALOGUE}
MESSAGES = frozenset(f.id for f in _CATALOGUE if f.is_message)
TROPHIES = frozenset(f.id for f in _CATALOGUE if f.is_trophy)

# R19: highest first. Within one value the later-listed in the seed ranks higher.
TROPHY_RANKING: tuple[str, ...] = (
    "royal",
    "triumph", "gloria", "harpy",
    "grand", "court", "full", "stella",
    "spectrum", "pyramid", "quart",
    "sphinx", "bethlehem", "famille", "trojka", "centaur", "golgotha",
    "scale", "couleur", "habicht", "mond_capture",
    "marriage", "dschinn", "manille", "spadille",
)
assert set(TROPHY_RANKING) == TROPHIES and len(TROPHY_RANKING) == 25  # R11: 25 trophies


def trophy_rank(feast_id: str) -> int:
    """R19: 1 for Royal, 25 for Spadille. Smaller ranks higher."""
    return TROPHY_RANKING.index(feast_id) + 1


def trophy_ranking_key(won_trophies: list[str]) -> tuple[int, ...]:
    """A key comparing two teams' trophy sets by R19, for the Grand Prix tie-break (R17):
    the highest-ranking trophy decides, then the next-highest, and so on. A greater key wins."""
    ranks = sorted(trophy_rank(feast_id) for feast_id in won_trophies)
    return tuple(len(TROPHY_RANKING) + 1 - rank for rank in ranks)


@dataclass(frozen=True)
class SilentPremium:
    """R10: scored by whichever team achieves it, unless that team announced a covering feast."""

    id: str
    name: str
    value: int
    covered_by: frozenset[str]


SILENT_PREMIUMS: dict[str, SilentPremium] = {
    premium.id: premium
    for premium in (
        # Obscure is lost to any announced free pass of the team (R10).
        SilentPremium("obscure", "Obscure", 5,
                      frozenset(f.id for f in _CATALOGUE if f.category is Category.FREE_PASS)),
        SilentPremium("lie_in_wait", "Lie in Wait", 15,
                      frozenset({"pagat_capture", "golgotha", "royal"})),
        SilentPremium("four_kings", "Four Kings", 20, frozenset()),
        SilentPremium("silent_mond_capture", "Silent Mond Capture", 50,
                      frozenset({"mond_capture", "golgotha", "centaur", "harpy", "gloria",
                                 "triumph", "royal"})),
    )
}

CONTRA_LIMIT = 20  # R8: a contra line moves at most 20 points either way.
