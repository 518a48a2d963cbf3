"""Blind confirmation (a competition's choice): the confirming juror types the submitted match
again from the score sheet without seeing the first entry; the match is confirmed when both agree
on every hand, otherwise the differences are shown hand by hand and nothing is confirmed.

What the second juror types is kept on the server as it is typed (blind drafts, one a hand and
juror: ``keep`` while typing, every hand when comparing) and offered back when they open the page
again; it is never shown to the first juror, nor the first entry to them before they compare."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core.lines import match_teams
from tournaments.core.refusals import Refused
from tournaments.recording import drafts, matches

from . import compare, hand_entry
from .forms import HandForm, SendBackForm
from .legend import legend_html


def _hands(match, user, data=None):
    """(form, the juror's draft) of each hand: as posted, else as they typed it, else empty."""
    kept = drafts.of_match(match, purpose=drafts.BLIND, user=user)
    hands = []
    for number in range(1, match.hands_expected + 1):
        draft = kept.get(number)
        if data is not None:
            form = HandForm(data, number=number)
        elif draft is not None:
            form = hand_entry.bound_form(number, draft.fields)
        else:
            form = HandForm(number=number, initial={"attackers": hand_entry.attackers_of(number, "A")})
        hands.append((form, draft))
    return hands


def may_type_blind(match) -> bool:
    return match.awaits_blind_confirmation


def hides_first_entry(match, user) -> bool:
    """Whether the first entry is kept from ``user``: a match awaiting blind confirmation, seen by a
    juror who may confirm it, who types it again without seeing it (its hands, its score, its
    history and its record all lead to the blind page instead)."""
    return may_type_blind(match) and matches.may_confirm(match, user)


def _check_second_juror(match, user) -> None:
    """403, saying why, unless ``user`` may confirm this match (not the juror who entered it)."""
    try:
        matches.check_second_juror(match, user)
    except Refused as refused:
        raise PermissionDenied(refused.text) from None


def page(request, match):
    if not may_type_blind(match):
        return redirect("jury:match", pk=match.pk)
    _check_second_juror(match, request.user)
    data = request.POST if request.method == "POST" else None
    hands = _hands(match, request.user, data)
    forms = [form for form, _draft in hands]
    if data is not None:
        hands = [(form, _keep(match, form, data, request.user)) for form in forms]
    answers = [hand_entry.evaluate(form, report=data is not None or not form.is_blank) for form in forms]
    differences = []
    if data is not None and all(answer is not None for answer in answers):
        differences = _differences(match, forms)
        if not differences:
            return _confirm(request, match)
    return render(request, "jury/blind.html", {
        "match": match, "hands": hands, "differences": differences,
        "hand_numbers": range(1, match.hands_expected + 1),
        "send_back_form": SendBackForm(initial={"version": match.version}),
        "posted": data is not None, "complete": all(answer is not None for answer in answers),
        "legend_html": legend_html(),
    }, status=200 if data is None or differences else 422)


def _keep(match, form, data, user):
    """Keep one hand as the juror typed it (a hand emptied again is forgotten); its draft or None."""
    if form.is_blank:
        drafts.discard(match, form.number, purpose=drafts.BLIND, user=user)
        return None
    return drafts.keep(match, form.number, hand_entry.fields_of(form, data), user, purpose=drafts.BLIND)


@require_POST
def keep(request, match, number):
    """While the confirming juror types: their hand is kept as typed, and the answer says so (it
    carries nothing of the first entry)."""
    if not 1 <= number <= match.hands_expected:
        raise Http404(_("This match has hands 1 to %(count)s.") % {"count": match.hands_expected})
    if not may_type_blind(match):
        raise PermissionDenied(_("This match is not awaiting a blind confirmation."))
    _check_second_juror(match, request.user)
    draft = _keep(match, HandForm(request.POST, number=number), request.POST, request.user)
    return render(request, "jury/_blind_kept.html", {"number": number, "draft": draft, "oob": True})


def _differences(match, forms):
    """Per hand, what the first entry and this one say differently."""
    records, _answers = hand_entry.stored_records(match)
    found = []
    for form in forms:
        lines = compare.differences(records.get(form.number), form.record,
                                    first_name=_("the first entry"), second_name=_("yours"), teams=match_teams(match))
        if lines:
            found.append((form.number, lines))
    return found


def _confirm(request, match):
    try:
        matches.confirm_match(match, request.user, expected_version=match.version)
    except Refused as refused:
        messages.error(request, refused.text)
    else:
        drafts.discard(match, purpose=drafts.BLIND)
        messages.success(request, _("Both entries agree on every hand: the match is confirmed."))
    return redirect("jury:match", pk=match.pk)
