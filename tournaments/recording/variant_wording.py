"""The variant scorers' problems as a juror reads them, in the page's language, on the field of the
form they concern.

scoring/variants reports a problem as a path in the variant record counted from zero
(``bonuses[2].suit``, ``players[1].card_points``), the ruling (or FORMAT for the record's shape), an
English sentence for the command line, and the same as data: a stable ``code`` and its ``params``
(scoring.problems). Each code the forms can meet is said here in plain words from its params, with
the bonus row and player counted from one, the players by name and the ruling; a problem whose code
has no sentence here is shown as the scorer's message, cleaned of paths and FORMAT."""

import re

from django.utils.translation import gettext as _

from .variant_names import BONUS_NAMES, SIDE_NAMES, SUIT_NAMES

FORMAT_RULING = "FORMAT"


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


def _bonus(p) -> str:
    """The bonus a problem names, in the page's language, with its suit when it has one."""
    name = BONUS_NAMES.get(p["bonus"], p["bonus"])
    if p.get("suit") in SUIT_NAMES:
        return _("%(bonus)s (%(suit)s)") % {"bonus": name, "suit": SUIT_NAMES[p["suit"]]}
    return str(name)


def _side(p) -> str:
    return str(SIDE_NAMES[p["side"]])


def _row(form, path: str) -> int:
    """The form's bonus row of a record path (``bonuses[2]``), counted from one."""
    index = int(INDEXED.match(path)["index"])
    rows = form.bonus_rows()
    return rows[index] if index < len(rows) else index + 1


def _player(form, name: str) -> str:
    return form.names().get(name, name)


def _range(p, form) -> str:
    if p["highest"] is None:
        return _("is 0 or more, not %(value)s") % {"value": p["given"]}
    return _("is from 0 to %(high)s, not %(value)s") % {"high": p["highest"], "value": p["given"]}


def _defenders(p, form) -> str:
    if p["expected"] == 2:
        return _("a declarer with a partner has 2 defenders, not %(n)s: four play") % {"n": p["count"]}
    return _("a declarer playing alone has 3 defenders, not %(n)s: four play") % {"n": p["count"]}


def _different_people(p, form) -> str:
    if p["players"] == 4:
        return _("the four players are four different people")
    return _("the three players are three different people")


def _multiplier(p, form) -> str:
    values = {"bonus": _bonus(p), "side": _side(p), "points": p["card_points"], "tricks": p["tricks"]}
    if p["made"]:
        return _("%(bonus)s of %(side)s was made, with %(points)s card points and %(tricks)s tricks to the "
                 "declarer's side") % values
    return _("%(bonus)s of %(side)s was not made, with %(points)s card points and %(tricks)s tricks to the "
             "declarer's side") % values


def _holds(p, form) -> str:
    """R18a: the most a player's cards can be worth, said as the scorer reasons it."""
    values = {"name": _player(form, p["player"]), "points": p["card_points"], "most": p["most"],
              "cards": p["cards"], "tricks": p["tricks"]}
    if p["holding"] == "dealer":
        return _("as the dealer, %(name)s's three discards (no King or Honour; the Fool only without a trump) "
                 "and the %(cards)s cards of his %(tricks)s tricks are worth at most %(most)s, not "
                 "%(points)s") % values
    if p["holding"] == "maybe_dealer":
        return _("even as the dealer, %(name)s's three discards (no King or Honour; the Fool only without a "
                 "trump) and the %(cards)s cards of his %(tricks)s tricks are worth at most %(most)s, not "
                 "%(points)s") % values
    if p["holding"] == "no_trick":
        return _("%(name)s won no trick and is not the dealer, so he holds no card: not %(points)s card "
                 "points") % values
    return _("the %(cards)s cards of %(name)s's %(tricks)s tricks are worth at most %(most)s, not "
             "%(points)s") % values


