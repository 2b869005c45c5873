"""Run chosen modules of asp/ on handwritten facts, with no snapshot, no Python pipeline in
between: a test states the facts the module reads (the predicates of the layers before it,
written by hand so that a person can read the moment) and asserts what the module derives.

    def test_something(rules: RunRules) -> None:
        model = rules.one(["events.lp"], '''
            fresh_event(1). event_name(1, destroyed). event_card(1, "m").
            pattern("c", 1, trigger, event, destroyed).
        ''')
        assert model.holds('event_fits("c", 1, trigger, 1)')

Card ids are strings, as input.lp makes them ("m"); words are constants (destroyed).
A module loaded alone may read predicates no loaded file defines: that is the point (the
test gives them as facts), so clingo's "atom undefined" warnings are not shown. A module
that does not parse, or facts that do not ground, fail the test with clingo's messages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import clingo
import pytest

from ygocheck.resources import asp_folder


@dataclass(frozen=True)
class Model:
    """The atoms of one answer set: every atom, not only the shown ones (the modules under
    test carry no #show)."""

    atoms: frozenset[clingo.Symbol]

    def holds(self, atom: str) -> bool:
        """Whether the atom, written as in the rules (`fits("m", 1)`), is in the model."""
        return clingo.parse_term(atom) in self.atoms

    def of(self, name: str, arity: int | None = None) -> set[tuple[str, ...]]:
        """The arguments of every atom of a predicate, each written as in the rules."""
        return {tuple(str(argument) for argument in symbol.arguments) for symbol in self.atoms
                if symbol.name == name and (arity is None or len(symbol.arguments) == arity)}

    def __str__(self) -> str:   # pytest shows it when an assertion fails
        return " ".join(sorted(str(symbol) for symbol in self.atoms))


class RulesFailed(AssertionError):
    """The modules did not parse or ground: clingo's messages say why."""


PART = re.compile(r"^#program (\w+)\.", re.MULTILINE)


def solve(modules: Sequence[str], facts: str, models: int = 0) -> list[Model]:
    """The answer sets of the given modules of asp/ (paths relative to it, e.g.
    "legality/turn.lp") with the facts; `models` 0 for all of them."""
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        if code != clingo.MessageCode.AtomUndefined:
            messages.append(message.strip())

    control = clingo.Control([str(models)], logger=logger, message_limit=20)
    try:
        for module in modules:
            path = asp_folder() / module
            if not path.is_file():
                raise RulesFailed(f"asp/{module} does not exist")
            control.load(str(path))
        control.add("base", [], facts)
        # A module may hold parts grounded only where the moment needs them (asp/needs.lp):
        # a module is tested with all of its rules.
        parts = {name for module in modules for name in
                 PART.findall((asp_folder() / module).read_text(encoding="utf-8"))}
        control.ground([("base", [])] + [(name, []) for name in sorted(parts)])
    except RuntimeError as error:
        raise RulesFailed(f"{error}: " + "; ".join(messages)) from None
    found: list[Model] = []
    control.solve(on_model=lambda model: found.append(
        Model(frozenset(model.symbols(atoms=True)))))
    return found


def one(modules: Sequence[str], facts: str) -> Model:
    """The one answer set of deterministic modules (most layers are: no choice in them)."""
    found = solve(modules, facts, models=2)
    if len(found) != 1:
        raise RulesFailed(f"{', '.join(modules)} gave {len(found)} answer sets, not one")
    return found[0]


class RunRules:
    """The `rules` fixture: `rules.one(modules, facts)` and `rules.all(modules, facts)`."""

    one = staticmethod(one)

    @staticmethod
    def all(modules: Sequence[str], facts: str) -> list[Model]:
        return solve(modules, facts)


@pytest.fixture
def rules() -> RunRules:
    return RunRules()
