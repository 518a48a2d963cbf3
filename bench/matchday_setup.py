"""`make bench-matchday`'s preparation, run inside the site (``manage.py shell``): the jurors, a
chief juror, and the matches they enter today, on the demo season already built.

Every juror gets matches of their own (Championship matches played publicly today, so that no
agreement is needed, R15, and the day of play has come): scheduled matches of the season moved to
today first, then new ones between teams that still have Championship matches to play (an earlier
run's matches of today moved to the day before, so that each run's day has as many matches as
a real one). The
Championship is set to confirmation by a second juror who sees the first entry (the bench's chief
confirms what was entered). Printed as one JSON line for the benchmark.
"""

import datetime
import json

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from bench import SEASON_PLAYED_OUT
from tournaments.core.competitions import championship as championship_rules
from tournaments.core.models import Competition, Match, Season
from tournaments.core.refusals import Refused
from tournaments.core.roles import CHIEF_JURY, JURY
from tournaments.recording import matches as door

PLACE = "Benchmark"


def users(names, group_name, password_hash):
    """The users, in the group, all with the same password (hashed once: hashing is slow on purpose)."""
    group = Group.objects.get(name=group_name)
    made = []
    for name in names:
        user, _created = get_user_model()._default_manager.update_or_create(
            username=name, defaults={"password": password_hash, "is_active": True})
        user.groups.set([group])
        made.append(user)
    return made


def matches_scored(season) -> dict[int, int]:
    """Each team's Championship matches scored this season (what R15's limit counts)."""
    scored = championship_rules.counted_matches(season).filter(hand_sum_a__isnull=False)
    counts: dict[int, int] = {}
    for team_a, team_b in scored.values_list("team_a_id", "team_b_id"):
        counts[team_a] = counts.get(team_a, 0) + 1
        counts[team_b] = counts.get(team_b, 0) + 1
    return counts


def todays_matches(season, competition, count, chief):
    """``count`` Championship matches to enter today: scheduled ones first, then new ones, only
    between teams that may still score one (R15's limit, counting the day's), the teams with the
    fewest first, so that run after run spreads over the season's teams."""
    today = timezone.localdate()
    # A match day of its own each run: what an earlier run entered today moves to the day before,
    # so that the big screen shows this run's matches, as many as on a real match day.
    Match.objects.filter(competition=competition, place=PLACE, played_on=today).update(
        played_on=today - datetime.timedelta(days=1))
    scored, limit = matches_scored(season), competition.match_limit

    def room(*teams):
        return all(scored.get(team.pk, 0) < limit for team in teams)

    def take(match):
        found.append(match)
        for team in (match.team_a, match.team_b):
            scored[team.pk] = scored.get(team.pk, 0) + 1

    found = []
    candidates = (Match.objects.filter(competition=competition, state=Match.State.SCHEDULED, played_publicly=True,
                                       kind=Match.Kind.REGULAR)
                  .exclude(place=PLACE).select_related("competition__season", "team_a", "team_b").order_by("pk"))
    for match in candidates:
        if len(found) == count:
            break
        match.played_on = today
        if room(match.team_a, match.team_b) and not championship_rules.agreement_reasons(match):
            take(match)
    Match.objects.filter(pk__in=[match.pk for match in found]).update(played_on=today, place=PLACE)
    teams = sorted(season.teams.order_by("pk"), key=lambda team: scored.get(team.pk, 0))
    step = 1
    while len(found) < count and step < len(teams):
        for index in range(len(teams)):
            if len(found) == count:
                break
            team_a, team_b = teams[index], teams[(index + step) % len(teams)]
            if not room(team_a, team_b):
                continue
            try:
                take(door.new_match(competition, team_a, team_b, played_on=today, place=PLACE, user=chief,
                                    reason="Scheduled for the match-day benchmark", played_publicly=True))
            except Refused:  # a team's matches are all on the calendar (R15)
                continue
        step += 1
    if len(found) < count:
        raise SystemExit(f"{SEASON_PLAYED_OUT}: only {len(found)} Championship matches can be played today; "
                         f"{count} are needed")
    return [match.pk for match in found]


def prepare(jurors: int, matches_each: int, quiet_matches: int, password: str) -> dict:
    season = Season.objects.current()
    competition = season.competitions.get(kind=Competition.Kind.CHAMPIONSHIP)
    if competition.blind_confirmation:
        competition.blind_confirmation = False
        competition.save(update_fields=["blind_confirmation"])
    password_hash = make_password(password)
    names = [f"bench-jury-{number}" for number in range(1, jurors + 1)]
    jury = users(names, JURY, password_hash)
    (chief,) = users(["bench-chief"], CHIEF_JURY, password_hash)
    pks = todays_matches(season, competition, jurors * matches_each + quiet_matches, chief)
    year = season.year
    return {
        "year": year,
        "jurors": [user.username for user in jury],
        "chief": chief.username,
        "quiet": pks[:quiet_matches],
        "matches": [pks[quiet_matches + index::jurors] for index in range(jurors)],
        "urls": {
            "login": reverse("login"),
            "big_screen": reverse("public:big_screen", args=[year]),
            "championship": reverse("public:championship", args=[year]),
            "cup": reverse("public:cup", args=[year]),
            "today": reverse("public:today"),
        },
    }


def main(jurors: int, matches_each: int, quiet_matches: int, password: str) -> None:
    print(json.dumps(prepare(jurors, matches_each, quiet_matches, password)))
