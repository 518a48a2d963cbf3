"""The one place the site puts values into spreadsheet cells (openpyxl), for every workbook it
writes: the public standings' copies, the jury's score sheets and the organisers' rosters.

A name is the players' and organisers' own text, and a spreadsheet would read one that begins
with = + - @ (or a tab or carriage return) as a formula or a DDE call: a team named
'=HYPERLINK("http://...","Click")' would become a live link in a juror's workbook (formula
injection). So every text is stored as a string (openpyxl itself takes a leading "=" for a formula
and "#N/A" for an error), and one that looks like a formula is also marked quote-prefixed, so that
editing the cell keeps it text. Numbers, dates and empty cells are stored as they are.

It imports only openpyxl and the standard library, so that any layer of the site may use it."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # how a spreadsheet recognises a formula (or DDE)


def put(cell, value):
    """``value`` into ``cell``, a text always as text; the cell, to style it further."""
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
        if value.startswith(FORMULA_STARTS):
            cell.quotePrefix = True
    return cell


def write(sheet, row, column, value):
    """``value`` into the cell at ``row`` and ``column`` (both from 1); the cell."""
    return put(sheet.cell(row, column), value)


def write_at(sheet, coordinate, value):
    """``value`` into the cell named ``coordinate`` ("B9"); the cell."""
    return put(sheet[coordinate], value)


def write_row(sheet, row, values, first_column=1):
    """``values`` side by side in ``row`` from ``first_column``; their cells."""
    return [write(sheet, row, column, value) for column, value in enumerate(values, start=first_column)]
