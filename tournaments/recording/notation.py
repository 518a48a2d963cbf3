"""The jury's short keyboard notation, turned into the pieces of a FORMAT.md hand record and back.

One announcement a line: the feast id (or a prefix naming one feast), the seat, then in any order
declared cards, declared suits, the contra and the result::

    pheasant A.d I c=opp won
    marriage B.c hearts lost
    flush A.c

Feasts and premiums are written by their FORMAT.md id, by a Hungarian name (GLOSSARY-hu.md:
``fácán``, ``huszonegyfogás`` or ``xxi-fogás``, ``négykirály``; accents may be left out) or by any
beginning of one that names a single feast. Seats: ``A.d`` ``A.c`` ``B.d`` ``B.c`` (or in full,
``A.driver``). Contra: ``c=opp`` or ``c=par`` (``c=opponents``, ``c=partner``). Result:
``won``/``lost`` (``w``/``l``, or in Hungarian ``nyert``/``bukott``). Silent premiums: items
separated by commas, each a premium and a team, e.g. ``four_kings B, obscure A`` (``4k``, ``ob``,
``liw``, ``smc`` are short for them). The deal: four lines ``A.d: Fool XX ...``. The tricks: ten
lines of four cards in the order played.

Nothing here knows a rule of the game: whether a card, a feast or a combination is legal is the
rules engine's answer (scoring/, through tournaments.core.bridge), reported against the line it
concerns.
"""

import difflib
import functools
import re
import unicodedata

from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.core.models.matches import FEAST_CHOICES, PREMIUM_CHOICES
from tournaments.recording.lines import line_name, seat_name

FEAST_IDS = [feast_id for feast_id, _name in FEAST_CHOICES]
PREMIUM_IDS = [premium_id for premium_id, _name in PREMIUM_CHOICES]
PREMIUM_SHORT = {"4k": "four_kings", "ob": "obscure", "liw": "lie_in_wait", "smc": "silent_mond_capture"}
SEATS = {"d": "driver", "c": "catcher", "driver": "driver", "catcher": "catcher"}
SEAT_SHORT = {"driver": "d", "catcher": "c"}
CONTRAS = {"opp": "opponents", "opponents": "opponents", "o": "opponents",
           "par": "partner", "partner": "partner", "p": "partner"}
CONTRA_SHORT = {"opponents": "opp", "partner": "par"}
# The result in English or as a Hungarian juror says it (nyert, bukott; accents optional).
RESULTS = {"won": "won", "w": "won", "+": "won", "lost": "lost", "l": "lost", "-": "lost",
           "nyert": "won", "bukott": "lost"}
SUIT_WORDS = ("hearts", "diamonds", "spades", "clubs")

SEAT_PATTERN = re.compile(r"^([AB])\.(d|c|driver|catcher)$", re.IGNORECASE)
CONTRA_PATTERN = re.compile(r"^(?:c|contra)[=:](\w+)$", re.IGNORECASE)
TRUMP_PATTERN = re.compile(r"^(?:fool|[ivx]+)$", re.IGNORECASE)
SUIT_CARD_PATTERN = re.compile(r"^(k|q|c|v|10)([hdsc])$", re.IGNORECASE)


class NotationError(ValueError):
    """A line of the jury's notation that cannot be read; the message names the line and token."""


# Hungarian names the jury may type for a feast or premium, besides the catalogue's Hungarian
# names (taken from the translation): GLOSSARY-hu.md's tarokk vocabulary and association spellings.
HUNGARIAN_ALIASES = {
    "mond_capture": ("huszonegyfogás", "xxi-fogás", "xxifogás"),
    "silent_mond_capture": ("csendes-huszonegyfogás", "csendes-xxi-fogás"),
    "pagat_capture": ("pagátfogás",),
    "four_kings": ("négykirály",),
    "slam": ("volát",),
    "pheasant": ("fácán",),
    "falcon": ("sólyom",),
    "triumph": ("triumf",),
    "pyramid": ("piramis",),
    "harpy": ("hárpia",),
    "sphinx": ("szfinx",),
    "golgotha": ("golgota",),
    "honour": ("honőr",),
}


