"""The jury's home page: the matches a juror has to do with today, each one click (or key) away."""

import datetime

from django.db.models import Case, Count, Q, Value, When
from django.utils import timezone

from tournaments.core.competitions import championship
from tournaments.core.models import Competition, HandDraft, Match, Season
from tournaments.core.roles import AGREE, CONFIRM

LIST_LENGTH = 20


def _matches():
    return (Match.objects.with_teams().select_related("entered_by")
            .annotate(hands_saved=Count("hands", distinct=True)).order_by("played_on", "id"))


def awaiting_agreement(today) -> list:
    """R15: the matches still to be played that need the chief jury's agreement and have not got
    it (played privately, or before the annual meeting), soonest first, each with its reasons.
    Two queries: the unagreed scheduled matches counting for the Championship, their seasons'
    annual meetings (only when there are any)."""
    counted = Q(competition__kind=Competition.Kind.CHAMPIONSHIP) | Q(
        competition__kind=Competition.Kind.GRAND_PRIX, counts_for_championship=True)
    candidates = list(_matches().filter(counted, state=Match.State.SCHEDULED, jury_agreed_by__isnull=True,
                                        played_on__gte=today))
    if not candidates:
        return []
    meetings = championship.annual_meetings({match.competition.season_id for match in candidates})
    found = []
    for match in candidates:
        meeting = meetings.get(match.competition.season_id) or championship.default_annual_meeting(
            match.competition.season)
        match.agreement_reasons = championship.agreement_reasons(match, meeting)
        if match.agreement_reasons:
            found.append(match)
    return found[:LIST_LENGTH]


def _free_games_year(today):
    """The year of the free games the jury's home links to, in one query: a running season's (R21:
    not a closed one once next year's runs), this year's first, else the newest up to this year."""
    first = [Case(When(season__state=Season.State.RUNNING, then=Value(0)), default=Value(1)),
             Case(When(season__year__lte=today.year, then=Value(0)), default=Value(1)), "-season__year"]
    return (Competition.objects.filter(kind=Competition.Kind.FREE_GAMES)
            .filter(Q(season__year__lte=today.year) | Q(season__state=Season.State.RUNNING))
            .order_by(*first).values_list("season__year", flat=True).first())


def sections(user, team_query: str = "") -> dict:
    """Today's matches, the rest of this week's, those awaiting this juror's confirmation (and, for
    the chief jury, its agreement, R15), those
    being entered by this juror (or with hands typed by them not stored yet), and a team search."""
    today = timezone.localdate()
    monday = today - datetime.timedelta(days=today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    week = list(_matches().filter(played_on__range=(monday, sunday))
                .exclude(state=Match.State.CONFIRMED)[:LIST_LENGTH])
    awaiting = []
    if user.has_perm(CONFIRM):
        awaiting = list(_matches().filter(state=Match.State.ENTERED).exclude(entered_by=user)[:LIST_LENGTH])
    to_agree = awaiting_agreement(today) if user.has_perm(AGREE) else []
    typed = HandDraft.objects.filter(user=user, purpose=HandDraft.Purpose.ENTRY).values("match_id")
    own = list(_matches().filter(
        Q(state__in=(Match.State.IN_ENTRY, Match.State.RETURNED), entered_by=user) | Q(pk__in=typed))
        .exclude(state=Match.State.CONFIRMED)[:LIST_LENGTH])
    found = []
    team_query = team_query.strip()
    if team_query:
        found = list(_matches().filter(Q(team_a__name__icontains=team_query) | Q(team_b__name__icontains=team_query))
                     .order_by("-played_on", "id")[:LIST_LENGTH])
    free_games_year = _free_games_year(today)
    return {
        "free_games_year": free_games_year,
        "today": [match for match in week if match.played_on == today],
        "this_week": [match for match in week if match.played_on != today],
        "awaiting": awaiting, "to_agree": to_agree, "own": own, "found": found, "team_query": team_query,
        "today_date": today,
    }
