"""The jury's short keyboard notation, turned into the pieces of a FORMAT.md hand record and back.

Every word is the association's (tournaments.core.words): a name or a short form, Hungarian or
international, with or without accents, in any case. One announcement a line: the feast (a name,
a short form or a beginning naming one feast), the seat, then in any order declared cards, declared
suits, the contra and the result::

    fácán A.h pagát k=ell nyert
    pheasant A.d I c=opp won
    treffkirály-ultimó B.f bukott      (the magnified feast with its card in one word)
    marriage B.c kőr lost

Seats: the team and the role, ``A.h`` ``A.f`` (hajtó, fogó) or ``A.d`` ``A.c`` (driver, catcher).
Contra: ``k=ell``, ``k=par`` (``kontra=ellenfél``, ``c=opp``, ``c=par``). Result: ``nyert``,
``bukott`` (``won``, ``lost``, ``w``, ``l``). Cards: a trump by numeral or name (``XXI``, ``21``,
``skíz``, ``pagát``, ``sas``), a suit card by suit and rank in either order and in words or short
forms (``treff király``, ``trk``, ``treffK``, ``pikk10``, ``kőrD``, ``K♣``, ``Kc``). Silent premiums:
items separated by commas, each a premium and a team (``négykirály B, első öt A``). The deal: four
lines ``A.h: skíz XX ...``. The tricks: ten lines of four cards in the order played.

A field is read whole: each line's problems are collected, and the lines that could be read are
given to the engine, so the juror sees every problem of a hand at once. Nothing here knows a rule
of the game: whether a card, a feast or a combination is legal is the rules engine's answer.
"""

import difflib
import re
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.core import words
from tournaments.core.lines import declared_words, line_name, seat_name
from tournaments.core.models.matches import FEAST_CHOICES, PREMIUM_CHOICES

FEAST_IDS = [feast_id for feast_id, _name in FEAST_CHOICES]
PREMIUM_IDS = [premium_id for premium_id, _name in PREMIUM_CHOICES]
SUIT_WORDS = {"h": "hearts", "d": "diamonds", "s": "spades", "c": "clubs"}  # FORMAT.md's declared suits
SUIT_LETTERS = {word: letter for letter, word in SUIT_WORDS.items()}
TEAMS = ("A", "B")
FOOL = "Fool"
# Which feast of a magnified card names its card in one word: "pagátultimó", "treffkirály-ultimó".
CARD_FEASTS = ("last_day_of_the_month", "before_the_end_of_the_month")

# R6a: the messages that say their number, and the word a count of trumps is said with ("9 tarokk").
NUMBERED = {"suit_count", "trumps"}
TRUMPS_WORDS = ("tarokk", "tarokkot", "trump", "trumps")
CONTRA_PATTERN = re.compile(r"^(?:c|contra|k|kontra)[=:](.+)$", re.IGNORECASE)
fold = words.fold


class NotationError(ValueError):
    """A field of the jury's notation with lines that cannot be read: ``problems`` holds each
    sentence (the line and the word, and what is accepted), ``partial`` what could be read."""

    def __init__(self, problems, partial=None):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        self.partial = partial
        super().__init__("; ".join(self.problems))


# --- words of one kind ---------------------------------------------------------------------------


KIND_OF = {tuple(FEAST_IDS): words.FEAST, tuple(PREMIUM_IDS): words.PREMIUM}


def _spellings(choices) -> dict[str, str]:
    return words.spellings(KIND_OF[tuple(choices)])


def resolve(word: str, choices: list[str], short=None) -> str:
    """An id from any name or short form of it (accents optional), or a beginning of one that names
    exactly one id; else the word itself, so that the caller reports it."""
    known = _spellings(choices)
    folded = fold(word)
    if folded in known:
        return known[folded]
    # A beginning of a name first ("hon" is Honőr), then of any short form ("xxi-f" is xxi-fogás).
    for index in (words.name_spellings(KIND_OF[tuple(choices)]), known):
        starting = {target for spelling, target in index.items() if spelling.startswith(folded)}
        if starting:
            return starting.pop() if len(starting) == 1 else word
    return word


