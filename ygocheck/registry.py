"""The action kinds and choice kinds of the format, read from the rules (asp/registry.lp).

The rules keep the one list of action kinds, their keys and the kinds of value each key
takes, the compact form, how a request names each key, the terms the rules write actions
as, and the kinds of cards an action chooses. Parsing, checking, writing, decoding, listing
and expanding actions read it from here instead of keeping a copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .resources import asp_folder


@dataclass(frozen=True)
class Key:
    """A key of an action object: its name (`cost.discard` for a key of a mapping) and the kind
    of value it takes (asp/registry.lp, action_key/3)."""

    name: str
    value: str
    rank: int


@dataclass(frozen=True)
class ChoiceKind:
    """A kind of cards an action chooses (asp/registry.lp, choice_kind/2 and the rest)."""

    name: str
    rank: int
    named_by: str
    listed_as: str
    range_listed_as: str | None
    walked: bool = False


@dataclass(frozen=True)
class Registry:
    kinds: tuple[str, ...]
    keys: tuple[Key, ...]
    sub_keys: dict[str, tuple[Key, ...]]
    takes: dict[str, frozenset[str]]
    written: dict[str, tuple[str, ...]]
    request_keys: dict[str, str]
    functors: dict[str, str]
    arguments: dict[str, tuple[str, ...]]
    unnamed: frozenset[tuple[str, int, str]]
    choices: tuple[ChoiceKind, ...]
    only_with: dict[str, str]
    told: dict[str, str]

    def key(self, name: str) -> Key:
        parent, _, sub = name.partition(".")
        if sub:
            return next(k for k in self.sub_keys[parent] if k.name == name)
        return next(k for k in self.keys if k.name == name)

    @property
    def key_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.keys)

    @property
    def unread_keys(self) -> tuple[str, ...]:
        """The keys of the format no action kind reads yet."""
        taken = set().union(*self.takes.values()) | {"player", "action"}
        return tuple(k.name for k in self.keys if k.name not in taken)

    def choice(self, name: str) -> ChoiceKind:
        return next(c for c in self.choices if c.name == name)


def _text(symbol: Any) -> str:
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return str(symbol.string)
    return str(symbol)


def _key_name(symbol: Any) -> str:
    """A key term as its name: `targets`, `cost(discard)` as `cost.discard`."""
    if symbol.arguments:
        return f"{symbol.name}.{symbol.arguments[0]}"
    return str(symbol)


@lru_cache(maxsize=1)
def registry() -> Registry:
    import clingo

    control = clingo.Control(["--warn=none"])
    control.load(str(asp_folder() / "registry.lp"))
    control.ground([("base", [])])

    def facts(name: str, arity: int) -> list[list[Any]]:
        return sorted((list(atom.symbol.arguments)
                       for atom in control.symbolic_atoms.by_signature(name, arity)),
                      key=lambda args: [str(a) for a in args])

    kinds = tuple(str(k) for k, _ in sorted(facts("action_kind", 2), key=lambda a: a[1].number))
    keys: list[Key] = []
    sub_keys: dict[str, list[Key]] = {}
    for key, value, rank in facts("action_key", 3):
        entry = Key(_key_name(key), str(value), rank.number)
        if key.arguments:
            sub_keys.setdefault(key.name, []).append(entry)
        else:
            keys.append(entry)
    takes: dict[str, set[str]] = {kind: set() for kind in kinds}
    for kind, key in facts("action_takes", 2):
        takes.setdefault(str(kind), set()).add(_key_name(key))
    written: dict[str, list[tuple[int, str]]] = {}
    for kind, position, key in facts("action_written", 3):
        written.setdefault(str(kind), []).append((position.number, _key_name(key)))
    arguments: dict[str, dict[int, str]] = {}
    for functor, position, key in facts("action_argument", 3):
        arguments.setdefault(str(functor), {})[position.number] = _key_name(key)
    ranks = {str(k): r.number for k, r in facts("choice_kind", 2)}
    named_by = {str(k): _key_name(key) for k, key in facts("choice_named_by", 2)}
    listed = {str(k): str(key) for k, key in facts("choice_listed_as", 2)}
    ranged = {str(k): str(key) for k, key in facts("choice_range_listed_as", 2)}
    walked = {str(k) for k, in facts("choice_walked", 1)}
    return Registry(
        kinds=kinds,
        keys=tuple(sorted(keys, key=lambda k: k.rank)),
        sub_keys={name: tuple(sorted(found, key=lambda k: k.rank))
                  for name, found in sub_keys.items()},
        takes={kind: frozenset(found) for kind, found in takes.items()},
        written={kind: tuple(key for _, key in sorted(found)) for kind, found in written.items()},
        request_keys={_key_name(k): str(asked) for k, asked in facts("request_key", 2)},
        functors={str(f): str(kind) for f, kind in facts("action_functor", 2)},
        arguments={f: tuple(found[i] for i in sorted(found)) for f, found in arguments.items()},
        unnamed=frozenset((str(f), p.number, _text(v)) for f, p, v in facts("argument_unnamed", 3)),
        choices=tuple(sorted((ChoiceKind(name, rank, named_by[name], listed[name],
                                         ranged.get(name), name in walked)
                              for name, rank in ranks.items()), key=lambda c: c.rank)),
        only_with={_key_name(k): str(kind) for k, kind in facts("action_key_only", 2)},
        told={_key_name(k): _text(t) for k, t in facts("action_key_told", 2)})
