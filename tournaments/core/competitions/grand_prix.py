"""R17 Grand Prix: entrants and their three matches, the results with tie-breaks, and the jury's
choice to count a Grand Prix match for the Championship or a Cup tie."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.cards import Seat
from scoring.cards import Team as Side
from scoring.competitions import (
    GRAND_PRIX_MATCHES_PER_TEAM,
    ODD_ENTRANTS,
    GrandPrixEntrant,
    grand_prix_pairings,
    grand_prix_ranking,
    new_draw_seed,
    pairing_problem,
)
from scoring.feasts import FEASTS
from tournaments.core.collation import hungarian_key
from tournaments.core.models import Announcement, Competition, CupTie, GrandPrixEntry, Match, Team
from tournaments.core.models.history import stamp
from tournaments.core.refusals import Refused

from .cup import current_round_tie

MATCHES_PER_TEAM = GRAND_PRIX_MATCHES_PER_TEAM  # R17
TROPHY_IDS = [feast.id for feast in FEASTS.values() if feast.is_trophy]


def check_grand_prix_match(match) -> None:
    """R17: both teams are entrants of the event and each plays three matches in it."""
    if match.competition.kind != Competition.Kind.GRAND_PRIX:
        return
    event = match.competition
    entered = set(event.grand_prix_entries.values_list("team_id", flat=True))
    for team in (match.team_a, match.team_b):
        if team.pk not in entered:
            raise Refused(_("R17: %(team)s has not entered %(event)s.") % {"team": team, "event": event.name},
                                  code="R17_entrant")
        played = event.matches.of_team(team).exclude(pk=match.pk).count()
        if played >= MATCHES_PER_TEAM:
            raise Refused(
                _("R17: %(team)s already has its %(count)s matches in this Grand Prix; a team plays %(count)s.")
                % {"team": team, "count": MATCHES_PER_TEAM}, code="R17_three_matches")


def results(event):
    """R17 results from confirmed matches: (row, team) pairs in ranking order, each row with the
    tie-break that separated it from the team above. Three queries: entrants, matches, trophies."""
    teams = {entry.team.pk: entry.team
             for entry in event.grand_prix_entries.select_related("team__driver", "team__catcher",
                                                                  "team__substitute")}
    hand_sums = {pk: [] for pk in teams}
    for team_a, team_b, sum_a, sum_b in event.matches.confirmed().filter(hand_sum_a__isnull=False).values_list(
            "team_a_id", "team_b_id", "hand_sum_a", "hand_sum_b"):
        hand_sums.setdefault(team_a, []).append(sum_a)
        hand_sums.setdefault(team_b, []).append(sum_b)
    trophies = trophies_won(event)
    entrants = [GrandPrixEntrant(pk, team.name, tuple(hand_sums.get(pk, ())), tuple(trophies.get(pk, ())))
                for pk, team in teams.items()]
    return [(row, teams[row.entrant.team]) for row in grand_prix_ranking(entrants, name_key=hungarian_key)]


def trophies_won(event) -> dict[int, list[str]]:
    """R17, R19: the trophies each team announced and won in the event's confirmed hands."""
    won = Announcement.objects.filter(
        hand__match__competition=event, hand__match__state=Match.State.CONFIRMED,
        feast__in=TROPHY_IDS, result="won",
    ).values_list("seat", "hand__match__team_a_id", "hand__match__team_b_id", "feast")
    by_team: dict[int, list[str]] = {}
    for seat, team_a, team_b, feast in won:
        by_team.setdefault(team_a if Seat.parse(seat).team is Side.A else team_b, []).append(feast)
    return by_team


def check_markable(match, cup_tie: CupTie | None) -> None:
    """R17: only a Grand Prix match counts elsewhere, and for a Cup tie only when its two teams meet
    in the current Cup round."""
    if match.competition.kind != Competition.Kind.GRAND_PRIX:
        raise Refused(_("R17: only a Grand Prix match can also count elsewhere."), code="R17_not_gp")
    if cup_tie is not None and cup_tie != current_round_tie(match.competition.season, match.team_a, match.team_b):
        raise Refused(_("R17: a Grand Prix match counts for a Cup tie only when the two teams meet "
                        "in the current Cup round."), code="R17_cup_round")


def teams_of(event):
    return Team.objects.filter(grand_prix_entries__competition=event)


def refuse(message, code):
    raise Refused(message, code=code)


def check_is_grand_prix(event) -> None:
    if event.kind != Competition.Kind.GRAND_PRIX:
        refuse(_("R17: entrants and pairings belong to a Grand Prix event."), "R17_not_gp")


