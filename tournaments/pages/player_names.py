"""Players found by name, as the jury types them (search as you type: the pages offer the names in
a list, which the browser filters, or player-names.js where scripts run): case and accents do not
matter, a unique beginning of the name or of any word of it is enough. Never a membership number
or a database id typed alone: two players who share a name are offered as "name (membership
number)", and that suggestion, picked from the list, names one of them."""

import difflib
import re
import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from tournaments.core.collation import hungarian
from tournaments.core.models import Player

DATALIST_ID = "player-names"
# "Kovács János (MT-0012)": a suggestion of a name two players share.
WITH_NUMBER = re.compile(r"^(?P<name>.*\S)\s*\((?P<number>[^()]+)\)$")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", " ".join(text.lower().split()))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


class ActivePlayers:
    """The active players, read once for a page however many names it reads (one query)."""

    @cached_property
    def players(self) -> list[Player]:
        return list(Player.objects.filter(active=True).order_by(hungarian("name")))

    @cached_property
    def shared(self) -> frozenset[str]:
        """Names borne by more than one active player: their suggestions carry the membership number."""
        seen, shared = set(), set()
        for player in self.players:
            (shared if player.name in seen else seen).add(player.name)
        return frozenset(shared)

    def label(self, player: Player) -> str:
        """What the list offers for the player: the name, with the membership number only when
        another active player has the same name."""
        return suggestion(player) if player.name in self.shared else player.name

    def suggestions(self) -> list[str]:
        return [self.label(player) for player in self.players]


def suggestion(player: Player) -> str:
    return f"{player.name} ({player.membership_number})"


def find_player(text: str, players=None) -> Player:
    """The one active player the text names; ValidationError saying why not, with suggestions."""
    known = players if players is not None else ActivePlayers()
    if not isinstance(known, ActivePlayers):
        known = _given(known)
    picked = _picked_suggestion(text, known.players)
    if picked is not None:
        return picked
    wanted = fold(text)
    exact = [player for player in known.players if fold(player.name) == wanted]
    if len(exact) == 1:
        return exact[0]
    if exact:
        raise ValidationError(_("%(count)s players are called “%(text)s”: pick one of %(names)s from the list."),
                              code="ambiguous", params={"count": len(exact), "text": text, "names": _(" or ").join(
                                  suggestion(player) for player in exact)})
    starting = [player for player in known.players if any(
        fold(player.name[start:]).startswith(wanted) for start in _word_starts(player.name))]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise ValidationError(_("“%(text)s” names several players: %(names)s; type more of the name."),
                              code="ambiguous", params={"text": text, "names": ", ".join(
                                  known.label(player) for player in starting[:5])})
    close = difflib.get_close_matches(wanted, [fold(player.name) for player in known.players], n=3, cutoff=0.6)
    names = list(dict.fromkeys(player.name for player in known.players if fold(player.name) in close))
    if names:
        raise ValidationError(_("No player is called “%(text)s”; did you mean %(names)s?"), code="unknown",
                              params={"text": text, "names": _(" or ").join(names)})
    raise ValidationError(_("No player is called “%(text)s”."), code="unknown", params={"text": text})


def _given(players) -> ActivePlayers:
    known = ActivePlayers()
    known.players = list(players)
    return known


def _picked_suggestion(text: str, players) -> Player | None:
    """The player a suggestion "name (membership number)" names: the number only tells apart
    players of the same name, so it counts only beside that player's name."""
    found = WITH_NUMBER.match(text.strip())
    if found is None:
        return None
    name, number = fold(found["name"]), found["number"].strip().casefold()
    return next((player for player in players
                 if fold(player.name) == name and player.membership_number.casefold() == number), None)


def _word_starts(name: str) -> list[int]:
    return [0] + [index + 1 for index, char in enumerate(name) if char == " "]


class PlayerNameField(forms.CharField):
    """A player typed by name (the page's list of names offers them as the juror types). A form
    with several of them gives each the same :class:`ActivePlayers` (``players``), read once."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 120)
        kwargs.setdefault("widget", forms.TextInput(attrs={"list": DATALIST_ID, "autocomplete": "off"}))
        super().__init__(**kwargs)
        self.players = None

    def clean(self, value):
        text = super().clean(value)
        return find_player(text, self.players) if text else None


def share_players(form) -> ActivePlayers:
    """Every player-name field of the form reads the same players (one query for the form)."""
    players = ActivePlayers()
    for field in form.fields.values():
        if isinstance(field, PlayerNameField):
            field.players = players
    return players


def names_for_the_list(players: ActivePlayers | None = None) -> list[str]:
    """The suggestions the page's list offers (templates/_player_names.html)."""
    return (players or ActivePlayers()).suggestions()
