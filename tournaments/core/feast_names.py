"""The names of the catalogue's feasts and silent premiums, each written out once for translation.

scoring/feasts.py is the one catalogue (R7, R10, R11) but pure Python, without Django, so its
names cannot be marked there and ``makemessages`` would never find them. They are listed here, by
id, in the catalogue's order; tests/web/test_entry_translations.py checks that this module names
exactly the catalogue's feasts and silent premiums with the catalogue's own English names, so the
two cannot drift apart. Pages show them through :func:`line_name` (tournaments.core.lines).
"""

from django.utils.translation import gettext_lazy as _

from tournaments.core import words

FEAST_NAMES = {
    # Messages (they score nothing)
    # Translators: Royal Tarokk's feasts and premiums: keep a name as it is where players use no name of their own.
    "suit_count": _("Number of a Suit"),
    "trumps": _("Trumps"),
    "birds": _("Birds"),
    "flush": _("Flush"),
    "four_of_a_kind": _("Four of a Kind"),
    # Material premiums
    "visi": _("Visi"),
    "lamour": _("L'amour"),
    "angel": _("Angel"),
    "honour": _("Honour"),
    "heads": _("Heads"),
    "full_honours": _("Full Honours"),
    # Free passes
    "play": _("Play"),
    "cash": _("Cash"),
    "bridge": _("Bridge"),
    "octave": _("Octave"),
    "misere": _("Misere"),
    "slam": _("Slam"),
    # Bound tricks (R9)
    "piccolo": _("Piccolo"),
    "town_centre": _("Town Centre"),
    "centre": _("Centre"),
    "small_bird": _("Small Bird"),
    "large_bird": _("Large Bird"),
    # Magnified feasts
    "last_day_of_the_month": _("Last day of the month"),
    "before_the_end_of_the_month": _("Before the end of the month"),
    "kite": _("Kite"),
    "seize": _("Seize"),
    "turul": _("Turul"),
    # Flight feasts
    "pheasant": _("Pheasant"),
    "falcon": _("Falcon"),
    # Intercept feasts
    "gang": _("Gang"),
    "quick_one": _("Quick One"),
    "the_red_and_the_black": _("The Red and The Black"),
    "army": _("Army"),
    "legion": _("Legion"),
    # Extras
    "amazon": _("Amazon"),
    "pagat_capture": _("Pagat Capture"),
    "second_pheasant": _("Second Pheasant"),
    "third_pheasant": _("Third Pheasant"),
    "fourth_pheasant": _("Fourth Pheasant"),
    "schleicher": _("Schleicher"),
    "pho_nothing": _("Pho Nothing"),
    # Little trophies (R11)
    "spadille": _("Spadille"),
    "manille": _("Manille"),
    "dschinn": _("Dschinn"),
    "marriage": _("Marriage"),
    # Trophies (R11, ranked by R19)
    "mond_capture": _("Mond Capture"),
    "habicht": _("Habicht"),
    "couleur": _("Couleur"),
    "scale": _("Scale"),
    "golgotha": _("Golgotha"),
    "centaur": _("Centaur"),
    "trojka": _("Trojka"),
    "famille": _("Famille"),
    "bethlehem": _("Bethlehem"),
    "sphinx": _("Sphinx"),
    "quart": _("Quart"),
    "pyramid": _("Pyramid"),
    "spectrum": _("Spectrum"),
    "stella": _("Stella"),
    "full": _("Full"),
    "court": _("Court"),
    "grand": _("Grand"),
    "harpy": _("Harpy"),
    "gloria": _("Gloria"),
    "triumph": _("Triumph"),
    "royal": _("Royal"),
}

# R10: scored by whichever team achieves them, never announced.
SILENT_PREMIUM_NAMES = {
    "obscure": _("Obscure"),
    "lie_in_wait": _("Lie in Wait"),
    "four_kings": _("Four Kings"),
    "silent_mond_capture": _("Silent Mond Capture"),
}


def feast_name(item_id: str) -> str:
    """The name of a feast or silent premium in the association's words (tournaments.core.words), in
    the page's language; an id not in the catalogue as it is."""
    return words.feast_name(item_id)


# The names of the other things the association names, read from the same catalogue.
suit_name = words.suit_name
card_name = words.card_name
result_name = words.result_name
role_name = words.role_name
seat_name = words.seat_name
contra_name = words.contra_name