def candidates(word: str, choices: list[str]) -> list[str]:
    """The ids a word that names none may have meant: those it begins (when it begins several),
    else those spelt close to it."""
    known = _spellings(choices)
    folded = fold(word)
    for index in (words.name_spellings(KIND_OF[tuple(choices)]), known):
        starting = sorted({target for spelling, target in index.items() if spelling.startswith(folded)},
                          key=choices.index)
        if starting:
            return starting
    ratios = {spelling: difflib.SequenceMatcher(None, folded, spelling).ratio() for spelling in known}
    best = max(ratios.values(), default=0)
    close = sorted((spelling for spelling, ratio in ratios.items() if ratio >= max(0.6, best - 0.05)),
                   key=lambda spelling: -ratios[spelling])
    return list(dict.fromkeys(known[spelling] for spelling in close))[:3]


def unknown_word(word: str, choices: list[str], kind: str) -> str:
    """``“falcn” is not a feast; did you mean Sólyom (sólyom)?`` in the page's language."""
    meant = candidates(word, choices)
    if not meant:
        return _("“%(word)s” is not a %(kind)s; the list of names is under Notation.") % {"word": word, "kind": kind}
    names = _(" or ").join(line_name(choice) for choice in meant[:4])
    return _("“%(word)s” is not a %(kind)s; did you mean %(names)s?") % {"word": word, "kind": kind, "names": names}


# --- cards ---------------------------------------------------------------------------------------


def _card_index() -> dict[str, str]:
    """Every single-word spelling of a suit card, folded -> FORMAT.md card; a spelling two cards
    would share is left out. A rank comes first (``Kc``, ``k♣``, ``királytreff``); a suit comes
    first only when written with two letters or more (``trk``, ``treffK``, ``pikk10``): a single
    letter never names a suit in Hungarian."""
    catalogue = words.catalogue()
    cached = getattr(catalogue, "cards", None)
    if cached is not None:
        return cached
    found: dict[str, set[str]] = {}
    for suit in catalogue.terms[words.SUIT].values():
        for rank in catalogue.terms[words.RANK].values():
            if rank.key == "10" and suit.key in ("h", "d"):
                continue  # R1: red suits have no pip card
            card = rank.key + suit.key
            for suit_spelling in (*suit.spellings, suit.key):
                for rank_spelling in (*rank.spellings, rank.key):
                    found.setdefault(fold(rank_spelling) + fold(suit_spelling), set()).add(card)
                    # Two words, the rank first ("király pikk", "K pikk"), as the suit first.
                    found.setdefault(fold(rank_spelling) + "-" + fold(suit_spelling), set()).add(card)
                    if len(fold(suit_spelling)) > 1:
                        found.setdefault(fold(suit_spelling) + fold(rank_spelling), set()).add(card)
                        found.setdefault(fold(suit_spelling) + "-" + fold(rank_spelling), set()).add(card)
    catalogue.cards = {spelling: cards.pop() for spelling, cards in found.items() if len(cards) == 1}
    return catalogue.cards


def card(token: str) -> str | None:
    """The card a word names, in FORMAT.md's spelling (``XXI``, ``Fool``, ``Kc``), or None."""
    trump = words.read(words.TRUMP, token)
    if trump is not None:
        return trump
    suit_letter = words.read(words.SUIT, token)
    if suit_letter is not None and _is_suit_name(suit_letter, token):
        return _suit_and_capital_rank(token)  # "pikk" is the suit, not pik + k; "pikK" is the king
    # A suit's short form that also spells one card is the card where a card is asked for: "pik"
    # is pi + k, the king of spades, as "trk" is the king of clubs.
    return _card_index().get(fold(token))


