"""Pages of the national trophy register (R20): public and read-only, except the jury's form for
trophies won in recognised variants."""

from django.contrib import messages
from django.db.models import Count, OuterRef, Subquery
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from tournaments.core.collation import hungarian
from tournaments.core.models import Competition, CupAward, Player, TrophyWin
from tournaments.core.refusals import Refused
from tournaments.core.register import sync
from tournaments.core.roles import jury_only
from tournaments.pages import charts, people
from tournaments.pages.player_names import names_for_the_list
from tournaments.reads import register

from .forms import VariantTrophyForm, WithdrawalForm


@require_safe
def national_register(request):
    rows = register.national_register()
    return render(request, "public/register/index.html", {
        "rows": rows, "shared_names": people.shared_names(row.player for row in rows)})


@require_safe
def player_trophies(request, pk):
    player = get_object_or_404(Player, pk=pk)
    wins = TrophyWin.objects.filter(player=player).select_related(
        "partner", "team", "competition", "match__team_a", "match__team_b", "match__competition__season")
    awards = CupAward.objects.filter(player=player).select_related("reached_by").order_by("awarded_on", "id")
    steps = register.points_over_time(wins)
    return render(request, "public/register/player.html", {
        "player": player, "steps": steps, "awards": awards,
        "points": steps[-1].total if steps else 0, "chart": charts.points_chart(steps),
        "shared_names": people.shared_names([player] + [step.win.partner for step in steps]),
    })


@require_safe
def competition_list(request):
    standing = (TrophyWin.objects.filter(competition=OuterRef("pk"), withdrawn_on__isnull=True)
                .values("competition").annotate(count=Count("pk")).values("count"))
    competitions = (Competition.objects.select_related("season").annotate(trophy_count=Subquery(standing))
                    .filter(trophy_count__gt=0).order_by("-season__year", "kind", hungarian("name")))
    return render(request, "public/register/competitions.html", {"competitions": competitions})


@require_safe
def competition_trophies(request, pk):
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    wins = (TrophyWin.objects.filter(competition=competition)
            .select_related("player", "partner", "team", "match__team_a", "match__team_b"))
    return render(request, "public/register/competition.html", {
        "competition": competition, "wins": wins, "shared_names": people.shared_names(win.player for win in wins)})


@require_safe
def latest_awards(request):
    events = register.latest_award_events()
    return render(request, "public/register/awards.html", {
        "events": events, "shared_names": people.shared_names(event.award.player for event in events)})


@jury_only
def enter_variant_trophy(request):
    form = VariantTrophyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            wins = sync.enter_variant_trophy(user=request.user, **form.cleaned_data)
        except Refused as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, _("The trophy is entered in the register."))
            return redirect("register:player", pk=wins[0].player_id)
    return render(request, "public/register/variant_form.html", {"form": form,
                                                                  "player_names": names_for_the_list(form.players)})


@jury_only
def withdraw_variant_trophy(request, pk):
    """R20: a variant entry is withdrawn with a reason, never deleted. POST only."""
    win = get_object_or_404(TrophyWin.objects.exclude(variant=TrophyWin.Variant.ROYAL)
                            .filter(withdrawn_on__isnull=True), pk=pk)
    form = WithdrawalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            sync.withdraw_variant_trophy(win, form.cleaned_data["reason"])
        except Refused as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, _("The trophy is withdrawn."))
            return redirect("register:player", pk=win.player_id)
    return render(request, "public/register/withdraw_form.html", {"form": form, "win": win})
