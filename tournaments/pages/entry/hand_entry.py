"""Entering a match hand by hand: each hand is stored the moment it is complete and valid, on its
own (a bad hand 5 never keeps hands 1-4 or 6-8 from being stored), and what is typed is kept on
the server as it is typed (tournaments.recording.drafts), so the page offers it back on return.

The page posts one hand at a time: ``keep`` while the juror types (the typing is kept and the
engine's score shown, no problem is reported for a hand not finished), ``save`` when the hand is
finished (Enter on its last field, or its Save button): stored when valid, else kept as typed and
marked, with the first problem focused. Without JavaScript the Save buttons work the same.
"""

from dataclasses import dataclass

from django.contrib import messages
from django.db import InternalError, OperationalError
from django.db.models import prefetch_related_objects
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core import bridge
from tournaments.core.lines import line_name, match_teams
from tournaments.core.models import Hand
from tournaments.core.refusals import Refused, StaleHand
from tournaments.core.roles import answer_refusal, check_may_enter_hands, may_enter_hands
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import drafts, matches, notation

from . import compare
from .forms import HandForm

# The draft's key for the fingerprint of the stored hand its typing was over.
BASE = "base"


@dataclass
class HandEntry:
    """One hand on the entry page: its form (bound to the typing when there is a draft), the
    engine's answer, and whether it is stored, typed but not stored, or empty."""

    form: HandForm
    answer: dict | None
    stored: dict | None  # the stored record
    draft: object = None
    saved_now: bool = False
    refusal: list | None = None
    seen: str | None = None  # the fingerprint of another juror's hand the refusal showed
    theirs: dict | None = None  # that hand's record, shown beside the juror's typing

    @property
    def lost_race(self) -> bool:
        """Another juror stored this hand over the juror's typing: theirs is what is stored, the
        typing is not, and only "Replace theirs" saves over it."""
        return self.seen is not None
    unwritten: bool = False  # the database refused the write: nothing was stored, the typing is shown

    @property
    def number(self):
        return self.form.number

    @property
    def scored_record(self) -> dict | None:
        """The record ``answer`` scores: the other juror's after a lost race, else the typing once
        it reads, else the stored hand."""
        if self.lost_race:
            return self.theirs
        if self.form.is_bound:
            return self.form.record
        return self.stored

    @property
    def status(self):
        if self.lost_race:
            return "conflict"
        if self.draft is not None and not self.form.is_blank:
            return "typed"
        return "stored" if self.stored is not None else "empty"

    @property
    def fingerprint(self):
        """The stored hand the page's typing is over: the draft's, when the typing is kept. After a
        lost race it stays the hand the typing began over, so that a plain save (Enter) is refused
        again; only "Replace theirs" carries the other juror's hand, as ``seen``."""
        if self.draft is not None and BASE in self.draft.fields:
            return self.draft.fields[BASE]
        return bridge.hand_fingerprint(self.stored)

    @property
    def theirs_described(self) -> list[str]:
        return described(self.theirs) if self.theirs else []

    @property
    def yours_described(self) -> list[str]:
        record = self.form.record if self.form.is_bound and self.form.is_valid() else None
        if record is None:
            return [_("(not complete: see the marked fields)")]
        return described(record)


def first_attackers(stored: dict[int, dict]) -> str | None:
    """R3: hand 1's attackers as the stored hands have them (None before any is stored)."""
    return bridge.first_attackers({number: record["attackers"] for number, record in stored.items()})


def attackers_of(number: int, first: str) -> str:
    return bridge.attackers_in_hand(number, known_number=1, known_attackers=first)


def stored_records(match) -> tuple[dict[int, dict], dict[int, dict]]:
    """Each stored hand's record and cached answer, by number."""
    hands = bridge.hands_with_facts().filter(match=match).order_by("number")
    records, answers = {}, {}
    for hand in hands:
        records[hand.number] = bridge.hand_record(hand)
        answers[hand.number] = bridge.stored_answer(hand)
    return records, answers


