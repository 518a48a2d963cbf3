"""The players enter their own match at the table: each team has a link (no account) to enter a
hand on a phone, the other team's link accepts it or disputes it, and only an accepted hand enters
the door (:func:`tournaments.recording.matches.record_hand`, way in ``WayIn.PLAYERS``), named in
the history with both teams' links and the juror who gave them. A hand stored is the jury's: the
players change it no more. The jury submits and confirms the match as ever (two-person rule).

A link reaches one match and one team. It ends when the jury renews it (the old one at once), ends
it, or the match leaves entry (submitted, confirmed)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.core import bridge
from tournaments.core.models import Match, PlayerHand, TeamLink, stamp
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.core.roles import ENTER

from .jury_screen import tell_the_jury
from .matches import WayIn, check_hand_number, check_match_open, record_hand

ENTRY_STATES = (Match.State.SCHEDULED, Match.State.IN_ENTRY, Match.State.RETURNED)
ACCEPTED_REASON = gettext_noop("Hand %(number)s at the table: entered by %(entering)s, accepted by %(accepting)s "
                               "(links: %(juror)s)")
REASON_LENGTH = 100  # a history row's reason (django-simple-history's column); PostgreSQL refuses more
# The history's reasons for a team's link given and ended (stored in English, read translated).
LINK_GIVEN = gettext_noop("The jury gave the team a link")
LINK_RENEWED = gettext_noop("The jury gave the team a new link, which ends this one")
LINK_ENDED = gettext_noop("The jury ended the team's link")


# --- the links ----------------------------------------------------------------------------------


def check_links_allowed(match: Match, user) -> None:
    if not user.has_perm(ENTER):
        raise NotAllowed(_("Giving the teams their links needs the jury's permission."))
    if not match.competition.players_enter_hands:
        raise Refused(_("The players do not enter this competition's matches: its setting “Players enter the "
                        "hands” is off (the organisers' competition page)."), code="players_not_entering")
    if match.state not in ENTRY_STATES:
        raise Refused(_("This match is %(state)s: its hands are no longer entered.")
                      % {"state": match.get_state_display()}, code="not_in_entry")


def give_link(match: Match, side: str, user) -> TeamLink:
    """A new link for one team of the match; the team's link before it ends at once. Both are in
    the links' history with the juror and the reason."""
    check_links_allowed(match, user)
    with transaction.atomic():
        _lock_links_of(match)
        _end_live_link(match, side, user, LINK_RENEWED)
        link = TeamLink(match=match, side=side, issued_by=user)
        stamp(link, user, LINK_GIVEN)
        link.save()
    return link


def end_link(match: Match, side: str, user) -> None:
    if not user.has_perm(ENTER):
        raise NotAllowed(_("Ending the teams' links needs the jury's permission."))
    with transaction.atomic():
        _lock_links_of(match)
        _end_live_link(match, side, user, LINK_ENDED)


def _lock_links_of(match: Match) -> None:
    """Two jurors giving a team a link at once: the second waits for the first, then ends the link
    the first gave (locking only the live link, the second would not see the first's new one and
    break the rule of one live link a team with a database error)."""
    Match.objects.select_for_update().filter(pk=match.pk).first()


def _end_live_link(match: Match, side: str, user, reason: str) -> None:
    """End the team's live link, if it has one, row by row: each end leaves its history row (a
    QuerySet's update() would leave none)."""
    for link in TeamLink.objects.select_for_update().filter(match=match, side=side, ended_at=None):
        link.ended_at = timezone.now()
        stamp(link, user, reason)
        link.save(update_fields=["ended_at"])


def live_links(match: Match) -> dict[str, TeamLink]:
    return {link.side: link for link in TeamLink.objects.filter(match=match, ended_at=None)}


def link_by_key(token: str) -> TeamLink | None:
    """The link with this key, ended or not (None: no such link)."""
    return (TeamLink.objects.select_related("match__competition__season", "match__team_a", "match__team_b")
            .filter(token=token).first())


def why_link_is_closed(link: TeamLink) -> str:
    """Why the link does nothing now, in the players' words, or ""."""
    if link.ended_at is not None:
        return _("This link has ended: the jury gave your team a new one, or ended it. Ask the jury.")
    if link.match.state not in ENTRY_STATES:
        return _("The match has been handed to the jury (%(state)s): the players enter nothing more.") % {
            "state": link.match.get_state_display()}
    return ""


def _check_link_open(link: TeamLink) -> None:
    closed = why_link_is_closed(link)
    if closed:
        raise Refused(closed, code="link_closed")
    check_match_open(link.match)


# --- the hands ----------------------------------------------------------------------------------


def player_hands(match: Match) -> dict[int, PlayerHand]:
    """The hands the teams entered, by number, each with the link that entered it: one query, the
    links' match (and so their teams) being ``match`` itself."""
    hands = PlayerHand.objects.filter(match=match).select_related("entered_by")
    for hand in hands:
        hand.entered_by.match = match
    return {hand.number: hand for hand in hands}


def why_hand_is_closed(link: TeamLink, number: int, stored: dict, entered: PlayerHand | None) -> str:
    """Why this team may not enter hand ``number`` now, or "" (``stored``: the match's stored
    hands' rows by number)."""
    if number in stored:
        return _("Hand %(number)s is stored: only the jury changes it now.") % {"number": number}
    if entered is not None and entered.entered_by.side != link.side and entered.state != PlayerHand.State.ACCEPTED:
        return _("The other team entered hand %(number)s: accept it, or dispute it with a note.") % {
            "number": number}
    return ""


