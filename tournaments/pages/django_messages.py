"""Django's own texts that its Hungarian catalogue does not translate yet, marked here so that
``makemessages`` puts them in ours (LOCALE_PATHS comes before Django's catalogues)."""

from django.utils.translation import gettext_noop

DJANGO_TEXTS = [
    gettext_noop("- Select an option -"),  # the empty choice of a select (django.db.models.fields.BLANK_CHOICE_LABEL)
]
