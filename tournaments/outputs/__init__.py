"""Printed (PDF) and spreadsheet (xlsx) copies of the public standings.

Every figure comes from the functions the public pages call (tournaments.competitions,
tournaments.register), which take it from scoring/: these outputs lay the rows out, they never
compute a score, a sum, an average, a tie-break or a place.

    rows.py     the rows of each output, from those functions
    pdf.py      HTML (templates/print/) to A4 PDF with weasyprint
    sheets.py   one-sheet workbooks with openpyxl
    views.py    the public, read-only views (no login)
"""
