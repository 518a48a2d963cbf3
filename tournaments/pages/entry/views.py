"""The jury's pages: the match list, scheduling a match and the chief jury's agreement (R15),
one entry page a match (with live scoring by the engine), confirmation by a second juror,
corrections, the history of a match, record export and import.

Every view needs a login and the enter_scores permission (403 otherwise), except scheduling, which
organisers (organise) may do too; confirming, sending back and correcting a confirmed match also
need confirm_scores (checked again by the engine), agreeing a match agree_private_matches.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.core import bridge
from tournaments.core.competitions import championship
from tournaments.core.lines import match_teams
from tournaments.core.models import Match, Season
from tournaments.core.refusals import Refused, StaleMatch
from tournaments.core.roles import (
    AGREE,
    ENTER,
    answer_refusal,
    check_may_edit,
    get_match,
    get_match_for_hands,
    jury_only,
    may_edit,
    schedulers_only,
)
from tournaments.recording import matches, notation, tables, wording

from . import blind_confirmation, compare, hand_entry, jury_home, online_tables, score_sheet_pdf
from . import history as match_history
from .forms import (
    ImportForm,
    MatchFilterForm,
    MatchForm,
    MatchSaveForm,
    PaperAgreementForm,
    SendBackForm,
    VersionForm,
    hand_forms,
    read_record_file,
)
from .legend import legend_html

MATCHES_A_PAGE = 50


def posted_version(request) -> int:
    """The match version the page was showing when its button was pressed. A missing or unreadable
    one is an out-of-date page (refused like a stale one, never a server error)."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        raise Refused(_("The page did not say which version of the match it shows; nothing was saved. Reload "
                        "the match and try again."), code="no_version")
    return form.cleaned_data["version"]


def match_button(request, pk, action, done, **details):
    """A button on the jury's match page that changes the match: ``action(match, user,
    expected_version=the page's, **details)``; its refusal said (answer_refusal), else ``done(match)``
    (the match as the action left it); back to the match's page either way."""
    match = get_match(pk)
    try:
        action(match, request.user, expected_version=posted_version(request), **details)
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, done(match))
    return redirect("jury:match", pk=match.pk)


def stored_hands(match):
    return list(bridge.hands_with_facts().filter(match=match).order_by("number"))


# --- the match list --------------------------------------------------------------------------


@schedulers_only
@require_safe
def match_list(request):
    """The jury's match list, also read by the organisers, who schedule matches: a juror opens a
    match's entry page, an organiser its particulars."""
    filters = MatchFilterForm(request.GET or None)
    matches = (Match.objects.with_teams().select_related("entered_by", "jury_agreed_by")
               .annotate(hands_saved=Count("hands")).order_by("-played_on", "-id"))
    page = Paginator(filters.filter(matches), MATCHES_A_PAGE).get_page(request.GET.get("page"))
    meetings = championship.annual_meetings({match.competition.season_id for match in page})
    opens = "jury:match" if request.user.has_perm(ENTER) else "jury:particulars"
    for match in page:
        meeting = meetings.get(match.competition.season_id) or championship.default_annual_meeting(
            match.competition.season)
        match.agreement_needed = bool(championship.agreement_reasons(match, meeting))
        match.opened_at = reverse(opens, args=[match.pk])
    return render(request, "jury/match_list.html", {
        "page": page, "filters": filters, "states": Match.State.choices,
        "state": filters.cleaned_data.get("state") if filters.is_bound else "",
    })


# --- scheduling a match, the chief jury's agreement (R14-R17) ------------------------------------


def chosen_season(request):
    """The season a new match is scheduled in: asked for, else the running one (this year's if it
    runs, else the newest running: R21, a closed season takes no new match), else this year's,
    else the newest."""
    seasons = list(Season.objects.all())
    if not seasons:
        raise Http404(_("There is no season yet; an organiser creates one in the administration."))
    by_year = {str(season.year): season for season in seasons}
    today = timezone.localdate()
    running = [season for season in seasons if season.state == Season.State.RUNNING]  # newest first
    this_year = by_year.get(str(today.year))
    default = this_year if this_year in running else (running[0] if running else this_year)
    wanted = request.GET.get("season") or str(default.year if default else today.year)
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
    heading = match_heading(match)  # before the form edits it
    editable = match.state in matches.EDITABLE_STATES
    form = MatchForm(request.POST or None, instance=match, season=match.competition.season)
    if request.method == "POST":
        if save_particulars(request, form) is not None:
            return redirect(request.path)
    return render(request, "jury/match_form.html", {
        "form": form, "match": match, "heading": heading, "season": match.competition.season,
        "editable": editable,
    }, status=422 if request.method == "POST" else 200)


