"""The jury's pages: the match list, scheduling a match and the chief jury's agreement (R15),
one entry page a match (with live scoring by the engine), confirmation by a second juror,
corrections, the history of a match, record export and import.

Every view needs a login and the enter_scores permission (403 otherwise), except scheduling, which
organisers (organise) may do too; confirming, sending back and correcting a confirmed match also
need confirm_scores (checked again by the engine), agreeing a match agree_private_matches.
"""

import json

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import bridge, matches
from tournaments.competitions import championship
from tournaments.models import Match, Season
from tournaments.refusals import Refused, StaleMatch
from tournaments.roles import (
    AGREE,
    ENTER,
    answer_refusal,
    check_may_edit,
    get_match,
    jury_only,
    may_edit,
    schedulers_only,
)

from . import history as match_history
from . import notation
from .forms import (
    ImportForm,
    MatchFilterForm,
    MatchForm,
    MatchSaveForm,
    SendBackForm,
    VersionForm,
    hand_forms,
    read_record_file,
)

MATCHES_A_PAGE = 50


def posted_version(request) -> int:
    """The match version the page was showing when its button was pressed. A missing or unreadable
    one is an out-of-date page (refused like a stale one, never a server error)."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        raise Refused(_("The page did not say which version of the match it shows; nothing was saved. Reload "
                        "the match and try again."), code="no_version")
    return form.cleaned_data["version"]


def stored_hands(match):
    return list(bridge.hands_with_facts().filter(match=match).order_by("number"))


# --- the match list --------------------------------------------------------------------------


@jury_only
def match_list(request):
    filters = MatchFilterForm(request.GET or None)
    matches = (Match.objects.with_teams().select_related("entered_by", "jury_agreed_by")
               .annotate(hands_saved=Count("hands")).order_by("-played_on", "-id"))
    page = Paginator(filters.filter(matches), MATCHES_A_PAGE).get_page(request.GET.get("page"))
    meetings = championship.annual_meetings({match.competition.season_id for match in page})
    for match in page:
        meeting = meetings.get(match.competition.season_id) or championship.default_annual_meeting(
            match.competition.season)
        match.agreement_needed = bool(championship.agreement_reasons(match, meeting))
    return render(request, "jury/match_list.html", {
        "page": page, "filters": filters, "states": Match.State.choices,
        "state": filters.cleaned_data.get("state") if filters.is_bound else "",
    })


# --- scheduling a match, the chief jury's agreement (R14-R17) ------------------------------------


def chosen_season(request):
    """The season a new match is scheduled in: asked for, else this year's, else the newest."""
    seasons = list(Season.objects.all())
    if not seasons:
        raise Http404(_("There is no season yet; an organiser creates one in the administration."))
    by_year = {str(season.year): season for season in seasons}
    wanted = request.GET.get("season") or str(timezone.localdate().year)
    return by_year.get(wanted, seasons[0]), seasons


@schedulers_only
def new_match(request):
    season, seasons = chosen_season(request)
    form = MatchForm(request.POST or None, season=season, initial={"played_publicly": True})
    if request.method == "POST":
        match = save_particulars(request, form)
        if match is not None:
            target = "jury:match" if request.user.has_perm(ENTER) else "jury:particulars"
            return redirect(target, pk=match.pk)
    return render(request, "jury/match_form.html", {"form": form, "season": season, "seasons": seasons},
                  status=422 if request.method == "POST" else 200)


@schedulers_only
def match_particulars(request, pk):
    match = get_match(pk)
    heading = f"{match.team_a.name} – {match.team_b.name}, {match.played_on.isoformat()}"  # before the form edits it
    editable = match.state in matches.EDITABLE_STATES
    form = MatchForm(request.POST or None, instance=match, season=match.competition.season)
    if request.method == "POST":
        if save_particulars(request, form) is not None:
            return redirect(request.path)
    return render(request, "jury/match_form.html", {
        "form": form, "match": match, "heading": heading, "season": match.competition.season,
        "editable": editable,
    }, status=422 if request.method == "POST" else 200)


