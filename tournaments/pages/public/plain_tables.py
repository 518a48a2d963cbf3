"""The Championship table, the site's largest (240 teams at national scale): its headings by a
template (templates/public/_championship_table.html), its rows written here.

django-tables2 builds a bound row, a bound column and an attribute dict for every cell, which made
this page a dozen times slower than a template writing the same rows. The page keeps what
django-tables2 showed: the same headings, cell classes and row classes, the same sort links
(``?sort=column``, ``?sort=-column``, repeated for several, unknown names ignored, the other
parameters of the address kept) and the same order: a stable sort, the Team column in Hungarian
alphabetical order (tournaments.core.collation), a missing figure (None) before every number and shown
as a dash.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import formats, numberformat
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from tournaments.core.collation import hungarian_key
from tournaments.pages import people

ORDER_FIELD = "sort"


@dataclass(frozen=True)
class Column:
    """One column: its heading, its key in the rows, its cells' class, and the key it sorts by
    (None: the column is not sortable)."""

    header: object
    name: str
    css_class: str = ""
    sort_key: str | None = None

    @property
    def orderable(self) -> bool:
        return self.sort_key is not None


CHAMPIONSHIP_COLUMNS = (
    Column(_("Place"), "place", "number", "place"),
    Column(_("Team"), "team", "", "team_order"),  # Hungarian alphabetical order
    # Players are also on each team's page: a phone leaves them out so the figures fit (public.css).
    Column(_("Players"), "players", "wide-only"),
    Column(_("Matches"), "played", "number", "played"),
    Column(_("Total"), "total", "number", "total"),
    Column(_("Average"), "average", "number", "average"),
    Column(_("Best match"), "best", "number", "best"),
)


@dataclass(frozen=True)
class Heading:
    header: object
    css_class: str  # classes sorted by name, as django-tables2 wrote them
    url: str | None  # the sort link; None for a column that does not sort


class SortedTable:
    """Rows (dicts) in the order the request asks for, with the headings' sort links. ``data``
    holds the rows as shown, like a django-tables2 table's."""

    def __init__(self, rows, columns, request, empty_text):
        self.columns = {column.name: column for column in columns}
        self.order_by = requested_order(request, self.columns)
        self.data = sort_rows(rows, [(self.columns[name].sort_key, descending) for name, descending in self.order_by])
        self.headings = [self.heading(column, request) for column in columns]
        self.empty_text = empty_text

    def heading(self, column, request) -> Heading:
        classes = set(column.css_class.split())
        url = None
        if column.orderable:
            classes.add("orderable")
            descending = next((descending for name, descending in self.order_by if name == column.name), None)
            if descending is not None:
                classes.add("desc" if descending else "asc")
            # A click on the sorted column turns its order round; on another, sorts by it ascending.
            url = query_with(request, ORDER_FIELD, f"-{column.name}" if descending is False else column.name)
        return Heading(column.header, " ".join(sorted(classes)), url)


def requested_order(request, columns) -> list[tuple[str, bool]]:
    """The sortable columns named by ``?sort=`` (repeated for several, ``-`` for descending), as
    (name, descending) pairs; other names are ignored."""
    order = []
    for alias in request.GET.getlist(ORDER_FIELD):
        name = alias.removeprefix("-")
        if name in columns and columns[name].orderable:
            order.append((name, alias.startswith("-")))
    return order


def sort_rows(rows, keys):
    """The rows sorted by each (key, descending) in turn, most significant first; stable, with a
    missing value (None) before any other."""
    rows = list(rows)
    for key, descending in reversed(keys):
        rows.sort(key=none_first(key), reverse=descending)
    return rows


def none_first(key):
    return lambda row: (row[key] is not None, row[key])


def query_with(request, field, value) -> str:
    """The current query string with ``field`` set to ``value`` (escaped for an attribute)."""
    params = dict(request.GET.lists())
    params[field] = value
    return escape("?" + urlencode(params, doseq=True))


# --- the Championship's rows --------------------------------------------------------------------


class ChampionshipTable(SortedTable):
    """The Championship's table with its rows' HTML (``rows_html``), written here rather than by a
    template loop: rendered again at every confirmation of a match day, 240 rows of seven cells
    were a quarter of the page's time in the template. tests/web/test_championship_rows.py
    compares it byte for byte with the loop it replaces."""

    @property
    def rows_html(self):
        number = number_formatter()
        lines = []
        for index, row in enumerate(self.data):
            lines.append(
                f'<tr class="{"odd" if index % 2 else "even"}"><td class="number">{number(row["place"])}</td>'
                f'<td><a href="{escape(row["team_url"])}">{escape(row["team"])}</a></td>'
                f'<td class="wide-only">{conditional_escape(row["players_html"])}</td>'
                f'<td class="number">{number(row["played"])}</td><td class="number">{number(row["total"])}</td>'
                f'<td class="number">{number(row["average"])}</td><td class="number">{number(row["best"])}</td></tr>')
        return mark_safe("\n".join(lines))  # every value escaped above, the players' links by format_html


def number_formatter():
    """A figure as the template writes it (``localize``), a missing one (None) as a dash: Django's
    own formatting, with the current language's separators looked up once, not for every cell."""
    decimal, grouping, thousands = (formats.get_format(name) for name in
                                    ("DECIMAL_SEPARATOR", "NUMBER_GROUPING", "THOUSAND_SEPARATOR"))

    def number(value) -> str:
        if value is None:
            return "—"
        return escape(numberformat.format(value, decimal, grouping=grouping, thousand_sep=thousands, use_l10n=True))

    return number


def championship_table(request, championship) -> ChampionshipTable:
    """R15: the season table (tournaments.reads.standings.championship, the rows its copies show) as the
    page shows it."""
    return ChampionshipTable(championship_rows(championship), CHAMPIONSHIP_COLUMNS, request,
                             _("No team has played a championship match yet."))


def championship_rows(championship) -> list[dict]:
    """The rows the printed copies share (tournaments.reads.standings.championship), with the team's
    link, its Hungarian sort key and its players as links (``players_html``), told apart where two
    share a name. No query: the table holds its teams with their players."""
    teams = championship.teams
    shared = people.shared_names(people.team_members(teams.values()))
    team_url, player_url = LinkMaker("public:team", championship.season.year), LinkMaker("public:player")
    rows = []
    for line in championship.rows:
        team = teams[line.team_id]
        row = vars(line).copy()
        row.update(team_url=team_url(team.pk), team_order=hungarian_key(team.name),
                   players_html=players_html(team.members(), shared, player_url))
        rows.append(row)
    return rows


class LinkMaker:
    """Addresses of one URL pattern for many ids, the pattern reversed once: at national scale the
    table links 240 teams and some 700 players."""

    PLACEHOLDER = "2147483647"

    def __init__(self, name, *args):
        address = reverse(name, args=[*args, self.PLACEHOLDER])
        self.prefix, _placeholder, self.suffix = address.rpartition(self.PLACEHOLDER)

    def __call__(self, pk) -> str:
        return f"{self.prefix}{pk}{self.suffix}"


def players_html(players, shared_names, player_url):
    """The team's players, each linking to the player's page, with the membership number where
    another player on the page bears the same name (as tournaments.pages.people.player_link)."""
    links = []
    for player in players:
        if player.name in shared_names:
            links.append(format_html('<a href="{}">{}</a> <span class="member-number">{}</span>',
                                     player_url(player.pk), player.name, player.membership_number))
        else:
            links.append(format_html('<a href="{}">{}</a>', player_url(player.pk), player.name))
    return mark_safe(", ".join(links))  # each link escaped by format_html
