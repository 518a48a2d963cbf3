"""The jury's forms of the two variants with a scorer (R18): an Emperor Tarokk hand (seed 000) and a
hand of the three-handed game (seed 001). The juror names the players and picks bids, contras and
bonuses from lists; the form builds the variant's record (scoring/variants, which the juror never
sees) with each player's membership number as his name in it, so two players who share a name
stay two. The scorer's problems come back against the field they concern, in the page's language
(variant_wording.py)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.variants import EMPEROR_FORMAT, THREE_HANDED_FORMAT
from tournaments.core.competitions import free_games
from tournaments.core.models import FreeGame
from tournaments.pages.player_names import PlayerNameField, suggestion
from tournaments.recording.variant_names import (
    ANNOUNCED_CHOICES,
    BID_CHOICES,
    BONUS_CHOICES,
    CONTRA_CHOICES,
    MADE_CHOICES,
    SIDE_CHOICES,
    SUIT_CHOICES,
)
from tournaments.recording.variant_wording import word

from .forms import FreeGameEntry

NUMBER = {"inputmode": "numeric", "autocomplete": "off", "class": "tiny"}


def count_field(label, **kwargs):
    """A count the scorer checks against its ruling (R18): a whole number, 0 or more."""
    return forms.IntegerField(label=label, min_value=0, widget=forms.TextInput(attrs=NUMBER), **kwargs)


class VariantGameForm(FreeGameEntry):
    """A variant game: its players by name, its record built from the fields, the scorer's
    problems put back on the fields."""

    variant: str
    player_fields: tuple[str, ...]
    different_people = _("%(player)s is named twice: the players are different people (R18).")

    def clean(self):
        data = super().clean()
        seen = set()
        for name in self.player_fields:
            player = data.get(name)
            if player is not None and player in seen:
                self.add_error(name, self.different_people % {"player": player})
            seen.add(player)
        return data

    def players_by_key(self) -> dict:
        """The Player each name in the record stands for: his membership number."""
        players = [self.cleaned_data.get(name) for name in self.player_fields]
        return {player.membership_number: player for player in players if player is not None}

    def names(self) -> dict[str, str]:
        """Each player's name as the problems show it, by his name in the record."""
        players = self.players_by_key().values()
        shared = {player.name for player in players if sum(other.name == player.name for other in players) > 1}
        return {player.membership_number: suggestion(player) if player.name in shared else player.name
                for player in players}

    def store(self, competition):
        """The game stored with the points its scorer derives; VariantRefused with the scorer's
        problems (add_problems puts them on the fields)."""
        data = self.cleaned_data
        return free_games.record_free_game(competition, played_on=data["played_on"], kind=FreeGame.Kind.VARIANT,
                                           variant=self.variant, record=self.record(),
                                           players=self.players_by_key(), note=data["note"])

    def add_problems(self, problems) -> None:
        """The scorer's problems, each on the field it concerns (the form's top when none)."""
        for problem in problems:
            field, text = word(problem, self)
            self.add_error(field if field in self.fields else None, ValidationError(text, code="R18_record"))


