"""Run clingo: one fresh Control per question, the rules loaded from asp/, the facts added.

A fresh Control per grounding was measured faster here than clingo's multi-shot solving with
a `#program step(t)` per step (benchmarks/README.md): gringo's cost is per rule and per
grounding call, and a fresh Control lets it simplify the rules against the facts. The
decisions about a moment are stratified, so there is one answer set; a step has one per
outcome where a choice remains. No answer set at all is a bug in the rules, never an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .problems import BadInput, EncodingBug, Problem
from .resources import asp_folder

FORBIDDEN_DIRECTIVES = re.compile(r"#\s*(script|include)\b", re.IGNORECASE)
NUMBER_LIMIT = 1_000_000_000
# Outcomes of one step beyond this are refused: a ruling with that many branches is no
# question a person asks (and enumerating them would not end in useful time).
MAX_OUTCOMES = 256


@dataclass
class Answer:
    """The shown atoms of one answer set, grouped by predicate name. `outcomes`: where the
    step leaves a choice, every answer set of it, from the grounding that answered it (its
    round, worlds.py `every_outcome`, or its grounding alone, engine._alone), so that it need
    not be grounded again for them."""

    atoms: dict[str, list[Any]]
    outcomes: list[Answer] | None = None

    def of(self, name: str) -> list[Any]:
        return self.atoms.get(name, [])

    def has(self, name: str) -> bool:
        return name in self.atoms


def solve(facts: str, entry: str = "main.lp", extras: tuple[str, ...] = (),
          all_models: bool = False, file: str = "<facts>",
          most: int = MAX_OUTCOMES) -> list[Answer]:
    """Ground the rules of `entry` (and `extras`, more show directives or parts) with `facts`
    and solve: the answer set, or with `all_models` every one, at most `most` of them (more is
    bad input: too_many_outcomes)."""
    from . import control as grounding

    arguments: list[str] = []
    if all_models:
        # Every choice a step leaves is shown (choice/3), so answer sets never repeat a shown
        # outcome; projection is not needed.
        arguments += [str(most + 1)]
    statements, files = rules(entry, extras)
    control = grounding.ground(statements, facts, file, arguments, files).control
    answers: list[Answer] = []

    def keep(model: Any) -> None:
        atoms: dict[str, list[Any]] = {}
        for symbol in model.symbols(shown=True):
            atoms.setdefault(symbol.name, []).append(symbol)
        answers.append(Answer(atoms=atoms))

    control.solve(on_model=keep)
    if not answers:
        raise EncodingBug(f"the rules have no answer for {file}: this is a bug in ygocheck, "
                          "please report it with the snapshot")
    if len(answers) > most:
        raise too_many_outcomes(file)
    return answers


def too_many_outcomes(file: str) -> BadInput:
    return BadInput([Problem(file, None, f"this step has more than {MAX_OUTCOMES} possible "
                             "outcomes; make the choices with `choose` actions, or list fewer "
                             "cards where the rules must choose among them")])


# The programs a process has grounded once: the next grounding of each builds its Control from
# the parsed statements; the first (often the only one, `ygocheck actions`) loads the files,
# which is cheaper than parsing them into statements and building from those. Both only where
# the program is not written beforehand as its files are now (programs.py), which is cheaper
# still, and lets the rules that cannot apply be left out (prune.py).
_GROUNDED: set[tuple[str, tuple[str, ...]]] = set()


def rules(entry: str, extras: tuple[str, ...] = ()) \
        -> tuple[tuple[Any, ...] | dict[str, list[Any]] | None, list[str]]:
    """The rules of `entry` and `extras` for control.ground: the program written beforehand
    (by part), the parsed statements, or the first time in a process that nothing parsed
    them yet, the files to load."""
    from .programs import written

    found = written(entry, extras)
    if found is not None:
        return found, []
    key = (entry, extras)
    if key in _GROUNDED or key in _PARSED:
        return parsed(entry, extras), []
    _GROUNDED.add(key)
    return None, [str(asp_folder() / entry)] + [str(asp_folder() / e) for e in extras]


_PARSED: set[tuple[str, tuple[str, ...]]] = set()


@lru_cache(maxsize=16)
def parsed(entry: str, extras: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """The statements of the rules, parsed once per process: building a Control from them
    costs half of parsing the files again."""
    from clingo import ast

    _PARSED.add((entry, extras))
    statements: list[Any] = []
    ast.parse_files([str(asp_folder() / entry)] + [str(asp_folder() / e) for e in extras],
                    statements.append)
    return tuple(statements)


def add_program(control: Any, entry: str, extras: tuple[str, ...] = ()) -> None:
    from .control import add_statements

    add_statements(control, parsed(entry, extras))


# --- .lp input ---------------------------------------------------------------------------------

def check_lp_input(text: str, file: str) -> dict[tuple[tuple[Any, ...], str], int]:
    """Refuse `.lp` input that is not plain facts of the snapshot vocabulary; return the line
    of each fact under the location the rules' objections use (as the YAML checker does).

    The whole line is searched for directives, comments included: cutting the line at its first
    `%` let `x("%"). #include "f.lp".` or `%* c *% #script (python)` through, since that `%` is
    in a string or closes a block comment. A comment that mentions the directives is refused
    too."""
    for number, line in enumerate(text.splitlines(), start=1):
        match = FORBIDDEN_DIRECTIVES.search(line)
        if match:
            directive = match.group(1).lower()
            raise BadInput([Problem(file, number, f"#{directive} is not allowed in a snapshot: "
                                    "an .lp snapshot holds only facts in the ygocheck fact "
                                    "vocabulary (docs/facts.md)")])
    _check_too_many_facts(text, file)
    _check_characters(text, file)
    return _check_only_facts(text, file)


def _check_too_many_facts(text: str, file: str) -> None:
    """Refuse, before parsing, a text with more statement ends than LP_FACTS facts: reading
    each statement costs a Python call, and 50,000 took over 30 s. A period followed by a
    space, a comment or the end ends a statement (one in a string may be counted too: the
    exact count follows in _check_only_facts)."""
    from .limits import LP_FACTS

    for number, match in enumerate(STATEMENT_END.finditer(text), start=1):
        if number > LP_FACTS:
            line = text.count("\n", 0, match.start()) + 1
            raise BadInput([Problem(file, line, f"more than {LP_FACTS:,} facts: an .lp "
                                    "snapshot holds at most what a duel does (docs/format.md, "
                                    "\"Limits\")")])


STATEMENT_END = re.compile(r"\.(?=\s|%|$)")


def _check_characters(text: str, file: str) -> None:
    """Outside strings and comments an .lp snapshot is plain ASCII (clingo's parser cannot
    report anything else); a NUL is allowed nowhere."""
    line, position, size = 1, 0, len(text)
    while position < size:
        char = text[position]
        if char == "\n":
            line += 1
        elif char == "\x00":
            raise BadInput([Problem(file, line, "a NUL character; an .lp snapshot is text")])
        elif char == '"':
            position += 1
            while position < size and text[position] != '"':
                if text[position] == "\x00":
                    raise BadInput([Problem(file, line, "a NUL character in a string")])
                if text[position] == "\n":
                    line += 1
                position += 2 if text[position] == "\\" else 1
        elif text.startswith("%*", position):
            end = text.find("*%", position + 2)
            end = size if end < 0 else end + 1
            line += text.count("\n", position, end)
            position = end
        elif char == "%":
            end = text.find("\n", position)
            position = (size if end < 0 else end) - 1
        elif char.isdigit() and not (position and (text[position - 1].isalnum() or
                                                   text[position - 1] == "_")):
            end = position
            while end < size and text[end].isdigit():
                end += 1
            if int(text[position:end]) > NUMBER_LIMIT:
                raise BadInput([Problem(file, line, f"the number {text[position:end][:30]} is "
                                        f"beyond what a snapshot holds (at most {NUMBER_LIMIT}"
                                        "); clingo's numbers are 32-bit")])
            position = end - 1
        elif not (char.isascii() and (char.isprintable() or char in "\t\r")):
            raise BadInput([Problem(file, line, f"the character {char!r} (U+{ord(char):04X}) "
                                    "outside a string; names and words in .lp facts are ASCII, "
                                    "other text goes in a string (\"...\")")])
        position += 1


def fact_vocabulary() -> set[tuple[str, int]]:
    """The predicates an .lp snapshot may use: those asp/input.lp declares with #defined,
    but those ygocheck writes beside a snapshot (a request, the viewer of `view --as`, the
    names a hidden card may have for `actions --as`), which are no part of one."""
    text = (asp_folder() / "input.lp").read_text(encoding="utf-8")
    return {(name, int(arity)) for name, arity in
            re.findall(r"^#defined\s+(\w+)/(\d+)\.", text, re.MULTILINE)} - WRITTEN_BESIDE


WRITTEN_BESIDE = {("request", 3), ("snapshot_viewer", 1), ("hypothesis_option", 2)}


def _location(name: str, arguments: list[Any]) -> tuple[tuple[Any, ...], str] | None:
    """Where a raw fact stands, in the terms of the rules' objections (asp/check.lp): the
    locations are asp/vocabulary.lp's (fact_location/4)."""
    from .vocabulary import locations

    location = locations().get(name)
    if location is None:
        return None
    values = [_plain(a) for a in arguments]
    if location.key is not None:
        if len(values) != location.width + 1:
            return None
        return (location.name, *values[:location.width]), location.key
    if len(values) != location.width + 2:
        return None
    return (location.name, *values[:location.width]), str(values[location.width])


