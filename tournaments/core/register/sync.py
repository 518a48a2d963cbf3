"""The national trophy register kept in step with the matches (R11, R19, R20).

The register is derived from facts: every trophy announced and won in a hand of a CONFIRMED match
is an entry (R20), credited to the announcing player, or to both partners when the season says so.
Entries and cup awards are never deleted: an entry whose trophy no longer holds, and an award whose
threshold is no longer reached by that trophy, are withdrawn with a reason and a date, so history
pages can show both the award and its withdrawal.

sync_match(match) runs inside the transaction that saved the match (tournaments.recording.matches); rederive()
checks (and with fix=True repairs) the whole register for `manage.py rescore`. The jury's entries
for trophies won in recognised variants are made and withdrawn here too.
"""

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import register as register_rules
from scoring.cards import Seat, Team
from scoring.feasts import FEASTS
from tournaments.core.models import Announcement, CupAward, Match, Player, Season, TrophyWin

# Withdrawal reasons are stored in English and translated when shown ({% translate %}).
REASON_MATCH_NOT_CONFIRMED = gettext_noop("The match is no longer confirmed.")
REASON_TROPHY_REMOVED = gettext_noop("A correction of the match removed this trophy.")
REASON_CREDIT_CHANGED = gettext_noop("A correction of the match credits this trophy to other players.")
REASON_MATCH_DELETED = gettext_noop("The match was deleted.")
REASON_POINTS_BELOW = gettext_noop("The player's trophy points no longer reach this threshold.")
REASON_REACHED_BY_OTHER = gettext_noop("Another trophy now reaches this threshold.")
REASON_PARTNER_NOT_CREDITED = gettext_noop("The season no longer credits trophies to both partners.")


@dataclass(frozen=True)
class Credit:
    """One register entry a confirmed hand calls for (R20)."""

    trophy: str
    player_id: int
    partner_id: int | None
    team_id: int
    won_on: datetime.date
    competition_id: int
    points: int
    hand_id: int
    announcement_id: int

    @property
    def key(self):
        """What identifies the entry across corrections (hand rows may be replaced on save)."""
        return (self.trophy, self.player_id, self.partner_id, self.team_id)


def entry_key(win):
    return (win.trophy, win.player_id, win.partner_id, win.team_id)


def trophy_points(feast_id, season):
    """R20: 1 point per trophy, or the trophy's value when the season says so."""
    return register_rules.trophy_points(feast_id, season is not None and season.trophy_points_are_values)


def thresholds_for(season):
    return tuple(season.thresholds()) if season is not None else register_rules.DEFAULT_THRESHOLDS


# --- what a match calls for -------------------------------------------------------------------

def _won_trophy_announcements(match_ids):
    trophies = [feast_id for feast_id, feast in FEASTS.items() if feast.is_trophy]
    return (
        Announcement.objects.filter(hand__match_id__in=match_ids, result="won", feast__in=trophies)
        .select_related("hand")
        .order_by("hand__match_id", "hand__number", "position")
    )


def credits_of_match(match, announcements=None):
    """The register entries `match` calls for: none unless it is CONFIRMED (R20)."""
    if match.state != Match.State.CONFIRMED:
        return []
    if announcements is None:
        announcements = _won_trophy_announcements([match.pk])
    season = match.competition.season
    seats = {"A.driver": match.a_driver_id, "A.catcher": match.a_catcher_id,
             "B.driver": match.b_driver_id, "B.catcher": match.b_catcher_id}
    credits = []
    for announcement in announcements:
        seat = Seat.parse(announcement.seat)
        announcer, partner = seats[str(seat)], seats[str(seat.partner)]
        credited = [(announcer, partner)]
        if season.trophy_credit_both_partners and partner is not None:
            credited.append((partner, announcer))
        for player_id, partner_id in credited:
            if player_id is None:
                continue
            credits.append(Credit(
                trophy=announcement.feast, player_id=player_id, partner_id=partner_id,
                team_id=match.team_a_id if seat.team is Team.A else match.team_b_id,
                won_on=match.played_on, competition_id=match.competition_id,
                points=trophy_points(announcement.feast, season),
                hand_id=announcement.hand_id, announcement_id=announcement.pk,
            ))
    return credits


# --- comparing and repairing one match -------------------------------------------------------

