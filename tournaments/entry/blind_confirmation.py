"""Blind confirmation (a competition's choice): the confirming juror types the submitted match
again from the score sheet without seeing the first entry; the match is confirmed when both agree
on every hand, otherwise the differences are shown hand by hand and nothing is confirmed. What the
second juror types is kept as it is typed (blind drafts), never shown to the first."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import matches
from tournaments.models import Match
from tournaments.refusals import Refused

from . import compare, drafts, hand_entry
from .forms import HandForm


def _forms(match, user, data=None):
    kept = drafts.of_match(match, purpose=drafts.BLIND, user=user)
    forms = []
    for number in range(1, match.hands_expected + 1):
        if data is not None:
            forms.append(HandForm(data, number=number))
        elif number in kept:
            forms.append(hand_entry.bound_form(number, kept[number].fields))
        else:
            forms.append(HandForm(number=number, initial={"attackers": hand_entry.attackers_of(number, "A")}))
    return forms


def page(request, match):
    if not match.competition.blind_confirmation or match.state != Match.State.ENTERED:
        return redirect("jury:match", pk=match.pk)
    try:
        matches.check_second_juror(match, request.user)
    except Refused as refused:
        raise PermissionDenied(refused.text) from None
    data = request.POST if request.method == "POST" else None
    forms = _forms(match, request.user, data)
    if data is not None:
        for form in forms:
            drafts.keep(match, form.number, hand_entry.fields_of(form, data), request.user, purpose=drafts.BLIND)
    answers = [hand_entry.evaluate(form, report=data is not None or not form.is_blank) for form in forms]
    differences = []
    if data is not None and all(answer is not None for answer in answers):
        differences = _differences(match, forms)
        if not differences:
            return _confirm(request, match)
    return render(request, "jury/blind.html", {
        "match": match, "hands": list(zip(forms, answers, strict=True)), "differences": differences,
        "posted": data is not None, "complete": all(answer is not None for answer in answers),
    }, status=200 if data is None or differences else 422)


def _differences(match, forms):
    """Per hand, what the first entry and this one say differently."""
    records, _answers = hand_entry.stored_records(match)
    found = []
    for form in forms:
        lines = compare.differences(records.get(form.number), form.record,
                                    first_name=_("the first entry"), second_name=_("yours"))
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
