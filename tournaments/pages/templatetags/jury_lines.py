"""Template filters for the engine's lines on the jury's pages (tournaments.core.lines)."""

from django import template
from django.utils.translation import gettext_lazy

from tournaments.core import lines

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
def line_rows(answer, record=None):
    """``{% for row in answer|line_rows:record %}``: one row an item, with A's and B's points; with
    the hand's record, a feast names the cards it was declared on ("Ultimó (pagát)")."""
    return lines.line_rows(answer, record)


@register.simple_tag
def scored_record(entry, form):
    """The record the shown answer is of: the hand's entry says (after a lost race the other
    juror's); without one (a preview) the form's, once it reads."""
    if entry and getattr(entry, "form", None) is form:
        return entry.scored_record
    return getattr(form, "record", None)


# A figure's ruling, for the juror who asks "why?" (the ruling's number is shown only there).
RULING_SUMMARIES = {
    "R1": gettext_lazy("R1: one pack of 40 cards: 22 trumps (I to XXI and the Fool, the highest) and the four "
                       "suits' cards; the honours are the Fool and the XXI."),
    "R3": gettext_lazy("R3: each hand has an attacking team; the attack alternates from hand 1, so each team "
                       "attacks in four hands of eight; the XX goes to the attacking Driver, the XIX to the "
                       "attacking Catcher, every player holds 10 cards and at least 3 trumps."),
    "R4": gettext_lazy("R4: follow suit; without the suit play a trump; without trumps any card; a bound card "
                       "only to its own trick unless no other card may be played."),
    "R5": gettext_lazy("R5: consolation points come from what each team holds: its trumps, its honours and "
                       "which of XVI, XVII and XVIII it lacks; the two teams hold one pack between them."),
    "R6": gettext_lazy("R6: messages score nothing or their value when announced, are neither won nor lost, and "
                       "cannot be contra'd; Flush and Four of a Kind must be true of the hand."),
    "R7": gettext_lazy("R7: a won feast adds its value, a lost one takes it away; of a chain of feasts a team "
                       "keeps only the final, highest announcement."),
    "R8": gettext_lazy("R8: each team may call one contra on any announced feast; it moves only the calling "
                       "team's score, by at most 20."),
    "R9": gettext_lazy("R9: a feast that binds a card to a trick keeps it for that trick; a magnifier declared "
                       "must be a King or a Bird that the announcer holds."),
    "R10": gettext_lazy("R10: silent premiums are not announced; each is scored by the team that achieves it, "
                        "unless its own announced feast covers the same event."),
    "R10a": gettext_lazy("R10a: a silent premium that is not scored need not be listed."),
    "R10b": gettext_lazy("R10b: results that cannot all be true in one hand are refused, naming both."),
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
