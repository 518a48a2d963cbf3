"""The association's words: one catalogue of the names of every feast, silent premium, seat role,
suit, card rank, named trump, result and contra, each with a Hungarian name, an international
(English) name and short forms.

The defaults are here, in code (GLOSSARY-hu.md's last section), so an empty database still has every
word; organisers change any of them on their pages, which stores an override (the ``WordOverride``
model) over the default. Every page, PDF, workbook, history and API answer names things through
:func:`name`, and the jury's notation reads every spelling through :func:`spellings`.

The catalogue is read from the project's shared cache (files, or Redis in production) once a request
(tournaments.site.words_middleware; elsewhere at most every :data:`LOCAL_SECONDS`), and written there
anew in the transaction of an organiser's change, before the public data version it moves is
committed: a page of the new version, in any process, names things the new way, and no page makes a
query for the words.

This module is a leaf of the core: the models' own choices are named from it, so it reaches the
overrides' table through the app registry rather than by importing the models.
"""

from __future__ import annotations

import copy
import functools
import time
import unicodedata
from dataclasses import dataclass, replace

from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.utils import translation

CACHE_KEY = "association-words/1"  # and the database's name: the words are the database's
CACHE_SECONDS = 24 * 60 * 60
LOCAL_SECONDS = 1.0  # how long a process trusts its own copy before it reads the shared cache again

FEAST, PREMIUM, ROLE, SUIT, RANK, TRUMP, RESULT, CONTRA = (
    "feast", "premium", "role", "suit", "rank", "trump", "result", "contra")
KINDS = (FEAST, PREMIUM, ROLE, SUIT, RANK, TRUMP, RESULT, CONTRA)

# The kinds whose spellings are read in the same place of a notation line: a short form may not
# name two terms of one group (a line's first word is a feast or a premium; a seat's role, a contra's
# side, a card's rank are each read on their own; a bare word is a result, a suit or a trump).
READ_TOGETHER = ((FEAST, PREMIUM), (ROLE,), (CONTRA,), (RANK,), (RESULT, SUIT, TRUMP))