def enter_hand(link: TeamLink, number: int, *, fields: dict, record: dict, sent_as: str = "") -> PlayerHand:
    """The team's hand ``number`` as typed (``fields``) and read (``record``), waiting for the other
    team. The engine checks it now (InvalidRecord, nothing kept), with its attack following the
    stored hands' (R3). The same hand sent again under the same ``sent_as`` is kept once."""
    _check_link_open(link)
    match = link.match
    check_hand_number(match, number)
    checked = bridge.check_hand(record)
    with transaction.atomic():
        rows = bridge.hand_rows(match)
        entered = PlayerHand.objects.select_for_update().select_related("entered_by").filter(
            match=match, number=number).first()
        if entered is not None and sent_as and entered.sent_as == sent_as and entered.entered_by_id == link.pk:
            return entered  # sent again after a lost connection: kept once
        closed = why_hand_is_closed(link, number, rows, entered)
        if closed:
            raise Refused(closed, code="hand_closed")
        bridge.check_attack_follows(number, checked.hand.attackers.value,
                                    {other: row.attackers for other, row in rows.items()})
        values = {"fields": fields, "record": bridge.record_of_checked(checked), "entered_by": link,
                  "entered_at": timezone.now(), "sent_as": sent_as, "state": PlayerHand.State.AWAITING,
                  "answered_by": None, "answered_at": None, "note": "",
                  "revision": (entered.revision + 1) if entered else 1}
        hand, _created = PlayerHand.objects.update_or_create(match=match, number=number, defaults=values)
        transaction.on_commit(tell_the_jury)
    return hand


def _hand_to_answer(link: TeamLink, number: int, revision: int) -> PlayerHand:
    _check_link_open(link)
    hand = PlayerHand.objects.select_for_update().select_related("entered_by").filter(
        match=link.match, number=number).first()
    if hand is None or hand.state == PlayerHand.State.ACCEPTED:
        raise Refused(_("Hand %(number)s is not waiting for your team's word.") % {"number": number},
                      code="nothing_to_answer")
    if hand.entered_by.side == link.side:
        raise NotAllowed(_("Your team entered hand %(number)s: the other team accepts or disputes it.")
                         % {"number": number})
    if hand.state == PlayerHand.State.DISPUTED:
        raise Refused(_("Hand %(number)s is disputed: the other team is entering it again.") % {"number": number},
                      code="disputed")
    if hand.revision != revision:
        raise Refused(_("The other team changed hand %(number)s since you opened it: look at it again.")
                      % {"number": number}, code="changed")
    return hand


def accept_hand(link: TeamLink, number: int, *, revision: int) -> PlayerHand:
    """The other team's word that hand ``number`` is right: the hand is stored through the door,
    as the juror who gave the entering team's link, and is the jury's from now on."""
    with transaction.atomic():
        already = PlayerHand.objects.filter(match=link.match, number=number, state=PlayerHand.State.ACCEPTED,
                                            answered_by=link, revision=revision).first()
        if already is not None:  # the same tap sent again (a lost answer): accepted once
            return already
        hand = _hand_to_answer(link, number, revision)
        entering = hand.entered_by
        reason = accepted_reason(number, entering.team.name, link.team.name, entering.issued_by.get_username())
        record_hand(link.match, number, hand.record, user=entering.issued_by, way_in=WayIn.PLAYERS, reason=reason)
        hand.state, hand.answered_by, hand.answered_at = PlayerHand.State.ACCEPTED, link, timezone.now()
        hand.save(update_fields=["state", "answered_by", "answered_at"])
        transaction.on_commit(tell_the_jury)
    return hand


def accepted_reason(number: int, entering: str, accepting: str, juror: str) -> str:
    """The history's reason for a hand accepted at the table, within its column: long names
    shortened, each to as many letters as leave room for all."""
    for longest in range(max(len(entering), len(accepting), len(juror)), 0, -1):
        names = {"entering": _shortened(entering, longest), "accepting": _shortened(accepting, longest),
                 "juror": _shortened(juror, longest)}
        reason = ACCEPTED_REASON % {"number": number, **names}
        if len(reason) <= REASON_LENGTH:
            return reason
    return reason[:REASON_LENGTH]


def _shortened(name: str, letters: int) -> str:
    return name if len(name) <= letters else name[:letters - 1] + "…"


def dispute_hand(link: TeamLink, number: int, *, revision: int, note: str) -> PlayerHand:
    """The other team says hand ``number`` is wrong: back to the entering team with the note."""
    note = note.strip()
    if not note:
        raise Refused(_("Say what is wrong with hand %(number)s (the note goes to the other team and the jury).")
                      % {"number": number}, code="note_required")
    with transaction.atomic():
        hand = _hand_to_answer(link, number, revision)
        hand.state, hand.answered_by, hand.answered_at, hand.note = (
            PlayerHand.State.DISPUTED, link, timezone.now(), note)
        hand.save(update_fields=["state", "answered_by", "answered_at", "note"])
        transaction.on_commit(tell_the_jury)
    return hand
