"""A backup of the association's facts in one file, and its restore into an empty database.

The file holds every fact with its history: the users (with their groups and password hashes),
players, seasons, teams, competitions, Cup entries and ties, Grand Prix entries, matches with
their hands, announcements and silent premiums, free games, the trophy register's entries and
cups (their withdrawals, dated and with reasons, are history), and every history row (who, when,
before, after, why). Each hand's and match's scores are left out: the restore derives them again.

The restore takes nothing on trust. Every row must fit its field; every reference must find its
row; every match's hands and every variant game's record must pass the checks a juror's entry
meets (tournaments.recording.rescoring.invalid_facts). The first thing that fails refuses the whole file in
one line that says where and what, and nothing is restored (one transaction). Then every derived
value is derived again by the one ``rescoring.rescore``, as ``rescore --fix`` does.

Format: JSON (gzip-compressed when the file name ends in .gz)::

    {"format": "royal-tarokk-backup/1", "written_at": "...", "objects": [Django's serialized rows]}

Times are written with their microseconds (Django's JSON encoder keeps milliseconds only).
"""

from __future__ import annotations

import datetime
import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import (
    DeserializationError,
    M2MDeserializationError,
    deserialize_fk_value,
    deserialize_m2m_values,
)
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.core import words
from tournaments.core.models import Hand, Match, Season, public_data
from tournaments.core.roles import ensure_roles

from . import rescoring, variant_wording, wording

BACKUP_FORMAT = "royal-tarokk-backup/1"
# The cache of the rules engine's answer on each row (tournaments/core/models/matches.py): not backed up.
DERIVED_FIELDS = {
    "tournaments.hand": ("score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b", "lines"),
    "tournaments.match": ("score_a", "score_b", "hand_sum_a", "hand_sum_b"),
}
SHOWN = 60  # a value of the file quoted in a refusal is cut to this many characters


class BackupRefused(Exception):
    """The file is not a backup, or does not hold together, or the database is not empty."""


def _refused(path: Path, problem: str) -> BackupRefused:
    """The one line a refused restore says: the file, what is wrong with it, and that nothing of
    it was restored."""
    return BackupRefused(_("%(file)s: %(problem)s. Nothing was restored.")
                         % {"file": path, "problem": str(problem).rstrip(".")})


def _shown(value) -> str:
    """A value of the file as a refusal quotes it: as text, cut short (a file may hold anything)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def backed_up_models() -> list:
    """The users, then every model of the site (history models included), parents before children."""
    site = apps.get_app_config("tournaments")
    # The public data version is no fact: the restore's own writes move it on.
    models = [model for model in site.get_models() if model._meta.model_name != "publicdataversion"]
    ordered = serializers.sort_dependencies([(site, models)], allow_cycles=True)
    return [get_user_model()] + ordered


# --- writing -------------------------------------------------------------------------------------


class ExactTimesEncoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but a time keeps its microseconds: Django cuts them to milliseconds (as
    ECMAScript dates hold them), and a restored row must hold the very time the site stored."""

    def default(self, o):
        if isinstance(o, datetime.datetime) or (isinstance(o, datetime.time) and not timezone.is_aware(o)):
            return o.isoformat()
        return super().default(o)


def _rows(model) -> list[dict]:
    rows = serializers.serialize("python", model._base_manager.order_by("pk"), use_natural_foreign_keys=True)
    for row in rows:
        for name in DERIVED_FIELDS.get(row["model"], ()):
            row["fields"][name] = None
    return rows


def write_backup(path: Path) -> int:
    """Write every fact to ``path``; the number of rows written. The rows are read in one
    transaction that sees one moment of the database while the site goes on saving."""
    snapshot = connection.vendor == "postgresql" and not connection.in_atomic_block
    with transaction.atomic():
        if snapshot:  # PostgreSQL's default isolation would let each query see later saves
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        objects = [row for model in backed_up_models() for row in _rows(model)]
    document = {"format": BACKUP_FORMAT, "written_at": timezone.now().isoformat(), "objects": objects}
    text = json.dumps(document, cls=ExactTimesEncoder, ensure_ascii=False)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf-8") as handle:
        handle.write(text)
    return len(objects)


# --- reading the file ----------------------------------------------------------------------------