class StoredHands:
    """A match's stored hands as the typing kept reads them: their rows in one query, their whole
    records (announcements and silent premiums, two more queries) only when a hand the answer
    reads whole is stored. Most keeps are of a hand not stored yet, with no other hand's typing
    kept: they read the other hands' attackers and scores only."""

    def __init__(self, match):
        self.rows = {hand.number: hand for hand in Hand.objects.filter(match=match).order_by("number")}
        self.answers = {number: bridge.stored_answer(hand) for number, hand in self.rows.items()}
        self._records = None

    def records(self) -> dict[int, dict]:
        """Every stored hand's whole record (read once, as stored_records reads them)."""
        if self._records is None:
            prefetch_related_objects(list(self.rows.values()), *bridge.hand_facts())
            self._records = {number: bridge.hand_record(hand) for number, hand in self.rows.items()}
        return self._records

    def records_for(self, numbers) -> dict[int, dict]:
        """The records entry_for and shown_answers read for the hands ``numbers`` (the one shown and
        those with typing kept): whole when one of them is stored; else each hand's attackers only,
        all that is read of a hand neither shown nor typed (R3)."""
        if self.rows.keys() & set(numbers):
            return self.records()
        return {number: {"attackers": hand.attackers} for number, hand in self.rows.items()}


def fields_of(form: HandForm, data) -> dict[str, str]:
    """The hand's inputs as typed, by field name (what a draft keeps)."""
    return {name: str(data.get(form.add_prefix(name), "")) for name in form.fields}


def bound_form(number: int, fields: dict[str, str]) -> HandForm:
    form = HandForm(number=number, data={f"h{number}-{name}": value for name, value in fields.items()})
    return form


def evaluate(form: HandForm, *, report: bool) -> dict | None:
    """The engine's answer for a typed hand; its problems attached to the fields when ``report``."""
    if form.is_blank:
        return None
    if not form.is_valid():
        if report:
            form.show_all_problems()
        return None
    try:
        return bridge.evaluate_hand_record(form.record)
    except bridge.InvalidRecord as invalid:
        if report:
            form.show_problems(invalid.problems)
        return None


def hand_entries(match, user=None, stored=None) -> list[HandEntry]:
    """Every hand of the match as the entry page shows it: the typing kept for it if any (checked,
    its problems marked), else the stored hand, else an empty hand whose attackers follow R3.
    ``stored``: the match's stored_records(), when the caller has just read them."""
    records, answers = stored or stored_records(match)
    kept = drafts.of_match(match)
    first = first_attackers(records)
    entries = [entry_for(match, number, records, answers, kept.get(number), first)
               for number in range(1, match.hands_expected + 1)]
    if first is None:
        _follow_first_hand(entries)
    return entries


def entry_for(match, number: int, records, answers, draft, first: str | None) -> HandEntry:
    """One hand as :func:`hand_entries` shows it (``first``: hand 1's stored attackers, if any)."""
    if draft is not None:
        return _typed_entry(match, number, records, answers, draft)
    if number in records:
        form = HandForm(number=number, initial=initial_for(records[number], number))
        return HandEntry(form, answers[number], records[number])
    form = HandForm(number=number, initial={"attackers": attackers_of(number, first or "A")})
    return HandEntry(form, None, None)


def _typed_entry(match, number: int, records, answers, draft) -> HandEntry:
    """A hand with typing kept: the typing checked, its problems marked; the stored hand's scores
    when another juror stored the hand since the typing began."""
    form = bound_form(number, draft.fields)
    answer = evaluate(form, report=True)
    if answer is not None and not _attack_follows(form, records, number):
        answer = None
    refusal = _stored_since(form, draft, records.get(number), match_teams(match))
    entry = HandEntry(form, answer, records.get(number), draft, refusal=refusal)
    if refusal is not None:  # the table shows what is stored, not the typing
        entry.answer = answers.get(number)
        entry.seen, entry.theirs = bridge.hand_fingerprint(records.get(number)), records.get(number)
    return entry


def shown_answers(match, records, answers, kept, shown: HandEntry) -> list[dict | None]:
    """Each hand's answer as :func:`hand_entries` has it, ``shown``'s own from it: only a hand with
    typing kept needs its form, to be read; a stored hand's answer is the stored one."""
    found = []
    for number in range(1, match.hands_expected + 1):
        if number == shown.number:
            found.append(shown.answer)
        elif number in kept:
            found.append(_typed_entry(match, number, records, answers, kept[number]).answer)
        else:
            found.append(answers.get(number))
    return found


def _attack_follows(form: HandForm, records: dict[int, dict], number: int) -> bool:
    """R3, for a hand typed but not stored: its attackers alternate with the stored hands'."""
    try:
        bridge.check_attack_follows(number, form.record["attackers"],
                                    {other: record["attackers"] for other, record in records.items()})
    except bridge.InvalidRecord as invalid:
        form.show_problems(invalid.problems)
        return False
    return True


