"""Every card ygocheck knows, and which definition a name stands for.

A name is looked up in this order: the cards a snapshot declares under `cards:`, the built-in
library (cards whose effects are modelled), then the official card list (every OCG/TCG card,
known by its stats). A card of the official list that the library models, recognised by its
passcode, takes the library's definition: the library overrides the list. The official list
is read only when a name is in neither of the first two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import CardDefinition, library


@dataclass(frozen=True)
class Found:
    """A card found by a lookup: the name it has in the library or the list, its definition,
    whether the library models its effects, and the list's record of it (None if the list
    does not have it)."""

    name: str
    definition: CardDefinition
    modelled: bool
    official: Any = None
    how: str = "name"          # name, passcode, ja/ko name, partial name

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "modelled": self.modelled,
                "official": self.official.as_json() if self.official is not None else None}


@lru_cache(maxsize=1)
def library_by_passcode() -> dict[int, str]:
    """Passcode -> library name."""
    return {card["passcode"]: name for name, card in library().items() if "passcode" in card}


def _library_card(official: Any) -> str | None:
    """The library card that is this card of the official list (by passcode, else by name)."""
    codes = library_by_passcode()
    for code in official.passcodes:
        if code in codes:
            return codes[code]
    return official.en if official.en in library() else None


def from_official(card: Any, how: str = "name") -> Found:
    """A card of the official list as ygocheck knows it: the library's definition if the
    library models it, else the list's (stats only, with `unmodelled`)."""
    name = _library_card(card)
    if name is not None:
        return Found(name, library()[name], True, card, how)
    return Found(card.en, card.definition(), False, card, how)


def by_passcode(passcode: int) -> Found | None:
    from .official import official

    card = official().by_passcode(passcode)
    if card is not None:
        return from_official(card, "passcode")
    name = library_by_passcode().get(passcode)
    return Found(name, library()[name], True, None, "passcode") if name else None


def by_name(name: str) -> Found | None:
    """The card of this exact English name (library first, then the official list)."""
    cards = library()
    if name in cards:
        return Found(name, cards[name], True, _official_of(name, cards[name]))
    from .official import official

    card = official().get(name)
    return from_official(card) if card is not None else None


def _official_of(name: str, definition: CardDefinition) -> Any:
    from .official import official

    listed = official()
    if "passcode" in definition:
        card = listed.by_passcode(definition["passcode"])
        if card is not None:
            return card
    return listed.get(name)


def definitions_for(names: Iterable[str], declared: dict[str, CardDefinition]) \
        -> dict[str, CardDefinition]:
    """The definition of each name that has one: declared, library, then the official list
    (read only if a name is in neither). A name with none is left out: the rules refuse it,
    at its line."""
    cards = library()
    found: dict[str, CardDefinition] = {}
    missing = []
    for name in names:
        if name in declared:
            found[name] = declared[name]
        elif name in cards:
            found[name] = cards[name]
        else:
            missing.append(name)
    if missing:
        from .official import official

        listed = official()
        for name in missing:
            card = listed.get(name)
            if card is not None:
                found[name] = from_official(card).definition
    return found


def suggestions(name: str, count: int = 3) -> list[str]:
    """The names nearest to `name`, library names first."""
    import difflib

    from .official import official

    names = list(dict.fromkeys(list(library()) + official().names()))
    return difflib.get_close_matches(name, names, n=count, cutoff=0.75)


def nearest(name: str) -> str:
    """'; did you mean A, B or C?' for an unknown name, or ''."""
    found = suggestions(name)
    if not found:
        return ""
    shown = [repr(n) for n in found]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"; did you mean {listed}?"
