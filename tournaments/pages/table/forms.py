from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.models import Competition, Match, Player, Season

SEAT_LABELS = {"A.driver": _("Team A's Driver"), "A.catcher": _("Team A's Catcher"),
               "B.driver": _("Team B's Driver"), "B.catcher": _("Team B's Catcher")}


class MatchTableForm(forms.Form):
    match = forms.ModelChoiceField(label=_("Match"), queryset=Match.objects.none())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["match"].queryset = (
            Match.objects.with_teams().filter(state=Match.State.SCHEDULED, played_on__lte=today,
                                              competition__season__state=Season.State.RUNNING)
            .order_by("-played_on", "pk"))


class FreeGameTableForm(forms.Form):
    """R18: a free game's four players, by seat (R2: each team a Driver and a Catcher)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(active=True)
        for seat, label in SEAT_LABELS.items():
            self.fields[seat] = forms.ModelChoiceField(label=label, queryset=players)

    def clean(self):
        cleaned = super().clean()
        chosen = [cleaned.get(seat) for seat in SEAT_LABELS]
        if None not in chosen and len({player.pk for player in chosen}) != 4:
            raise forms.ValidationError(_("Four different players sit at a table."))
        season = Season.objects.filter(year=timezone.localdate().year, state=Season.State.RUNNING).first()
        competition = season and Competition.objects.filter(season=season, kind=Competition.Kind.FREE_GAMES).first()
        if competition is None:
            raise forms.ValidationError(_("R18: this year's season has no free games; an organiser adds them first."))
        cleaned["free_games"] = competition
        return cleaned


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=200)


class SubstituteForm(forms.Form):
    seat = forms.ChoiceField(label=_("Seat"), choices=list(SEAT_LABELS.items()))
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.filter(active=True))
