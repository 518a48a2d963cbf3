"""The engine's problems as a juror reads them, in the page's language.

scoring/ reports a problem as (field, ruling, message): a FORMAT.md path counted from zero
(``announcements[2].cards``), the ruling (or FORMAT for the record's shape) and an English sentence
with Python values in it. The jury sees instead the field by the label it has on the entry page,
the hand and line numbers counted from one, a sentence in plain words and the ruling. Each message
the engine gives a hand typed on the entry page is recognised here by its shape (its code) and the
values are taken out of it; a message not recognised is still cleaned of paths, zero-based indexes,
Python values and FORMAT before it is shown.
"""

import functools
import re
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES

from .lines import line_name, seat_name

FORMAT_RULING = "FORMAT"

FIELD_LABELS = {
    "attackers": gettext_lazy("Attackers"),
    "holdings": gettext_lazy("Holdings"),
    "holdings.A": gettext_lazy("A's holdings"),
    "holdings.B": gettext_lazy("B's holdings"),
    "holdings.A.trumps": gettext_lazy("A trumps"),
    "holdings.A.honours": gettext_lazy("A honours"),
    "holdings.A.high_trumps": gettext_lazy("A holds of XVI-XVIII"),
    "holdings.B.trumps": gettext_lazy("B trumps"),
    "holdings.B.honours": gettext_lazy("B honours"),
    "holdings.B.high_trumps": gettext_lazy("B holds of XVI-XVIII"),
    "silent": gettext_lazy("Silent premiums"),
    "deal": gettext_lazy("Deal"),
    "tricks": gettext_lazy("Tricks"),
    "hands": gettext_lazy("Hands"),
}

INDEXED = re.compile(r"^(announcements|silent|tricks|hands)\[(\d+)\](?:\.(.*))?$")


def field_label(field: str) -> str:
    """``announcements[2].cards`` -> "Announcements, line 3"; ``deal.A.driver`` -> "Deal, A driver"."""
    indexed = INDEXED.match(field)
    if indexed:
        name, index, _rest = indexed.groups()
        number = int(index) + 1
        if name == "announcements":
            return _("Announcements, line %(number)s") % {"number": number}
        if name == "silent":
            return _("Silent premiums, item %(number)s") % {"number": number}
        if name == "tricks":
            return _("Tricks, trick %(number)s") % {"number": number}
        return _("Hand %(number)s") % {"number": number}
    if field == "announcements":
        return _("Announcements")
    if field.startswith("deal."):
        return _("Deal, %(seat)s") % {"seat": seat_name(field[len("deal."):].split("[")[0])}
    while field and field not in FIELD_LABELS:
        field = field.rpartition(".")[0]
    return str(FIELD_LABELS.get(field, _("Hand")))


# --- the engine's messages, recognised by their shape -------------------------------------------


@functools.cache
def _ids_by_english_name() -> dict[str, str]:
    with translation.override("en"):
        return {str(name): item_id for item_id, name in {**FEAST_NAMES, **SILENT_PREMIUM_NAMES}.items()}


def _feast(name: str) -> str:
    """A feast named in English by the engine, in the page's language."""
    item_id = _ids_by_english_name().get(name)
    return line_name(item_id) if item_id else name


def _lines(text: str) -> str:
    """``announcements[2]`` inside a message -> "line 3"."""
    return re.sub(r"announcements\[(\d+)\]", lambda found: _("line %(number)s") % {"number": int(found[1]) + 1},
                  text)


def _value(text: str) -> str:
    """A Python value quoted by the engine, as typed: ``'falcn'`` -> falcn."""
    return text.strip("'\"")


@dataclass(frozen=True)
class Shape:
    code: str
    pattern: re.Pattern
    say: object  # (groups dict) -> the sentence


def shape(code, pattern, say):
    return Shape(code, re.compile(pattern + "$"), say)


