"""The printed and spreadsheet standings: public, read-only, no login. Each view fetches what the
matching page fetches and lays out the same rows (tournaments.reads.standings), so a copy never disagrees
with the page it was taken from."""

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.models import Competition
from tournaments.reads import standings
from tournaments.reads.standings import get_competition, get_season

from . import pdf, sheets


@require_safe
def championship_pdf(request, year):
    """R15. Queries: season, teams with players, counted match scores, the Championship."""
    season = get_season(year)
    table = standings.championship(season)
    return pdf.response(request, "print/championship.html", {"season": season, "table": table}, table.title)


@require_safe
def championship_xlsx(request, year):
    """R15. Queries: season, teams with players, counted match scores, the Championship."""
    table = standings.championship(get_season(year))
    return sheets.response(table.title, sheets.CHAMPIONSHIP, table.rows, year=year)


@require_safe
def cup_pdf(request, year):
    """R16. Queries: season, the Cup, its ties with teams, their matches (before the draw: the entries)."""
    season = get_season(year)
    competition = get_competition(season, Competition.Kind.CUP)
    cup = standings.cup(competition)
    return pdf.response(request, "print/cup.html", {
        "season": season, "competition": competition, "cup": cup, "grid": standings.bracket_grid(cup.rounds),
    }, competition.name)


@require_safe
def cup_xlsx(request, year):
    """R16: the bracket a tie a line, from the rows the bracket page and its PDF lay out (before the
    draw: the entries). Queries: season, the Cup, its ties with teams, their matches (before the
    draw: the entries)."""
    competition = get_competition(get_season(year), Competition.Kind.CUP)
    cup = standings.cup(competition)
    if competition.drawn_at is None:
        return sheets.response(competition.name, sheets.CUP_ENTRIES, standings.cup_entry_rows(cup), year=year)
    return sheets.response(competition.name, sheets.CUP, standings.cup_tie_rows(cup), year=year)


@require_safe
def grand_prix_pdf(request, year, slug):
    """R17. Queries: season, event, entrants, confirmed match sums, trophies won, the pairings."""
    season = get_season(year)
    event = get_competition(season, Competition.Kind.GRAND_PRIX, slug=slug)
    return pdf.response(request, "print/grand_prix.html", {
        "season": season, "event": event, "rows": standings.grand_prix(event), "pairings": standings.pairings(event),
    }, event.name)


@require_safe
def grand_prix_xlsx(request, year, slug):
    """R17. Queries: season, event, entrants, confirmed match sums, trophies won."""
    event = get_competition(get_season(year), Competition.Kind.GRAND_PRIX, slug=slug)
    return sheets.response(event.name, sheets.GRAND_PRIX, standings.grand_prix(event), year=year)


@require_safe
def free_games_xlsx(request, year):
    """R18. Queries: season, competition, scores, players."""
    competition = get_competition(get_season(year), Competition.Kind.FREE_GAMES)
    return sheets.response(competition.name, sheets.FREE_GAMES, standings.free_games(competition), year=year)


def register_title():
    """The register changes through the year: its copies are named by the day they were taken."""
    return _("National trophy register %(date)s") % {"date": date_format(timezone.localdate())}


@require_safe
def register_pdf(request):
    """R20. Queries: players with their points, their standing trophies, their standing cups."""
    return pdf.response(request, "print/register.html", {"rows": standings.trophy_register()}, register_title())


@require_safe
def register_xlsx(request):
    """R20. Queries: players with their points, their standing trophies, their standing cups."""
    # The sheet is named without the date (a sheet name holds 31 characters); the file has it.
    return sheets.response(_("National trophy register"), sheets.TROPHY_REGISTER, standings.trophy_register(),
                           file_title=register_title(), header=register_title())