class EmperorForm(VariantGameForm):
    """One Emperor Tarokk hand (seed 000, R18, R18a)."""

    variant = FreeGame.Variant.EMPEROR
    player_fields = ("declarer", "partner", "defender_1", "defender_2", "defender_3")
    different_people = _("%(player)s is named twice: the four players are four different people (R18).")

    declarer = PlayerNameField(label=_("Declarer"))
    partner = PlayerNameField(label=_("Partner"), required=False,
                              help_text=_("Called by a trump; leave it empty when the declarer plays alone."))
    defender_1 = PlayerNameField(label=_("Defender 1"))
    defender_2 = PlayerNameField(label=_("Defender 2"))
    defender_3 = PlayerNameField(label=_("Defender 3"), required=False,
                                 help_text=_("Only when the declarer plays alone."))
    bid = forms.ChoiceField(label=_("Bid"), choices=BID_CHOICES)
    contra = forms.ChoiceField(label=_("Contra on the bid"), choices=CONTRA_CHOICES, required=False)
    card_points = count_field(_("Card points of the declarer's side"),
                              help_text=_("Of the 94 in the pack; 48 win the game (R18)."))
    tricks = count_field(_("Tricks of the declarer's side"), help_text=_("Of the 10 tricks of the hand."))
    annulments = count_field(_("Annulled deals just before"), required=False, initial=0,
                             help_text=_("Each annulment doubles the hand's points (seed 000)."))

    ROWS = 3  # bonus rows offered at first; "Add a row" adds one
    MOST_ROWS = 21  # seed 000 lists 21 bonuses
    ROW_FIELDS = ("bonus", "suit", "side", "announced", "made", "contra")

    def add_row_fields(self):
        for row in range(1, self.row_count + 1):
            self.fields[f"bonus_{row}"] = forms.ChoiceField(label=_("Bonus"), choices=BONUS_CHOICES, required=False)
            self.fields[f"suit_{row}"] = forms.ChoiceField(label=_("Suit"), choices=SUIT_CHOICES, required=False)
            self.fields[f"side_{row}"] = forms.ChoiceField(label=_("Side"), choices=SIDE_CHOICES, required=False)
            self.fields[f"announced_{row}"] = forms.ChoiceField(label=_("Announced or silent"),
                                                                choices=ANNOUNCED_CHOICES, required=False)
            self.fields[f"made_{row}"] = forms.ChoiceField(label=_("Made"), choices=MADE_CHOICES, required=False)
            self.fields[f"contra_{row}"] = forms.ChoiceField(label=_("Contra on the bonus"), choices=CONTRA_CHOICES,
                                                             required=False)
        first = [*self.player_fields, "played_on"]  # the page's order, for the summary of problems
        self.order_fields(first + [name for name in self.fields if name not in (*first, "note")] + ["note"])

    @property
    def rows(self):
        """The bound fields of each bonus row, with its number, for the page."""
        return [(row, [self[f"{name}_{row}"] for name in self.ROW_FIELDS]) for row in range(1, self.row_count + 1)]

    def label_of(self, name: str) -> str:
        field, _sep, row = name.rpartition("_")
        if field in self.ROW_FIELDS and row.isdigit():
            return _("Bonus row %(row)s, %(field)s") % {"row": row, "field": str(self.fields[name].label).lower()}
        return super().label_of(name)

    def bonus_rows(self) -> list[int]:
        """The rows that name a bonus, in order (the record's bonuses are these rows)."""
        return [row for row in range(1, self.row_count + 1) if self.cleaned_data.get(f"bonus_{row}")]

    def clean(self):
        data = super().clean()
        for row in range(1, self.row_count + 1):
            chosen = [name for name in ("suit", "made", "contra") if data.get(f"{name}_{row}")]
            if chosen and not data.get(f"bonus_{row}"):
                self.add_error(f"bonus_{row}", _("Choose the bonus of this row, or clear the row."))
        return data

    def record(self) -> dict:
        """The ``emperor/1`` record of scoring/variants/emperor.py."""
        data = self.cleaned_data

        def key(name):
            return data[name].membership_number if data.get(name) else None

        return {
            "format": EMPEROR_FORMAT, "declarer": key("declarer"), "partner": key("partner"),
            "defenders": [key(name) for name in ("defender_1", "defender_2", "defender_3") if data.get(name)],
            "bid": data["bid"], "contra": data["contra"] or None, "card_points": data["card_points"],
            "tricks": data["tricks"], "annulments": data["annulments"] or 0,
            "bonuses": [self.bonus(row) for row in self.bonus_rows()],
        }

    def bonus(self, row: int) -> dict:
        data = self.cleaned_data
        entry = {"bonus": data[f"bonus_{row}"], "side": data[f"side_{row}"] or "declarer",
                 "announced": data[f"announced_{row}"] != "silent", "contra": data[f"contra_{row}"] or None}
        if data[f"suit_{row}"]:
            entry["suit"] = data[f"suit_{row}"]
        if data[f"made_{row}"]:
            entry["made"] = data[f"made_{row}"] == "made"
        return entry


class ThreeHandedForm(VariantGameForm):
    """One hand of the three-handed game (seed 001, R18, R18a): each player's card points and
    tricks, and who dealt."""

    variant = FreeGame.Variant.THREE_HANDED
    player_fields = ("player_1", "player_2", "player_3")
    different_people = _("%(player)s is named twice: the three players are three different people (R18).")
    PLAYERS = 3  # seed 001

    dealer = forms.ChoiceField(label=_("Dealer"), required=False, widget=forms.RadioSelect, choices=[
        ("", _("Not recorded")), ("1", _("Player 1")), ("2", _("Player 2")), ("3", _("Player 3"))],
        help_text=_("The dealer's three discards count as card points, not as a trick."))

    def add_row_fields(self):
        for row in range(1, self.PLAYERS + 1):
            self.fields[f"player_{row}"] = PlayerNameField(label=_("Player %(row)s") % {"row": row})
            self.fields[f"card_points_{row}"] = count_field(_("Card points of player %(row)s") % {"row": row})
            self.fields[f"tricks_{row}"] = count_field(_("Tricks of player %(row)s") % {"row": row})
        self.order_fields(["played_on", *(f"{name}_{row}" for row in range(1, self.PLAYERS + 1)
                                          for name in ("player", "card_points", "tricks")), "dealer", "note"])

    @property
    def rows(self):
        """(player, card points, tricks, dealer radio) of each player, for the page."""
        radios = list(self["dealer"])
        return [(self[f"player_{row}"], self[f"card_points_{row}"], self[f"tricks_{row}"], radios[row])
                for row in range(1, self.PLAYERS + 1)]

    @property
    def no_dealer(self):
        return list(self["dealer"])[0]

    def record(self) -> dict:
        """The ``three-handed/1`` record of scoring/variants/three_handed.py."""
        data = self.cleaned_data
        return {"format": THREE_HANDED_FORMAT, "players": [
            {"name": data[f"player_{row}"].membership_number, "card_points": data[f"card_points_{row}"],
             "tricks": data[f"tricks_{row}"], "dealer": data["dealer"] == str(row)}
            for row in range(1, self.PLAYERS + 1)]}