def save_particulars(request, form):
    """Check and save the form's match; the saved match, or None with the refusal on the form."""
    if not form.is_valid():
        return None
    match = form.instance
    is_new = match.pk is None
    try:
        notices = matches.save_particulars(match, user=request.user, changed=form.changed_data,
                                              expected_version=form.cleaned_data["version"])
    except Refused as refused:  # a competition's rule (R15-R17) names its ruling; or the state, a stale version
        answer_refusal(request, refused, form)
        return None
    done = _("The match is scheduled: %(match)s.") if is_new else _("The particulars are saved: %(match)s.")
    messages.success(request, done % {"match": match})
    for notice in notices:
        messages.warning(request, notice)
    return match


@jury_only
@require_POST
def agree(request, pk):
    """R15: the chief jury agrees a private or early Championship match before it is played."""
    match = get_match(pk)
    try:
        matches.agree_match(match, request.user, expected_version=posted_version(request))
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, _("The match is agreed (R15)."))
    return redirect("jury:match", pk=match.pk)


# --- one match -------------------------------------------------------------------------------


def page_context(request, match, forms, answers, save_form=None, refused=None):
    is_correction = match.is_locked
    reasons = championship.agreement_reasons(match)
    return {
        "match": match,
        "feast_help": notation.feast_help(),
        "premium_help": notation.premium_help(),
        "agreement_reasons": reasons,
        "agreement_because": _(" and ").join(reasons),
        "can_agree": bool(reasons) and match.jury_agreed_by_id is None and request.user.has_perm(
            AGREE),
        "particulars_editable": match.state in matches.EDITABLE_STATES,
        "hands": list(zip(forms, answers, strict=True)),
        "totals": bridge.running_totals(answers),
        "save_form": save_form or MatchSaveForm(initial={"version": match.version}),
        "send_back_form": SendBackForm(initial={"version": match.version}),
        "editable": may_edit(match, request.user),
        "is_correction": is_correction,
        "can_confirm": matches.may_confirm(match, request.user),
        "can_submit": match.state in (Match.State.IN_ENTRY, Match.State.RETURNED),
        "refused": refused,
    }


@jury_only
def match_page(request, pk):
    match = get_match(pk)
    if request.method == "POST":
        return save_match(request, match)
    hands = stored_hands(match)
    records = [bridge.hand_record(hand) for hand in hands]
    forms = hand_forms(match.hands_expected, records=records)
    answers = [bridge.stored_answer(hand) for hand in hands] + [None] * (match.hands_expected - len(hands))
    context = page_context(request, match, forms, answers)
    context["saved_hands"] = len(hands)
    return render(request, "jury/match.html", context)


def read_hands(forms):
    """Each hand's record and the engine's answer for it (None while blank or unreadable)."""
    answers = []
    for form in forms:
        answer = None
        if form.is_valid() and not form.is_blank:
            try:
                answer = bridge.evaluate_hand_record(form.record)
            except bridge.InvalidRecord as invalid:
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
            forms[number].show_problems([bridge.Problem(rest, problem.ruling, problem.message)])
        else:
            general.append(str(problem))
    return general


def save_match(request, match):
    """Save the hands typed so far (hands 1..n, each complete), or a correction of a confirmed match."""
    check_may_edit(match, request.user)
    forms = hand_forms(match.hands_expected, data=request.POST)
    save_form = MatchSaveForm(request.POST)
    answers = read_hands(forms)
    if save_form.is_valid() and all(form.is_valid() for form in forms if not form.is_blank):
        typed, refused = typed_hands(forms)
        if refused is None:
            refused = try_save(request, match, typed, save_form.cleaned_data)
        if refused is None:
            messages.success(request, saved_message(match, len(typed)))
            return redirect("jury:match", pk=match.pk)
    else:
        refused = [_("Some hands cannot be read; nothing was saved. See the marked fields.")]
    context = page_context(request, match, forms, answers, save_form=save_form, refused=refused)
    return render(request, "jury/match.html", context, status=422)


def typed_hands(forms):
    """The forms of the hands typed so far, hands 1..n in order; with a refusal when a hand is
    left empty before a typed one, or nothing is typed (nothing is saved then)."""
    typed = [number for number, form in enumerate(forms) if not form.is_blank]
    if not typed:
        return [], [_("Nothing to save: type hand 1 first.")]
    last = typed[-1]
    gaps = [form for form in forms[:last] if form.is_blank]
    for form in gaps:
        form.hand_problems.append(_("Hand %(number)s is empty but hand %(last)s is typed: the hands are entered in "
                                    "order.") % {"number": form.number, "last": last + 1})
    if gaps:
        return [], [_("Hands are saved in order, from hand 1 with none left out; nothing was saved.")]
    return forms[:last + 1], None


