"""The players entering their own match at the table: each team's link, and each hand as one team
entered it, waiting for the other team's word. Only an accepted hand becomes a fact (through the
door, tournaments.recording.player_entry); until then it is the players' typing, like a juror's
draft."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .matches import Match


def new_token() -> str:
    # 128 random bits in a link's address: the link is the team's key, as a table's private
    # address is in debate tabulation and a Bridgemate's table number is at a bridge club.
    return secrets.token_urlsafe(16)


class TeamLink(models.Model):
    """One team's link to enter and verify the hands of one match on the players' own phones."""

    class Side(models.TextChoices):
        A = "A", _("team A")
        B = "B", _("team B")

    match = models.ForeignKey(Match, models.CASCADE, related_name="team_links", verbose_name=_("match"))
    side = models.CharField(_("team"), max_length=1, choices=Side.choices)
    token = models.CharField(_("key"), max_length=32, unique=True, default=new_token)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+",
                                  verbose_name=_("given by"))
    issued_at = models.DateTimeField(_("given at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    # Who gave or ended a link, when and why, as for every other fact the jury changes.
    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "side", "-issued_at"]
        verbose_name = _("team's link")
        verbose_name_plural = _("teams' links")
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], condition=models.Q(ended_at=None),
                                    name="one_live_link_a_team_a_match"),
        ]

    def __str__(self):
        return f"{self.match}, team {self.side}"

    @property
    def other_side(self) -> str:
        return "B" if self.side == "A" else "A"

    @property
    def team(self):
        return self.match.team_a if self.side == "A" else self.match.team_b


class PlayerHand(models.Model):
    """One hand as a team entered it at the table, and what the other team said of it."""

    class State(models.TextChoices):
        AWAITING = "awaiting", _("awaiting the other team")
        DISPUTED = "disputed", _("disputed")
        ACCEPTED = "accepted", _("accepted")

    match = models.ForeignKey(Match, models.CASCADE, related_name="player_hands", verbose_name=_("match"))
    number = models.PositiveSmallIntegerField(_("hand"))
    fields = models.JSONField(_("fields as typed"), default=dict)
    record = models.JSONField(_("hand record"), default=dict)  # as the engine read the fields (FORMAT.md)
    revision = models.PositiveIntegerField(_("revision"), default=1)  # moved by each entry: an answer is to one
    entered_by = models.ForeignKey(TeamLink, models.PROTECT, related_name="entered", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"))
    # The phone's own name for what it sent: the same hand sent again after a lost connection is
    # recognised, not entered twice.
    sent_as = models.CharField(_("sent as"), max_length=64, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.AWAITING)
    answered_by = models.ForeignKey(TeamLink, models.PROTECT, null=True, blank=True, related_name="answered",
                                    verbose_name=_("answered by"))
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    note = models.TextField(_("what is wrong"), blank=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("hand entered by the players")
        verbose_name_plural = _("hands entered by the players")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_player_entry_a_hand"),
        ]

    def __str__(self):
        return f"{self.match}, hand {self.number} ({self.state})"
