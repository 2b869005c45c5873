"""Small helpers to check the shape of loaded YAML and collect problems with their lines."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, TypeGuard

from .limits import LIST_ITEMS
from .load import line_in
from .problems import Problem


# An id of a card, effect or request: lowercase letters, digits and `_`, written as an ASP constant.
ID_PATTERN = re.compile(r"[a-z0-9_]+\Z")
# A word of the vocabulary, written as an ASP constant: lowercase first, and never `not`.
WORD = re.compile(r"(?!not\Z)[a-z][a-z0-9_]*\Z")


class Checker:
    """Collects problems for one file. `where` strings read like `state.cards[2].zone`."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(self.file, line, message))

    def line(self, container: Any, key: Any = None) -> int | None:
        if key is None:
            return getattr(container, "line", None)
        return line_in(container, key)

    def mapping(self, value: Any, where: str, line: int | None,
                limit: int | None = None) -> TypeGuard[dict[Any, Any]]:
        if not isinstance(value, dict):
            self.add(line, f"{where} must be a mapping (key: value), not {describe(value)}")
            return False
        if limit is not None and len(value) > limit:
            self.add(line, f"{where} has {len(value)} entries; at most {limit} are read")
            return False
        return True

    def listing(self, value: Any, where: str, line: int | None,
                limit: int = LIST_ITEMS) -> TypeGuard[list[Any]]:
        """A list of at most `limit` items (limits.py): a longer one is refused whole, so no
        check or grounding grows with it."""
        if not isinstance(value, list):
            self.add(line, f"{where} must be a list, not {describe(value)}")
            return False
        if len(value) > limit:
            self.add(line, f"{where} lists {len(value)} items; at most {limit} are read")
            return False
        return True

    def known_keys(self, mapping: dict, allowed: Iterable[str], where: str) -> None:
        allowed = list(allowed)
        for key in mapping:
            if key not in allowed:
                hint = close_match(str(key), allowed)
                suggestion = f" (did you mean {hint!r}?)" if hint else ""
                self.add(line_in(mapping, key), f"unknown key {key!r} in {where}{suggestion}; "
                         f"allowed: {', '.join(allowed)}")

    def required(self, mapping: dict, keys: Iterable[str], where: str) -> bool:
        ok = True
        for key in keys:
            if key not in mapping:
                self.add(getattr(mapping, "line", None), f"{where} is missing the key {key!r}")
                ok = False
        return ok

    def enum(self, mapping: dict, key: str, allowed: Iterable[Any], where: str) -> bool:
        value = mapping.get(key)
        allowed = list(allowed)
        if value in allowed and type(value) is type(allowed[allowed.index(value)]):
            return True
        self.add(line_in(mapping, key), f"{where}.{key} is {value!r}; allowed: "
                 f"{', '.join(str(a) for a in allowed)}")
        return False

    def integer(self, mapping: dict, key: str, where: str, low: int | None = None,
                high: int | None = None) -> bool:
        value = mapping.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(line_in(mapping, key), f"{where}.{key} must be a whole number, not "
                     f"{describe(value)}")
            return False
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {low}" if high is None else (
                f"up to {high}" if low is None else f"from {low} to {high}")
            self.add(line_in(mapping, key), f"{where}.{key} is {value}; it must be {bounds}")
            return False
        return True

    def boolean(self, mapping: dict, key: str, where: str) -> bool:
        if isinstance(mapping.get(key), bool):
            return True
        self.add(line_in(mapping, key), f"{where}.{key} must be true or false, not "
                 f"{describe(mapping.get(key))}")
        return False

    def text(self, mapping: dict, key: str, where: str) -> bool:
        if isinstance(mapping.get(key), str) and mapping.get(key):
            return True
        self.add(line_in(mapping, key), f"{where}.{key} must be a non-empty text, not "
                 f"{describe(mapping.get(key))}")
        return False


def describe(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def close_match(word: str, candidates: Iterable[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.75)
    return found[0] if found else None