def _plan_match(match, credits, existing):
    """Pair the credits with the standing entries of one match.

    Returns (kept pairs (win, credit), credits to enter, entries to withdraw). Entries are paired by
    trophy, player, partner and team, as many as both sides have, so a correction that only
    renumbers hands or moves a trophy to another hand keeps the entry.
    """
    by_key = {}
    for win in existing:
        by_key.setdefault(entry_key(win), []).append(win)
    kept, new = [], []
    for credit in credits:
        candidates = by_key.get(credit.key)
        if candidates:
            kept.append((candidates.pop(0), credit))
        else:
            new.append(credit)
    stale = [win for wins in by_key.values() for win in wins]
    return kept, new, stale


def _refresh_fields(win, credit):
    """Fields a kept entry takes over from the current record (date, links, points)."""
    wanted = {"won_on": credit.won_on, "competition_id": credit.competition_id, "points": credit.points,
              "hand_id": credit.hand_id, "announcement_id": credit.announcement_id}
    return {field: value for field, value in wanted.items() if getattr(win, field) != value}


def _withdrawal_reason(match, win, new_credits):
    if match is None:
        return REASON_MATCH_DELETED
    if match.state != Match.State.CONFIRMED:
        return REASON_MATCH_NOT_CONFIRMED
    if any(credit.trophy == win.trophy for credit in new_credits):
        return REASON_CREDIT_CHANGED  # the seats were corrected: the trophy holds, for someone else
    return REASON_TROPHY_REMOVED


def _standing_entries(match_ids):
    return TrophyWin.objects.filter(
        match_id__in=match_ids, variant=TrophyWin.Variant.ROYAL, withdrawn_on__isnull=True,
    ).order_by("won_on", "id")


def _apply_match(match, credits, existing, today):
    """Bring one match's entries in line with its credits; return the players touched."""
    kept, new, stale = _plan_match(match, credits, existing)
    touched = set()
    for win, credit in kept:
        changes = _refresh_fields(win, credit)
        if changes:
            for field, value in changes.items():
                setattr(win, field, value)
            win.save(update_fields=[field.removesuffix("_id") for field in changes])
            touched.add(win.player_id)
    for credit in new:
        TrophyWin.objects.create(
            player_id=credit.player_id, partner_id=credit.partner_id, team_id=credit.team_id,
            trophy=credit.trophy, won_on=credit.won_on, competition_id=credit.competition_id,
            match=match, hand_id=credit.hand_id, announcement_id=credit.announcement_id,
            points=credit.points,
        )
        touched.add(credit.player_id)
    for win in stale:
        _withdraw(win, today, _withdrawal_reason(match, win, new))
        touched.add(win.player_id)
    return touched


def _withdraw(row, today, reason):
    row.withdrawn_on = today
    row.withdrawal_reason = reason
    row.save(update_fields=["withdrawn_on", "withdrawal_reason"])


def sync_match(match):
    """Re-derive the register entries of one match from its confirmed hands, then the cups of
    every player whose entries changed (R20). Runs in the caller's transaction."""
    with transaction.atomic():
        match = Match.objects.select_related("competition__season").get(pk=match.pk)
        credits = credits_of_match(match)
        existing = list(_standing_entries([match.pk]))
        touched = _apply_match(match, credits, existing, timezone.localdate())
        sync_awards(touched)


# --- cups ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DueAward:
    threshold: int
    reached_by_id: int
    awarded_on: datetime.date


def due_awards(wins, seasons_by_year):
    """R20: walk a player's standing wins in the order they were won (won_on, then id), adding
    their points; each threshold crossed is awarded to the trophy that crossed it - one award per
    threshold, even when one trophy crosses several at once. Points add up over all seasons (the
    register is national, not yearly); the thresholds are those of the season of the year the
    crossing trophy was won in, R20's defaults when there is no such season."""
    ordered = sorted(wins, key=lambda win: (win.won_on, win.id))
    steps = [(win.points, thresholds_for(seasons_by_year.get(win.won_on.year))) for win in ordered]
    return [DueAward(threshold, ordered[position].id, ordered[position].won_on)
            for position, threshold in register_rules.thresholds_reached(steps)]


def _plan_awards(due, standing):
    """Standing awards that still hold are kept; others are withdrawn; missing ones are made."""
    wanted = {(award.threshold, award.reached_by_id): award for award in due}
    stale = []
    for award in standing:
        if wanted.pop((award.threshold, award.reached_by_id), None) is None:
            stale.append(award)
    return list(wanted.values()), stale


