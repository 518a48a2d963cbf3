"""R16 Hungarian Cup: registration, the draw, the ties and their matches, the bracket."""

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.cards import Team
from scoring.competitions import (
    MATCHES_IN_A_TIE,
    TieStage,
    TieState,
    cup_round_date,
    cup_rounds_needed,
    cup_tie_state,
    draw_pairs,
    new_draw_seed,
)
from tournaments.core.models import Competition, CupEntry, CupTie, Match
from tournaments.core.models.history import stamp
from tournaments.core.refusals import Refused

LAST_ROUND = CupTie.Round.FINAL
MOST_TEAMS_A_BRACKET_HOLDS = 2 ** len(CupTie.Round)  # round of 16 is the first round there is


def decided_message():
    return _("R16: this tie is decided; it takes no more matches.")


def refuse(message, code):
    raise Refused(message, code=code)


# --- registration ------------------------------------------------------------------------------


def check_entry(competition, team, on: datetime.date, *, other_than=None) -> None:
    """R16: registration opens on its date (25 August) and closes with the draw; at most
    ``max_teams`` (16) teams; a team of the season. ``other_than`` is the entry itself when an
    entry is changed (another team, another date): it is not counted against itself."""
    if competition.kind != Competition.Kind.CUP:
        refuse(_("R16: teams enter the Hungarian Cup, not this competition."), "R16_not_cup")
    competition.season.check_open(_("Cup entry"))
    if competition.drawn_at is not None:
        refuse(_("R16: registration closed when the draw was made; no team can enter now."), "R16_late")
    opens = competition.registration_opens_date()
    if on < opens:
        refuse(_("R16: registration opens on %(date)s.") % {"date": opens}, "R16_early")
    if team.season_id != competition.season_id:
        refuse(_("R16: %(team)s is not a team of this season.") % {"team": team}, "R16_season")
    others = competition.cup_entries.exclude(pk=other_than)
    if others.filter(team=team).exists():
        refuse(_("R16: %(team)s has already entered.") % {"team": team}, "R16_twice")
    if others.count() >= competition.max_teams:
        refuse(_("R16: the Cup takes at most %(most)s teams; it is full.") % {"most": competition.max_teams},
               "R16_full")


def enter_team(competition, team, on: datetime.date | None = None, *, user=None) -> CupEntry:
    """R16: enter a team with its Driver and Catcher (a substitute may never play in the Cup), on
    the day given (today by default); ``user`` is named in the entry's history."""
    on = on or timezone.localdate()
    with transaction.atomic():
        # Entries and the draw take this lock, so a 17th entry cannot slip in beside the 16th (no key
        # update: rows that only refer to the Cup, as a new match does, need not wait for it).
        competition = Competition.objects.select_for_update(no_key=True).select_related("season").get(
            pk=competition.pk)
        check_entry(competition, team, on)
        entry = CupEntry(competition=competition, team=team, entered_on=on)
        stamp(entry, user, _("Entered in the Cup"))
        entry.save()
        return entry


# --- the draw ----------------------------------------------------------------------------------


def make_draw(competition, *, seed: str | None = None, pairs=None, at=None) -> list[CupTie]:
    """R16: the draw closes registration and pairs the teams: a random draw from a recorded seed
    (the same seed gives the same draw) or the pairs the organiser entered. Creates every tie of
    every round; later rounds fill as winners move on."""
    with transaction.atomic():
        competition = Competition.objects.select_for_update(of=("self",), no_key=True).select_related(
            "season").get(pk=competition.pk)
        competition.season.check_open(_("Draw"))
        if competition.drawn_at is not None:
            refuse(_("R16: the draw has already been made."), "R16_drawn")
        teams = [entry.team for entry in competition.cup_entries.select_related("team").order_by("id")]
        if len(teams) < 2:
            refuse(_("R16: the draw needs at least two teams."), "R16_too_few")
        if pairs is None:
            seed = seed or new_draw_seed()
            pairs = draw_pairs(teams, seed)
        else:
            seed = ""
            check_entered_pairs(teams, pairs)
        competition.draw_seed = seed
        competition.drawn_at = at or timezone.now()
        competition.save(update_fields=["draw_seed", "drawn_at"])
        ties = create_ties(competition, pairs)
        for tie in ties:
            if tie.team_a and not tie.team_b and tie.round == first_round(len(teams)):
                decide(tie, tie.team_a)  # a bye
        return ties


