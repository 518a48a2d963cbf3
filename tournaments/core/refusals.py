"""The one refusal: a rule says no to what was asked, and the message says why in plain words
(the field or the ruling, e.g. "R15: ..."). It is a ValidationError, so a form shows it as it is;
the subclasses are the refusals a page answers differently (roles.answer_refusal)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class Refused(ValidationError):
    """Refused by a rule; nothing of the refused change is stored."""

    @property
    def text(self) -> str:
        return " ".join(self.messages)


class NotAllowed(Refused):
    """The user lacks the permission, or is the juror who entered the match (two-person rule):
    the page answers 403."""


class MatchLocked(Refused):
    """A confirmed match changes only through a correction (chief jury, with a reason)."""


class StaleMatch(Refused):
    """Someone else saved the match since the form was opened (optimistic locking); ``current``
    is the match as stored now."""

    def __init__(self, message, current):
        super().__init__(message, code="stale")
        self.current = current


class StaleHand(Refused):
    """Another juror stored this hand since it was opened; ``current`` is their hand record."""

    def __init__(self, message, current):
        super().__init__(message, code="stale_hand")
        self.current = current


# The two-person rule's refusals, worded once: every way hands come in (the entry page, a score
# sheet, a record file, the online table) and every page that says why meets the same sentence.


def match_submitted() -> Refused:
    return Refused(_("This match is submitted for confirmation and cannot be changed now; the juror who "
                     "submitted it may withdraw the submission first."), code="submitted")


def match_confirmed() -> MatchLocked:
    return MatchLocked(_("This match is confirmed; only the chief jury may correct it, with a reason."),
                       code="confirmed")


# A season's life and a match's date, worded once: every way hands come in meets the same sentence.


def season_closed(season, field: str) -> MatchLocked:
    """R21, worded once for every fact and every way in: ``field`` names what was to change, by its
    label ("Hands", "Match limit", "Team")."""
    return MatchLocked(_("%(field)s: the %(year)s season is closed, and a closed season's facts are final; only "
                         "the chief jury may correct a confirmed match, with a reason; R21.")
                       % {"field": field, "year": season.year}, code="season_closed")


def season_not_running(season) -> Refused:
    return Refused(_("The %(year)s season is still being prepared: its matches take hands once the "
                     "organisers open it.") % {"year": season.year}, code="season_prepared")


def not_played_yet(played_on: str) -> Refused:
    return Refused(_("This match is played on %(date)s: its hands are entered, submitted and confirmed "
                     "on or after that day, not before.") % {"date": played_on}, code="not_played_yet")
