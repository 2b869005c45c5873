"""Which rules can derive anything at all, before they are grounded.

gringo pays for every rule it grounds, even one that derives nothing (benchmarks/profile.py,
"gringo's floor": tens of microseconds a rule), and a step's base program holds about 3,000
rules, most of which cannot apply at a given moment. A rule with a positive body literal that
no atom can match derives nothing, so leaving it out changes no answer. This module finds
those rules from the atoms a Control holds (the facts, and what the part `first` derived) and
the rules about to be added. Each atom is described by its predicate and, for each argument,
the name of its constant or function term ("#num", "#str" for a number or a string; strings,
card ids among them, are not told apart); the atoms that may exist are reached from those the
Control holds through the rules: a rule may fire when each of its positive body literals
matches an atom that may exist, and then derives its head with each variable taking the
values its body literals (and a comparison `X = name(...)`) allow. Joins and negation are
ignored, so more rules are kept than can fire, never fewer. It reads no rule of the game and
decides nothing: it is gringo's own reasoning about what cannot be derived, done before
gringo's per-rule cost instead of after it. Statements other than rules (#show, #program,
#defined, ...) are kept, comments dropped (control.by_part).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .rule_shapes import (Atom, Need, Pattern, Shape, Signature, Variable, clingo_kinds,
                          shape_of, symbol_argument)

# The most atoms a Control may hold for its rules to be pruned (see Pruning).
ATOMS_READ = 4000
# Beyond this many patterns a variable of a head may take, it is taken as anything.
SPREAD = 16


class Match:
    """What matches one need so far: the patterns of its predicate read up to `read`, and
    the values each argument takes among those that match (grown as the predicate gains
    patterns; never changed in place otherwise)."""

    __slots__ = ("read", "matched", "values")

    def __init__(self, arity: int) -> None:
        self.read = 0
        self.matched = False
        self.values: list[set[Any]] = [set() for _ in range(arity)]


class Reach:
    """The atoms that may exist, as patterns per predicate, grown as rules fire."""

    def __init__(self) -> None:
        self.patterns: dict[Signature, list[Pattern]] = {}
        self.seen: dict[Signature, set[Pattern]] = {}
        self._found: dict[tuple[Signature, Pattern], Match] = {}

    def fingerprint(self) -> frozenset[tuple[Signature, Pattern]]:
        return frozenset((signature, pattern) for signature, patterns in self.patterns.items()
                         for pattern in patterns)

    def become(self, patterns: dict[Signature, list[Pattern]]) -> None:
        """Hold exactly these patterns (the matches read so far are forgotten)."""
        self.patterns = {signature: list(found) for signature, found in patterns.items()}
        self.seen = {signature: set(found) for signature, found in patterns.items()}
        self._found = {}

    def add(self, signature: Signature, pattern: Pattern) -> bool:
        seen = self.seen.setdefault(signature, set())
        if pattern in seen:
            return False
        seen.add(pattern)
        self.patterns.setdefault(signature, []).append(pattern)
        return True

    def matching(self, need: Need) -> Match:
        """What matches a need: the patterns its predicate gained since the last time are
        read (patterns are only ever added)."""
        found = self._found.get(need.key)
        if found is None:
            found = self._found[need.key] = Match(need.signature[1])
        have = self.patterns.get(need.signature, ())
        if found.read < len(have):
            # The need's constants, where a pattern must have the same or anything.
            checks = [(i, v) for i, v in enumerate(need.key[1]) if v is not None]
            for pattern in have[found.read:]:
                for i, v in checks:
                    if pattern[i] is not None and pattern[i] != v:
                        break
                else:
                    found.matched = True
                    for values, value in zip(found.values, pattern, strict=True):
                        values.add(value)
            found.read = len(have)
        return found


def _bindings(shape: Shape, reach: Reach) -> dict[str, set[Any] | None] | None:
    """The values each variable of the needs may take (None: anything), or None where some
    need matches nothing, or two needs leave a variable no value, so that the rule cannot
    fire. (The sets of a Match are read, never changed.)"""
    values: dict[str, set[Any] | None] = {name: {value} for name, value in shape.equal}
    for need in shape.needs:
        found = reach.matching(need)
        if not found.matched:
            return None
        for position, name in need.variables:
            taken = found.values[position]
            if None in taken:
                values.setdefault(name, None)
                continue
            known = values.get(name)   # None: anything, so far
            values[name] = taken if known is None else known & taken
            if not values[name]:
                return None
    return values


def _derived(atom: Atom, values: dict[str, set[Any] | None]) -> list[Pattern]:
    """The patterns a head atom may take under the variables' values."""
    from itertools import product

    choices: list[list[Any]] = []
    for argument in atom.pattern:
        if isinstance(argument, Variable):
            taken = values.get(argument.name)
            choices.append([None] if taken is None or len(taken) > SPREAD else sorted(
                taken, key=str))
        else:
            choices.append([argument])
    count = 1
    for one in choices:
        count *= len(one)
    if count > SPREAD:
        choices = [one if len(one) == 1 else [None] for one in choices]
    return [tuple(p) for p in product(*choices)]


def held(control: Any, wanted: set[Signature] | None = None) -> Reach:
    """The atoms a Control holds now, as patterns: of the predicates in `wanted` only, when
    given (the patterns of a predicate no rule needs change nothing that is kept)."""
    clingo_kinds()
    reach = Reach()
    atoms = control.symbolic_atoms
    for name, arity, positive in atoms.signatures:
        signature = (name if positive else "-" + name, arity)
        if wanted is not None and signature not in wanted:
            continue
        for atom in atoms.by_signature(name, arity, positive):
            reach.add(signature, tuple(symbol_argument(a) for a in atom.symbol.arguments))
    return reach


