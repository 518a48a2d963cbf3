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

import datetime
import re
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournaments.core.lines import (
    card_name,
    contra_name,
    line_name,
    match_teams,
    result_name,
    seat_name,
    suit_name,
    team_name,
    words_list,
)
from tournaments.core.models import Announcement, Competition, CupTie, Hand, Match, SilentPremium

KINDS = {"+": gettext_lazy("added"), "~": gettext_lazy("changed"), "-": gettext_lazy("removed")}
# R10/R10a: a silent premium the record lists but the rules did not score (an Obscure a free pass
# cancels) is recorded, never "added" to the score.
NOT_SCORED = gettext_lazy("recorded, not scored by the rules")
# Bookkeeping, or said by the entry's subject already (hand number, announcement position, premium).
NOT_SHOWN = {"id", "match", "hand", "version", "lines", "number", "position", "premium"}
# Derived fields have no verbose name on the models; the page names them for the team they belong to,
# by the team's name.
TEAM_LABELS = {
    "score": gettext_lazy("%(team)s: score"), "hand_sum": gettext_lazy("%(team)s: hand sum"),
    "raw": gettext_lazy("%(team)s: points before the upper limit"), "ceiling": gettext_lazy("%(team)s: upper limit"),
}
# Fields of one team, named "a_..."/"b_..." (holdings, players), labelled by the team's name too.
TEAM_FIELDS = {
    "trumps": gettext_lazy("%(team)s: trumps"), "honours": gettext_lazy("%(team)s: honours"),
    "high_trumps": gettext_lazy("%(team)s: holds of XVI-XVIII"),
    "driver": gettext_lazy("%(team)s: driver's seat"), "catcher": gettext_lazy("%(team)s: catcher's seat"),
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
    scored: bool = True  # False: a silent premium recorded that the rules did not score (R10, R10a)

    @property
    def kind_label(self) -> str:
        return str(KINDS[self.kind] if self.scored or self.kind != "+" else NOT_SCORED)

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
    def machine_time(self) -> str:
        """For <time datetime>: whole seconds with the zone, as HTML asks (no microseconds)."""
        return self.when.replace(microsecond=0).isoformat()

    @property
    def reason_shown(self) -> str:
        return shown_reason(self.reason)


# Reasons are stored as the catalogue's English (gettext_noop where they are made), so each reader
# sees them in their own language; these carry the jury's own words, or a hand's number, after a
# fixed beginning.
WORDED_REASONS = (gettext_noop("Correction: %(reason)s"), gettext_noop("Correction from a record file: %(reason)s"),
                  gettext_noop("Sent back: %(comment)s"),
                  gettext_noop("Hand %(number)s saved"), gettext_noop("Hand %(number)s cleared"),
                  gettext_noop("Agreed on paper on %(date)s by %(who)s (R15)"),
                  gettext_noop("Hand %(number)s played at online table %(table)s"),
                  gettext_noop("Substitute seated at online table %(table)s (R14)"),
                  gettext_noop("Cancelled by the organisers: %(reason)s"), gettext_noop("Season reopened: %(reason)s"))


def shown_reason(stored: str) -> str:
    """A stored history reason in the reader's language (a reason stored in another form, say
    typed by hand, is shown as it is)."""
    for template in WORDED_REASONS:
        pattern = re.sub(r"%\\\((\w+)\\\)s", r"(?P<\1>.*)", re.escape(template))
        found = re.fullmatch(pattern, stored, re.DOTALL)
        if found:
            return _(template) % {name: _stored_date(value) if name == "date" else value
                                  for name, value in found.groupdict().items()}
    return _(stored) if stored else ""


def _stored_date(value: str) -> str:
    """A date stored in a reason as ISO (2026-03-12), written the reader's way."""
    try:
        return _when(datetime.date.fromisoformat(value))
    except ValueError:
        return value


# --- names of stored values ----------------------------------------------------------------------


class Names:
    """The objects the history's foreign keys point to, by model and id, to name them."""

    def __init__(self, known, teams=None):
        self.objects = {(type(obj), obj.pk): obj for obj in known if obj is not None}
        self.teams = teams or {}  # "A" and "B" by the match's teams' names

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
    return [f for f in model._meta.concrete_fields if f.name not in NOT_SHOWN or _is_number_said(model, f)]


def _is_number_said(model, model_field) -> bool:
    """An announcement's ``number`` is what a message said (R6a), not a hand's number: it is shown."""
    return model_field.name == "number" and model._meta.model_name == "announcement"


def _label(model_field, teams) -> str:
    base, _underscore, team = model_field.name.rpartition("_")
    if base in TEAM_LABELS and team in ("a", "b"):
        return capfirst(str(TEAM_LABELS[base]) % {"team": team_name(team.upper(), teams)})
    team, _underscore, rest = model_field.name.partition("_")
    if rest in TEAM_FIELDS and team in ("a", "b"):
        return capfirst(str(TEAM_FIELDS[rest]) % {"team": team_name(team.upper(), teams)})
    return capfirst(str(model_field.verbose_name))


def _deal_text(deal: dict, teams) -> str:
    return "; ".join(f"{seat_name(seat, teams)}: {words_list(cards, card_name)}" for seat, cards in deal.items())


def _when(value) -> str:
    """A date or a moment as the reader's language writes it ("2026. március 12. 14:05")."""
    if hasattr(value, "hour"):
        return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT")
    return formats.date_format(value, "DATE_FORMAT")


# Fields that hold ids the history names one by one (cards and suits are stored space-separated).
NAMED_FIELDS = {"feast": line_name, "premium": line_name, "contra": contra_name, "result": result_name,
                "cards": lambda value: words_list(value, card_name),
                "suits": lambda value: words_list(value, suit_name)}


def _tricks_text(tricks: list) -> str:
    """Each trick's cards named as the deal's are ("1. tizenkilences, pikk tízes, ...")."""
    return "; ".join(f"{number}. {words_list(trick, card_name)}" for number, trick in enumerate(tricks, start=1))


def _display(model_field, value, names: Names) -> str | None:
    """A stored value as the jury reads it; None for no value."""
    if value is None or value == "":
        return None
    if model_field.name in NAMED_FIELDS:
        return NAMED_FIELDS[model_field.name](value)
    if model_field.name == "seat":
        return seat_name(value, names.teams)
    if model_field.name in ("team", "attackers"):
        return team_name(value, names.teams)
    if model_field.is_relation:
        return names.name(model_field.related_model, value)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(model_field, models.BooleanField):
        return _("yes") if value else _("no")
    if isinstance(model_field, models.DateField):  # DateTimeField included
        return _when(value)
    if model_field.name == "deal":
        return _deal_text(value, names.teams)
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
            changes.append(FieldChange(_label(model_field, names.teams), old, new))
    return changes


def _changes(rows, hand_numbers, names: Names, scored=lambda row: True) -> list[tuple[object, Change]]:
    """(row, what it changed) of each history row, each compared with the object's row before it."""
    previous = {}
    changes = []
    for row in rows:
        subject, order = _subject(row, hand_numbers)
        fields = _field_changes(row, previous.get(row.id), names)
        previous[row.id] = row
        changes.append((row, Change(subject, row.history_type, fields, order, scored(row))))
    return changes


def _premium_scored(hand_rows):
    """Whether a silent premium's history row was scored: its team's lines, in the hand as stored at
    that moment (the hand is written before its premiums in one save), hold the premium (R10)."""
    by_hand: dict[int, list] = {}
    for row in hand_rows:
        by_hand.setdefault(row.id, []).append(row)

    def scored(row) -> bool:
        stored = [hand for hand in by_hand.get(row.hand_id, []) if hand.history_date <= row.history_date]
        if not stored or stored[-1].lines is None:
            return True  # no lines to tell by: said as before
        return any(line["item"] == row.premium for line in stored[-1].lines.get(row.team, []))

    return scored


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
    names = Names(known, match_teams(match))
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
    premium_scored = _premium_scored(sources[1])
    changes = [pair for rows in sources[:3] for pair in _changes(rows, hand_numbers, names)]
    changes += _changes(sources[3], hand_numbers, names, premium_scored)
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

