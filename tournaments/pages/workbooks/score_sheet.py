"""A match's score sheet as a workbook: downloaded with the match's particulars, teams and seats
filled in and a row a hand with the entry page's fields; uploaded filled, it is checked cell by
cell with the entry page's own reading (the hand reader, tournaments.pages.hand_reader, and its
notation) and the engine, and stored through the entry page's save
(tournaments.recording.matches.record_match) in one transaction, or refused whole with one line a problem:
"Sheet!Cell: problem (ruling)".

Layout: a "Match" sheet (the match's number and version, which the upload must carry back, and
its particulars), a "Hands" sheet (one row a hand: attackers, the two teams' holdings, six
announcement slots of feast, seat, declared cards or suits, contra and result, three silent
premium slots, and the optional deal and tricks in the entry page's notation) and a "Lists"
sheet the drop-downs read from: the association's words (tournaments.core.words) in the page's
language, each with a short form beside it. The upload reads every name and short form the entry
page's notation reads, and reports every problem of every row at once: the cells that cannot be
read, and the engine's problems of what could."""

import io
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from tournaments.core import bridge, words
from tournaments.core.refusals import Refused
from tournaments.pages.hand_reader import HandReader
from tournaments.pages.outputs.titles import association_name
from tournaments.pages.spreadsheet_cells import write, write_at
from tournaments.pages.spreadsheet_print import set_print_layout
from tournaments.recording import matches, notation, wording

from .safety import WorkbookRefused, open_workbook

ANNOUNCEMENT_SLOTS = 8  # a tournament table rarely announces more than seven feasts a hand
SILENT_SLOTS = 3
FIRST_HAND_ROW = 2
SEATS = ("A.driver", "A.catcher", "B.driver", "B.catcher")
CONTRA_VALUES = ("partner", "opponents")
RESULT_VALUES = ("won", "lost")
TEAMS = ("A", "B")
MATCH_ID_CELL, VERSION_CELL = "B3", "B4"
HEADER_FILL = PatternFill("solid", fgColor="DDE5F0")


@dataclass(frozen=True)
class Field:
    """A column of the Hands sheet: its key, heading, width, drop-down list and input message."""

    key: str
    heading: str
    width: int = 10
    choices: str | None = None  # the Lists sheet's column the drop-down offers
    prompt: str = ""


def hand_fields():
    """The Hands sheet's columns, in order; the prompts are the rulings' limits."""
    holding = _("R5: 0 to 22 trumps (the Fool counts), 0 to 2 honours; the two teams hold all 22 and 2 (R1).")
    high = _("R5: which of XVI, XVII, XVIII the team holds (or 16 17 18), separated by spaces.")
    # The association's words (tournaments.core.words), in the page's language.
    seat_prompt = _("The seat that announced it: %(seats)s.") % {
        "seats": notation.either([words.seat_name(seat) for seat in SEATS])}
    declared_prompt = _("R7: the declared cards (%(cards)s) or suits (%(suits)s), where the feast names them; "
                        "a message's number with its suit (%(suit_count)s) or trumps (%(trumps)s), R6a.") % {
        "cards": notation.card_examples(), "suits": notation.suit_examples(),
        "suit_count": " ".join(notation.number_text({"feast": "suit_count", "suits": ["hearts"], "number": 3})),
        "trumps": " ".join(notation.number_text({"feast": "trumps", "number": 9}))}
    contra_prompt = _("R8: empty, %(partner)s or %(opponents)s; messages take none (R6).") % {
        "partner": words.name(words.CONTRA, "partner"), "opponents": words.name(words.CONTRA, "opponents")}
    result_prompt = _("R7: %(results)s; messages have none (R6).") % {"results": notation.result_examples()}
    fields = [
        Field("number", _("Hand"), 6),
        Field("attackers", _("Attackers"), 10, "A", _("R3: A or B; the attack alternates from hand to hand.")),
        Field("a_trumps", _("A trumps"), 9, None, holding), Field("a_honours", _("A honours"), 9, None, holding),
        Field("a_high", _("A holds of XVI-XVIII"), 14, None, high),
        Field("b_trumps", _("B trumps"), 9, None, _("Empty: what A's leave of the pack (R1).")),
        Field("b_honours", _("B honours"), 9, None, _("Empty: what A's leave of the pack (R1).")),
        Field("b_high", _("B holds of XVI-XVIII"), 14, None, high),
    ]
    for slot in range(1, ANNOUNCEMENT_SLOTS + 1):
        fields += [
            Field(f"feast{slot}", _("Feast %(n)s") % {"n": slot}, 16, "C",
                  _("R6-R11: a feast or message of the catalogue (see Lists).")),
            Field(f"by{slot}", _("Announced by %(n)s") % {"n": slot}, 11, "B", seat_prompt),
            Field(f"declared{slot}", _("Cards or suits %(n)s") % {"n": slot}, 12, None, declared_prompt),
            Field(f"contra{slot}", _("Contra %(n)s") % {"n": slot}, 10, "E", contra_prompt),
            Field(f"result{slot}", _("Result %(n)s") % {"n": slot}, 8, "G", result_prompt),
        ]
    for slot in range(1, SILENT_SLOTS + 1):
        fields += [
            Field(f"premium{slot}", _("Silent premium %(n)s") % {"n": slot}, 16, "I",
                  _("R10: a silent premium achieved without announcing it.")),
            Field(f"team{slot}", _("Team %(n)s") % {"n": slot}, 7, "A", _("R10: the team that achieved it.")),
        ]
    fields += [
        Field("deal", _("Deal (optional)"), 24, None,
              _("Four lines as on the entry page: %(example)s ...; the engine then takes the holdings.")
              % {"example": notation.deal_example_line()}),
        Field("tricks", _("Tricks (optional, with the deal)"), 24, None,
              _("Ten lines of four cards in the order played (R4).")),
    ]
    return fields


