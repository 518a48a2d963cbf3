"""Small builders for test data, shared by every web test. Matches go through the real save
(tournaments.matches.record_match), so their stored scores are the rules engine's answers.

    user = make_user("jury")                        # or "chief", "organiser", None (no role)
    match = make_match(hand_records=eight_hand_records())
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
"""

import copy
import datetime
import itertools
from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tournaments import matches, register
from tournaments.competitions import after_match_saved, check_match_allowed
from tournaments.models import Announcement, Competition, Hand, Match, Player, Season, Team
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


# --- rows written directly, for the register's and the Cup's own tests ------------------------

MARCH_1 = datetime.date(2026, 3, 1)


def make_two_team_season(*, both_partners=False, values=False, thresholds="100,250,500,1000", year=2026):
    """A season with two teams: alice (driver) and bob (catcher) against carol and dave."""
    season = Season.objects.create(
        year=year, trophy_credit_both_partners=both_partners, trophy_points_are_values=values,
        cup_thresholds=thresholds,
    )
    people = {name: Player.objects.create(name=name.title(), membership_number=f"{year}-{name}")
              for name in ("alice", "bob", "carol", "dave")}
    red = Team.objects.create(season=season, name="Red", driver=people["alice"], catcher=people["bob"])
    blue = Team.objects.create(season=season, name="Blue", driver=people["carol"], catcher=people["dave"])
    championship = Competition.objects.create(
        season=season, kind=Competition.Kind.CHAMPIONSHIP, name="Championship", slug="championship",
    )
    return SimpleNamespace(season=season, red=red, blue=blue, championship=championship, **people)


def make_match_with_trophy_rows(world, played_on=MARCH_1, trophies=(), state=Match.State.CONFIRMED, competition=None):
    """A match of ``world``'s teams (see make_two_team_season) whose hands and announcements are
    written as rows directly, not through a save: ``trophies`` is a list of (hand number, seat, feast,
    result). The register reads only these rows, so its tests set exactly the ones they need."""
    match = Match.objects.create(
        competition=competition or world.championship, team_a=world.red, team_b=world.blue,
        played_on=played_on, state=state,
        a_driver=world.alice, a_catcher=world.bob, b_driver=world.carol, b_catcher=world.dave,
    )
    replace_hands_with_trophy_rows(match, trophies)
    return match


def replace_hands_with_trophy_rows(match, trophies):
    """Replace the match's hands by eight plain ones carrying ``trophies``, as a correction would."""
    match.hands.all().delete()
    for number in range(1, 9):
        hand = Hand.objects.create(
            match=match, number=number, attackers="A" if number % 2 else "B",
            a_trumps=11, a_honours=1, a_high_trumps="XVI", b_trumps=11, b_honours=1, b_high_trumps="XVII,XVIII",
        )
        wanted = [(seat, feast, result) for hand_number, seat, feast, result in trophies if hand_number == number]
        for position, (seat, feast, result) in enumerate(wanted):
            Announcement.objects.create(hand=hand, position=position, feast=feast, seat=seat, result=result)


def make_match_in_register(world, played_on=MARCH_1, trophies=()):
    """A confirmed match with ``trophies`` (see make_match_with_trophy_rows), then synced into the register."""
    match = make_match_with_trophy_rows(world, played_on, trophies)
    register.sync_match(match)
    return match


def make_confirmed_tie_match_with_scores(tie, score_a, score_b, kind=Match.Kind.REGULAR, swap=False,
                                          played_on=datetime.date(2025, 9, 1)):
    """A confirmed match of a Cup tie with the given match scores for the tie's teams A and B, and
    no hands: the scores are stored as given, then the competitions are told as a save tells them
    (check_match_allowed before, after_match_saved after). ``swap`` seats the tie's team B as A."""
    tie.refresh_from_db()
    team_a, team_b = (tie.team_b, tie.team_a) if swap else (tie.team_a, tie.team_b)
    scores = (score_b, score_a) if swap else (score_a, score_b)
    match = Match(competition=tie.competition, cup_tie=tie, kind=kind, team_a=team_a, team_b=team_b,
                  played_on=played_on, a_driver=team_a.driver, a_catcher=team_a.catcher,
                  b_driver=team_b.driver, b_catcher=team_b.catcher)
    check_match_allowed(match)
    match.state, match.score_a, match.score_b = Match.State.CONFIRMED, *scores
    match.hand_sum_a, match.hand_sum_b = (scores[0] * 8, scores[1] * 8) if kind == "regular" else scores
    match.save()
    after_match_saved(match)
    return match
