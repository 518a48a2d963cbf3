"""Sortable standings tables (django-tables2); the views hand in rows already computed by
scoring/competitions.py, so a table only shows and sorts them."""

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from tournaments.pages.people import player_link

NUMBER = {"td": {"class": "number"}, "th": {"class": "number"}}
# Players are also on each team's page: a phone leaves them out so the figures fit (public.css).
WIDE_ONLY = {"td": {"class": "wide-only"}, "th": {"class": "wide-only"}}


class LinkColumn(tables.Column):
    """A name shown as a link; the row carries the URL under ``<accessor>_url``."""

    def render(self, value, record):
        return format_html('<a href="{}">{}</a>', record[f"{self.accessor}_url"], value)


class PlayersColumn(tables.Column):
    """The team's players, each linking to the player's page; the row carries them under
    ``members`` and the page's ``shared_names`` (tournaments.pages.people)."""

    def render(self, value, record):
        return format_html_join(", ", "{}", ((player_link(player, record["shared_names"]),)
                                             for player in record["members"]))


class Standings(tables.Table):
    """A standings table: sortable by any column that allows it."""

    class Meta:
        orderable = True
        attrs = {"class": "standings"}


class TeamStandings(Standings):
    """The columns every team standings table opens with; a table's own follow them."""

    place = tables.Column(_("Place"), attrs=NUMBER)
    team = LinkColumn(_("Team"), order_by=("team_order",))  # Hungarian alphabetical order
    players = PlayersColumn(_("Players"), orderable=False, attrs=WIDE_ONLY)
    played = tables.Column(_("Matches"), attrs=NUMBER)


class ChampionshipTable(TeamStandings):
    """R15: the season table. Rendered once a version of the public data and kept
    (live_pages.live_html), for the page and for every connection of its live updates."""

    total = tables.Column(_("Total"), attrs=NUMBER)
    average = tables.Column(_("Average"), attrs=NUMBER)
    best = tables.Column(_("Best match"), attrs=NUMBER)

    class Meta(Standings.Meta):
        empty_text = _("No team has played a championship match yet.")


class GrandPrixTable(TeamStandings):
    total = tables.Column(_("Sum of hand scores"), attrs=NUMBER)
    best = tables.Column(_("Best match"), attrs=NUMBER)
    trophies = tables.Column(_("Trophies won"), orderable=False)
    tie_break = tables.Column(_("Tie-break"), orderable=False)

    class Meta(Standings.Meta):
        empty_text = _("No team has entered yet.")


class PlayerColumn(tables.Column):
    """A player's name linking to the player's page, with the membership number when the row
    carries one (another player on the page shares the name)."""

    def render(self, value, record):
        if record["member_number"]:
            return format_html('<a href="{}">{}</a> <span class="member-number">{}</span>',
                               record["player_url"], value, record["member_number"])
        return format_html('<a href="{}">{}</a>', record["player_url"], value)


class FreeGameTable(Standings):
    place = tables.Column(_("Place"), attrs=NUMBER)
    player = PlayerColumn(_("Player"), order_by=("player_order",))  # Hungarian alphabetical order
    games = tables.Column(_("Games"), attrs=NUMBER)
    points = tables.Column(_("Points"), attrs=NUMBER)

    class Meta(Standings.Meta):
        empty_text = _("No free game recorded this year.")
