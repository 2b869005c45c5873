"""The values the snapshot vocabulary admits, read from the rules (asp/vocabulary.lp).

The rules keep the one list of zones, phases, event names and the rest; the shape checker
reads it from there instead of keeping a copy, so the two can never disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .resources import asp_folder

PLAYERS = ("A", "B")
PLAYER_CONSTANTS = {"A": "a", "B": "b"}
PLAYER_NAMES = {"a": "A", "b": "B"}


@lru_cache(maxsize=1)
def _domains() -> dict[str, tuple[object, ...]]:
    import clingo

    from .control import new

    control = new().control
    control.load(str(asp_folder() / "vocabulary.lp"))
    control.ground([("base", []), ("first", [])])   # vocabulary.lp is in the part `first`
    found: dict[str, list[object]] = {}
    for atom in control.symbolic_atoms.by_signature("value", 2):
        domain, value = atom.symbol.arguments
        found.setdefault(str(domain), []).append(
            value.number if value.type == clingo.SymbolType.Number else str(value))
    order = _listed_order((asp_folder() / "vocabulary.lp").read_text(encoding="utf-8"))

    def position(domain: str, item: object) -> tuple[int, int, str]:
        listed = order.get(domain, [])
        if str(item) in listed:
            return (0, listed.index(str(item)), "")
        for other in order.get("zone", []):   # values a rule adds (the zones, for event_from)
            if other == str(item):
                return (1, order["zone"].index(other), "")
        return (2, 0, str(item))

    return {domain: tuple(sorted(values, key=lambda v: position(domain, v)))
            for domain, values in found.items()}


def _listed_order(text: str) -> dict[str, list[str]]:
    """The order in which the facts of vocabulary.lp list each domain's values."""
    text = re.sub(r"%.*", "", text)
    order: dict[str, list[str]] = {}
    for domain, body in re.findall(r"value\(([a-z_]+(?:\([a-z_]+\))?),\s*(.*?)\)\.(?:\s|$)",
                                   text, re.DOTALL):
        items: list[str] = []
        for part in body.strip().strip("()").split(";"):
            part = part.strip()
            if ".." in part:
                low, high = part.split("..")
                items.extend(str(n) for n in range(int(low), int(high) + 1))
            elif part and ":-" not in part:
                items.append(part)
        order.setdefault(domain, []).extend(items)
    return order


@dataclass(frozen=True)
class Location:
    """Where a raw fact of a snapshot stands (asp/vocabulary.lp, fact_location/4 and
    location_shown/2): the location's name, how many of the fact's arguments it takes, the
    fact's key (None: the next argument is the key), and how a person is shown it."""

    name: str
    width: int
    key: str | None
    shown: str


@lru_cache(maxsize=1)
def locations() -> dict[str, Location]:
    """The location of each raw fact, by the fact's predicate name."""
    import clingo

    control = clingo.Control(["--warn=none"])
    control.load(str(asp_folder() / "vocabulary.lp"))
    control.ground([("base", []), ("first", [])])   # vocabulary.lp is in the part `first`
    shown = {str(atom.symbol.arguments[0]): atom.symbol.arguments[1].string
             for atom in control.symbolic_atoms.by_signature("location_shown", 2)}
    found: dict[str, Location] = {}
    for atom in control.symbolic_atoms.by_signature("fact_location", 4):
        fact, name, width, key = atom.symbol.arguments
        found[str(fact)] = Location(str(name), width.number,
                                    None if str(key) == "argument" else str(key),
                                    shown[str(name)])
    return found


def location_text(place: tuple[object, ...]) -> str:
    """A location of the rules' objections, e.g. ("card", "a_x"), as a person reads it."""
    for location in locations().values():
        if location.name == place[0]:
            return location.shown.format(*place)
    return "state"


def values(domain: str) -> tuple[object, ...]:
    """The values of one domain, e.g. values("zone"); slots: values("slot(monster)")."""
    return _domains().get(domain, ())


def words(domain: str) -> tuple[str, ...]:
    """The values of a domain of words (zones, phases, event names ...), in a stable order."""
    return tuple(str(v) for v in values(domain))