def _is_suit_name(suit_letter: str, token: str) -> bool:
    term = words.term(words.SUIT, suit_letter)
    return fold(token) in (fold(term.hungarian), fold(term.international), fold(suit_letter))


def _suit_and_capital_rank(token: str) -> str | None:
    """``pikK``: a suit in small letters and a rank's capital letter, which folds to a suit's name
    (``pikk``) but can only mean the card."""
    suit_part, rank_part = token[:-1], token[-1:]
    if not (suit_part.islower() and rank_part.isupper()):
        return None
    return _card_index().get(fold(suit_part) + "-" + fold(rank_part))


def card_words(text: str) -> list[tuple[str, str | None]]:
    """The words of a list of cards, each with its card (None when it names none); a suit and a
    rank written as two words (``treff király``) are one card."""
    tokens = text.replace(",", " ").split()
    read, index = [], 0
    while index < len(tokens):
        pair = " ".join(tokens[index:index + 2])
        # Two words are one card when one is a suit or a rank: "treff király", "pik K", and
        # "10 treff", whose 10 alone is the trump X.
        if index + 1 < len(tokens) and card(pair) is not None \
                and any(_suit_or_rank(token) for token in tokens[index:index + 2]):
            read.append((pair, card(pair)))
            index += 2
            continue
        read.append((tokens[index], card(tokens[index])))
        index += 1
    return read


def _suit_or_rank(token: str) -> bool:
    return words.read(words.SUIT, token) is not None or words.read(words.RANK, token) is not None


def card_examples() -> str:
    """How to write a card, from the catalogue in the page's language: "treff király, trk,
    pikk10 or a trump XXI, 21, skíz"."""
    suit = words.term(words.SUIT, "c")
    spade = words.term(words.SUIT, "s")
    if words.is_hungarian_page():
        king = words.term(words.RANK, "K")
        suit_cards = [f"{suit.hungarian} {king.hungarian}", card_text("Kc"), f"{spade.hungarian}10"]
    else:
        suit_cards = ["Kc", "K♣", "10s"]
    fool = words.name(words.TRUMP, FOOL)
    return _("%(cards)s or a trump XXI, 21, %(fool)s") % {"cards": ", ".join(suit_cards), "fool": fool}


def not_a_card(token: str) -> str:
    suit_letter = words.read(words.SUIT, token)
    if suit_letter is not None:
        return _("“%(token)s” is a suit; a card needs its rank too, for example %(examples)s") % {
            "token": token, "examples": either(_cards_of_suit(suit_letter))}
    return _("“%(token)s”: not a card; write a card as %(examples)s") % {"token": token, "examples": card_examples()}


def _cards_of_suit(suit_letter: str) -> list[str]:
    """The king of a suit written three ways, in the page's words: "pikk király, király pikk or pik"."""
    suit_name, king = words.name(words.SUIT, suit_letter), words.name(words.RANK, "K")
    return [f"{suit_name} {king}", f"{king} {suit_name}", card_text("K" + suit_letter)]


def suit(token: str) -> str | None:
    """A declared suit in FORMAT.md's word (``hearts``), or None."""
    letter = words.read(words.SUIT, token)
    return SUIT_WORDS.get(letter) if letter else None


def seat(token: str) -> str | None:
    """``A.h``, ``a.d``, ``B.fogó``, ``A.driver`` -> FORMAT.md's seat, or None."""
    team, dot, role = token.partition(".")
    if not dot or team.upper() not in TEAMS:
        return None
    key = words.read(words.ROLE, role)
    return f"{team.upper()}.{key}" if key else None


def either(items: list[str]) -> str:
    """"a, b, c or d" in the page's language."""
    items = [str(item) for item in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" or ") + items[-1]


def seat_examples() -> str:
    roles = [words.short(words.ROLE, key) for key in ("driver", "catcher")]
    return either([f"{team}.{role}" for team in TEAMS for role in roles])