def _stored_since(form: HandForm, draft, stored: dict | None, teams: dict) -> list[str] | None:
    """Another hand stored under this number since the kept typing began: said at once, with what
    differs, so that a reload never hides it (saving the typing is refused until the juror sees it)."""
    if BASE not in draft.fields or draft.fields[BASE] == bridge.hand_fingerprint(stored):
        return None
    typed = form.record if form.is_valid() else None
    return [_("Hand %(number)s was saved by another juror since this was typed; your typing is kept, not "
              "stored.") % {"number": form.number}] + compare.differences(
        stored, typed, first_name=_("the other juror's hand"), second_name=_("yours"), teams=teams)


def _follow_first_hand(entries: list[HandEntry]) -> None:
    """Before any hand is stored, hand 1's typed attackers decide the others' (R3)."""
    typed = entries[0].form["attackers"].value()
    if typed in ("A", "B"):
        for entry in entries[1:]:
            if entry.draft is None:
                entry.form.initial["attackers"] = attackers_of(entry.number, typed)


def saved_count(entries: list[HandEntry]) -> int:
    return sum(entry.stored is not None for entry in entries)


def running_totals(entries: list[HandEntry]):
    return bridge.running_totals([entry.answer for entry in entries])


def problem_summary(entries: list[HandEntry]) -> list[tuple[str, str]]:
    """(input id, text) of every problem on the page, hand by hand, for the summary at the top."""
    found = []
    for entry in entries:
        found += entry.form.summary()
        for line in entry.refusal or []:
            found.append((entry.form["a_trumps"].auto_id, line))
    return found


def is_editable(match, user) -> bool:
    return may_enter_hands(match, user)


# --- the views --------------------------------------------------------------------------------


def _refuse_unless_editable(request, match, number=None):
    if number is not None and not 1 <= number <= match.hands_expected:
        raise Http404(_("This match has hands 1 to %(count)s.") % {"count": match.hands_expected})
    check_may_enter_hands(match, request.user)


def _typed_form(request, number):
    """The hand as posted, and what its draft keeps: the typing, and the fingerprint of the stored
    hand it was typed over (``base``), so that a save after a reload still notices another
    juror's hand stored meanwhile."""
    form = HandForm(request.POST, number=number)
    return form, {**fields_of(form, request.POST), BASE: str(request.POST.get(form.add_prefix(BASE), ""))}


@require_POST
def keep(request, match, number):
    """While the juror types: keep the typing, answer with the engine's score (no problem shown)."""
    _refuse_unless_editable(request, match, number)
    form, fields = _typed_form(request, number)
    stored = StoredHands(match)
    if form.is_blank or _same_as_stored(form, stored.records().get(number) if number in stored.rows else None):
        drafts.discard(match, number)
    else:
        drafts.keep(match, number, fields, request.user)
    # The hands as just read (keeping the typing stores none); the answer shows only this hand, so
    # the others are read only for the totals.
    kept = drafts.of_match(match)
    records, answers = stored.records_for({number, *kept}), stored.answers
    entry = entry_for(match, number, records, answers, kept.get(number), first_attackers(records))
    if not entry.lost_race:  # after a lost race the table keeps the stored hand's scores
        entry.answer = evaluate(form, report=False) or (entry.answer if entry.status == "stored" else None)
    entry.form = form
    totals = bridge.running_totals(shown_answers(match, records, answers, kept, entry))
    saved = sum(number in records for number in range(1, match.hands_expected + 1))
    return render(request, "jury/_hand_kept.html", {
        "match": match, "entry": entry, "totals": totals, "saved_hands": saved})


def _same_as_stored(form: HandForm, stored: dict | None) -> bool:
    """Whether the typing says what is stored (a keep arriving after the save leaves no draft)."""
    return stored is not None and form.is_valid() and form.record is not None and not compare.differences(
        stored, form.record, first_name="", second_name="")


