"""A match's history: every change to the match, its hands, announcements and silent premiums,
with who made it, when, why, and the values before and after (django-simple-history rows).

Four queries whatever the number of changes: each model's history rows are read once and
consecutive versions of one object are compared here.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from tournaments.models import Announcement, Hand, Match, SilentPremium

KINDS = {"+": _("created"), "~": _("changed"), "-": _("deleted")}
IGNORED = {"history_id", "history_date", "history_change_reason", "history_type", "history_user",
           "history_user_id", "history_relation", "id", "match", "hand", "version", "lines"}


@dataclass
class Change:
    when: object
    user: object
    reason: str
    subject: str
    kind: str
    values: list = field(default_factory=list)  # (field name, before, after)


def _fields(model):
    return [f.attname for f in model._meta.concrete_fields if f.name not in IGNORED and f.attname not in IGNORED]


def _subject(model, row, hand_numbers):
    if model is Match:
        return str(_("Match"))
    if model is Hand:
        return str(_("Hand %(number)s") % {"number": row.number})
    number = hand_numbers.get(row.hand_id, "?")
    if model is Announcement:
        return str(_("Hand %(number)s, announcement %(position)s") % {"number": number, "position": row.position + 1})
    return str(_("Hand %(number)s, silent premium %(premium)s") % {"number": number, "premium": row.premium})


def _changes(model, rows, hand_numbers):
    names = _fields(model)
    previous = {}
    changes = []
    for row in rows:
        before = previous.get(row.id)
        values = []
        for name in names:
            old = getattr(before, name) if before is not None else None
            new = getattr(row, name) if row.history_type != "-" else None
            if row.history_type == "-" and before is None:
                old = getattr(row, name)
            if old != new:
                values.append((name, old, new))
        previous[row.id] = row
        changes.append(Change(row.history_date, row.history_user, row.history_change_reason or "",
                              _subject(model, row, hand_numbers), str(KINDS[row.history_type]), values))
    return changes


def changes_of(match):
    """Every change to the match and what it holds, newest first."""
    hand_rows = list(Hand.history.filter(match_id=match.pk).select_related("history_user").order_by("history_date"))
    hand_numbers = {row.id: row.number for row in hand_rows}
    hand_ids = list(hand_numbers)
    sources = [
        (Match, Match.history.filter(id=match.pk)),
        (Hand, hand_rows),
        (Announcement, Announcement.history.filter(hand_id__in=hand_ids)),
        (SilentPremium, SilentPremium.history.filter(hand_id__in=hand_ids)),
    ]
    changes = []
    for model, rows in sources:
        if not isinstance(rows, list):
            rows = rows.select_related("history_user").order_by("history_date", "history_id")
        changes += _changes(model, rows, hand_numbers)
    return sorted(changes, key=lambda change: change.when, reverse=True)