def columns():
    """key -> column letter of the Hands sheet."""
    return {field.key: get_column_letter(index) for index, field in enumerate(hand_fields(), start=1)}


def lists():
    """The Lists sheet: (column letter, heading, [(name, short form)]) for each drop-down, in the
    association's words and the page's language."""
    def named(kind, keys):
        return [(words.name(kind, key), words.short(kind, key)) for key in keys]

    return [
        ("A", _("Teams"), [(team, team) for team in TEAMS]),
        ("B", _("Seats"), [(words.seat_name(seat), notation.seat_text(seat)) for seat in SEATS]),
        ("C", _("Feasts"), named(words.FEAST, notation.FEAST_IDS)),
        ("E", _("Contras"), named(words.CONTRA, CONTRA_VALUES)),
        ("G", _("Results"), named(words.RESULT, RESULT_VALUES)),
        ("I", _("Silent premiums"), named(words.PREMIUM, notation.PREMIUM_IDS)),
    ]


# --- download --------------------------------------------------------------------------------


def build(match) -> bytes:
    """The score sheet of ``match`` (with its teams, players and competition loaded) as .xlsx bytes."""
    book = Workbook()
    match_sheet = book.active
    write_match_sheet(match_sheet, match)
    hands = book.create_sheet(_("Hands"))
    list_sheet = book.create_sheet(_("Lists"))
    list_ranges = write_lists(list_sheet)
    write_hands_sheet(hands, match, list_ranges)
    header = sheet_header(match)
    set_print_layout(match_sheet, header, title_rows=0)
    # The hands' fourteen columns fitted to one page's width printed at 2.3 points: at their own
    # size instead, and the header points to the PDF score sheet, which is laid out for the table.
    set_print_layout(hands, hands_header(header), landscape=True, fit_width=False)
    set_print_layout(list_sheet, header)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def hands_header(header: str) -> str:
    return _("%(header)s · to print for the table, take the PDF score sheet") % {"header": header}


def sheet_header(match) -> str:
    """What heads each printed page: the score sheet's match, competition and season."""
    return _("Score sheet: %(a)s – %(b)s, %(competition)s, season %(year)s") % {
        "a": match.team_a.name, "b": match.team_b.name, "competition": match.competition.name,
        "year": match.competition.season.year}


