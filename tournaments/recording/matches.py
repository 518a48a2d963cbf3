"""A match's life, every step in one place: scheduled (by the jury, or by the organisers for a Cup
tie or a Grand Prix event), agreed by the chief jury when R15 asks it, recorded hand by hand,
submitted, confirmed by a second juror or sent back, corrected once confirmed; a Grand Prix match
counted elsewhere (R17); a scheduled match taken off the calendar.

Each step claims the match's version (optimistic locking), stamps who and why for the history,
and in the same transaction tells the competitions (R15-R17) and the trophy register (R20). Every
rule says no with a :class:`~tournaments.core.refusals.Refused`; the rows <-> records conversion and
the scores are the bridge's (tournaments.core.bridge).
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_noop,  # history reasons: stored in English, read translated
    ngettext,
)

from tournaments.core import bridge, register
from tournaments.core.competitions import (
    after_match_saved,
    check_match_allowed,
    check_recording_allowed,
    cup,
    grand_prix,
)
from tournaments.core.competitions.championship import AGREEMENT_REFUSAL, agreement_reasons
from tournaments.core.models import (
    Competition,
    CupTie,
    HandDraft,
    Match,
    Season,
    Team,
    public_data,
    stamp,
)
from tournaments.core.refusals import (
    MatchLocked,
    NotAllowed,
    Refused,
    StaleHand,
    StaleMatch,
    match_confirmed,
    match_submitted,
    not_played_yet,
    season_not_running,
)
from tournaments.core.roles import AGREE, CONFIRM, ENTER, ORGANISE
from tournaments.core.text import visible_text

from .jury_screen import after_commit_if_today

# The particulars an agreement is given for: changing one of them withdraws the agreement (R15).
AGREED_PARTICULARS = ("competition", "team_a", "team_b", "played_on", "played_publicly")
# A match's particulars change until it is submitted for confirmation.
EDITABLE_STATES = (Match.State.SCHEDULED, Match.State.IN_ENTRY, Match.State.RETURNED)
# The competitions whose matches the organisers put on the calendar, and may take off it.
ORGANISERS_CALENDAR = (Competition.Kind.CUP, Competition.Kind.GRAND_PRIX)


# --- the version claim and the after-save calls ------------------------------------------------


def claim_version(match: Match, expected_version: int | None) -> None:
    """Optimistic locking: a conditional UPDATE ... WHERE version = expected, inside the transaction.

    On PostgreSQL the UPDATE also holds the row until commit, so of two concurrent saves from the
    same version exactly one matches; SQLite serialises writers anyway.
    """
    expected = match.version if expected_version is None else expected_version
    claimed = Match.objects.filter(pk=match.pk, version=expected).update(version=F("version") + 1)
    if not claimed:
        raise stale_match(match, expected)
    match.version = expected + 1


def stale_match(match: Match, opened_version: int) -> StaleMatch:
    """The refusal of a save from a page opened at ``opened_version`` of a match changed since."""
    current = Match.objects.with_teams().select_related("entered_by").get(pk=match.pk)
    who = current.entered_by or _("another juror")
    return StaleMatch(
        _("This match was changed by %(who)s since you opened it (version %(old)s, now %(new)s); "
          "nothing was saved. Reload the match to see their entry.")
        % {"who": who, "old": opened_version, "new": current.version},
        current,
    )


def lock_teams(match: Match) -> None:
    """Hold the match's two teams until the transaction ends. Every rule that counts a team's matches
    (R15: 52 Championship matches; R16: three matches a Cup tie, whose two teams these are; R17:
    three Grand Prix matches) is checked while they are held, so two saves at once are checked one
    after the other, never both against the same count. (SQLite takes no row locks; it lets one
    writer through at a time.)"""
    hold_teams(match.team_a_id, match.team_b_id)


def hold_teams(*team_ids) -> None:
    """Lock the teams' rows, in id order, before any other row the transaction locks (a tie, a
    Grand Prix event, a match): every save takes them in that order, so two saves never wait for
    each other's rows."""
    Team.objects.hold(team_ids)


def lock_tie_teams(tie: CupTie) -> None:
    """R16: hold a tie's two teams, as a juror's new match of the tie does (lock_teams), so that the
    organisers' scheduling and the jury's count the tie's matches one after the other. Read afresh:
    the form's tie may be older than its teams."""
    hold_teams(*CupTie.objects.filter(pk=tie.pk).values_list("team_a_id", "team_b_id").get())


def _after_save(match: Match) -> None:
    """The register (R20) and the competitions (R15-R17) follow the saved match, in this transaction;
    a competition's refusal rolls the whole save back."""
    register.sync_match(match)
    after_match_saved(match)
    after_commit_if_today(match)


def _change_state(match: Match, user, expected_version: int | None, reason: str, **values) -> Match:
    """A match's state changed, with the register and the Cup's ties that follow it."""
    with transaction.atomic():
        lock_teams(match)  # before the first write, as every save does: the tie is locked after both (R16)
        _write_state(match, user, expected_version, reason, values)
        _after_save(match)
    return match