def match_heading(match) -> str:
    """"Szegedi Madarak – Pesti Pagátok, 2026. december 3.": the teams and the day in the reader's words."""
    return f"{match.team_a.name} – {match.team_b.name}, {date_format(match.played_on)}"


def save_particulars(request, form):
    """Check and save the form's match; the saved match, or None with the refusal on the form."""
    if not form.is_valid():
        return None
    match = form.instance
    is_new = match.pk is None
    try:
        notices = matches.save_particulars(match, user=request.user, changed=form.changed_data,
                                           expected_version=form.cleaned_data["version"],
                                           paper_agreement=form.paper_agreement())
    except Refused as refused:  # a competition's rule (R15-R17) names its ruling; or the state, a stale version
        answer_refusal(request, refused, form)
        return None
    done = _("The match is scheduled: %(match)s.") if is_new else _("The particulars are saved: %(match)s.")
    messages.success(request, done % {"match": match_heading(match)})
    for notice in notices:
        messages.warning(request, notice)
    return match


@jury_only
@require_POST
def agree(request, pk):
    """R15: the chief jury agrees a private or early Championship match before it is played."""
    return match_button(request, pk, matches.agree_match, lambda match: _("The match is agreed (R15)."))


@jury_only
@require_POST
def agree_on_paper(request, pk):
    """R15: the chief jury records an agreement given earlier on paper, with its date and who gave
    it, so that the match played since can be entered."""
    form = PaperAgreementForm(request.POST)
    given = form.cleaned_data if form.is_valid() else {}
    return match_button(request, pk, matches.agree_match_on_paper,
                        lambda match: _("The agreement given on paper is recorded (R15)."),
                        given_on=given.get("given_on"), given_by=given.get("given_by", ""))


# --- one match -------------------------------------------------------------------------------


def confirm_refusal(match, user):
    """Why ``user`` may not confirm this submitted match, said on the page instead of a bare 403."""
    try:
        matches.check_second_juror(match, user)
    except Refused as refused:
        return refused.text
    return None


def page_context(request, match, entries, save_form=None, refused=None):
    is_correction = match.is_locked
    reasons = championship.agreement_reasons(match)
    return {
        "match": match,
        "legend_html": legend_html(),
        "agreement_reasons": reasons,
        "agreement_because": _(" and ").join(reasons),
        "can_agree": bool(reasons) and match.jury_agreed_by_id is None and request.user.has_perm(AGREE),
        "paper_agreement": PaperAgreementForm(initial={"version": match.version, "given_on": match.played_on}),
        "particulars_editable": match.state in matches.EDITABLE_STATES,
        "entries": entries,
        "hand_numbers": range(1, match.hands_expected + 1),
        "hands": [(entry.form, entry.answer) for entry in entries],
        "totals": hand_entry.running_totals(entries),
        "summary": hand_entry.problem_summary(entries),
        "all_stored": all(entry.stored is not None for entry in entries),
        "save_form": save_form or MatchSaveForm(initial={"version": match.version}),
        "send_back_form": SendBackForm(initial={"version": match.version}),
        "editable": may_edit(match, request.user) if is_correction else hand_entry.is_editable(match, request.user),
        "is_correction": is_correction,
        "can_confirm": matches.may_confirm(match, request.user),
        "confirm_refusal": confirm_refusal(match, request.user) if match.state == Match.State.ENTERED else None,
        "refused": refused,
    }


def correction_entries(match, data=None):
    """A confirmed match's hands as one form (a correction is saved whole, with its reason)."""
    hands = stored_hands(match)
    records = [bridge.hand_record(hand) for hand in hands]
    forms = hand_forms(match.hands_expected, data=data, records=records)
    if data is not None:
        answers = read_hands(forms)
    else:
        answers = [bridge.stored_answer(hand) for hand in hands] + [None] * (match.hands_expected - len(hands))
    return [hand_entry.HandEntry(form, answer, records[index] if index < len(records) else None)
            for index, (form, answer) in enumerate(zip(forms, answers, strict=True))]


