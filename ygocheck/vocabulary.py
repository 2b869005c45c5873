"""The values the snapshot vocabulary admits, read from the rules (asp/vocabulary.lp).

The rules keep the one list of zones, phases, event names and the rest; the shape checker
reads it from there instead of keeping a copy, so the two can never disagree.
"""

from __future__ import annotations

from functools import lru_cache

from .resources import asp_folder

PLAYERS = ("A", "B")
PLAYER_CONSTANTS = {"A": "a", "B": "b"}
PLAYER_NAMES = {"a": "A", "b": "B"}


@lru_cache(maxsize=1)
def _domains() -> dict[str, tuple[object, ...]]:
    import clingo

    control = clingo.Control(["--warn=none"])
    control.load(str(asp_folder() / "vocabulary.lp"))
    control.ground([("base", [])])
    found: dict[str, list[object]] = {}
    for atom in control.symbolic_atoms.by_signature("value", 2):
        domain, value = atom.symbol.arguments
        found.setdefault(str(domain), []).append(
            value.number if value.type == clingo.SymbolType.Number else str(value))
    return {domain: tuple(sorted(values, key=lambda v: (isinstance(v, str), v)))
            for domain, values in found.items()}


def values(domain: str) -> tuple[object, ...]:
    """The values of one domain, e.g. values("zone"); slots: values("slot(monster)")."""
    return _domains().get(domain, ())


def words(domain: str) -> tuple[str, ...]:
    """The values of a domain of words (zones, phases, event names ...), in a stable order."""
    return tuple(str(v) for v in values(domain))
