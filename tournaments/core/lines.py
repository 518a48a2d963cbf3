"""How the engine's lines read on the jury's pages: the stored line items are ids ("consolation",
"third_pheasant", "contra:pheasant", "four_kings"); the pages show the feasts' names from the
catalogue (scoring.feasts; tournaments.core.feast_names marks them for translation), one row an item
with A's and B's points. The door's words (tournaments.recording.wording, notation) name them as
the pages do, hence here, beneath both.
"""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core import words
from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES

CONTRA_PREFIX = "contra:"
TEAMS = ("A", "B")
# A seat of a named team, the role in the association's words (tournaments.core.words): the frame is
# the language's ("Kings's driver"; in Hungarian "Szegedi Madarak (hajtó)").
TEAM_SEAT = gettext_lazy("%(team)s's %(role)s")
# Who gave a contra (R8), the side in the association's words: "ellenfél kontrája".
CONTRA_BY = gettext_lazy("contra by the %(side)s")

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


def seat_name(seat: str, teams: Mapping[str, str] | None = None) -> str:
    """A seat as the pages name it, its role in the association's words: with the teams' names
    ({"A": "Szegedi Madarak", ...}) "A.driver" reads "Szegedi Madarak (hajtó)"; without them "A hajtó".
    An unknown seat as it is stored."""
    team, _dot, role = seat.partition(".")
    if teams and team in teams and words.term(words.ROLE, role) is not None:
        return str(TEAM_SEAT) % {"team": teams[team], "role": words.role_name(role)}
    return words.seat_name(seat)


def role_name(role: str) -> str:
    """A seat's role alone ("driver" reads "hajtó"), as a cell under its team's name."""
    return words.role_name(role)


def team_name(team: str, teams: Mapping[str, str] | None = None) -> str:
    """"A" or "B" as the team's name where the names are known, else the letter."""
    return str((teams or {}).get(team, team))


def result_name(result: str) -> str:
    """A feast's result: "won" reads "nyert", "lost" "bukott" (never "vesztett")."""
    return words.result_name(result)


def contra_name(contra: str) -> str:
    """Who gave the contra (R8): "opponents" reads "ellenfél kontrája"."""
    return str(CONTRA_BY) % {"side": words.contra_name(contra)}


def suit_name(suit: str) -> str:
    """A declared suit: "hearts" reads "kőr"."""
    return words.suit_name(suit)


def card_name(card: str) -> str:
    """A card as players say it: "Kc" reads "treff király", "Fool" "skíz"; a trump without a name of
    its own keeps its numeral (XVII), as the cards print it."""
    return words.card_name(card)


def words_list(values: str | list, name) -> str:
    """Stored space-separated ids ("hearts spades", "Kd Ks") named one by one, comma-separated."""
    items = values.split() if isinstance(values, str) else values
    return ", ".join(name(item) for item in items)


def match_teams(match) -> dict[str, str]:
    """The teams' names by letter, as seat_name and team_name take them."""
    return {"A": match.team_a.name, "B": match.team_b.name}


def line_rows(answer, record: dict | None = None) -> list[dict]:
    """One row an item: its name and each team's points (None where the team has no such line).

    Items come in the order the engine lists them, A's first; an item both teams have (the
    consolation, a feast each announced) is one row. An item twice in one team's lines (a
    magnified feast on two cards) is two rows. With the hand's ``record``, a feast that declares
    cards or suits names them ("Ultimó (pagát)"): the same feast on another card is another feast."""
    details = line_details(record) if record else {}
    rows, index = [], {}
    for team in TEAMS:
        seen: dict[str, int] = {}
        for line in answer[team]["lines"]:
            item = line["item"]
            count = seen.get(item, 0)
            seen[item] = count + 1
            detail = details.get((team, item, count), "")
            key = (item, detail, count)
            if key not in index:
                index[key] = {"item": item, "name": named_with(line_name(item), detail), "A": None, "B": None}
                rows.append(index[key])
            index[key][team] = line["points"]
    return rows


def number_told(feast: str, number: int | None, suits: list[str] | tuple = ()) -> str | None:
    """What a message says of its number (R6a), as the table hears it: "4 kőr", "9 tarokk"; None
    when it says none (any other announcement, or a message kept before R6a)."""
    if number is None:
        return None
    if feast == "trumps":
        return _("%(number)s trumps") % {"number": number}
    if not suits:
        return str(number)
    return _("%(number)s %(suit)s") % {"number": number, "suit": suit_name(suits[0])}


def declared_words(record: dict) -> list[str]:
    """An announcement's declared cards and suits in words, a message's number with its suit ("4 kőr")."""
    told = number_told(record["feast"], record.get("number"), record.get("suits") or ())
    suits = [told] if told else list(map(suit_name, record.get("suits") or ()))
    return [*map(card_name, record.get("cards") or ()), *suits]


def named_with(name: str, detail: str) -> str:
    """A line's name and what its feast was declared on: "Ultimó (pagát)"."""
    return _("%(name)s (%(detail)s)") % {"name": name, "detail": detail} if detail else name


def line_details(record: dict) -> dict[tuple[str, str, int], str]:
    """(team, line item, its count in the team's lines) -> the cards and suits the announcement
    declared, in words. The engine writes a team's lines in the record's order of announcements
    (scoring.hand.hand_lines): the n-th line of a feast is the team's n-th announcement of it, and
    the n-th contra line on it the n-th contra on it that counts for the team (R8)."""
    details, counts = {}, {}
    for announcement in record.get("announcements") or []:
        declared = ", ".join(declared_words(announcement))
        team = announcement["by"].partition(".")[0]
        lines = [(team, announcement["feast"])]
        if announcement.get("contra"):
            contra_by = team if announcement["contra"] == "partner" else _other_team(team)
            lines.append((contra_by, CONTRA_PREFIX + announcement["feast"]))
        for key in lines:
            count = counts.get(key, 0)
            counts[key] = count + 1
            if declared:
                details[(*key, count)] = declared
    return details


def _other_team(team: str) -> str:
    return TEAMS[1] if team == TEAMS[0] else TEAMS[0]


def announcement_words(record: dict, teams: Mapping[str, str] | None = None) -> str:
    """An announcement of a hand record in words: "Ultimó, Szegedi Madarak hajtója, káró király,
    ellenfél kontrája, bukott"; "Színhossz, A hajtó, 4 kőr" (for papers and comparisons; the entry
    fields keep the notation)."""
    words = [line_name(record["feast"]), seat_name(record["by"], teams), *declared_words(record)]
    if record.get("contra"):
        words.append(contra_name(record["contra"]))
    if record.get("result"):
        words.append(result_name(record["result"]))
    return ", ".join(words)


def silent_words(entry: dict, teams: Mapping[str, str] | None = None) -> str:
    """A silent premium of a hand record in words: "Négykirály: Szegedi Madarak"."""
    return _("%(premium)s: %(team)s") % {"premium": line_name(entry["premium"]),
                                          "team": team_name(entry["team"], teams)}
