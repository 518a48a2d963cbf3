"""The jury's forms of the register: a trophy won in a recognised variant, and its withdrawal (R20)."""

import datetime

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.models import Competition, Team, TrophyWin
from tournaments.core.models.trophies import TROPHY_CHOICES
from tournaments.core.text import visible_text
from tournaments.pages.player_names import PlayerNameField, share_players

# The register holds trophies from the association's first season on; none is won before this day.
FIRST_TROPHY_DAY = datetime.date(1900, 1, 1)


class VariantTrophyForm(forms.Form):
    """R20: a trophy won in a recognised variant, with the same facts as a recorded one."""

    player = PlayerNameField(label=_("Player"))
    partner = PlayerNameField(label=_("Partner"), required=False)
    team = forms.ModelChoiceField(Team.objects.select_related("season"), label=_("Team"), required=False)
    trophy = forms.ChoiceField(choices=TROPHY_CHOICES, label=_("Trophy"))
    variant = forms.ChoiceField(
        choices=[choice for choice in TrophyWin.Variant.choices if choice[0] != TrophyWin.Variant.ROYAL],
        label=_("Variant"),
    )
    won_on = forms.DateField(label=_("Won on"), widget=forms.DateInput(attrs={"type": "date"}))
    competition = forms.ModelChoiceField(Competition.objects.select_related("season"), label=_("Competition"),
                                         required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = share_players(self)  # both names read one list of players

    def clean_won_on(self):
        won_on = self.cleaned_data["won_on"]
        today = timezone.localdate()
        if not FIRST_TROPHY_DAY <= won_on <= today:
            raise ValidationError(_("A trophy is won between %(first)s and today (%(today)s), not on %(date)s."),
                                  code="date_range", params={"first": FIRST_TROPHY_DAY.isoformat(),
                                                             "today": today.isoformat(), "date": won_on.isoformat()})
        return won_on

    def clean(self):
        data = super().clean()
        player, partner, team = data.get("player"), data.get("partner"), data.get("team")
        if player and partner and player == partner:
            self.add_error("partner", ValidationError(_("The partner is another player."), code="same_player"))
        if team and player and player.pk not in team.member_ids():
            self.add_error("team", ValidationError(_("%(player)s does not play for %(team)s."),
                                                   code="not_in_team", params={"player": player, "team": team}))
        won_on = data.get("won_on")
        for field in ("team", "competition"):
            chosen = data.get(field)
            if chosen and won_on and chosen.season.year != won_on.year:
                self.add_error(field, ValidationError(_("It belongs to the season %(year)s, not to the date's."),
                                                      code="other_season", params={"year": chosen.season.year}))
        return data


class WithdrawalForm(forms.Form):
    reason = forms.CharField(label=_("Reason for withdrawal"), max_length=200)

    def clean_reason(self):
        reason = visible_text(self.cleaned_data["reason"])
        if not reason:
            raise ValidationError(_("Say why the trophy is withdrawn."), code="invisible")
        return reason