@require_POST
def save(request, match, number):
    """The hand is finished: store it when valid (its typing forgotten), else keep it as typed,
    marked. htmx gets the hand back (and the totals, version and summary); a plain form post
    goes back to the page, at the next hand."""
    _refuse_unless_editable(request, match, number)
    if request.POST.get(f"h{number}-keep_theirs"):
        return _keep_theirs(request, match, number)
    form, fields = _typed_form(request, number)
    kept = drafts.of_match(match)
    entry = HandEntry(form, None, None)
    recorded = None if form.is_blank else _store(request, match, entry, typed=number in kept)
    if recorded is not None:
        entries = _entries_after_save(match, recorded, kept)
    else:
        if not form.is_blank and not entry.unwritten:
            drafts.keep(match, number, fields, request.user)
        entries = hand_entries(match)
        shown = entries[number - 1]
        shown.form = form
        if entry.seen is not None:  # lost the race: the stored hand's scores, theirs beside the typing
            shown.seen, shown.theirs, shown.answer = entry.seen, entry.theirs, entry.answer
        elif not shown.lost_race:
            shown.answer = entry.answer
        shown.refusal = entry.refusal or shown.refusal
    if not request.htmx:
        if recorded is not None:
            messages.success(request, _("Hand %(number)s is saved.") % {"number": number})
        return redirect(reverse("jury:match", args=[match.pk]) + f"#hand-{_next_hand(entries, number)}")
    return render(request, "jury/_hand_saved.html", {
        "match": match, "entry": entries[number - 1], "entries": entries, "totals": running_totals(entries),
        "saved_hands": saved_count(entries),
        "summary": problem_summary(entries), "next_hand": _next_hand(entries, number),
        "all_stored": all(item.stored is not None for item in entries),
    }, status=200)


def _keep_theirs(request, match, number):
    """After a lost race: the juror's typing of the hand forgotten, the other juror's hand kept."""
    drafts.discard(match, number)
    if not request.htmx:
        return redirect(reverse("jury:match", args=[match.pk]) + f"#hand-{number}")
    entries = hand_entries(match)
    return render(request, "jury/_hand_saved.html", {
        "match": match, "entry": entries[number - 1], "entries": entries, "totals": running_totals(entries),
        "saved_hands": saved_count(entries), "summary": problem_summary(entries),
        "next_hand": _next_hand(entries, number), "all_stored": all(item.stored is not None for item in entries),
    })
def unwritten_text():
    return _("Nothing was saved: the database cannot be written at the moment. What you typed is kept on "
             "this page; save the hand again in a few minutes.")


# Another hand's stored record, not read again after a save: the page shows only the saved hand.
NOT_READ: dict = {}


def _entries_after_save(match, recorded: matches.RecordedHand, kept) -> list[HandEntry]:
    """The page's hands after one was stored, from what the door answered and the typing kept for
    the others (their problems stay in the summary): no hand is read again."""
    entries = []
    for number in range(1, match.hands_expected + 1):
        if number == recorded.number:
            form = HandForm(number=number, initial=initial_for(recorded.record, number))
            entries.append(HandEntry(form, recorded.answer, recorded.record, saved_now=True))
            continue
        draft = kept.get(number)
        stored = NOT_READ if number in recorded.answers else None
        if draft is not None:
            form = bound_form(number, draft.fields)
            entries.append(HandEntry(form, evaluate(form, report=True), stored, draft))
        else:
            entries.append(HandEntry(HandForm(number=number), recorded.answers.get(number), stored))
    return entries


def _store(request, match, entry: HandEntry, *, typed: bool) -> matches.RecordedHand | None:
    """Through the door: the hand stored (None when refused, the refusal on the entry)."""
    form = entry.form
    if not form.is_valid():
        form.show_all_problems()
        return None
    # "Replace theirs" (only that button) carries the other juror's hand the page has shown.
    replace = request.POST.get(f"h{form.number}-replace")
    base = replace if replace is not None else request.POST.get(f"h{form.number}-base")
    try:
        recorded = matches.record_hand(match, form.number, form.record, user=request.user, base=base, typed=typed)
    except bridge.InvalidRecord as invalid:
        form.show_problems(invalid.problems)
    except StaleHand as stale:
        entry.refusal = [stale.text] + compare.differences(
            stale.current, form.record, first_name=_("the other juror's hand"), second_name=_("yours"),
            teams=match_teams(match))
        entry.seen, entry.theirs = bridge.hand_fingerprint(stale.current), stale.current
        entry.answer = bridge.evaluate_hand_record(stale.current) if stale.current else None
    except Refused as refused:
        entry.refusal = [refused.text]
    except (OperationalError, InternalError):
        if not request.htmx:  # the whole page: the site's "nothing was saved" page (pages.errors)
            raise
        # Read-only, locked or gone: the hand comes back as typed, saying so on the hand itself.
        entry.refusal, entry.unwritten = [unwritten_text()], True
    else:
        entry.saved_now, entry.answer = True, recorded.answer
        return recorded
    return None


def _next_hand(entries: list[HandEntry], number: int) -> int | None:
    """The next hand to type after ``number``: the first later one not stored, else any earlier."""
    order = entries[number:] + entries[:number]
    return next((entry.number for entry in order if entry.stored is None or entry.status == "typed"), None)