def _write_state(match: Match, user, expected_version: int | None, reason: str, values: dict) -> None:
    claim_version(match, expected_version)
    for key, value in values.items():
        setattr(match, key, value)
    stamp(match, user, reason)
    match.save()


# --- scheduling: the jury's form -----------------------------------------------------------------


def check_schedulable(match, user) -> bool:
    """Raise the competitions' refusal (naming its ruling) of a match about to be scheduled; True
    when it still needs the chief jury's agreement (R15)."""
    try:
        check_match_allowed(match)
        return False
    except Refused as refused:
        if refused.code != AGREEMENT_REFUSAL or match.state != Match.State.SCHEDULED:
            raise
    # Checked again as if the chief jury agreed today: what remains is a refusal (for instance the
    # match's date has passed, so an agreement would come too late).
    given = (match.jury_agreed_by_id, match.jury_agreed_at)
    match.jury_agreed_by_id, match.jury_agreed_at = user.pk, timezone.now()
    try:
        check_match_allowed(match)
    finally:
        match.jury_agreed_by_id, match.jury_agreed_at = given
    return True


def withdraw_agreement(match) -> bool:
    """Clear a given agreement (its particulars changed); True when there was one."""
    had_one = match.jury_agreed_by_id is not None
    match.jury_agreed_by, match.jury_agreed_at = None, None
    return had_one


def save_particulars(match, *, user, expected_version: int | None = None, changed=(),
                     paper_agreement: tuple | None = None, reason: str | None = None) -> list[str]:
    """Create or change a match's particulars after the competitions' checks; returns notices for
    the jury. ``changed`` names the fields the form changed (an agreement to other particulars is
    withdrawn). ``paper_agreement`` (the date, who gave it): the chief jury records with a match
    played since an agreement given on paper before it was played (R15). Raises Refused (a rule,
    the state, a stale version; R21: a closed season takes no new or rescheduled match)."""
    match.competition.season.check_open(_("Match"))
    if match.pk and match.state not in EDITABLE_STATES:
        raise Refused(_("The particulars of a match change only until it is submitted for "
                        "confirmation; this one is %(state)s.") % {"state": match.get_state_display()})
    notices = []
    if set(changed) & set(AGREED_PARTICULARS) and withdraw_agreement(match):
        notices.append(_("R15: the jury's agreement was given for other particulars; it is withdrawn."))
    if paper_agreement is not None:
        given_on, given_by = paper_agreement
        paper_agreement = (given_on, check_paper_agreement(match, user, given_on=given_on, given_by=given_by))
        # Checked by the competitions' rules as given then (R15: before the match was played).
        match.jury_agreed_by_id = user.pk
        match.jury_agreed_at = timezone.make_aware(datetime.datetime.combine(given_on, datetime.time(12)))
    with transaction.atomic():
        lock_teams(match)  # the rules below count the teams' matches (R15's 52, R16's three a tie)
        if check_schedulable(match, user):
            notices.append(_("R15: this match needs the chief jury's agreement before it is played, because "
                             "%(reasons)s.") % {"reasons": _(" and ").join(agreement_reasons(match))})
        reason = reason or (gettext_noop("Particulars changed") if match.pk else gettext_noop("Match scheduled"))
        if match.pk:
            claim_version(match, expected_version)
        stamp(match, user, reason)
        if paper_agreement is not None:
            _give_paper_agreement(match, user, paper_agreement[0], paper_agreement[1])
        match.save()
    return notices


# --- scheduling: the organisers' calendar of a Cup tie or a Grand Prix event ----------------------


def new_match(competition, team_a, team_b, *, played_on, place="", user, reason, **extra) -> Match:
    """A scheduled match between two teams, played by their Drivers and Catchers as entered (R14;
    the jury names a substitute on the match if one plays, where the competition allows it).
    Raises the competitions' refusal (naming its ruling); nothing is saved then."""
    if team_a == team_b:
        raise Refused(_("R13: a match is between two teams; a team cannot play itself."), code="R13_teams")
    season = competition.season
    season.check_open(_("Match"))
    if not season.starts <= played_on <= season.ends:
        raise Refused(_("R15: a match of the %(year)s season is played between 1 January and "
                        "31 December %(year)s.") % {"year": season.year}, code="R15_season")
    match = Match(competition=competition, team_a=team_a, team_b=team_b, played_on=played_on,
                  place=place or competition.place, a_driver=team_a.driver, a_catcher=team_a.catcher,
                  b_driver=team_b.driver, b_catcher=team_b.catcher, **extra)
    check_match_allowed(match)
    stamp(match, user, reason)
    match.save()
    return match


