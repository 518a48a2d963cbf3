"""Many played matches at once: the demo's national-scale season (``manage.py demo --scale N``)
and the tests that need a full Championship.

Every hand record is checked and scored by the engine (bridge.check_match_records), each match by
the competitions' rules (check_match_allowed), and the stored rows take the values the door
(tournaments.recording.matches.record_match) stores. Only the way rows reach the database differs:
bulk inserts, each with its history row (entered by the juror, confirmed by the chief jury). The
trophy register (R20) is re-derived once for the whole batch, so ``manage.py rescore`` finds
nothing to change afterwards. Demo and benchmark data only: the site's ways in go through the door.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop  # history reasons: stored in English, read translated
from simple_history.utils import bulk_create_with_history

from tournaments.core import bridge, register
from tournaments.core.competitions import check_match_allowed
from tournaments.core.models import Announcement, Hand, Match, SilentPremium
from tournaments.core.refusals import NotAllowed
from tournaments.core.roles import CONFIRM, ENTER

BULK_BATCH = 500


@dataclass
class PlayedMatch:
    """An unsaved match (teams, players, date) and the hand records played in it."""

    match: Match
    records: list[dict]
    checked: list = field(default_factory=list)


def _scored(played: PlayedMatch, juror, chief, now) -> Match:
    match = played.match
    check_match_allowed(match)
    played.checked = bridge.check_match_records(match, played.records)
    for name, value in bridge.match_totals(match, [checked.answer for checked in played.checked]).items():
        setattr(match, name, value)
    match.state = Match.State.CONFIRMED
    match.entered_by, match.entered_at = juror, now
    match.confirmed_by, match.confirmed_at = chief, now
    match.version = 2  # saved once, confirmed once, as through the entry pages
    return match


def record_confirmed(played_matches: Iterable[PlayedMatch], *, juror, chief, chunk: int = 250) -> int:
    """Check, score and store every match as entered by ``juror`` and confirmed by ``chief`` (two
    jurors, as the two-person rule asks), a chunk of matches at a time, then re-derive the register
    once. Call inside a transaction: raises InvalidRecord if the engine refuses any hand, and the
    competitions' refusal (R15-R17) of any match. Returns the number of hands stored."""
    if not juror.has_perm(ENTER) or not chief.has_perm(CONFIRM) or juror.pk == chief.pk:
        raise NotAllowed(_("Played matches are entered by a juror and confirmed by another, of the chief jury."))
    hands = 0
    for part in itertools.batched(played_matches, chunk):
        hands += _record_chunk(list(part), juror=juror, chief=chief)
    _rederive_register()
    return hands


def _record_chunk(played_matches: list[PlayedMatch], *, juror, chief) -> int:
    now = timezone.now()
    reason = gettext_noop("Confirmed")
    matches = [_scored(played, juror, chief, now) for played in played_matches]
    with transaction.atomic():
        bulk_create_with_history(matches, Match, batch_size=BULK_BATCH, default_user=chief,
                                 default_change_reason=reason, default_date=now)
        hands = [Hand(match=played.match, number=number, **bridge.hand_values(checked))
                 for played in played_matches
                 for number, checked in enumerate(played.checked, start=1)]
        hands = bulk_create_with_history(hands, Hand, batch_size=BULK_BATCH, default_user=juror,
                                         default_change_reason=reason, default_date=now)
        checked_hands = [checked for played in played_matches for checked in played.checked]
        announcements, silent = [], []
        for hand, checked in zip(hands, checked_hands, strict=True):
            announcements += [Announcement(hand=hand, position=position, **bridge.announcement_values(announcement))
                              for position, announcement in enumerate(checked.hand.announcements)]
            silent += [SilentPremium(hand=hand, premium=entry.premium.id, team=entry.team.value)
                       for entry in checked.hand.silent or ()]
        for model, rows in ((Announcement, announcements), (SilentPremium, silent)):
            bulk_create_with_history(rows, model, batch_size=BULK_BATCH, default_user=juror,
                                     default_change_reason=reason, default_date=now)
    return len(hands)


def _rederive_register() -> None:
    register.rederive(fix=True)
