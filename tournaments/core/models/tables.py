"""The online table: four seats playing a match's hands in their browsers (issue 25).

A table's state is its seed and its actions in order: each hand is replayed from them by the rules
of scoring.table, so nothing about the cards is stored twice. A seat is joined by a seat link, a
secret of which only a hash is stored, naming one seat of one table and ending with the table.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .matches import SEAT_CHOICES, TEAM_CHOICES, Match
from .people import Player

HANDS_AT_A_TABLE = 8  # R13: a match is eight hands; a free game at the table is played like one


class Table(models.Model):
    """A table for an official match agreed beforehand (R15) or for a free game (R18)."""

    class State(models.TextChoices):
        OPEN = "open", _("Being played")
        ADJOURNED = "adjourned", _("Adjourned")
        ABANDONED = "abandoned", _("Abandoned")
        FINISHED = "finished", _("Finished")

    match = models.ForeignKey(Match, models.PROTECT, null=True, blank=True, related_name="tables",
                              verbose_name=_("match"))
    free_games = models.ForeignKey(Competition, models.PROTECT, null=True, blank=True, related_name="tables",
                                   verbose_name=_("free games"))
    seed = models.BigIntegerField(_("seed"), help_text=_("Every deal of the table follows from it."))
    first_attackers = models.CharField(_("attacking team in hand 1"), max_length=1, choices=TEAM_CHOICES)
    state = models.CharField(_("state"), max_length=20, choices=State.choices, default=State.OPEN)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+",
                                  verbose_name=_("opened by"))
    opened_at = models.DateTimeField(_("opened at"), auto_now_add=True)
    free_game = models.ForeignKey("FreeGame", models.PROTECT, null=True, blank=True, related_name="+",
                                  verbose_name=_("free game recorded"))

    class Meta:
        ordering = ["-opened_at", "-id"]
        verbose_name = _("online table")
        verbose_name_plural = _("online tables")
        constraints = [
            models.CheckConstraint(condition=models.Q(match__isnull=True) ^ models.Q(free_games__isnull=True),
                                   name="table_for_a_match_or_a_free_game"),
        ]

    def __str__(self):
        return f"{self._meta.verbose_name} {self.pk}"

    @property
    def is_live(self):
        return self.state == self.State.OPEN


class TableSeat(models.Model):
    table = models.ForeignKey(Table, models.CASCADE, related_name="seats", verbose_name=_("table"))
    seat = models.CharField(_("seat"), max_length=10, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("player"))
    link_hash = models.CharField(_("seat link (hashed)"), max_length=64, blank=True, db_index=True)

    class Meta:
        ordering = ["table", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="table_seat_once")]

    def __str__(self):
        return f"{self.table} {self.seat}"

    def new_link(self) -> str:
        """A fresh secret for this seat (the one before stops working); only its hash is kept.
        The caller saves the seat and shows the secret once."""
        secret = secrets.token_urlsafe(24)
        self.link_hash = hash_secret(secret)
        return secret


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class TableAction(models.Model):
    """One move at a table, in order: a pass, an announcement, a contra or a card (scoring.table.Move),
    or the organiser's adjournment, resumption or abandonment."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="actions", verbose_name=_("table"))
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    position = models.PositiveIntegerField(_("position"))
    seat = models.CharField(_("seat"), max_length=10, choices=SEAT_CHOICES, blank=True)
    move = models.JSONField(_("move"))
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True, related_name="+",
                                verbose_name=_("made by"))
    player = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("player"))
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("table action")
        verbose_name_plural = _("table actions")
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="table_action_once")]

    def __str__(self):
        return f"{self.table} #{self.position}"
