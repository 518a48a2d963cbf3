"""Atom feeds of confirmed results (Django's syndication framework): the whole site, a
competition, a team. An entry a confirmed match, its title the result as a sentence ("Szegedi
Madarak – Pesti Pagátok 88 : 84"), linking the match's page; nothing unconfirmed appears. Entry
ids are tag URIs from SITE_DOMAIN, so a reader never sees an entry twice when the site is reached
by another name."""

from django.conf import settings
from django.contrib.syndication.views import Feed
from django.db.models import F
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.models import Competition, Match, Season, Team
from tournaments.pages.headlines import match_headline
from tournaments.reads.standings import get_season

SITE_ENTRIES = 50  # the latest results of the whole site
ENTRIES = 200  # a competition's or a team's season (a Championship team plays at most 52)


def confirmed_results(matches):
    """Confirmed matches of public seasons, the latest confirmed first, with what an entry shows."""
    return (matches.confirmed().exclude(competition__season__state=Season.State.PREPARED)
            .select_related("competition__season", "team_a", "team_b")
            .order_by(F("confirmed_at").desc(nulls_last=True), "-played_on", "-id"))


class ResultsFeed(Feed):
    feed_type = Atom1Feed

    def author_name(self):
        """The feed's author, which Atom requires (RFC 4287, 4.1.1): the association that confirms
        the results."""
        return _("Royal Tarokk Association")

    def feed_guid(self, obj=None):
        """The feed's own id, a tag URI from SITE_DOMAIN and the feed's address path, so that a reader
        reaching the site by another host name sees the same feed (RFC 4287, 4.2.6)."""
        return f"tag:{settings.SITE_DOMAIN},2024:{self.link(obj) if obj is not None else self.link()}"

    def item_title(self, match):
        return match_headline(match)

    def item_description(self, match):
        parts = [match.competition.name, date_format(match.played_on)]
        if match.place:
            parts.append(match.place)
        return ", ".join(parts)

    def item_link(self, match):
        return reverse("public:match", args=[match.competition.season.year, match.pk])

    def item_guid(self, match):
        return f"tag:{settings.SITE_DOMAIN},{match.competition.season.year}:match-{match.pk}"

    item_guid_is_permalink = False

    def item_pubdate(self, match):
        return match.confirmed_at

    def item_updateddate(self, match):
        return match.confirmed_at

    def item_categories(self, match):
        return [match.competition.name]


class SiteResults(ResultsFeed):
    def title(self):
        return _("Royal Tarokk tournaments: latest results")

    def subtitle(self):
        return _("Confirmed match results of the association's competitions")

    def link(self):
        return reverse("home")

    def items(self):
        return confirmed_results(Match.objects.all())[:SITE_ENTRIES]


class CompetitionResults(ResultsFeed):
    def get_object(self, request, year, slug):
        return get_object_or_404(Competition.objects.select_related("season"), season=get_season(year), slug=slug)

    def title(self, competition):
        return _("%(competition)s: results") % {"competition": competition.name}

    def subtitle(self, competition):
        return _("Confirmed match results of %(competition)s") % {"competition": competition.name}

    def link(self, competition):
        return competition_page(competition)

    def items(self, competition):
        return confirmed_results(competition.matches.all())[:ENTRIES]


class TeamResults(ResultsFeed):
    def get_object(self, request, year, team_id):
        return get_object_or_404(Team.objects.select_related("season"), pk=team_id, season=get_season(year))

    def title(self, team):
        return _("%(team)s: results %(year)s") % {"team": team.name, "year": team.season.year}

    def subtitle(self, team):
        return _("Confirmed match results of %(team)s") % {"team": team.name}

    def link(self, team):
        return reverse("public:team", args=[team.season.year, team.pk])

    def items(self, team):
        return confirmed_results(Match.objects.of_team(team))[:ENTRIES]


def competition_page(competition) -> str:
    year = competition.season.year
    if competition.kind == Competition.Kind.GRAND_PRIX:
        return reverse("public:grand_prix", args=[year, competition.slug])
    return reverse({Competition.Kind.CHAMPIONSHIP: "public:championship", Competition.Kind.CUP: "public:cup",
                    Competition.Kind.FREE_GAMES: "public:free_games"}[competition.kind], args=[year])


app_name = "feeds"

urlpatterns = [
    path("results.atom", require_safe(SiteResults()), name="site"),
    path("<int:year>/teams/<int:team_id>.atom", require_safe(TeamResults()), name="team"),
    path("<int:year>/<slug:slug>.atom", require_safe(CompetitionResults()), name="competition"),
]
