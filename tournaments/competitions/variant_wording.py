"""The variant scorers' problems as a juror reads them, in the page's language, on the field of the
form they concern.

scoring/variants reports a problem as (field, ruling, message): a path in the variant record counted
from zero (``bonuses[2].suit``, ``players[1].card_points``), the ruling (or FORMAT for the record's
shape) and an English sentence naming players as the record does (by membership number). Each
message the forms can meet is recognised here by its shape and said again in plain words, with the
bonus row and player counted from one, the players by name and the ruling; a message not recognised
is still cleaned of paths and FORMAT before it is shown."""

import functools
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.variants.emperor import BONUS_KINDS

from .variant_names import BONUS_NAMES, SIDE_NAMES, SUIT_NAMES

FORMAT_RULING = "FORMAT"
SIDE = r"(?P<side>the declarer's side|the defenders)"


@dataclass(frozen=True)
class Shape:
    pattern: re.Pattern
    say: object  # (groups, form) -> the sentence


def shape(pattern, say):
    return Shape(re.compile(pattern + "$"), say)


# --- where a problem goes --------------------------------------------------------------------------

INDEXED = re.compile(r"^(?P<list>bonuses|players)\[(?P<index>\d+)\](?:\.(?P<key>\w+))?$")
PLAYER_KEYS = {"name": "player", "card_points": "card_points", "tricks": "tricks", "dealer": "dealer"}


def field_of(problem, form) -> str | None:
    """The form's field a problem of the record concerns (None: the form as a whole)."""
    path = problem.field
    indexed = INDEXED.match(path)
    if indexed and indexed["list"] == "bonuses":
        rows = form.bonus_rows()
        index = int(indexed["index"])
        row = rows[index] if index < len(rows) else None
        return f"{indexed['key'] or 'bonus'}_{row}" if row else None
    if indexed:
        name = PLAYER_KEYS.get(indexed["key"] or "name", "player")
        return name if name == "dealer" else f"{name}_{int(indexed['index']) + 1}"
    if path == "players[*].card_points":
        return "card_points_1"
    if path == "players[*].tricks":
        return "tricks_1"
    if path == "players":
        return "player_1"
    if path == "defenders":
        return _defender_field(form)
    return path if path in form.fields else None


def _defender_field(form) -> str:
    """A declarer with a partner has two defenders, alone three: the field to fill or to empty."""
    named = [name for name in ("defender_1", "defender_2", "defender_3") if form.cleaned_data.get(name)]
    expected = 2 if form.cleaned_data.get("partner") else 3
    return f"defender_{min(len(named) + 1, expected + 1, 3)}"


# --- what it says -------------------------------------------------------------------------------------


@functools.cache
def _bonus_ids_by_english_name() -> dict[str, str]:
    return {kind.name: kind.id for kind in BONUS_KINDS.values()}


def _bonus(name: str) -> str:
    """A bonus named in English by the scorer ("Marriage of hearts"), in the page's language."""
    ids = _bonus_ids_by_english_name()
    if name in ids:  # "Force of One" names no suit
        return str(BONUS_NAMES[ids[name]])
    kind, _sep, suit = name.rpartition(" of ")
    if kind in ids and suit in SUIT_NAMES:
        return _("%(bonus)s (%(suit)s)") % {"bonus": BONUS_NAMES[ids[kind]], "suit": SUIT_NAMES[suit]}
    return name


def _side(text: str) -> str:
    return str(SIDE_NAMES["declarer" if text == "the declarer's side" else "defenders"])


def _row(form, index: str) -> int:
    rows = form.bonus_rows()
    return rows[int(index)] if int(index) < len(rows) else int(index) + 1


def _player(form, name: str) -> str:
    return form.names().get(name, name)


