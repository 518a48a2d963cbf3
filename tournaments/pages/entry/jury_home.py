"""The jury's home page: the matches a juror has to do with today, each one click (or key) away."""

import datetime

from django.db.models import Count, Q
from django.utils import timezone

from tournaments.core.models import HandDraft, Match
from tournaments.core.roles import CONFIRM

LIST_LENGTH = 20


def _matches():
    return (Match.objects.with_teams().select_related("entered_by")
            .annotate(hands_saved=Count("hands", distinct=True)).order_by("played_on", "id"))


def sections(user, team_query: str = "") -> dict:
    """Today's matches, the rest of this week's, those awaiting this juror's confirmation, those
    being entered by this juror (or with hands typed by them not stored yet), and a team search."""
    today = timezone.localdate()
    monday = today - datetime.timedelta(days=today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    week = list(_matches().filter(played_on__range=(monday, sunday))
                .exclude(state=Match.State.CONFIRMED)[:LIST_LENGTH])
    awaiting = []
    if user.has_perm(CONFIRM):
        awaiting = list(_matches().filter(state=Match.State.ENTERED).exclude(entered_by=user)[:LIST_LENGTH])
    typed = HandDraft.objects.filter(user=user, purpose=HandDraft.Purpose.ENTRY).values("match_id")
    own = list(_matches().filter(
        Q(state__in=(Match.State.IN_ENTRY, Match.State.RETURNED), entered_by=user) | Q(pk__in=typed))
        .exclude(state=Match.State.CONFIRMED)[:LIST_LENGTH])
    found = []
    team_query = team_query.strip()
    if team_query:
        found = list(_matches().filter(Q(team_a__name__icontains=team_query) | Q(team_b__name__icontains=team_query))
                     .order_by("-played_on", "id")[:LIST_LENGTH])
    return {
        "today": [match for match in week if match.played_on == today],
        "this_week": [match for match in week if match.played_on != today],
        "awaiting": awaiting, "own": own, "found": found, "team_query": team_query,
        "today_date": today,
    }