# What each code says, from its params and the form (scoring.problems documents them).
SENTENCES = {
    # Both variants
    "number_out_of_range": _range,
    "players_not_different": _different_people,
    # Emperor Tarokk (seed 000)
    "defender_count": _defenders,
    "all_tricks_too_few_points": lambda p, form: _(
        "the declarer's side took all %(tricks)s tricks, so it has at least %(need)s card points, not %(points)s")
    % {"tricks": p["tricks"], "need": p["needs"], "points": p["card_points"]},
    "no_trick_too_many_points": lambda p, form: _(
        "the declarer's side took no trick, so it cannot have %(points)s card points") % {"points": p["card_points"]},
    "bonus_suit_missing": lambda p, form: _("%(bonus)s names a suit: choose it") % {"bonus": _bonus(p)},
    "bonus_names_no_suit": lambda p, form: _("%(bonus)s names no suit: leave the suit empty") % {"bonus": _bonus(p)},
    "multiplier_listed_unannounced": lambda p, form: _(
        "a silent %(bonus)s is not listed: it follows from the card points and tricks") % {"bonus": _bonus(p)},
    "bonus_must_be_announced": lambda p, form: _("%(bonus)s scores only when it was announced")
    % {"bonus": _bonus(p)},
    "unannounced_bonus_not_made": lambda p, form: _("a silent bonus is listed only when it was made"),
    "unannounced_bonus_contra": lambda p, form: _("only an announced bonus can be contra'd"),
    "bonus_made_missing": lambda p, form: _("say whether %(bonus)s was made") % {"bonus": _bonus(p)},
    "multiplier_made_disagrees": _multiplier,
    "bonus_listed_twice": lambda p, form: _("%(bonus)s of %(side)s is already in bonus row %(row)s")
    % {"bonus": _bonus(p), "side": _side(p), "row": _row(form, p["earlier"])},
    "bonus_needs_tricks": lambda p, form: _("%(bonus)s needs %(n)s trick(s); %(side)s won %(won)s")
    % {"bonus": _bonus(p), "n": p["needs"], "side": _side(p), "won": p["won"]},
    "bonus_made_by_both_sides": lambda p, form: _(
        "%(bonus)s cannot be made by both sides (also made in bonus row %(row)s)")
    % {"bonus": _bonus(p), "row": _row(form, p["other"])},
    "high_game_and_slam": lambda p, form: _("%(side)s announced both %(high_game)s and %(slam)s; announce one")
    % {"side": _side(p), "high_game": BONUS_NAMES["high_game"], "slam": BONUS_NAMES["slam"]},
    "slam_excludes_bonus": lambda p, form: _("%(side)s announced %(slam)s, so cannot announce %(bonus)s")
    % {"side": _side(p), "slam": BONUS_NAMES["slam"], "bonus": _bonus(p)},
    # The three-handed game (seed 001)
    "card_points_total": lambda p, form: _("the three players' card points add up to %(n)s, not %(total)s")
    % {"n": p["total"], "total": p["expected"]},
    "tricks_total": lambda p, form: _("the three players' tricks add up to %(n)s, not %(total)s")
    % {"n": p["total"], "total": p["expected"]},
    "too_few_card_points": lambda p, form: _(
        "%(name)s cannot hold %(points)s card points in %(cards)s cards: every card counts at least 1")
    % {"name": _player(form, p["player"]), "points": p["card_points"], "cards": p["cards"]},
    "too_many_card_points": _holds,
    "no_possible_dealer": lambda p, form: _(
        "none of the three can have been the dealer: whoever it was, another player holds more card points "
        "than the cards of his tricks can be worth"),
    "several_dealers": lambda p, form: _("one player is the dealer, not more"),
}


def clean(message: str) -> str:
    """A message not recognised, made fit to show: no paths counted from zero, no FORMAT."""
    text = re.sub(r"bonuses\[(\d+)\]", lambda found: _("bonus %(number)s") % {"number": int(found[1]) + 1}, message)
    text = re.sub(r"players\[(\d+)\]", lambda found: _("player %(number)s") % {"number": int(found[1]) + 1}, text)
    return text.replace("FORMAT", "").replace("_", " ")


def word(problem, form) -> tuple[str | None, str]:
    """(the field, "what is wrong (ruling)") for one of the scorer's problems."""
    say = SENTENCES.get(problem.code)
    text = clean(problem.message) if say is None else say(problem.params, form)
    if problem.ruling and problem.ruling != FORMAT_RULING:
        text = _("%(problem)s (%(ruling)s)") % {"problem": text, "ruling": problem.ruling}
    return field_of(problem, form), text