def schedule_tie_matches(tie: CupTie, *, played_on=None, place="", user) -> list[Match]:
    """R16: put the three matches of a tie on the calendar (those it still lacks), between its
    teams' Drivers and Catchers, by default on the round's date. A refusal names its ruling and
    schedules nothing."""
    with transaction.atomic():
        lock_tie_teams(tie)
        tie, missing = cup.tie_to_schedule(tie)
        played_on = played_on or cup.round_date(tie.competition, tie.round)
        reason = gettext_noop("Cup tie match scheduled (R16)")
        return [_new_tie_match(tie, Match.Kind.REGULAR, played_on, place, user, reason)
                for _number in range(missing)]


def schedule_tie_breaker(tie: CupTie, *, played_on=None, place="", user) -> Match:
    """R16: when the sums are equal after the three matches (and after every play-off so far), the
    organisers put a two-hand tie-breaker on the calendar. Refused, naming R16, at any other time."""
    with transaction.atomic():
        lock_tie_teams(tie)
        tie = cup.locked_tie(tie)
        played_on = played_on or cup.default_play_off_date(tie)
        return _new_tie_match(tie, Match.Kind.TIE_BREAKER, played_on, place, user,
                              gettext_noop("Cup tie-breaker scheduled (R16)"))


def _new_tie_match(tie, kind, played_on, place, user, reason) -> Match:
    return new_match(tie.competition, tie.team_a, tie.team_b, played_on=played_on, place=place, user=user,
                     reason=reason, cup_tie=tie, kind=kind)


def draw_grand_prix_pairings(event, *, seed: str | None = None, played_on=None, place="", user) -> list[Match]:
    """R17: the event's pairings drawn from a recorded seed, as scheduled matches; a refusal names
    R17 and creates nothing."""
    with transaction.atomic():
        pairs = grand_prix.pairings_to_draw(event, seed=seed)
        played_on = played_on or grand_prix.default_date(event)
        return [new_match(event, team_a, team_b, played_on=played_on, place=place, user=user,
                          reason=gettext_noop("Grand Prix pairing drawn (R17)"))
                for team_a, team_b in pairs]


def add_grand_prix_pairs(event, pairs, *, played_on=None, place="", user) -> list[Match]:
    """R17: pairs entered by the organisers, each a scheduled match between two entrants; every
    pair is checked (entrants, three matches a team) and one refusal saves none of them."""
    grand_prix.check_is_grand_prix(event)
    with transaction.atomic():
        # R17: the pairs' teams before the event, as a juror's new match holds its two teams: the
        # organisers' pairs and the jury's matches count a team's matches one after the other.
        hold_teams(*{team.pk for pair in pairs for team in pair})
        event = grand_prix.locked_event(event)
        played_on = played_on or grand_prix.default_date(event)
        return [new_match(event, team_a, team_b, played_on=played_on, place=place, user=user,
                          reason=gettext_noop("Grand Prix pairing entered (R17)"))
                for team_a, team_b in pairs]


def remove_scheduled_match(match, *, user) -> None:
    """Take a match off the calendar: only while it is scheduled, before any hand is entered (a
    recorded match stays on record and is corrected by the jury instead)."""
    match.competition.season.check_open(_("Match"))
    if match.state != Match.State.SCHEDULED or match.hands.exists():
        raise Refused(
            _("Only a scheduled match without hands can be removed; this one is %(state)s.")
            % {"state": match.get_state_display()}, code="not_scheduled")
    if match.competition.kind not in ORGANISERS_CALENDAR:
        raise Refused(_("The organisers remove only matches of a Cup tie or a Grand Prix event from the "
                        "calendar; the jury keeps the Championship's matches."), code="not_organisers")
    if match.jury_agreed_by_id is not None:
        raise Refused(_("R15: the chief jury agreed this match; it stays on the calendar unless the chief "
                        "jury changes its particulars."), code="agreed")
    stamp(match, user, gettext_noop("Removed from the schedule by the organisers"))
    match.delete()


REASON_LENGTH = 70  # the history's reason holds it with its lead-in (100 characters in all)


def written_reason(reason: str, ask: str) -> str:
    """R21's written reason (a cancellation, a reopening), as the history keeps it; refused when
    missing or too long for it."""
    reason = visible_text(reason or "")
    if not reason:
        raise Refused(_("Reason: %(ask)s; R21.") % {"ask": ask}, code="no_reason")
    if len(reason) > REASON_LENGTH:
        raise Refused(_("Reason: at most %(count)s characters, not %(length)s; R21.")
                      % {"count": REASON_LENGTH, "length": len(reason)}, code="long_reason")
    return reason


def cancel_scheduled_match(match, *, user, reason: str) -> None:
    """R21: the organisers take a scheduled, unplayed match of any competition off the calendar
    with a written reason, so that its season can close; the reason and who gave it stand in the
    match's history (its last row, the removal). A match with hands, or with a table being played,
    is played or corrected instead."""
    if not user.has_perm(ORGANISE):
        raise NotAllowed(_("Cancelling a scheduled match needs the organisers' permission."))
    reason = written_reason(reason, _("say why the match is cancelled"))
    with transaction.atomic():
        lock_teams(match)
        match = Match.objects.select_for_update(of=("self",)).select_related("competition__season").get(pk=match.pk)
        match.competition.season.check_open(_("Match"))
        if match.state != Match.State.SCHEDULED or match.hands.exists():
            raise Refused(_("R21: only a scheduled match not played yet is cancelled; this one is %(state)s.")
                          % {"state": match.get_state_display()}, code="not_scheduled")
        if match.tables.exists():
            raise Refused(_("R21: this match was taken to an online table; it is played there or its table "
                            "abandoned, not cancelled."), code="has_table")
        stamp(match, user, gettext_noop("Cancelled by the organisers: %(reason)s") % {"reason": reason})
        match.delete()