@dataclass(frozen=True)
class Term:
    """One thing the association names: its ``key`` (the FORMAT.md id, card letter or numeral),
    its Hungarian and international names and its short forms."""

    kind: str
    key: str
    hungarian: str
    international: str
    short: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every way of writing it, names first."""
        return tuple(dict.fromkeys((self.hungarian, self.international, *self.short)))


@functools.lru_cache(maxsize=8192)
def fold(word: str) -> str:
    """A word as the catalogue compares it: lower case, accents left out, spaces as hyphens
    (``Treff király`` -> ``treff-kiraly``). Kept for the words folded most: reading one line of
    notation compares it with every spelling of every feast and card, hundreds of folds."""
    decomposed = unicodedata.normalize("NFD", "-".join(word.lower().split()))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _terms(kind, rows):
    return [Term(kind, key, hungarian, international, tuple(short)) for key, hungarian, international, *short
            in rows]


# --- the defaults (GLOSSARY-hu.md) ----------------------------------------------------------------
# (key, Hungarian, international, short forms...). "négyes" and "ötös" appear in no name: they are
# the IIII and V trumps and the words for four- and five-card suits.

DEFAULT_FEASTS = _terms(FEAST, [
    ("suit_count", "Színhossz", "Number of a Suit", "színszám"),
    ("trumps", "Tarokkszám", "Trumps"),
    ("birds", "Madarak", "Birds"),
    ("flush", "Teljes szín", "Flush"),
    ("four_of_a_kind", "Póker", "Four of a Kind"),
    ("visi", "Visi", "Visi"),
    ("lamour", "L'amour", "L'amour", "lamúr"),
    ("angel", "Angyal", "Angel"),
    ("honour", "Honőr", "Honour"),
    ("heads", "Két honőr", "Heads"),
    ("full_honours", "Tuletroá", "Full Honours", "tulétroá", "trull", "tuli"),
    ("play", "Játék", "Play"),
    ("cash", "Kassza", "Cash"),
    ("bridge", "Híd", "Bridge"),
    ("octave", "Oktáv", "Octave"),
    ("misere", "Mizer", "Misere"),
    ("slam", "Volát", "Slam"),
    ("piccolo", "Pikoló", "Piccolo"),
    ("town_centre", "Belváros", "Town Centre", "városközpont"),
    ("centre", "Centrum", "Centre"),
    ("small_bird", "Kismadár", "Small Bird"),
    ("large_bird", "Nagymadár", "Large Bird"),
    ("last_day_of_the_month", "Ultimó", "Last day of the month", "hónap utolsó napja"),
    ("before_the_end_of_the_month", "Uhu", "Before the end of the month", "hónap vége előtt"),
    ("kite", "Sárkány", "Kite"),
    ("seize", "Griff", "Seize"),
    ("turul", "Turul", "Turul"),
    ("pheasant", "Fácán", "Pheasant"),
    ("falcon", "Sólyom", "Falcon"),
    ("gang", "Banda", "Gang"),
    ("quick_one", "Gyors", "Quick One"),
    ("the_red_and_the_black", "Vörös és fekete", "The Red and The Black", "piros és fekete"),
    ("army", "Sereg", "Army", "színesítés"),
    ("legion", "Légió", "Legion"),
    ("amazon", "Amazon", "Amazon"),
    ("pagat_capture", "Pagátfogás", "Pagat Capture"),
    ("second_pheasant", "Második fácán", "Second Pheasant"),
    ("third_pheasant", "Harmadik fácán", "Third Pheasant"),
    ("fourth_pheasant", "Negyedik fácán", "Fourth Pheasant"),
    ("schleicher", "Schleicher", "Schleicher"),
    ("pho_nothing", "Kétkirály", "Pho Nothing"),
    ("spadille", "Spadille", "Spadille"),
    ("manille", "Manille", "Manille"),
    ("dschinn", "Dschinn", "Dschinn"),
    ("marriage", "Marriage", "Marriage"),
    ("mond_capture", "Huszonegyfogás", "Mond Capture", "xxi-fogás", "xxifogás"),
    ("habicht", "Habicht", "Habicht"),
    ("couleur", "Couleur", "Couleur"),
    ("scale", "Scale", "Scale"),
    ("golgotha", "Golgota", "Golgotha"),
    ("centaur", "Centaur", "Centaur"),
    ("trojka", "Trojka", "Trojka"),
    ("famille", "Famille", "Famille"),
    ("bethlehem", "Bethlehem", "Bethlehem"),
    ("sphinx", "Szfinx", "Sphinx"),
    ("quart", "Quart", "Quart"),
    ("pyramid", "Piramis", "Pyramid"),
    ("spectrum", "Spectrum", "Spectrum"),
    ("stella", "Stella", "Stella"),
    ("full", "Full", "Full"),
    ("court", "Court", "Court"),
    ("grand", "Grand", "Grand"),
    ("harpy", "Hárpia", "Harpy"),
    ("gloria", "Gloria", "Gloria"),
    ("triumph", "Triumf", "Triumph"),
    ("royal", "Royal", "Royal"),
])

DEFAULT_PREMIUMS = _terms(PREMIUM, [
    ("obscure", "Első öt", "Obscure", "ob", "csendes első öt"),
    ("lie_in_wait", "Csendes pagátfogás", "Lie in Wait", "liw"),
    ("four_kings", "Négykirály", "Four Kings", "4k"),
    ("silent_mond_capture", "Csendes huszonegyfogás", "Silent Mond Capture", "smc", "csendes xxi-fogás"),
])

DEFAULT_ROLES = _terms(ROLE, [
    ("driver", "hajtó", "driver", "h", "d", "behajtó"),
    ("catcher", "fogó", "catcher", "f", "c", "elfogó"),
])

# A suit's key is FORMAT.md's letter (``Kh``); a single letter never names a suit in Hungarian
# (k is kőr, káró or király; t is treff or tarokk), so the short forms have two letters or more.
DEFAULT_SUITS = _terms(SUIT, [
    ("h", "kőr", "hearts", "kő", "♥"),
    ("d", "káró", "diamonds", "ká", "♦"),
    ("c", "treff", "clubs", "tr", "♣"),
    ("s", "pikk", "spades", "pi", "pik", "♠"),
])

DEFAULT_RANKS = _terms(RANK, [
    ("K", "király", "King", "k"),
    ("Q", "dáma", "Queen", "d"),
    ("C", "lovas", "Cavalier", "l"),
    ("V", "bubi", "Valet", "b", "botos"),
    ("10", "tízes", "Ten", "10"),
])

_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
          "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
# The named trumps' Hungarian names; internationally they go by their numerals (Pagat and Mond read too).
_TRUMP_NAMES = {"I": ("pagát", "Pagat"), "II": ("sas",), "XXI": ("huszonegyes", "Mond")}
DEFAULT_TRUMPS = [
    Term(TRUMP, numeral, _TRUMP_NAMES.get(numeral, (numeral,))[0], numeral,
         short=(str(number), *_TRUMP_NAMES.get(numeral, ())[1:]) + (("IIII",) if numeral == "IV" else ()))
    for number, numeral in enumerate(_ROMAN, start=1)
] + [Term(TRUMP, "Fool", "skíz", "Fool", ("sküs", "skiz"))]

DEFAULT_RESULTS = _terms(RESULT, [
    ("won", "nyert", "won", "ny", "w", "+"),
    ("lost", "bukott", "lost", "bu", "l", "-"),
])

DEFAULT_CONTRAS = _terms(CONTRA, [
    ("opponents", "ellenfél", "opponents", "ell", "opp", "o", "e"),
    ("partner", "partner", "partner", "par", "p"),
])

DEFAULTS: dict[str, list[Term]] = {
    FEAST: DEFAULT_FEASTS, PREMIUM: DEFAULT_PREMIUMS, ROLE: DEFAULT_ROLES, SUIT: DEFAULT_SUITS,
    RANK: DEFAULT_RANKS, TRUMP: DEFAULT_TRUMPS, RESULT: DEFAULT_RESULTS, CONTRA: DEFAULT_CONTRAS,
}


# --- the catalogue: the defaults with the organisers' overrides ---------------------------------


class Catalogue:
    """Every term by kind and key, and every spelling of a kind folded to its key."""

    def __init__(self, overrides: dict[tuple[str, str], tuple[str, str, tuple[str, ...]]]):
        self.terms: dict[str, dict[str, Term]] = {}
        for kind, defaults in DEFAULTS.items():
            terms = {}
            for term in defaults:
                changed = overrides.get((kind, term.key))
                if changed is not None:
                    term = replace(term, hungarian=changed[0], international=changed[1], short=tuple(changed[2]))
                terms[term.key] = term
            self.terms[kind] = terms
        self.spellings = {kind: _spelling_index(terms.values()) for kind, terms in self.terms.items()}
        self.names: dict[str, dict[str, str]] = {}
        # What other modules derive from these words alone (the notation's card spellings, the
        # legend in each language): kept with the catalogue, so it goes when the words change.
        self.derived: dict = {}

    def derive(self, key, make):
        """``make()``, worked out once for these words; ``key`` names it (with the page's language
        when it depends on it)."""
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = make()
        return found


def _spelling_index(terms) -> dict[str, str]:
    """Folded spelling -> key; where two terms share a spelling (a clash stored before the check)
    the first keeps it. A term's own key is a spelling too (FORMAT.md's ids stay readable)."""
    index: dict[str, str] = {}
    for term in terms:
        for spelling in (*term.spellings, term.key):
            index.setdefault(fold(spelling), term.key)
    return index


_local: dict = {"catalogue": None, "read_at": 0.0}
# The catalogue last built and the overrides it was built from: a request that reads the same
# overrides from the shared cache (every request but the first after an organiser's change) uses it
# again, with what was derived from it, instead of building it anew.
_built: dict = {"overrides": None, "catalogue": None}


def catalogue() -> Catalogue:
    """The catalogue as the shared cache holds it (read from the overrides on a miss)."""
    now = time.monotonic()
    if _local["catalogue"] is not None and now - _local["read_at"] < LOCAL_SECONDS:
        return _local["catalogue"]
    overrides = cache.get(_cache_key())
    if overrides is None:
        overrides = _stored_overrides()
        cache.set(_cache_key(), overrides, CACHE_SECONDS)
    _local.update(catalogue=_catalogue_of(overrides), read_at=now)
    return _local["catalogue"]


def _catalogue_of(overrides: dict) -> Catalogue:
    """The catalogue of these overrides: the last one built when they are the same words."""
    built = _built["catalogue"]
    if built is None or _built["overrides"] != overrides:
        built = Catalogue(overrides)
        _built.update(overrides=copy.deepcopy(overrides), catalogue=built)  # a copy: the caller's may change
    return built


def _stored_overrides() -> dict:
    model = apps.get_model("tournaments", "WordOverride")
    return {(row.kind, row.key): (row.hungarian, row.international, tuple(row.short_forms))
            for row in model.objects.all()}


def forget_local() -> None:
    """This process reads the shared cache again at its next look (a request begins)."""
    _local.update(catalogue=None, read_at=0.0)


def refresh() -> None:
    """Put the stored overrides in the shared cache and this process at once (an organiser saved):
    every process reads them from the cache on its next look, and no page waits on a query."""
    use(_stored_overrides())


def use(overrides: dict) -> None:
    """Make ``overrides`` ((kind, key) -> (Hungarian, international, short forms)) the catalogue's."""
    cache.set(_cache_key(), overrides, CACHE_SECONDS)
    _local.update(catalogue=_catalogue_of(overrides), read_at=time.monotonic())