def fold(word: str) -> str:
    """A word as the notation compares it: lower case, accents left out (``Fácán`` -> ``facan``)."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _spoken(name: str) -> str:
    """A catalogue name written as one notation word: ``XXI-fogás`` -> ``xxi-fogás``."""
    return "-".join(name.lower().split())


@functools.cache
def hungarian_spellings(choices: tuple[str, ...]) -> dict[str, str]:
    """Each Hungarian spelling of ``choices`` (accents kept) -> its id: the names in the Hungarian
    catalogue that differ from the English ones, and the aliases above."""
    spellings = {}
    for choice in choices:
        with translation.override("en"):
            english = line_name(choice)
        with translation.override("hu"):
            hungarian = line_name(choice)
        if hungarian != english:
            spellings[_spoken(hungarian)] = choice
        for alias in HUNGARIAN_ALIASES.get(choice, ()):
            spellings[alias] = choice
    return spellings


@functools.cache
def _spellings(choices: tuple[str, ...], short: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Every spelling the notation reads for ``choices``, folded -> id."""
    known = {fold(choice): choice for choice in choices}
    known.update({fold(word): target for word, target in short})
    for word, target in hungarian_spellings(choices).items():
        known.setdefault(fold(word), target)
    return known


def resolve(word: str, choices: list[str], short: dict[str, str] | None = None) -> str:
    """An id from its exact spelling, a short code, a Hungarian name, or a beginning of any of these
    that names exactly one id (accents optional); else the word itself, so that the caller reports it."""
    known = _spellings(tuple(choices), tuple(sorted((short or {}).items())))
    folded = fold(word)
    if folded in known:
        return known[folded]
    starting = {target for spelling, target in known.items() if spelling.startswith(folded)}
    return starting.pop() if len(starting) == 1 else word


def candidates(word: str, choices: list[str], short: dict[str, str] | None = None) -> list[str]:
    """The ids a word that names none may have meant: those it begins (when it begins several),
    else those spelt close to it."""
    known = _spellings(tuple(choices), tuple(sorted((short or {}).items())))
    folded = fold(word)
    starting = sorted({target for spelling, target in known.items() if spelling.startswith(folded)},
                      key=choices.index)
    if starting:
        return starting
    ratios = {spelling: difflib.SequenceMatcher(None, folded, spelling).ratio() for spelling in known}
    best = max(ratios.values(), default=0)
    close = sorted((spelling for spelling, ratio in ratios.items() if ratio >= max(0.6, best - 0.05)),
                   key=lambda spelling: -ratios[spelling])
    return list(dict.fromkeys(known[spelling] for spelling in close))[:3]


def unknown_word(word: str, choices: list[str], kind: str, short: dict[str, str] | None = None) -> str:
    """``falcn: not a feast; did you mean Falcon (falcon)?`` in the page's language."""
    meant = candidates(word, choices, short)
    if not meant:
        return _("“%(word)s” is not a %(kind)s; the list of names is under Notation.") % {"word": word, "kind": kind}
    names = _(" or ").join(f"{line_name(choice)} ({choice})" for choice in meant[:4])
    return _("“%(word)s” is not a %(kind)s; did you mean %(names)s?") % {"word": word, "kind": kind, "names": names}


def card(token: str) -> str | None:
    """The card written in FORMAT.md's spelling, or None when the token is not a card's shape."""
    if TRUMP_PATTERN.match(token):
        return "Fool" if token.lower() == "fool" else token.upper()
    suit_card = SUIT_CARD_PATTERN.match(token)
    if suit_card:
        return suit_card.group(1).upper() + suit_card.group(2).lower()
    return None


def seat(token: str) -> str | None:
    found = SEAT_PATTERN.match(token)
    if found is None:
        return None
    return f"{found.group(1).upper()}.{SEATS[found.group(2).lower()]}"