def _plain(term: Any) -> Any:
    from clingo import ast

    if term.ast_type == ast.ASTType.SymbolicTerm:
        symbol = term.symbol
        return symbol.string if symbol.type.name == "String" else (
            symbol.number if symbol.type.name == "Number" else str(symbol))
    return str(term)


def _plain_term(term: Any) -> bool:
    from clingo import ast

    if term.ast_type == ast.ASTType.SymbolicTerm:
        return True
    if term.ast_type == ast.ASTType.Function and not term.external:
        return all(_plain_term(a) for a in term.arguments)
    if term.ast_type == ast.ASTType.UnaryOperation and \
            term.operator_type == ast.UnaryOperator.Minus and \
            term.argument.ast_type == ast.ASTType.SymbolicTerm:
        return True
    return False


def _check_only_facts(text: str, file: str) -> dict[tuple[tuple[Any, ...], str], int]:
    """Every statement must be a plain fact of the snapshot vocabulary: a rule, a directive or
    a fact of an internal predicate (legal/1, phase/1, ...) would change what the rules
    derive, or make the decoder fail, instead of being refused."""
    from clingo import ast

    from .limits import LP_FACTS

    vocabulary = fact_vocabulary()
    problems: list[Problem] = []
    lines: dict[tuple[tuple[Any, ...], str], int] = {}
    counted = [0]

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
        if kind == ast.ASTType.Rule and not statement.body and head is not None and \
                head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign and \
                head.atom.ast_type == ast.ASTType.SymbolicAtom and \
                head.atom.symbol.ast_type == ast.ASTType.Function:
            symbol = head.atom.symbol
            odd = next((a for a in symbol.arguments if not _plain_term(a)), None)
            if odd is not None:
                problems.append(Problem(file, line, f"{str(odd)[:40]!r} is not a plain value: "
                                        "a fact holds constants, numbers, strings and tuples "
                                        "of them (no intervals, pools, variables or "
                                        "arithmetic)"))
                return
            if (symbol.name, len(symbol.arguments)) in vocabulary:
                counted[0] += 1
                if counted[0] == LP_FACTS + 1:
                    problems.append(Problem(file, line, f"more than {LP_FACTS:,} facts: an .lp "
                                            "snapshot holds at most what a duel does "
                                            "(docs/format.md, \"Limits\")"))
                place = _location(symbol.name, list(symbol.arguments))
                if place is not None:
                    lines.setdefault(place, line)
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
        detail = "; ".join(messages) or str(error).strip()
        found = re.search(r"<string>:(\d+):", detail)
        detail = re.sub(r"<string>:\d+:\d+(-\d+(:\d+)?)?:\s*", "", detail)
        raise BadInput([Problem(file, int(found.group(1)) if found else None,
                                f"not valid ASP facts: {detail}")]) from None
    if problems:
        raise BadInput(problems[:20])
    return lines