def check_entered_pairs(teams, pairs) -> None:
    drawn = [team for pair in pairs for team in pair if team is not None]
    if sorted(t.pk for t in drawn) != sorted(t.pk for t in teams):
        refuse(_("R16: the draw must pair every entered team exactly once."), "R16_draw_teams")
    if len(pairs) != 2 ** cup_rounds_needed(len(teams)) // 2 or any(pair[0] is None for pair in pairs):
        refuse(_("R16: the draw must fill every tie of the first round (a bye only as the second team)."),
               "R16_draw_shape")


def first_round(entrants: int) -> int:
    rounds = cup_rounds_needed(entrants)
    if 2**rounds > MOST_TEAMS_A_BRACKET_HOLDS:
        refuse(_("R16: a Cup bracket holds at most %(most)s teams.") % {"most": MOST_TEAMS_A_BRACKET_HOLDS},
               "R16_bracket")
    return LAST_ROUND - rounds + 1


def create_ties(competition, pairs) -> list[CupTie]:
    start = first_round(len([team for pair in pairs for team in pair if team is not None]))
    ties = [CupTie(competition=competition, round=start, slot=slot, team_a=a, team_b=b)
            for slot, (a, b) in enumerate(pairs)]
    slots = len(pairs) // 2
    for round_number in range(start + 1, LAST_ROUND + 1):
        ties += [CupTie(competition=competition, round=round_number, slot=slot) for slot in range(slots)]
        slots //= 2
    return CupTie.objects.bulk_create(ties)


def round_date(competition, round_number: int) -> datetime.date:
    """R16: each round at the end of its month from September."""
    return cup_round_date(competition.season.year, round_number)


# --- ties --------------------------------------------------------------------------------------


def tie_state(tie, matches) -> TieState:
    """The tie's state from its matches (only confirmed ones count; an unconfirmed tie-breaker
    shows the play-off as in progress). Scores are taken from the tie's team A's side."""
    regular, play_offs, pending = [], [], False
    for match in sorted(matches, key=lambda m: (m.played_on, m.pk)):
        if match.state != Match.State.CONFIRMED or match.score_a is None:
            pending = pending or match.kind == Match.Kind.TIE_BREAKER
            continue
        scores = (match.score_a, match.score_b) if match.team_a_id == tie.team_a_id else (
            match.score_b, match.score_a)
        (play_offs if match.kind == Match.Kind.TIE_BREAKER else regular).append(scores)
    return cup_tie_state(regular, play_offs, pending)


def check_cup_match(match) -> None:
    """R16: a Cup match belongs to a tie between its two teams, is played by their Drivers and
    Catchers (no substitute), is one of three, and a tie-breaker only follows equal sums."""
    if match.cup_tie_id is None:
        if match.competition.kind == Competition.Kind.CUP:
            refuse(_("R16: a Cup match must belong to one of the Cup's ties."), "R16_no_tie")
        if match.kind == Match.Kind.TIE_BREAKER:
            refuse(_("R16: a two-hand tie-breaker is played only in a Cup tie."), "R16_tie_breaker")
        return
    tie = CupTie.objects.select_related("team_a", "team_b").get(pk=match.cup_tie_id)
    check_teams(match, tie)
    check_no_substitute(match)
    others = [m for m in tie.matches.all() if m.pk != match.pk and came_before(m, match)]
    state = tie_state(tie, others)
    if state.stage is TieStage.DECIDED:
        refuse(decided_message(), "R16_decided")
    if match.kind == Match.Kind.REGULAR:
        if sum(1 for m in others if m.kind == Match.Kind.REGULAR) >= 3:
            refuse(_("R16: a Cup tie is three matches; this would be a fourth."), "R16_three_matches")
    elif state.stage not in (TieStage.PLAY_OFF_NEEDED, TieStage.PLAY_OFF_IN_PROGRESS):
        refuse(_("R16: a tie-breaker is played only when the sums are equal after the three matches."),
               "R16_tie_breaker")
    elif any(m.kind == Match.Kind.TIE_BREAKER and m.state != Match.State.CONFIRMED for m in others):
        refuse(_("R16: the tie's previous tie-breaker is not confirmed yet."), "R16_tie_breaker")