def mark_grand_prix_match(match, *, counts_for_championship: bool, cup_tie: CupTie | None, user,
                          reason: str = "", expected_version: int | None = None) -> Match:
    """R17: the jury counts a Grand Prix match also for the Championship and/or as a match of the
    Cup tie the two teams play in the current round. Every rule of those competitions applies;
    a refusal leaves the match unchanged. Where a confirmed match counts is a fact of that match:
    it changes only by the chief jury's correction, with a written reason, under a new version and
    in the match's history, like a correction of its hands."""
    if (match.counts_for_championship, match.cup_tie_id) == (counts_for_championship, getattr(cup_tie, "pk", None)):
        return match
    change = gettext_noop("Where the Grand Prix match counts changed (R17)")
    if match.is_locked:
        if not user.has_perm(CONFIRM):
            raise NotAllowed(_("This match is confirmed; where it counts changes only by the chief jury's "
                               "correction, with a reason."))
        reason = visible_text(reason)
        if not reason:
            raise Refused(_("A correction to a confirmed match needs a written reason."), code="no_reason")
        change = gettext_noop("Correction: %(reason)s") % {"reason": reason}
    else:
        match.competition.season.check_open(_("Where the match counts"))
    grand_prix.check_markable(match, cup_tie)
    with transaction.atomic():
        lock_teams(match)
        claim_version(match, expected_version)
        match = Match.objects.select_for_update().with_teams().get(pk=match.pk)
        old_tie_id = match.cup_tie_id
        match.counts_for_championship = counts_for_championship
        match.cup_tie = cup_tie
        check_match_allowed(match)
        stamp(match, user, change)
        match.save()
        _after_save(match)
        if old_tie_id and old_tie_id != match.cup_tie_id:
            cup.after_cup_match_saved(Match(cup_tie_id=old_tie_id))
    return match


# --- R15: the chief jury's agreement -----------------------------------------------------------


def check_agreement(match, user) -> None:
    """Refuse unless the chief jury may agree this match now (R15)."""
    if not user.has_perm(AGREE):
        raise NotAllowed(_("Agreeing a match needs the chief jury's permission."))
    if not agreement_reasons(match):
        raise Refused(_("R15: this match needs no agreement: it is not a Championship match played "
                        "privately or before the annual meeting."))
    if match.jury_agreed_by_id is not None:
        raise Refused(_("This match is already agreed."))
    match.competition.season.check_open(_("Agreement"))
    if match.played_on < timezone.localdate():
        raise Refused(_("R15: the jury agrees a match before it is played; this match's date "
                        "(%(date)s) has passed.") % {"date": date_format(match.played_on)})
    if match.state != Match.State.SCHEDULED:
        raise Refused(_("R15: the jury agrees a match before it is played; hands of this match "
                        "are already entered."))


def agree_match(match, user, expected_version: int | None = None) -> Match:
    """R15: record the chief jury's agreement to a private or early Championship match."""
    check_agreement(match, user)
    with transaction.atomic():
        claim_version(match, expected_version)
        match.jury_agreed_by, match.jury_agreed_at = user, timezone.now()
        stamp(match, user, gettext_noop("Agreed by the chief jury (R15)"))
        match.save()
    return match


PAPER_AGREEMENT_NAME_LENGTH = 50  # the history's reason holds it (100 characters in all)


def agree_match_on_paper(match, user, *, given_on, given_by: str, expected_version: int | None = None) -> Match:
    """R15: the chief jury records an agreement given earlier on paper to a private or early
    Championship match, so that the match, played since, can be entered. The agreement holds only
    if it was given on or before the day of play; its date is the match's agreement date, and who
    gave it, with that date, is in the match's history (the chief juror recording it is the user)."""
    if match.is_locked:
        raise match_confirmed()
    given_by = check_paper_agreement(match, user, given_on=given_on, given_by=given_by)
    with transaction.atomic():
        claim_version(match, expected_version)
        _give_paper_agreement(match, user, given_on, given_by)
        match.save()
    return match


def _give_paper_agreement(match, user, given_on, given_by) -> None:
    match.jury_agreed_by = user
    match.jury_agreed_at = timezone.make_aware(datetime.datetime.combine(given_on, datetime.time(12)))
    stamp(match, user, gettext_noop("Agreed on paper on %(date)s by %(who)s (R15)")
          % {"date": given_on.isoformat(), "who": given_by})


