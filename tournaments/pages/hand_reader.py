"""The hand reader: one hand as the jury writes it (the entry page's fields, or a score sheet's
row given as those fields), read into a FORMAT.md hand record, and a stored record written back as
those fields. The notation is read by tournaments.recording.notation; whether the hand is legal is the
engine's answer, not the reader's.

A hand is written in either depth: holdings and results (what a paper sheet holds), or the full
deal and tricks, in which case the engine derives holdings, results and silent premiums.

A form of the pages, not of the door: the entry page (tournaments.pages.entry.forms) and the score
sheet's upload (tournaments.pages.workbooks.score_sheet) read a hand with it, then hand the record
to the door.
"""

import dataclasses
import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.records import HAND_FORMAT
from tournaments.core import bridge
from tournaments.recording import notation

HIGH_TRUMPS = ("XVI", "XVII", "XVIII")
HIGH_TRUMP_NUMBERS = {"16": "XVI", "17": "XVII", "18": "XVIII"}
PACK_TRUMPS, PACK_HONOURS = 22, 2  # R1: one pack's trumps (the Fool included) and honours

# Which of a hand's fields each of the engine's problem fields concerns (the first prefix that fits).
PROBLEM_FIELDS = [
    ("holdings.A.trumps", "a_trumps"), ("holdings.A.honours", "a_honours"), ("holdings.A.high", "a_high"),
    ("holdings.B.trumps", "b_trumps"), ("holdings.B.honours", "b_honours"), ("holdings.B.high", "b_high"),
    ("holdings", "a_trumps"), ("announcements", "announcements"), ("silent", "silent"),
    ("deal", "deal"), ("tricks", "tricks"), ("attackers", "attackers"),
]
HOLDING_FIELDS = ("a_trumps", "a_honours", "a_high", "b_trumps", "b_honours", "b_high")
ANNOUNCEMENT_LINE = re.compile(r"^announcements\[(\d+)\]")


def problem_field(problem_path: str) -> str | None:
    """The hand's field an engine problem is about (None: the whole hand)."""
    return next((name for prefix, name in PROBLEM_FIELDS if problem_path.startswith(prefix)), None)


def small_number(label):
    # A text input read as a number: no spinner, the arrow keys stay the page's, digits on a phone.
    return forms.IntegerField(label=label, required=False, min_value=0, max_value=22,
                              widget=forms.TextInput(attrs={"class": "tiny", "inputmode": "numeric",
                                                            "autocomplete": "off"}))


def high_trumps_field(label):
    return forms.CharField(label=label, required=False, max_length=20,
                           widget=forms.TextInput(attrs={"class": "short", "autocomplete": "off",
                                                         "spellcheck": "false"}))


