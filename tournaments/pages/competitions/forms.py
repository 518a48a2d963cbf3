"""Forms of the competitions: the jury's (a Grand Prix match counted elsewhere, R17; a free game,
R18) and the organisers' (Cup entries, draw and the ties' calendar, R16; Grand Prix entrants and
pairings, R17)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.competitions import free_games
from tournaments.core.competitions.free_games import POINTS_LIMIT, SCORERS
from tournaments.core.models import CupTie, FreeGame, Team
from tournaments.pages.player_names import PlayerNameField, share_players


class GrandPrixMatchForm(forms.Form):
    """R17: the jury decides, per match, whether a Grand Prix match also counts elsewhere."""

    counts_for_championship = forms.BooleanField(label=_("Also counts for the Team Championship"), required=False)
    cup_tie = forms.ModelChoiceField(CupTie.objects.none(), label=_("Also one of the three matches of this Cup tie"),
                                     required=False)

    reason = forms.CharField(label=_("Reason for the correction (a confirmed match)"), required=False,
                             max_length=300)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31 - 1)

    def __init__(self, *args, tie_choices=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cup_tie"].queryset = tie_choices if tie_choices is not None else CupTie.objects.none()


class FreeGameEntry(forms.Form):
    """What every free-game form asks (R18), its players typed by name (one reading of the players
    for the whole form), and its problems listed by label for the page's summary."""

    played_on = forms.DateField(label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"}))
    note = forms.CharField(label=_("Note"), required=False, max_length=200)

    ROWS = 0  # rows of players or bonuses offered at first ("Add a row" adds one), up to MOST_ROWS
    MOST_ROWS = 0

    def __init__(self, *args, rows=None, **kwargs):
        self.row_count = rows or self.ROWS
        super().__init__(*args, **kwargs)
        self.add_row_fields()
        self.players = share_players(self)

    def add_row_fields(self) -> None:
        """The fields of each row (self.row_count of them)."""

    def store(self, competition):
        """The game stored (free_games.record_free_game); Refused when a rule says no."""
        raise NotImplementedError

    def label_of(self, name: str) -> str:
        """The field as the summary names it."""
        return str(self.fields[name].label)

    def place_focus(self, *, fresh: bool) -> None:
        """The field that has the focus when the page opens: on a refused form the first field
        with a problem (as the match entry page does), so that a juror at the keyboard mends it
        without tabbing through the site's menu; on a fresh form the first field."""
        problem = next((bound for bound in self if bound.errors), None)
        target = problem if problem is not None else (next(iter(self), None) if fresh else None)
        if target is not None:
            target.field.widget.attrs["autofocus"] = True

    def summary(self) -> list[tuple[str, str]]:
        """(the field's id, "label: problem") of every problem, in the page's order; the form's
        own problems (no field) with the page's top as their target."""
        found = [("", str(error)) for error in self.non_field_errors()]
        for bound in self:
            target = f"{bound.auto_id}_0" if isinstance(bound.field.widget, forms.RadioSelect) else bound.auto_id
            found += [(target, _("%(label)s: %(problem)s") % {"label": self.label_of(bound.name),
                                                                      "problem": error})
                      for error in bound.errors]
        return found


def row_count(data, default: int, most: int) -> int:
    """The rows of a form as posted (the hidden "rows"), one more when "Add a row" was pressed."""
    try:
        rows = int(data.get("rows", default))
    except (TypeError, ValueError):
        rows = default
    if "add_row" in data:
        rows += 1
    return max(default, min(rows, most))


class FreeGameForm(FreeGameEntry):
    """R18: training and test games, and variants without a scorer: each player by name, with his
    points. Emperor Tarokk and the three-handed game have their own forms (variant_forms.py)."""

    kind = forms.ChoiceField(label=_("Kind"), choices=FreeGame.Kind.choices)
    variant = forms.ChoiceField(label=_("Variant"), choices=[
        choice for choice in FreeGame.Variant.choices if choice[0] not in SCORERS])

    ROWS = 4
    MOST_ROWS = 40

    def add_row_fields(self):
        for row in range(1, self.row_count + 1):
            self.fields[f"player_{row}"] = PlayerNameField(label=_("Player %(row)s") % {"row": row}, required=False)
            self.fields[f"points_{row}"] = forms.IntegerField(
                label=_("Points of player %(row)s") % {"row": row}, required=False, min_value=-POINTS_LIMIT,
                max_value=POINTS_LIMIT,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "tiny"}))
        self.order_fields(["played_on", "kind", "variant", "note"])

    @property
    def rows(self):
        """(player, points) bound fields of each row, for the page."""
        return [(self[f"player_{row}"], self[f"points_{row}"]) for row in range(1, self.row_count + 1)]

    def named_points(self):
        """The points of each player named in the rows (R18); an empty row is left out."""
        points = {}
        for row in range(1, self.row_count + 1):
            player, value = self.cleaned_data.get(f"player_{row}"), self.cleaned_data.get(f"points_{row}")
            if player is None and value is None:
                continue
            if player is None:
                if f"player_{row}" not in self.errors:
                    self.add_error(f"player_{row}", _("Name the player who scored these points."))
            elif value is None:
                if f"points_{row}" not in self.errors:
                    self.add_error(f"points_{row}", _("Give %(player)s's points.") % {"player": player})
            elif player in points:
                self.add_error(f"player_{row}", _("%(player)s is named twice.") % {"player": player})
            else:
                points[player] = value
        return points

    def clean(self):
        data = super().clean()
        data["points"] = self.named_points()
        if not data["points"] and not self.errors:
            self.add_error("player_1", _("R18: give the points of each player."))
        return data

    def store(self, competition):
        data = self.cleaned_data
        return free_games.record_free_game(competition, played_on=data["played_on"], kind=data["kind"],
                                           variant=data["variant"], points=data["points"], note=data["note"])