def contra(token: str) -> str | None:
    found = CONTRA_PATTERN.match(token)
    return words.read(words.CONTRA, found.group(1)) if found else None


def result(token: str) -> str | None:
    return words.read(words.RESULT, token)


# --- announcements -------------------------------------------------------------------------------


def _feast_words(tokens: list[str]) -> tuple[str | None, list[str] | None, int]:
    """The feast a line begins with, a card its word names (``pagátultimó``), and how many words
    it took: the longest run of words naming a feast exactly, else one word's beginning."""
    for length in range(min(4, len(tokens)), 0, -1):
        found = words.read(words.FEAST, " ".join(tokens[:length]))
        if found is not None:
            return found, None, length
    with_card = _feast_with_card(tokens[0])
    if with_card is not None:
        return with_card[0], [with_card[1]], 1
    feast = resolve(tokens[0], FEAST_IDS)
    return (feast, None, 1) if feast in FEAST_IDS else (None, None, 1)


def _feast_with_card(token: str) -> tuple[str, str] | None:
    """``pagátultimó`` -> (last_day_of_the_month, I); ``treffkirály-ultimó`` -> (..., Kc)."""
    folded = fold(token)
    for feast in CARD_FEASTS:
        for spelling in words.term(words.FEAST, feast).spellings:
            ending = fold(spelling)
            if len(ending) > 2 and folded.endswith(ending) and len(folded) > len(ending):
                declared = card(folded[:-len(ending)].rstrip("-"))
                if declared is not None:
                    return feast, declared
    return None


@dataclass
class Line:
    """One announcement line read: the record (when its feast and seat could be read) and its problems."""

    number: int
    record: dict | None = None
    problems: list[str] = field(default_factory=list)


def read_announcement(line: str, number: int) -> Line:
    """One line of notation -> a FORMAT.md announcement, and every problem of the line."""
    read = Line(number)
    tokens = line.replace(",", " ").split()
    say = read.problems.append
    told = _number_first(tokens)
    feast, declared, length = told[:3] if told else _feast_words(tokens)
    if feast is None:
        premium = resolve(" ".join(tokens[:2]), PREMIUM_IDS) if len(tokens) > 1 else None
        premium = premium if premium in PREMIUM_IDS else resolve(tokens[0], PREMIUM_IDS)
        if premium in PREMIUM_IDS:
            say(_("line %(line)s: %(premium)s is a silent premium: write it under Silent premiums, it is not "
                  "announced.") % {"line": number, "premium": line_name(premium)})
            return read
        say(_("line %(line)s: %(problem)s") % {"line": number, "problem": unknown_word(tokens[0], FEAST_IDS,
                                                                                         _("feast"))})
    record: dict = {"feast": feast, **({"cards": declared} if declared else {})}
    if told:
        record.update(told[3])
    for token, found in card_words(" ".join(tokens[length:])):
        problem = _read_token(record, token, found)
        if problem:
            say(_("line %(line)s: %(problem)s") % {"line": number, "problem": problem})
    if "by" not in record and not read.problems:  # an unreadable word may have been the seat
        say(_("line %(line)s: say who announced it (%(seats)s)") % {"line": number, "seats": seat_examples()})
    if not read.problems:
        read.record = record
    return read


def _number_first(tokens: list[str]) -> tuple | None:
    """A message said as the table says it, its number first (R6a): ``4 kőr`` is Number of a Suit
    of hearts, ``9 tarokk`` Trumps; (feast, None, words taken, what it says), else None."""
    if len(tokens) < 2 or not is_count(tokens[0]):
        return None
    if is_trumps_word(tokens[1]):
        return "trumps", None, 2, {"number": int(tokens[0])}
    if suit(tokens[1]):
        return "suit_count", None, 2, {"number": int(tokens[0]), "suits": [suit(tokens[1])]}
    return None


