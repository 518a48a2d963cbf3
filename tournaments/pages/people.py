"""Players as the public pages show them: each name links to the player's page, and two different
players who share a name on one page are told apart by their membership numbers."""

from django.urls import reverse
from django.utils.html import format_html


def shared_names(players) -> frozenset[str]:
    """The names borne by more than one of ``players`` (None is skipped): on a page showing these
    players, those names need the membership number beside them."""
    ids_by_name: dict[str, set[int]] = {}
    for player in players:
        if player is not None:
            ids_by_name.setdefault(player.name, set()).add(player.pk)
    return frozenset(name for name, ids in ids_by_name.items() if len(ids) > 1)


def team_members(teams):
    """Every player of ``teams`` (loaded with their players)."""
    return [player for team in teams for player in team.members()]


def player_url(player):
    return reverse("public:player", args=[player.pk])


def player_link(player, shared=frozenset()):
    """The player's name linking to the player's page, with the membership number when another
    player on the page has the same name."""
    if player is None:
        return ""
    if player.name in shared:
        return format_html('<a href="{}">{}</a> <span class="member-number">{}</span>',
                           player_url(player), player.name, player.membership_number)
    return format_html('<a href="{}">{}</a>', player_url(player), player.name)
