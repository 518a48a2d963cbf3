"""The public data version: one row (models.PublicDataVersion) that every write to the
association's data moves on *in the same transaction*: a database hook sees each INSERT, UPDATE or
DELETE on one of the app's tables (a confirmed match, a correction, a draw, a register setting, a
team's name, the admin, bulk paths, anything) and bumps the version with it. No write path has to
remember to do it, and none can forget.

Each bump draws a new random token, so a version rolled back with its transaction is never reused
for other data. The public pages' cache is keyed by it (tournaments.public_cache).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

VERSION_TABLE = "tournaments_publicdataversion"
# Tables no public page reads: what a juror has typed but not stored (a hand draft is written at
# every pause in typing, and must not empty the public cache on a match day).
PRIVATE_TABLES = {VERSION_TABLE, "tournaments_handdraft"}
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?(tournaments_\w+)', re.IGNORECASE)


def changes_public_data(sql: str) -> bool:
    match = WRITE.match(sql)
    if match is None:
        return False
    table = match.group(1).lower()
    return table not in PRIVATE_TABLES and not table.startswith("tournaments_historical")


def _noted_bump(connection):
    """A marker kept with the transaction's on-commit callbacks: Django drops it when the
    transaction (or the savepoint it was made in) rolls back, together with the bump itself."""

    def bumped():
        pass

    bumped.savepoints = set(connection.savepoint_ids)
    connection.public_data_bump = bumped
    return bumped


def _already_bumped(connection) -> bool:
    """Whether this transaction, at this savepoint, has bumped since the version was last read on
    this connection (a transaction that reads public pages between its writes, as a test does,
    needs a bump after each)."""
    marker = getattr(connection, "public_data_bump", None)
    if marker is None or not connection.in_atomic_block:
        return False
    return marker.savepoints == set(connection.savepoint_ids) and any(
        func is marker for _, func, _ in connection.run_on_commit)


def bump(connection=None) -> None:
    """Move the public data version on, in the connection's current transaction."""
    connection = connection or connections[DEFAULT_DB_ALIAS]
    if _already_bumped(connection):
        return
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    token = uuid.uuid4().hex
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {VERSION_TABLE} SET number = number + 1, epoch = %s, changed_at = %s WHERE id = 1",
                       [token, now])
        if cursor.rowcount == 0:  # an emptied database (flush): the row comes back
            cursor.execute(f"INSERT INTO {VERSION_TABLE} (id, epoch, number, changed_at) VALUES (1, %s, 1, %s) "
                           "ON CONFLICT (id) DO NOTHING", [token, now])
    if connection.in_atomic_block:
        connection.on_commit(_noted_bump(connection))


def bump_after_writes(execute, sql, params, many, context):
    """Database hook (installed on every connection): a write to the app's data bumps the version."""
    result = execute(sql, params, many, context)
    if changes_public_data(sql):
        bump(context["connection"])
    return result


def install(connection, **kwargs) -> None:
    """On every new database connection (``connection_created``); first in the list, so that
    ``connection.execute_wrapper()`` blocks still remove their own hook on exit."""
    if bump_after_writes not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, bump_after_writes)


def after_migrate(using=DEFAULT_DB_ALIAS, **kwargs) -> None:
    bump(connections[using])


@dataclass(frozen=True)
class Version:
    token: str
    number: int
    changed_at: datetime

    @property
    def etag(self) -> str:
        return f"{self.number}.{self.token[:16]}"


def current_version() -> Version | None:
    """The public data version (one query); None while the database has none (just emptied)."""
    from tournaments.models import PublicDataVersion

    connections[DEFAULT_DB_ALIAS].public_data_bump = None  # the next write here bumps again
    row = PublicDataVersion.objects.filter(pk=1).values_list("epoch", "number", "changed_at").first()
    return Version(*row) if row else None