def _cache_key() -> str:
    """One entry a database: test runs side by side (each its own database) share no words."""
    return f"{CACHE_KEY}/{connection.settings_dict['NAME']}"


# --- reading it ----------------------------------------------------------------------------------


def is_hungarian_page() -> bool:
    return (translation.get_language() or "").startswith("hu")


def term(kind: str, key: str) -> Term | None:
    return catalogue().terms[kind].get(key)


def terms(kind: str) -> list[Term]:
    return list(catalogue().terms[kind].values())


def name(kind: str, key: str) -> str:
    """The name of a term in the page's language (Hungarian or international); an unknown key as
    it is."""
    found = term(kind, key)
    if found is None:
        return key
    return found.hungarian if is_hungarian_page() else found.international


def short(kind: str, key: str) -> str:
    """The shortest way of writing a term that the notation reads back as it (for the legend and
    for writing a stored hand back into the fields)."""
    found = term(kind, key)
    if found is None:
        return key
    index = spellings(kind)
    readable = [spelling for spelling in found.spellings
                if index.get(fold(spelling)) == key and _typeable(kind, spelling)]
    page_name = fold(name(kind, key))
    own = [spelling for spelling in readable if page_name.startswith(fold(spelling))]
    return min(own or readable or [key], key=len)


def _typeable(kind: str, spelling: str) -> bool:
    """Whether a spelling is one to write back: letters or digits (no ♣), and for a suit or a
    contra's side two characters or more (a single letter never names a suit)."""
    shortest = 2 if kind in (SUIT, CONTRA) else 1
    return len(spelling) >= shortest and all(char.isalnum() or char in "-'" for char in spelling)