def _holds(groups, form) -> str:
    """R18a: the most a player's cards can be worth, said as the scorer reasons it."""
    values = {"name": _player(form, groups["name"]), "points": groups["points"], "most": groups["most"]}
    what = groups["what"]
    tricks = re.search(r"the (?P<cards>\d+) cards of his (?P<tricks>\d+) tricks", what)
    if tricks:
        values |= tricks.groupdict()
    if what.startswith("as the dealer"):
        return _("as the dealer, %(name)s's three discards (no King or Honour; the Fool only without a trump) "
                 "and the %(cards)s cards of his %(tricks)s tricks are worth at most %(most)s, not "
                 "%(points)s") % values
    if what.startswith("even as the dealer"):
        return _("even as the dealer, %(name)s's three discards (no King or Honour; the Fool only without a "
                 "trump) and the %(cards)s cards of his %(tricks)s tricks are worth at most %(most)s, not "
                 "%(points)s") % values
    if what.startswith("he won no trick"):
        return _("%(name)s won no trick and is not the dealer, so he holds no card: not %(points)s card "
                 "points") % values
    return _("the %(cards)s cards of %(name)s's %(tricks)s tricks are worth at most %(most)s, not "
             "%(points)s") % values


SHAPES = [
    # Both variants
    shape(r"must be from 0 to (?P<high>\d+), got (?P<value>-?\d+)",
          lambda g, form: _("is from 0 to %(high)s, not %(value)s") % g),
    shape(r"must be 0 or more, got (?P<value>-?\d+)",
          lambda g, form: _("is 0 or more, not %(value)s") % g),
    # Emperor Tarokk (seed 000)
    shape(r"a declarer playing with a partner has 2 defenders, not (?P<n>\d+) \(seed 000: four play\)",
          lambda g, form: _("a declarer with a partner has 2 defenders, not %(n)s: four play") % g),
    shape(r"a declarer playing alone has 3 defenders, not (?P<n>\d+) \(seed 000: four play\)",
          lambda g, form: _("a declarer playing alone has 3 defenders, not %(n)s: four play") % g),
    shape(r"the four players must be different people",
          lambda g, form: _("the four players are four different people")),
    shape(r"the declarer's side took all (?P<tricks>\d+) tricks, so it cannot have fewer than (?P<need>\d+) "
          r"card points \((?P<points>\d+) recorded\)",
          lambda g, form: _("the declarer's side took all %(tricks)s tricks, so it has at least %(need)s card "
                            "points, not %(points)s") % g),
    shape(r"the declarer's side took no trick, so it cannot have (?P<points>\d+) card points",
          lambda g, form: _("the declarer's side took no trick, so it cannot have %(points)s card points") % g),
    shape(r"(?P<bonus>.+) names a suit \(.*\); got .*",
          lambda g, form: _("%(bonus)s names a suit: choose it") % {"bonus": _bonus(g["bonus"])}),
    shape(r"(?P<bonus>.+) names no suit",
          lambda g, form: _("%(bonus)s names no suit: leave the suit empty") % {"bonus": _bonus(g["bonus"])}),
    shape(r"an unannounced (?P<bonus>.+) is not listed: it is read from card_points and tricks",
          lambda g, form: _("a silent %(bonus)s is not listed: it follows from the card points and tricks")
          % {"bonus": _bonus(g["bonus"])}),
    shape(r"(?P<bonus>.+) must be announced to score \(seed 000\)",
          lambda g, form: _("%(bonus)s scores only when it was announced") % {"bonus": _bonus(g["bonus"])}),
    shape(r"an unannounced bonus is listed only when it was made",
          lambda g, form: _("a silent bonus is listed only when it was made")),
    shape(r"only an announced bonus can be contra'd \(seed 000\)",
          lambda g, form: _("only an announced bonus can be contra'd")),
    shape(r"say whether (?P<bonus>.+) was made",
          lambda g, form: _("say whether %(bonus)s was made") % {"bonus": _bonus(g["bonus"])}),
    shape(r"(?P<bonus>.+) by " + SIDE + r" was made with (?P<points>\d+) card points and (?P<tricks>\d+) tricks "
          r"to the declarer's side",
          lambda g, form: _("%(bonus)s of %(side)s was made, with %(points)s card points and %(tricks)s tricks "
                            "to the declarer's side") % {**g, "bonus": _bonus(g["bonus"]), "side": _side(g["side"])}),
    shape(r"(?P<bonus>.+) by " + SIDE + r" was not made with (?P<points>\d+) card points and (?P<tricks>\d+) "
          r"tricks to the declarer's side",
          lambda g, form: _("%(bonus)s of %(side)s was not made, with %(points)s card points and %(tricks)s "
                            "tricks to the declarer's side")
          % {**g, "bonus": _bonus(g["bonus"]), "side": _side(g["side"])}),
    shape(r"(?P<bonus>.+) for " + SIDE + r" is already listed at bonuses\[(?P<index>\d+)\]",
          lambda g, form: _("%(bonus)s of %(side)s is already in bonus row %(row)s")
          % {"bonus": _bonus(g["bonus"]), "side": _side(g["side"]), "row": _row(form, g["index"])}),
    shape(r"(?P<bonus>.+) needs (?P<n>\d+) trick\(s\); " + SIDE + r" won (?P<won>\d+)",
          lambda g, form: _("%(bonus)s needs %(n)s trick(s); %(side)s won %(won)s")
          % {**g, "bonus": _bonus(g["bonus"]), "side": _side(g["side"])}),
    shape(r"(?P<bonus>.+) cannot be made by both sides \(also made at bonuses\[(?P<index>\d+)\]\)",
          lambda g, form: _("%(bonus)s cannot be made by both sides (also made in bonus row %(row)s)")
          % {"bonus": _bonus(g["bonus"]), "row": _row(form, g["index"])}),
    shape(SIDE + r" announced both High Game and Slam; announce one",
          lambda g, form: _("%(side)s announced both %(high_game)s and %(slam)s; announce one")
          % {"side": _side(g["side"]), "high_game": BONUS_NAMES["high_game"], "slam": BONUS_NAMES["slam"]}),
    shape(SIDE + r" announced Slam, so cannot announce (?P<bonus>.+) \(seed 000\)",
          lambda g, form: _("%(side)s announced %(slam)s, so cannot announce %(bonus)s")
          % {"side": _side(g["side"]), "slam": BONUS_NAMES["slam"], "bonus": _bonus(g["bonus"])}),
    # The three-handed game (seed 001)
    shape(r"the card points of the three players add up to (?P<n>\d+), not (?P<total>\d+)",
          lambda g, form: _("the three players' card points add up to %(n)s, not %(total)s") % g),
    shape(r"the tricks of the three players add up to (?P<n>\d+), not (?P<total>\d+)",
          lambda g, form: _("the three players' tricks add up to %(n)s, not %(total)s") % g),
    shape(r"(?P<name>.+) cannot hold (?P<points>\d+) card points in (?P<cards>\d+) cards: every card counts at "
          r"least 1 \(seed 001\)",
          lambda g, form: _("%(name)s cannot hold %(points)s card points in %(cards)s cards: every card counts "
                            "at least 1") % {**g, "name": _player(form, g["name"])}),
    shape(r"(?P<name>.+) cannot hold (?P<points>\d+) card points: (?P<what>.+) at most (?P<most>\d+)", _holds),
    shape(r"none of the three can have been the dealer: .*",
          lambda g, form: _("none of the three can have been the dealer: whoever it was, another player holds "
                            "more card points than the cards of his tricks can be worth")),
    shape(r"the three players must be different people",
          lambda g, form: _("the three players are three different people")),
    shape(r"at most one player is the dealer", lambda g, form: _("one player is the dealer, not more")),
]


def clean(message: str) -> str:
    """A message not recognised, made fit to show: no paths counted from zero, no FORMAT."""
    text = re.sub(r"bonuses\[(\d+)\]", lambda found: _("bonus %(number)s") % {"number": int(found[1]) + 1}, message)
    text = re.sub(r"players\[(\d+)\]", lambda found: _("player %(number)s") % {"number": int(found[1]) + 1}, text)
    return text.replace("FORMAT", "").replace("_", " ")


def word(problem, form) -> tuple[str | None, str]:
    """(the field, "what is wrong (ruling)") for one of the scorer's problems."""
    for known in SHAPES:
        found = known.pattern.match(problem.message)
        if found:
            text = known.say(found.groupdict(), form)
            break
    else:
        text = clean(problem.message)
    if problem.ruling and problem.ruling != FORMAT_RULING:
        text = _("%(problem)s (%(ruling)s)") % {"problem": text, "ruling": problem.ruling}
    return field_of(problem, form), text