def _award_withdrawal_reason(award, due):
    still_reached = any(item.threshold == award.threshold for item in due)
    return REASON_REACHED_BY_OTHER if still_reached else REASON_POINTS_BELOW


def _award_differences(player_ids, seasons_by_year):
    """For each player: (player_id, awards to make, awards to withdraw with their reasons)."""
    wins_by_player, awards_by_player = {}, {}
    standing_wins = TrophyWin.objects.filter(player_id__in=player_ids, withdrawn_on__isnull=True)
    for win in standing_wins.only("id", "player_id", "won_on", "points"):
        wins_by_player.setdefault(win.player_id, []).append(win)
    standing_awards = CupAward.objects.filter(player_id__in=player_ids, withdrawn_on__isnull=True)
    for award in standing_awards.order_by("awarded_on", "id"):
        awards_by_player.setdefault(award.player_id, []).append(award)
    for player_id in sorted(player_ids):
        due = due_awards(wins_by_player.get(player_id, []), seasons_by_year)
        missing, stale = _plan_awards(due, awards_by_player.get(player_id, []))
        if missing or stale:
            yield player_id, missing, [(award, _award_withdrawal_reason(award, due)) for award in stale]


def _seasons_by_year():
    return {season.year: season for season in Season.objects.all()}


def sync_awards(player_ids):
    """Bring the cups of these players in line with their standing wins (R20)."""
    if not player_ids:
        return
    # Serialise award decisions per player across concurrent confirmations (PostgreSQL).
    list(Player.objects.select_for_update().filter(pk__in=player_ids).order_by("pk").values_list("pk"))
    today = timezone.localdate()
    for player_id, missing, stale in _award_differences(player_ids, _seasons_by_year()):
        for award, reason in stale:
            _withdraw(award, today, reason)
        for item in missing:
            CupAward.objects.create(player_id=player_id, threshold=item.threshold,
                                    awarded_on=item.awarded_on, reached_by_id=item.reached_by_id)


# --- the whole register ----------------------------------------------------------------------

def _describe_credit(credit, players):
    return f"{FEASTS[credit.trophy].name} of {players.get(credit.player_id, credit.player_id)}"


def _describe_win(win):
    return f"entry {win.pk} ({FEASTS[win.trophy].name} of {win.player}, {win.won_on})"


def _match_lines(match, credits, existing, players):
    kept, new, stale = _plan_match(match, credits, existing)
    lines = [f"register: match {match.pk} ({match}): missing {_describe_credit(credit, players)}" for credit in new]
    lines += [f"register: match {match.pk} ({match}): {_describe_win(win)} no longer holds" for win in stale]
    for win, credit in kept:
        changes = _refresh_fields(win, credit)
        if set(changes) - {"hand_id", "announcement_id"}:
            fields = ", ".join(sorted(field.removesuffix("_id") for field in changes))
            lines.append(f"register: match {match.pk} ({match}): {_describe_win(win)} differs in {fields}")
    return lines


def rederive(fix=False):
    """Re-derive the register and the cups from the confirmed hands (R20); the jury's entries of
    variants keep their trophy and credit, and their points follow their season's settings as a
    match's do. Returns one line per difference; with fix=True repairs them.

    The repair always runs, in a savepoint that a dry run rolls back: so the cups are judged on
    the repaired entries, and a dry run reports exactly what fix=True would change."""
    with transaction.atomic():
        lines = _repair_register()
        if not fix:
            transaction.set_rollback(True)
    return lines


def _repair_register():
    today = timezone.localdate()
    players = dict(Player.objects.values_list("pk", "name"))
    announcements_by_match, entries_by_match = {}, {}
    for announcement in _won_trophy_announcements(Match.objects.values("pk")):
        announcements_by_match.setdefault(announcement.hand.match_id, []).append(announcement)
    standing = TrophyWin.objects.filter(variant=TrophyWin.Variant.ROYAL, withdrawn_on__isnull=True)
    for win in standing.select_related("player").order_by("won_on", "id"):
        entries_by_match.setdefault(win.match_id, []).append(win)
    lines = []
    for match in Match.objects.select_related("competition__season").order_by("pk"):
        credits = credits_of_match(match, announcements_by_match.get(match.pk, []))
        existing = entries_by_match.pop(match.pk, [])
        lines += _match_lines(match, credits, existing, players)
        _apply_match(match, credits, existing, today)
    for win in entries_by_match.pop(None, []):
        lines.append(f"register: {_describe_win(win)} has no match")
        _withdraw(win, today, REASON_MATCH_DELETED)
    lines += _repair_variants(today)
    lines += _award_lines(players)
    sync_awards(set(players))
    return lines


