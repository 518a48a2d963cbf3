"""How the variant scorers refuse a record: every problem at once, each naming field and ruling."""

from __future__ import annotations

from ..problems import InvalidRecord, Problem, Problems


class VariantRecordError(InvalidRecord):
    """A free-game variant record (R18) that does not hold together.

    ``problems`` lists every problem found, each a :class:`~scoring.problems.Problem` with
    ``field``, ``ruling`` and ``message``; ``str()`` gives one ``field: ruling: message`` line per
    problem. It is a ``ValueError`` (through ``InvalidRecord``), so the command line and the web
    layer can report it like a refused Royal Tarokk record.
    """


def raise_if_any(problems: Problems) -> None:
    if problems:
        raise VariantRecordError(problems.found)


__all__ = ["Problem", "Problems", "VariantRecordError", "raise_if_any"]
