"""How the engine reports a record it refuses: every problem, each naming its field and ruling.

A :class:`Problem` reads two ways. People read ``str(problem)``, one English line (``field: ruling:
message``, as the command line prints it). Programs read its ``code``, a stable name for the kind of
problem (``trumps_out_of_range``), and its ``params``, the values the message names, as JSON values:
numbers as numbers, teams ``"A"``/``"B"``, seats ``"A.driver"``, cards, feasts and silent premiums by
their FORMAT.md texts and ids, a value the record held as ``given`` (quoted as the message quotes it).
So a page can say the same thing in its own words and language without reading the English. A
problem of a hand inside a match record also carries the hand's number (``hand``, counted from 1).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

# Problems that break FORMAT.md's shape rather than a rule of the game cite this instead of an R id.
FORMAT = "FORMAT"
SHOWN_LENGTH = 60  # a value quoted in a problem is cut to this many characters
HANDS_PREFIX = "hands["


def shown(value: object) -> str:
    """A record's value as a problem quotes it: its repr, cut short. A record may hold anything JSON
    can (a list nested a thousand deep, a number of thousands of digits), and a problem must still be
    one readable line; Python refuses to print integers of over 4,300 digits."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<a {type(value).__name__} too large to show>"
    return cut(text)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a record: where (``field``, a FORMAT.md path), the ruling it breaks (or
    FORMAT), the English sentence, and the same as data (``code``, ``params``, ``hand``)."""

    field: str
    ruling: str
    message: str
    code: str = ""
    params: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False)
    hand: int | None = None  # the hand's number in its match (1-8), for a problem of a match record

    def __str__(self) -> str:
        return one_line(f"{cut(self.field)}: {self.ruling}: {self.message}")

    def in_hand(self, index: int) -> Problem:
        """The problem of a hand record seen from its match record: ``hands[index].`` + field."""
        return dataclasses.replace(self, field=f"{HANDS_PREFIX}{index}].{self.field}", hand=index + 1)

    def in_its_hand(self) -> Problem:
        """A match record's problem seen from its hand record (the inverse of :meth:`in_hand`)."""
        if self.hand is None:
            return self
        return dataclasses.replace(self, field=self.field.partition("].")[2], hand=None)


def cut(text: str) -> str:
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH - 3] + "..."


def one_line(text: str) -> str:
    """The text with line breaks and other unprintable characters escaped: a problem is one line,
    even when a record's key holds a newline."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii") for char in text)


def read_json(text: str) -> object:
    """A record's JSON text read, or InvalidRecord saying in plain words why it cannot be."""
    try:
        return json.loads(text)
    except RecursionError:
        reason = "it is nested too deeply"
    except json.JSONDecodeError as error:
        reason = f"{error.msg} (line {error.lineno}, column {error.colno})"
    except ValueError:  # Python reads integers of at most 4,300 digits
        reason = "it holds a number too long to read"
    raise InvalidRecord([Problem("record", FORMAT, f"not valid JSON: {reason}", "not_json", {"reason": reason})])


class InvalidRecord(ValueError):
    """A hand or match record that breaks FORMAT.md or the rulings; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


class Problems:
    """Collects problems while a record is checked, so that all of them are reported at once."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, field: str, ruling: str, message: str, code: str, *, hand: int | None = None,
            **params: Any) -> None:
        self.found.append(Problem(field, ruling, message, code, params, hand))

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_if_any(self) -> None:
        if self.found:
            raise InvalidRecord(self.found)