SHAPES = [
    shape("trumps_missing", r"the team's trump count \(the Fool included\) is required",
          lambda g: _("write the team's number of trumps (the Fool counts as a trump)")),
    shape("trumps_range", r"a team holds 6 to 16 trumps \(at least 3 a player\), not (?P<n>\d+)",
          lambda g: _("a team holds 6 to 16 trumps (at least 3 for each player), not %(n)s") % g),
    shape("honours_missing", r"honours held must be 0, 1 or 2, not None",
          lambda g: _("write how many honours the team holds: 0, 1 or 2")),
    shape("honours_range", r"honours held must be 0, 1 or 2, not (?P<n>.+)",
          lambda g: _("a team holds 0, 1 or 2 honours, not %(n)s") % {"n": _value(g["n"])}),
    shape("trumps_sum", r"trumps must add up to 22, not (?P<n>\d+)",
          lambda g: _("the two teams' trumps add up to 22 (one pack), not %(n)s") % g),
    shape("honours_sum", r"honours must add up to 2, not (?P<n>\d+)",
          lambda g: _("the two teams' honours add up to 2 (one pack), not %(n)s") % g),
    shape("high_trump_held", r"(?P<card>XVI|XVII|XVIII) must be held by exactly one team, not 0",
          lambda g: _("%(card)s is held by one of the two teams; write it under A or under B") % g),
    shape("high_trump_twice", r"(?P<card>XVI|XVII|XVIII) must be held by exactly one team, not 2",
          lambda g: _("%(card)s is held by one team only, not by both") % g),
    shape("holdings_missing", r"holdings are required unless the deal is given",
          lambda g: _("write team A's holdings (trumps, honours, high trumps), or give the deal")),
    shape("holdings_not_deal", r"do not agree with the deal, which gives (?P<n>\d+) trumps, (?P<h>\d+) honours, "
                               r"high trumps (?P<high>.+)",
          lambda g: _("do not agree with the deal, which gives %(n)s trumps, %(h)s honours and of the high "
                      "trumps %(high)s") % {**g, "high": g["high"].replace("none", _("none"))}),
    shape("attack_alternates", r"attack alternates: team (?P<team>[AB]) attacked in the hand before too",
          lambda g: _("attack alternates: team %(team)s attacked in the hand before too") % g),
    shape("message_contra", r"a message cannot be contra'd",
          lambda g: _("a message cannot be contra'd")),
    shape("message_result", r"a message has no result: it scores when announced",
          lambda g: _("a message is neither won nor lost: it scores when announced; leave out won or lost")),
    shape("result_missing", r"a feast needs its result, \"won\" or \"lost\"",
          lambda g: _("say whether it was won or lost (won, lost, or w, l)")),
    shape("chain", r"team (?P<team>[AB]) already holds (?P<names>.+) of the same chain; "
                   r"a record keeps only the final, highest announcement",
          lambda g: _("team %(team)s already announced %(names)s of the same chain; keep only the final, "
                      "highest announcement") % {"team": g["team"],
                                                 "names": ", ".join(_feast(n) for n in g["names"].split(", "))}),
    shape("magnifier_count", r"(?P<feast>.+) declares (?P<n>\d+) magnifiers?, not (?P<m>\d+)",
          lambda g: _("%(feast)s declares %(n)s magnifier(s) (a King or a Bird), not %(m)s")
          % {**g, "feast": _feast(g["feast"])}),
    shape("not_magnifiers", r"(?P<feast>.+) declares magnifiers \(a King or a Bird\); not magnifiers: (?P<cards>.+)",
          lambda g: _("%(feast)s declares magnifiers (a King or a Bird); these are not: %(cards)s")
          % {**g, "feast": _feast(g["feast"])}),
    shape("card_twice", r"declares the same card twice", lambda g: _("the same card is declared twice")),
    shape("no_cards", r"(?P<feast>.+) declares no cards",
          lambda g: _("%(feast)s declares no cards") % {"feast": _feast(g["feast"])}),
    shape("not_held", r"(?P<seat>[AB]\.(?:driver|catcher)) does not hold (?P<cards>.+)",
          lambda g: _("%(seat)s does not hold %(cards)s") % {**g, "seat": _seat(g["seat"])}),
    shape("binding", r"binds the (?P<card>\S+) to trick (?P<tricks>.+), but (?P<feast>.+) "
                     r"\(announcements\[(?P<index>\d+)\]\) binds it to trick (?P<other>.+)",
          lambda g: _("binds the %(card)s to trick %(tricks)s, but %(feast)s (line %(line)s) binds it to trick "
                      "%(other)s") % {**g, "feast": _feast(g["feast"]), "line": int(g["index"]) + 1}),
    shape("premium_twice", r"(?P<premium>.+) can be achieved by one team only, once a hand",
          lambda g: _("%(premium)s is achieved by one team only, once a hand") % {"premium": _feast(g["premium"])}),
    shape("premium_not_shown", r"the tricks do not show (?P<premium>.+) for team (?P<team>[AB])",
          lambda g: _("the tricks do not show %(premium)s for team %(team)s")
          % {**g, "premium": _feast(g["premium"])}),
    shape("premium_unlisted", r"the tricks show (?P<premium>.+) for team (?P<team>[AB]), which the record does "
                              r"not list",
          lambda g: _("the tricks show %(premium)s for team %(team)s; add it to the silent premiums")
          % {**g, "premium": _feast(g["premium"])}),
    shape("result_disagrees", r"the record says (?P<feast>.+) was (?P<given>won|lost), but the tricks show it "
                              r"(?P<shown>won|lost) \((?P<rule>.+)\)",
          lambda g: _("%(feast)s is written as %(given)s, but the tricks show it %(shown)s (%(rule)s)")
          % {**g, "feast": _feast(g["feast"]), "given": _result(g["given"]), "shown": _result(g["shown"])}),
    shape("trick_size", r"a trick holds 4 cards, not (?P<n>\d+)",
          lambda g: _("a trick holds 4 cards, not %(n)s") % g),
    shape("ten_tricks", r"a hand has 10 tricks", lambda g: _("a hand has 10 tricks")),
    shape("tricks_need_deal", r"tricks need the deal", lambda g: _("the tricks can be given only with the deal")),
    shape("ten_cards", r"every player has 10 cards, not (?P<n>\d+)",
          lambda g: _("every player has 10 cards, not %(n)s") % g),
]