def _repair_variants(today):
    """R20: a trophy won in a recognised variant follows its season's settings as a recorded
    hand's trophy does: a change of the points revalues it, and one of the credit makes or
    withdraws the partner's entry (the jury's entry, the first of the pair, stays)."""
    seasons = _seasons_by_year()
    lines, pairs = [], {}
    standing = TrophyWin.objects.exclude(variant=TrophyWin.Variant.ROYAL).filter(withdrawn_on__isnull=True)
    for win in standing.select_related("player", "partner", "competition__season").order_by("id"):
        season = win.competition.season if win.competition_id else seasons.get(win.won_on.year)
        points = trophy_points(win.trophy, season)
        if win.points != points:
            lines.append(f"register: {_describe_win(win)} ({win.variant}) differs in points")
            win.points = points
            win.save(update_fields=["points"])
        if win.partner_id is not None:
            key = (win.trophy, win.variant, win.won_on, win.competition_id, win.team_id,
                   frozenset((win.player_id, win.partner_id)))
            pairs.setdefault(key, (season, []))[1].append(win)
    for season, wins in pairs.values():
        first, *others = wins
        both = season is not None and season.trophy_credit_both_partners
        if both and not others:
            lines.append(f"register: {_describe_win(first)} ({first.variant}): missing the partner's entry")
            TrophyWin.objects.create(player_id=first.partner_id, partner_id=first.player_id, team_id=first.team_id,
                                     trophy=first.trophy, variant=first.variant, won_on=first.won_on,
                                     competition_id=first.competition_id, points=first.points,
                                     entered_by_id=first.entered_by_id)
        for win in others if not both else others[1:]:
            lines.append(f"register: {_describe_win(win)} ({win.variant}) no longer holds")
            _withdraw(win, today, REASON_PARTNER_NOT_CREDITED if not both else REASON_CREDIT_CHANGED)
    return lines


def _award_lines(players):
    lines = []
    for player_id, missing, stale in _award_differences(set(players), _seasons_by_year()):
        name = players[player_id]
        lines += [f"register: {name}: missing cup for {item.threshold} points (reached on {item.awarded_on})"
                  for item in missing]
        lines += [f"register: {name}: cup {award.pk} for {award.threshold} points no longer holds"
                  for award, _reason in stale]
    return lines


# --- entries the jury makes: trophies won in recognised variants (R20) -----------------------

def season_of(won_on, competition=None):
    if competition is not None:
        return competition.season
    return Season.objects.filter(year=won_on.year).first()


def enter_variant_trophy(*, player, trophy, variant, won_on, user, partner=None, team=None, competition=None):
    """R20: the jury enters a trophy won in a recognised variant (Emperor Tarokk), marked with the
    variant. Credit and points follow the season's settings as for recorded hands."""
    season = season_of(won_on, competition)
    if season is not None:
        season.check_open(_("Variant trophy"))  # R21
    credited = [(player, partner)]
    if season is not None and season.trophy_credit_both_partners and partner is not None:
        credited.append((partner, player))
    with transaction.atomic():
        wins = [
            TrophyWin.objects.create(
                player=credited_player, partner=credited_partner, team=team, trophy=trophy, variant=variant,
                won_on=won_on, competition=competition, points=trophy_points(trophy, season), entered_by=user,
            )
            for credited_player, credited_partner in credited
        ]
        sync_awards({win.player_id for win in wins})
    return wins


def withdraw_variant_trophy(win, reason):
    """The jury withdraws a variant entry it made (a mistake, a decision revised); like every
    withdrawal it stays in the register, marked, and the player's cups are re-checked (R20)."""
    if win.variant == TrophyWin.Variant.ROYAL:
        raise ValueError("Trophies of recorded matches follow their match; correct the match instead.")
    season = season_of(win.won_on, win.competition)
    if season is not None:
        season.check_open(_("Variant trophy"))  # R21
    with transaction.atomic():
        _withdraw(win, timezone.localdate(), reason)
        sync_awards({win.player_id})