def check_paper_agreement(match, user, *, given_on, given_by: str) -> str:
    """Refuse unless the chief jury may record this agreement given on paper (R15); the name of
    who gave it, as it is kept."""
    if not user.has_perm(AGREE):
        raise NotAllowed(_("Agreeing a match needs the chief jury's permission."))
    if not agreement_reasons(match):
        raise Refused(_("R15: this match needs no agreement: it is not a Championship match played "
                        "privately or before the annual meeting."))
    if match.pk and Match.objects.filter(pk=match.pk, jury_agreed_by__isnull=False).exists():
        raise Refused(_("This match is already agreed."))
    match.competition.season.check_open(_("Agreement"))
    given_by = visible_text(given_by or "")
    if given_on is None or not given_by:
        raise Refused(_("R15: give the date of the agreement on paper and who gave it."), code="paper_incomplete")
    if len(given_by) > PAPER_AGREEMENT_NAME_LENGTH:
        raise Refused(_("R15: the name of who gave the agreement is at most %(count)s characters.")
                      % {"count": PAPER_AGREEMENT_NAME_LENGTH}, code="paper_name")
    if given_on > match.played_on:
        raise Refused(_("R15: the jury agrees a match before it is played; an agreement given on %(given)s, "
                        "after the match was played on %(played)s, does not hold.")
                      % {"given": date_format(given_on), "played": date_format(match.played_on)}, code="paper_late")
    if given_on > timezone.localdate():
        raise Refused(_("An agreement given on paper is dated today or earlier, not %(given)s.")
                      % {"given": date_format(given_on)}, code="paper_future")
    return given_by


# --- the door: every hand and match record enters here ------------------------------------------


class WayIn(enum.StrEnum):
    """How hands came in: the entry page, a score-sheet workbook, a match record file, the demo's
    builder, a restored backup, the online table. Every way meets the same checks and refusals; the
    history says which way it was."""

    PAGE = "page"
    WORKBOOK = "workbook"
    RECORD_FILE = "record file"
    DEMO = "demo"
    RESTORE = "restore"
    TABLE = "table"
    PLAYERS = "players"


# The history's reason for a whole match record, by way in (stored in English, read translated).
RECORD_REASONS = {
    WayIn.PAGE: gettext_noop("Scores entered"),
    WayIn.WORKBOOK: gettext_noop("Scores entered from a score sheet"),
    WayIn.RECORD_FILE: gettext_noop("Scores entered from a record file"),
    WayIn.DEMO: gettext_noop("Scores entered"),
    WayIn.RESTORE: gettext_noop("Scores entered"),
    WayIn.TABLE: gettext_noop("Scores entered at the online table"),
    WayIn.PLAYERS: gettext_noop("Scores entered by the players at the table"),
}
DRAFT_REASONS = {WayIn.RECORD_FILE: gettext_noop("Hands saved from a record file")}
CORRECTION_REASONS = {WayIn.RECORD_FILE: gettext_noop("Correction from a record file: %(reason)s")}


def check_hands_may_change(match: Match, user, *, correction: bool = False) -> None:
    """The two-person rule and the match's state, whichever way hands come in: the jury types a
    match's hands until it is submitted; then nobody changes them (the juror who submitted it may
    withdraw it first) until a second juror confirms it or sends it back; a confirmed match changes
    only by the chief jury's correction. Raises the same refusal for every way in."""
    if not user.has_perm(ENTER):
        raise NotAllowed(_("Entering scores needs the jury's permission."))
    if correction:
        if not match.is_locked:
            raise Refused(_("Only a confirmed match is corrected; this one is %(state)s, and its hands are "
                            "entered as usual.") % {"state": match.get_state_display()}, code="not_confirmed")
        if not user.has_perm(CONFIRM):
            raise NotAllowed(_("Correcting a confirmed match needs the chief jury's permission."))
        return
    if match.is_locked:
        raise match_confirmed()
    if match.state == Match.State.ENTERED:
        raise match_submitted()
    check_match_open(match)


def check_match_open(match: Match, field=None) -> None:
    """A match takes hands, a submission and a confirmation only while its season runs (R21: a
    closed season's results are final; one being prepared has not started) and only on or after
    the day it is played. The same refusal for every way in; a correction of a confirmed match is
    the chief jury's and is not held by these. ``field`` names what was to change (the hands)."""
    season = match.competition.season
    season.check_open(field or _("Hands"))
    if season.state == Season.State.PREPARED:
        raise season_not_running(season)
    if match.played_on > timezone.localdate():
        raise not_played_yet(date_format(match.played_on))


def why_hands_are_closed(match: Match, user, *, correction: bool | None = None) -> str:
    """Why the door would refuse this user's hands for the match now, or "": an upload page says so
    before anything is uploaded. A confirmed match takes a correction unless ``correction`` is False."""
    try:
        check_hands_may_change(match, user, correction=match.is_locked if correction is None else correction)
    except Refused as refused:
        return refused.text
    return ""


