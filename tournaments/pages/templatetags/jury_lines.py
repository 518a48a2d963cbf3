"""Template filters for the engine's lines on the jury's pages (tournaments.recording.lines)."""

from django import template

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
