"""Run clingo on the rules and the facts of one snapshot.

A fresh clingo.Control per query, the snapshot as plain facts (measured faster here than a
long-lived Control with externals: gringo simplifies the rules against the facts). The
program is stratified, so it has exactly one answer set; none at all is a bug in the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .problems import BadInput, EncodingBug, Problem
from .resources import asp_folder

FORBIDDEN_DIRECTIVES = re.compile(r"#\s*(script|include)\b", re.IGNORECASE)


def encoding_path() -> Path:
    """The entry file of the rules, asp/main.lp."""
    return asp_folder() / "main.lp"


def check_lp_input(text: str, file: str) -> None:
    """Refuse `.lp` input that could run host code or read other files."""
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("%", 1)[0]
        match = FORBIDDEN_DIRECTIVES.search(code)
        if match:
            directive = match.group(1).lower()
            raise BadInput([Problem(file, number, f"#{directive} is not allowed in a snapshot: "
                                    "an .lp snapshot holds only facts in the ygocheck fact "
                                    "vocabulary (docs/facts.md)")])


@dataclass
class Answer:
    """The shown atoms of the single answer set, grouped by predicate name."""

    atoms: dict[str, list[Any]]

    def of(self, name: str) -> list[Any]:
        return self.atoms.get(name, [])


def solve(facts: str, file: str = "<facts>", user_facts: bool = False) -> Answer:
    """Ground and solve the rules with `facts`; return the shown atoms of the answer set."""
    import clingo

    messages: list[str] = []

    def logger(code: Any, message: str) -> None:
        messages.append(message.strip())

    control = clingo.Control(["--warn=none"], logger=logger, message_limit=5)
    try:
        control.load(str(encoding_path()))
        control.add("base", [], facts)
        control.ground([("base", [])])
    except RuntimeError:
        text = "; ".join(messages) or "clingo could not read the facts"
        if user_facts:
            text = re.sub(r"<block>:(\d+):\d+-\d+:", r"line \1:", text)
            raise BadInput([Problem(file, None, f"not valid ASP facts: {text}")]) from None
        raise EncodingBug(f"the rules failed to ground: {text}") from None
    models: list[list[Any]] = []
    control.solve(on_model=lambda model: models.append(model.symbols(shown=True)))
    if not models:
        raise EncodingBug(f"the rules have no answer for {file}: this is a bug in ygocheck, "
                          "please report it with the snapshot")
    atoms: dict[str, list[Any]] = {}
    for symbol in models[0]:
        atoms.setdefault(symbol.name, []).append(symbol)
    return Answer(atoms=atoms)


def fact_names(facts: str, file: str) -> tuple[set[str], set[str]]:
    """Read hand-written facts alone: the card names they use, and those they define."""
    import clingo

    messages: list[str] = []
    control = clingo.Control(["--warn=none"], logger=lambda c, m: messages.append(m.strip()),
                             message_limit=5)
    try:
        control.add("base", [], facts)
        control.ground([("base", [])])
    except RuntimeError:
        text = re.sub(r"<block>:(\d+):\d+-\d+:", r"line \1:", "; ".join(messages))
        raise BadInput([Problem(file, None, f"not valid ASP facts: {text}")]) from None
    used: set[str] = set()
    defined: set[str] = set()
    for atom in control.symbolic_atoms:
        symbol = atom.symbol
        if symbol.name == "snapshot_card" and len(symbol.arguments) == 3 and \
                str(symbol.arguments[1]) == "name" and \
                symbol.arguments[2].type == clingo.SymbolType.String:
            used.add(symbol.arguments[2].string)
        if symbol.name == "definition" and len(symbol.arguments) == 3 and \
                symbol.arguments[0].type == clingo.SymbolType.String:
            defined.add(symbol.arguments[0].string)
    return used, defined