def record_match(match: Match, hand_records: list[dict], *, user, expected_version: int | None = None,
                 reason: str = "", correction: bool = False, draft: bool = False,
                 way_in: WayIn = WayIn.PAGE) -> Match:
    """Check every hand, then in ONE transaction replace the match's facts and store every score.

    A complete record leaves the match awaiting confirmation. A ``draft`` (the jury saving as it
    goes) holds hands 1..n so far: their hand scores are stored, the match score only once every
    hand is there, and the match stays "being entered" until :func:`submit_match`.

    Raises InvalidRecord (nothing saved) for any problem, the two-person rule's refusal
    (:func:`check_hands_may_change`) for a submitted or confirmed match, StaleMatch when
    ``expected_version`` is no longer the stored version.
    """
    check_hands_may_change(match, user, correction=correction)
    checked_hands = bridge.check_match_records(match, hand_records, draft=draft and not correction)
    if not reason:
        reason = DRAFT_REASONS.get(way_in, gettext_noop("Hands saved")) if draft else RECORD_REASONS[way_in]
    with transaction.atomic():
        lock_teams(match)  # R15 counts the teams' recorded matches when this one is scored
        claim_version(match, expected_version)
        bridge.store_hands(match, checked_hands, user, reason)
        bridge.store_match_scores(match, checked_hands)
        if not correction:
            match.state = Match.State.IN_ENTRY if draft else Match.State.ENTERED
            match.entered_by = user
            match.entered_at = timezone.now()
        stamp(match, user, reason)
        match.save()
        _after_save(match)
    return match


@dataclass
class RecordedHand:
    """What the door did with one hand: the match as saved, the hand's record as stored and its
    engine answer, and every stored hand's answer by number (for the page's totals)."""

    match: Match
    number: int
    record: dict
    answer: dict
    answers: dict[int, dict]


class _MatchMoved(Exception):
    """The match changed between being read and being claimed (another save landed)."""


def check_hand_number(match: Match, number: int) -> None:
    if not 1 <= number <= match.hands_expected:
        raise Refused(_("This match has hands 1 to %(count)s (%(ruling)s).")
                      % {"count": match.hands_expected, "ruling": bridge.count_ruling(match)}, code="hand_number")


def record_hand(match: Match, number: int, record: dict, *, user, base: str | None = None,
                way_in: WayIn = WayIn.PAGE, typed: bool = False, reason: str | None = None) -> RecordedHand:
    """Store one hand of a match being entered, on its own: a bad hand 5 never keeps hands 1-4 or
    6-8 from being stored. The engine checks and scores the hand once (InvalidRecord, nothing
    stored); its attack must follow the stored hands' (R3); the match score is stored once every
    hand is in (R13). ``typed``: what the juror typed for the hand is kept as a draft, forgotten now.

    ``base`` is the hand's fingerprint (bridge.hand_fingerprint) when the juror opened it: StaleHand
    when another juror stored a different hand since. Each stored hand claims the match's version;
    a change of the match's particulars since it was read is kept (the save is tried again on the
    match as it is then). ``reason``: the history's reason when the way in names more than the hand
    (the online table names its table)."""
    check_hand_number(match, number)
    check_hands_may_change(match, user)
    checked = bridge.check_hand(record)
    try:
        return _store_hand(match, number, checked, user=user, base=base, typed=typed, reason=reason)
    except _MatchMoved:
        opened = (match.version, match.team_a_id, match.team_b_id)
        match.refresh_from_db()
        if (match.team_a_id, match.team_b_id) != opened[1:]:  # another pairing now: not the match typed
            raise stale_match(match, opened[0]) from None
        check_hands_may_change(match, user)
        return _store_hand(match, number, checked, user=user, base=base, typed=typed, moved_again=True,
                           reason=reason)


def _store_hand(match, number, checked, *, user, base, typed, moved_again=False, reason=None) -> RecordedHand:
    reason = reason or gettext_noop("Hand %(number)s saved") % {"number": number}
    with transaction.atomic():
        rows = bridge.hand_rows(match)
        replaced = bridge.hands_with_facts().get(pk=rows[number].id) if number in rows else None
        current = bridge.hand_record(replaced) if replaced else None
        if base is not None and bridge.hand_fingerprint(current) != base:
            raise StaleHand(_("Hand %(number)s was saved by another juror since you opened it; nothing was "
                              "saved.") % {"number": number}, current)
        bridge.check_attack_follows(number, checked.hand.attackers.value,
                                    {other: row.attackers for other, row in rows.items()})
        answers = {other: bridge.stored_answer(row) for other, row in rows.items()}
        answers[number] = checked.answer
        record = bridge.record_of_checked(checked)
        if record == current:  # the hand as stored, saved again: nothing changes, nothing is recorded
            _forget_typing(match, number, typed)
            return RecordedHand(match, number, record, checked.answer, answers)
        totals = bridge.match_totals(match, [answers[other] for other in sorted(answers)])
        # The competitions (R15-R17) see a match when it starts being recorded (whether it may be,
        # R15's agreement) and when its score changes (every count); a hand that leaves the match
        # unscored and being entered changes nothing of theirs.
        told = match.state != Match.State.IN_ENTRY or any(
            getattr(match, name) != value for name, value in totals.items())
        starts = match.state != Match.State.IN_ENTRY
        if told:
            lock_teams(match)
        with public_data.unseen():  # the hands of a match not confirmed: no public page shows them
            _claim_for_hand(match, user, totals, moved_again)
            bridge.store_hand(match, number, checked, user, reason, replaced)
            stamp(match, user, reason)
            Match.history.bulk_history_create([match], update=True)  # last: the history's save ends with its match row
            _forget_typing(match, number, typed)
        after_commit_if_today(match)
        if starts:
            public_data.changed()  # the public sees the match being played now
        if told:
            (check_recording_allowed if starts and totals["score_a"] is None else after_match_saved)(match)
    return RecordedHand(match, number, record, checked.answer, answers)


