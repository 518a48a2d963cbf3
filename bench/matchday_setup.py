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


def todays_matches(season, competition, count, chief):
    """``count`` Championship matches to enter today: scheduled ones first, then new ones."""
    today = timezone.localdate()
    # A match day of its own each run: what an earlier run entered today moves to the day before,
    # so that the big screen shows this run's matches, as many as on a real match day.
    Match.objects.filter(competition=competition, place=PLACE, played_on=today).update(
        played_on=today - datetime.timedelta(days=1))
    found = []
    candidates = (Match.objects.filter(competition=competition, state=Match.State.SCHEDULED, played_publicly=True,
                                       kind=Match.Kind.REGULAR)
                  .exclude(place=PLACE).select_related("competition__season", "team_a", "team_b").order_by("pk"))
    for match in candidates:
        if len(found) == count:
            break
        match.played_on = today
        if not championship_rules.agreement_reasons(match):
            found.append(match)
    Match.objects.filter(pk__in=[match.pk for match in found]).update(played_on=today, place=PLACE)
    teams = list(season.teams.order_by("pk"))
    step = 1
    while len(found) < count and step < len(teams):
        for index in range(len(teams)):
            if len(found) == count:
                break
            team_a, team_b = teams[index], teams[(index + step) % len(teams)]
            try:
                found.append(door.new_match(competition, team_a, team_b, played_on=today, place=PLACE, user=chief,
                                            reason="Scheduled for the match-day benchmark", played_publicly=True))
            except Refused:  # a team's matches are all on the calendar (R15)
                continue
        step += 1
    if len(found) < count:
        raise SystemExit(f"only {len(found)} Championship matches can be played today; {count} are needed")
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
            "championship_pdf": reverse("public:championship_pdf", args=[year]),
            "register_pdf": reverse("register:index_pdf"),
        },
    }


def main(jurors: int, matches_each: int, quiet_matches: int, password: str) -> None:
    print(json.dumps(prepare(jurors, matches_each, quiet_matches, password)))
