"""The jury's pages: the match list, one entry page a match (with live scoring by the engine),
confirmation by a second juror, corrections, the history of a match, record export and import.

Every view needs a login and the enter_scores permission (403 otherwise); confirming, sending
back and correcting a confirmed match also need confirm_scores (checked again by the engine).
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import engine
from tournaments.models import Match

from . import history as match_history
from .forms import ImportForm, MatchSaveForm, SendBackForm, hand_forms

ENTER = "tournaments.enter_scores"
CONFIRM = "tournaments.confirm_scores"
MATCHES_A_PAGE = 50


def jury_only(view):
    """Login, then the jury's permission: anyone else gets 403."""
    return login_required(permission_required(ENTER, raise_exception=True)(view))


def get_match(pk):
    return get_object_or_404(
        Match.objects.with_teams().select_related("entered_by", "confirmed_by"), pk=pk
    )


def stored_hands(match):
    return list(engine.hands_with_facts().filter(match=match).order_by("number"))


def stored_answer(hand):
    """The cached engine answer of a stored hand, in the FORMAT.md answer's shape."""
    return {team: {"score": getattr(hand, f"score_{team.lower()}"), "raw": getattr(hand, f"raw_{team.lower()}"),
                   "ceiling": getattr(hand, f"ceiling_{team.lower()}"), "lines": (hand.lines or {}).get(team, [])}
            for team in ("A", "B")}


# --- the match list --------------------------------------------------------------------------


@jury_only
def match_list(request):
    matches = Match.objects.with_teams().select_related("entered_by").order_by("-played_on", "-id")
    state = request.GET.get("state")
    if state in Match.State.values:
        matches = matches.filter(state=state)
    page = Paginator(matches, MATCHES_A_PAGE).get_page(request.GET.get("page"))
    return render(request, "jury/match_list.html", {
        "page": page, "states": Match.State.choices, "state": state,
    })


# --- one match -------------------------------------------------------------------------------


def can_edit(match, user):
    return not match.is_locked or user.has_perm(CONFIRM)


def page_context(request, match, forms, answers, save_form=None, refused=None):
    is_correction = match.is_locked
    return {
        "match": match,
        "hands": list(zip(forms, answers, strict=True)),
        "totals": engine.running_totals(answers),
        "save_form": save_form or MatchSaveForm(initial={"version": match.version}),
        "send_back_form": SendBackForm(initial={"version": match.version}),
        "editable": can_edit(match, request.user),
        "is_correction": is_correction,
        "can_confirm": (match.state == Match.State.ENTERED and request.user.has_perm(CONFIRM)
                        and match.entered_by_id != request.user.pk),
        "refused": refused,
    }


@jury_only
def match_page(request, pk):
    match = get_match(pk)
    if request.method == "POST":
        return save_match(request, match)
    hands = stored_hands(match)
    records = [engine.hand_record(hand) for hand in hands]
    forms = hand_forms(match.hands_expected, records=records)
    answers = [stored_answer(hand) for hand in hands] + [None] * (match.hands_expected - len(hands))
    return render(request, "jury/match.html", page_context(request, match, forms, answers))


def read_hands(forms):
    """Each hand's record and the engine's answer for it (None while blank or unreadable)."""
    answers = []
    for form in forms:
        answer = None
        if form.is_valid() and not form.is_blank:
            try:
                answer = engine.evaluate_hand_record(form.record)
            except engine.InvalidRecord as invalid:
                form.show_problems(invalid.problems)
        answers.append(answer)
    return answers


def show_match_problems(forms, problems):
    """Problems of a match record ("hands[i].field") shown next to the hand and field they concern."""
    general = []
    for problem in problems:
        head, dot, rest = problem.field.partition("].")
        if head.startswith("hands[") and dot:
            number = int(head[len("hands["):])
            forms[number].show_problems([engine.Problem(rest, problem.ruling, problem.message)])
        else:
            general.append(str(problem))
    return general


def save_match(request, match):
    if not can_edit(match, request.user):
        raise PermissionDenied(_("A confirmed match is corrected only by the chief jury."))
    forms = hand_forms(match.hands_expected, data=request.POST)
    save_form = MatchSaveForm(request.POST)
    answers = read_hands(forms)
    refused = None
    if save_form.is_valid() and all(form.is_valid() for form in forms):
        refused = try_save(request, match, forms, save_form.cleaned_data)
        if refused is None:
            scores = {"a": match.score_a, "b": match.score_b}
            messages.success(request, _("The match is saved: %(a)s - %(b)s.") % scores)
            return redirect("jury:match", pk=match.pk)
    else:
        refused = [_("Some hands cannot be read; nothing was saved. See the marked fields.")]
    context = page_context(request, match, forms, answers, save_form=save_form, refused=refused)
    return render(request, "jury/match.html", context, status=422)


