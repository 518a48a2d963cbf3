"""The organisers' teams and players, one at a time (the roster workbook does many at once): a
team of a season added or changed (R14), a player added or changed, and linked to the login that
seats them at an online table. The same rules as the admin's, with their history."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.collation import hungarian
from tournaments.core.models import Player, Season, Team
from tournaments.core.roles import organisers_only

from .people_forms import PlayerForm, TeamForm
from .seasons import saved_in_one_go


@organisers_only
@require_safe
def team_list(request, year):
    """The season's teams with their players. Queries: the season, the teams with their players."""
    season = get_object_or_404(Season, year=year)
    teams = Team.objects.filter(season=season).select_related("driver", "catcher", "substitute")
    return render(request, "competitions/team_list.html", {
        "season": season, "teams": teams.order_by(hungarian("name"))})


@organisers_only
def team_new(request, year):
    return team_page(request, Team(season=get_object_or_404(Season, year=year)))


@organisers_only
def team_edit(request, year, team_id):
    return team_page(request, get_object_or_404(Team.objects.select_related("season"), season__year=year,
                                                pk=team_id))


def team_page(request, team):
    season, new, shown_name = team.season, team.pk is None, team.name
    form = TeamForm(request.POST if request.method == "POST" else None, instance=team, season=season)
    reason = _("Team added") if new else _("Team changed")
    if form.is_bound and saved_in_one_go(request, form, reason):
        messages.success(request, _("Saved: %(team)s.") % {"team": form.instance.name})
        return redirect("competitions:teams", year=season.year)
    form.place_focus()
    return render(request, "competitions/team_form.html", {
        "form": form, "season": season, "new": new, "shown_name": shown_name},
        status=422 if form.is_bound else 200)


@organisers_only
@require_safe
def player_list(request):
    """Every player with their membership number and login. Queries: the players with their logins."""
    players = Player.objects.select_related("account").order_by(hungarian("name"))
    return render(request, "competitions/player_list.html", {"players": players})


@organisers_only
def player_new(request):
    return player_page(request, Player())


@organisers_only
def player_edit(request, pk):
    return player_page(request, get_object_or_404(Player, pk=pk))


def player_page(request, player):
    new, shown_name = player.pk is None, player.name
    form = PlayerForm(request.POST if request.method == "POST" else None, instance=player)
    reason = _("Player added") if new else _("Player changed")
    if form.is_bound and saved_in_one_go(request, form, reason):
        messages.success(request, _("Saved: %(player)s.") % {"player": form.instance.name})
        return redirect("competitions:players")
    return render(request, "competitions/player_form.html", {
        "form": form, "new": new, "shown_name": shown_name}, status=422 if form.is_bound else 200)
