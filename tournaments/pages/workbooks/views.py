"""The workbook pages: a match's score sheet to download and to upload filled (the jury), a
season's roster of teams and players to download and to upload (organisers)."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from tournaments.core.models import Season
from tournaments.core.refusals import match_confirmed
from tournaments.core.roles import get_match, jury_only, organisers_only
from tournaments.pages.outputs.sheets import CONTENT_TYPE
from tournaments.recording import matches

from . import roster, score_sheet
from .safety import MAX_UPLOAD_BYTES, WorkbookRefused


class WorkbookForm(forms.Form):
    workbook = forms.FileField(label=gettext_lazy("Workbook (.xlsx)"))


def xlsx_response(content, name):
    response = HttpResponse(content, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@jury_only
@require_safe
def score_sheet_download(request, pk):
    match = get_match(pk)
    return xlsx_response(score_sheet.build(match), f"score-sheet-{match.pk}.xlsx")


@jury_only
def score_sheet_upload(request, pk):
    """Upload a filled score sheet: checked whole, stored as typed entry awaiting confirmation."""
    match = get_match(pk)
    if match.is_locked:
        raise PermissionDenied(match_confirmed().text)  # the door's refusal, before the upload is read
    form = WorkbookForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            score_sheet.import_score_sheet(form.cleaned_data["workbook"], match, request.user)
        except WorkbookRefused as refused:
            problems = refused.problems
        else:
            messages.success(request, _("The score sheet is imported: %(a)s : %(b)s. A second juror confirms it.")
                             % {"a": match.score_a, "b": match.score_b})
            return redirect("jury:match", pk=match.pk)
    return render(request, "workbooks/score_sheet_upload.html", {
        "match": match, "form": form, "problems": problems, "limit_mb": MAX_UPLOAD_BYTES // (1024 * 1024),
        "closed": matches.why_hands_are_closed(match, request.user, correction=False),
    }, status=422 if problems or form.errors else 200)


@organisers_only
@require_safe
def roster_download(request, year):
    season = get_object_or_404(Season, year=year)
    return xlsx_response(roster.build(season), f"roster-{season.year}.xlsx")


@organisers_only
def roster_upload(request, year):
    """Upload a season's teams and players: every row checked, all saved or none."""
    season = get_object_or_404(Season, year=year)
    form = WorkbookForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            counts = roster.import_roster(form.cleaned_data["workbook"], season, request.user)
        except WorkbookRefused as refused:
            problems = refused.problems
        else:
            messages.success(request, _("The roster is imported: %(teams)s teams and %(players)s players added or "
                                        "changed.") % counts)
            return redirect("competitions:season_admin", year=season.year)
    return render(request, "workbooks/roster_upload.html", {
        "season": season, "form": form, "problems": problems, "limit_mb": MAX_UPLOAD_BYTES // (1024 * 1024),
    }, status=422 if problems or form.errors else 200)
