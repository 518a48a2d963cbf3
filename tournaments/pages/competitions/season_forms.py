"""The organisers' forms of a season and its competitions (R15-R18, R20): what the admin offers,
checked by the same rules (tournaments.core.competitions.changes) before anything is saved."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournaments.core.competitions import changes
from tournaments.core.models import Competition, Season

# The season's settings the trophy register is derived with (R20).
REGISTER_SETTINGS = ("trophy_credit_both_partners", "trophy_points_are_values", "cup_thresholds")


def date_input():
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def place_refusal(form, refused: ValidationError) -> None:
    """Each message on the field it names, or above the form for a field the form does not show."""
    for field, errors in refused.update_error_dict({}).items():
        form.add_error(field if field in form.fields else None, errors)


class RuledForm(forms.ModelForm):
    """A form whose object ``rule`` must allow before it is saved: the rule judges the whole
    object once it is built from a form without other errors (as Django's UserCreationForm checks
    a password), and its refusals go on the fields they name; the organisers' pages and the admin's
    (its change form and its history's "revert" form) both come here. The fields ``fixed`` names (a
    rule's ``*_fixed``), where given, are shown read-only with their reason; a page opened before
    those facts existed still posts such a field, which then stays in the form for the rule to
    refuse on the field rather than being dropped unseen. (The admin shows them read-only itself.)"""

    rule = None
    fixed = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        fixed = self.fixed(self.instance) if self.fixed is not None and self.instance.pk is not None else {}
        for name, refusal in fixed.items():
            if name in self.fields and not (self.is_bound and name in self.data):
                self.fields[name].disabled = True
                self.fields[name].help_text = refusal.messages[0]

    def place_focus(self) -> None:
        """The page opens on the first field with a problem (or, fresh, on the first field one
        may change), so that an organiser at the keyboard starts there."""
        fields = [bound for bound in self if not bound.field.disabled and not bound.is_hidden]
        target = next((bound for bound in fields if bound.errors), None if self.is_bound else next(iter(fields), None))
        if target is not None:
            target.field.widget.attrs["autofocus"] = True

    def _post_clean(self):
        super()._post_clean()
        if self.rule is None or self.errors:
            return
        try:
            self.rule(self.instance)
        except ValidationError as refused:
            place_refusal(self, refused)


class SeasonForm(RuledForm):
    """A season (R15: 1 January to 31 December of its year) and its register settings (R20)."""

    rule = staticmethod(changes.check_season)
    fixed = staticmethod(changes.season_fixed)

    class Meta:
        model = Season
        fields = ["year", *REGISTER_SETTINGS]
        widgets = {"year": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1900, "max": 2999})}


class CompetitionForm(RuledForm):
    """A competition of a season and every setting the admin offers; the draw's seed and time
    are the draw's own (R16, R17) and not edited."""

    rule = staticmethod(changes.check_competition)
    fixed = staticmethod(changes.competition_fixed)

    class Meta:
        model = Competition
        fields = ["season", "kind", "name", "slug", "starts", "place", "match_limit", "annual_meeting",
                  "blind_confirmation", "players_enter_hands", "registration_opens", "max_teams"]
        widgets = {"starts": date_input(), "annual_meeting": date_input(), "registration_opens": date_input()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].empty_label = None
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Part of the competition's addresses; left empty, it is made from "
                                          "the name.")

    def validate_unique(self):
        """The season's one Championship, Cup and free-games table, and its short names, refused
        in words on their fields (the database's constraints are the same two)."""
        try:
            changes.check_competition_in_season(self.instance)
        except ValidationError as refused:
            self._update_errors(refused)

    def validate_constraints(self):
        """Checked in words by validate_unique."""

    def clean_slug(self):
        return self.cleaned_data["slug"] or slugify(self.data.get(self.add_prefix("name"), ""))[:80]
