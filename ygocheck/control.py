"""The one place that makes a clingo `Control`: its arguments, where its messages go, and what
a failure to ground means.

Every grounding of ygocheck goes through here (solve.py, worlds.py, expand.py, vocabulary.py,
the reading of hand-written facts): the rules (a parsed program: statements of clingo's AST),
then the facts, then `ground`. A failure while grounding the rules is a bug in ygocheck
(EncodingBug); a failure while reading a person's facts is bad input, which the caller says
(`Grounding.failure` gives the text of clingo's messages).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .problems import EncodingBug
from .prune import Pruning

# clingo reports a few messages at most: the first says what is wrong.
MESSAGE_LIMIT = 5


@dataclass
class Grounding:
    """A fresh Control and the messages clingo wrote while it worked."""

    control: Any
    messages: list[str] = field(default_factory=list)

    def failure(self, error: BaseException | None = None, default: str = "") -> str:
        """clingo's messages as one line (or the error's text, or `default`)."""
        return "; ".join(self.messages) or (str(error).strip() if error else "") or default


def new(arguments: Sequence[str] = ()) -> Grounding:
    """A fresh Control with clingo's warnings off and its messages kept (never printed)."""
    import clingo

    messages: list[str] = []
    control = clingo.Control(["--warn=none", *arguments],
                             logger=lambda code, message: messages.append(message.strip()),
                             message_limit=MESSAGE_LIMIT)
    return Grounding(control, messages)


def add_statements(control: Any, statements: Iterable[Any]) -> None:
    """Add parsed statements (clingo.ast) to a Control: cheaper than parsing the text again."""
    from clingo import ast

    with ast.ProgramBuilder(control) as builder:
        for statement in statements:
            builder.add(statement)


def _add(control: Any, placed: dict[str, list[Any]], names: list[str],
          pruning: Pruning | None) -> None:
    """Add the statements of the parts `names` (those that may derive anything, with a
    pruning): parsed statements through the AST, statements written beforehand (programs.py)
    as text, part by part."""
    from .programs import Written

    chosen = [s for name in names for s in placed.get(name, ())]
    if pruning is not None:
        chosen = pruning.kept(chosen)
    if not chosen or not isinstance(chosen[0], Written):
        add_statements(control, chosen)
        return
    kept = {id(s) for s in chosen}
    for name in names:
        text = "\n".join(s.text for s in placed.get(name, ()) if id(s) in kept)
        if text:
            control.add(name, [], text)


def ground(statements: Iterable[Any] | dict[str, list[Any]] | None, facts: str, file: str,
           arguments: Sequence[str] = (), files: Sequence[str] = ()) -> Grounding:
    """The rules (parsed statements, a program written beforehand by part (programs.py), or
    with `statements` None the rule files themselves) grounded with the facts and, in the
    same grounding, the parts of the rules the moment needs. One Control, clingo's
    multi-shot grounding: first the part `first` (vocabulary.lp, input.lp and asp/needs.lp,
    each beginning `#program first.`) with the facts, which names the parts the moment needs
    (parts_needed); then the base program with exactly those parts, reading what `first`
    derived; then the parts the moment's own rules name (parts_named: asp/parts.lp), each
    grounded after what names it. From statements, only those of the parts grounded are
    added (a part that is not grounded costs nothing to build or to free), and of those only
    the rules that may derive anything from what the Control holds once `first` is grounded
    (prune.py). A failure is a bug in the rules or in the facts ygocheck wrote (EncodingBug),
    never the user's input, which was checked before. Which rules a process reads (the
    program written beforehand, the parsed statements, or the files) is solve.rules'."""
    grounding = new(arguments)
    control = grounding.control
    try:
        placed = None if statements is None else \
            statements if isinstance(statements, dict) else by_part(statements)
        if placed is None:
            for name in files:
                control.load(name)
        else:
            _add(control, placed, [FIRST_PART], None)
        control.add(FIRST_PART, [], facts)
        control.ground([(FIRST_PART, [])])
        grounded = parts_needed(control)
        pruning = None if placed is None else Pruning(control, [
            s for name, found in placed.items() if name != FIRST_PART for s in found])
        if placed is not None:
            _add(control, placed, ["base", *sorted(grounded)], pruning)
        control.ground([("base", [])] + [(name, []) for name in sorted(grounded)])
        grounded.add(FIRST_PART)
        while True:
            parts = parts_named(control) - grounded
            if not parts:
                break
            if placed is not None:
                _add(control, placed, sorted(parts), pruning)
            control.ground([(name, []) for name in sorted(parts)])
            grounded |= parts
    except RuntimeError:
        text = grounding.failure(default="clingo could not read the facts")
        raise EncodingBug(f"the rules failed to ground for {file}: {text}") from None
    return grounding


FIRST = "first.lp"
FIRST_PART = "first"
_PLACED: dict[int, tuple[Any, dict[str, list[Any]]]] = {}


def by_part(statements: Iterable[Any]) -> dict[str, list[Any]]:
    """The statements by the `#program` part they stand in (each file begins in `base`),
    without the comments (about half the statements), which ground nothing. Kept per
    statements object: the parsed rules are made once per process (solve.py)."""
    from clingo import ast

    kept = _PLACED.get(id(statements))
    if kept is not None and kept[0] is statements:
        return kept[1]
    placed: dict[str, list[Any]] = {}
    part = "base"
    for statement in statements:
        if statement.ast_type == ast.ASTType.Comment:
            continue
        if statement.ast_type == ast.ASTType.Program:
            part = statement.name
        elif part not in placed:
            # Each part's statements begin with its #program, so that they can be added after
            # another part's.
            placed[part] = [ast.Program(statement.location, part, [])]
        placed.setdefault(part, []).append(statement)
    _PLACED[id(statements)] = (statements, placed)
    return placed


def parts_needed(control: Any) -> set[str]:
    """The parts asp/needs.lp names, once the part `first` is grounded: its rules are
    stratified, so every atom it grounds is a fact."""
    return parts_named(control)


def parts_named(control: Any) -> set[str]:
    """The `#program` parts the rules ask for: `ground_part(Name)` (asp/parts.lp; with one
    more argument, the world, in worlds.py). The rules decide which parts a moment needs;
    this only grounds what they name. An atom that may hold (not only a fact) counts."""
    names: set[str] = set()
    for arity in (1, 2):
        for atom in control.symbolic_atoms.by_signature("ground_part", arity):
            names.add(atom.symbol.arguments[0].name)
    return names
