"""Every card ygocheck knows, and which definition a name stands for.

A name is looked up in this order: the cards a snapshot declares under `cards:`, the built-in
library (cards whose effects are modelled), then the official card list (every OCG/TCG card,
known by its stats). A card of the official list that the library models, recognised by its
passcode, takes the library's definition: the library overrides the list. The official list
is read only when a name is in neither of the first two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    how: str = "name"          # name, passcode, part of its name


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


EXTRA_DECK = ("fusion", "synchro", "xyz", "link")


def with_materials(name: str, definition: CardDefinition) -> CardDefinition:
    """A library Extra Deck monster that states no `materials` takes the official list's
    reading of its material line (docs/official.md, "Material lines"); what the library
    states always wins. Reads only materials.tsv, and only for such a monster."""
    if definition.get("kind") not in EXTRA_DECK or "materials" in definition:
        return definition
    from .official import summon_for

    summon = summon_for(name)
    materials = summon.materials() if summon is not None else None
    return definition if materials is None else {**definition, "materials": materials}


def from_official(card: Any, how: str = "name") -> Found:
    """A card of the official list as ygocheck knows it: the library's definition if the
    library models it, else the list's (stats only, with `unmodelled`)."""
    name = _library_card(card)
    if name is not None:
        return Found(name, with_materials(card.en, library()[name]), True, card, how)
    return Found(card.en, card.definition(), False, card, how)


def by_passcode(passcode: int) -> Found | None:
    """The card printed with this passcode (the official list, the library's own passcodes
    for a card the list lacks)."""
    from .official import official

    card = official().by_passcode(passcode)
    if card is not None:
        return from_official(card, "passcode")
    name = library_by_passcode().get(passcode)
    return Found(name, with_materials(name, library()[name]), True, None, "passcode") \
        if name else None


def by_name(name: str) -> Found | None:
    """The card of this exact English name (library first, then the official list)."""
    cards = library()
    if name in cards:
        return Found(name, with_materials(name, cards[name]), True,
                     _official_of(name, cards[name]))
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
            found[name] = with_materials(name, cards[name])
        else:
            missing.append(name)
    if missing:
        from .official import official

        listed = official()
        for name in missing:
            card = listed.get(name)
            if card is not None:
                found[name] = from_official(card).definition
    # The Tokens a card's effect makes (`summon_tokens`, docs/cards.md) come to the field as new
    # cards: their library definitions go with the card's.
    for token in sorted(made_tokens(found.values()) - set(found)):
        if token in cards:
            found[token] = cards[token]
    return found


def made_tokens(definitions: Iterable[CardDefinition]) -> set[str]:
    """The names of the Tokens the effects of these definitions make."""
    names: set[str] = set()
    for definition in definitions:
        for effect in definition.get("effects") or []:
            for operation in (effect.get("does") or []) if isinstance(effect, dict) else []:
                if isinstance(operation, dict) and isinstance(operation.get("token"), str):
                    names.add(operation["token"])
    return names


# Answers already found, for what they were found from (a comparison with every name or
# passcode of the official list costs some 0.05-0.4 s; a person, a fuzzer or a test suite
# writes the same wrong name or passcode many times in one process).
_KEPT: dict[str, tuple[Any, dict[Any, Any]]] = {}
_KEPT_AT_MOST = 4096


def _kept(kind: str, among: Any, key: Any, compute: Callable[[], Any]) -> Any:
    """compute(), found once for `key` while `among` (what it is computed from) is the
    same."""
    basis, answers = _KEPT.get(kind, (None, {}))
    if basis != among or len(answers) >= _KEPT_AT_MOST:
        basis, answers = among, {}
        _KEPT[kind] = (basis, answers)
    if key not in answers:
        answers[key] = compute()
    return answers[key]


def suggestions(name: str, count: int = 3) -> list[str]:
    """The names nearest to `name`, library names first."""
    import difflib

    from .official import official

    names = list(dict.fromkeys(list(library()) + official().names()))
    return list(_kept("names", names, (name, count), lambda: difflib.get_close_matches(
        name, names, n=count, cutoff=0.75)))


