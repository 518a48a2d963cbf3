"""The organisers open a season being prepared and close a running one (the door:
tournaments.recording.seasons); a refusal says every reason on the season's page."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.core.models import Season
from tournaments.core.refusals import Refused
from tournaments.core.roles import answer_refusal, organisers_only
from tournaments.recording import seasons

ACTIONS = {"open": (seasons.open_season, gettext_lazy("The season is open: the public sees it now.")),
           "close": (seasons.close_season, gettext_lazy("The season is closed: its results are final."))}


@organisers_only
@require_POST
def season_state(request, year):
    season = get_object_or_404(Season, year=year)
    action = ACTIONS.get(request.POST.get("action"))
    if action is None:
        messages.error(request, _("Choose to open or to close the season."))
        return redirect("competitions:season_admin", year=year)
    change, done = action
    try:
        change(season, request.user)
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, done)
    return redirect("competitions:season_admin", year=year)