def try_save(request, match, forms, data):
    """Save through the engine; a list of messages when refused (nothing saved then)."""
    records = [form.record for form in forms]
    try:
        if match.is_locked:
            engine.correct_match(match, records, user=request.user, reason=data["reason"],
                                 expected_version=data["version"])
        else:
            engine.record_match(match, records, user=request.user, expected_version=data["version"])
    except engine.InvalidRecord as invalid:
        general = show_match_problems(forms, invalid.problems)
        return [_("The engine refused the match; nothing was saved.")] + general
    except engine.StaleMatch as stale:
        return [stale.message] + changed_hands(stale.current, records)
    except engine.EntryRefused as refused:
        return [refused.message]
    return None


def changed_hands(current, records):
    """What the other juror's save holds that differs from what this juror typed."""
    stored = [engine.hand_record(hand) for hand in stored_hands(current)]
    lines = []
    for number, record in enumerate(records, start=1):
        theirs = stored[number - 1] if number <= len(stored) else None
        if theirs != record:
            lines.append(_("Hand %(number)s differs from the saved entry: %(theirs)s") % {
                "number": number, "theirs": json.dumps(theirs, ensure_ascii=False) if theirs else _("not entered")})
    return lines


@jury_only
@require_POST
def preview(request, pk):
    """The engine's lines and scores for what is typed so far (htmx partial; nothing is saved)."""
    match = get_match(pk)
    forms = hand_forms(match.hands_expected, data=request.POST)
    answers = read_hands(forms)
    return render(request, "jury/_preview.html", {
        "match": match, "hands": list(zip(forms, answers, strict=True)), "totals": engine.running_totals(answers),
    })


# --- confirmation by a second juror ----------------------------------------------------------


@jury_only
@require_POST
def confirm(request, pk):
    match = get_match(pk)
    try:
        engine.confirm_match(match, request.user, expected_version=int(request.POST.get("version", -1)))
    except engine.EntryRefused as refused:
        if isinstance(refused, engine.NotAllowed):
            raise PermissionDenied(refused.message) from None
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The match is confirmed."))
    return redirect("jury:match", pk=match.pk)


@jury_only
@require_POST
def send_back(request, pk):
    match = get_match(pk)
    form = SendBackForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the match is sent back."))
        return redirect("jury:match", pk=match.pk)
    try:
        engine.return_match(match, request.user, form.cleaned_data["comment"],
                            expected_version=form.cleaned_data["version"])
    except engine.NotAllowed as refused:
        raise PermissionDenied(refused.message) from None
    except engine.EntryRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The match is sent back to the jury."))
    return redirect("jury:match", pk=match.pk)


# --- history, export and import --------------------------------------------------------------


@jury_only
def history(request, pk):
    match = get_match(pk)
    return render(request, "jury/history.html", {"match": match, "changes": match_history.changes_of(match)})


@jury_only
def export_record(request, pk):
    match = get_match(pk)
    response = HttpResponse(json.dumps(engine.match_record(match), indent=2, ensure_ascii=False),
                            content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


@jury_only
def import_record(request, pk):
    match = get_match(pk)
    form = ImportForm(request.POST or None, request.FILES or None, initial={"version": match.version})
    problems = []
    if request.method == "POST" and form.is_valid():
        if not can_edit(match, request.user):
            raise PermissionDenied(_("A confirmed match is corrected only by the chief jury."))
        problems = import_upload(request, match, form.cleaned_data)
        if not problems:
            messages.success(request, _("The match record is imported."))
            return redirect("jury:match", pk=match.pk)
    return render(request, "jury/import.html", {"match": match, "form": form, "problems": problems},
                  status=422 if problems else 200)


def import_upload(request, match, data):
    try:
        record = json.loads(data["record"].read().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return [_("The file is not JSON: %(error)s") % {"error": error}]
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):
        return [_("hands: FORMAT: a match record holds a list of hand records (royal-tarokk-match/1)")]
    try:
        if match.is_locked:
            engine.correct_match(match, hands, user=request.user, reason=data["reason"],
                                 expected_version=data["version"])
        else:
            engine.record_match(match, hands, user=request.user, expected_version=data["version"])
    except engine.InvalidRecord as invalid:
        return [str(problem) for problem in invalid.problems]
    except engine.EntryRefused as refused:
        return [refused.message]
    return []
