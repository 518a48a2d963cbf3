"""The national trophy register and its cups (R11, R19, R20)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring.feasts import FEASTS
from tournaments.core.feast_names import FEAST_NAMES

from .competitions import Competition
from .matches import Announcement, Hand, Match
from .people import Player, Team
from .public_data import PublicData

TROPHY_CHOICES = [(feast.id, FEAST_NAMES[feast.id]) for feast in FEASTS.values() if feast.is_trophy]


class TrophyWin(PublicData):
    """A trophy credited to one player. Entries from recorded hands are made by the register
    itself; trophies won in recognised variants (Emperor Tarokk) are entered by the jury."""

    class Variant(models.TextChoices):
        ROYAL = "royal", _("Royal Tarokk")
        EMPEROR = "emperor", _("Emperor Tarokk")

    player = models.ForeignKey(Player, models.PROTECT, related_name="trophies", verbose_name=_("player"))
    partner = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+",
                                verbose_name=_("partner"))
    team = models.ForeignKey(Team, models.PROTECT, null=True, blank=True, related_name="+",
                             verbose_name=_("team"))
    trophy = models.CharField(_("trophy"), max_length=40, choices=TROPHY_CHOICES)
    variant = models.CharField(_("variant"), max_length=20, choices=Variant.choices, default=Variant.ROYAL)
    won_on = models.DateField(_("won on"))
    competition = models.ForeignKey(Competition, models.PROTECT, null=True, blank=True, related_name="+",
                                    verbose_name=_("competition"))
    match = models.ForeignKey(Match, models.SET_NULL, verbose_name=_("match"), null=True, blank=True, related_name="+")
    hand = models.ForeignKey(Hand, models.SET_NULL, verbose_name=_("hand"), null=True, blank=True, related_name="+")
    announcement = models.ForeignKey(Announcement, models.SET_NULL, verbose_name=_("announcement"),
                                     null=True, blank=True, related_name="+")
    points = models.PositiveSmallIntegerField(_("trophy points"))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, verbose_name=_("entered by"),
                                   null=True, blank=True, related_name="+")
    # A correction that removes the trophy withdraws the entry; it is never deleted (R20).
    withdrawn_on = models.DateField(_("withdrawn on"), null=True, blank=True)
    withdrawal_reason = models.CharField(_("reason for withdrawal"), max_length=200, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["won_on", "id"]
        verbose_name = _("trophy won")
        verbose_name_plural = _("trophies won")

    def __str__(self):
        return f"{self.get_trophy_display()}: {self.player}, {self.won_on}"


class CupAward(PublicData):
    """R20: a cup awarded as a player's trophy points reach a threshold."""

    player = models.ForeignKey(Player, models.PROTECT, related_name="cup_awards", verbose_name=_("player"))
    threshold = models.PositiveIntegerField(_("trophy points reached"))
    awarded_on = models.DateField(_("awarded on"))
    reached_by = models.ForeignKey(TrophyWin, models.PROTECT, related_name="awards",
                                   verbose_name=_("trophy that reached it"))
    withdrawn_on = models.DateField(_("withdrawn on"), null=True, blank=True)
    withdrawal_reason = models.CharField(_("reason for withdrawal"), max_length=200, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["awarded_on", "id"]
        verbose_name = _("trophy cup")
        verbose_name_plural = _("trophy cups")

    def __str__(self):
        return f"{self.player}: {self.threshold}"