def is_count(token: str) -> bool:
    return token.isascii() and token.isdigit() and len(token) <= 3


def is_trumps_word(token: str) -> bool:
    return fold(token) in TRUMPS_WORDS


def _read_number(record: dict, token: str) -> str | None:
    """A message's number (R6a): said once; whether it is true is the engine's answer."""
    if "number" in record:
        return _("“%(token)s”: the message's number is said once") % {"token": token}
    record["number"] = int(token)
    return None


def _read_token(record: dict, token: str, found_card: str | None) -> str | None:
    """Put one word of a line into the record; the problem, when it is none of the words a line holds."""
    if record.get("feast") in NUMBERED and is_count(token):
        return _read_number(record, token)
    if record.get("feast") == "trumps" and is_trumps_word(token):
        return None  # "tarokkszám A.h 9 tarokk": the word the number is said with
    if seat(token):
        record["by"] = seat(token)
    elif contra(token):
        record["contra"] = contra(token)
    elif result(token):
        record["result"] = result(token)
    elif suit(token) and (found_card is None or " " not in token):  # "pik" on a line is the suit declared
        record.setdefault("suits", []).append(suit(token))
    elif found_card:
        record.setdefault("cards", []).append(found_card)
    else:
        return _("“%(token)s” is not a seat (%(seats)s), card (%(cards)s), suit (%(suits)s), contra (%(contras)s) or "
                 "result (%(results)s)") % {
            "token": token, "seats": seat_examples(), "cards": card_examples(), "suits": suit_examples(),
            "contras": contra_examples(), "results": result_examples()}
    return None


def suit_examples() -> str:
    return either([words.name(words.SUIT, key) for key in SUIT_WORDS])


def contra_examples() -> str:
    return either([contra_text(side) for side in ("opponents", "partner")])


def result_examples() -> str:
    return either([words.name(words.RESULT, key) for key in ("won", "lost")])


def parse_announcement(line: str, number: int) -> dict:
    """One line -> a FORMAT.md announcement; NotationError with the line's problems."""
    read = read_announcement(line, number)
    if read.problems:
        raise NotationError(read.problems)
    return read.record


def read_announcements(text: str) -> list[Line]:
    lines = [line.strip() for line in text.splitlines()]
    return [read_announcement(line, number) for number, line in enumerate(lines, start=1) if line]


def parse_announcements(text: str) -> list[dict]:
    """Every line read; NotationError with every line's problems, ``partial`` the readable lines."""
    read = read_announcements(text)
    problems = [problem for line in read for problem in line.problems]
    records = [line.record for line in read if line.record is not None]
    if problems:
        raise NotationError(problems, partial=records)
    return records


def readable_line_numbers(text: str) -> list[int]:
    """The line number of each announcement :func:`parse_announcements` could read, in its order."""
    return [line.number for line in read_announcements(text) if line.record is not None]


# --- silent premiums, deal, tricks ----------------------------------------------------------------


def parse_silent(text: str) -> list[dict]:
    entries, problems = [], []
    for item in filter(None, (part.strip() for part in text.replace(";", ",").split(","))):
        tokens = item.split()
        teams = [token.upper() for token in tokens if token.upper() in TEAMS]
        others = [token for token in tokens if token.upper() not in TEAMS]
        if len(teams) != 1 or not others:
            example = f"{words.short(words.PREMIUM, 'four_kings')} B"
            problems.append(_("“%(item)s”: write a silent premium and a team, for example %(example)s")
                            % {"item": item, "example": example})
            continue
        premium = resolve(" ".join(others), PREMIUM_IDS)
        if premium not in PREMIUM_IDS:
            problems.append(unknown_word(" ".join(others), PREMIUM_IDS, _("silent premium")))
            continue
        entries.append({"premium": premium, "team": teams[0]})
    if problems:
        raise NotationError(problems, partial=entries)
    return entries