def _seat(seat: str) -> str:
    return seat_name(seat)


def _result(word: str) -> str:
    return _("won") if word == "won" else _("lost")


def clean(message: str) -> str:
    """A message not recognised, made fit to show: no paths counted from zero, Python values, FORMAT."""
    text = _lines(message)
    text = re.sub(r"(?:hands|silent|tricks)\[(\d+)\]", lambda found: str(int(found[1]) + 1), text)
    text = text.replace("FORMAT.md", _("the record format")).replace("FORMAT", "")
    text = re.sub(r"\bNone\b", _("empty"), text)
    return re.sub(r"'([^']*)'", r"“\1”", text)


@dataclass(frozen=True)
class Wording:
    """One problem as the page shows it."""

    code: str
    label: str
    text: str
    ruling: str

    def __str__(self):
        if self.ruling and self.ruling != FORMAT_RULING:
            return _("%(label)s: %(text)s (%(ruling)s)") % {"label": self.label, "text": self.text,
                                                           "ruling": self.ruling}
        return _("%(label)s: %(text)s") % {"label": self.label, "text": self.text}


def word(problem) -> Wording:
    """The wording of one of the engine's problems (field relative to its hand)."""
    for known in SHAPES:
        found = known.pattern.match(problem.message)
        if found:
            return Wording(known.code, field_label(problem.field), known.say(found.groupdict()), problem.ruling)
    return Wording("", field_label(problem.field), clean(problem.message), problem.ruling)


def with_hand(number: int, text) -> str:
    """"Hand 5 · A trumps: ..." for the summary at the top of the page."""
    return _("Hand %(number)s · %(problem)s") % {"number": number, "problem": text}
