"""Forms of the competitions: the jury's (a Grand Prix match counted elsewhere, R17; a free game,
R18) and the organisers' (Cup entries, draw and the ties' calendar, R16; Grand Prix entrants and
pairings, R17)."""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import CupTie, FreeGame, Player, Team
from tournaments.player_names import PlayerNameField

from .free_games import POINTS_LIMIT, SCORERS

RECORD_NESTING = 5  # a variant record is an object of lists of objects; anything deeper is not one


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


class FreeGameForm(forms.Form):
    """R18: points per player for training and test games; a variant record for Emperor and
    three-handed games (the scorer derives the points)."""

    played_on = forms.DateField(label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"}))
    kind = forms.ChoiceField(label=_("Kind"), choices=FreeGame.Kind.choices)
    variant = forms.ChoiceField(label=_("Variant"), choices=FreeGame.Variant.choices)
    points = forms.CharField(
        label=_("Points per player by membership number"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Or one line per player, \"membership number: points\"."),
    )
    record = forms.CharField(
        label=_("Variant record (JSON)"), required=False, max_length=20_000, widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("Emperor Tarokk and the three-handed game: the hand record; the points follow from it."),
    )
    note = forms.CharField(label=_("Note"), required=False, max_length=200)

    ROWS = 8  # players of one free game at most

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for row in range(1, self.ROWS + 1):
            self.fields[f"player_{row}"] = PlayerNameField(label=_("Player %(row)s") % {"row": row}, required=False)
            self.fields[f"points_{row}"] = forms.IntegerField(
                label=_("Points of player %(row)s") % {"row": row}, required=False, min_value=-POINTS_LIMIT,
                max_value=POINTS_LIMIT,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "tiny"}))

    @property
    def rows(self):
        """(player, points) bound fields of each row, for the page."""
        return [(self[f"player_{row}"], self[f"points_{row}"]) for row in range(1, self.ROWS + 1)]

    def clean_points(self):
        text = self.cleaned_data["points"].strip()
        if not text:
            return {}
        by_number = {}
        for number, line in enumerate(text.splitlines(), start=1):
            key, value = read_points_line(line, number)
            if key in by_number:
                raise ValidationError(_("Line %(n)s: membership number %(number)s is given twice; give each "
                                        "player's points once."), params={"n": number, "number": key},
                                      code="repeated")
            by_number[key] = value
        players = Player.objects.in_bulk(list(by_number), field_name="membership_number")
        missing = sorted(set(by_number) - set(players))
        if missing:
            raise ValidationError(_("R18: no player has the membership number %(numbers)s."),
                                  params={"numbers": ", ".join(missing)}, code="player")
        return {players[key]: value for key, value in by_number.items()}

    def named_points(self):
        """Training and test games: the points of each player named in the rows (R18)."""
        points = {}
        for row in range(1, self.ROWS + 1):
            player, value = self.cleaned_data.get(f"player_{row}"), self.cleaned_data.get(f"points_{row}")
            if player is None and value is None:
                continue
            if player is None:
                self.add_error(f"player_{row}", _("Name the player who scored these points."))
            elif value is None:
                self.add_error(f"points_{row}", _("Give %(player)s's points.") % {"player": player})
            elif player in points:
                self.add_error(f"player_{row}", _("%(player)s is named twice.") % {"player": player})
            else:
                points[player] = value
        return points

    def clean_record(self):
        text = self.cleaned_data["record"].strip()
        if not text:
            return None
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValidationError(_("The record is not valid JSON: %(error)s (line %(line)s, column %(column)s)."),
                                  params={"error": error.msg, "line": error.lineno, "column": error.colno},
                                  code="json") from None
        except (RecursionError, ValueError):  # nested past Python's limit, or a number of 4,300 digits
            record = None
        if record is None or nesting(record) > RECORD_NESTING:
            raise ValidationError(_("The record is not a variant record: it is nested too deeply or holds a "
                                    "number too long to read."), code="json")
        return record

    def clean(self):
        data = super().clean()
        named = self.named_points()
        if "points" in data:
            data["points"] = {**data["points"], **named}
        if data.get("variant") in SCORERS:
            if not data.get("record"):
                self.add_error("record", _("R18: a game of this variant is entered as its record."))
        elif "points" in data and not data["points"] and not self.errors:
            self.add_error("player_1", _("R18: give the points of each player."))
        return data


def read_points_line(line: str, number: int) -> tuple[str, int]:
    """A line "membership number: points" read; ValidationError naming the line otherwise."""
    key, _sep, value = line.partition(":")
    try:
        points = int(value.strip())
    except ValueError:
        raise ValidationError(_("Line %(n)s: write \"membership number: points\"."),
                              params={"n": number}, code="points") from None
    if not -POINTS_LIMIT <= points <= POINTS_LIMIT:
        raise ValidationError(_("Line %(n)s: a player's points in a game are between -%(limit)s and %(limit)s."),
                              params={"n": number, "limit": POINTS_LIMIT}, code="points_range")
    return key.strip(), points


def nesting(value) -> int:
    """How deep lists and objects are nested in a JSON value (a plain value is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth + 1)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


class CupEntryForm(forms.Form):
    """R16: enter a team (with its Driver and Catcher) while registration is open."""

    team = forms.ModelChoiceField(Team.objects.none(), label=_("Team"))

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(season=competition.season).exclude(
            cup_entries__competition=competition)


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