def _cards_of(text: str, where: str, problems: list[str]) -> list[str]:
    cards = []
    for token, found in card_words(text):
        if found is None:
            problems.append(f"{where}: {not_a_card(token)}")
            cards.append(token)
        else:
            cards.append(found)
    return cards


def parse_cards(text: str) -> list[str]:
    problems: list[str] = []
    cards = _cards_of(text, _("cards"), problems)
    if problems:
        raise NotationError(problems, partial=cards)
    return cards


def parse_deal(text: str) -> dict | None:
    """Four lines ``A.h: cards`` (the colon may be left out); None when empty."""
    deal, problems = {}, []
    for line in filter(None, (line.strip() for line in text.splitlines())):
        name, separator, cards = line.partition(":")
        if not separator:
            name, _space, cards = line.partition(" ")
        found = seat(name.strip())
        if found is None:
            problems.append(_("“%(line)s” should start with a seat and a colon, for example %(example)s")
                            % {"line": line[:30], "example": deal_example_line()})
            continue
        deal[found] = _cards_of(cards, seat_name(found), problems)
    if problems:
        raise NotationError(problems, partial=deal or None)
    return deal or None


def parse_tricks(text: str) -> list[list[str]] | None:
    tricks, problems = [], []
    for number, line in enumerate((line for line in text.splitlines() if line.strip()), start=1):
        tricks.append(_cards_of(line, _("trick %(number)s") % {"number": number}, problems))
    if problems:
        raise NotationError(problems, partial=tricks or None)
    return tricks or None


# --- a record file's words ---------------------------------------------------------------------


def normalised(record):
    """A FORMAT.md hand record whose feasts, seats, cards, suits, contras, results and silent
    premiums may be written in the association's words (``fácán``, ``A.h``, ``treff király``,
    ``ellenfél``, ``nyert``): each word read as its id; a word that names nothing is left for the
    engine to report. Anything not of the record's shape is left as it is."""
    if not isinstance(record, dict):
        return record
    record = dict(record)
    if isinstance(record.get("announcements"), list):
        record["announcements"] = [_normalised_announcement(item) for item in record["announcements"]]
    if isinstance(record.get("silent"), list):
        record["silent"] = [_normalised_silent(item) for item in record["silent"]]
    if isinstance(record.get("deal"), dict):
        record["deal"] = {seat(name) or name if isinstance(name, str) else name: _normalised_cards(cards)
                          for name, cards in record["deal"].items()}
    if isinstance(record.get("tricks"), list):
        record["tricks"] = [_normalised_cards(trick) for trick in record["tricks"]]
    return record


def _word(value, read):
    return (read(value) or value) if isinstance(value, str) else value


def _normalised_cards(cards):
    return [_word(item, card) for item in cards] if isinstance(cards, list) else cards


def _normalised_announcement(item):
    if not isinstance(item, dict):
        return item
    item = dict(item)
    if isinstance(item.get("feast"), str) and item["feast"] not in FEAST_IDS:
        found = words.read(words.FEAST, item["feast"])  # a name written out, not a beginning of one
        with_card = None if found else _feast_with_card(item["feast"])
        if with_card is not None:
            found = with_card[0]
            if isinstance(item.get("cards", []), list):
                item["cards"] = list(dict.fromkeys([with_card[1], *item.get("cards", [])]))
        item["feast"] = found or item["feast"]
    for key, read in (("by", seat), ("contra", lambda word: words.read(words.CONTRA, word)), ("result", result)):
        if key in item:
            item[key] = _word(item[key], read)
    if "cards" in item:
        item["cards"] = _normalised_cards(item["cards"])
    if isinstance(item.get("suits"), list):
        item["suits"] = [_word(word, suit) for word in item["suits"]]
    return item


def _normalised_silent(item):
    if not isinstance(item, dict) or not isinstance(item.get("premium"), str):
        return item
    found = words.read(words.PREMIUM, item["premium"])
    return {**item, "premium": found} if found else item


