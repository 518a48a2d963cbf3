"""The organisers' seasons and competitions (permission tournaments.organise): every season with
its competitions, a season and its register settings (R20), each competition and its settings
(R15-R18), created and changed here as in the admin, by the same rules, with their history."""

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.core import register
from tournaments.core.collation import hungarian
from tournaments.core.models import Competition, Season
from tournaments.core.models.history import stamp
from tournaments.core.roles import organisers_only

from .season_forms import REGISTER_SETTINGS, CompetitionForm, SeasonForm


def competitions_in_order():
    return Competition.objects.order_by("kind", "starts", hungarian("name"))


@organisers_only
def organise_home(request):
    """Every season, newest first, with its competitions: two queries however many there are."""
    seasons = Season.objects.order_by("-year").prefetch_related(
        Prefetch("competitions", queryset=competitions_in_order(), to_attr="in_order"))
    return render(request, "competitions/organise_home.html", {"seasons": list(seasons)})


@organisers_only
def season_new(request):
    return season_page(request, Season())


@organisers_only
def season_edit(request, year):
    return season_page(request, get_object_or_404(Season, year=year))


def season_page(request, season):
    """A season's year and register settings; a change of those settings re-derives the register
    (R20) in the transaction that saves them, as the admin does."""
    shown_year, new = season.year, season.pk is None
    form = SeasonForm(request.POST if request.method == "POST" else None, instance=season)
    derived = []

    def rederive(saved):
        if not new and set(form.changed_data) & set(REGISTER_SETTINGS):
            derived.append(register.rederive(fix=True))

    reason = _("Season created") if new else _("Season settings changed")
    if form.is_bound and saved_in_one_go(request, form, reason, then=rederive):
        messages.success(request, _("Saved: the %(year)s season.") % {"year": form.instance.year})
        for differences in derived:
            messages.info(request, _("The register follows the new settings: %(count)s change(s).")
                          % {"count": len(differences)})
        return redirect("competitions:season_admin", year=form.instance.year)
    form.place_focus()
    return render(request, "competitions/season_form.html", {"form": form, "year": shown_year})


def saved_in_one_go(request, form, reason, then=None) -> bool:
    """The form checked and saved in one transaction (the rules are asked in the transaction that
    saves: changes.py), with its history; ``then`` follows in the same transaction. Whether it was
    saved. A new season or competition saved by another organiser at the same moment is stopped by
    the database; the form says so and nothing is saved."""
    try:
        with transaction.atomic():
            if not form.is_valid():
                return False
            stamp(form.instance, request.user, reason)
            saved = form.save()
            if then is not None:
                then(saved)
    except IntegrityError:
        form.add_error(None, _("Another organiser has just saved the same; nothing of yours was saved. Open the "
                               "page again to see what is stored."))
        return False
    return True


@organisers_only
def competition_new(request, year):
    return competition_page(request, Competition(season=get_object_or_404(Season, year=year)))


@organisers_only
def competition_edit(request, year, slug):
    return competition_page(request, get_object_or_404(Competition.objects.select_related("season"),
                                                       season__year=year, slug=slug))


def competition_page(request, competition):
    """A competition's kind, name, dates, place and settings, refused on the field where what is
    on record (matches, entries, draws, free games) does not allow the change."""
    season = competition.season  # the page's own, whichever season the form posts
    shown = {"name": competition.name, "slug": competition.slug, "kind": competition.kind,
             "drawn_at": competition.drawn_at, "draw_seed": competition.draw_seed}
    new = competition.pk is None
    form = CompetitionForm(request.POST if request.method == "POST" else None, instance=competition)
    reason = _("Competition created") if new else _("Competition changed")
    if form.is_bound and saved_in_one_go(request, form, reason):
        messages.success(request, _("Saved: %(competition)s.") % {"competition": form.instance.name})
        return redirect("competitions:season_admin", year=form.instance.season.year)
    form.place_focus()
    return render(request, "competitions/competition_form.html", {
        "form": form, "season": season, "new": new, "shown": shown})