# What can go wrong in reading a file, in plain words; the first class that matches says it.
# (EOFError and zlib.error are not OSErrors: a cut or damaged .gz raises them while it is read.)
FILE_PROBLEMS = (
    (FileNotFoundError, lambda error: _("there is no such file")),
    (IsADirectoryError, lambda error: _("it is a folder, not a file")),
    (PermissionError, lambda error: _("this user may not read it")),
    (gzip.BadGzipFile, lambda error: _("it is not a gzip file, though its name ends in .gz")
     if str(error).startswith("Not a gzipped file") else _("its compressed data is damaged")),
    (EOFError, lambda error: _("it is cut short: its compressed data ends early (copy the file again)")),
    (zlib.error, lambda error: _("its compressed data is damaged")),
    (UnicodeDecodeError, lambda error: _("it is not text (UTF-8), so it is no backup")),
    (json.JSONDecodeError, lambda error: _("it is not JSON: it goes wrong at line %(line)s, column %(column)s")
     % {"line": error.lineno, "column": error.colno}),
    (RecursionError, lambda error: _("its JSON is nested too deeply")),
    (OSError, lambda error: _("it cannot be read (%(reason)s)") % {"reason": error.strerror or _("unknown")}),
)


def _read_document(path: Path):
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, EOFError, zlib.error, ValueError, RecursionError) as error:
        say = next((say for kind, say in FILE_PROBLEMS if isinstance(error, kind)), None)
        if say is None:
            raise
        raise _refused(path, say(error)) from None


def read_backup(path: Path) -> list[dict]:
    """The rows of a backup file; BackupRefused, in one line, for anything that is not one."""
    document = _read_document(path)
    if not isinstance(document, dict) or document.get("format") != BACKUP_FORMAT:
        raise _refused(path, _("it is not a backup of this site (whose backups say format “%(format)s”)")
                       % {"format": BACKUP_FORMAT})
    if not isinstance(document.get("objects"), list):
        raise _refused(path, _("its “objects”, the rows of the backup, are not a list"))
    return document["objects"]


# --- loading the rows ----------------------------------------------------------------------------


def _row_label(model, pk) -> str:
    """A row as a refusal names it: "match 42", "historical hand 7"."""
    return _("%(kind)s %(id)s") % {"kind": model._meta.verbose_name, "id": _shown(pk)}


def _stored_fields(model) -> set[str]:
    """The field names a serialized row of ``model`` may hold."""
    return {field.name for field in (*model._meta.concrete_fields, *model._meta.many_to_many)}


def _shape_problem(row, models: dict) -> str | None:
    """What keeps a row of the file from being a row of this site: not an object with a model and
    fields, a model the site does not back up, a field the model does not have."""
    if not isinstance(row, dict) or not isinstance(row.get("model"), str) or not isinstance(row.get("fields"), dict):
        return _("it is not a row (an object with its “model” and “fields”)")
    model = models.get(row["model"])
    if model is None:
        return _("“%(model)s” is nothing this site keeps") % {"model": _shown(row.get("model"))}
    unknown = sorted(set(row["fields"]) - _stored_fields(model))
    if unknown:
        return _("a %(kind)s has no field “%(field)s”") % {"kind": model._meta.verbose_name,
                                                           "field": _shown(unknown[0])}
    return None


def _check_shapes(objects: list, path: Path) -> None:
    models = {model._meta.label_lower: model for model in backed_up_models()}
    for number, row in enumerate(objects, start=1):
        problem = _shape_problem(row, models)
        if problem:
            raise _refused(path, _("row %(number)s of the file: %(problem)s") % {"number": number,
                                                                                  "problem": problem})


def _value_error(field, value) -> ValidationError | None:
    """Why ``value`` cannot be this field's, as the deserializer reads it; None when it can."""
    if field.many_to_many or (field.is_relation and isinstance(value, list)):
        return None  # by natural key: a missing user or group is found on saving (_save_deferred)
    target = field.target_field if field.is_relation else field
    try:
        target.to_python(value)
    except ValidationError as error:
        return error
    return None


def _value_problem(row: dict, error: DeserializationError) -> str:
    """The row and field of a value the deserializer could not read, and why, in plain words."""
    model = apps.get_model(row["model"])
    values = [(model._meta.pk, row.get("pk"))] + [(model._meta.get_field(name), value)
                                                  for name, value in row["fields"].items()]
    for field, value in values:
        invalid = _value_error(field, value)
        if invalid is not None:
            return _("%(row)s, %(field)s: %(error)s") % {
                "row": _row_label(model, row.get("pk")), "field": field.verbose_name,
                "error": " ".join(invalid.messages)}
    return _("%(row)s holds a value its fields cannot take") % {"row": _row_label(model, row.get("pk"))}


def _deserialized(objects: list, path: Path):
    """Each row as a model instance, read one at a time, so that a row naming a user by user name
    finds the user saved before it."""
    rows = serializers.deserialize("python", objects, handle_forward_references=True)
    position = 0
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except DeserializationError as error:
            raise _refused(path, _value_problem(objects[position], error)) from None
        position += 1
        yield row