@jury_only
def match_page(request, pk):
    match = get_match(pk)
    if request.method == "POST":
        return save_match(request, match)
    if blind_confirmation.hides_first_entry(match, request.user):
        return redirect("jury:blind", pk=match.pk)
    entries = correction_entries(match) if match.is_locked else hand_entry.hand_entries(match)
    context = page_context(request, match, entries)
    context["saved_hands"] = sum(entry.stored is not None for entry in entries)
    context.update(online_table_context(match, request.user))
    return render(request, "jury/match.html", context)


def online_table_context(match, user) -> dict:
    """The match's online tables (each finished hand's replay), and for a chief juror the button
    that opens one, or every reason it may not be opened now."""
    may_open = tables.may_open(user)
    match_tables = online_tables.tables_of_match(match)
    return {"match_tables": match_tables, "may_open_table": may_open,
            "table_refusals": online_tables.match_table_refusals(match, user) if may_open else [],
            "opened_table": any(table.opened_by_id == user.pk for table, _hands in match_tables)}


@jury_only
def save_hand(request, pk, number):
    return hand_entry.save(request, get_match_for_hands(pk), number)


@jury_only
def keep_hand(request, pk, number):
    return hand_entry.keep(request, get_match_for_hands(pk), number)


@jury_only
def clear_hand(request, pk, number):
    return hand_entry.clear(request, get_match_for_hands(pk), number)


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
        if problem.hand is not None:
            forms[problem.hand - 1].show_problems([problem.in_its_hand()])
        else:
            general.append(str(wording.word(problem)))
    return general


def save_match(request, match):
    """The page's forms posted at once (without JavaScript), or a correction of a confirmed match."""
    if match.is_locked:
        return save_correction(request, match)
    return hand_entry.save_all(request, match)


def save_correction(request, match):
    check_may_edit(match, request.user)
    entries = correction_entries(match, data=request.POST)
    forms = [entry.form for entry in entries]
    save_form = MatchSaveForm(request.POST)
    if save_form.is_valid() and all(form.is_valid() and not form.is_blank for form in forms):
        refused = try_correct(request, match, forms, save_form)
        if refused is None:
            messages.success(request, _("The correction is saved: %(a)s : %(b)s.")
                             % {"a": match.score_a, "b": match.score_b})
            return redirect("jury:match", pk=match.pk)
    else:
        refused = [_("A correction holds every hand, each complete; see the marked fields. Nothing was saved.")]
    context = page_context(request, match, entries, save_form=save_form, refused=refused)
    return render(request, "jury/match.html", context, status=422)


def try_correct(request, match, forms, save_form):
    """Save a correction; a list of messages when refused (nothing saved then). A missing reason
    is said on the reason's field too, where the page puts the focus."""
    data = save_form.cleaned_data
    records = [form.record for form in forms]
    try:
        matches.correct_match(match, records, user=request.user, reason=data["reason"],
                              expected_version=data["version"])
    except bridge.InvalidRecord as invalid:
        general = show_match_problems(forms, invalid.problems)
        return [_("The correction was refused; nothing was saved. See the marked fields.")] + general
    except StaleMatch as stale:
        return [stale.text] + changed_hands(stale.current, records)
    except Refused as refused:
        if refused.code == "no_reason":
            save_form.add_error("reason", refused.text)
            save_form.fields["reason"].widget.attrs.update({"aria-invalid": "true",
                                                            "aria-describedby": "correction-reason-problem"})
        return [refused.text]
    return None


def changed_hands(current, records):
    """What the other juror's save holds that differs from what this juror typed, hand by hand, in words."""
    stored = [bridge.hand_record(hand) for hand in stored_hands(current)]
    lines = []
    for number in range(1, max(len(records), len(stored)) + 1):
        record = records[number - 1] if number <= len(records) else None
        theirs = stored[number - 1] if number <= len(stored) else None
        for line in compare.differences(theirs, record, first_name=_("the saved match"), second_name=_("yours"),
                                        teams=match_teams(current)):
            lines.append(_("Hand %(number)s: %(difference)s") % {"number": number, "difference": line})
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
    return match_button(request, pk, matches.submit_match,
                        lambda match: _("The match is submitted for confirmation: %(a)s : %(b)s.")
                        % {"a": match.score_a, "b": match.score_b})



