"""How the engine's lines read on the jury's pages: the stored line items are ids ("consolation",
"third_pheasant", "contra:pheasant", "four_kings"); the pages show the feasts' names from the
catalogue (scoring.feasts; tournaments.core.feast_names marks them for translation), one row an item
with A's and B's points.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core import words
from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES

CONTRA_PREFIX = "contra:"
TEAMS = ("A", "B")
SEAT_NAMES = {
    "A.driver": gettext_lazy("A driver"), "A.catcher": gettext_lazy("A catcher"),
    "B.driver": gettext_lazy("B driver"), "B.catcher": gettext_lazy("B catcher"),
}

NAMES = {
    "consolation": gettext_lazy("Consolation"),  # R5
    **FEAST_NAMES,  # written out for makemessages: scoring/ cannot mark its names
    **SILENT_PREMIUM_NAMES,
}


def line_name(item: str) -> str:
    """The readable name of a line item; an unknown item is shown as it is stored."""
    if item.startswith(CONTRA_PREFIX):
        return _("Contra on %(feast)s") % {"feast": line_name(item[len(CONTRA_PREFIX):])}  # R8
    if item in NAMES and item != "consolation":
        return words.feast_name(item)  # the association's word (tournaments.core.words)
    return str(NAMES.get(item, item))


def seat_name(seat: str) -> str:
    """A seat as the pages name it, its role in the association's words: "A.driver" reads "A hajtó"
    on a Hungarian page, "A driver" otherwise; an unknown seat as it is stored."""
    return words.seat_name(seat)


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
