"""``{% player_link player %}`` on the public pages: the name linking to the player's page, told
apart by the membership number when the page's ``shared_names`` holds it (tournaments.pages.people)."""

from django import template

from tournaments.pages import people

register = template.Library()


@register.simple_tag(takes_context=True)
def player_link(context, player):
    return people.player_link(player, context.get("shared_names", frozenset()))
