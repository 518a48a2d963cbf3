"""Builders for test data, shared by every web test. Data reaches the database through the
application's own steps, so every stored score, tie winner and register entry is what the rules
engine and the register make of the facts:

    user = make_user("jury")                        # or "chief", "organiser", None (no role)
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    match = play_match(competition, kings, owls, edge_to_a())        # scheduled, recorded, confirmed
    match = play_scored_match(competition, kings, owls, 90, 80)      # hands the engine scores 90 : 80
    match = play_tie_match(tie, "A")                                 # the tie's team A edges it
    match = play_world_match(world, trophies=[(3, "A.driver", "royal", "won")])

A test that needs a score states it and the builders choose hands that give it: each hand they
build is scored by the engine (scoring.evaluate_hand) and refused unless it gives what was asked.
"""

import copy
import datetime
import functools
import itertools
from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

import scoring
from bench import bulk_season
from scoring import match as match_rules
from scoring.feasts import FEASTS, SuitRule
from scoring.records import HAND_FORMAT
from tournaments.core.models import Competition, Match, Player, Season, Team
from tournaments.core.roles import CHIEF_JURY, JURY, ORGANISER
from tournaments.recording import matches

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


def logged_in_user(client, role=None, username=None):
    """A new user of ``role`` (make_user), logged in on the test's ``client``."""
    user = make_user(role, username=username)
    client.force_login(user)
    return user


def make_season(year=2025, **extra):
    extra.setdefault("state", Season.State.RUNNING)
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


# --- hands chosen for an outcome: the engine gives every score -----------------------------------
#
# Both teams hold 11 trumps and one honour, A holds XVI and B XVII and XVIII (R5). A hand's score
# for a team is moved from that consolation by the team's own announcements, all won (up) or all
# lost (down); the engine scores every hand built here and a hand is refused unless it gives the
# score asked for, so a test states the outcome it needs and the engine decides it.

BALANCED = {
    "A": {"trumps": 11, "honours": 1, "high_trumps": ["XVI"]},
    "B": {"trumps": 11, "honours": 1, "high_trumps": ["XVII", "XVIII"]},
}
_DEFAULT_SUITS = {SuitRule.ANY_ONE: ["hearts"], SuitRule.ONE_BLACK: ["spades"],
                  SuitRule.RED_AND_BLACK: ["hearts", "spades"]}
# R7: one of each chain a team, so the steps are single feasts or one member of a chain.
_FREE_PASSES = ("play", "cash", "bridge", "octave", "misere", "slam")  # 10 .. 60
_HONOURS = ("honour", "heads", "full_honours")  # 1 .. 3
_TENS = (("pho_nothing", 6), ("schleicher", 6), ("legion", 5), ("large_bird", 3), ("pagat_capture", 3),
         ("small_bird", 2), ("centre", 1))  # tens of points each


def announcement(feast, by, result="won", *, contra=None, cards=None, suits=None):
    """A FORMAT.md announcement; a feast that declares a suit declares one that fits it."""
    rule = FEASTS[feast]
    record = {"feast": feast, "by": by}
    suits = _DEFAULT_SUITS.get(rule.suits, []) if suits is None else suits
    if suits:
        record["suits"] = list(suits)
    if cards:
        record["cards"] = list(cards)
    if not rule.is_message:
        record["contra"], record["result"] = contra, result
    return record


def results_hand(attackers, announcements=(), silent=(), holdings=BALANCED):
    """A results-mode hand record (FORMAT.md) of the balanced holdings unless told."""
    return {"format": HAND_FORMAT, "attackers": attackers, "holdings": copy.deepcopy(holdings),
            "announcements": copy.deepcopy(list(announcements)), "silent": copy.deepcopy(list(silent))}


# Points a team gains: messages (R6: they score when announced) and feasts won in any trick, so that
# two teams gaining in one hand never need the same tricks or cards (R10b). Each seat gives each
# message once (R7 chains are per seat for messages).
_MESSAGE_TENS = (("four_of_a_kind", 2), ("flush", 1))  # tens of points each
# One point, won or lost, true of one play for both teams together (R10c: a lost Visi puts the XVIII
# in the other team's tricks): the XVIII and the XX fall into A's tricks, the XIX into B's, and
# each team takes one honour (A the Fool, B the Mond), so both win Honour and neither Heads.
_ONES_WON = {"A": ("honour", "visi", "angel"), "B": ("honour", "lamour")}
_ONES_LOST = {"A": ("lamour",), "B": ("visi", "angel")}


