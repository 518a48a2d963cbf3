"""The public data versions: rows that move on whenever a fact or a public setting changes, in the
same transaction as the change, so a cached public page (tournaments.site.public_cache) is keyed by
the versions of the data it shows and is never served after that data changed.

Two rows. ``FACTS`` moves with every change a public page can show but one: a match not confirmed
moving from one state to another (started, submitted, sent back, withdrawn), which moves ``PLAY``
alone. Only the pages that show play in progress (the big screen, today's matches, a match's page,
the fixtures...) are keyed by both; the standings and the register, which show confirmed matches
only, keep their copies (and their viewers' 304s) while the day's matches are being played, and
are rendered again when one is confirmed.

A confirmed match changes the results of its competition and nothing else: the door moves that
competition's RESULTS row instead of FACTS (``results_changes``). The Championship's, the Cup's and
the Grand Prix's own pages are keyed by FACTS and their competition's row, so the confirmations of
a Championship match day leave the Cup bracket's copies (and its viewers' 304s) standing; every
other page is keyed by all the rows.

What moves it is written where facts are kept: every model a public page reads is a ``PublicData``
model, whose save() and delete(), and whose QuerySet's update(), delete(), bulk_create() and
bulk_update(), call ``changed()`` once they have written. Code that changes public data any other
way calls ``changed()`` itself. A model no public page reads (a juror's typing, this row, history
rows) stays a plain model and moves nothing.
"""

import hashlib
import uuid
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections, models, router
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_epoch():
    return uuid.uuid4().hex


# The rows' primary keys.
FACTS, PLAY = 1, 2
# A competition's confirmed results, by its kind (Competition.Kind's values; this module is imported
# by the models that define them). Free games have no matches, and no row of their own.
RESULTS = {"championship": 3, "cup": 4, "grand_prix": 5}
ROWS = (FACTS, PLAY, *RESULTS.values())
# What a page of one competition's confirmed results shows (its table, bracket, PDF...): the facts
# and that competition's results; the register shows every competition's.
COMPETITION_PAGE = {kind: (FACTS, row) for kind, row in RESULTS.items()}
ALL_RESULTS = (FACTS, *RESULTS.values())


class PublicDataVersion(models.Model):
    """A version's row (FACTS or PLAY). ``epoch`` is a new random token at every move, so a version rolled
    back with its transaction, or a database emptied and filled again, never reuses a key another
    set of data was cached under."""

    epoch = models.CharField(_("epoch"), max_length=32, default=new_epoch)
    number = models.BigIntegerField(_("version number"), default=0)
    changed_at = models.DateTimeField(_("changed at"))

    class Meta:
        verbose_name = _("public data version")

    def __str__(self):
        return f"{self.epoch}-{self.number}"

    @property
    def key(self):
        return f"{self.epoch}-{self.number}"


# --- moving it ----------------------------------------------------------------------------------