def _check_values(row, path: Path) -> None:
    """Every value fits its field as the site stores it: a feast, a seat, a state among their
    choices; a text within its length; a number within its range. Not a form's checks: an empty
    value is the database's to refuse (a history row's reason may well be blank), and references
    are checked all at once when every row is in (_check_references)."""
    instance = row.object
    for field in instance._meta.concrete_fields:
        value = getattr(instance, field.attname)
        if field.is_relation or value in field.empty_values:
            continue
        try:
            field.validate(value, instance)
            field.run_validators(value)
        except ValidationError as error:
            raise _refused(path, _("%(row)s, %(field)s: %(error)s") % {
                "row": _row_label(type(instance), instance.pk), "field": field.verbose_name,
                "error": " ".join(error.messages)}) from None


def _save(row, path: Path, save) -> None:
    try:
        save()
    except DatabaseError:
        raise _refused(path, _("%(row)s cannot be stored: the database refuses it (it repeats a value another "
                               "row holds, or breaks a rule its rows keep)")
                       % {"row": _row_label(type(row.object), row.object.pk)}) from None


def _save_deferred(row, path: Path) -> None:
    """The references a row makes by natural key (users, groups), now that every row is saved."""
    for field, value in row.deferred_fields.items():
        try:
            if field.many_to_many:
                deserialize_m2m_values(field, value, None, False)
            else:
                deserialize_fk_value(field, value, None, False)
        except (ObjectDoesNotExist, M2MDeserializationError):
            key = value[0] if isinstance(value, list) and len(value) == 1 else value  # a user name: ["chief"]
            raise _refused(path, _("%(row)s, %(field)s: names “%(value)s”, whom the file does not hold") % {
                "row": _row_label(type(row.object), row.object.pk), "field": field.verbose_name,
                "value": _shown(key)}) from None
    _save(row, path, row.save_deferred_fields)


def _load(objects: list, path: Path) -> int:
    """Every row of the file saved as it is (ids kept); the number of rows."""
    _check_shapes(objects, path)
    waiting = []
    with connection.constraint_checks_disabled():  # a row may come before the row it refers to
        for row in _deserialized(objects, path):
            _check_values(row, path)
            _save(row, path, row.save)
            if row.deferred_fields:
                waiting.append(row)
        for row in waiting:
            _save_deferred(row, path)
    return len(objects)


def _missing_reference() -> str | None:
    """The first row that refers to a row the database does not hold, in words."""
    for model in backed_up_models():
        for field in model._meta.concrete_fields:
            if not field.is_relation or not field.db_constraint:
                continue  # history rows keep ids of rows long deleted, on purpose
            held = field.related_model._base_manager.values(field.target_field.attname)
            found = (model._base_manager.filter(**{f"{field.attname}__isnull": False})
                     .exclude(**{f"{field.attname}__in": held}).values_list("pk", field.attname).first())
            if found:
                return _("%(row)s names %(kind)s %(id)s as its %(field)s, and the file holds no such %(kind)s") % {
                    "row": _row_label(model, found[0]), "kind": field.related_model._meta.verbose_name,
                    "id": found[1], "field": field.verbose_name}
    return None


def _check_references(path: Path) -> None:
    try:
        with transaction.atomic():  # a savepoint: PostgreSQL then lets us look for the row
            connection.check_constraints()
    except IntegrityError:
        raise _refused(path, _missing_reference() or _("a row refers to a row the file does not hold")) from None


# --- the facts, as the jury's entry checks them --------------------------------------------------


class _RecordAsForm:
    """What variant_wording reads of the jury's form, from a stored game: the bonus rows in order,
    and each name of the record as the player's name."""

    fields: dict = {}
    cleaned_data: dict = {}

    def __init__(self, game):
        bonuses = game.record.get("bonuses") if isinstance(game.record, dict) else None
        self.rows = list(range(1, len(bonuses) + 1)) if isinstance(bonuses, list) else []
        self.players = {score.player.membership_number: score.player.name for score in game.scores.all()}

    def bonus_rows(self) -> list[int]:
        return self.rows

    def names(self) -> dict[str, str]:
        return self.players


def _match_problem(match, problem) -> str:
    """Match 42 (Tisza TK – Duna TK), hand 3: A trumps: a team holds 6 to 16 trumps ..., not 30 (R5)."""
    where = _("Match %(number)s (%(team_a)s – %(team_b)s)") % {
        "number": match.pk, "team_a": match.team_a.name, "team_b": match.team_b.name}
    if problem.hand is not None:
        where = _("%(match)s, hand %(hand)s") % {"match": where, "hand": problem.hand}
    return _("%(where)s: %(problem)s") % {"where": where, "problem": wording.word(problem).with_ruling()}


