"""Many moments in one grounding: the same rules, every atom given one more argument, the
moment it belongs to (its world).

gringo's cost is mostly per rule and per grounding call, little per fact (benchmarks/
README.md): grounding one step of 400 lines of play together costs a few milliseconds a line,
where 400 groundings of one line each cost some 50 ms apiece. The moments never meet: no rule
joins two worlds, so each world's answer is exactly the answer it would have alone. This
module only rewrites the program (asp/ is written once, for one moment) and sorts the answer
back by world; ruling suites and every line of play followed at once use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from .solve import Answer

WORLD = "World__"


@lru_cache(maxsize=16)
def program(entry: str, extras: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """The statements of `entry` (and `extras`), each atom with the world as last argument.

    Rewriting a statement through clingo's AST costs some 0.7 ms (the whole of asp/ 4 s of
    CPU, once per process and program), so the rewritten text of every statement of asp/ is
    written beforehand (worlds.json, by `python -m ygocheck.generate`), under a digest of the
    statement's own text; a statement it does not hold is rewritten here. Either way the
    rewritten text is a function of the statement alone, so a table older than the rules
    costs time, never a different program (tests/test_worlds.py compares the two paths)."""
    from clingo import ast

    from .solve import parsed

    table = _table()
    texts = []
    for statement in parsed(entry, extras):
        if statement.ast_type == ast.ASTType.Comment:
            continue
        text = str(statement)
        found = table.get(_digest(text))
        texts.append(found if found is not None else str(rewritten(statement)))
    statements: list[Any] = []
    ast.parse_string("\n".join(texts), statements.append)
    return tuple(statements)


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


TABLE = Path(__file__).with_name("worlds.json")


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    """The rewritten statements written beforehand (empty when the file is missing)."""
    import json

    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def table_text() -> str:
    """worlds.json: every statement of every file of asp/, rewritten, under its digest."""
    import json

    from clingo import ast

    from .resources import asp_folder

    found: dict[str, str] = {}
    for path in sorted(asp_folder().rglob("*.lp")):
        statements: list[Any] = []
        ast.parse_files([str(path)], statements.append)
        for statement in statements:        # an entry file's includes come again: once each
            if statement.ast_type == ast.ASTType.Comment:
                continue
            digest = _digest(str(statement))
            if digest not in found:
                found[digest] = str(rewritten(statement))
    return json.dumps(found, indent=0, sort_keys=True, ensure_ascii=False) + "\n"


def rewritten(statement: Any) -> Any:
    """One statement with the world as last argument of each atom, and `world(W)` in the body
    of each rule."""
    return _add_world()(statement)


@lru_cache(maxsize=1)
def _add_world() -> Any:
    from clingo import ast

    location = ast.Location(ast.Position("<worlds>", 1, 1), ast.Position("<worlds>", 1, 1))

    def world() -> Any:
        return ast.Variable(location, WORLD)

    def with_world(symbol: Any) -> Any:
        if symbol.ast_type == ast.ASTType.Function:
            return symbol.update(arguments=list(symbol.arguments) + [world()])
        if symbol.ast_type == ast.ASTType.SymbolicTerm:
            return ast.Function(location, symbol.symbol.name, [world()], False)
        if symbol.ast_type == ast.ASTType.Pool:
            return symbol.update(arguments=[with_world(s) for s in symbol.arguments])
        return symbol

    in_world = ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(
        ast.Function(location, "world", [world()], False)))

    class AddWorld(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            return atom.update(symbol=with_world(atom.symbol))

        def visit_ShowSignature(self, statement: Any) -> Any:
            return statement.update(arity=statement.arity + 1)

        def visit_Defined(self, statement: Any) -> Any:
            return statement.update(arity=statement.arity + 1)

        def visit_ShowTerm(self, statement: Any) -> Any:
            return statement.update(term=with_world(statement.term),
                                    body=[self(b) for b in statement.body] + [in_world])

        def visit_Rule(self, rule: Any) -> Any:
            return rule.update(head=self(rule.head),
                               body=[self(b) for b in rule.body] + [in_world])

    return AddWorld()


def tagged(facts: str, world: int) -> str:
    """Facts written one to a line (`name(...).`, as ygocheck writes them), in one world."""
    out = [f"world({world})."]
    for line in facts.splitlines():
        line = line.strip()
        if line:
            out.append(f"{line[:-2]},{world}).")
    return "\n".join(out)


def solve_worlds(facts: list[str], entry: str, extras: tuple[str, ...] = (),
                 file: str = "<worlds>", every_outcome: bool = False) -> list[Answer]:
    """One answer for each world (the first answer set). With `every_outcome`, a world whose
    step leaves a choice (it shows `choice/3`) also gets every outcome (`Answer.outcomes`):
    the worlds that choose are grounded together once more, apart from the others (a solve
    of a grounding costs as much as its every world, and each outcome of each world would
    cost one), and each is enumerated there with the others held to their first answer set.
    The worlds never meet, so a world's outcomes are exactly those it has alone."""
    import clingo

    from .control import ground
    from .problems import EncodingBug

    control = ground(program(entry, extras),
                     "\n".join(tagged(f, w) for w, f in enumerate(facts)), file).control
    found: list[Sequence[clingo.Symbol]] = []
    control.solve(on_model=lambda model: found.append(model.symbols(shown=True)))
    if not found:
        raise EncodingBug(f"the rules have no answer for {file}: this is a bug in ygocheck, "
                          "please report it with the snapshot")
    answers = _by_world(found[0], len(facts))
    choosing = [w for w, answer in enumerate(answers) if answer.has("choice")]
    if not every_outcome or not choosing:
        return answers
    if len(choosing) == len(facts):
        _every_outcome(control, found[0], answers)
        return answers
    del control
    apart = solve_worlds([facts[w] for w in choosing], entry, extras, file, every_outcome=True)
    for world, answer in zip(choosing, apart, strict=True):
        answers[world].outcomes = answer.outcomes
    return answers


