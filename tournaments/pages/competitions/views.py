"""The jury's and organisers' competition pages: count a Grand Prix match elsewhere (R17), enter a
free game (R18) (permission tournaments.enter_scores); the Cup's entries, draw and the calendar of
its ties (R16), a Grand Prix event's entrants and pairings (R17) (permission tournaments.organise)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from tournaments.core.collation import hungarian
from tournaments.core.competitions import changes, cup, grand_prix
from tournaments.core.competitions import seasons as season_rules
from tournaments.core.competitions.cup import current_round_tie
from tournaments.core.competitions.free_games import VariantRefused
from tournaments.core.models import Competition, CupTie, Match, Season
from tournaments.core.refusals import Refused
from tournaments.core.roles import answer_refusal, jury_only, organisers_only
from tournaments.pages.player_names import names_for_the_list
from tournaments.recording import matches

from .forms import (
    CupDrawForm,
    CupEntryForm,
    CupWithdrawForm,
    FreeGameForm,
    GrandPrixDrawForm,
    GrandPrixEntryForm,
    GrandPrixMatchForm,
    GrandPrixPairsForm,
    GrandPrixWithdrawForm,
    TieScheduleForm,
    row_count,
)
from .variant_forms import EmperorForm, ThreeHandedForm


@jury_only
def grand_prix_match(request, pk):
    match = get_object_or_404(Match.objects.with_teams(), pk=pk, competition__kind=Competition.Kind.GRAND_PRIX)
    tie = current_round_tie(match.competition.season, match.team_a, match.team_b)
    choices = CupTie.objects.filter(pk=tie.pk) if tie else CupTie.objects.none()
    initial = {"counts_for_championship": match.counts_for_championship, "cup_tie": match.cup_tie_id,
               "version": match.version}
    form = GrandPrixMatchForm(request.POST or None, initial=initial, tie_choices=choices)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            matches.mark_grand_prix_match(match, counts_for_championship=data["counts_for_championship"],
                                          cup_tie=data["cup_tie"], user=request.user, reason=data["reason"],
                                          expected_version=data["version"])
        except Refused as refused:
            answer_refusal(request, refused, form)
        else:
            messages.success(request, _("Saved: where this Grand Prix match counts."))
            return redirect(request.path)
    return render(request, "competitions/grand_prix_match.html", {"match": match, "form": form, "tie": tie})


@jury_only
def free_game_new(request, year):
    """R18: a training or test game, or a variant without a scorer: each player by name, his points."""
    return enter_free_game(request, year, FreeGameForm, "competitions/free_game_form.html")


@jury_only
def free_game_emperor(request, year):
    """R18: an Emperor Tarokk hand; its scorer derives the points."""
    return enter_free_game(request, year, EmperorForm, "competitions/free_game_emperor.html")


@jury_only
def free_game_three_handed(request, year):
    """R18: a hand of the three-handed game; its scorer derives the points."""
    return enter_free_game(request, year, ThreeHandedForm, "competitions/free_game_three_handed.html")


def enter_free_game(request, year, form_class, template):
    """A free-game form: "Add a row" shows the form again with one more row and what was typed
    (nothing is checked or stored); "Save" stores the game, or shows every problem on its field
    with the input as typed and stores nothing."""
    season = get_object_or_404(Season, year=year)
    competition = get_object_or_404(Competition, season=season, kind=Competition.Kind.FREE_GAMES)
    rows = row_count(request.POST, form_class.ROWS, form_class.MOST_ROWS)
    if request.method == "POST" and "add_row" in request.POST:
        form = form_class(initial=request.POST.dict(), rows=rows)
    else:
        form = form_class(request.POST or None, rows=rows)
        if request.method == "POST" and form.is_valid():
            try:
                form.store(competition)
            except VariantRefused as refused:
                form.add_problems(refused.problems)
            except Refused as refused:
                form.add_error("played_on" if getattr(refused, "code", None) == "R18_year" else None, refused)
            else:
                messages.success(request, _("Free game saved."))
                return redirect(reverse("public:free_games", args=[year]))
    form.place_focus(fresh=request.method != "POST")
    return render(request, template, {
        "season": season, "form": form, "player_names": names_for_the_list(form.players)})


@organisers_only
def season_admin(request, year):
    """The organisers' page of a season: the Cup, every Grand Prix event, free games."""
    season = get_object_or_404(Season, year=year)
    return render(request, "competitions/season_admin.html", {
        "season": season, "competitions": list(season.competitions.order_by("kind", "starts", hungarian("name"))),
        "unplayed": list(season_rules.unplayed_matches(season)), "cancelled": cancelled_matches(season),
    })