@jury_only
@require_POST
def confirm(request, pk):
    return match_button(request, pk, matches.confirm_match, lambda match: _("The match is confirmed."))


@jury_only
@require_POST
def send_back(request, pk):
    match = get_match(pk)
    try:  # who may send it back (the chief jury, not who entered it: 403) before what they wrote
        matches.check_second_juror(match, request.user)
    except Refused as refused:
        answer_refusal(request, refused)
        return redirect("jury:match", pk=match.pk)
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
@require_safe
def history(request, pk):
    match = get_match(pk)
    if blind_confirmation.hides_first_entry(match, request.user):
        return redirect("jury:blind", pk=match.pk)
    return render(request, "jury/history.html", {"match": match, "entries": match_history.entries_of(match),
                                                 "match_tables": online_tables.tables_of_match(match)})


@jury_only
@require_safe
def export_record(request, pk):
    match = get_match(pk)
    if blind_confirmation.hides_first_entry(match, request.user):
        return redirect("jury:blind", pk=match.pk)
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
    return render(request, "jury/import.html", {"match": match, "form": form, "problems": problems,
                                                "closed": matches.why_hands_are_closed(match, request.user)},
                  status=422 if problems else 200)



def _other_match(record, match) -> str | None:
    """A record naming other teams is another match's (its file uploaded on the wrong page)."""
    teams = record.get("teams") if isinstance(record, dict) else None
    if not isinstance(teams, dict):
        return None
    named = [teams.get(side, {}).get("name") if isinstance(teams.get(side), dict) else None for side in ("A", "B")]
    if named == [match.team_a.name, match.team_b.name] or named == [None, None]:
        return None
    return _("This record is of the match %(a)s – %(b)s, not of this one (%(team_a)s – %(team_b)s); nothing was "
             "saved.") % {"a": named[0] or "?", "b": named[1] or "?", "team_a": match.team_a.name,
                          "team_b": match.team_b.name}


def import_upload(request, match, data):
    try:  # the two-person rule first, as every way in meets it, before the file is read
        matches.check_hands_may_change(match, request.user, correction=match.is_locked)
    except Refused as refused:
        return [refused.text]
    record, problem = read_record_file(data["record"])
    if problem:
        return [problem]
    other = _other_match(record, match)
    if other:
        return [other]
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):
        return [_("hands: FORMAT: a match record holds a list of hand records (royal-tarokk-match/1)")]
    hands = [notation.normalised(hand) for hand in hands]  # the association's words read as the record's ids
    file = matches.WayIn.RECORD_FILE
    try:
        if match.is_locked:
            matches.correct_match(match, hands, user=request.user, reason=data["reason"],
                                  expected_version=data["version"], way_in=file)
        else:
            matches.record_match(match, hands, user=request.user, expected_version=data["version"], draft=True,
                                 way_in=file)
    except bridge.InvalidRecord as invalid:  # in the jury's words, as the entry page says them
        return [wording.with_hand(problem.hand, wording.word(problem.in_its_hand())) if problem.hand
                else str(wording.word(problem))
                for problem in invalid.problems]
    except Refused as refused:
        return [refused.text]
    return []


# --- the jury's home: what to do today ------------------------------------------------------------


@login_required
@require_safe
def home(request):
    """After login: today's and this week's matches, those awaiting this juror's confirmation, the
    matches this juror is entering, and a search by team. Anyone but the jury goes to the front page."""
    if not request.user.has_perm(ENTER):
        return redirect("home")
    return render(request, "jury/home.html", jury_home.sections(request.user, request.GET.get("team", "")))


@jury_only
@require_POST
def withdraw(request, pk):
    match = get_match(pk)
    try:
        version = posted_version(request)
    except Refused as refused:
        answer_refusal(request, refused)
        return redirect("jury:match", pk=match.pk)
    return hand_entry.withdraw(request, match, version)


@jury_only
def blind(request, pk):
    return blind_confirmation.page(request, get_match(pk))


@jury_only
def keep_blind_hand(request, pk, number):
    return blind_confirmation.keep(request, get_match(pk), number)


@jury_only
@require_safe
def score_sheet(request, pk):
    """The printed score sheet: blank for a match to be played, filled for a confirmed one."""
    return score_sheet_pdf.response(request, get_match(pk))
