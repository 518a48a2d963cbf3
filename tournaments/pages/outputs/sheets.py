"""Spreadsheets (.xlsx) of the public standings with openpyxl: one sheet, the column headings in a
bold first row that stays in view (frozen), widths set from the contents, every figure stored as a
number (an average keeps its decimal), every missing figure as an empty cell, and every name as
text however it begins (tournaments.pages.spreadsheet_cells)."""

import io
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tournaments.pages.spreadsheet_cells import write_row
from tournaments.pages.spreadsheet_print import set_print_layout

from .titles import association_name, file_name

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SHEET_TITLE_LIMIT = 31  # Excel's limit on a sheet's name
SHEET_TITLE_FORBIDDEN = str.maketrans({character: " " for character in "[]:*?/\\"})
NARROWEST, WIDEST = 6, 60  # column widths, in characters


@dataclass(frozen=True)
class Column:
    """A column: its heading, the row's attribute it shows, and how Excel shows a number."""

    heading: str
    field: str
    number_format: str | None = None


CHAMPIONSHIP = [
    Column(_("Place"), "place"), Column(_("Team"), "team"), Column(_("Players"), "players"),
    Column(_("Matches"), "played"), Column(_("Total"), "total"), Column(_("Average"), "average", "0.0"),
    Column(_("Best match"), "best"),
]
GRAND_PRIX = [
    Column(_("Place"), "place"), Column(_("Team"), "team"), Column(_("Players"), "players"),
    Column(_("Matches"), "played"), Column(_("Sum of hand scores"), "total"), Column(_("Best match"), "best"),
    Column(_("Trophies won"), "trophies"), Column(_("Tie-break"), "tie_break"),
]
FREE_GAMES = [
    Column(_("Place"), "place"), Column(_("Player"), "player"), Column(_("Games"), "games"),
    Column(_("Points"), "points"),
]
TROPHY_REGISTER = [
    Column(_("Place"), "place"), Column(_("Player"), "player"), Column(_("Trophy points"), "points"),
    Column(_("Trophies"), "trophies"), Column(_("Highest-ranking trophy"), "best_trophy"), Column(_("Cups"), "cups"),
]
CUP = [
    Column(_("Round"), "round"), Column(_("Date"), "date", "yyyy-mm-dd"), Column(_("Team A"), "team_a"),
    Column(_("Team B"), "team_b"), Column(_("Sum A"), "sum_a"), Column(_("Sum B"), "sum_b"),
    Column(_("Match scores"), "matches"), Column(_("Tie-breakers"), "tie_breakers"), Column(_("State"), "state"),
]
CUP_ENTRIES = [Column(_("No."), "number"), Column(_("Team"), "team"), Column(_("Players"), "players")]


def sheet_title(title) -> str:
    return str(title).translate(SHEET_TITLE_FORBIDDEN)[:SHEET_TITLE_LIMIT].strip() or str(_("Sheet"))


def page_header(title, year=None) -> str:
    """What heads each printed page: the association, the table and its season."""
    parts = [association_name(), str(title)]
    if year is not None:
        parts.append(_("Season %(year)s") % {"year": year})
    return " · ".join(parts)


def workbook(title, columns, rows, header=None) -> Workbook:
    """One sheet named after ``title``: a heading row, then one line a row; printed on A4 under
    ``header`` (page_header), the heading row on every page."""
    book = Workbook()
    book.properties.title = str(title)
    book.properties.creator = association_name()
    sheet = book.active
    sheet.title = sheet_title(title)
    for cell in write_row(sheet, 1, [str(column.heading) for column in columns]):
        cell.font = Font(bold=True)
    for number, row in enumerate(rows, start=2):
        write_row(sheet, number, [getattr(row, column.field) for column in columns])
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = sheet.dimensions
    for index, column in enumerate(columns, start=1):
        set_column(sheet, index, column)
    set_print_layout(sheet, header or page_header(title), landscape=len(columns) > 6)
    return book


def set_column(sheet, index, column) -> None:
    letter = get_column_letter(index)
    cells = [cell for (cell,) in sheet.iter_rows(min_col=index, max_col=index)]
    longest = max(len(shown(cell.value, column)) for cell in cells)
    sheet.column_dimensions[letter].width = min(max(longest + 2, NARROWEST), WIDEST)
    if column.number_format:
        for cell in cells[1:]:
            cell.number_format = column.number_format


def shown(value, column) -> str:
    """Roughly what the cell shows, to size its column."""
    if value is None:
        return ""
    if column.number_format == "0.0" and not isinstance(value, str):
        return f"{value:.1f}"
    return str(value)


def response(title, columns, rows, file_title=None, *, year=None, header=None) -> HttpResponse:
    """The workbook as a download, under a file name taken from its title (or ``file_title``); its
    printed pages headed by the table and the season ``year`` (or ``header``)."""
    buffer = io.BytesIO()
    workbook(title, columns, rows, header or page_header(title, year)).save(buffer)
    answer = HttpResponse(buffer.getvalue(), content_type=CONTENT_TYPE)
    answer["Content-Disposition"] = content_disposition_header(True, file_name(file_title or title, "xlsx"))
    return answer
