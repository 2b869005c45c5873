"""Problems with the input, as values: what is wrong, where, and what would be right."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file."""

    file: str
    line: int | None
    message: str

    def render(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"

    def as_json(self) -> dict[str, object]:
        return {"message": self.message, "line": self.line, "file": self.file}


class BadInput(Exception):
    """Raised at the boundary when an input cannot be used; carries the problems found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.render() for p in problems))
        self.problems = problems


class EncodingBug(Exception):
    """The rules produced no answer (unsatisfiable) or an answer they should not: a bug in
    ygocheck, never a ruling."""
