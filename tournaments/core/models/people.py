"""Players, seasons and teams (R14)."""

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connections, models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.collation import hungarian
from tournaments.core.refusals import season_closed

from .public_data import PublicData, PublicDataQuerySet


class Player(PublicData):
    name = models.CharField(_("name"), max_length=120)
    membership_number = models.CharField(_("membership number"), max_length=20, unique=True)
    active = models.BooleanField(_("active"), default=True)
    # A player who has a login finds their seat at an online table without a seat link (issue 25).
    account = models.OneToOneField(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                                   related_name="player", verbose_name=_("account"),
                                   help_text=_("The login of this player: their seat at an online table "
                                               "opens from it."))

    history = HistoricalRecords()

    class Meta:
        ordering = [hungarian("name")]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name


class SeasonQuerySet(PublicDataQuerySet):
    def public(self):
        """The seasons the public sees: running or closed; a season being prepared is the
        organisers' alone."""
        return self.exclude(state=Season.State.PREPARED)

    def current(self):
        """The public's "current season": the newest running one, else the newest closed one."""
        return (self.filter(state=Season.State.RUNNING).order_by("-year").first()
                or self.filter(state=Season.State.CLOSED).order_by("-year").first())


class Season(PublicData):
    """A calendar year of competitions (R15: 1 January to 31 December).

    Its life: being prepared (the organisers set it up; the public does not see it), running (the
    public's current season is the newest running one), closed (every competition decided; its
    matches take no more hands, and a correction needs the chief jury and a reason)."""

    class State(models.TextChoices):
        PREPARED = "prepared", _("being prepared")
        RUNNING = "running", _("running")
        CLOSED = "closed", _("closed")

    year = models.PositiveSmallIntegerField(_("year"), unique=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PREPARED)
    # R20 settings: how the national trophy register credits and counts trophies won this season.
    trophy_credit_both_partners = models.BooleanField(
        _("credit trophies to both partners"), default=False,
        help_text=_("R20: by default a trophy is credited to the announcing player only."),
    )
    trophy_points_are_values = models.BooleanField(
        _("trophy points are the trophy's value"), default=False,
        help_text=_("R20: by default each trophy earns 1 trophy point."),
    )
    cup_thresholds = models.CharField(
        _("trophy cup thresholds"), max_length=100, default="100,250,500,1000",
        help_text=_("R20: trophy points at which a player is awarded a cup, comma separated."),
    )

    # R21: the last reopening of a closed season, said on its public pages (its history has every one).
    reopened_at = models.DateTimeField(_("reopened at"), null=True, blank=True, editable=False)
    reopening_reason = models.CharField(_("reason for reopening"), max_length=100, blank=True, editable=False)

    history = HistoricalRecords()

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-year"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return str(self.year)

    @property
    def starts(self):
        return datetime.date(self.year, 1, 1)

    @property
    def ends(self):
        return datetime.date(self.year, 12, 31)

    @property
    def is_closed(self):
        return self.state == self.State.CLOSED

    @property
    def is_public(self):
        return self.state != self.State.PREPARED

    def check_open(self, field) -> None:
        """R21: the one check every way in meets before a fact of this season changes (a match, a
        hand, a submission, a confirmation, a free game, an entry, a team, a register or
        competition setting): a closed season's facts are final. ``field`` names what was to
        change, by its label. The chief jury's correction of a confirmed match is not held here."""
        if self.is_closed:
            raise season_closed(self, str(field))

    def thresholds(self):
        return sorted(int(part) for part in self.cup_thresholds.split(",") if part.strip())

    def clean(self):
        try:
            values = self.thresholds()
        except ValueError:
            values = None
        if not values or any(value <= 0 for value in values):
            raise ValidationError(
                {"cup_thresholds": _("R20: give positive whole numbers separated by commas.")}
            )


class TeamQuerySet(PublicDataQuerySet):
    def with_players(self):
        return self.select_related("driver", "catcher", "substitute", "season")

    def of_player(self, player, season):
        return self.filter(
            Q(driver=player) | Q(catcher=player) | Q(substitute=player), season=season
        )

    def hold(self, team_ids) -> None:
        """Lock the teams' rows, in id order, until the transaction ends. Every save that counts a
        team's matches (R15-R17) takes its teams this way before any other row it locks (a tie, a
        Grand Prix event, a match), so two saves never wait for each other's rows. (SQLite takes no
        row locks; it lets one writer through at a time.)"""
        if not connections[self.db].features.has_select_for_update:
            return  # SQLite: the transaction already holds the whole database for writing
        list(self.select_for_update().filter(pk__in=team_ids).order_by("pk").values_list("pk", flat=True))


class Team(PublicData):
    """R14: a name, a Driver and a Catcher in fixed roles and at most one substitute."""

    season = models.ForeignKey(Season, models.PROTECT, related_name="teams", verbose_name=_("season"))
    name = models.CharField(_("name"), max_length=120)
    driver = models.ForeignKey(Player, models.PROTECT, related_name="+", verbose_name=_("driver"))
    catcher = models.ForeignKey(Player, models.PROTECT, related_name="+", verbose_name=_("catcher"))
    substitute = models.ForeignKey(
        Player, models.PROTECT, related_name="+", null=True, blank=True, verbose_name=_("substitute")
    )

    history = HistoricalRecords()
    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = [hungarian("name")]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="team_name_unique_in_season"),
            models.CheckConstraint(condition=~Q(driver=models.F("catcher")), name="team_driver_is_not_catcher"),
        ]

    def __str__(self):
        return self.name

    def members(self):
        return [player for player in (self.driver, self.catcher, self.substitute) if player is not None]

    def member_ids(self):
        return {self.driver_id, self.catcher_id, self.substitute_id} - {None}

    def clean(self):
        ids = [self.driver_id, self.catcher_id, self.substitute_id]
        chosen = [player_id for player_id in ids if player_id is not None]
        if len(set(chosen)) != len(chosen):
            raise ValidationError(_("R14: a player fills one place in a team."))
        if self.season_id is None:
            return
        for field in ("driver", "catcher", "substitute"):
            if getattr(self, f"{field}_id") is None:  # not chosen, or refused on its own field
                continue
            player = getattr(self, field)
            others = Team.objects.of_player(player, self.season_id).exclude(pk=self.pk)
            if others.exists():
                raise ValidationError({field: _(
                    "R14: %(player)s already plays for %(team)s this season; a player belongs to "
                    "one team a season."
                ) % {"player": player, "team": others.first()}})
