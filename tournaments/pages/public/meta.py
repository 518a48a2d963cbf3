"""What a public page tells search engines, feed readers and link previews about itself: its
description, its Open Graph and Twitter card title, the Atom feed of the results it follows and
its calendar (templates/_head_meta.html lays them out). A result reads as a sentence ("Szegedi
Madarak – Pesti Pagátok 88 : 84"); an unconfirmed match shows no score."""

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.pages.headlines import match_headline


@dataclass(frozen=True)
class Link:
    title: str
    url: str


@dataclass(frozen=True)
class PageMeta:
    title: str  # the Open Graph and Twitter card title
    description: str
    feeds: list[Link] = field(default_factory=list)
    calendar: Link | None = None
    kind: str = "website"  # og:type


def site_feed() -> Link:
    return Link(_("Latest results"), reverse("feeds:site"))


def competition_feed(competition, year) -> Link:
    return Link(_("%(competition)s: results") % {"competition": competition.name},
                reverse("feeds:competition", args=[year, competition.slug]))


def competition_calendar(competition, year) -> Link:
    return Link(_("%(competition)s: matches") % {"competition": competition.name},
                reverse("calendars:competition", args=[year, competition.slug]))


def for_home(season) -> PageMeta:
    return PageMeta(_("Royal Tarokk tournaments"), _(
        "Results, standings and fixtures of the Royal Tarokk association's competitions: the Team "
        "Championship, the Hungarian Cup, Grand Prix events and the national trophy register."), [site_feed()])


def for_season(season) -> PageMeta:
    return PageMeta(_("Season %(year)s") % {"year": season.year}, _(
        "The %(year)s season of the Royal Tarokk association: its competitions, standings and teams.")
        % {"year": season.year}, [site_feed()])


def leaders(rows, count=3) -> str:
    """"1. Szegedi Madarak (551), 2. ..." from the first rows, in place order, of a table's teams
    that have played (rows as dicts or as the read layer's rows)."""
    rows = [row if isinstance(row, dict) else vars(row) for row in rows]
    return ", ".join(f"{row['place']}. {row['team']} ({row['total']})" for row in rows[:count] if row["played"])


def for_championship(season, championship, rows) -> PageMeta:
    title = _("%(competition)s: table") % {"competition": championship.name}
    top = leaders(rows)
    description = (_("The table of %(competition)s: %(leaders)s.") % {"competition": championship.name, "leaders": top}
                   if top else _("The table of %(competition)s.") % {"competition": championship.name})
    return PageMeta(title, description, [competition_feed(championship, season.year)],
                    competition_calendar(championship, season.year))


def for_cup(season, competition, standing) -> PageMeta:
    if standing.winner:
        description = _("%(competition)s: won by %(team)s.") % {"competition": competition.name,
                                                                  "team": standing.winner}
    else:
        description = _("The bracket of %(competition)s: every tie, its matches and the teams through.") % {
            "competition": competition.name}
    return PageMeta(_("%(competition)s: bracket") % {"competition": competition.name}, description,
                    [competition_feed(competition, season.year)], competition_calendar(competition, season.year))


def for_grand_prix(season, event, rows) -> PageMeta:
    top = leaders(rows)
    description = (_("The results of %(competition)s: %(leaders)s.") % {"competition": event.name, "leaders": top}
                   if top else _("The results and pairings of %(competition)s.") % {"competition": event.name})
    return PageMeta(_("%(competition)s: results") % {"competition": event.name}, description,
                    [competition_feed(event, season.year)], competition_calendar(event, season.year))


def for_free_games(season, competition) -> PageMeta:
    return PageMeta(competition.name, _("The free-game table of %(competition)s.") % {
        "competition": competition.name}, [competition_feed(competition, season.year)])


def for_team(season, team, players, standing) -> PageMeta:
    description = _("%(team)s (%(players)s) in the %(year)s season: matches, results and head to head.") % {
        "team": team.name, "players": players, "year": season.year}
    if standing is not None and standing.played:
        description += " " + _("Team Championship: place %(place)s, %(total)s points.") % {
            "place": standing.place, "total": standing.total}
    return PageMeta(
        _("%(team)s, %(year)s") % {"team": team.name, "year": season.year}, description,
        [Link(_("%(team)s: results %(year)s") % {"team": team.name, "year": season.year},
              reverse("feeds:team", args=[season.year, team.pk]))],
        Link(_("%(team)s: matches %(year)s") % {"team": team.name, "year": season.year},
             reverse("calendars:team", args=[season.year, team.pk])))


def for_match(match) -> PageMeta:
    facts = [match.competition.name, date_format(match.played_on)]
    if match.place:
        facts.append(match.place)
    if match.state != "confirmed":
        facts.append(_("not confirmed yet"))
    return PageMeta(match_headline(match), ", ".join(facts) + ".",
                    [competition_feed(match.competition, match.competition.season.year)],
                    kind="article")


def for_player(player, record) -> PageMeta:
    description = _("%(player)s's Royal Tarokk career: seasons and teams, matches by seat, trophies and "
                    "feasts (seasons: %(seasons)s, matches: %(matches)s).") % {
        "player": player.name, "seasons": len(record.seasons), "matches": len(record.matches)}
    return PageMeta(player.name, description, kind="profile")