def saved_message(match, count):
    scores = {"a": match.score_a, "b": match.score_b, "count": count, "expected": match.hands_expected}
    if match.is_locked:
        return _("The correction is saved: %(a)s - %(b)s.") % scores
    if match.score_a is not None:
        return _("All %(count)s hands are saved: %(a)s - %(b)s. Submit the match for confirmation when it has "
                 "been checked.") % scores
    return _("Hands 1 to %(count)s are saved; the match is scored when all %(expected)s hands are in.") % scores


def try_save(request, match, forms, data):
    """Save through the engine; a list of messages when refused (nothing saved then)."""
    records = [form.record for form in forms]
    try:
        if match.is_locked:
            matches.correct_match(match, records, user=request.user, reason=data["reason"],
                                 expected_version=data["version"])
        else:
            matches.record_match(match, records, user=request.user, expected_version=data["version"], draft=True)
    except bridge.InvalidRecord as invalid:
        general = show_match_problems(forms, invalid.problems)
        return [_("The engine refused the match; nothing was saved.")] + general
    except StaleMatch as stale:
        return [stale.text] + changed_hands(stale.current, records)
    except Refused as refused:
        return [refused.text]
    return None


def changed_hands(current, records):
    """What the other juror's save holds that differs from what this juror typed."""
    stored = [bridge.hand_record(hand) for hand in stored_hands(current)]
    lines = []
    for number in range(1, max(len(records), len(stored)) + 1):
        record = records[number - 1] if number <= len(records) else None
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
        "match": match, "hands": list(zip(forms, answers, strict=True)), "totals": bridge.running_totals(answers),
    })


# --- submission, then confirmation by a second juror --------------------------------------------


@jury_only
@require_POST
def submit(request, pk):
    """The jury's explicit "Submit for confirmation", once every hand is saved."""
    match = get_match(pk)
    try:
        matches.submit_match(match, request.user, expected_version=posted_version(request))
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, _("The match is submitted for confirmation: %(a)s - %(b)s.")
                         % {"a": match.score_a, "b": match.score_b})
    return redirect("jury:match", pk=match.pk)



@jury_only
@require_POST
def confirm(request, pk):
    match = get_match(pk)
    try:
        matches.confirm_match(match, request.user, expected_version=posted_version(request))
    except Refused as refused:
        answer_refusal(request, refused)
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
        matches.return_match(match, request.user, form.cleaned_data["comment"],
                            expected_version=form.cleaned_data["version"])
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, _("The match is sent back to the jury."))
    return redirect("jury:match", pk=match.pk)


# --- history, export and import --------------------------------------------------------------


@jury_only
def history(request, pk):
    match = get_match(pk)
    return render(request, "jury/history.html", {"match": match, "entries": match_history.entries_of(match)})


@jury_only
def export_record(request, pk):
    match = get_match(pk)
    response = HttpResponse(json.dumps(bridge.match_record(match), indent=2, ensure_ascii=False),
                            content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


@jury_only
def import_record(request, pk):
    match = get_match(pk)
    form = ImportForm(request.POST or None, request.FILES or None, initial={"version": match.version})
    problems = []
    if request.method == "POST" and form.is_valid():
        check_may_edit(match, request.user)
        problems = import_upload(request, match, form.cleaned_data)
        if not problems:
            messages.success(request, _("The match record is imported; submit the match for confirmation when it "
                                        "has been checked."))
            return redirect("jury:match", pk=match.pk)
    return render(request, "jury/import.html", {"match": match, "form": form, "problems": problems},
                  status=422 if problems else 200)


def import_upload(request, match, data):
    record, problem = read_record_file(data["record"])
    if problem:
        return [problem]
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):
        return [_("hands: FORMAT: a match record holds a list of hand records (royal-tarokk-match/1)")]
    try:
        if match.is_locked:
            matches.correct_match(match, hands, user=request.user, reason=data["reason"],
                                 expected_version=data["version"])
        else:
            matches.record_match(match, hands, user=request.user, expected_version=data["version"], draft=True)
    except bridge.InvalidRecord as invalid:
        return [str(problem) for problem in invalid.problems]
    except Refused as refused:
        return [refused.text]
    return []
