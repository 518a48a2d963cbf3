"""What search engines, browsers and phones look for at a site's root: the sitemap of every
public page (django.contrib.sitemaps), robots.txt pointing at it and keeping crawlers off the
jury's, organisers' and account pages, and the web manifest naming the site and its icons."""

import json

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps.views import sitemap
from django.db.models import Exists, F, OuterRef
from django.http import HttpResponse
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.models import Competition, Match, Player, Season, Team, TrophyWin

from .feeds import competition_page

# Pages no crawler should read: they ask for a login, or change something.
PRIVATE_PREFIXES = ("/jury/", "/organise/", "/admin/", "/accounts/")


class PublicSitemap(Sitemap):
    """A kind of public page; ``items`` gives its (address, last change) pairs."""

    def location(self, item):
        return item[0]

    def lastmod(self, item):
        return item[1]


def public_seasons():
    return Season.objects.public().order_by("-year")


class Fixed(PublicSitemap):
    """The pages of the whole site: the front page, today's matches, seasons, the register."""

    changefreq = "daily"

    def items(self):
        names = ["home", "public:today", "public:seasons", "register:index", "register:competitions",
                 "register:awards"]
        return [(reverse(name), None) for name in names]


class Seasons(PublicSitemap):
    changefreq = "daily"

    def items(self):
        return [(reverse(name, args=[season.year]), None) for season in public_seasons()
                for name in ("public:season", "public:fixtures", "public:big_screen")]


class Competitions(PublicSitemap):
    """Each competition's table, bracket or results, and its trophies in the register."""

    changefreq = "daily"

    def items(self):
        competitions = (Competition.objects.filter(season__in=public_seasons()).select_related("season")
                        .annotate(trophies=Exists(TrophyWin.objects.filter(competition=OuterRef("pk"),
                                                                           withdrawn_on__isnull=True)))
                        .order_by("-season__year", "kind", "slug"))
        pages = []
        for competition in competitions:
            pages.append((competition_page(competition), None))
            if competition.trophies:
                pages.append((reverse("register:competition", args=[competition.pk]), None))
        return pages


class Teams(PublicSitemap):
    changefreq = "weekly"

    def items(self):
        teams = Team.objects.filter(season__in=public_seasons()).annotate(year=F("season__year"))
        return [(reverse("public:team", args=[team.year, team.pk]), None)
                for team in teams.only("pk").order_by("-year", "pk")]


class Matches(PublicSitemap):
    changefreq = "weekly"

    def items(self):
        matches = (Match.objects.filter(competition__season__in=public_seasons())
                   .values_list("pk", "competition__season__year", "confirmed_at").order_by("-played_on", "pk"))
        return [(reverse("public:match", args=[year, pk]), confirmed_at) for pk, year, confirmed_at in matches]


class Players(PublicSitemap):
    """Each player's career and their trophies in the register."""

    changefreq = "weekly"

    def items(self):
        return [(reverse(name, args=[pk]), None) for pk in Player.objects.order_by("pk").values_list("pk", flat=True)
                for name in ("public:player", "register:player")]


SITEMAPS = {"site": Fixed, "seasons": Seasons, "competitions": Competitions, "teams": Teams,
            "matches": Matches, "players": Players}


@require_safe
def robots_txt(request):
    lines = ["User-agent: *", *(f"Disallow: {prefix}" for prefix in PRIVATE_PREFIXES), "",
             f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_safe
def web_manifest(request):
    """The site as a phone's home screen shows it (in the reader's language)."""
    manifest = {
        "name": _("Royal Tarokk tournaments"),
        "short_name": _("Royal Tarokk"),
        "description": _("Results, standings and fixtures of the Royal Tarokk association's competitions"),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("home"),
        "scope": "/",
        "display": "browser",
        "background_color": "#ffffff",
        "theme_color": "#7a1f1f",
        "icons": [
            {"src": static("tournaments/favicon.svg"), "type": "image/svg+xml", "sizes": "any"},
            {"src": static("tournaments/apple-touch-icon.png"), "type": "image/png", "sizes": "180x180"},
        ],
    }
    response = HttpResponse(json.dumps(manifest, ensure_ascii=False), content_type="application/manifest+json")
    response["Vary"] = "Accept-Language, Cookie"
    return response


urlpatterns = [
    path("sitemap.xml", require_safe(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("manifest.webmanifest", web_manifest, name="web_manifest"),
]