def _by_world(symbols: Sequence[Any], count: int) -> list[Answer]:
    """The shown atoms of one answer set, sorted back by world, the world argument dropped."""
    import clingo

    answers = [Answer(atoms={}) for _ in range(count)]
    for symbol in symbols:
        arguments = symbol.arguments
        plain = clingo.Function(symbol.name, arguments[:-1])
        answers[arguments[-1].number].atoms.setdefault(symbol.name, []).append(plain)
    return answers


def _every_outcome(control: Any, first: Sequence[Any], answers: list[Answer]) -> None:
    """Every answer set of each world of a grounding where every world leaves a choice, the
    other worlds held to the choices of their first answer set. A step's answer sets differ in
    the choices they show (solve.py), so fixing a world's `choice` atoms (true where the first
    answer set has them, false elsewhere) leaves it that one answer set. At most MAX_OUTCOMES
    + 1 are enumerated, as `solve` does: the caller refuses more (solve.too_many_outcomes)."""
    from .solve import MAX_OUTCOMES

    chosen = {s for s in first if s.name == "choice"}
    literals: dict[int, list[int]] = {}
    for atom in control.symbolic_atoms.by_signature("choice", 4):
        literal = atom.literal if atom.symbol in chosen else -atom.literal
        literals.setdefault(atom.symbol.arguments[-1].number, []).append(literal)
    control.configuration.solve.models = str(MAX_OUTCOMES + 1)
    for world, answer in enumerate(answers):
        held = [lit for other, held_here in literals.items() if other != world
                for lit in held_here]
        answer.outcomes = _outcomes_of(control, held, world)


def _outcomes_of(control: Any, held: list[int], world: int) -> list[Answer]:
    """The answer sets of one world, under assumptions that hold every other world."""
    seen: list[Answer] = []

    def keep(model: Any) -> None:
        own = [s for s in model.symbols(shown=True) if s.arguments[-1].number == world]
        seen.append(_by_world(own, world + 1)[world])

    control.solve(assumptions=held, on_model=keep)
    return seen
