"""How the engine's lines read on the jury's pages: the stored line items are ids ("consolation",
"third_pheasant", "contra:pheasant", "four_kings"); the pages show the feasts' names from the
catalogue (scoring.feasts; tournaments.core.feast_names marks them for translation), one row an item
with A's and B's points.
"""

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES

CONTRA_PREFIX = "contra:"
TEAMS = ("A", "B")
SEAT_NAMES = {
    "A.driver": gettext_lazy("A driver"), "A.catcher": gettext_lazy("A catcher"),
    "B.driver": gettext_lazy("B driver"), "B.catcher": gettext_lazy("B catcher"),
}
# A seat of a named team: "Szegedi Madarak hajtója" (the possessive is the language's, so whole).
TEAM_SEAT_NAMES = {"driver": gettext_lazy("%(team)s's driver"), "catcher": gettext_lazy("%(team)s's catcher")}
ROLE_NAMES = {"driver": pgettext_lazy("seat", "driver"), "catcher": pgettext_lazy("seat", "catcher")}
RESULT_NAMES = {"won": pgettext_lazy("feast result", "won"), "lost": pgettext_lazy("feast result", "lost")}
CONTRA_NAMES = {"opponents": gettext_lazy("contra by the opponents"), "partner": gettext_lazy("contra by the partner")}
SUIT_NAMES = {"hearts": gettext_lazy("hearts"), "diamonds": gettext_lazy("diamonds"),
              "spades": gettext_lazy("spades"), "clubs": gettext_lazy("clubs")}
SUIT_LETTERS = {"h": "hearts", "d": "diamonds", "s": "spades", "c": "clubs"}
RANK_NAMES = {"K": pgettext_lazy("card", "King"), "Q": pgettext_lazy("card", "Queen"),
              "C": pgettext_lazy("card", "Cavalier"), "V": pgettext_lazy("card", "Jack"),
              "10": pgettext_lazy("card", "10")}
SUIT_CARD = re.compile(r"^(K|Q|C|V|10)([hdsc])$")

NAMES = {
    "consolation": gettext_lazy("Consolation"),  # R5
    **FEAST_NAMES,  # written out for makemessages: scoring/ cannot mark its names
    **SILENT_PREMIUM_NAMES,
}


def line_name(item: str) -> str:
    """The readable name of a line item; an unknown item is shown as it is stored."""
    if item.startswith(CONTRA_PREFIX):
        return _("Contra on %(feast)s") % {"feast": line_name(item[len(CONTRA_PREFIX):])}  # R8
    return str(NAMES.get(item, item))


def seat_name(seat: str, teams: Mapping[str, str] | None = None) -> str:
    """A seat as the pages name it: with the teams' names ({"A": "Szegedi Madarak", ...}) "A.driver"
    reads "Szegedi Madarak hajtója"; without them, the team by its letter. An unknown seat as it is
    stored."""
    team, _dot, role = seat.partition(".")
    if teams and team in teams and role in TEAM_SEAT_NAMES:
        return str(TEAM_SEAT_NAMES[role]) % {"team": teams[team]}
    return str(SEAT_NAMES.get(seat, seat))


def role_name(role: str) -> str:
    """A seat's role alone ("driver" reads "hajtó"), as a cell under its team's name."""
    return str(ROLE_NAMES.get(role, role))


def team_name(team: str, teams: Mapping[str, str] | None = None) -> str:
    """"A" or "B" as the team's name where the names are known, else the letter."""
    return str((teams or {}).get(team, team))


def result_name(result: str) -> str:
    """A feast's result: "won" reads "nyert", "lost" "bukott" (never "vesztett")."""
    return str(RESULT_NAMES.get(result, result))


def contra_name(contra: str) -> str:
    """Who gave the contra (R8): "opponents" reads "ellenfél kontrája"."""
    return str(CONTRA_NAMES.get(contra, contra))


def suit_name(suit: str) -> str:
    """A declared suit: "hearts" reads "kőr"."""
    return str(SUIT_NAMES.get(suit, suit))


def card_name(card: str) -> str:
    """A card as players say it: "Kc" reads "treff király", "Fool" "skíz"; a trump keeps its
    numeral (XXI), as the cards print it."""
    if card == "Fool":
        return _("the Fool")
    found = SUIT_CARD.match(card)
    if not found:
        return card
    return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[found.group(1)],
                                        "suit": suit_name(SUIT_LETTERS[found.group(2)])}


def words_list(values: str | list, name) -> str:
    """Stored space-separated ids ("hearts spades", "Kd Ks") named one by one, comma-separated."""
    items = values.split() if isinstance(values, str) else values
    return ", ".join(name(item) for item in items)


def match_teams(match) -> dict[str, str]:
    """The teams' names by letter, as seat_name and team_name take them."""
    return {"A": match.team_a.name, "B": match.team_b.name}


def line_rows(answer) -> list[dict]:
    """One row an item: its name and each team's points (None where the team has no such line).

    Items come in the order the engine lists them, A's first; an item both teams have (the
    consolation, a feast each announced) is one row. An item twice in one team's lines (a
    magnified feast on two cards) is two rows."""
    rows, index = [], {}
    for team in TEAMS:
        seen: dict[str, int] = {}
        for line in answer[team]["lines"]:
            item = line["item"]
            key = (item, seen.get(item, 0))
            seen[item] = key[1] + 1
            if key not in index:
                index[key] = {"item": item, "name": line_name(item), "A": None, "B": None}
                rows.append(index[key])
            index[key][team] = line["points"]
    return rows


def announcement_words(record: dict, teams: Mapping[str, str] | None = None) -> str:
    """An announcement of a hand record in words: "Ultimó, Szegedi Madarak hajtója, káró király,
    ellenfél kontrája, bukott" (for papers and comparisons; the entry fields keep the notation)."""
    words = [line_name(record["feast"]), seat_name(record["by"], teams),
             *map(card_name, record.get("cards", [])), *map(suit_name, record.get("suits", []))]
    if record.get("contra"):
        words.append(contra_name(record["contra"]))
    if record.get("result"):
        words.append(result_name(record["result"]))
    return ", ".join(words)


def silent_words(entry: dict, teams: Mapping[str, str] | None = None) -> str:
    """A silent premium of a hand record in words: "Négykirály: Szegedi Madarak"."""
    return _("%(premium)s: %(team)s") % {"premium": line_name(entry["premium"]),
                                          "team": team_name(entry["team"], teams)}
