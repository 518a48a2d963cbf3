"""Competitions of a season (R15-R18): the Championship, the Cup and its ties, Grand Prix events
and free games. Their rules live in the competition modules; these are the facts they keep."""

import datetime

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.collation import hungarian

from .people import Player, Season, Team
from .public_data import PublicData


class Competition(PublicData):
    class Kind(models.TextChoices):
        CHAMPIONSHIP = "championship", _("Team Championship")
        CUP = "cup", _("Hungarian Cup")
        GRAND_PRIX = "grand_prix", _("Grand Prix")
        FREE_GAMES = "free_games", _("Free games")

    season = models.ForeignKey(Season, models.PROTECT, related_name="competitions", verbose_name=_("season"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=80)
    starts = models.DateField(_("first day"), null=True, blank=True)
    place = models.CharField(_("place"), max_length=120, blank=True)

    # R15 settings (Championship).
    match_limit = models.PositiveSmallIntegerField(
        _("championship matches a team may play"), default=52,
        help_text=_("R15: a team plays at most this many championship matches a season."),
    )
    annual_meeting = models.DateField(
        _("annual meeting"), null=True, blank=True,
        help_text=_("R15: matches before this date need the jury's agreement (default 15 January)."),
    )
    # R16 settings (Cup).
    registration_opens = models.DateField(
        _("registration opens"), null=True, blank=True,
        help_text=_("R16: default 25 August of the season."),
    )
    max_teams = models.PositiveSmallIntegerField(
        _("most teams"), default=16, help_text=_("R16: the Cup takes at most this many teams."),
    )
    # A second juror confirms this competition's matches by typing them again without seeing the
    # first entry; the match is confirmed when both agree (otherwise the differences are shown).
    blind_confirmation = models.BooleanField(
        _("blind confirmation"), default=False,
        help_text=_("The confirming juror types the match again without seeing the first entry."))
    # The players enter each hand at the table on their phones, the other team verifies it
    # (tournaments.recording.player_entry); the jury still submits and confirms the match.
    players_enter_hands = models.BooleanField(
        _("players enter the hands"), default=False,
        help_text=_("Each team gets a link to enter the hands at the table; the other team verifies each hand."))
    draw_seed = models.CharField(_("draw seed"), max_length=64, blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["season", "kind", "starts", hungarian("name")]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        constraints = [
            models.UniqueConstraint(fields=["season", "slug"], name="competition_slug_unique_in_season"),
            models.UniqueConstraint(
                fields=["season", "kind"], condition=Q(kind__in=["championship", "cup", "free_games"]),
                name="one_championship_cup_and_free_games_a_season",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.season})"

    def annual_meeting_date(self):
        return self.annual_meeting or datetime.date(self.season.year, 1, 15)

    def registration_opens_date(self):
        return self.registration_opens or datetime.date(self.season.year, 8, 25)


class CupEntry(PublicData):
    """R16: a team entered in the Cup, with exactly its Driver and Catcher."""

    competition = models.ForeignKey(Competition, models.CASCADE, verbose_name=_("competition"),
                                    related_name="cup_entries")
    team = models.ForeignKey(Team, models.PROTECT, related_name="cup_entries", verbose_name=_("team"))
    entered_on = models.DateField(_("entered on"))

    history = HistoricalRecords()

    class Meta:
        ordering = ["entered_on", "id"]
        verbose_name = _("cup entry")
        verbose_name_plural = _("cup entries")
        constraints = [
            models.UniqueConstraint(fields=["competition", "team"], name="cup_entry_once"),
        ]

    def __str__(self):
        return str(self.team)


class CupTie(PublicData):
    """R16: two teams, three matches (and tie-breakers until one leads) in one round of the Cup."""

    class Round(models.IntegerChoices):
        ROUND_OF_16 = 1, _("Round of 16")
        QUARTER_FINAL = 2, _("Quarter-final")
        SEMI_FINAL = 3, _("Semi-final")
        FINAL = 4, _("Final")

    competition = models.ForeignKey(Competition, models.CASCADE, verbose_name=_("competition"),
                                    related_name="cup_ties")
    round = models.PositiveSmallIntegerField(_("round"), choices=Round.choices)
    slot = models.PositiveSmallIntegerField(_("slot"), help_text=_("Position in the round, from 0."))
    team_a = models.ForeignKey(Team, models.PROTECT, verbose_name=_("team A"), null=True, blank=True, related_name="+")
    team_b = models.ForeignKey(Team, models.PROTECT, verbose_name=_("team B"), null=True, blank=True, related_name="+")
    winner = models.ForeignKey(Team, models.PROTECT, verbose_name=_("winner"), null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["competition", "round", "slot"]
        verbose_name = _("cup tie")
        verbose_name_plural = _("cup ties")
        constraints = [
            models.UniqueConstraint(fields=["competition", "round", "slot"], name="cup_tie_slot_once"),
        ]

    def __str__(self):
        return f"{self.get_round_display()} {self.slot + 1}: {self.team_a or '?'} - {self.team_b or '?'}"


class GrandPrixEntry(PublicData):
    """R17: a team entered in one Grand Prix event."""

    competition = models.ForeignKey(Competition, models.CASCADE, verbose_name=_("competition"),
                                    related_name="grand_prix_entries")
    team = models.ForeignKey(Team, models.PROTECT, related_name="grand_prix_entries", verbose_name=_("team"))

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("Grand Prix entry")
        verbose_name_plural = _("Grand Prix entries")
        constraints = [
            models.UniqueConstraint(fields=["competition", "team"], name="grand_prix_entry_once"),
        ]

    def __str__(self):
        return str(self.team)


class FreeGame(PublicData):
    """R18: a training game, a game of a variant or a test game of new rules."""

    class Kind(models.TextChoices):
        TRAINING = "training", _("Training game")
        VARIANT = "variant", _("Variant")
        TEST = "test", _("Test of new rules")

    class Variant(models.TextChoices):
        ROYAL = "royal", _("Royal Tarokk")
        EMPEROR = "emperor", _("Emperor Tarokk")
        THREE_HANDED = "three_handed", _("Three-handed game")
        OTHER = "other", _("Other")

    competition = models.ForeignKey(Competition, models.PROTECT, verbose_name=_("competition"),
                                    related_name="free_games")
    played_on = models.DateField(_("played on"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.TRAINING)
    variant = models.CharField(_("variant"), max_length=20, choices=Variant.choices, default=Variant.ROYAL)
    record = models.JSONField(_("scored record"), null=True, blank=True,
                              help_text=_("The variant record its points were derived from."))
    note = models.CharField(_("note"), max_length=200, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-played_on", "id"]
        verbose_name = _("free game")
        verbose_name_plural = _("free games")

    def __str__(self):
        return f"{self.get_kind_display()} {self.played_on}"


class FreeGameScore(PublicData):
    game = models.ForeignKey(FreeGame, models.CASCADE, verbose_name=_("free game"), related_name="scores")
    player = models.ForeignKey(Player, models.PROTECT, verbose_name=_("player"), related_name="free_game_scores")
    points = models.IntegerField(_("points"))

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("free game score")
        verbose_name_plural = _("free game scores")
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="free_game_score_once"),
        ]

    def __str__(self):
        return f"{self.player}: {self.points}"
