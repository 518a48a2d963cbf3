"""The fixtures' filter: a competition and a team of the season, both optional."""

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class FixtureFilter(forms.Form):
    competition = forms.ChoiceField(label=_("Competition"), required=False)
    team = forms.TypedChoiceField(label=_("Team"), required=False, coerce=int, empty_value=None)

    def __init__(self, *args, competitions, teams, **kwargs):
        super().__init__(*args, **kwargs)
        everything = [("", _("All"))]
        self.fields["competition"].choices = everything + [(c.slug, c.name) for c in competitions]
        self.fields["team"].choices = everything + [(team.pk, team.name) for team in teams]

    def filter(self, matches):
        if self.cleaned_data["competition"]:
            matches = matches.filter(competition__slug=self.cleaned_data["competition"])
        team = self.cleaned_data["team"]
        if team:
            matches = matches.filter(Q(team_a_id=team) | Q(team_b_id=team))
        return matches