def write_match_sheet(sheet, match):
    sheet.title = _("Match")
    title = write_at(sheet, "A1", _("%(association)s: score sheet") % {"association": association_name()})
    title.font = Font(bold=True, size=14)
    rows = [
        (_("Match number"), match.pk), (_("Version"), match.version),
        (_("Competition"), match.competition.name), (_("Date"), match.played_on), (_("Venue"), match.place),
        (_("Kind"), str(match.get_kind_display())),
        (_("Team A"), match.team_a.name), (_("Team B"), match.team_b.name),
        (_("A driver"), str(match.a_driver or match.team_a.driver)),
        (_("A catcher"), str(match.a_catcher or match.team_a.catcher)),
        (_("B driver"), str(match.b_driver or match.team_b.driver)),
        (_("B catcher"), str(match.b_catcher or match.team_b.catcher)),
    ]
    for row, (label, value) in enumerate(rows, start=3):
        write(sheet, row, 1, str(label)).font = Font(bold=True)
        write(sheet, row, 2, value)
    write(sheet, 3 + len(rows) + 1, 1, _("Fill in the Hands sheet and upload the workbook on the match's page. "
                                         "The match number and version above must stay as they are."))
    sheet.column_dimensions["A"].width = 18
    sheet.column_dimensions["B"].width = 40
    sheet["B6"].number_format = "yyyy-mm-dd"


def write_lists(sheet) -> dict[str, str]:
    """Each list's names in its column and short forms beside them; the drop-downs' ranges by column."""
    ranges = {}
    for letter, heading, entries in lists():
        write_at(sheet, f"{letter}1", str(heading)).font = Font(bold=True)
        for row, (value, name) in enumerate(entries, start=2):
            listed = write_at(sheet, f"{letter}{row}", value)
            write(sheet, row, listed.column + 1, str(name))  # a short form beside it, read as well
        ranges[letter] = f"'{sheet.title}'!${letter}$2:${letter}${len(entries) + 1}"
        sheet.column_dimensions[letter].width = 20
    return ranges


def write_hands_sheet(sheet, match, list_ranges):
    fields = hand_fields()
    last_row = FIRST_HAND_ROW + match.hands_expected - 1
    for index, field in enumerate(fields, start=1):
        cell = write(sheet, 1, index, str(field.heading))
        cell.font, cell.fill = Font(bold=True), HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        sheet.column_dimensions[get_column_letter(index)].width = field.width
        if field.prompt:
            cell.comment = Comment(str(field.prompt), association_name())
    sheet.freeze_panes = "B2"
    for number in range(1, match.hands_expected + 1):
        row = FIRST_HAND_ROW + number - 1
        write(sheet, row, 1, number)
        # R3: alternating from A; the jury changes hand 1's (and so the others') if B began.
        write(sheet, row, 2, bridge.attackers_in_hand(number, known_number=1, known_attackers="A"))
    letters = columns()
    for field in fields:
        if field.key == "number":
            continue
        area = f"{letters[field.key]}{FIRST_HAND_ROW}:{letters[field.key]}{last_row}"
        validation = validation_for(field, list_ranges)
        validation.add(area)
        sheet.add_data_validation(validation)


def validation_for(field, list_ranges):
    """A drop-down for a listed field, whole numbers 0-22 for a holding, else an input message only."""
    if field.choices:
        validation = DataValidation(type="list", formula1=list_ranges[field.choices], allow_blank=True)
    elif field.key.endswith(("_trumps", "_honours")):
        validation = DataValidation(type="whole", operator="between", formula1="0", formula2="22", allow_blank=True)
    else:
        validation = DataValidation(allow_blank=True)
    validation.promptTitle = str(field.heading)[:32]
    validation.prompt = str(field.prompt)[:255]
    validation.showInputMessage = bool(field.prompt)
    validation.errorTitle = str(field.heading)[:32]
    validation.error = str(field.prompt)[:255]
    validation.showErrorMessage = True
    return validation


# --- upload ------------------------------------------------------------------------------------


class CellProblems:
    """Problems found, each as "Sheet!Cell: message (ruling)"."""

    def __init__(self):
        self.found = []
        self.cells = set()  # (sheet, cell) of each problem: a cell is reported once, by its first reader

    def add(self, sheet, cell, message, ruling=None):
        self.cells.add((sheet, cell))
        text = f"{sheet}!{cell}: {message}"
        self.found.append(f"{text} ({ruling})" if ruling else text)

    def raise_if_any(self):
        if self.found:
            raise WorkbookRefused(self.found)


@dataclass
class HandRow:
    """One hand read from its row: the entry form's data, and which cell each record part came from."""

    number: int
    row: int
    data: dict
    announcement_slots: list  # the record's announcements[i] came from slot announcement_slots[i]
    silent_slots: list  # silent[i] (in the engine's order, by premium id) came from this slot
    blank: bool


