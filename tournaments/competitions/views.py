"""The jury's and organisers' competition pages: count a Grand Prix match elsewhere (R17), enter a
free game (R18) (permission tournaments.enter_scores); Cup entries and the draw (R16, permission
tournaments.organise)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Competition, CupTie, Match, Season

from . import cup, free_games
from .cup import current_round_tie
from .forms import CupDrawForm, CupEntryForm, FreeGameForm, GrandPrixMatchForm
from .grand_prix import mark_match

ENTER = "tournaments.enter_scores"
ORGANISE = "tournaments.organise"


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


def organisers_only(view):
    return login_required(permission_required(ORGANISE, raise_exception=True)(view))


@organisers_only
def cup_admin(request, year):
    """R16: the organisers enter teams while registration is open, then make the draw."""
    competition = get_object_or_404(Competition.objects.select_related("season"), season__year=year,
                                    kind=Competition.Kind.CUP)
    entry_form = CupEntryForm(prefix="entry", competition=competition)
    draw_form = CupDrawForm(prefix="draw", competition=competition)
    if request.method == "POST":
        if "entry-team" in request.POST:
            entry_form = CupEntryForm(request.POST, prefix="entry", competition=competition)
            done = entry_form.is_valid() and attempt(entry_form, cup.enter_team, competition,
                                                     entry_form.cleaned_data["team"])
        else:
            draw_form = CupDrawForm(request.POST, prefix="draw", competition=competition)
            done = draw_form.is_valid() and attempt(draw_form, cup.make_draw, competition,
                                                    seed=draw_form.cleaned_data["seed"] or None,
                                                    pairs=draw_form.cleaned_data["pairs"])
        if done:
            messages.success(request, _("Saved."))
            return redirect(request.path)
    return render(request, "competitions/cup_admin.html", {
        "competition": competition, "entries": competition.cup_entries.select_related("team"),
        "entry_form": entry_form, "draw_form": draw_form,
    })


def attempt(form, action, *args, **kwargs) -> bool:
    """Run a rule-checked action; a refusal (naming its ruling) is shown on the form."""
    try:
        action(*args, **kwargs)
    except ValidationError as refused:
        form.add_error(None, refused)
        return False
    return True
