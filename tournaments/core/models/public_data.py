"""The public data version: one row that moves on whenever something a public page shows changes,
in the same transaction as the change. The page cache (tournaments.site.public_cache) keys public
pages by it, so no page is served after its data changed; once the transaction that moved it
commits, the live pages are told through the channel layer's "public-data" group.

Every model a public page reads is a ``PublicData`` model: its save() and delete(), and its
QuerySet's update(), delete(), bulk_create() and bulk_update(), call ``changed()`` once they have
written. Code that changes public data another way calls ``changed()`` itself (a restore, whose
rows are saved raw, past save()); writes no public page
shows (a match's hands before its confirmation) are wrapped in ``unseen()``. Each move draws a new
random epoch, so a version rolled back with its transaction is never reused for other data.
"""

import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import DEFAULT_DB_ALIAS, connections, models, router
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.channel_groups import tell_group

FACTS = 1  # the row's primary key
GROUP = "public-data"  # the channel layer's group told of each committed change


def new_epoch():
    return uuid.uuid4().hex


class PublicDataVersion(models.Model):
    """The version's row. ``epoch`` is a new random token at every move, so a version rolled back
    with its transaction, or a database emptied and filled again, never reuses a key another set of
    data was cached under."""

    epoch = models.CharField(_("epoch"), max_length=32, default=new_epoch)
    number = models.BigIntegerField(_("version number"), default=0)
    changed_at = models.DateTimeField(_("changed at"))

    class Meta:
        verbose_name = _("public data version")

    def __str__(self):
        return f"{self.epoch}-{self.number}"


@dataclass(frozen=True)
class Version:
    token: str
    number: int
    changed_at: datetime

    @property
    def etag(self) -> str:
        return f"{self.number}.{self.token[:16]}"


def current(using: str | None = None) -> Version | None:
    """The version (one query), or None while the database has none (just emptied). A page read
    after it shows data at least that new; the next change on this connection moves it again, even
    in this transaction (a page read between two writes must not be cached under the second's)."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    connection.public_data_moved = None
    # Every anonymous public request starts here: one fixed statement, not the ORM compiling the same
    # query again (bench/split.py, a cached page's answer: the ORM's read 430 us of its 2,700, this 14).
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {quote('epoch')}, {quote('number')}, {quote('changed_at')} FROM "
                       f"{quote(PublicDataVersion._meta.db_table)} WHERE {quote('id')} = %s", [FACTS])
        row = cursor.fetchone()
    if row is None:
        return None
    epoch, number, changed_at = row
    if isinstance(changed_at, str):  # SQLite answers text (or a naive time), in UTC
        changed_at = datetime.fromisoformat(changed_at)
    if timezone.is_naive(changed_at):
        changed_at = changed_at.replace(tzinfo=UTC)
    return Version(epoch, number, changed_at)


# --- moving it ----------------------------------------------------------------------------------


def changed(using: str | None = None) -> None:
    """Public data changed on this database: move the version on in the current transaction (or at
    once, outside one). Once a transaction is enough, until the version is read again there or the
    savepoint that moved it rolls back."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    if getattr(connection, "public_data_unseen", False) or _moved_here(connection):
        return
    _move(connection.alias)
    if not connection.in_atomic_block:
        announce()
        return
    move = _Move(announces=not _announced_here(connection))
    connection.public_data_moved = move
    connection.on_commit(move)


@contextmanager
def unseen(using: str | None = None):
    """Writes no public page shows move nothing: the door wraps in this what it writes of a match
    whose hands the public does not see yet, and calls ``changed()`` when what the public sees
    changes (the match's state)."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    before = getattr(connection, "public_data_unseen", False)
    connection.public_data_unseen = True
    try:
        yield
    finally:
        connection.public_data_unseen = before


def announce() -> None:
    """Tell the live pages (the channel layer's group) that public data changed: each process's
    sockets then read the version (tournaments.pages.public.live_socket). A channel layer missing or
    failing never undoes a change already committed: it is logged."""
    tell_group(GROUP, "public.changed")


class _Move:
    """A move of the version, kept among its transaction's on-commit callbacks: Django drops it
    with the transaction or savepoint that made it when they roll back, together with the move.
    The first of a transaction announces the change once the transaction commits."""

    def __init__(self, announces: bool):
        self.announces = announces

    def __call__(self):
        if self.announces:
            announce()


def _callbacks(connection):
    return [func for _savepoints, func, _robust in connection.run_on_commit if isinstance(func, _Move)]


def _moved_here(connection) -> bool:
    """Whether the current transaction holds a move made since the version was last read on this
    connection."""
    move = getattr(connection, "public_data_moved", None)
    return move is not None and connection.in_atomic_block and any(f is move for f in _callbacks(connection))


def _announced_here(connection) -> bool:
    return any(move.announces for move in _callbacks(connection))


def _move(using: str) -> None:
    row = PublicDataVersion.objects.using(using).filter(pk=FACTS)
    if _step(row):
        return
    # An emptied database (flush): the row comes, then moves on. If another transaction has just
    # put it there, the insert does nothing and the step moves that row on instead.
    PublicDataVersion.objects.using(using).bulk_create(
        [PublicDataVersion(pk=FACTS, changed_at=timezone.now())], ignore_conflicts=True)
    _step(row)


def _step(row) -> int:
    return row.update(number=F("number") + 1, epoch=new_epoch(), changed_at=timezone.now())


def after_migrate(using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    """A deployment migrates: no page rendered by the previous code is served again."""
    _move(using)


# --- the models public pages read ---------------------------------------------------------------


class PublicDataQuerySet(models.QuerySet):
    """Bulk writes of public data move the version on once they have written a row."""

    def update(self, **kwargs):
        rows = super().update(**kwargs)
        self._changed(rows)
        return rows

    def delete(self):
        deleted, by_model = super().delete()
        self._changed(deleted)
        return deleted, by_model

    def bulk_create(self, objs, *args, **kwargs):
        created = super().bulk_create(objs, *args, **kwargs)
        self._changed(len(created))
        return created

    def bulk_update(self, objs, fields, batch_size=None):
        rows = super().bulk_update(objs, fields, batch_size=batch_size)
        self._changed(rows)
        return rows

    def _changed(self, rows: int) -> None:
        if rows:
            changed(self._db or router.db_for_write(self.model, **self._hints))


class PublicData(models.Model):
    """A model some public page reads: every write of it moves the public data version on.

    The version moves after the write, not before: outside a transaction the change is then
    committed before the version that announces it, so no page can be rendered without it under
    the new version; inside one, the version's row is locked after the transaction's first write,
    as it always was, which the write paths' order of locks is built around."""

    objects = PublicDataQuerySet.as_manager()

    class Meta:
        abstract = True
        # Some of Django's own writes (a reverse relation's add(), for one) take the base manager,
        # which is otherwise a plain one: these take this QuerySet too.
        base_manager_name = "objects"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        changed(self._state.db)

    def delete(self, using=None, keep_parents=False):
        using = using or router.db_for_write(type(self), instance=self)
        deleted = super().delete(using=using, keep_parents=keep_parents)
        if deleted[0]:
            changed(using)
        return deleted