def _moving(team, points):
    """Announcements of ``team`` that move its raw score by ``points`` (R6, R7): a gain by messages
    and feasts won in any trick, a loss by lost feasts, which claim nothing the other team's items
    deny (R10b, R10c)."""
    if points > 0:
        return _gaining(team, points)
    return _feasts_moving(team, points)


def _gaining(team, points):
    tens, ones = divmod(points, 10)
    odd = _ones_gained(team, ones)
    if odd is None:  # the next ten, less the lost ones
        tens += 1
        odd = [announcement(feast, f"{team}.driver", "lost") for feast in _ONES_LOST[team][:10 - ones]]
    items = []
    for seat in ("driver", "catcher"):
        for message, value in _MESSAGE_TENS:
            if value <= tens:
                items.append(announcement(message, f"{team}.{seat}"))
                tens -= value
    return items + odd + (_feasts_moving(team, 10 * tens) if tens else [])  # beyond 60, feasts won


def _ones_gained(team, ones):
    """Announcements of ``team`` gaining ``ones`` (0 to 9) points: one-point feasts won, with the
    Amazon's five and one-point feasts lost; None where these cannot make it."""
    won, lost = _ONES_WON[team], _ONES_LOST[team]
    driver = f"{team}.driver"
    if ones <= len(won):
        return [announcement(feast, driver) for feast in won[:ones]]
    if ones < 5 and 5 - ones <= len(lost):
        return [announcement("amazon", driver)] + [announcement(feast, driver, "lost") for feast in lost[:5 - ones]]
    if 5 <= ones <= 5 + len(won):
        return [announcement("amazon", driver)] + [announcement(feast, driver) for feast in won[:ones - 5]]
    return None


def _feasts_moving(team, points):
    """Feasts of ``team``'s Driver, won or lost, that move its raw score by ``points``. Lost, they
    are compound feasts (R10c: a lost one claims only that not all of its parts held) and the one
    point the team may lose (_ONES_LOST); no free pass, as two teams' lost free passes leave tricks
    over (R10c)."""
    result, left = ("won" if points > 0 else "lost"), abs(points)
    feasts = []
    tens, ones = divmod(left, 10)
    if ones >= 5:
        feasts.append("piccolo")
        ones -= 5
    if ones >= 2:
        feasts.append(_HONOURS[min(ones, 3) - 1])
        ones -= min(ones, 3)
    if ones:
        feasts.append("visi" if result == "won" else _ONES_LOST[team][0])
    if tens and result == "won":
        feasts.append(_FREE_PASSES[min(tens, 6) - 1])
        tens -= min(tens, 6)
    for feast, value in _TENS:
        if value <= tens:
            feasts.append(feast)
            tens -= value
    return [announcement(feast, f"{team}.driver", result) for feast in feasts]


def engine_scores(record):
    """The engine's (A, B) scores of one hand record."""
    answer = scoring.evaluate_hand(record)
    return answer["A"]["score"], answer["B"]["score"]


@functools.cache
def _hand_scoring(attackers, score_a, score_b):
    record = results_hand(attackers)
    raw = scoring.evaluate_hand(record)
    for team, wanted in (("A", score_a), ("B", score_b)):
        record["announcements"] += _moving(team, wanted - raw[team]["raw"])
    if engine_scores(record) != (score_a, score_b):
        raise ValueError(f"no hand found giving {score_a} : {score_b}; the engine gives {engine_scores(record)}")
    return record


def hand_scoring(attackers, score_a, score_b):
    """A hand, ``attackers`` attacking, that the engine scores ``score_a`` : ``score_b`` (0 to 100)."""
    return copy.deepcopy(_hand_scoring(attackers, score_a, score_b))


def hands_summing(sum_a, sum_b, count=8, *, first_attackers="A", announced=None):
    """``count`` hands, attack alternating from ``first_attackers``, whose hand scores the engine
    sums to ``sum_a`` and ``sum_b``. ``announced`` maps a hand's index to announcements it holds
    (a trophy, say): those hands score what the engine gives them and the others make up the rest."""
    announced = announced or {}
    other = "B" if first_attackers == "A" else "A"
    attackers = [first_attackers if number % 2 == 0 else other for number in range(count)]
    fixed = {index: engine_scores(results_hand(attackers[index], items)) for index, items in announced.items()}
    free = [index for index in range(count) if index not in announced]
    targets = {index: [0, 0] for index in free}
    for side, total in enumerate((sum_a, sum_b)):
        left = total - sum(scores[side] for scores in fixed.values())
        share, extra = divmod(left, len(free)) if free else (0, left)
        if (extra and not free) or share < 0 or share + (extra > 0) > 100:
            raise ValueError(f"a sum of {total} cannot be made of {count} hands with {announced}")
        for position, index in enumerate(free):
            targets[index][side] = share + (position < extra)
    return [results_hand(attackers[index], announced[index]) if index in announced
            else hand_scoring(attackers[index], *targets[index]) for index in range(count)]