def parse_announcement(line: str, number: int) -> dict:
    """One line of notation -> a FORMAT.md announcement."""
    tokens = line.replace(",", " ").split()
    feast = resolve(tokens[0], FEAST_IDS)
    if feast not in FEAST_IDS:
        premium = resolve(tokens[0], PREMIUM_IDS, PREMIUM_SHORT)
        if premium in PREMIUM_IDS:
            raise NotationError(_("line %(line)s: %(premium)s is a silent premium (R10): write it under Silent "
                                  "premiums, it is not announced.") % {"line": number, "premium": line_name(premium)})
        raise NotationError(_("line %(line)s: %(problem)s") % {
            "line": number, "problem": unknown_word(tokens[0], FEAST_IDS, _("feast"))})
    record: dict = {"feast": feast}
    for token in tokens[1:]:
        _read_token(record, token, number)
    if "by" not in record:
        raise NotationError(_("line %(line)s: say who announced it (A.d, A.c, B.d or B.c)") % {"line": number})
    return record


def _read_token(record: dict, token: str, number: int) -> None:
    lowered = token.lower()
    contra = CONTRA_PATTERN.match(token)
    if seat(token):
        record["by"] = seat(token)
    elif contra and contra.group(1).lower() in CONTRAS:
        record["contra"] = CONTRAS[contra.group(1).lower()]
    elif fold(token) in RESULTS:
        record["result"] = RESULTS[fold(token)]
    elif lowered in SUIT_WORDS:
        record.setdefault("suits", []).append(lowered)
    elif card(token):
        record.setdefault("cards", []).append(card(token))
    else:
        raise NotationError(
            _("line %(line)s: “%(token)s” is not a seat (A.d, A.c, B.d, B.c), card, suit, contra (c=opp, c=par) "
              "or result (won, lost)") % {"line": number, "token": token}
        )


def parse_announcements(text: str) -> list[dict]:
    lines = [line.strip() for line in text.splitlines()]
    return [parse_announcement(line, number) for number, line in enumerate(lines, start=1) if line]


def parse_silent(text: str) -> list[dict]:
    entries = []
    for item in filter(None, (part.strip() for part in text.replace(";", ",").split(","))):
        words = item.split()
        teams = [word.upper() for word in words if word.upper() in ("A", "B")]
        others = [word for word in words if word.upper() not in ("A", "B")]
        if len(teams) != 1 or len(others) != 1:
            raise NotationError(_("“%(item)s”: write a silent premium and a team, for example 4k B") % {"item": item})
        premium = resolve(others[0], PREMIUM_IDS, PREMIUM_SHORT)
        if premium not in PREMIUM_IDS:
            raise NotationError(unknown_word(others[0], PREMIUM_IDS, _("silent premium"), PREMIUM_SHORT))
        entries.append({"premium": premium, "team": teams[0]})
    return entries


def parse_cards(text: str) -> list[str]:
    return [card(token) or token for token in text.replace(",", " ").split()]


def parse_deal(text: str) -> dict | None:
    """Four lines ``A.d: cards``; None when empty."""
    deal = {}
    for line in filter(None, (line.strip() for line in text.splitlines())):
        name, separator, cards = line.partition(":")
        if not separator or seat(name.strip()) is None:
            raise NotationError(_("“%(line)s” should start with a seat and a colon, for example A.d: Fool XX …")
                                % {"line": line[:30]})
        deal[seat(name.strip())] = parse_cards(cards)
    return deal or None


def parse_tricks(text: str) -> list[list[str]] | None:
    tricks = [parse_cards(line) for line in text.splitlines() if line.strip()]
    return tricks or None


# --- records -> notation, to show stored hands in the entry form ----------------------------------


def _page_is_hungarian() -> bool:
    return (translation.get_language() or "").startswith("hu")