def locked_event(event):
    """The event, locked until the end of the transaction: entries and pairings of one event are
    made one at a time, so no team is paired twice by two organisers at once. Whoever also counts a
    team's matches holds the teams first (Team.objects.hold), as a juror's new match does: locked
    in the other order, an organiser holding the event and a juror holding a team wait for each
    other. FOR NO KEY UPDATE: organisers still wait for each other, but a juror's new match, whose
    reference to the event takes a key-share lock, does not wait for the organiser (nor the
    organiser, then waiting on the juror, make a deadlock of it)."""
    return Competition.objects.select_for_update(of=("self",), no_key=True).select_related("season").get(
        pk=event.pk)


def hold_entrants(event) -> set[int]:
    """R17: hold the teams entered in the event now (before the event: locked_event), so that no
    juror schedules a match of theirs while the pairings are drawn; their ids."""
    entered = set(event.grand_prix_entries.values_list("team_id", flat=True))
    Team.objects.hold(entered)
    return entered


# --- the organisers: entrants ------------------------------------------------------------------


def enter_team(event, team, *, user=None) -> GrandPrixEntry:
    """R17: a team of the season enters the event (each event has its own entrants); ``user`` is
    named in the entry's history."""
    with transaction.atomic():
        event = locked_event(event)
        check_entry(event, team)
        entry = GrandPrixEntry(competition=event, team=team)
        stamp(entry, user, _("Entered in the Grand Prix event"))
        entry.save()
        return entry


def check_entry(event, team, *, other_than=None) -> None:
    """R17: a team of the event's season, entered once; ``other_than`` is the entry itself when
    an entry is changed to another team."""
    check_is_grand_prix(event)
    event.season.check_open(_("Grand Prix entrant"))
    if team.season_id != event.season_id:
        refuse(_("R17: %(team)s is not a team of this season.") % {"team": team}, "R17_season")
    if event.grand_prix_entries.filter(team=team).exclude(pk=other_than).exists():
        refuse(_("R17: %(team)s has already entered.") % {"team": team}, "R17_twice")


def remove_entry(event, team, *, user=None) -> None:
    """Withdraw an entrant while it has no match in the event (its matches are removed first);
    ``user`` is named in the entry's history."""
    with transaction.atomic():
        Team.objects.hold([team.pk])  # a juror's new match of the team checks that it has entered
        event = locked_event(event)
        check_removable(event, team)
        for entry in event.grand_prix_entries.filter(team=team):
            stamp(entry, user, _("Withdrawn from the Grand Prix event"))
            entry.delete()


def check_removable(event, team) -> None:
    """R17: an entrant with matches in the event stays entered, or its matches would name a team
    that has not entered."""
    event.season.check_open(_("Grand Prix entrant"))
    if event.matches.of_team(team).exists():
        refuse(_("R17: %(team)s has matches in this event; remove its scheduled matches first.")
               % {"team": team}, "R17_has_matches")


# --- the organisers: pairings ------------------------------------------------------------------


def pairings_to_draw(event, *, seed: str | None = None) -> list[tuple]:
    """R17: each entrant plays three matches against three different opponents, paired by a
    rotation from a recorded seed (the same entrants and seed give the same pairings). Only for an
    event without matches yet; records the seed and returns the pairs (team A, team B) for the
    caller to schedule in the same transaction. A refusal names R17."""
    check_is_grand_prix(event)
    held = hold_entrants(event)
    event = locked_event(event)
    event.season.check_open(_("Pairings"))
    if event.matches.exists():
        refuse(_("R17: this event already has matches; remove them before drawing the pairings again."),
               "R17_paired")
    teams = [entry.team for entry in event.grand_prix_entries.select_related(
        "team__driver", "team__catcher").order_by("id")]
    if not {team.pk for team in teams} <= held:  # a team entered between the two reads: not held
        refuse(_("R17: a team entered the event while the pairings were being drawn; nothing was drawn. "
                 "Draw the pairings again."), "R17_entrants_changed")
    problem = pairing_problem(len(teams))
    if problem == ODD_ENTRANTS:
        refuse(_("R17: each team plays %(n)s matches, so the event needs an even number of entrants "
                 "(it has %(count)s); or enter the pairs by hand.")
               % {"n": MATCHES_PER_TEAM, "count": len(teams)}, "R17_odd")
    if problem:
        refuse(_("R17: each team plays %(n)s different opponents, so the event needs at least %(least)s "
                 "entrants (it has %(count)s).")
               % {"n": MATCHES_PER_TEAM, "least": MATCHES_PER_TEAM + 1, "count": len(teams)}, "R17_too_few")
    event.draw_seed = seed or new_draw_seed()
    event.drawn_at = timezone.now()
    event.save(update_fields=["draw_seed", "drawn_at"])
    return [pair for round_pairs in grand_prix_pairings(teams, event.draw_seed) for pair in round_pairs]


def default_date(event):
    """The event's first day; without one, today within the event's season."""
    season = event.season
    return event.starts or min(max(timezone.localdate(), season.starts), season.ends)


def pairings(event):
    """The event's matches in the order they were paired, with their teams (one query)."""
    return list(event.matches.select_related("team_a", "team_b").order_by("played_on", "id"))
