"""The accounts pages' forms: an invitation, a user's roles."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _

from tournaments.core.roles import CHIEF_JURY, JURY, ORGANISER

ROLE_CHOICES = [(JURY, _("Juror")), (CHIEF_JURY, _("Chief juror")), (ORGANISER, _("Organiser"))]
ROLE_LABELS = dict(ROLE_CHOICES)


class InvitationForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150,
                               help_text=_("What they type to log in: letters, digits and @ . + - _ only."))
    email = forms.EmailField(label=_("Email address"), required=False,
                             help_text=_("Optional: the link is sent there where the site sends email."))
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES, initial=JURY)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        users = get_user_model()
        UnicodeUsernameValidator(message=_("The user name may hold only letters, digits and @ . + - _."))(username)
        if users._default_manager.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("%(name)s is already a user's name: choose another."),
                                        code="taken", params={"name": username})
        return username


class RolesForm(forms.Form):
    roles = forms.MultipleChoiceField(label=_("Roles"), choices=ROLE_CHOICES, required=False,
                                      widget=forms.CheckboxSelectMultiple)