def hands_for_match_score(score_a, score_b, *, tie_breaker=False, first_attackers="A", announced=None):
    """Hands the engine scores as a match of ``score_a`` : ``score_b``: eight hands of these scores
    on average (R13), or a two-hand tie-breaker summing to them (R16)."""
    count = 2 if tie_breaker else 8
    factor = 1 if tie_breaker else count
    return hands_summing(score_a * factor, score_b * factor, count, first_attackers=first_attackers,
                         announced=announced)


def engine_match_result(records, *, tie_breaker=False):
    """The engine's (A, B) results (scoring.match.MatchResult) for a match's hand records."""
    combine = match_rules.tie_breaker_result if tie_breaker else match_rules.match_result
    scores = [engine_scores(record) for record in records]
    return tuple(combine([hand[side] for hand in scores]) for side in (0, 1))


def edge_to_a(count=8):
    """A always holds XVI: A attacking scores 80 : 90, B attacking 90 : 75, so A edges every pair of
    hands (the engine: eight hands 680 : 660, match 85 : 83; two hands summed 170 : 165)."""
    return [results_hand("A" if number % 2 == 0 else "B") for number in range(count)]


def level(count=8):
    """A holds XVI when it attacks and XVII and XVIII when it defends: every pair of hands is level
    (the engine: eight hands 680 : 680, match 85 : 85; two hands 170 : 170)."""
    swapped = {"A": BALANCED["B"], "B": BALANCED["A"]}
    return [results_hand("A", holdings=BALANCED) if number % 2 == 0 else results_hand("B", holdings=swapped)
            for number in range(count)]


def mirrored(records):
    """The same hands with the teams' parts exchanged: B holds what A held and attacks when A did."""
    swap = {"A": "B", "B": "A"}

    def seat(text):
        team, _, role = text.partition(".")
        return f"{swap[team]}.{role}"

    return [{**record, "attackers": swap[record["attackers"]],
             "holdings": {"A": record["holdings"]["B"], "B": record["holdings"]["A"]},
             "announcements": [{**item, "by": seat(item["by"])} for item in record.get("announcements", [])],
             "silent": [{**item, "team": swap[item["team"]]} for item in record.get("silent", [])]}
            for record in copy.deepcopy(records)]


def edge_to_b(count=8):
    """edge_to_a with the teams' parts exchanged: B edges every pair of hands."""
    return mirrored(edge_to_a(count))


# --- matches through the jury's steps (tournaments.recording.matches) ------------------------------------


def schedule_match(competition, team_a, team_b, *, played_on=None, place="", user=None, **extra):
    """A scheduled match, put on the calendar by tournaments.recording.matches.new_match (the competitions'
    rules checked; their Drivers and Catchers seated)."""
    return matches.new_match(competition, team_a, team_b, played_on=played_on or datetime.date(
        competition.season.year, 3, 1), place=place, user=user or make_user("jury"), reason="Match scheduled",
        **extra)


def play_match(competition, team_a, team_b, hand_records, *, state=Match.State.CONFIRMED, juror=None, chief=None,
               **particulars):
    """A match scheduled (schedule_match), its hands recorded by a juror and, for a confirmed match,
    confirmed by a second juror of the chief jury: every score, tie winner and register entry is
    the engine's and the register's. ``state``: scheduled (no hands), in entry (a draft of every
    hand), entered (awaiting confirmation), returned (sent back) or confirmed."""
    juror = juror or make_user("jury")
    match = schedule_match(competition, team_a, team_b, user=juror, **particulars)
    if state == Match.State.SCHEDULED:
        return match
    matches.record_match(match, hand_records, user=juror, draft=state == Match.State.IN_ENTRY)
    if state == Match.State.RETURNED:
        matches.return_match(match, chief or make_user("chief"), "Check the hands again")
    elif state == Match.State.CONFIRMED:
        matches.confirm_match(match, chief or make_user("chief"))
    elif state != Match.State.ENTERED and state != Match.State.IN_ENTRY:
        raise ValueError(f"no match is played into the state {state}")
    match.refresh_from_db()
    return match