# --- records -> notation, to show stored hands in the entry form ----------------------------------


def written_name(choice: str, choices: list[str], short=None) -> str:
    """A feast or premium as the form shows it back: its name in the page's language as one word
    (``fácán``, ``pagátfogás``, ``két-honőr``) when the notation reads it back as the same id, else
    its id."""
    spoken = "-".join(line_name(choice).lower().split())
    return spoken if resolve(spoken, choices) == choice else choice


def result_word(result_key: str) -> str:
    return words.name(words.RESULT, result_key)


def contra_text(side: str) -> str:
    """``k=ell`` on a Hungarian page, ``c=opp`` otherwise."""
    prefix = "k" if words.is_hungarian_page() else "c"
    return f"{prefix}={words.short(words.CONTRA, side)}"


def card_text(card_key: str) -> str:
    """A card as the page's notation writes it: ``trk``, ``pagát``, ``XX`` on a Hungarian page."""
    if not words.is_hungarian_page():
        return card_key
    if words.term(words.TRUMP, card_key) is not None:
        return card_key if card_key != FOOL and card_key != "I" else words.name(words.TRUMP, card_key)
    rank, suit_letter = card_key[:-1], card_key[-1:]
    written = words.short(words.SUIT, suit_letter) + (rank if rank == "10" else words.short(words.RANK, rank))
    return written if card(written) == card_key else card_key


def seat_text(seat_key: str) -> str:
    team, _dot, role = seat_key.partition(".")
    return f"{team}.{words.short(words.ROLE, role) if words.is_hungarian_page() else role[0]}"


def trumps_word() -> str:
    return "tarokk" if words.is_hungarian_page() else "trumps"


def number_text(record: dict) -> list[str]:
    """A message's number as the notation writes it (R6a): ``4 kőr``, ``9 tarokk``; else its suits."""
    suits = [words.name(words.SUIT, SUIT_LETTERS.get(item, item)) for item in record.get("suits", [])]
    if record.get("number") is None:
        return suits
    if record["feast"] == "trumps":
        return [str(record["number"]), trumps_word()]
    return [str(record["number"]), *suits]


def announcement_text(record: dict) -> str:
    words_ = [written_name(record["feast"], FEAST_IDS), seat_text(record["by"]),
              *(card_text(item) for item in record.get("cards", [])), *number_text(record)]
    if record.get("contra"):
        words_.append(contra_text(record["contra"]))
    if record.get("result"):
        words_.append(result_word(record["result"]))
    return " ".join(words_)


def announcement_words(record: dict) -> str:
    """An announcement read back in words: "Fácán, A hajtó, pagát, az ellenfél kontrája, nyert"."""
    parts = [line_name(record["feast"]), seat_name(record["by"]), *declared_words(record)]
    if record.get("contra") == "opponents":
        parts.append(_("contra by the opponents"))
    elif record.get("contra") == "partner":
        parts.append(_("contra by the partner"))
    if record.get("result"):
        parts.append(result_word(record["result"]))
    return ", ".join(str(part) for part in parts)


def silent_text(entries: list[dict]) -> str:
    return ", ".join(f"{written_name(entry['premium'], PREMIUM_IDS)} {entry['team']}" for entry in entries)


def deal_text(deal: dict | None) -> str:
    if not deal:
        return ""
    return "\n".join(f"{seat_text(name)}: {' '.join(card_text(item) for item in cards)}"
                     for name, cards in deal.items())


def tricks_text(tricks: list | None) -> str:
    return "\n".join(" ".join(card_text(item) for item in trick) for trick in tricks or [])


# --- the notation's legend, generated from the catalogue ------------------------------------------