def changed(using: str | None = None, *, play: bool = False) -> None:
    """Public data changed on this database: move the version on in the current transaction (or at
    once, outside one); the PLAY version when only play in progress changed (``play``), else FACTS.
    Once a transaction is enough, until the version is read again there or the savepoint that moved
    it rolls back."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    if getattr(connection, "public_data_unseen", False):
        return
    rows = (PLAY,) if play else (getattr(connection, "public_data_results", None) or (FACTS,))
    for row in rows:
        if _moved_here(connection, row):
            continue
        _move(connection.alias, row)
        if connection.in_atomic_block:
            marker = _marker()
            _markers(connection)[row] = marker
            connection.on_commit(marker)


@contextmanager
def unseen(using: str | None = None):
    """Writes no public page can show move nothing: the door wraps in this what it writes of a match
    whose hands the public does not see yet (being entered, not confirmed), and moves the PLAY
    version itself when what the public sees changes (the match's state)."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    before = getattr(connection, "public_data_unseen", False)
    connection.public_data_unseen = True
    try:
        yield
    finally:
        connection.public_data_unseen = before


@contextmanager
def play_changes(using: str | None = None):
    """Writes of a match not confirmed whose state changes (submitted, sent back, withdrawn, a hand
    cleared): what the pages of play in progress show, not the standings. They move the PLAY
    version alone, once the block has written them."""
    with unseen(using):
        yield
    changed(using, play=True)


@contextmanager
def results_changes(kinds, using: str | None = None):
    """Writes that change the confirmed results of the competitions of ``kinds`` (Competition.Kind
    values) and nothing any other page of competitions shows: a match confirmed, or sent back after
    its confirmation, with what follows it (the register, a Cup tie's progress). They move those
    competitions' RESULTS rows instead of FACTS; a kind without a row of its own moves FACTS."""
    connection = connections[using or DEFAULT_DB_ALIAS]
    before = getattr(connection, "public_data_results", None)
    rows = {RESULTS[kind] if kind in RESULTS else FACTS for kind in kinds}
    connection.public_data_results = tuple(sorted(rows))
    try:
        yield
    finally:
        connection.public_data_results = before


def _move(using: str, pk: int) -> None:
    row = PublicDataVersion.objects.using(using).filter(pk=pk)
    if _step(row):
        return
    # An emptied database (flush), or the first move of PLAY: the row comes, then moves on. If
    # another transaction has just put it there, the insert does nothing and the step moves that
    # row on instead.
    PublicDataVersion.objects.using(using).bulk_create(
        [PublicDataVersion(pk=pk, changed_at=timezone.now())], ignore_conflicts=True)
    _step(row)


def _step(row) -> int:
    return row.update(number=F("number") + 1, epoch=new_epoch(), changed_at=timezone.now())


def _marker():
    """Kept with the transaction's on-commit callbacks, which Django drops with the transaction or
    the savepoint it was made in when they roll back, together with the move itself."""

    def moved():
        _announce()

    return moved


def _announce() -> None:
    """Tell the live pages' sockets (tournaments.pages.public.live_socket) that public data changed."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    async_to_sync(get_channel_layer().group_send)("public-data", {"type": "public.changed"})


def _markers(connection) -> dict:
    markers = getattr(connection, "public_data_moved", None)
    if markers is None:
        markers = connection.public_data_moved = {}
    return markers


def _moved_here(connection, row: int) -> bool:
    """Whether the current transaction holds a move of ``row`` made since the versions were last
    read on this connection (its marker is still among the transaction's callbacks)."""
    marker = _markers(connection).get(row)
    if marker is None or not connection.in_atomic_block:
        return False
    return any(func is marker for _, func, _ in connection.run_on_commit)


@dataclass(frozen=True)
class Versions:
    """Each row's (epoch, number, changed_at) by its key; FACTS is always there, another row once
    it first moved."""

    rows: dict

    @property
    def facts(self) -> tuple:
        return self.rows[FACTS]


def read(using: str = DEFAULT_DB_ALIAS) -> Versions | None:
    """The versions, or None while the database has none (just emptied). A page read after them
    shows data at least that new; the next change on this connection moves a version again, even
    in this transaction (a test reads pages between its writes, and what it read must not be
    cached under the version its next write makes)."""
    connection = connections[using]
    connection.public_data_moved = None
    # Every anonymous public request starts here (most end with a 304 or a cached copy): one fixed
    # statement, without the ORM compiling the same query each time (half of a 304's CPU time).
    with connection.cursor() as cursor:
        cursor.execute(_read_sql(connection))
        rows = cursor.fetchall()
    convert = getattr(connection.ops, "convert_datetimefield_value", None)  # SQLite answers text
    return versions_of(rows, (lambda value: convert(value, None, connection)) if convert else None)


@dataclass(frozen=True)
class Version:
    """The version of all public data: a token new at every move, a number that grows, its time."""

    token: str
    number: int
    changed_at: object

    @property
    def etag(self) -> str:
        return f"{self.number}.{self.token[:16]}"


def current(using: str = DEFAULT_DB_ALIAS) -> Version | None:
    """The current version of every row together, or None while the database has none."""
    versions = read(using)
    return Version(*combined(versions, ROWS)) if versions else None


def combined(versions: Versions, keys) -> tuple:
    """The version of data shown from the rows ``keys`` (those there yet), as one row's (token,
    number, changed_at): the token all their epochs' (one row's own), the number their sum (it
    grows with any of them), the time the latest."""
    rows = [versions.rows[key] for key in keys if key in versions.rows]
    if len(rows) == 1:
        return rows[0]
    token = hashlib.sha256(".".join(epoch for epoch, _number, _at in rows).encode()).hexdigest()[:32]
    return token, sum(number for _epoch, number, _at in rows), max(at for _epoch, _number, at in rows)


def versions_of(rows, convert_time=None) -> Versions | None:
    """The versions from ``_read_sql``'s rows (``convert_time``: the database's text to a time)."""
    found = {}
    for pk, epoch, number, changed_at in rows:
        found[pk] = (epoch, number, convert_time(changed_at) if convert_time else changed_at)
    if FACTS not in found:
        return None
    return Versions(found)


def _read_sql(connection) -> str:
    quote = connection.ops.quote_name
    table = PublicDataVersion._meta.db_table
    columns = ", ".join(quote(column) for column in ("id", "epoch", "number", "changed_at"))
    return f"SELECT {columns} FROM {quote(table)} WHERE {quote('id')} IN ({', '.join(map(str, ROWS))})"


def after_migrate(using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    """A deployment migrates: no page rendered by the previous code is served again. Every row is
    there from then on (a first move of one on match day would otherwise be three statements)."""
    for row in ROWS:
        _move(using, row)


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

    def _save_table(self, raw=False, cls=None, force_insert=False, force_update=False, using=None,
                    update_fields=None):
        """A raw save (a restore, loaddata: ``Model.save_base(raw=True)``) skips save() and writes
        public facts all the same: it moves the version here, the one step every save passes."""
        updated = super()._save_table(raw, cls, force_insert, force_update, using, update_fields)
        if raw:
            changed(using)
        return updated
