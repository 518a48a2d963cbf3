"""The demo's and the benchmarks' matches: legal hands from the engine's generator
(:func:`random_hand_records`), and many played matches recorded at once for the demo's
national-scale season (``demo --scale N``).

The answers are the bridge's: every hand record is checked and scored by the rules engine through
tournaments.bridge (``check_match_records``), and the stored rows take the same values
``matches.record_match`` stores. Only the way rows reach the database differs: bulk inserts, each
with its history row (entered by the juror, confirmed by the chief jury), instead of one save at
a time. The trophy register (R20) is re-derived once for the whole batch by its own repair path,
so ``manage.py rescore`` finds nothing to change afterwards.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from scoring import generate
from scoring.cards import Team
from tournaments import bridge
from tournaments.models import Announcement, Hand, Match, SilentPremium

BATCH = 500


def random_hand_records(rng, count: int, *, first_attackers: str = "A", full: bool = False,
                        table: bool = False) -> list[dict]:
    """``count`` legal hand records from the engine's generator (scoring.generate), attack
    alternating from ``first_attackers`` (R3): results mode, or with the deal and tricks; with
    ``table``, hands as a tournament table plays them (see scoring.generate.table_hand)."""
    make = generate.full_record if full else generate.results_record
    teams = [Team(first_attackers), Team(first_attackers).other]
    return [make(rng, attackers=teams[number % 2], table=table) for number in range(count)]


@dataclass
class PlayedMatch:
    """An unsaved match (teams, players, date) and the hand records played in it."""

    match: Match
    records: list[dict]
    checked: list = field(default_factory=list)


def _scored(played: PlayedMatch, juror, chief, now) -> Match:
    match = played.match
    played.checked = bridge.check_match_records(match, played.records)
    for name, value in bridge.match_totals(match, [checked.answer for checked in played.checked]).items():
        setattr(match, name, value)
    match.state = Match.State.CONFIRMED
    match.entered_by, match.entered_at = juror, now
    match.confirmed_by, match.confirmed_at = chief, now
    match.version = 2  # saved once, confirmed once, as through the entry pages
    return match


def record_confirmed(played_matches: Iterable[PlayedMatch], *, juror, chief, chunk: int = 250) -> int:
    """Check, score and store every match as entered by ``juror`` and confirmed by ``chief``, a
    chunk of matches at a time, then re-derive the register once. Call inside a transaction:
    raises InvalidRecord if the engine refuses any hand. Returns the number of hands stored."""
    hands = 0
    for part in itertools.batched(played_matches, chunk):
        hands += _record_chunk(list(part), juror=juror, chief=chief)
    _rederive_register()
    return hands


def _record_chunk(played_matches: list[PlayedMatch], *, juror, chief) -> int:
    now = timezone.now()
    reason = _("Confirmed")
    matches = [_scored(played, juror, chief, now) for played in played_matches]
    with transaction.atomic():
        bulk_create_with_history(matches, Match, batch_size=BATCH, default_user=chief,
                                 default_change_reason=reason, default_date=now)
        hands = [Hand(match=played.match, number=number, **bridge.hand_values(checked))
                 for played in played_matches
                 for number, checked in enumerate(played.checked, start=1)]
        hands = bulk_create_with_history(hands, Hand, batch_size=BATCH, default_user=juror,
                                         default_change_reason=reason, default_date=now)
        checked_hands = [checked for played in played_matches for checked in played.checked]
        announcements, silent = [], []
        for hand, checked in zip(hands, checked_hands, strict=True):
            announcements += [Announcement(hand=hand, position=position, **bridge.announcement_values(announcement))
                              for position, announcement in enumerate(checked.hand.announcements)]
            silent += [SilentPremium(hand=hand, premium=entry.premium.id, team=entry.team.value)
                       for entry in checked.hand.silent or ()]
        for model, rows in ((Announcement, announcements), (SilentPremium, silent)):
            bulk_create_with_history(rows, model, batch_size=BATCH, default_user=juror,
                                     default_change_reason=reason, default_date=now)
    return len(hands)


def _rederive_register() -> None:
    from tournaments import register

    register.rederive(fix=True)
