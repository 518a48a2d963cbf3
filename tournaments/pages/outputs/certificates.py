"""Certificates (A4 PDFs, WeasyPrint) in the association's style, Hungarian unless another of the
site's languages is asked for (``?language=en``): a trophy cup awarded (R20) with the trophy that
reached it; a Championship place 1-3 (R15); the Cup's winner, runner-up and both bronze medals
(R16); a Grand Prix podium place (R17). Each names its recipient from the same functions the
standings pages read, so a certificate exists only for what a page shows; anything else is 404."""

from dataclasses import dataclass, field

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.competitions import cup as cup_rules
from tournaments.core.competitions import grand_prix as grand_prix_rules
from tournaments.core.feast_names import feast_name
from tournaments.core.models import Competition, CupAward, Player
from tournaments.pages.outputs import pdf
from tournaments.reads import standings
from tournaments.reads.names import name_text
from tournaments.reads.standings import get_competition, get_season

DEFAULT_LANGUAGE = "hu"
TEMPLATE = "certificates/certificate.html"
PODIUM = 3


@dataclass
class Certificate:
    """What a certificate says: the honour, to whom, for what, and the lines beneath."""

    honour: str
    recipient: str
    event: str
    details: list = field(default_factory=list)
    members: str = ""
    file_name: str = "certificate"


def language_of(request):
    asked = request.GET.get("language", DEFAULT_LANGUAGE)
    return asked if asked in dict(settings.LANGUAGES) else DEFAULT_LANGUAGE


def certificate_date(day) -> str:
    """A day as a certificate writes it, in its language: "2026. március 12." in Hungarian (the
    language's own date format), "12 March 2026" in English, never ISO."""
    if translation.get_language() == "hu":
        return date_format(day)
    return date_format(day, "j F Y")


# The Hungarian "on the day" ending of a day of the month, written after its digits, as the ordinal is
# said: 1-jén (elsején), 2-án (másodikán) but 12-én (tizenkettedikén), 23-án (huszonharmadikán); the tens by
# their own word (tizedikén, huszadikán, harmincadikán).
OWN_ENDINGS = {1: "jén", 2: "án", 10: "én", 20: "án", 30: "án"}
LAST_DIGIT_ENDINGS = {1: "én", 2: "én", 3: "án", 4: "én", 5: "én", 6: "án", 7: "én", 8: "án", 9: "én"}


def certificate_day_on(day) -> str:
    """The day something happened on, as a certificate's sentence writes it: "2026. március 12-én"
    in Hungarian (the date with the case ending), "12 March 2026" in English."""
    if translation.get_language() != "hu":
        return certificate_date(day)
    ending = OWN_ENDINGS.get(day.day) or LAST_DIGIT_ENDINGS[day.day % 10]
    return f"{date_format(day, 'Y. F j')}-{ending}"


def issued_today() -> str:
    """Today as a certificate is dated."""
    return certificate_date(timezone.localdate())


def render(request, certificate):
    """The certificate as a PDF response, laid out and served as every other PDF of the site."""
    return pdf.response(request, TEMPLATE, {"certificate": certificate, "issued": issued_today()},
                        f"{certificate.honour}: {certificate.recipient}",
                        download_name=f"{certificate.file_name}.pdf")


def certificate_view(build):
    """``build(request, **kwargs)`` gives the Certificate (in the certificate's language)."""

    @require_safe
    def view(request, *args, **kwargs):
        with translation.override(language_of(request)):
            return render(request, build(request, *args, **kwargs))

    view.__name__ = build.__name__
    view.__doc__ = build.__doc__
    return view


def members_of(team):
    return standings.players_text(team)


def cup_members_of(team):
    """R16: a Cup team is its Driver and Catcher; no substitute plays in the Cup, none is named."""
    return standings.cup_players_text(team)


def recipient_name(player):
    """The player's name, with the membership number when another player bears the same name."""
    shared = Player.objects.filter(name=player.name).exclude(pk=player.pk).exists()
    return name_text(player, frozenset([player.name]) if shared else frozenset())