def shortest_spellings(choices, short=()) -> dict[str, str]:
    """Each id's shortest spelling that :func:`resolve` reads as that id: its shortest short form
    or beginning of a name; of two as short, the one of the spelling named first (the Hungarian
    name, then the international one, then the short forms), the same in every process."""
    kind = KIND_OF[tuple(choices)]
    spellings = {}
    for choice in choices:
        term = words.term(kind, choice)
        # In the spellings' own order, not a set's, which differs between processes (hash seeds).
        forms = sorted(dict.fromkeys(fold(form) for form in (*term.spellings, choice)), key=len)
        prefixes = [form[:length] for form in forms for length in range(1, len(form) + 1)]
        spellings[choice] = min((word for word in prefixes if resolve(word, list(choices)) == choice),
                                key=len, default=choice)
    return spellings


def _other_forms(term, shown: str) -> list[str]:
    """The spellings the legend lists beside a term's name: its short forms and, on an English page,
    its Hungarian name. A Hungarian page lists no international name (they are read all the same,
    as the legend says), so a juror reads the association's words only."""
    hidden = {fold(shown)}
    if words.is_hungarian_page():
        hidden |= {fold(other.international) for other in words.terms(term.kind)}
    return [form for form in term.spellings if fold(form) not in hidden]


def _help(kind, choices) -> list[tuple[str, str, str, list[str]]]:
    spellings = shortest_spellings(choices)
    rows = []
    for choice in choices:
        name = line_name(choice)
        rows.append((choice, spellings[choice], name, _other_forms(words.term(kind, choice), name)))
    return rows


def feast_help() -> list[tuple[str, str, str, list[str]]]:
    """(feast id, shortest spelling, name, other names and short forms) of every feast."""
    return _help(words.FEAST, FEAST_IDS)


def premium_help() -> list[tuple[str, str, str, list[str]]]:
    """(premium id, shortest spelling, name, other names and short forms) of every silent premium (R10)."""
    return _help(words.PREMIUM, PREMIUM_IDS)


def deal_example_line() -> str:
    return f"{seat_text('A.driver')}: {card_text(FOOL)} XX XIX"


def legend() -> dict:
    """What the legend beside the fields shows: every kind's words in the page's language, an
    announcement, a deal line and a trick. Worked out once a language for the association's words
    as they are (reading every feast's shortest spelling back takes thousands of look-ups)."""
    return words.catalogue().derive(("legend", translation.get_language()), _legend)


def _legend() -> dict:
    def listed(kind):
        return [(term.key, words.name(kind, term.key), _other_forms(term, words.name(kind, term.key)))
                for term in words.terms(kind)]
    named_trumps = [row for row in listed(words.TRUMP) if words.term(words.TRUMP, row[0]).hungarian != row[0]]
    return {
        "feasts": feast_help(), "premiums": premium_help(), "roles": listed(words.ROLE),
        "suits": listed(words.SUIT), "ranks": listed(words.RANK), "trumps": named_trumps,
        "results": listed(words.RESULT), "contras": [(side, words.name(words.CONTRA, side), [contra_text(side)])
                                                     for side in ("opponents", "partner")],
        "seats": seat_examples(), "cards": card_examples(),
        "announcement": announcement_text({"feast": "pheasant", "by": "A.driver", "cards": ["I"],
                                           "contra": "opponents", "result": "won"}),
        "messages": [announcement_text({"feast": "suit_count", "by": "A.driver", "suits": ["hearts"], "number": 3}),
                     " ".join(number_text({"feast": "suit_count", "suits": ["hearts"], "number": 3}))
                     + " " + seat_text("A.driver"),
                     " ".join(number_text({"feast": "trumps", "number": 9})) + " " + seat_text("B.catcher")],
        "deal_line": f"{seat_text('A.driver')}: " + " ".join(card_text(item) for item in (
            FOOL, "XX", "XVIII", "XII", "IX", "I", "Kc", "Qc", "10s", "Vh")),
        "trick": " ".join(card_text(item) for item in ("XXI", "Kh", "Qh", FOOL)),
    }
