"""Matches and what happened at the table: hands, announcements, silent premiums.

The facts are stored as the jury entered them; every score field here is a cache of the rules
engine's answer (scoring/), written by tournaments.core.bridge in the same transaction as the facts.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring.feasts import FEASTS, SILENT_PREMIUMS
from scoring.match import hands_in
from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES

from .competitions import Competition, CupTie
from .people import Player, Team
from .public_data import PublicData, PublicDataQuerySet

TEAM_CHOICES = [("A", "A"), ("B", "B")]
SEAT_CHOICES = [(seat, seat) for seat in ("A.driver", "A.catcher", "B.driver", "B.catcher")]
FEAST_CHOICES = [(feast_id, FEAST_NAMES[feast_id]) for feast_id in FEASTS]
PREMIUM_CHOICES = [(premium_id, SILENT_PREMIUM_NAMES[premium_id]) for premium_id in SILENT_PREMIUMS]


class MatchQuerySet(PublicDataQuerySet):
    def with_teams(self):
        return self.select_related("competition__season", "team_a", "team_b")

    def confirmed(self):
        return self.filter(state=Match.State.CONFIRMED)

    def of_team(self, team):
        return self.filter(Q(team_a=team) | Q(team_b=team))


class Match(PublicData):
    """Eight hands between two teams (R13), or a two-hand Cup tie-breaker (R16)."""

    class State(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        IN_ENTRY = "in_entry", _("Being entered")
        ENTERED = "entered", _("Awaiting confirmation")
        RETURNED = "returned", _("Sent back")
        CONFIRMED = "confirmed", _("Confirmed")

    class Kind(models.TextChoices):
        REGULAR = "regular", _("Match of 8 hands")
        TIE_BREAKER = "tie_breaker", _("Cup tie-breaker of 2 hands")

    competition = models.ForeignKey(Competition, models.PROTECT, related_name="matches",
                                    verbose_name=_("competition"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.REGULAR)
    team_a = models.ForeignKey(Team, models.PROTECT, related_name="+", verbose_name=_("team A"))
    team_b = models.ForeignKey(Team, models.PROTECT, related_name="+", verbose_name=_("team B"))
    played_on = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=120, blank=True)
    played_publicly = models.BooleanField(_("played publicly"), default=True)
    # R15: a private match, or one before the annual meeting, needs the jury's prior agreement.
    jury_agreed_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                                       related_name="+", verbose_name=_("agreed by"))
    jury_agreed_at = models.DateTimeField(_("agreed at"), null=True, blank=True)
    # R14: the four players who actually played.
    a_driver = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                                 verbose_name=_("A driver"))
    a_catcher = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                                  verbose_name=_("A catcher"))
    b_driver = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                                 verbose_name=_("B driver"))
    b_catcher = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                                  verbose_name=_("B catcher"))
    # R16/R17: the Cup tie this match counts for, and a Grand Prix match counted for the Championship.
    cup_tie = models.ForeignKey(CupTie, models.PROTECT, null=True, blank=True, related_name="matches",
                                verbose_name=_("Cup tie"))
    counts_for_championship = models.BooleanField(_("also counts for the Championship"), default=False)

    state = models.CharField(_("state"), max_length=20, choices=State.choices, default=State.SCHEDULED)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                                   related_name="+", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                                     related_name="+", verbose_name=_("confirmed by"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    jury_comment = models.TextField(_("jury comment"), blank=True)
    # Optimistic locking: a save carries the version it was based on; a stale one is refused.
    version = models.PositiveIntegerField(_("version"), default=0)

    # Derived (R13), a cache of the engine's answer.
    score_a = models.PositiveSmallIntegerField(_("A's score"), null=True, blank=True)
    score_b = models.PositiveSmallIntegerField(_("B's score"), null=True, blank=True)
    hand_sum_a = models.PositiveIntegerField(_("A's hand sum"), null=True, blank=True)
    hand_sum_b = models.PositiveIntegerField(_("B's hand sum"), null=True, blank=True)

    history = HistoricalRecords()
    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        permissions = [
            ("enter_scores", _("Can enter match scores (jury)")),
            ("confirm_scores", _("Can confirm others' entries and correct confirmed matches (chief jury)")),
            ("agree_private_matches", _("Can agree private and early matches (chief jury)")),
            ("organise", _("Can manage teams, competitions and draws (organiser)")),
            ("manage_accounts", _("Can invite users, set their roles and deactivate them (organiser)")),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(team_a=models.F("team_b")), name="match_teams_differ"),
        ]

    def __str__(self):
        return f"{self.team_a} - {self.team_b}, {self.played_on}"

    @property
    def hands_expected(self):
        return hands_in(tie_breaker=self.kind == self.Kind.TIE_BREAKER)  # R13, R16

    @property
    def is_locked(self):
        return self.state == self.State.CONFIRMED

    @property
    def awaits_blind_confirmation(self):
        """Submitted in a competition that confirms blind: no list shows its score, since the
        juror who confirms it types it again without seeing the first entry."""
        return self.state == self.State.ENTERED and self.competition.blind_confirmation


class Hand(PublicData):
    match = models.ForeignKey(Match, models.CASCADE, verbose_name=_("match"), related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    attackers = models.CharField(_("attacking team"), max_length=1, choices=TEAM_CHOICES)
    # R5 holdings per team: trumps (the Fool counts), honours, which of XVI-XVIII are held.
    a_trumps = models.PositiveSmallIntegerField(_("A trumps"))
    a_honours = models.PositiveSmallIntegerField(_("A honours"))
    a_high_trumps = models.CharField(_("A holds of XVI-XVIII"), max_length=20, blank=True)
    b_trumps = models.PositiveSmallIntegerField(_("B trumps"))
    b_honours = models.PositiveSmallIntegerField(_("B honours"))
    b_high_trumps = models.CharField(_("B holds of XVI-XVIII"), max_length=20, blank=True)
    # The full record, when the jury entered the deal and the ten tricks (FORMAT.md).
    deal = models.JSONField(_("deal"), null=True, blank=True)
    tricks = models.JSONField(_("tricks"), null=True, blank=True)

    # Derived (R5-R12), a cache of the engine's answer.
    score_a = models.PositiveSmallIntegerField(_("A's score"), null=True, blank=True)
    score_b = models.PositiveSmallIntegerField(_("B's score"), null=True, blank=True)
    raw_a = models.IntegerField(_("A's points before the ceiling"), null=True, blank=True)
    raw_b = models.IntegerField(_("B's points before the ceiling"), null=True, blank=True)
    ceiling_a = models.PositiveSmallIntegerField(_("A's ceiling"), null=True, blank=True)
    ceiling_b = models.PositiveSmallIntegerField(_("B's ceiling"), null=True, blank=True)
    lines = models.JSONField(_("scored lines"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_number_once_a_match"),
        ]

    def __str__(self):
        return f"{self.match}, hand {self.number}"


class Announcement(PublicData):
    hand = models.ForeignKey(Hand, models.CASCADE, verbose_name=_("hand"), related_name="announcements")
    position = models.PositiveSmallIntegerField(_("position"))
    feast = models.CharField(_("feast"), max_length=40, choices=FEAST_CHOICES)
    seat = models.CharField(_("announced by"), max_length=10, choices=SEAT_CHOICES)
    cards = models.CharField(_("declared cards"), max_length=40, blank=True)
    suits = models.CharField(_("declared suits"), max_length=40, blank=True)
    # R6a: what a Number of a Suit or Trumps message said; empty for every other announcement and for
    # messages kept before messages said their number.
    number = models.PositiveSmallIntegerField(_("number said"), null=True, blank=True)
    contra = models.CharField(_("contra"), max_length=10, blank=True,
                              choices=[("partner", _("by the partner")), ("opponents", _("by the opponents"))])
    result = models.CharField(_("result"), max_length=4, blank=True,
                              choices=[("won", _("won")), ("lost", _("lost"))])

    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "position"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")

    def __str__(self):
        return f"{self.get_feast_display()} ({self.seat})"


class SilentPremium(PublicData):
    hand = models.ForeignKey(Hand, models.CASCADE, verbose_name=_("hand"), related_name="silent_premiums")
    premium = models.CharField(_("premium"), max_length=30, choices=PREMIUM_CHOICES)
    team = models.CharField(_("team"), max_length=1, choices=TEAM_CHOICES)

    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "premium"]
        verbose_name = _("silent premium")
        verbose_name_plural = _("silent premiums")

    def __str__(self):
        return f"{self.get_premium_display()} ({self.team})"


class HandDraft(models.Model):
    """What a juror has typed of one hand, kept on the server as it is typed (an "entry" draft),
    so that nothing typed is lost to a closed tab or a lost connection: offered back when the match
    is opened again, with its problems, until the hand is stored. A "blind" draft is a second
    juror's own typing of a submitted match for blind confirmation, never shown to the first."""

    class Purpose(models.TextChoices):
        ENTRY = "entry", _("entry")
        BLIND = "blind", _("blind confirmation")

    match = models.ForeignKey(Match, models.CASCADE, related_name="drafts", verbose_name=_("match"))
    number = models.PositiveSmallIntegerField(_("hand"))
    purpose = models.CharField(_("purpose"), max_length=10, choices=Purpose.choices, default=Purpose.ENTRY)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+", verbose_name=_("juror"))
    fields = models.JSONField(_("fields as typed"), default=dict)  # the hand's inputs as typed, by field name
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["match", "purpose", "number"]
        verbose_name = _("hand as typed")
        verbose_name_plural = _("hands as typed")
        constraints = [
            models.UniqueConstraint(fields=["match", "purpose", "number", "user"], name="one_draft_a_hand_a_juror"),
        ]

    def __str__(self):
        return f"{self.match}, hand {self.number} as typed by {self.user}"