def text(value) -> str:
    """A cell's value as the entry page would receive it typed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def whole_number(value, problems, where, ruling="R5"):
    """A holding's count: a whole number 0-22, as the entry page's field takes it."""
    raw = text(value)
    if raw == "":
        return ""
    if isinstance(value, bool) or not raw.isdigit() or int(raw) > 22:
        problems.add(*where, _("give a whole number from 0 to 22, not %(value)s") % {"value": raw}, ruling)
        return ""
    return raw


def read_announcement(values, slot, problems, where):
    """One announcement slot as a line of the entry page's notation (None when the slot is empty or
    a cell of it cannot be read: each such cell is reported)."""
    feast, by, declared = text(values[f"feast{slot}"]), text(values[f"by{slot}"]), text(values[f"declared{slot}"])
    contra, result = text(values[f"contra{slot}"]), text(values[f"result{slot}"])
    if not any((feast, by, declared, contra, result)):
        return None
    read = [_read_feast(feast, problems, where(f"feast{slot}")), _read_seat(by, problems, where(f"by{slot}")),
            _read_declared(declared, problems, where(f"declared{slot}"))]
    if contra:
        side = words.read(words.CONTRA, contra) or notation.contra(contra)
        if side is None:
            message = _("a contra is by the partner or by the opponents (%(accepted)s), not %(value)s")
            problems.add(*where(f"contra{slot}"), message % {"accepted": notation.contra_examples(), "value": contra},
                         "R8")
        read.append(side and f"c={side}")
    if result:
        found = notation.result(result)
        if found is None:
            problems.add(*where(f"result{slot}"), _("the result is %(accepted)s, not %(value)s")
                         % {"accepted": notation.result_examples(), "value": result}, "R7")
        read.append(found)
    if any(part is None for part in read):
        return None
    return " ".join(part for part in read if part)


def _read_feast(feast, problems, where):
    """The feast's cell as notation words: its id, and the card its name carries (pagátultimó)."""
    if not feast:
        problems.add(*where, _("name the feast announced"), "R6-R11")
        return None
    found, declared, length = notation._feast_words(feast.split())
    if found is None or length != len(feast.split()):
        problems.add(*where, notation.unknown_word(feast, notation.FEAST_IDS, _("feast")), "R6-R11")
        return None
    return " ".join([found, *(declared or [])])


def _read_seat(by, problems, where):
    seats = notation.either([words.seat_name(seat) for seat in SEATS])
    if not by:
        problems.add(*where, _("say who announced it (%(seats)s)") % {"seats": seats}, "R7")
        return None
    found = notation.seat(by) or notation.seat(".".join(by.split()))
    if found is None:
        problems.add(*where, _("%(value)s is not a seat (%(seats)s)") % {"value": by, "seats": seats}, "R7")
    return found


def _read_declared(declared, problems, where):
    """The declared cards and suits, and a message's number (R6a: "4 kőr", "9 tarokk"), as notation
    words ("" when none)."""
    read = []
    for token, card in notation.card_words(declared):
        if notation.is_count(token) or notation.is_trumps_word(token):
            read.append(token)  # the line's feast decides: a message's number, else the trump it names
            continue
        found = card or notation.suit(token)
        if found is None:
            problems.add(*where, _("%(value)s is not a card (%(cards)s) or a suit (%(suits)s)")
                         % {"value": token, "cards": notation.card_examples(), "suits": notation.suit_examples()},
                         "R7")
            return None
        read.append(found)
    return " ".join(read)


def read_silent(values, slot, problems, where):
    """One silent premium slot as (premium id, team), or None when empty."""
    premium, team = text(values[f"premium{slot}"]), text(values[f"team{slot}"]).upper()
    if not premium and not team:
        return None
    found = notation.resolve(premium, notation.PREMIUM_IDS) if premium else ""
    ok = True
    if found not in notation.PREMIUM_IDS:
        message = notation.unknown_word(premium, notation.PREMIUM_IDS, _("silent premium")) if premium else _(
            "name the silent premium")
        problems.add(*where(f"premium{slot}"), message, "R10")
        ok = False
    if team not in TEAMS:
        problems.add(*where(f"team{slot}"), _("the team is A or B"), "R10")
        ok = False
    return (found, team) if ok else None


