"""The organisers' admin: players, teams, seasons and competitions, each with its history.

Matches and their hands are not edited here: scores change only through the jury's pages, where
the engine derives them (tournaments.bridge); the admin shows matches and Cup ties read-only.
"""

from django.contrib import admin
from django.utils.translation import gettext as _
from simple_history.admin import SimpleHistoryAdmin

from . import register
from .models import Competition, CupEntry, CupTie, GrandPrixEntry, Match, Player, Season, Team

# The season's settings the trophy register is derived with (R20).
REGISTER_SETTINGS = ("trophy_credit_both_partners", "trophy_points_are_values", "cup_thresholds")


@admin.register(Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ["name", "membership_number", "active"]
    list_filter = ["active"]
    search_fields = ["name", "membership_number"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["year", "trophy_credit_both_partners", "trophy_points_are_values", "cup_thresholds"]

    def save_model(self, request, obj, form, change):
        """The register (R20) follows its settings at once, in the admin's own transaction: trophy
        points and cups re-derived when the credit, the points or the cup thresholds change."""
        super().save_model(request, obj, form, change)
        if change and set(form.changed_data) & set(REGISTER_SETTINGS):
            differences = register.rederive(fix=True)
            self.message_user(request, _("The register follows the new settings: %(count)s change(s).")
                              % {"count": len(differences)})


@admin.register(Team)
class TeamAdmin(SimpleHistoryAdmin):
    list_display = ["name", "season", "driver", "catcher", "substitute"]
    list_filter = ["season"]
    search_fields = ["name", "driver__name", "catcher__name", "substitute__name"]
    list_select_related = ["season", "driver", "catcher", "substitute"]
    autocomplete_fields = ["driver", "catcher", "substitute"]


class CupEntryInline(admin.TabularInline):
    model = CupEntry
    extra = 0
    autocomplete_fields = ["team"]


class GrandPrixEntryInline(admin.TabularInline):
    model = GrandPrixEntry
    extra = 0
    autocomplete_fields = ["team"]


@admin.register(Competition)
class CompetitionAdmin(SimpleHistoryAdmin):
    list_display = ["name", "season", "kind", "starts", "place"]
    list_filter = ["season", "kind"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CupEntryInline, GrandPrixEntryInline]

    def get_readonly_fields(self, request, obj=None):
        """A competition's kind decides its matches' rules: fixed once it has matches (or a draw)."""
        fixed = obj is not None and (obj.matches.exists() or obj.drawn_at is not None)
        return ["kind", "drawn_at", "draw_seed"] if fixed else ["drawn_at", "draw_seed"]


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