def written_name(choice: str, choices: list[str], short: dict[str, str] | None = None) -> str:
    """A feast or premium as the form shows it back: on a Hungarian page its Hungarian name
    (``fácán``, ``pagátfogás``) when the notation reads that name back as the same id, so that a
    Hungarian juror does not find the hand they typed turned into English ids; else its id."""
    if _page_is_hungarian():
        spoken = _spoken(line_name(choice))
        if resolve(spoken, choices, short) == choice:
            return spoken
    return choice


def result_word(result: str) -> str:
    if _page_is_hungarian():
        return "nyert" if result == "won" else "bukott"
    return result


def announcement_text(record: dict) -> str:
    team, role = record["by"].split(".")
    words = [written_name(record["feast"], FEAST_IDS), f"{team}.{SEAT_SHORT[role]}",
             *record.get("cards", []), *record.get("suits", [])]
    if record.get("contra"):
        words.append(f"c={CONTRA_SHORT[record['contra']]}")
    if record.get("result"):
        words.append(result_word(record["result"]))
    return " ".join(words)


def announcement_words(record: dict) -> str:
    """An announcement read back in words: "Pheasant, A driver, I, contra by the opponents, won"."""
    words = [line_name(record["feast"]), seat_name(record["by"]), *record.get("cards", []), *record.get("suits", [])]
    if record.get("contra") == "opponents":
        words.append(_("contra by the opponents"))
    elif record.get("contra") == "partner":
        words.append(_("contra by the partner"))
    if record.get("result"):
        words.append(_("won") if record["result"] == "won" else _("lost"))
    return ", ".join(str(word) for word in words)


def silent_text(entries: list[dict]) -> str:
    return ", ".join(f"{written_name(entry['premium'], PREMIUM_IDS, PREMIUM_SHORT)} {entry['team']}"
                     for entry in entries)


def deal_text(deal: dict | None) -> str:
    if not deal:
        return ""
    lines = []
    for name, cards in deal.items():
        team, role = name.split(".")
        lines.append(f"{team}.{SEAT_SHORT[role]}: {' '.join(cards)}")
    return "\n".join(lines)


def tricks_text(tricks: list | None) -> str:
    return "\n".join(" ".join(trick) for trick in tricks or [])


# --- the notation's help, generated from the catalogue -------------------------------------------


@functools.cache
def shortest_spellings(choices: tuple[str, ...], short: tuple[tuple[str, str], ...] = ()) -> dict[str, str]:
    """Each id's short spelling that :func:`resolve` reads as that id: its short code, or else the
    shortest prefix naming it alone (an id that begins another id is written out in full)."""
    codes = dict(short)
    spellings = {}
    for choice in choices:
        candidates = [code for code, target in codes.items() if target == choice]
        candidates = candidates or [choice[:length] for length in range(1, len(choice) + 1)]
        spellings[choice] = next(word for word in candidates if resolve(word, list(choices), codes) == choice)
    return spellings


def _hungarian_of(choices: tuple[str, ...]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for spelling, target in hungarian_spellings(choices).items():
        found.setdefault(target, []).append(spelling)
    return found


def feast_help() -> list[tuple[str, str, str, list[str]]]:
    """(feast id, shortest spelling, name, Hungarian spellings) of every feast, in the catalogue's order."""
    spellings = shortest_spellings(tuple(FEAST_IDS))
    hungarian = _hungarian_of(tuple(FEAST_IDS))
    return [(feast_id, spellings[feast_id], line_name(feast_id), hungarian.get(feast_id, []))
            for feast_id in FEAST_IDS]


def premium_help() -> list[tuple[str, str, str, list[str]]]:
    """(premium id, shortest spelling, name, Hungarian spellings) of every silent premium (R10)."""
    spellings = shortest_spellings(tuple(PREMIUM_IDS), tuple(PREMIUM_SHORT.items()))
    hungarian = _hungarian_of(tuple(PREMIUM_IDS))
    return [(premium_id, spellings[premium_id], line_name(premium_id), hungarian.get(premium_id, []))
            for premium_id in PREMIUM_IDS]