def read_hand_row(sheet, number, row, problems) -> HandRow:
    letters = columns()
    values = {key: sheet[f"{letter}{row}"].value for key, letter in letters.items()}

    def where(key):
        return sheet.title, f"{letters[key]}{row}"

    prefix = f"h{number}-"
    attackers = text(values["attackers"]).upper()
    if attackers not in TEAMS:
        problems.add(*where("attackers"), _("the attacking team is A or B"), "R3")
    data = {prefix + "attackers": attackers}
    for key in ("a_trumps", "a_honours", "b_trumps", "b_honours"):
        data[prefix + key] = whole_number(values[key], problems, where(key))
    for key in ("a_high", "b_high", "deal", "tricks"):
        data[prefix + key] = text(values[key])
    lines, announcement_slots = [], []
    for slot in range(1, ANNOUNCEMENT_SLOTS + 1):
        line = read_announcement(values, slot, problems, where)
        if line is not None:
            lines.append(line)
            announcement_slots.append(slot)
    silent = []
    for slot in range(1, SILENT_SLOTS + 1):
        entry = read_silent(values, slot, problems, where)
        if entry is not None:
            silent.append((entry, slot))
    silent.sort(key=lambda item: item[0][0])  # the engine checks silent premiums by premium id
    data[prefix + "announcements"] = "\n".join(lines)
    data[prefix + "silent"] = ", ".join(f"{premium} {team}" for (premium, team), _slot in silent)
    filled = [key for key, value in values.items() if key not in ("number", "attackers") and text(value)]
    return HandRow(number, row, data, announcement_slots, [slot for _entry, slot in silent], blank=not filled)


FORM_FIELD_KEYS = {"attackers": "attackers", "a_trumps": "a_trumps", "a_honours": "a_honours", "a_high": "a_high",
                   "b_trumps": "b_trumps", "b_honours": "b_honours", "b_high": "b_high", "deal": "deal",
                   "tricks": "tricks", "silent": "premium1", "announcements": "feast1"}


def problem_key(hand_row, field):
    """The Hands sheet column of an engine problem's field (relative to the hand)."""
    holdings = {"holdings.A.trumps": "a_trumps", "holdings.A.honours": "a_honours", "holdings.A.high": "a_high",
                "holdings.B.trumps": "b_trumps", "holdings.B.honours": "b_honours", "holdings.B.high": "b_high"}
    for prefix, key in holdings.items():
        if field.startswith(prefix):
            return key
    if field.startswith("holdings"):
        return "a_trumps"
    for name, slots, keys in (("announcements", hand_row.announcement_slots, ANNOUNCEMENT_KEYS),
                              ("silent", hand_row.silent_slots, SILENT_KEYS)):
        if field.startswith(f"{name}["):
            index_text, _bracket, rest = field[len(name) + 1:].partition("]")
            if index_text.isdigit() and int(index_text) < len(slots):
                part = rest.lstrip(".").split(".")[0].split("[")[0]
                return keys.get(part, keys[""]) + str(slots[int(index_text)])
    for prefix in ("attackers", "deal", "tricks", "announcements", "silent"):
        if field.startswith(prefix):
            return FORM_FIELD_KEYS[prefix]
    return "number"


ANNOUNCEMENT_KEYS = {"": "feast", "feast": "feast", "by": "by", "cards": "declared", "suits": "declared",
                     "number": "declared",
                     "contra": "contra", "result": "result"}
SILENT_KEYS = {"": "premium", "premium": "premium", "team": "team"}


def read_hands(sheet, match, problems) -> list[HandRow]:
    expected = match.hands_expected
    ruling = "R16" if match.kind == match.Kind.TIE_BREAKER else "R13"
    rows = []
    for number in range(1, expected + 1):
        row = FIRST_HAND_ROW + number - 1
        printed = text(sheet[f"A{row}"].value)
        if printed != str(number):
            problems.add(sheet.title, f"A{row}", _("this row is hand %(number)s; the hand numbers stay as printed")
                         % {"number": number})
        hand_row = read_hand_row(sheet, number, row, problems)
        if hand_row.blank:
            problems.add(sheet.title, f"C{row}", _("hand %(number)s is empty; this match is %(expected)s hands")
                         % {"number": number, "expected": expected}, ruling)
        rows.append(hand_row)
    extra = FIRST_HAND_ROW + expected
    for row in sheet.iter_rows(min_row=extra, max_row=min(sheet.max_row, extra + 50), max_col=len(hand_fields())):
        if any(text(cell.value) for cell in row[2:]):
            problems.add(sheet.title, f"A{row[0].row}", _("this match is %(expected)s hands; nothing is read below "
                                                           "hand %(expected)s") % {"expected": expected}, ruling)
            break
    return rows


