"""The jury's match-day screen: every match of the day on one page, each hand as the players have
it (not entered, awaiting the other team, sent back with its note, stored) and the running scores;
a match with a hand sent back, or silent for too long while being entered, is marked for a look.
Pushed, not polled: the page's socket (match_day_socket) is told when the players' hands change."""

import datetime
from dataclasses import dataclass, field

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.core.models import Hand, Match, PlayerHand
from tournaments.core.roles import jury_only

# A match being entered whose last hand came this long ago: a table may be stuck, or its phones.
SILENT_FOR = datetime.timedelta(minutes=20)
SHOWN_STATES = (Match.State.SCHEDULED, Match.State.IN_ENTRY, Match.State.RETURNED, Match.State.ENTERED)


@dataclass
class Table:
    match: Match
    hands: list = field(default_factory=list)  # (number, state, note, scores or None)
    score_a: int = 0
    score_b: int = 0
    disputed: bool = False
    silent: bool = False


def tables_of_the_day(day: datetime.date) -> list[Table]:
    """Each match of ``day`` still with the jury, in three queries whatever their number."""
    matches = list(Match.objects.filter(played_on=day, state__in=SHOWN_STATES)
                   .select_related("competition", "team_a", "team_b").order_by("competition", "pk"))
    stored = {(hand.match_id, hand.number): hand for hand in
              Hand.objects.filter(match__in=matches).only("match_id", "number", "score_a", "score_b")}
    entered = {(hand.match_id, hand.number): hand for hand in PlayerHand.objects.filter(match__in=matches)
               .select_related("entered_by").only("match_id", "number", "state", "note", "entered_at",
                                                  "entered_by__side")}
    now = timezone.now()
    return [_table(match, stored, entered, now) for match in matches]


def _table(match, stored, entered, now) -> Table:
    table = Table(match)
    last = None
    for number in range(1, match.hands_expected + 1):
        hand, player_hand = stored.get((match.pk, number)), entered.get((match.pk, number))
        if player_hand is not None:
            last = max(last or player_hand.entered_at, player_hand.entered_at)
        if hand is not None:
            table.hands.append((number, "stored", "", (hand.score_a, hand.score_b)))
            table.score_a += hand.score_a or 0
            table.score_b += hand.score_b or 0
        elif player_hand is not None and player_hand.state != PlayerHand.State.ACCEPTED:
            table.hands.append((number, player_hand.state, player_hand.note, None))
            table.disputed |= player_hand.state == PlayerHand.State.DISPUTED
        else:
            table.hands.append((number, "empty", "", None))
    table.silent = (match.state == Match.State.IN_ENTRY and last is not None and now - last > SILENT_FOR)
    return table


@jury_only
@require_safe
@never_cache
def match_day(request):
    day = timezone.localdate()
    tables = tables_of_the_day(day)
    tables.sort(key=lambda table: not (table.disputed or table.silent))  # those needing a look first
    return render(request, "jury/match_day.html", {"tables": tables, "day": day, "silent_minutes":
                                                   int(SILENT_FOR.total_seconds() // 60)})