def save_all(request, match):
    """Every typed hand of the page posted at once (the page without JavaScript): each stored on
    its own when valid, the others kept as typed and marked."""
    _refuse_unless_editable(request, match)
    kept = drafts.of_match(match)
    stored, not_stored = [], []
    for number in range(1, match.hands_expected + 1):
        form, fields = _typed_form(request, number)
        if form.is_blank:
            continue
        entry = HandEntry(form, None, None)
        if _store(request, match, entry, typed=number in kept) is not None:
            stored.append(str(number))
        else:
            drafts.keep(match, number, fields, request.user)
            not_stored.append(str(number))
    if stored:
        messages.success(request, _("Stored: hand %(hands)s.") % {"hands": ", ".join(stored)})
    if not_stored:
        messages.error(request, _("Not stored, kept as typed: hand %(hands)s; see the marked fields.")
                       % {"hands": ", ".join(not_stored)})
    if not stored and not not_stored:
        messages.error(request, _("Nothing to save: no hand is typed."))
    return redirect("jury:match", pk=match.pk)


@require_POST
def withdraw(request, match, version):
    """The entering juror takes back a submitted match to change it."""
    try:
        matches.withdraw_submission(match, request.user, expected_version=version)
    except Refused as refused:
        answer_refusal(request, refused)
    else:
        messages.success(request, _("The submission is withdrawn; the match can be changed again."))
    return redirect("jury:match", pk=match.pk)


# --- clearing a stored hand ----------------------------------------------------------------------


def described(record: dict) -> list[str]:
    """A stored hand in words, for the juror to recognise it before clearing it."""
    lines = [_("Attackers: %(team)s") % {"team": record["attackers"]}]
    for team, holding in record["holdings"].items():
        lines.append(_("Team %(team)s: %(holding)s") % {"team": team, "holding": compare.holding_text(holding)})
    lines += [notation.announcement_words(item) for item in record.get("announcements") or []]
    lines += [_("%(premium)s: team %(team)s") % {"premium": line_name(item["premium"]), "team": item["team"]}
              for item in record.get("silent") or []]
    if record.get("deal"):
        lines.append(_("With the deal and the tricks."))
    return lines


def _clear_refusal(match, number, stored) -> list[str] | None:
    """Why hand ``number`` cannot be cleared now, or None (the page offers the button only then)."""
    try:
        matches.check_hand_clearable(match, number)
    except Refused as refused:
        return [refused.text]
    if stored is None:
        return [_("Hand %(number)s is not stored; there is nothing to clear.") % {"number": number}]
    return None


def clear(request, match, number):
    """"Clear hand N": the stored hand and the question (GET), then clearing it (POST); refused with
    the reason when the match is submitted or confirmed, the hand is not stored, or another juror
    stored it again meanwhile (then the page shows the hand as it is now, to clear or keep)."""
    if not 1 <= number <= match.hands_expected:
        raise Http404(_("This match has hands 1 to %(count)s.") % {"count": match.hands_expected})
    records, answers = stored_records(match)
    refusal = _clear_refusal(match, number, records.get(number))
    if request.method == "POST" and refusal is None:
        refusal = _clear(request, match, number)
        if refusal is None:
            messages.success(request, _("Hand %(number)s is cleared; the match's history keeps what it held.")
                             % {"number": number})
            return redirect(reverse("jury:match", args=[match.pk]) + f"#hand-{number}")
        match.refresh_from_db()
        records, answers = stored_records(match)
    record = records.get(number)
    return render(request, "jury/clear_hand.html", {
        "match": match, "number": number, "refusal": refusal, "answer": answers.get(number),
        "described": described(record) if record else [], "fingerprint": bridge.hand_fingerprint(record),
        "clearable": _clear_refusal(match, number, record) is None,
    }, status=422 if request.method == "POST" else 200)


def _clear(request, match, number) -> list[str] | None:
    """Clear the hand (and whatever was typed into it); the refusal's lines, or None when cleared.
    Only the hand the juror was shown is cleared: the post names it by its fingerprint."""
    base = request.POST.get("base")
    if not base:
        return [_("The page did not say which hand %(number)s it shows; nothing was cleared. Look at the hand "
                  "below and clear it again.") % {"number": number}]
    try:
        matches.clear_hand(match, number, user=request.user, base=base)
    except Refused as refused:  # the match's state, the hand gone, or stored again by another juror
        return [refused.text]
    drafts.discard(match, number)
    return None