def read_records(sheet, hand_rows, problems):
    """Each row through the entry page's own reader: the FORMAT.md records; else every problem of
    every row at once, against its cells: the cells the reader could not read, and the engine's
    problems of what could be read (a cell already reported is not reported again)."""
    letters = columns()
    records = []
    for hand_row in hand_rows:
        if hand_row.blank:
            continue  # reported as an empty hand already
        form = HandReader(hand_row.data, number=hand_row.number)
        if form.is_valid():
            records.append(form.record)
            found = _engine_problems_alone(form.record) if problems.found else []
        else:
            for name, errors in form.errors.items():
                cell = f"{letters[FORM_FIELD_KEYS.get(name, 'number')]}{hand_row.row}"
                if (sheet.title, cell) not in problems.cells:
                    for error in errors:
                        problems.add(sheet.title, cell, error)
            found = form.engine_problems()
        _add_engine_problems(sheet, hand_row, found, problems)
    return records


def _engine_problems_alone(record):
    """The engine's problems of one hand on its own (the match is not stored while others remain)."""
    try:
        bridge.evaluate_hand_record(record)
    except bridge.InvalidRecord as invalid:
        return invalid.problems
    return []


def _add_engine_problems(sheet, hand_row, found, problems):
    letters = columns()
    for problem in found:
        cell = f"{letters[problem_key(hand_row, problem.field)]}{hand_row.row}"
        if (sheet.title, cell) not in problems.cells:
            worded = wording.word(problem)
            problems.add(sheet.title, cell, worded.text, worded.ruling)


def engine_problems(sheet, hand_rows, invalid, problems):
    """The engine's problems, each in the juror's words on the cell of its hand and field."""
    letters = columns()
    for problem in invalid.problems:
        if problem.hand is not None:
            hand_row = hand_rows[problem.hand - 1]
            own = problem.in_its_hand()
            cell = f"{letters[problem_key(hand_row, own.field)]}{hand_row.row}"
        else:
            own, cell = problem, f"A{FIRST_HAND_ROW}"
        worded = wording.word(own)
        problems.add(sheet.title, cell, worded.text, worded.ruling)


def match_sheet_numbers(book, match, problems):
    """The match number and version the sheet was made for; it must be this match's sheet."""
    sheet = book.worksheets[0]
    number, version = text(sheet[MATCH_ID_CELL].value), text(sheet[VERSION_CELL].value)
    if number != str(match.pk):
        problems.add(sheet.title, MATCH_ID_CELL, _("this is the score sheet of match %(number)s, not of match "
                                                   "%(match)s") % {"number": number or "?", "match": match.pk})
        problems.raise_if_any()
    if not version.isdigit():
        problems.add(sheet.title, VERSION_CELL, _("the version printed here is needed to import the sheet"))
        problems.raise_if_any()
    return int(version)


SHEET_MISSING = gettext_lazy("The workbook is not a score sheet of this site: it lacks the Match and Hands sheets.")


def import_score_sheet(upload, match, user):
    """Read, check and store a filled score sheet for ``match`` as ``user`` typed it; the saved
    match (awaiting confirmation). Raises WorkbookRefused with every problem; nothing is saved then."""
    try:  # the two-person rule first, as every way in meets it, before the workbook is opened
        matches.check_hands_may_change(match, user)
    except Refused as refused:
        raise WorkbookRefused(refused.text) from None
    book = open_workbook(upload)
    if len(book.worksheets) < 2:
        raise WorkbookRefused(str(SHEET_MISSING))
    problems = CellProblems()
    version = match_sheet_numbers(book, match, problems)
    sheet = book.worksheets[1]
    hand_rows = read_hands(sheet, match, problems)
    records = read_records(sheet, hand_rows, problems)
    problems.raise_if_any()
    try:
        with transaction.atomic():
            matches.record_match(match, records, user=user, expected_version=version,
                                 way_in=matches.WayIn.WORKBOOK)
    except bridge.InvalidRecord as invalid:
        engine_problems(sheet, hand_rows, invalid, problems)
        problems.raise_if_any()
    except Refused as refused:  # a stale version, or a competition's rule (R15-R17)
        raise WorkbookRefused(refused.text) from None
    return match
