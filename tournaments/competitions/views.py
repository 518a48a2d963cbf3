"""The jury's competition pages: count a Grand Prix match elsewhere (R17), enter a free game (R18).
Permission: tournaments.enter_scores."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Competition, CupTie, Match, Season

from . import free_games
from .cup import current_round_tie
from .forms import FreeGameForm, GrandPrixMatchForm
from .grand_prix import mark_match

ENTER = "tournaments.enter_scores"


def jury_only(view):
    return login_required(permission_required(ENTER, raise_exception=True)(view))


@jury_only
def grand_prix_match(request, pk):
    match = get_object_or_404(Match.objects.with_teams(), pk=pk, competition__kind=Competition.Kind.GRAND_PRIX)
    tie = current_round_tie(match.competition.season, match.team_a, match.team_b)
    choices = CupTie.objects.filter(pk=tie.pk) if tie else CupTie.objects.none()
    initial = {"counts_for_championship": match.counts_for_championship, "cup_tie": match.cup_tie_id}
    form = GrandPrixMatchForm(request.POST or None, initial=initial, tie_choices=choices)
    if request.method == "POST" and form.is_valid():
        try:
            mark_match(match, counts_for_championship=form.cleaned_data["counts_for_championship"],
                       cup_tie=form.cleaned_data["cup_tie"])
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, _("Saved: where this Grand Prix match counts."))
            return redirect(request.path)
    return render(request, "competitions/grand_prix_match.html", {"match": match, "form": form, "tie": tie})


@jury_only
def free_game_new(request, year):
    season = get_object_or_404(Season, year=year)
    competition = get_object_or_404(Competition, season=season, kind=Competition.Kind.FREE_GAMES)
    form = FreeGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            free_games.record_free_game(competition, played_on=data["played_on"], kind=data["kind"],
                                        variant=data["variant"], points=data["points"], record=data["record"],
                                        note=data["note"])
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, _("Free game saved."))
            return redirect(reverse("public:free_games", args=[year]))
    return render(request, "competitions/free_game_form.html", {"season": season, "form": form})
