"""R17 Grand Prix: entrants and their three matches, the results with tie-breaks, and the jury's
choice to count a Grand Prix match for the Championship or a Cup tie."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.competitions import GrandPrixEntrant, grand_prix_ranking
from scoring.feasts import FEASTS
from tournaments.models import Announcement, Competition, CupTie, Match, Team

MATCHES_PER_TEAM = 3  # R17
TROPHY_IDS = [feast.id for feast in FEASTS.values() if feast.is_trophy]


def check_grand_prix_match(match) -> None:
    """R17: both teams are entrants of the event and each plays three matches in it."""
    if match.competition.kind != Competition.Kind.GRAND_PRIX:
        return
    event = match.competition
    entered = set(event.grand_prix_entries.values_list("team_id", flat=True))
    for team in (match.team_a, match.team_b):
        if team.pk not in entered:
            raise ValidationError(_("R17: %(team)s has not entered %(event)s.") % {"team": team, "event": event.name},
                                  code="R17_entrant")
        played = event.matches.of_team(team).exclude(pk=match.pk).count()
        if played >= MATCHES_PER_TEAM:
            raise ValidationError(
                _("R17: %(team)s has already played its %(count)s matches in this Grand Prix.")
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
    return [(row, teams[row.entrant.team]) for row in grand_prix_ranking(entrants)]


def trophies_won(event) -> dict[int, list[str]]:
    """R17, R19: the trophies each team announced and won in the event's confirmed hands."""
    won = Announcement.objects.filter(
        hand__match__competition=event, hand__match__state=Match.State.CONFIRMED,
        feast__in=TROPHY_IDS, result="won",
    ).values_list("seat", "hand__match__team_a_id", "hand__match__team_b_id", "feast")
    by_team: dict[int, list[str]] = {}
    for seat, team_a, team_b, feast in won:
        by_team.setdefault(team_a if seat.startswith("A") else team_b, []).append(feast)
    return by_team


def mark_match(match, *, counts_for_championship: bool, cup_tie: CupTie | None) -> Match:
    """R17: the jury counts a Grand Prix match also for the Championship and/or as a match of the
    Cup tie the two teams play in the current round. Every rule of those competitions applies;
    a refusal leaves the match unchanged."""
    from tournaments.competitions import after_match_saved, check_match_allowed
    from tournaments.competitions.cup import after_cup_match_saved, current_round_tie

    if match.competition.kind != Competition.Kind.GRAND_PRIX:
        raise ValidationError(_("R17: only a Grand Prix match can also count elsewhere."), code="R17_not_gp")
    if cup_tie is not None and cup_tie != current_round_tie(match.competition.season, match.team_a, match.team_b):
        raise ValidationError(_("R17: a Grand Prix match counts for a Cup tie only when the two teams meet "
                                "in the current Cup round."), code="R17_cup_round")
    with transaction.atomic():
        match = Match.objects.select_for_update().with_teams().get(pk=match.pk)
        old_tie_id = match.cup_tie_id
        match.counts_for_championship = counts_for_championship
        match.cup_tie = cup_tie
        check_match_allowed(match)
        match.save(update_fields=["counts_for_championship", "cup_tie"])
        after_match_saved(match)
        if old_tie_id and old_tie_id != match.cup_tie_id:
            after_cup_match_saved(Match(cup_tie_id=old_tie_id))
    return match


def teams_of(event):
    return Team.objects.filter(grand_prix_entries__competition=event)
