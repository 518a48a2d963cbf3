"""A match's history as the jury reads it: one entry a save (who, when, why, the version it made),
each listing what it changed in the match, its hands, announcements and silent premiums, field by
field, before -> after, with names (feasts, seats, players, jurors) rather than stored ids.

The rows are django-simple-history's. Every save of the engine writes the hands, announcements and
silent premiums it changes, then the match (whose version it bumps), all stamped with one user and
reason: so an entry is a run of rows with the same user and reason, closed by a match row.

The queries do not grow with the number of changes: each model's history rows are read once (four
queries); the jurors, players, teams, competitions and Cup ties the rows point to are taken from
the match already loaded or from the rows' own users, and those left (a player since replaced) are
read once a model.
"""

import re
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import dateformat, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournaments.core.models import Announcement, Competition, CupTie, Hand, Match, SilentPremium
from tournaments.recording.lines import line_name, seat_name

KINDS = {"+": gettext_lazy("added"), "~": gettext_lazy("changed"), "-": gettext_lazy("removed")}
# Bookkeeping, or said by the entry's subject already (hand number, announcement position, premium).
NOT_SHOWN = {"id", "match", "hand", "version", "lines", "number", "position", "premium"}
# Derived fields have no verbose name on the models; the page names them for the team they belong to.
LABELS = {
    "score_a": gettext_lazy("A's score"), "score_b": gettext_lazy("B's score"),
    "hand_sum_a": gettext_lazy("A's hand sum"), "hand_sum_b": gettext_lazy("B's hand sum"),
    "raw_a": gettext_lazy("A's points before the ceiling"), "raw_b": gettext_lazy("B's points before the ceiling"),
    "ceiling_a": gettext_lazy("A's ceiling"), "ceiling_b": gettext_lazy("B's ceiling"),
}
# What a name needs loaded with it (a Competition is named with its season, a Cup tie with its teams).
NAMED_WITH = {Competition: ["season"], CupTie: ["team_a", "team_b"]}
HISTORY_MODELS = (Match, Hand, Announcement, SilentPremium)


@dataclass
class FieldChange:
    label: str
    before: str | None  # None: no value (the object did not exist, or the field was empty)
    after: str | None


@dataclass
class Change:
    """What one save did to one object (the match, a hand, an announcement, a silent premium)."""

    subject: str
    kind: str  # "+", "~" or "-"
    fields: list[FieldChange]
    order: tuple

    @property
    def kind_label(self) -> str:
        return str(KINDS[self.kind])

    @property
    def kind_class(self) -> str:
        return {"+": "added", "~": "changed", "-": "removed"}[self.kind]


@dataclass
class Entry:
    """One save: who made it, when, why, the match version it made, and what it changed."""

    when: object
    user: object
    reason: str
    version: int | None = None
    changes: list[Change] = field(default_factory=list)

    @property
    def who(self) -> str:
        return user_name(self.user)

    @property
    def reason_shown(self) -> str:
        return shown_reason(self.reason)


# Reasons are stored as the catalogue's English (gettext_noop where they are made), so each reader
# sees them in their own language; these carry the jury's own words, or a hand's number, after a
# fixed beginning.
WORDED_REASONS = (gettext_noop("Correction: %(reason)s"), gettext_noop("Correction from a record file: %(reason)s"),
                  gettext_noop("Sent back: %(comment)s"),
                  gettext_noop("Hand %(number)s saved"), gettext_noop("Hand %(number)s cleared"),
                  gettext_noop("Agreed on paper on %(date)s by %(who)s (R15)"))


def shown_reason(stored: str) -> str:
    """A stored history reason in the reader's language (a reason stored in another form, say
    typed by hand, is shown as it is)."""
    for template in WORDED_REASONS:
        pattern = re.sub(r"%\\\((\w+)\\\)s", r"(?P<\1>.*)", re.escape(template))
        found = re.fullmatch(pattern, stored, re.DOTALL)
        if found:
            return _(template) % found.groupdict()
    return _(stored) if stored else ""


# --- names of stored values ----------------------------------------------------------------------


class Names:
    """The objects the history's foreign keys point to, by model and id, to name them."""

    def __init__(self, known):
        self.objects = {(type(obj), obj.pk): obj for obj in known if obj is not None}

    def load(self, wanted: dict[type, set]) -> None:
        """Read the objects not at hand yet: one query a model that has any."""
        for model, ids in wanted.items():
            missing = {pk for pk in ids if (model, pk) not in self.objects}
            if missing:
                rows = model._default_manager.filter(pk__in=missing)
                if model in NAMED_WITH:
                    rows = rows.select_related(*NAMED_WITH[model])
                self.objects.update({(model, obj.pk): obj for obj in rows})

    def name(self, model, pk) -> str:
        obj = self.objects.get((model, pk))
        if obj is None:
            return f"#{pk}"
        return user_name(obj) if model is get_user_model() else str(obj)


def _shown_fields(model) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if f.name not in NOT_SHOWN]


def _label(model_field) -> str:
    return capfirst(str(LABELS.get(model_field.name, model_field.verbose_name)))


def _deal_text(deal: dict) -> str:
    return "; ".join(f"{seat_name(seat)}: {' '.join(cards)}" for seat, cards in deal.items())


def _tricks_text(tricks: list) -> str:
    return "; ".join(f"{number}. {' '.join(trick)}" for number, trick in enumerate(tricks, start=1))


