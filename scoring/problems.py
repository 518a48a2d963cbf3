"""How the engine reports a record it refuses: every problem, each naming its field and ruling."""

from __future__ import annotations

from dataclasses import dataclass

# Problems that break FORMAT.md's shape rather than a rule of the game cite this instead of an R id.
FORMAT = "FORMAT"


@dataclass(frozen=True)
class Problem:
    field: str
    ruling: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.ruling}: {self.message}"

    def within(self, prefix: str) -> Problem:
        """The same problem seen from an enclosing record (``hands[3].`` + field)."""
        return Problem(f"{prefix}{self.field}", self.ruling, self.message)


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