def cup_result_line(standing, team):
    """What the Cup's final (or a semi-final) made of the team, naming who won the Cup."""
    if team == standing.winner:
        return _("Won the Cup, beating %(team)s in the final") % {"team": standing.runner_up}
    if team == standing.runner_up:
        return _("Lost the final; the Cup was won by %(team)s") % {"team": standing.winner}
    if standing.winner is not None:
        return _("Semi-finalist; the Cup was won by %(team)s") % {"team": standing.winner}
    return _("Semi-finalist")


def place_honour(place):
    return _("Place %(place)s") % {"place": place}


@certificate_view
def cup_award(request, pk):
    """R20: a trophy cup standing in the register."""
    award = get_object_or_404(CupAward.objects.select_related("player", "reached_by__competition"), pk=pk,
                              withdrawn_on__isnull=True)
    trophy = award.reached_by
    details = [_("%(points)s trophy points reached on %(date)s") % {
        "points": award.threshold, "date": certificate_day_on(award.awarded_on)},
        _("The trophy that reached it: %(trophy)s, won on %(date)s") % {
            "trophy": feast_name(trophy.trophy), "date": certificate_day_on(trophy.won_on)}]
    if trophy.competition is not None:
        details.append(trophy.competition.name)
    return Certificate(_("Trophy cup"), recipient_name(award.player), _("National trophy register"), details,
                       file_name=f"trophy-cup-{award.pk}")


@certificate_view
def championship(request, year, team_id):
    """R15: a team placed first, second or third in the table, once the season is closed (until
    then a place is not final)."""
    season = get_season(year)
    if not season.is_closed:
        raise Http404
    table = standings.championship(season)
    row = next((row for row in table.rows if row.team_id == team_id and row.place <= PODIUM and row.played), None)
    if row is None:
        raise Http404
    details = [_("%(total)s points from %(played)s matches") % {"total": row.total, "played": row.played}]
    return Certificate(place_honour(row.place), row.team, table.title, details, row.players,
                       file_name=f"championship-{year}-{team_id}")


@certificate_view
def cup(request, year, team_id):
    """R16: the Cup's winner, runner-up and the two losing semi-finalists' bronze medals."""
    season = get_season(year)
    competition = get_competition(season, Competition.Kind.CUP)
    standing = cup_rules.progress(competition).standing
    honours = [(standing.winner, _("Cup winner")), (standing.runner_up, _("Runner-up"))] + [
        (team, _("Bronze medal")) for team in standing.bronze]
    found = next(((team, honour) for team, honour in honours if team is not None and team.pk == team_id), None)
    if found is None:
        raise Http404
    team, honour = found
    details = [cup_result_line(standing, team)]
    team = type(team).objects.with_players().get(pk=team.pk)
    return Certificate(honour, team.name, competition.name, details, cup_members_of(team),
                       file_name=f"cup-{year}-{team_id}")


@certificate_view
def grand_prix(request, year, slug, team_id):
    """R17: a Grand Prix podium place."""
    season = get_season(year)
    event = get_competition(season, Competition.Kind.GRAND_PRIX, slug=slug)
    found = next(((row, team) for row, team in grand_prix_rules.results(event)
                  if team.pk == team_id and row.place <= PODIUM and row.matches_played), None)
    if found is None:
        raise Http404
    row, team = found
    where = ", ".join(part for part in (certificate_date(event.starts) if event.starts else "", event.place) if part)
    details = [where] if where else []
    details.append(_("%(total)s points, best match %(best)s") % {"total": row.total, "best": row.best_match})
    return Certificate(place_honour(row.place), team.name, event.name, details, members_of(team),
                       file_name=f"grand-prix-{slug}-{team_id}")


app_name = "certificates"

urlpatterns = [
    path("cups/<int:pk>.pdf", cup_award, name="cup_award"),
    path("<int:year>/championship/<int:team_id>.pdf", championship, name="championship"),
    path("<int:year>/cup/<int:team_id>.pdf", cup, name="cup"),
    path("<int:year>/grand-prix/<slug:slug>/<int:team_id>.pdf", grand_prix, name="grand_prix"),
]