def came_before(other, match) -> bool:
    """For a tie-breaker already on record (being corrected), only the tie's regular matches and
    the tie-breakers before it decide whether it was needed; a later play-off does not."""
    if match.kind != Match.Kind.TIE_BREAKER or match.pk is None or other.kind == Match.Kind.REGULAR:
        return True
    return other.pk < match.pk


def check_teams(match, tie) -> None:
    if tie.team_a_id is None or tie.team_b_id is None:
        refuse(_("R16: this tie's teams are not known yet."), "R16_tie_teams")
    if {match.team_a_id, match.team_b_id} != {tie.team_a_id, tie.team_b_id}:
        refuse(_("R16: this tie is between %(a)s and %(b)s.") % {"a": tie.team_a, "b": tie.team_b},
               "R16_tie_teams")


def check_no_substitute(match) -> None:
    """R16: only the entered Driver and Catcher play; no substitute may play in the Cup."""
    for label, team in (("a", match.team_a), ("b", match.team_b)):
        played = (getattr(match, f"{label}_driver_id"), getattr(match, f"{label}_catcher_id"))
        if played != (team.driver_id, team.catcher_id):
            refuse(_("R16: %(team)s must play with its Driver and Catcher as entered; no substitute may "
                     "play in the Cup.") % {"team": team}, "R16_substitute")


def after_cup_match_saved(match) -> None:
    """R16: when a tie is decided (its last needed match confirmed), its winner moves on."""
    if match.cup_tie_id is None:
        return
    tie = CupTie.objects.select_for_update(of=("self",)).select_related("team_a", "team_b").get(pk=match.cup_tie_id)
    state = tie_state(tie, tie.matches.all())
    winner = {Team.A: tie.team_a, Team.B: tie.team_b}.get(state.winner)
    if (winner.pk if winner else None) != tie.winner_id:
        decide(tie, winner)


def decide(tie, winner) -> None:
    """Record the tie's winner (or clear it after a correction) and place it in the next round."""
    following = next_tie(tie)
    if following is not None and following.matches.exists():
        refuse(_("R16: the next round's tie already has matches on record; this tie's winner cannot change now "
                 "(remove those matches first while none is entered)."), "R16_next_round")
    tie.winner = winner
    tie.decided_at = timezone.now() if winner else None
    tie.save(update_fields=["winner", "decided_at"])
    if following is not None:
        setattr(following, "team_a" if tie.slot % 2 == 0 else "team_b", winner)
        following.save(update_fields=["team_a", "team_b"])


