"""Small builders for test data, shared by every web test. Matches go through the real save
(tournaments.matches.record_match), so their stored scores are the rules engine's answers.

    user = make_user("jury")                        # or "chief", "organiser", None (no role)
    match = make_match(hand_records=eight_hand_records())
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
"""

import copy
import datetime
import itertools

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tournaments import matches
from tournaments.models import Competition, Match, Player, Season, Team
from tournaments.roles import CHIEF_JURY, JURY, ORGANISER

PASSWORD = "tarokk-test"
ROLE_GROUPS = {"jury": JURY, "chief": CHIEF_JURY, "organiser": ORGANISER}
_numbers = itertools.count(1)


def _next() -> int:
    return next(_numbers)


def make_user(role=None, username=None, **extra):
    """A user in the group of ``role`` ("jury", "chief", "organiser") or in none; password PASSWORD."""
    username = username or f"{role or 'visitor'}{_next()}"
    user = get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)
    if role is not None:
        user.groups.add(Group.objects.get(name=ROLE_GROUPS[role]))
    if role == "organiser":
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user


def make_season(year=2025, **extra):
    season, _ = Season.objects.get_or_create(year=year, defaults=extra)
    return season


def make_player(name=None, **extra):
    number = _next()
    return Player.objects.create(name=name or f"Player {number}", membership_number=f"T{number:05d}", **extra)


def make_team(name=None, season=None, substitute=False, **extra):
    season = season or make_season()
    return Team.objects.create(
        season=season, name=name or f"Team {_next()}", driver=make_player(), catcher=make_player(),
        substitute=make_player() if substitute else None, **extra,
    )


def make_competition(kind=Competition.Kind.CHAMPIONSHIP, season=None, **extra):
    season = season or make_season()
    unique_kinds = {Competition.Kind.CHAMPIONSHIP, Competition.Kind.CUP, Competition.Kind.FREE_GAMES}
    if kind in unique_kinds:
        existing = Competition.objects.filter(season=season, kind=kind).first()
        if existing is not None:
            return existing
    number = _next()
    defaults = {"name": f"{Competition.Kind(kind).label} {number}", "slug": f"{kind}-{number}"}
    return Competition.objects.create(season=season, kind=kind, **(defaults | extra))


def make_match(team_a=None, team_b=None, competition=None, hand_records=None, *, user=None,
               confirmed=False, played_on=None, **extra):
    """A match; with ``hand_records`` its hands are recorded through matches.record_match (entered
    by ``user`` or a new juror), and with ``confirmed`` a chief juror confirms it."""
    competition = competition or make_competition()
    team_a = team_a or make_team(season=competition.season)
    team_b = team_b or make_team(season=competition.season)
    match = Match.objects.create(
        competition=competition, team_a=team_a, team_b=team_b,
        played_on=played_on or datetime.date(competition.season.year, 3, 1),
        a_driver=team_a.driver, a_catcher=team_a.catcher, b_driver=team_b.driver, b_catcher=team_b.catcher,
        **extra,
    )
    if hand_records is not None:
        matches.record_match(match, hand_records, user=user or make_user("jury"))
    if confirmed:
        matches.confirm_match(match, make_user("chief"))
    return match


HOLDINGS = {
    "A": {"trumps": 12, "honours": 1, "high_trumps": ["XVIII"]},
    "B": {"trumps": 10, "honours": 1, "high_trumps": ["XVI", "XVII"]},
}

# Eight hands in results mode (what a paper sheet holds), attack alternating from A (R3), with a
# spread of announcements: a flight feast, a free pass with a contra, material, bound tricks, a
# message and silent premiums. Hand scores, A then B: 100/90, 80/95, 80/100, 90/86, 79/90, 90/95,
# 95/90, 90/100; match 88 (704) to 93 (746) (checked by tests/web/test_entry_engine.py).
_ANNOUNCEMENTS = [
    [{"feast": "pheasant", "by": "A.driver", "cards": ["I"], "contra": None, "result": "won"}],
    [{"feast": "play", "by": "B.driver", "contra": "opponents", "result": "won"}],
    [],
    [{"feast": "visi", "by": "B.catcher", "contra": None, "result": "won"}],
    [{"feast": "honour", "by": "A.catcher", "contra": None, "result": "lost"}],
    [{"feast": "centre", "by": "B.driver", "contra": None, "result": "won"}],
    [{"feast": "flush", "by": "A.catcher"}],
    [{"feast": "pagat_capture", "by": "B.catcher", "contra": "partner", "result": "won"}],
]
_SILENT = [[], [], [{"premium": "four_kings", "team": "B"}], [], [], [],
           [{"premium": "obscure", "team": "A"}], []]


def hand_records_results_mode(count=8, first_attackers="A"):
    """``count`` valid results-mode FORMAT.md hand records, attack alternating from ``first_attackers``."""
    other = "B" if first_attackers == "A" else "A"
    records = []
    for number in range(count):
        records.append({
            "format": "royal-tarokk-hand/1",
            "attackers": first_attackers if number % 2 == 0 else other,
            "holdings": copy.deepcopy(HOLDINGS),
            "announcements": copy.deepcopy(_ANNOUNCEMENTS[number % 8]),
            "silent": copy.deepcopy(_SILENT[number % 8]),
        })
    return records


def eight_hand_records():
    """Eight valid results-mode hand records, A attacking first."""
    return hand_records_results_mode(8)
