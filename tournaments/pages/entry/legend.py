"""The notation's legend beside the entry fields, as the entry and blind confirmation pages show it
(templates/jury/_notation_legend.html): a few hundred words and names that depend only on the page's
language and the association's words, so written once a language for the words as they are
(tournaments.core.words keeps it with them, and an organiser's edit brings a new one)."""

from django.template.loader import render_to_string
from django.utils import translation

from tournaments.core import words
from tournaments.recording import notation


def legend_html() -> str:
    return words.catalogue().derive(("legend-html", translation.get_language()), _written)


def _written() -> str:
    return render_to_string("jury/_notation_legend.html", {"legend": notation.legend()})