def fact_names(facts: str, file: str) -> tuple[set[str], set[str]]:
    """Read hand-written facts alone: the card names they use, and those they define."""
    import clingo

    from .control import new

    grounding = new()
    control = grounding.control
    try:
        control.add("base", [], facts)
        control.ground([("base", [])])
    except RuntimeError as error:
        text = re.sub(r"<block>:(\d+):\d+-\d+:", r"line \1:",
                      grounding.failure(error, "clingo could not read them"))
        raise BadInput([Problem(file, None, f"not valid ASP facts: {text}")]) from None
    used: set[str] = set()
    defined: set[str] = set()
    for atom in control.symbolic_atoms:
        symbol = atom.symbol
        if symbol.name == "snapshot_card" and len(symbol.arguments) == 3 and \
                str(symbol.arguments[1]) == "name" and \
                symbol.arguments[2].type == clingo.SymbolType.String:
            used.add(symbol.arguments[2].string)
        if symbol.name == "snapshot_this_turn" and len(symbol.arguments) == 2 and \
                str(symbol.arguments[0]) == "used" and \
                len(symbol.arguments[1].arguments) == 3 and \
                symbol.arguments[1].arguments[1].type == clingo.SymbolType.String:
            used.add(symbol.arguments[1].arguments[1].string)
        if symbol.name == "definition" and len(symbol.arguments) == 3 and \
                symbol.arguments[0].type == clingo.SymbolType.String:
            defined.add(symbol.arguments[0].string)
    return used, defined