CANCELLED = gettext_noop("Cancelled by the organisers: %(reason)s")


def cancelled_matches(season) -> list:
    """R21: the season's matches the organisers cancelled, each with its teams, who, when and why
    (the history's removal rows), the reason in the reader's language."""
    lead = CANCELLED.split("%")[0]
    rows = list(Match.history.filter(history_type="-", competition__season=season,
                                     history_change_reason__startswith=lead)
                .select_related("team_a", "team_b", "history_user").order_by("-history_date"))
    for row in rows:
        row.reason_shown = _(CANCELLED) % {"reason": row.history_change_reason.removeprefix(lead)}
    return rows


def get_cup(year):
    return get_object_or_404(Competition.objects.select_related("season"), season__year=year,
                             kind=Competition.Kind.CUP)


@organisers_only
def cup_admin(request, year):
    """R16: the organisers enter teams while registration is open, make the draw, then schedule
    each tie's three matches and, when a tie's sums are equal, a two-hand tie-breaker."""
    competition = get_cup(year)
    forms_ = {"entry": CupEntryForm(prefix="entry", competition=competition),
              "withdraw": CupWithdrawForm(prefix="withdraw", competition=competition),
              "draw": CupDrawForm(prefix="draw", competition=competition),
              "tie": TieScheduleForm(prefix="tie", competition=competition)}
    action = request.POST.get("action")
    if request.method == "POST" and action in CUP_ACTIONS:
        form_name, run = CUP_ACTIONS[action]
        form = forms_[form_name] = type(forms_[form_name])(request.POST, prefix=form_name, competition=competition)
        if form.is_valid() and attempt(form, run, competition, form.cleaned_data, request.user):
            messages.success(request, _("Saved."))
            return redirect(request.path)
    rounds = cup.bracket(competition, confirmed_only=False) if competition.drawn_at else []
    return render(request, "competitions/cup_admin.html", {
        "competition": competition, "season": competition.season,
        "entries": competition.cup_entries.select_related("team__driver", "team__catcher"),
        "entry_form": forms_["entry"], "withdraw_form": forms_["withdraw"], "draw_form": forms_["draw"],
        "tie_form": forms_["tie"],
        "refused_forms": [forms_[name] for name in ("entry", "withdraw", "draw") if forms_[name].errors],
        "rounds": [(round_, date, [view for view in views if view.tie.team_a_id and view.tie.team_b_id])
                   for round_, date, views in rounds],
    })


def enter_cup_team(competition, data, user):
    """R16: the team entered on its day, a refusal on the field it is about."""
    try:
        cup.enter_team(competition, data["team"], data["entered_on"], user=user)
    except Refused as refused:
        raise changes.cup_entry_refusal(refused) from None


def withdraw_cup_team(competition, data, user):
    """R16: the team's entry withdrawn before the draw; refused after it, on the entry."""
    entry = competition.cup_entries.filter(team=data["team"]).first()
    if entry is not None:
        changes.withdraw_cup_entry(entry, user)


CUP_ACTIONS = {
    "enter": ("entry", enter_cup_team),
    "withdraw": ("withdraw", withdraw_cup_team),
    "draw": ("draw", lambda competition, data, user: cup.make_draw(
        competition, seed=data["seed"] or None, pairs=data["pairs"])),
    "schedule": ("tie", lambda competition, data, user: matches.schedule_tie_matches(
        data["tie"], played_on=data["played_on"], place=data["place"], user=user)),
    "tie_breaker": ("tie", lambda competition, data, user: matches.schedule_tie_breaker(
        data["tie"], played_on=data["played_on"], place=data["place"], user=user)),
}