class CupEntryForm(forms.Form):
    """R16: enter a team (with its Driver and Catcher) while registration is open, on the day it
    entered (today unless given)."""

    team = forms.ModelChoiceField(Team.objects.none(), label=_("Team"))
    entered_on = forms.DateField(label=_("Entered on"), required=False, initial=timezone.localdate,
                                 widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                                 help_text=_("Today unless another day is given."))

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(season=competition.season).exclude(
            cup_entries__competition=competition)

    def clean_entered_on(self):
        return self.cleaned_data["entered_on"] or timezone.localdate()


class CupWithdrawForm(forms.Form):
    """R16: an entered team withdrawn (before the draw)."""

    team = forms.ModelChoiceField(Team.objects.none(), widget=forms.HiddenInput)

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(cup_entries__competition=competition)


class CupDrawForm(forms.Form):
    """R16: a random draw from a seed (given, or made up and recorded), or the pairs as drawn by
    the organisers, one tie a line: "Team one - Team two"."""

    seed = forms.CharField(label=_("Seed of the random draw"), required=False, max_length=64,
                           help_text=_("Leave empty for a new random seed; it is recorded either way."))
    pairs = forms.CharField(label=_("Or the pairs as drawn"), required=False, widget=forms.Textarea(attrs={"rows": 8}),
                            help_text=_("One tie a line: \"Team one - Team two\"."))

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition

    def clean_pairs(self):
        text = self.cleaned_data["pairs"].strip()
        if not text:
            return None
        self.teams = {entry.team.name: entry.team for entry in self.competition.cup_entries.select_related("team")}
        pairs = []
        for number, line in enumerate(text.splitlines(), start=1):
            names = [name.strip() for name in line.split(" - ")]
            unknown = [name for name in names if name not in self.teams]
            if len(names) not in (1, 2) or unknown:
                raise ValidationError(_("Line %(n)s: name one or two entered teams, \"Team one - Team two\"."),
                                      params={"n": number}, code="pairs")
            pairs.append((self.teams[names[0]], self.teams[names[1]] if len(names) == 2 else None))
        return pairs


class ScheduleForm(forms.Form):
    """When and where the organisers schedule matches (the competition's default when left empty)."""

    played_on = forms.DateField(label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label=_("Venue"), required=False, max_length=120)


class TieScheduleForm(ScheduleForm):
    """R16: the organisers schedule a tie's three matches, or a tie-breaker when one is needed."""

    tie = forms.ModelChoiceField(CupTie.objects.none(), widget=forms.HiddenInput)

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tie"].queryset = competition.cup_ties.all()


class GrandPrixEntryForm(forms.Form):
    """R17: a team of the season enters the event."""

    team = forms.ModelChoiceField(Team.objects.none(), label=_("Team"))

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(season=event.season_id).exclude(
            grand_prix_entries__competition=event)


class GrandPrixWithdrawForm(forms.Form):
    """An entrant withdrawn from the event (while it has no match there)."""

    team = forms.ModelChoiceField(Team.objects.none(), widget=forms.HiddenInput)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(grand_prix_entries__competition=event)


class GrandPrixDrawForm(ScheduleForm):
    """R17: the pairings drawn by rotation from a seed (given, or made up and recorded)."""

    seed = forms.CharField(label=_("Seed of the pairings"), required=False, max_length=64,
                           help_text=_("Leave empty for a new random seed; it is recorded either way."))


class GrandPrixPairsForm(ScheduleForm):
    """R17: pairs entered by the organisers, one match a line: "Team one - Team two"."""

    pairs = forms.CharField(label=_("Pairs"), widget=forms.Textarea(attrs={"rows": 6}),
                            help_text=_("One match a line: \"Team one - Team two\"."))

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_pairs(self):
        self.teams = {entry.team.name: entry.team for entry in self.event.grand_prix_entries.select_related(
            "team__driver", "team__catcher")}
        pairs = []
        for number, line in enumerate(self.cleaned_data["pairs"].strip().splitlines(), start=1):
            if not line.strip():
                continue
            names = [name.strip() for name in line.split(" - ")]
            if len(names) != 2 or any(name not in self.teams for name in names) or names[0] == names[1]:
                raise ValidationError(_("Line %(n)s: name two different entrants, \"Team one - Team two\"."),
                                      params={"n": number}, code="pairs")
            pairs.append((self.teams[names[0]], self.teams[names[1]]))
        if not pairs:
            raise ValidationError(_("Name at least one pair."), code="pairs")
        return pairs