def _forget_typing(match: Match, number: int, typed: bool) -> None:
    """What the jury typed for a hand now stored is no longer offered back (every juror's)."""
    if typed:
        HandDraft.objects.filter(match=match, number=number, purpose=HandDraft.Purpose.ENTRY).delete()


def _claim_for_hand(match: Match, user, totals: dict, moved_again: bool) -> None:
    """The match's version claimed and what a hand changes written, in one UPDATE, if the match is
    still as it was read (its version, state and teams); else _MatchMoved, to try once more."""
    values = {**totals, "state": Match.State.IN_ENTRY, "entered_by": user, "entered_at": timezone.now()}
    claimed = Match.objects.filter(pk=match.pk, version=match.version, team_a_id=match.team_a_id,
                                   team_b_id=match.team_b_id, state=match.state).update(
        version=F("version") + 1, **values)
    if not claimed:
        if moved_again:
            raise stale_match(match, match.version)
        raise _MatchMoved
    match.version += 1
    for name, value in values.items():
        setattr(match, name, value)


def check_hand_clearable(match: Match, number: int) -> None:
    """Refuse, saying why, unless a stored hand of this match may be cleared now: only while the
    match is being entered (or sent back), never once submitted, and a confirmed match changes only
    by a correction."""
    if match.is_locked:
        raise MatchLocked(_("This match is confirmed, so hand %(number)s is not cleared: a confirmed match changes "
                            "only by the chief jury's correction, with a reason.") % {"number": number})
    if match.state == Match.State.ENTERED:
        raise Refused(_("This match is submitted for confirmation, so hand %(number)s is not cleared now; the juror "
                        "who submitted it may withdraw the submission first.") % {"number": number},
                      code="submitted")
    match.competition.season.check_open(_("Hand %(number)s") % {"number": number})


def clear_hand(match: Match, number: int, *, user, base: str | None = None) -> dict:
    """Take a stored hand out of a match being entered (stored by mistake, say typed into the wrong
    row): its rows are deleted with their history, the match has no score until every hand is in
    again (R13), and the match version moves on. Returns the record of the hand cleared.

    ``base`` is the hand's fingerprint as the juror saw it: StaleHand when another juror stored a
    different hand since. Refused (nothing cleared) when the hand is not stored or the match is
    submitted or confirmed (:func:`check_hand_clearable`), checked on the row held for the change."""
    reason = gettext_noop("Hand %(number)s cleared") % {"number": number}
    with transaction.atomic():
        lock_teams(match)  # before the first write, as every save of a match does
        locked = Match.objects.select_for_update().get(pk=match.pk)
        check_hand_clearable(locked, number)
        stored = bridge.hands_with_facts().filter(match=match, number=number).first()
        if stored is None:
            raise Refused(_("Hand %(number)s is not stored; there is nothing to clear.") % {"number": number},
                          code="not_stored")
        cleared = bridge.hand_record(stored)
        if base is not None and bridge.hand_fingerprint(cleared) != base:
            raise StaleHand(_("Hand %(number)s was saved by another juror since you opened it; nothing was "
                              "cleared.") % {"number": number}, cleared)
        claim_version(match, locked.version)
        bridge.remove_hand(stored, user, reason)
        for name, value in bridge.stored_match_totals(match).items():
            setattr(match, name, value)
        match.state = Match.State.IN_ENTRY
        match.entered_by = user
        match.entered_at = timezone.now()
        stamp(match, user, reason)
        match.save()
        _after_save(match)
    return cleared


def withdraw_submission(match: Match, user, expected_version: int | None = None) -> Match:
    """The entering juror takes a submitted match back to change it, before anyone confirms it."""
    if match.state != Match.State.ENTERED:
        raise Refused(_("Only a match awaiting confirmation can be withdrawn."))
    match.competition.season.check_open(_("Submission for confirmation"))
    if match.entered_by_id != user.pk:
        raise NotAllowed(_("Only the juror who submitted the match may withdraw it (%(who)s).")
                         % {"who": match.entered_by})
    return _change_state(match, user, expected_version, gettext_noop("Submission withdrawn"),
                         state=Match.State.IN_ENTRY)


