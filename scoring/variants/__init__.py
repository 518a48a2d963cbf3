"""Scorers for the free-game variants (R18), pure Python like the rest of ``scoring``.

- :func:`score_emperor`: one Emperor Tarokk hand (seed 000), record ``"emperor/1"``.
- :func:`score_three_handed`: one hand of the three-handed game (seed 001), record
  ``"three-handed/1"``.

Both raise :class:`VariantRecordError` listing every problem of a refused record. The record
shapes and the decisions taken where the seeds leave room are in each module's docstring.
"""

from __future__ import annotations

from .emperor import EMPEROR_FORMAT, parse_emperor, score_emperor
from .errors import VariantRecordError
from .three_handed import THREE_HANDED_FORMAT, parse_three_handed, score_three_handed

__all__ = [
    "EMPEROR_FORMAT", "THREE_HANDED_FORMAT", "VariantRecordError", "parse_emperor",
    "parse_three_handed", "score_emperor", "score_three_handed",
]
