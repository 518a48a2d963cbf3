"""Players found by name, as the jury types them (search as you type: the pages offer the names in
a list the browser filters): case and accents do not matter, a unique beginning of the name or of
any word of it is enough. Never a membership number or a database id."""

import difflib
import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.collation import hungarian
from tournaments.models import Player

DATALIST_ID = "player-names"


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", " ".join(text.lower().split()))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def find_player(text: str, players=None) -> Player:
    """The one active player the text names; ValidationError saying why not, with suggestions."""
    players = list(players if players is not None else Player.objects.filter(active=True).order_by(hungarian("name")))
    wanted = fold(text)
    exact = [player for player in players if fold(player.name) == wanted]
    if len(exact) == 1:
        return exact[0]
    starting = exact or [player for player in players if any(
        fold(player.name[start:]).startswith(wanted) for start in _word_starts(player.name))]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise ValidationError(_("“%(text)s” names several players: %(names)s; type more of the name."),
                              code="ambiguous", params={"text": text, "names": ", ".join(
                                  player.name for player in starting[:5])})
    close = difflib.get_close_matches(wanted, [fold(player.name) for player in players], n=3, cutoff=0.6)
    names = [player.name for player in players if fold(player.name) in close]
    if names:
        raise ValidationError(_("No player is called “%(text)s”; did you mean %(names)s?"), code="unknown",
                              params={"text": text, "names": _(" or ").join(names)})
    raise ValidationError(_("No player is called “%(text)s”."), code="unknown", params={"text": text})


def _word_starts(name: str) -> list[int]:
    return [0] + [index + 1 for index, char in enumerate(name) if char == " "]


class PlayerNameField(forms.CharField):
    """A player typed by name (the page's list of names offers them as the juror types)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"list": DATALIST_ID, "autocomplete": "off"}))
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        return find_player(text) if text else None


def names_for_the_list() -> list[str]:
    return list(Player.objects.filter(active=True).order_by(hungarian("name")).values_list("name", flat=True))