def correct_match(match: Match, hand_records: list[dict], *, user, reason: str,
                  expected_version: int | None = None, way_in: WayIn = WayIn.PAGE) -> Match:
    """A change to a confirmed match: chief jury only, with a written reason; the match stays confirmed."""
    check_hands_may_change(match, user, correction=True)
    reason = visible_text(reason)
    if not reason:
        raise Refused(_("A correction to a confirmed match needs a written reason."), code="no_reason")
    template = CORRECTION_REASONS.get(way_in, gettext_noop("Correction: %(reason)s"))
    return record_match(match, hand_records, user=user, expected_version=expected_version,
                        reason=template % {"reason": reason}, correction=True, way_in=way_in)


def submit_match(match: Match, user, expected_version: int | None = None) -> Match:
    """The jury's explicit "Submit for confirmation" of a match entered hand by hand: refused until
    every hand is saved (R13, R16); then it awaits a second juror."""
    if not user.has_perm(ENTER):
        raise NotAllowed(_("Submitting a match needs the jury's permission."))
    check_match_open(match, _("Submission for confirmation"))
    if match.state not in (Match.State.IN_ENTRY, Match.State.RETURNED):
        raise Refused(_("Only a match being entered (or sent back) is submitted for confirmation; this one "
                        "is %(state)s.") % {"state": match.get_state_display()})
    saved = match.hands.count()
    if saved != match.hands_expected or match.score_a is None:
        raise Refused(_("%(ruling)s: this match is %(expected)s hands and %(saved)s are saved; save every "
                        "hand before submitting it for confirmation.")
                      % {"ruling": bridge.count_ruling(match), "expected": match.hands_expected, "saved": saved})
    check_no_typing_unstored(match)
    return _change_state(match, user, expected_version, gettext_noop("Submitted for confirmation"),
                         state=Match.State.ENTERED)


def check_no_typing_unstored(match: Match) -> None:
    """A stored hand retyped since (its typing kept, not stored: the page shows it "not stored yet")
    holds the submission back: submitting would send the stored hand, not what the page shows."""
    retyped = sorted(set(HandDraft.objects.filter(match=match, purpose=HandDraft.Purpose.ENTRY)
                         .values_list("number", flat=True)))
    if retyped:
        hands = ", ".join(str(number) for number in retyped)
        raise Refused(ngettext(
            "Hand %(hands)s shows typing that is not stored: store it (Enter on its last field) or put "
            "it back as stored, then submit the match.",
            "Hands %(hands)s show typing that is not stored: store them (Enter on their last field) or put "
            "them back as stored, then submit the match.", len(retyped)) % {"hands": hands})


# --- confirmation by a second juror ------------------------------------------------------------


def _check_second_juror(match: Match, user) -> None:
    if not user.has_perm(CONFIRM):
        raise NotAllowed(_("Confirming scores needs the chief jury's permission."))
    if match.entered_by_id == user.pk or _saved_part_of(match, user):
        raise NotAllowed(_("The juror who entered a match cannot confirm it or send it back; "
                           "a second juror must."))
    if match.state != Match.State.ENTERED:
        raise Refused(_("Only a match awaiting confirmation can be confirmed or sent back."))
    check_match_open(match, _("Confirmation"))


check_second_juror = _check_second_juror  # the page says why a juror may not confirm


def may_confirm(match: Match, user) -> bool:
    """Whether the user may confirm the match or send it back now (the page offers it only then)."""
    try:
        _check_second_juror(match, user)
    except Refused:
        return False
    return True


def _saved_part_of(match: Match, user) -> bool:
    """Whether the user ever saved hands of this match: a match entered hand by hand may have
    several jurors, and none of them is the second pair of eyes on it. Only saving hands counts
    (each such save records its juror as the match's enterer); changing the particulars (the
    place, the date) or agreeing the match does not."""
    return match.history.filter(history_user=user, entered_by=user).exists()


def confirm_match(match: Match, user, expected_version: int | None = None) -> Match:
    """The second juror's confirmation: the match is locked and counts on the public pages."""
    _check_second_juror(match, user)
    return _change_state(match, user, expected_version, gettext_noop("Confirmed"), state=Match.State.CONFIRMED,
                         confirmed_by=user, confirmed_at=timezone.now())


def return_match(match: Match, user, comment: str, expected_version: int | None = None) -> Match:
    """Send an entered match back to the jury with a comment saying what to check."""
    _check_second_juror(match, user)
    # A browser sends a textarea's lines ending in CR LF: kept as the pages write them, LF alone.
    comment = visible_text(comment).replace("\r\n", "\n")
    if not comment:
        raise Refused(_("Say why the match is sent back."))
    return _change_state(match, user, expected_version, gettext_noop("Sent back: %(comment)s") % {"comment": comment},
                         state=Match.State.RETURNED, jury_comment=comment)
