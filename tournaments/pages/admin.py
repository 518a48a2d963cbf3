"""The organisers' admin: players, teams, seasons and competitions, each with its history.

Matches and their hands are not edited here: scores change only through the jury's pages, where
the engine derives them (tournaments.core.bridge); the admin shows matches and Cup ties read-only.

What the facts on record allow to change is the competitions' rule (tournaments.core.competitions.
changes), not the admin's: each form asks it before saving and shows its refusal on the field, and
what can never change again is shown read-only.
"""

import re

from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext as _
from simple_history.admin import SimpleHistoryAdmin

from tournaments.core import register
from tournaments.core.competitions import changes
from tournaments.core.models import Competition, CupEntry, CupTie, GrandPrixEntry, Match, Player, Season, Team

from .competitions.season_forms import REGISTER_SETTINGS, RuledForm

# --- the rules' refusals on the forms ----------------------------------------------------------


class RuledEntries(BaseInlineFormSet):
    """Entries whose removal its ``removal_rule`` must allow: a deleted row is not validated as a
    form, so the refusal is the formset's, above the rows."""

    removal_rule = None

    def clean(self):
        super().clean()
        refusals = []
        for form in self.deleted_forms:
            if form.instance.pk is not None:
                try:
                    self.removal_rule(form.instance)
                except ValidationError as refused:
                    refusals.extend(refused.messages)
        if refusals:
            raise ValidationError(refusals)


class FixedFieldsAdmin(SimpleHistoryAdmin):
    """Shows read-only the fields the facts on record fix for good (``fixed``, a rule's
    ``*_fixed``). A page opened before those facts existed still posts such a field: it stays in
    the form for that request, so that the rule refuses the change on the field instead of the
    admin dropping it unseen."""

    fixed = None
    always_read_only = ()

    def get_readonly_fields(self, request, obj=None):
        fixed = self.fixed(obj) if obj is not None else {}
        return [*self.always_read_only, *(name for name in fixed if name not in request.POST)]

    def has_delete_permission(self, request, obj=None):
        """R21: a closed season's seasons, teams and competitions (with their entries) stay."""
        return super().has_delete_permission(request, obj) and not (obj is not None and changes.is_final(obj))


def posts_rows(request, inline) -> bool:
    """Whether the request posts an inline's rows as editable (a page opened while they were):
    a read-only row posts only its hidden id and parent."""
    prefix = inline.model._meta.get_field(inline.fk_name).remote_field.get_accessor_name()
    row_input = re.compile(rf"{re.escape(prefix)}-\d+-({'|'.join(inline.fields)}|DELETE)")
    return request.method == "POST" and any(row_input.fullmatch(key) for key in request.POST)


class ChosenByIdSelect(AutocompleteSelect):
    """The admin's autocomplete, shown again with a value that names no row: Django's own widget
    looks the posted value up to show its name, and a value that is no id at all ("abc", a list)
    raised a server error where the field's own error belongs. Only values the id field reads, within
    the database's range, are looked up; the form's field says what is wrong with the rest."""

    def optgroups(self, name, value, attr=None):
        return super().optgroups(name, [choice for choice in value if self._reads(choice)], attr)

    def _reads(self, choice) -> bool:
        target = self.field.remote_field.model._meta.get_field(self.field.remote_field.field_name)
        try:
            target.run_validators(target.to_python(choice))  # an id, within the database's range
        except ValidationError:
            return False
        return True


