"""A table of a page as its reader sees it: the headings and each row's cells as text."""

import re


def _text(cell):
    return re.sub(r"<[^>]+>", "", cell).strip()


def table_cells(page, table_class="standings"):
    """The headings and the rows' cells (text, tags left out) of the page's first table of
    ``table_class``."""
    start = page.index(f'<table class="{table_class}">')
    body = page[start:page.index("</table>", start)]
    rows = [[_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return [_text(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", body, re.S)], [row for row in rows if row]