# The scorer's sentences (variant_wording) name what they speak of, but for these, said of a field
# the jury's form shows beside them ("is 0 or more, not -3"): here the field is named first.
UNNAMED_FIELD = {"number_out_of_range"}


def _game_problem(game, problem) -> str:
    """Free game 7 (Three-handed game, 2025-04-18): the three players' card points add up to ... (R18)."""
    where = _("Free game %(number)s (%(variant)s, %(date)s)") % {
        "number": game.pk, "variant": game.get_variant_display(), "date": game.played_on}
    _field, text = variant_wording.word(problem, _RecordAsForm(game))
    if problem.field and (problem.code in UNNAMED_FIELD or problem.code not in variant_wording.SENTENCES):
        label = variant_wording.clean(problem.field).replace("[*]", "").replace(".", ", ")
        text = _("%(field)s: %(problem)s") % {"field": label, "problem": text}
    return _("%(where)s: %(problem)s") % {"where": where, "problem": text}


def _check_facts(path: Path) -> None:
    """R3-R18: the first match or variant game the jury's entry would refuse refuses the file."""
    fact = next(rescoring.invalid_facts(), None)
    if fact is None:
        return
    problem = fact.problems[0]
    text = _match_problem(fact.match, problem) if fact.match else _game_problem(fact.game, problem)
    more = len(fact.problems) - 1
    if more:
        text += ngettext(" (and %(count)s more problem there)", " (and %(count)s more problems there)",
                         more) % {"count": more}
    raise _refused(path, text)


def _check_closed_seasons(path: Path) -> None:
    """R21: a closed season was closed with every match of it played and confirmed; a file with
    one scheduled, being entered or awaiting confirmation in a closed season is refused, naming it."""
    match = (Match.objects.filter(competition__season__state=Season.State.CLOSED)
             .exclude(state=Match.State.CONFIRMED).select_related("team_a", "team_b", "competition__season")
             .order_by("pk").first())
    if match is not None:
        raise _refused(path, _("Match %(number)s (%(team_a)s – %(team_b)s) is %(state)s, but the %(year)s season "
                               "is closed, and a closed season's matches are all played and confirmed; R21.")
                       % {"number": match.pk, "team_a": match.team_a.name, "team_b": match.team_b.name,
                          "state": match.get_state_display().lower(), "year": match.competition.season.year})


# --- the restore ---------------------------------------------------------------------------------


def check_empty() -> None:
    """A restore goes into an empty database only: it never mixes with facts already there."""
    models = sorted(backed_up_models(), key=lambda model: model.__name__.startswith("Historical"))
    for model in models:  # the facts first: their history only if the facts themselves are gone
        if model._base_manager.exists():
            raise BackupRefused(_("The database already holds %(kind)s; restore into an empty database (created "
                                  "with `manage.py migrate`).") % {"kind": model._meta.verbose_name_plural})


@dataclass(frozen=True)
class Restored:
    """What a restore did: rows loaded, hands and matches scored, and each difference found between
    the file's own derived values (Cup ties, free-game points, register) and its facts, repaired."""

    rows: int
    hands: int
    matches: int
    differences: list[str]


def restore_backup(path: Path) -> Restored:
    """Load a backup into the empty database, check its facts, then derive every derived value
    again. One transaction: a refusal (BackupRefused, one line) leaves the database empty."""
    objects = read_backup(path)
    check_empty()
    with transaction.atomic():
        ensure_roles(apps)
        rows = _load(objects, path)
        public_data.changed()  # raw saves (the deserializer's) skip the models' save()
        _check_references(path)
        _reset_sequences()
        _check_facts(path)
        _check_closed_seasons(path)
        cache_history = _history_high_marks()
        found = rescoring.rescore(fix=True)
        _drop_history_after(cache_history)
        words.refresh()  # the association's words as restored, before the transaction is committed
    return Restored(rows, Hand.objects.count(), Match.objects.count(), found.cup + found.free_games + found.register)


def _reset_sequences() -> None:
    """Rows keep their ids; the database's id counters must continue after them (PostgreSQL)."""
    statements = connection.ops.sequence_reset_sql(no_style(), backed_up_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _history_high_marks() -> dict:
    """The history of the score cache (hands and matches) as loaded. Filling the cache the file
    leaves out is no change of the facts, so its history rows go; a repair of what the file held
    (a Cup tie, a free game's points, the register) is a change, and keeps its history."""
    return {history: history.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
            for history in (Hand.history.model, Match.history.model)}


def _drop_history_after(high_marks: dict) -> None:
    for model, highest in high_marks.items():
        model.objects.filter(pk__gt=highest).delete()