@organisers_only
def grand_prix_admin(request, year, slug):
    """R17: the organisers enter and withdraw an event's teams and make its pairings (a rotation
    drawn from a recorded seed, or pairs entered by hand) as scheduled matches."""
    event = get_object_or_404(Competition.objects.select_related("season"), season__year=year, slug=slug,
                              kind=Competition.Kind.GRAND_PRIX)
    forms_ = {"entry": GrandPrixEntryForm(prefix="entry", event=event),
              "withdraw": GrandPrixWithdrawForm(prefix="withdraw", event=event),
              "draw": GrandPrixDrawForm(prefix="draw"),
              "pairs": GrandPrixPairsForm(prefix="pairs", event=event)}
    action = request.POST.get("action")
    if request.method == "POST" and action in GRAND_PRIX_ACTIONS:
        form_name, run = GRAND_PRIX_ACTIONS[action]
        form_class = type(forms_[form_name])
        extra = {} if form_class is GrandPrixDrawForm else {"event": event}
        form = forms_[form_name] = form_class(request.POST, prefix=form_name, **extra)
        if form.is_valid() and attempt(form, run, event, form.cleaned_data, request.user):
            messages.success(request, _("Saved."))
            return redirect(request.path)
    entries = list(event.grand_prix_entries.select_related("team__driver", "team__catcher", "team__substitute"))
    matches = grand_prix.pairings(event)
    played = {}
    for match in matches:
        for team_id in (match.team_a_id, match.team_b_id):
            played[team_id] = played.get(team_id, 0) + 1
    return render(request, "competitions/grand_prix_admin.html", {
        "event": event, "season": event.season, "matches": matches,
        "entries": [(entry, played.get(entry.team_id, 0)) for entry in entries],
        "matches_each": grand_prix.MATCHES_PER_TEAM,
        "entry_form": forms_["entry"], "withdraw_form": forms_["withdraw"], "draw_form": forms_["draw"],
        "pairs_form": forms_["pairs"],
    })


GRAND_PRIX_ACTIONS = {
    "enter": ("entry", lambda event, data, user: grand_prix.enter_team(event, data["team"], user=user)),
    "withdraw": ("withdraw", lambda event, data, user: grand_prix.remove_entry(event, data["team"], user=user)),
    "draw": ("draw", lambda event, data, user: matches.draw_grand_prix_pairings(
        event, seed=data["seed"] or None, played_on=data["played_on"], place=data["place"], user=user)),
    "pairs": ("pairs", lambda event, data, user: matches.add_grand_prix_pairs(
        event, data["pairs"], played_on=data["played_on"], place=data["place"], user=user)),
}


@organisers_only
@require_POST
def remove_match(request, pk):
    """Take a scheduled match (no hands yet) of a Cup tie or a Grand Prix event off the calendar."""
    match = get_object_or_404(Match.objects.with_teams(), pk=pk)
    try:
        matches.remove_scheduled_match(match, user=request.user)
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, _("Removed: %(match)s.") % {"match": match})
    return redirect(organisers_page_of(match))


def organisers_page_of(match):
    competition = match.competition
    if competition.kind == Competition.Kind.GRAND_PRIX:
        return reverse("competitions:grand_prix_admin", args=[competition.season.year, competition.slug])
    if competition.kind == Competition.Kind.CUP:
        return reverse("competitions:cup_admin", args=[competition.season.year])
    return reverse("competitions:season_admin", args=[competition.season.year])


def attempt(form, action, *args, **kwargs) -> bool:
    """Run a rule-checked action; a refusal (naming its ruling) is shown on the form."""
    try:
        action(*args, **kwargs)
    except Refused as refused:
        form.add_error(None, refused)
        return False
    return True