def name_spellings(kind: str) -> dict[str, str]:
    """The Hungarian and international names of a kind, folded, -> key (no short forms)."""
    catalogue_ = catalogue()
    cached = catalogue_.names.get(kind)
    if cached is None:
        cached = catalogue_.names[kind] = _spelling_index(
            replace(term, short=()) for term in catalogue_.terms[kind].values())
    return cached


def spellings(kind: str) -> dict[str, str]:
    """Every spelling of a kind, folded (:func:`fold`), -> its key."""
    return catalogue().spellings[kind]


def read(kind: str, word: str) -> str | None:
    """The key a word names exactly (any name or short form, accents and case as you like)."""
    return spellings(kind).get(fold(word))


def feast_name(feast_id: str) -> str:
    """A feast's or a silent premium's name in the page's language."""
    kind = PREMIUM if feast_id in catalogue().terms[PREMIUM] else FEAST
    return name(kind, feast_id)


def role_name(role: str) -> str:
    return name(ROLE, role)


def seat_name(seat: str) -> str:
    """``A.driver`` -> "A hajtó" on a Hungarian page, "A driver" otherwise."""
    team, _dot, role = seat.partition(".")
    if role not in catalogue().terms[ROLE]:
        return seat
    return f"{team} {role_name(role)}"


def suit_name(suit: str) -> str:
    """A suit by its letter (``h``) or its FORMAT.md word (``hearts``)."""
    key = read(SUIT, suit) or suit
    return name(SUIT, key)


def result_name(result: str) -> str:
    return name(RESULT, result)


def contra_name(side: str) -> str:
    return name(CONTRA, side)


def card_name(card: str) -> str:
    """A FORMAT.md card (``Kc``, ``XXI``, ``Fool``) named: "treff király", "huszonegyes" on a
    Hungarian page, "King of clubs", "Mond" otherwise; a trump without a name as its numeral."""
    if term(TRUMP, card) is not None:
        return name(TRUMP, card)
    rank, suit = card[:-1], card[-1:]
    if term(RANK, rank) is None or term(SUIT, suit) is None:
        return card
    if is_hungarian_page():
        return f"{name(SUIT, suit)} {name(RANK, rank)}"
    return f"{name(RANK, rank)} of {name(SUIT, suit)}"


# --- organisers' changes -------------------------------------------------------------------------


def clashes(kind: str, key: str, spellings_: list[str]) -> dict[str, Term]:
    """Each of ``spellings_`` that another term read in the same place already uses -> that term."""
    group = next(group for group in READ_TOGETHER if kind in group)
    taken: dict[str, Term] = {}
    for other_kind in group:
        for other in catalogue().terms[other_kind].values():
            if other.kind == kind and other.key == key:
                continue
            for spelling in (*other.spellings, other.key):
                taken.setdefault(fold(spelling), other)
    return {spelling: taken[fold(spelling)] for spelling in spellings_ if fold(spelling) in taken}


def default(kind: str, key: str) -> Term | None:
    return next((term_ for term_ in DEFAULTS[kind] if term_.key == key), None)
