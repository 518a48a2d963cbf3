"""Template filters for the engine's lines on the jury's pages (tournaments.recording.lines)."""

from django import template
from django.utils.translation import gettext_lazy

from tournaments.recording import lines

register = template.Library()


@register.filter
def line_name(item):
    """``{{ line.item|line_name }}``: "contra:pheasant" reads "Contra on Pheasant"."""
    return lines.line_name(item)


@register.filter
def seat_name(seat):
    """``{{ announcement.seat|seat_name }}``: "A.driver" reads "A driver"."""
    return lines.seat_name(seat)


@register.filter
def line_rows(answer):
    """``{% for row in answer|line_rows %}``: one row an item, with A's and B's points."""
    return lines.line_rows(answer)


# A figure's ruling, for the juror who asks "why?" (the ruling's number is shown only there).
RULING_SUMMARIES = {
    "R12": gettext_lazy("R12: a hand's score is the sum of its lines kept between 0 and the upper limit: 100, "
                        "110 after a Little trophy won, or the value of a greater trophy won; each Little trophy "
                        "lost lowers the limit by its value."),
    "R13": gettext_lazy("R13: the match score is the sum of the team's hand scores divided by the number of "
                        "hands, rounded half up (100.5 gives 101)."),
}


@register.filter
def ruling_summary(ruling):
    """``{{ "R13"|ruling_summary }}``: the ruling in a sentence, its number first."""
    return RULING_SUMMARIES.get(ruling, ruling)


@register.filter
def role_name(role):
    """``{{ "driver"|role_name }}``: a seat's role in the page's language ("hajtó")."""
    return lines.role_name(role)