def play_scored_match(competition, team_a, team_b, score_a, score_b, *, announced=None, **options):
    """play_match with hands the engine scores as a match of ``score_a`` : ``score_b``
    (hands_for_match_score; ``announced`` puts announcements into hands by index)."""
    records = hands_for_match_score(score_a, score_b, announced=announced)
    match = play_match(competition, team_a, team_b, records, **options)
    if match.score_a is not None:
        assert (match.score_a, match.score_b) == (score_a, score_b)
    return match


def play_tie_match(tie, outcome, *, kind=Match.Kind.REGULAR, swap=False, played_on=None, **options):
    """A match of a Cup tie played through the jury's steps (play_match). ``outcome``: "A" or "B",
    the tie's team that edges it (edge_to_a), or "level"; ``swap`` seats the tie's team B as A."""
    tie.refresh_from_db()
    count = 2 if kind == Match.Kind.TIE_BREAKER else 8
    team_a, team_b = (tie.team_b, tie.team_a) if swap else (tie.team_a, tie.team_b)
    if outcome == "level":
        records = level(count)
    else:
        records = edge_to_a(count) if (outcome == "A") != swap else edge_to_b(count)
    return play_match(tie.competition, team_a, team_b, records, cup_tie=tie, kind=kind,
                      played_on=played_on or datetime.date(tie.competition.season.year, 9, 1), **options)


def record_confirmed_in_bulk(competition, pairs, records_of=None, played_on=None):
    """Confirmed matches between each (team A, team B) of ``pairs``, recorded at once as the demo's
    national season is (bench.bulk_season.record_confirmed: the engine scores every hand, the register
    follows). ``records_of(index)`` gives the hands of the index-th match (eight_hand_records by default)."""
    played_on = played_on or datetime.date(competition.season.year, 3, 1)
    played = [bulk_season.PlayedMatch(Match(competition=competition, team_a=team_a, team_b=team_b,
                                            played_on=played_on,
                                            a_driver=team_a.driver, a_catcher=team_a.catcher,
                                            b_driver=team_b.driver, b_catcher=team_b.catcher),
                                      records_of(index) if records_of else eight_hand_records())
              for index, (team_a, team_b) in enumerate(pairs)]
    bulk_season.record_confirmed(played, juror=make_user("jury"), chief=make_user("chief"))
    return [item.match for item in played]


# --- the register's world: two teams of known players ------------------------------------------

MARCH_1 = datetime.date(2026, 3, 1)


def make_two_team_season(*, both_partners=False, values=False, thresholds="100,250,500,1000", year=2026):
    """A season with two teams: alice (driver) and bob (catcher) against carol and dave."""
    season = Season.objects.create(
        state=Season.State.RUNNING, year=year, trophy_credit_both_partners=both_partners,
        trophy_points_are_values=values, cup_thresholds=thresholds,
    )
    people = {name: Player.objects.create(name=name.title(), membership_number=f"{year}-{name}")
              for name in ("alice", "bob", "carol", "dave")}
    red = Team.objects.create(season=season, name="Red", driver=people["alice"], catcher=people["bob"])
    blue = Team.objects.create(season=season, name="Blue", driver=people["carol"], catcher=people["dave"])
    championship = Competition.objects.create(
        season=season, kind=Competition.Kind.CHAMPIONSHIP, name="Championship", slug="championship",
    )
    return SimpleNamespace(season=season, red=red, blue=blue, championship=championship, **people)


def records_with_trophies(trophies=()):
    """Eight results-mode hands, A attacking first, announcing ``trophies``: a list of (hand number,
    seat, feast, result)."""
    records = [results_hand("A" if number % 2 else "B") for number in range(1, 9)]
    for number, seat, feast, result in trophies:
        records[number - 1]["announcements"].append(announcement(feast, seat, result))
    return records


def play_world_match(world, played_on=MARCH_1, trophies=(), state=Match.State.CONFIRMED, competition=None):
    """Red against Blue (make_two_team_season) through the jury's steps (play_match), announcing
    ``trophies`` (records_with_trophies): the register makes its entries itself once confirmed."""
    return play_match(competition or world.championship, world.red, world.blue, records_with_trophies(trophies),
                      state=state, played_on=played_on)


def correct_trophies(match, trophies, reason="The hands were checked again"):
    """The chief jury's correction of a confirmed match to hands announcing ``trophies``."""
    return matches.correct_match(match, records_with_trophies(trophies), user=make_user("chief"), reason=reason)
