"""The organisers open a season being prepared, close a running one and reopen a closed one with a
written reason (the door: tournaments.recording.seasons); a refusal says every reason on the
season's page, where each match scheduled and not played is linked to its cancellation (R21)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.core.models import Match, Season
from tournaments.core.refusals import Refused
from tournaments.core.roles import answer_refusal, organisers_only
from tournaments.recording import matches, seasons

ACTIONS = {"open": (seasons.open_season, gettext_lazy("The season is open: the public sees it now.")),
           "close": (seasons.close_season, gettext_lazy("The season is closed: its results are final.")),
           "reopen": (seasons.reopen_season, gettext_lazy("The season is reopened; its public pages say why."))}


@organisers_only
@require_POST
def season_state(request, year):
    season = get_object_or_404(Season, year=year)
    action = ACTIONS.get(request.POST.get("action"))
    if action is None:
        messages.error(request, _("Choose to open, to close or to reopen the season."))
        return redirect("competitions:season_admin", year=year)
    change, done = action
    reason = (request.POST.get("reason", ""),) if change is seasons.reopen_season else ()
    try:
        change(season, request.user, *reason)
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, done)
    return redirect("competitions:season_admin", year=year)


@organisers_only
def match_cancel(request, pk):
    """R21: a match scheduled and not played, cancelled with a written reason (kept in its history)."""
    match = get_object_or_404(Match.objects.select_related("competition__season", "team_a", "team_b"), pk=pk)
    season = match.competition.season
    problem = ""
    if request.method == "POST":
        try:
            matches.cancel_scheduled_match(match, user=request.user, reason=request.POST.get("reason", ""))
        except Refused as refused:
            answer_refusal(request, refused)
            problem = refused.text
        else:
            messages.success(request, _("The match is cancelled; its history keeps the reason."))
            return redirect("competitions:season_admin", year=season.year)
    return render(request, "competitions/match_cancel.html", {
        "match": match, "season": season, "problem": problem, "reason": request.POST.get("reason", "")},
        status=422 if problem else 200)