class TamperedChoices:
    """Admins and inlines whose autocomplete fields answer a tampered value with a form error."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = ChosenByIdSelect(db_field, self.admin_site, using=kwargs.get("using"))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


# --- players, seasons, teams ---------------------------------------------------------------------


@admin.register(Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ["name", "membership_number", "active"]
    list_filter = ["active"]
    search_fields = ["name", "membership_number"]


class SeasonForm(RuledForm):
    rule = staticmethod(changes.check_season)


@admin.register(Season)
class SeasonAdmin(FixedFieldsAdmin):
    form = SeasonForm
    fixed = staticmethod(changes.season_fixed)
    # A season opens and closes on the organisers' season page, through its rule (recording.seasons).
    always_read_only = ("state",)
    list_display = ["year", "state", "trophy_credit_both_partners", "trophy_points_are_values", "cup_thresholds"]

    def save_model(self, request, obj, form, change):
        """The register (R20) follows its settings at once, in the admin's own transaction: trophy
        points and cups re-derived when the credit, the points or the cup thresholds change."""
        super().save_model(request, obj, form, change)
        if change and set(form.changed_data) & set(REGISTER_SETTINGS):
            differences = register.rederive(fix=True)
            self.message_user(request, _("The register follows the new settings: %(count)s change(s).")
                              % {"count": len(differences)})


class TeamForm(RuledForm):
    rule = staticmethod(changes.check_team)


@admin.register(Team)
class TeamAdmin(TamperedChoices, FixedFieldsAdmin):
    form = TeamForm
    fixed = staticmethod(changes.team_fixed)
    list_display = ["name", "season", "driver", "catcher", "substitute"]
    list_filter = ["season"]
    search_fields = ["name", "driver__name", "catcher__name", "substitute__name"]
    list_select_related = ["season", "driver", "catcher", "substitute"]
    autocomplete_fields = ["driver", "catcher", "substitute"]


# --- competitions and their entries --------------------------------------------------------------


class CupEntryForm(RuledForm):
    rule = staticmethod(changes.check_cup_entry)


class CupEntries(RuledEntries):
    removal_rule = staticmethod(changes.check_cup_entry_removal)


class EntryInline(TamperedChoices, admin.TabularInline):
    """A competition's entered teams, one row each, added by choosing the team."""

    fk_name = "competition"
    extra = 0
    autocomplete_fields = ["team"]


class CupEntryInline(EntryInline):
    """R16: entries are made while registration is open; the draw fixes them (read-only after it)."""

    model = CupEntry
    fields = ["team", "entered_on"]
    form = CupEntryForm
    formset = CupEntries

    def open_for(self, request, obj) -> bool:
        # A page opened before the draw posts its rows: taken, so that the rule refuses them in words.
        return obj is None or obj.drawn_at is None or posts_rows(request, self)

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and self.open_for(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self.open_for(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self.open_for(request, obj)


class GrandPrixEntryForm(RuledForm):
    rule = staticmethod(changes.check_grand_prix_entry)


class GrandPrixEntries(RuledEntries):
    removal_rule = staticmethod(changes.check_grand_prix_entry_removal)


class GrandPrixEntryInline(EntryInline):
    """R17: an event's entrants; one with matches in the event stays."""

    model = GrandPrixEntry
    fields = ["team"]
    form = GrandPrixEntryForm
    formset = GrandPrixEntries


class CompetitionForm(RuledForm):
    rule = staticmethod(changes.check_competition)


ENTRY_INLINES = {Competition.Kind.CUP: [CupEntryInline], Competition.Kind.GRAND_PRIX: [GrandPrixEntryInline]}


@admin.register(Competition)
class CompetitionAdmin(FixedFieldsAdmin):
    form = CompetitionForm
    fixed = staticmethod(changes.competition_fixed)
    always_read_only = ("drawn_at", "draw_seed")  # the draw records them (R16, R17)
    list_display = ["name", "season", "kind", "starts", "place"]
    list_filter = ["season", "kind"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}

    def get_inlines(self, request, obj):
        """The entries of the competition's kind as stored (a change of kind being posted does not
        swap the rows the page sent): the Cup's (R16) or a Grand Prix event's (R17)."""
        if obj is None:
            return []
        return ENTRY_INLINES.get(Competition.objects.values_list("kind", flat=True).get(pk=obj.pk), [])


# --- read-only ---------------------------------------------------------------------------------


class ReadOnlyAdmin(SimpleHistoryAdmin):
    """Rows the admin lists but never adds, changes or deletes: they are made elsewhere."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(CupTie)
class CupTieAdmin(ReadOnlyAdmin):
    """Read-only: the draw makes the ties, and their winners follow the confirmed match scores
    (R16); a tie's teams or winner set by hand would contradict the bracket."""

    list_display = ["__str__", "competition", "round", "winner"]
    list_filter = ["competition"]
    list_select_related = ["competition__season", "team_a", "team_b", "winner"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    """Read-only: the jury's pages are where scores are entered (the engine derives them)."""

    list_display = ["played_on", "competition", "team_a", "team_b", "score_a", "score_b", "state"]
    list_filter = ["state", "competition__season", "competition"]
    list_select_related = ["competition__season", "team_a", "team_b"]
    date_hierarchy = "played_on"