def _display(model_field, value, names: Names) -> str | None:
    """A stored value as the jury reads it; None for no value."""
    if value is None or value == "":
        return None
    if model_field.name in ("feast", "premium"):
        return line_name(value)
    if model_field.name == "seat":
        return seat_name(value)
    if model_field.is_relation:
        return names.name(model_field.related_model, value)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(model_field, models.BooleanField):
        return _("yes") if value else _("no")
    if isinstance(model_field, models.DateTimeField):
        return dateformat.format(timezone.localtime(value), "Y-m-d H:i")
    if model_field.name == "deal":
        return _deal_text(value)
    if model_field.name == "tricks":
        return _tricks_text(value)
    return str(value)


# --- one history row: its subject and its fields before and after ----------------------------


def _subject(row, hand_numbers) -> tuple[str, tuple]:
    """What a history row is about, and where it sorts within its save (match, then hand by hand)."""
    model = row.instance_type
    if model is Match:
        return _("Match"), (0,)
    if model is Hand:
        return _("Hand %(number)s") % {"number": row.number}, (1, row.number, 0)
    number = hand_numbers.get(row.hand_id, 0)
    if model is Announcement:
        text = _("Hand %(number)s, announcement %(position)s (%(feast)s)") % {
            "number": number or "?", "position": row.position + 1, "feast": line_name(row.feast)}
        return text, (1, number, 1, row.position)
    text = _("Hand %(number)s, silent premium %(premium)s") % {"number": number or "?",
                                                                 "premium": line_name(row.premium)}
    return text, (1, number, 2, row.premium)


def _field_changes(row, before, names: Names) -> list[FieldChange]:
    """Each shown field whose value the row changed: before -> after (before only for a removal)."""
    changes = []
    for model_field in _shown_fields(row.instance_type):
        old = getattr(before, model_field.attname) if before is not None else None
        new = getattr(row, model_field.attname)
        if row.history_type == "-":
            old, new = new, None
        old, new = _display(model_field, old, names), _display(model_field, new, names)
        if old != new:
            changes.append(FieldChange(_label(model_field), old, new))
    return changes


def _changes(rows, hand_numbers, names: Names) -> list[tuple[object, Change]]:
    """(row, what it changed) of each history row, each compared with the object's row before it."""
    previous = {}
    changes = []
    for row in rows:
        subject, order = _subject(row, hand_numbers)
        fields = _field_changes(row, previous.get(row.id), names)
        previous[row.id] = row
        changes.append((row, Change(subject, row.history_type, fields, order)))
    return changes


# --- the page: loading, naming, grouping into saves ----------------------------------------------


def _rows(match) -> list[list]:
    """The history rows of the match and of every hand it ever had, oldest first: four queries
    (two when the match never had a hand)."""

    def read(model, **where):
        rows = model.history.filter(**where).select_related("history_user")
        return list(rows.order_by("history_date", "history_id"))

    hand_rows = read(Hand, match_id=match.pk)
    hand_ids = {row.id for row in hand_rows}
    return [read(Match, id=match.pk), hand_rows, read(Announcement, hand_id__in=hand_ids),
            read(SilentPremium, hand_id__in=hand_ids)]


def _names(match, match_rows, all_rows) -> Names:
    """Everything the match's rows point to, named: from the match and the rows' users, else read."""
    relations = [f for f in _shown_fields(Match) if f.is_relation]
    known = [getattr(match, f.name) for f in relations] + [row.history_user for row in all_rows]
    names = Names(known)
    wanted: dict[type, set] = {}
    for model_field in relations:
        ids = {getattr(row, model_field.attname) for row in match_rows} - {None}
        wanted.setdefault(model_field.related_model, set()).update(ids)
    names.load(wanted)
    return names


def _saves(changes) -> list[Entry]:
    """Group the rows, oldest first, into saves: a run with one user and reason, closed by a match row."""
    entries: list[Entry] = []
    current = None
    for row, change in changes:
        reason = row.history_change_reason or ""
        if current is None or (current.user, current.reason) != (row.history_user, reason):
            current = Entry(row.history_date, row.history_user, reason)
            entries.append(current)
        current.when = row.history_date
        if change.fields or change.kind != "~":
            current.changes.append(change)
        if row.instance_type is Match:
            current.version = row.version
            current = None
    return entries


def entries_of(match) -> list[Entry]:
    """Every save that changed the match or what it holds, newest first, each change in the
    order of the match sheet (the match, then hand by hand)."""
    sources = _rows(match)
    everything = [row for rows in sources for row in rows]
    names = _names(match, sources[0], everything)
    hand_numbers = {row.id: row.number for row in sources[1]}
    changes = [pair for rows in sources for pair in _changes(rows, hand_numbers, names)]
    # A save writes the match last; at one instant, the match row still closes the save.
    changes.sort(key=lambda pair: (pair[0].history_date, pair[0].instance_type is Match, pair[0].history_id))
    entries = _saves(changes)
    for entry in entries:
        entry.changes.sort(key=lambda change: change.order)
    return entries[::-1]


def user_name(user) -> str:
    """A juror as the history names them: the full name with the login, else the login."""
    if user is None:
        return ""
    full = user.get_full_name()
    return f"{full} ({user.get_username()})" if full else user.get_username()

