"""The names of Emperor Tarokk's bids, contras, sides, suits and bonuses (seed 000), each written
out once for translation. scoring/variants/emperor.py holds them by id, in English, without Django;
tests/web/test_free_game_entry.py checks that this module names exactly the scorer's bids and
bonuses, so the two cannot drift apart. Hungarian names follow the tarokk vocabulary
(GLOSSARY-hu.md) where it has a word for the bonus; the others keep their international names."""

from django.utils.translation import gettext_lazy as _

BID_NAMES = {
    "three_cards": _("3 Cards (1 game point)"),
    "two_cards": _("2 Cards (2 game points)"),
    "one_card": _("1 Card (3 game points)"),
    "without": _("Without (4 game points)"),
}

CONTRA_NAMES = {  # R18: each doubles
    "contra": _("Contra (x2)"),
    "re_contra": _("Re-Contra (x4)"),
    "sub_contra": _("Sub-Contra (x8)"),
}

SIDE_NAMES = {
    "declarer": _("the declarer's side"),
    "defenders": _("the defenders"),
}

SUIT_NAMES = {
    "hearts": _("hearts"),
    "diamonds": _("diamonds"),
    "spades": _("spades"),
    "clubs": _("clubs"),
}

# Seed 000's bonuses, in its order.
BONUS_NAMES = {
    "honours": _("Honours"),
    "kings": _("Kings"),
    "high_game": _("High Game"),
    "slam": _("Slam"),
    "sparrow": _("The Sparrow"),
    "conquest": _("Conquest"),
    "first_five": _("First Five"),
    "first_six": _("First Six"),
    "first_seven": _("First Seven"),
    "first_eight": _("First Eight"),
    "last_king": _("The Last King"),
    "penultimate_king": _("The Penultimate King"),
    "last_owl": _("The Last Owl"),
    "owl": _("The Owl"),
    "force_of_one": _("Force of One"),
    "profit_of_one": _("Profit of One"),
    "pip_the_post": _("Pip the Post"),
    "marriage": _("Marriage"),
    "bethlehem": _("Bethlehem"),
    "family": _("Family"),
    "flock": _("Flock"),
}

BID_CHOICES = list(BID_NAMES.items())
CONTRA_CHOICES = [("", _("no contra")), *CONTRA_NAMES.items()]
SIDE_CHOICES = [("declarer", _("declarer's side")), ("defenders", _("defenders"))]
SUIT_CHOICES = [("", _("no suit")), *SUIT_NAMES.items()]
BONUS_CHOICES = [("", "—"), *BONUS_NAMES.items()]
ANNOUNCED_CHOICES = [("announced", _("announced")), ("silent", _("silent"))]
# High Game and Slam are made or not by the card points and tricks: their "made" is left empty.
MADE_CHOICES = [("", "—"), ("made", _("made")), ("lost", _("not made"))]
