"""Pages for match days: the day's matches with their state, and a big-screen view of the Cup
bracket and the day's matches for a projector at the venue. They refresh themselves (htmx
polling, the #live block of each live template); an unchanged page costs a 304 (tournaments.site.public_cache).

A match's score is shown only once it is confirmed (two jurors); before that only its state."""

from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from tournaments.core.competitions import cup as cup_rules
from tournaments.core.models import Competition, Match
from tournaments.reads.standings import get_season

STATES = {
    Match.State.SCHEDULED: ("scheduled", _("Scheduled")),
    Match.State.IN_ENTRY: ("playing", _("Being played")),
    Match.State.RETURNED: ("playing", _("Being played")),
    Match.State.ENTERED: ("awaiting", _("Awaiting confirmation")),
    Match.State.CONFIRMED: ("confirmed", _("Confirmed")),
}


def days_matches(day):
    """The matches of the day, each with its public state; a score only when confirmed. One query."""
    matches = (Match.objects.filter(played_on=day)
               .select_related("competition__season", "team_a", "team_b")
               .order_by("competition__kind", "place", "id"))
    lines = []
    for match in matches:
        css, label = STATES.get(match.state, ("scheduled", _("Scheduled")))
        confirmed = match.state == Match.State.CONFIRMED
        lines.append({"match": match, "state": css, "state_label": label, "confirmed": confirmed,
                      "score_a": match.score_a if confirmed else None,
                      "score_b": match.score_b if confirmed else None})
    return lines


@require_safe
def today(request):
    """Today's matches, all competitions. Queries: the matches with their teams."""
    day = timezone.localdate()
    return render(request, "public/today.html", {"day": day, "lines": days_matches(day)})


@require_safe
def big_screen(request, year):
    """The Cup bracket and today's matches, large, for a projector. Queries: season, the Cup, today's
    matches, the Cup's ties and their matches."""
    season = get_season(year)
    # With its season: the bracket's round dates read it.
    competition = Competition.objects.filter(season=season, kind=Competition.Kind.CUP).select_related("season").first()
    day = timezone.localdate()
    return render(request, "public/big_screen.html", {
        "season": season, "competition": competition, "day": day, "lines": days_matches(day),
        "bracket": big_screen_bracket(season, competition) if competition else ""})


def big_screen_bracket(season, competition) -> str:
    """The Cup's bracket as the big screen shows it."""
    rounds = cup_rules.bracket(competition) if competition.drawn_at else []
    return render_to_string("public/_bracket.html", {"season": season, "rounds": rounds})
