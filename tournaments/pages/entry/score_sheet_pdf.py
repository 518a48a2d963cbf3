"""The printed score sheet of a match (A4 PDF): the teams, the players by seat and the hands with
the entry page's fields in the entry page's order, so a table fills it in by hand and the jury
types it straight in. A confirmed match's sheet is filled: every hand as stored, every line the
engine scored, the match score and who confirmed it when."""

from django.utils.translation import gettext as _

from tournaments.core.lines import (
    announcement_words,
    card_name,
    line_rows,
    match_teams,
    number_told,
    seat_name,
    silent_words,
    team_name,
    words_list,
)
from tournaments.pages.outputs import pdf
from tournaments.recording.notation import PREMIUM_IDS

from . import at_the_table, hand_entry
from .forms import HandForm


def _hand_rows(match):
    """Each hand's fields as the sheet prints them, in words: the teams by name, feasts, seats,
    cards, contras and results by the naming functions (a reader of the paper never meets an id)."""
    records, answers = hand_entry.stored_records(match) if match.is_locked else ({}, {})
    teams = match_teams(match)
    rows = []
    for number in range(1, match.hands_expected + 1):
        record = records.get(number)
        values = {}
        if record is not None:
            holdings = record["holdings"]
            values = {
                "attackers": team_name(record["attackers"], teams),
                "a_trumps": holdings["A"]["trumps"], "a_honours": holdings["A"]["honours"],
                "a_high": words_list(holdings["A"]["high_trumps"], card_name),
                "b_trumps": holdings["B"]["trumps"], "b_honours": holdings["B"]["honours"],
                "b_high": words_list(holdings["B"]["high_trumps"], card_name),
                "announcements": [announcement_words(item, teams) for item in record.get("announcements", [])],
                "silent": "; ".join(silent_words(item, teams) for item in record.get("silent", [])),
                "deal": [f"{seat_name(seat, teams)}: {words_list(cards, card_name)}"
                         for seat, cards in (record.get("deal") or {}).items()],
                "tricks": [words_list(trick, card_name) for trick in record.get("tricks") or []],
            }
        answer = answers.get(number)
        if answer and record is not None and not record.get("silent"):
            # A full deal lists no silent premium: the engine finds them in the tricks (R10a).
            values["silent"] = "; ".join(silent_words(item, teams) for item in scored_premiums(answer))
        rows.append({"number": number, "values": values, "answer": answer,
                     "lines": line_rows(answer, record) if answer else []})
    return rows


def scored_premiums(answer) -> list[dict]:
    """The silent premiums the engine scored in a hand, as a record lists them ({premium, team})."""
    return [{"premium": line["item"], "team": team} for team in ("A", "B") for line in answer[team]["lines"]
            if line["item"] in PREMIUM_IDS and line["points"]]


def _holding_labels(teams) -> dict[str, str]:
    """The holdings' columns headed by the teams' names, not "A" and "B"."""
    labels = {}
    for team in ("A", "B"):
        names = {"team": teams[team]}
        prefix = team.lower()
        labels[f"{prefix}_trumps"] = _("%(team)s: trumps") % names
        labels[f"{prefix}_honours"] = _("%(team)s: honours") % names
        labels[f"{prefix}_high"] = _("%(team)s: holds of XVI-XVIII") % names
    return labels


def response(request, match):
    form = HandForm(number=1)
    labels = {name: form[name].label for name in ("attackers", "announcements", "silent", "deal", "tricks")}
    labels.update(_holding_labels(match_teams(match)))
    filled = match.is_locked
    title = (_("Score sheet (confirmed): %(a)s – %(b)s") if filled else _("Score sheet: %(a)s – %(b)s")) % {
        "a": match.team_a.name, "b": match.team_b.name}
    return pdf.response(request, "print/score_sheet.html", {
        "match": match, "labels": labels, "hands": _hand_rows(match), "filled": filled,
        "team_links": [] if filled else [entry for entry in at_the_table.team_links_context(request, match)
                                         if entry["link"] is not None],
        "messages": [number_told("suit_count", 3, ["hearts"]), number_told("trumps", 9)],  # R6a, as said
    }, title)
