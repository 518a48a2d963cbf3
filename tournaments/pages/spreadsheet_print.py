"""How every workbook the site writes prints: on A4, as wide as one page (as many pages down as
the rows need), the heading rows repeated on each page, a header naming the season and the table,
and page numbers in the footer. Without it a six-row table printed on four pages."""

from openpyxl.worksheet.worksheet import Worksheet

HEADER_LIMIT = 200  # Excel refuses a header section of more than 255 characters, codes included


def header_text(text: str) -> str:
    """Plain text for a header section: "&" begins a code there, so it is doubled."""
    return str(text).replace("&", "&&")[:HEADER_LIMIT]


def set_print_layout(sheet: Worksheet, header: str, *, title_rows: int = 1, landscape: bool = False,
                     fit_width: bool = True) -> None:
    """A4, fit to one page's width (or, ``fit_width`` False, at its own size over as many pages
    across as it needs), the first ``title_rows`` rows on every page, ``header`` at the top of each
    page and "page / pages" at the bottom."""
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = sheet.ORIENTATION_LANDSCAPE if landscape else sheet.ORIENTATION_PORTRAIT
    sheet.sheet_properties.pageSetUpPr.fitToPage = fit_width
    if fit_width:
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0  # as many pages down as the rows need
    if title_rows:
        sheet.print_title_rows = f"1:{title_rows}"
    for page_header in (sheet.oddHeader, sheet.evenHeader, sheet.firstHeader):
        page_header.center.text = header_text(header)
    for footer in (sheet.oddFooter, sheet.evenFooter, sheet.firstFooter):
        footer.center.text = "&P / &N"
    sheet.print_options.gridLines = False