def next_tie(tie):
    if tie.round == LAST_ROUND:
        return None
    return CupTie.objects.select_for_update().get(
        competition_id=tie.competition_id, round=tie.round + 1, slot=tie.slot // 2)


def current_round_ties(season):
    """R16, R17: the ties of the season's current Cup round (the earliest round with an undecided
    tie) whose two teams are known, with their teams. One query."""
    ties = CupTie.objects.filter(competition__season=season, competition__kind=Competition.Kind.CUP,
                                 winner__isnull=True, team_a__isnull=False, team_b__isnull=False)
    ties = list(ties.select_related("team_a", "team_b").order_by("round", "slot"))
    return [tie for tie in ties if tie.round == ties[0].round] if ties else []


def current_round_tie(season, team_a, team_b):
    """R17: the tie of the current Cup round between the two teams, or None."""
    teams = {team_a.pk, team_b.pk}
    return next((tie for tie in current_round_ties(season) if {tie.team_a_id, tie.team_b_id} == teams), None)


# --- the bracket -------------------------------------------------------------------------------


@dataclass
class TieView:
    tie: CupTie
    state: TieState
    matches: list

    @property
    def stage(self):
        return self.state.stage.value

    @property
    def is_final(self):
        """The last round's tie: its winner takes the Cup rather than going through."""
        return self.tie.round == LAST_ROUND

    def _confirmed(self, kind):
        return [m for m in self.matches
                if m.state == Match.State.CONFIRMED and m.score_a is not None and m.kind == kind]

    @property
    def regular_lines(self):
        """(match, its scores from the tie's team A's side, the sums after it) for each confirmed
        match of the three, so the page links each figure to its match."""
        return [(match, scores, sums) for match, (scores, sums)
                in zip(self._confirmed(Match.Kind.REGULAR), self.state.match_lines, strict=False)]

    @property
    def play_off_lines(self):
        """(match, its two-hand sums from team A's side) for each tie-breaker that counted."""
        return list(zip(self._confirmed(Match.Kind.TIE_BREAKER), self.state.play_offs, strict=False))

    @property
    def regular_count(self) -> int:
        """The tie's regular matches shown (on the organisers' page: in any state)."""
        return sum(1 for match in self.matches if match.kind == Match.Kind.REGULAR)

    @property
    def regular_missing(self) -> int:
        return max(0, MATCHES_IN_A_TIE - self.regular_count)


@dataclass
class Standing:
    winner: object = None
    runner_up: object = None
    bronze: tuple = ()


def bracket(competition, confirmed_only=True):
    """Rounds of ties with their states, for the page. Two queries: the ties, their matches."""
    ties = list(competition.cup_ties.select_related("team_a", "team_b", "winner"))
    matches = Match.objects.filter(cup_tie__competition=competition).select_related("team_a", "team_b")
    if confirmed_only:
        # Public pages show confirmed matches; an unconfirmed tie-breaker still shows "in progress".
        matches = matches.filter(Q(state=Match.State.CONFIRMED) | Q(kind=Match.Kind.TIE_BREAKER))
    by_tie = {}
    for match in matches.order_by("played_on", "id"):
        by_tie.setdefault(match.cup_tie_id, []).append(match)
    rounds = {}
    for tie in ties:
        tie_matches = by_tie.get(tie.pk, [])
        shown = [m for m in tie_matches if m.state == Match.State.CONFIRMED or not confirmed_only]
        rounds.setdefault(tie.round, []).append(TieView(tie, tie_state(tie, tie_matches), shown))
    return [(CupTie.Round(number), shown_round_date(competition, number, views), views)
            for number, views in sorted(rounds.items())]


def shown_round_date(competition, round_number: int, views) -> datetime.date:
    """The day a round is headed by: the last day its shown matches were played on, once one was;
    before that the day R16 sets for it."""
    played = [match.played_on for view in views for match in view.matches if match.played_on]
    return max(played) if played else round_date(competition, round_number)


def final_standing(ties) -> Standing:
    """R16: the winner takes the Cup, the finalist is runner-up; both losing semi-finalists
    receive bronze medals (shown as soon as their semi-finals are decided)."""
    standing = Standing()
    for tie in ties:
        if tie.winner_id is None or tie.team_b_id is None:
            continue  # undecided, or a bye: nobody lost
        loser = tie.team_b if tie.winner_id == tie.team_a_id else tie.team_a
        if tie.round == LAST_ROUND:
            standing.winner, standing.runner_up = tie.winner, loser
        elif tie.round == CupTie.Round.SEMI_FINAL:
            standing.bronze += (loser,)
    return standing


def ties_of(rounds):
    """Every tie of a bracket (see :func:`bracket`)."""
    return [view.tie for _round, _date, views in rounds for view in views]


@dataclass
class Progress:
    """Where the Cup stands, for the season overview: registration, a round being played, or done."""

    drawn: bool
    current_round: object = None  # CupTie.Round of the earliest undecided tie
    standing: Standing = None


def progress(competition) -> Progress:
    """The Cup at a glance. One query (its ties with their teams) once the draw is made."""
    if competition.drawn_at is None:
        return Progress(drawn=False, standing=Standing())
    ties = list(competition.cup_ties.select_related("team_a", "team_b", "winner"))
    undecided = [tie.round for tie in ties if tie.winner_id is None]
    current = CupTie.Round(min(undecided)) if undecided else None
    return Progress(drawn=True, current_round=current, standing=final_standing(ties))


# --- the organisers' calendar of a tie ---------------------------------------------------------


def locked_tie(tie):
    """The tie, locked until the end of the transaction, so two organisers scheduling at once
    cannot give it a fourth match (only the tie's own row: PostgreSQL refuses FOR UPDATE on the
    nullable joins)."""
    return (CupTie.objects.select_for_update(of=("self",))
            .select_related("competition__season", "team_a__driver", "team_a__catcher",
                            "team_b__driver", "team_b__catcher")
            .get(pk=tie.pk))


def tie_to_schedule(tie):
    """R16: the tie, locked, and how many of its three matches it still lacks; refused when its
    teams are not known, it is decided or it has its three matches."""
    tie = locked_tie(tie)
    if tie.team_a_id is None or tie.team_b_id is None:
        refuse(_("R16: this tie's teams are not known yet."), "R16_tie_teams")
    if tie.winner_id is not None:
        refuse(decided_message(), "R16_decided")
    missing = MATCHES_IN_A_TIE - tie.matches.filter(kind=Match.Kind.REGULAR).count()
    if missing <= 0:
        refuse(_("R16: this tie already has its three matches."), "R16_three_matches")
    return tie, missing


def default_play_off_date(tie):
    """Today, but not before the round's date nor after the season."""
    earliest = round_date(tie.competition, tie.round)
    return min(max(timezone.localdate(), earliest), tie.competition.season.ends)


# --- rescore: the ties' winners and the bracket re-derived from the match scores -----------------


def rederive_ties(*, fix: bool = False) -> list[str]:
    """R16: each tie's winner as its confirmed match scores decide it (a bye's only team), and each
    winner in its place in the next round; one line per difference. With ``fix`` the stored ties
    are repaired, round by round (a later round follows the repaired earlier one)."""
    lines = []
    ties = CupTie.objects.select_related("competition__season", "team_a", "team_b", "winner")
    by_place = {(tie.competition_id, tie.round, tie.slot): tie for tie in ties}
    for key in sorted(by_place):
        tie = by_place[key]
        if tie.team_a_id is None and tie.team_b_id is None:
            continue
        expected = expected_winner(tie)
        if expected != tie.winner:
            lines.append(f"cup: {tie.competition} {tie}: winner {tie.winner or 'none'}, the scores give "
                         f"{expected or 'none'}")
            if fix:
                try:
                    decide(tie, expected)
                except Refused as refused:
                    lines.append(f"cup: {tie}: not repaired: {refused.text}")
                _refresh_following(by_place, tie)
            continue
        following = by_place.get((tie.competition_id, tie.round + 1, tie.slot // 2))
        side = "team_a" if tie.slot % 2 == 0 else "team_b"
        if following is not None and getattr(following, f"{side}_id") != (expected.pk if expected else None):
            lines.append(f"cup: {tie.competition} {following}: {side[-1].upper()} should be {expected or 'open'}, "
                         f"the winner of {tie}")
            if fix:
                setattr(following, side, expected)
                following.save(update_fields=[side])
    return lines


def expected_winner(tie):
    if tie.team_a_id and not tie.team_b_id and tie.round == min_round_of(tie):
        return tie.team_a  # a bye of the first round
    state = tie_state(tie, tie.matches.all())
    return {Team.A: tie.team_a, Team.B: tie.team_b}.get(state.winner)


def min_round_of(tie) -> int:
    return CupTie.objects.filter(competition_id=tie.competition_id).order_by("round").values_list(
        "round", flat=True).first()


def _refresh_following(by_place, tie) -> None:
    key = (tie.competition_id, tie.round + 1, tie.slot // 2)
    if key in by_place:
        by_place[key].refresh_from_db()
