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
    """Refuse `.lp` input that could run host code or read other files.

    The whole line is searched, comments included: cutting the line at its first `%` let
    `x("%"). #include "f.lp".` or `%* c *% #script (python)` through, since that `%` is in a
    string or closes a block comment. A comment that mentions the directives is refused too."""
    for number, line in enumerate(text.splitlines(), start=1):
        match = FORBIDDEN_DIRECTIVES.search(line)
        if match:
            directive = match.group(1).lower()
            raise BadInput([Problem(file, number, f"#{directive} is not allowed in a snapshot: "
                                    "an .lp snapshot holds only facts in the ygocheck fact "
                                    "vocabulary (docs/facts.md)")])
    _check_only_facts(text, file)


def fact_vocabulary() -> set[tuple[str, int]]:
    """The predicates an .lp snapshot may use: those asp/input.lp declares with #defined."""
    text = (asp_folder() / "input.lp").read_text(encoding="utf-8")
    return {(name, int(arity)) for name, arity in
            re.findall(r"^#defined\s+(\w+)/(\d+)\.", text, re.MULTILINE)}


def _check_only_facts(text: str, file: str) -> None:
    """Every statement must be a plain fact of the snapshot vocabulary: a rule, a directive or
    a fact of an internal predicate (legal/1, phase/1, ...) would change what the rules
    derive, or make the decoder fail, instead of being refused."""
    from clingo import ast

    vocabulary = fact_vocabulary()
    problems: list[Problem] = []

    def visit(statement: Any) -> None:
        kind = statement.ast_type
        line = statement.location.begin.line
        if kind == getattr(ast.ASTType, "Comment", None):
            return
        if kind == ast.ASTType.Program:
            if statement.name != "base" or statement.parameters:
                problems.append(Problem(file, line, "#program is not allowed in a snapshot"))
            return
        head = getattr(statement, "head", None)
        if kind == ast.ASTType.Rule and not statement.body and \
                head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign and \
                head.atom.ast_type == ast.ASTType.SymbolicAtom and \
                head.atom.symbol.ast_type == ast.ASTType.Function:
            symbol = head.atom.symbol
            if (symbol.name, len(symbol.arguments)) in vocabulary:
                return
            problems.append(Problem(file, line, f"{symbol.name}/{len(symbol.arguments)} is not "
                                    "a predicate of the snapshot fact vocabulary (asp/input.lp: "
                                    + ", ".join(f"{n}/{a}" for n, a in sorted(vocabulary))
                                    + ")"))
            return
        problems.append(Problem(file, line, f"only plain facts are allowed in an .lp snapshot, "
                                f"not {str(statement).splitlines()[0][:60]!r}"))

    messages: list[str] = []
    try:
        ast.parse_string(text, visit, logger=lambda code, message: messages.append(
            message.strip()), message_limit=5)
    except RuntimeError as error:
        detail = re.sub(r"<string>:(\d+):\d+-\d+:", r"line \1:",
                        "; ".join(messages) or str(error).strip())
        raise BadInput([Problem(file, None, f"not valid ASP facts: {detail}")]) from None
    if problems:
        raise BadInput(problems[:20])


@dataclass
class Answer:
    """The shown atoms of the single answer set, grouped by predicate name."""

    atoms: dict[str, list[Any]]

    def of(self, name: str) -> list[Any]:
        return self.atoms.get(name, [])


def solve(facts: str, file: str = "<facts>", user_facts: bool = False,
          reasons: bool = False) -> Answer:
    """Ground and solve the rules with `facts`; return the shown atoms of the answer set.
    With `reasons`, the refused candidates and their rules (blocked/2) are shown too."""
    import clingo

    messages: list[str] = []

    def logger(code: Any, message: str) -> None:
        messages.append(message.strip())

    control = clingo.Control(["--warn=none"], logger=logger, message_limit=5)
    try:
        control.load(str(encoding_path()))
        if reasons:
            control.load(str(asp_folder() / "explain.lp"))
            control.load(str(asp_folder() / "show_reasons.lp"))
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
    except RuntimeError as error:
        text = re.sub(r"<block>:(\d+):\d+-\d+:", r"line \1:",
                      "; ".join(messages) or str(error).strip() or "clingo could not read them")
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


def solve_all(facts: str, file: str = "<facts>") -> list[Answer]:
    """Every answer set of a transition query: each is one outcome (choices left open on
    resolution are choice rules in the rules)."""
    import clingo

    messages: list[str] = []
    control = clingo.Control(["--warn=none", "0"], logger=lambda c, m: messages.append(m),
                             message_limit=5)
    try:
        control.load(str(asp_folder() / "play.lp"))
        control.add("base", [], facts)
        control.ground([("base", [])])
    except RuntimeError:
        raise EncodingBug("the rules failed to ground: " + "; ".join(messages)) from None
    answers: list[Answer] = []

    def keep(model: Any) -> None:
        atoms: dict[str, list[Any]] = {}
        for symbol in model.symbols(shown=True):
            atoms.setdefault(symbol.name, []).append(symbol)
        answers.append(Answer(atoms=atoms))

    control.solve(on_model=keep)
    if not answers:
        raise EncodingBug(f"the rules have no answer for a transition of {file}: this is a bug "
                          "in ygocheck, please report it with the snapshot and the actions")
    return answers
