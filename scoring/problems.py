"""How the engine reports a record it refuses: every problem, each naming its field and ruling."""

from __future__ import annotations

import json
from dataclasses import dataclass

# Problems that break FORMAT.md's shape rather than a rule of the game cite this instead of an R id.
FORMAT = "FORMAT"
SHOWN_LENGTH = 60  # a value quoted in a problem is cut to this many characters


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
    field: str
    ruling: str
    message: str

    def __str__(self) -> str:
        return one_line(f"{cut(self.field)}: {self.ruling}: {self.message}")

    def within(self, prefix: str) -> Problem:
        """The same problem seen from an enclosing record (``hands[3].`` + field)."""
        return Problem(f"{prefix}{self.field}", self.ruling, self.message)


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
    raise InvalidRecord([Problem("record", FORMAT, f"not valid JSON: {reason}")])


class InvalidRecord(ValueError):
    """A hand or match record that breaks FORMAT.md or the rulings; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


class Problems:
    """Collects problems while a record is checked, so that all of them are reported at once."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, field: str, ruling: str, message: str) -> None:
        self.found.append(Problem(field, ruling, message))

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_if_any(self) -> None:
        if self.found:
            raise InvalidRecord(self.found)