class HandReader(forms.Form):
    """One hand's fields as the entry page and the score sheet's rows give them, read into a
    FORMAT.md hand record (``record``, once valid): the notation's lines and numbers checked here,
    every rule left to the engine. ``number`` is the hand's (its fields are prefixed ``h<number>-``)."""

    attackers = forms.ChoiceField(label=gettext_lazy("Attackers"), choices=[("A", "A"), ("B", "B")],
                                  widget=forms.Select(attrs={"class": "tiny"}))
    a_trumps = small_number(gettext_lazy("A trumps"))
    a_honours = small_number(gettext_lazy("A honours"))
    a_high = high_trumps_field(gettext_lazy("A holds of XVI-XVIII"))
    b_trumps = small_number(gettext_lazy("B trumps"))
    b_honours = small_number(gettext_lazy("B honours"))
    b_high = high_trumps_field(gettext_lazy("B holds of XVI-XVIII"))
    announcements = forms.CharField(
        label=gettext_lazy("Announcements, one a line"), required=False,
        widget=forms.Textarea(attrs={"rows": 2, "class": "notation", "spellcheck": "false",
                                     "autocapitalize": "off", "autocomplete": "off"}),
    )
    silent = forms.CharField(label=gettext_lazy("Silent premiums"), required=False, max_length=200,
                             widget=forms.TextInput(attrs={"spellcheck": "false", "autocapitalize": "off",
                                                           "autocomplete": "off"}))
    deal = forms.CharField(label=gettext_lazy("Deal (optional)"), required=False,
                           widget=forms.Textarea(attrs={"rows": 4, "class": "notation", "spellcheck": "false"}))
    tricks = forms.CharField(label=gettext_lazy("Tricks (optional, with the deal)"), required=False,
                             widget=forms.Textarea(attrs={"rows": 4, "class": "notation", "spellcheck": "false"}))

    def __init__(self, *args, number, **kwargs):
        self.number = number
        super().__init__(*args, prefix=f"h{number}", **kwargs)
        self.record = None
        self.partial_record = None  # what could be read of a hand with problems in its fields
        self.readable_lines = []  # the typed line number of each announcement read

    def clean_a_high(self):
        return self._high_trumps("a_high")

    def clean_b_high(self):
        return self._high_trumps("b_high")

    def _high_trumps(self, name):
        words = self.cleaned_data[name].replace(",", " ").upper().split()
        high = [HIGH_TRUMP_NUMBERS.get(word, word) for word in words]
        unknown = [word for word in high if word not in HIGH_TRUMPS]
        if unknown:
            raise forms.ValidationError(_("name only XVI, XVII, XVIII (or 16, 17, 18), not %(cards)s"),
                                        code="R5", params={"cards": ", ".join(unknown)})
        return high

    def clean(self):
        data = super().clean()
        self.readable_lines = []
        record = self._record(data)
        if self.errors:
            self.partial_record = record
        else:
            self.record = record
        return data

    def engine_problems(self) -> list:
        """Every problem of a hand at once: where the fields had problems of their own, the engine's
        problems of what could be read (the lines, cards and numbers that were readable), except
        those about a field already marked. Announcement lines are numbered as the juror typed them."""
        if self.partial_record is None:
            return []
        try:
            bridge.evaluate_hand_record(self.partial_record)
        except bridge.InvalidRecord as invalid:
            return [self._as_typed(problem) for problem in invalid.problems if self._still_news(problem)]
        return []

    def _still_news(self, problem) -> bool:
        marked = set(self.errors)
        target = problem_field(problem.field)
        if target is None:
            return not marked & {"deal", "tricks"}
        if problem.field == "holdings" or problem.field.startswith("holdings") and "deal" in marked:
            return not marked & {*HOLDING_FIELDS, "deal"}
        if marked & {"deal", "tricks"} and target in ("deal", "tricks", "silent", *HOLDING_FIELDS):
            return False  # they follow from the deal and tricks, which could not all be read
        if marked & {"deal", "tricks"} and problem.code in ("result_disagrees_with_tricks", "result_missing"):
            return False
        if target == "announcements":
            return bool(ANNOUNCEMENT_LINE.match(problem.field)) or "announcements" not in marked
        return target not in marked

    def _as_typed(self, problem):
        """An announcement's problem numbered by its line as typed (unreadable lines were left out)."""
        found = ANNOUNCEMENT_LINE.match(problem.field)
        if not found or int(found[1]) >= len(self.readable_lines):
            return problem
        line = self.readable_lines[int(found[1])]
        return dataclasses.replace(problem, field=f"announcements[{line - 1}]{problem.field[found.end():]}")

    @property
    def is_blank(self):
        watched = ("a_trumps", "a_honours", "b_trumps", "b_honours", "announcements", "silent", "deal", "tricks")
        return not any(str(self.data.get(self.add_prefix(name), "")).strip() for name in watched)

    def _read(self, name, parse):
        """The notation of one field, read whole: each unreadable line is an error on that field,
        and what could be read is kept for the engine."""
        try:
            return parse(self.cleaned_data.get(name, ""))
        except notation.NotationError as error:
            for problem in error.problems:
                self.add_error(name, problem)
            return error.partial

    def _record(self, data):
        record = {"format": HAND_FORMAT, "attackers": data.get("attackers", "A")}
        holdings = self._holdings(data)
        if holdings is not None:
            record["holdings"] = holdings
        deal = self._read("deal", notation.parse_deal)
        if deal is not None:
            record["deal"] = deal
        record["announcements"] = self._read("announcements", notation.parse_announcements) or []
        self.readable_lines = notation.readable_line_numbers(data.get("announcements", ""))
        tricks = self._read("tricks", notation.parse_tricks)
        if tricks is not None:
            record["tricks"] = tricks
        if tricks is None or data.get("silent", "").strip():  # with the tricks the engine finds them itself
            record["silent"] = self._read("silent", notation.parse_silent) or []
        return record

    def _holdings(self, data):
        """The two teams' holdings; B's left blank are what A's leave of the pack (R1)."""
        a = (data.get("a_trumps"), data.get("a_honours"))
        if a == (None, None) and data.get("deal", "").strip():
            return None  # the engine takes the holdings from the deal
        b_trumps, b_honours, b_high = data.get("b_trumps"), data.get("b_honours"), data.get("b_high", [])
        b_typed = any(str(self.data.get(self.add_prefix(name), "")).strip() for name in ("b_trumps", "b_honours",
                                                                                          "b_high"))
        if not b_typed and None not in a:
            b_trumps, b_honours = PACK_TRUMPS - a[0], PACK_HONOURS - a[1]
            b_high = [card for card in HIGH_TRUMPS if card not in data.get("a_high", [])]
        return {
            "A": {"trumps": a[0], "honours": a[1], "high_trumps": data.get("a_high", [])},
            "B": {"trumps": b_trumps, "honours": b_honours, "high_trumps": b_high},
        }


def initial_for(record, number):
    """Form initial values showing a stored hand record in the notation."""
    holdings = record.get("holdings", {})
    initial = {
        "attackers": record["attackers"],
        "announcements": "\n".join(notation.announcement_text(a) for a in record.get("announcements", [])),
        "silent": notation.silent_text(record.get("silent", [])),
        "deal": notation.deal_text(record.get("deal")),
        "tricks": notation.tricks_text(record.get("tricks")),
    }
    if record.get("deal") is None:
        for team in ("A", "B"):
            prefix = team.lower()
            initial[f"{prefix}_trumps"] = holdings[team]["trumps"]
            initial[f"{prefix}_honours"] = holdings[team]["honours"]
            initial[f"{prefix}_high"] = " ".join(holdings[team]["high_trumps"])
    return initial
