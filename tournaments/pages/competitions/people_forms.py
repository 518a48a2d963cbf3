"""The organisers' forms of a team and a player (R14): what the admin offers, checked by the same
rules (tournaments.core.competitions.changes) before anything is saved."""

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.core.collation import hungarian
from tournaments.core.competitions import changes
from tournaments.core.models import Player, Team

from .season_forms import RuledForm

SEATS = ("driver", "catcher", "substitute")


class TeamForm(RuledForm):
    """A team of a season: its name, its Driver and Catcher in fixed roles and at most one
    substitute (R14), each a player of no other team of the season."""

    rule = staticmethod(changes.check_team)
    fixed = staticmethod(changes.team_fixed)  # the season, which this form never changes

    class Meta:
        model = Team
        fields = ["name", "driver", "catcher", "substitute"]

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.season = season
        players = Player.objects.filter(active=True).order_by(hungarian("name"))
        for seat in SEATS:
            self.fields[seat].queryset = players

    def clean(self):
        """R14: one player in one seat; a player of another team of the season joins no other."""
        cleaned = super().clean()
        chosen = {seat: cleaned.get(seat) for seat in SEATS if cleaned.get(seat) is not None}
        seen = {}
        for seat, player in chosen.items():
            if player.pk in seen:
                self.add_error(seat, _("%(player)s already has the %(seat)s's seat of this team; R14.")
                               % {"player": player, "seat": self.fields[seen[player.pk]].label.lower()})
            seen.setdefault(player.pk, seat)
        others = (Team.objects.filter(season=self.instance.season).exclude(pk=self.instance.pk)
                  .filter(Q(driver__in=chosen.values()) | Q(catcher__in=chosen.values())
                          | Q(substitute__in=chosen.values())))
        for other in others:
            for seat, player in chosen.items():
                if player.pk in (other.driver_id, other.catcher_id, other.substitute_id):
                    self.add_error(seat, _("%(player)s plays for %(team)s this season; a player belongs to one "
                                           "team a season; R14.") % {"player": player, "team": other.name})
        return cleaned


def free_accounts(player):
    """The logins a player may be linked to: those no other player has."""
    taken = Player.objects.exclude(pk=player.pk).exclude(account=None).values("account")
    return get_user_model().objects.filter(is_active=True).exclude(pk__in=taken).order_by("username")


class PlayerForm(forms.ModelForm):
    """A player: name, membership number, whether active, and the login that seats them at an
    online table."""

    class Meta:
        model = Player
        fields = ["name", "membership_number", "active", "account"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["account"].queryset = free_accounts(self.instance)
        self.fields["account"].label_from_instance = lambda user: user.get_username()

    def clean_membership_number(self):
        number = self.cleaned_data["membership_number"].strip()
        if Player.objects.exclude(pk=self.instance.pk).filter(membership_number=number).exists():
            raise ValidationError(_("Another player has membership number %(number)s."), params={"number": number},
                                  code="taken")
        return number
