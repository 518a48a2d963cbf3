"""Printed (PDF) and spreadsheet (xlsx) copies of the public standings.

Every figure comes from the rows the public pages show (tournaments.reads.standings, the read layer),
which take it from scoring/: these outputs lay the rows out, they never compute a score, a sum,
an average, a tie-break or a place.

    pdf.py      HTML (templates/print/) to A4 PDF with weasyprint; the site's other PDFs (score
                sheets, certificates) are laid out and served by it too
    sheets.py   one-sheet workbooks with openpyxl
    views.py    the public, read-only views (no login)
"""