def _ranks(shapes: list[Shape | None]) -> list[int]:
    """An order of the rules in which a rule comes after those deriving what it needs, but
    within a recursion (Tarjan's components of the predicates, in topological order)."""
    needed_by: dict[Signature, set[Signature]] = {}
    for shape in shapes:
        if shape is not None:
            for atom in shape.derives:
                needed_by.setdefault(atom.signature, set())
                for need in shape.needs:
                    needed_by.setdefault(need.signature, set()).add(atom.signature)
    order: dict[Signature, int] = {}
    index: dict[Signature, int] = {}
    low: dict[Signature, int] = {}
    stack: list[Signature] = []
    on_stack: set[Signature] = set()
    components: list[list[Signature]] = []
    for root in needed_by:
        if root in index:
            continue
        work = [(root, iter(needed_by[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(needed_by[successor])))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
    # Tarjan's components come out with the successors first: reverse for the order.
    for rank, component in enumerate(reversed(components)):
        for signature in component:
            order[signature] = rank
    return [max((order[a.signature] for a in shape.derives), default=0)
            if shape is not None else 0 for shape in shapes]


# Per list of statements (by their ids, checked against the statements themselves): their
# shapes and ranks, and the rules kept and patterns reached from each of the last
# DECISIONS_KEPT sets of patterns it started from. A process grounds a few such lists (the
# base program with the parts a moment names), each many times.
DECISIONS_KEPT = 32
Decision = tuple[list[bool], dict[Signature, list[Pattern]]]
_RANKS: dict[tuple[int, ...], tuple[list[Any], list[Shape | None], list[int],
                                    dict[frozenset[tuple[Signature, Pattern]], Decision]]] = {}


def useful(statements: Sequence[Any], reach: Reach) -> list[Any]:
    """The statements that may derive anything, given the atoms `reach` holds (grown with
    what the kept rules derive). The rules are tried in the order of what they derive; a rule
    is tried again whenever a predicate it needs gains a pattern after its turn (a
    recursion), so that what it derives follows."""
    import heapq

    from clingo import ast

    from .programs import Written

    key = tuple(map(id, statements))
    known = _RANKS.get(key)
    if known is None or any(a is not b for a, b in zip(known[0], statements, strict=True)):
        shapes = [s.shape if isinstance(s, Written) else shape_of(s) for s in statements]
        known = (list(statements), shapes, _ranks(shapes), {})
        _RANKS[key] = known
    _, made, ranks, decided = known
    # The same statements from the same patterns keep the same rules and reach the same
    # patterns: the steps of a line of play often start from the same ones.
    start = reach.fingerprint()
    if start in decided:
        fired, reached = decided[start]
        reach.become(reached)
        return [s for s, keep in zip(statements, fired, strict=True) if keep]
    readers: dict[Signature, list[int]] = {}
    fired = [False] * len(statements)
    queued = [False] * len(statements)
    ready: list[tuple[int, int]] = []
    for index, shape in enumerate(made):
        if shape is None:
            # Not a rule: kept, but for a comment, which has nothing to ground.
            fired[index] = isinstance(statements[index], Written) or \
                statements[index].ast_type != ast.ASTType.Comment
            continue
        for need in shape.needs:
            readers.setdefault(need.signature, []).append(index)
        ready.append((ranks[index], index))
        queued[index] = True
    heapq.heapify(ready)
    while ready:
        _, index = heapq.heappop(ready)
        queued[index] = False
        shape = made[index]
        assert shape is not None
        values = _bindings(shape, reach)
        if values is None:
            continue
        fired[index] = True
        for atom in shape.derives:
            for pattern in _derived(atom, values):
                if reach.add(atom.signature, pattern):
                    for reader in readers.get(atom.signature, ()):
                        if not queued[reader]:
                            queued[reader] = True
                            heapq.heappush(ready, (ranks[reader], reader))
    if len(decided) >= DECISIONS_KEPT:
        decided.pop(next(iter(decided)))
    decided[start] = (fired, {signature: list(found) for signature, found in
                              reach.patterns.items()})
    return [s for s, keep in zip(statements, fired, strict=True) if keep]


_NEEDED: dict[tuple[int, ...], tuple[list[Any], set[Signature]]] = {}


def needed(statements: Iterable[Any]) -> set[Signature]:
    """The predicates the statements' rules need (kept per list of statements, by their ids,
    checked against the statements themselves)."""
    from .programs import Written

    listed = list(statements)
    key = tuple(map(id, listed))
    known = _NEEDED.get(key)
    if known is None or any(a is not b for a, b in zip(known[0], listed, strict=True)):
        found: set[Signature] = set()
        for statement in listed:
            shape = statement.shape if isinstance(statement, Written) else shape_of(statement)
            if shape is not None:
                found.update(need.signature for need in shape.needs)
        known = _NEEDED[key] = (listed, found)
    return known[1]


class Pruning:
    """The rules worth grounding in one Control, from the atoms it holds when made: each
    list of statements later added keeps the rules that may derive anything from those atoms
    and from what the rules kept before may derive (an over-estimate of what the Control
    holds then, so nothing that fires is lost). Reading the atoms costs about 10 us each in
    Python: past ATOMS_READ of them, every rule is kept (the answers are the same; only the
    time differs)."""

    def __init__(self, control: Any, statements: Iterable[Any] = ()) -> None:
        """`statements`: every statement that may be added later (none: read every atom)."""
        wanted = needed(statements) if statements else None
        self.reach = held(control, wanted) if len(control.symbolic_atoms) <= ATOMS_READ \
            else None

    def kept(self, statements: Iterable[Any]) -> list[Any]:
        listed = statements if isinstance(statements, list) else list(statements)
        return listed if self.reach is None else useful(listed, self.reach)
