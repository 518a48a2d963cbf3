"""A backup of the association's facts in one file, and its restore into an empty database.

The file holds every fact with its history: the users (with their groups and password hashes),
players, seasons, teams, competitions, Cup entries and ties, Grand Prix entries, matches with
their hands, announcements and silent premiums, free games, the trophy register's entries and
cups (their withdrawals, dated and with reasons, are history), and every history row (who, when,
before, after, why). Derived scores (each hand's and match's) are left out: the restore derives
them again with the rules engine, as `rescore --fix` does, and checks the register against them.

Format: JSON (gzip-compressed when the file name ends in .gz)::

    {"format": "royal-tarokk-backup/1", "written_at": "...", "objects": [Django's serialized rows]}
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.utils import timezone

from . import bridge, register
from .roles import ensure_roles

BACKUP_FORMAT = "royal-tarokk-backup/1"
# The cache of the rules engine's answer on each row (tournaments/models/matches.py): not backed up.
DERIVED_FIELDS = {
    "tournaments.hand": ("score_a", "score_b", "raw_a", "raw_b", "ceiling_a", "ceiling_b", "lines"),
    "tournaments.match": ("score_a", "score_b", "hand_sum_a", "hand_sum_b"),
}


class BackupRefused(Exception):
    """The file is not a backup, or the database is not empty."""


def backed_up_models() -> list:
    """The users, then every model of the site (history models included), parents before children."""
    site = apps.get_app_config("tournaments")
    # The public data version is no fact: the restore's own writes move it on.
    models = [model for model in site.get_models() if model._meta.model_name != "publicdataversion"]
    ordered = serializers.sort_dependencies([(site, models)], allow_cycles=True)
    return [get_user_model()] + ordered


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
    text = json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf-8") as handle:
        handle.write(text)
    return len(objects)


def read_backup(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, ValueError) as error:
        raise BackupRefused(f"{path} is not a readable backup: {error}") from None
    if not isinstance(document, dict) or document.get("format") != BACKUP_FORMAT:
        raise BackupRefused(f"{path} is not a backup of this site ({BACKUP_FORMAT}).")
    return document["objects"]


def check_empty() -> None:
    """A restore goes into an empty database only: it never mixes with facts already there."""
    models = sorted(backed_up_models(), key=lambda model: model.__name__.startswith("Historical"))
    for model in models:  # the facts first: their history only if the facts themselves are gone
        if model._base_manager.exists():
            raise BackupRefused(f"The database already holds {model._meta.verbose_name_plural}; restore into an "
                                f"empty database (created with `manage.py migrate`).")


def restore_backup(path: Path) -> dict[str, int]:
    """Load a backup into the empty database, then derive every score again and check the register.
    One transaction: a failure leaves the database empty. Returns what was done, in numbers."""
    objects = read_backup(path)
    check_empty()
    with transaction.atomic():
        ensure_roles(apps)
        rows, waiting = 0, []
        with connection.constraint_checks_disabled():
            # Saved one by one as read: a row names its users by user name, found once saved.
            for row in serializers.deserialize("python", objects, handle_forward_references=True):
                row.save()
                rows += 1
                if row.deferred_fields:
                    waiting.append(row)
            for row in waiting:
                row.save_deferred_fields()
        connection.check_constraints()
        _reset_sequences()
        history_before = _history_high_marks()
        scores = bridge.rescore(fix=True)
        _drop_history_after(history_before)  # deriving the cache again is not a change of the facts
        register_differences = register.rederive(fix=True)
    return {"rows": rows, "scores_derived": len(scores), "register_differences": len(register_differences)}


def _reset_sequences() -> None:
    """Rows keep their ids; the database's id counters must continue after them (PostgreSQL)."""
    statements = connection.ops.sequence_reset_sql(no_style(), backed_up_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _history_models() -> list:
    return [model for model in apps.get_app_config("tournaments").get_models()
            if model.__name__.startswith("Historical")]


def _history_high_marks() -> dict:
    return {model: model.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
            for model in _history_models()}


def _drop_history_after(high_marks: dict) -> None:
    for model, highest in high_marks.items():
        model.objects.filter(pk__gt=highest).delete()