def nearest(name: str) -> str:
    """'; did you mean A, B or C?' for an unknown name, or ''; for a passcode written as a
    text, whose it is or the nearest ones."""
    if name.strip().isdigit() and len(name.strip()) <= 8:
        return f"; a card is named by its name, not its passcode: {passcode_hint(int(name))}"
    found = suggestions(name)
    if not found:
        return ""
    shown = [repr(n) for n in found]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"; did you mean {listed}?"


def passcode_hint(code: int) -> str:
    """What a person who wrote the number `code` for a card should know: whose passcode it
    is, or that no card has it and the nearest passcodes (a digit mistyped or two swapped)."""
    found = by_passcode(code) if 0 < code < 10**8 else None
    if found is not None:
        return f"{code} is the passcode of {found.name!r}"
    from .official import official

    names = dict(official().passcode_names())
    names.update(library_by_passcode())
    near = _kept("passcodes", names, code, lambda: sorted(
        (distance, other) for other in names if (distance := _digit_distance(code, other)) <= 2))
    shown = [f"{other} ({names[other]!r})" for _, other in near[:3]]
    return f"no OCG/TCG card ygocheck knows has the passcode {code}" + \
        (f"; the nearest: {', '.join(shown)}" if shown else "")


def _digit_distance(a: int, b: int) -> int:
    """Digits that differ between two 8-digit passcodes; two neighbours swapped count 1."""
    x, y = f"{a:08d}", f"{b:08d}"
    if len(x) != len(y):
        return 99
    differ = [i for i in range(len(x)) if x[i] != y[i]]
    if len(differ) == 2 and differ[1] == differ[0] + 1 and x[differ[0]] == y[differ[1]] \
            and x[differ[1]] == y[differ[0]]:
        return 1
    return len(differ)


@dataclass(frozen=True)
class Lookup:
    """What a lookup by a person's query found: one card, or none with the names to offer
    (several that fit, or the nearest) and why."""

    found: Found | None
    problem: str = ""


def find(query: str) -> Lookup:
    """A card by English, Japanese or Korean name (exact, then ignoring case, width and
    spacing, then by a part of a name), or by passcode (a number). An unknown or ambiguous
    query says why and offers names."""
    from .official import normal, official

    text = query.strip()
    shown = repr(text if len(text) <= 80 else text[:77] + "...")
    if text.isdigit():
        found = by_passcode(int(text))
        if found is None:
            return Lookup(None, f"no card has the passcode {int(text)}")
        return Lookup(found)
    exact = by_name(text)
    if exact is not None:
        return Lookup(exact)
    listed = official()
    wanted = normal(text)
    if not wanted:
        return Lookup(None, "give a card's name or passcode")
    same = _english_names(listed.normal_index().get(wanted, []),
                          [name for name in library() if normal(name) == wanted])
    if len(same) == 1:
        return Lookup(_named(same[0], "name"))
    if not same:
        same = _english_names([english for name, englishes in listed.normal_index().items()
                               if wanted in name for english in englishes],
                              [name for name in library() if wanted in normal(name)])
        if len(same) == 1:
            return Lookup(_named(same[0], "part of its name"))
    if same:
        names = ", ".join(repr(name) for name in same[:10])
        more = f" and {len(same) - 10} more" if len(same) > 10 else ""
        return Lookup(None, f"{len(same)} cards fit {shown}: {names}{more}; give the full "
                      "name or a passcode (`ygocheck card --list TEXT` lists them all)")
    return Lookup(None, f"unknown card {shown}{nearest(text)}")


def _english_names(from_list: list[str], from_library: list[str]) -> list[str]:
    """Distinct English names, the library's first, the list's order kept."""
    return list(dict.fromkeys(from_library + from_list))


def _named(name: str, how: str) -> Found:
    found = by_name(name)
    assert found is not None
    return Found(found.name, found.definition, found.modelled, found.official, how)


def every_card() -> list[Found]:
    """Every card ygocheck knows: the official list in its order (with the library's
    definitions where the library models a card), then library cards the list lacks."""
    from .official import official

    cards: list[Found] = []
    seen: set[str] = set()
    for card in official().cards():
        found = from_official(card)
        cards.append(found)
        seen.add(found.name)
    for name, definition in library().items():
        if name not in seen:
            cards.append(Found(name, with_materials(name, definition), True, None))
    return cards
