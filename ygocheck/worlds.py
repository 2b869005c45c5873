"""Many moments in one grounding: the same rules, every atom given one more argument, the
moment it belongs to (its world), but the atoms that are the same in every world (the shared
predicates: the vocabulary and what follows from it alone), grounded once for all.

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

from .rule_shapes import digest
from .solve import Answer

WORLD = "World__"
# A predicate: its name and arity.
Signature = tuple[str, int]


def program(entry: str, extras: tuple[str, ...] = (), shared: bool = True) -> tuple[Any, ...]:
    """The statements of `entry` (and `extras`), each atom with the world as last argument,
    except the atoms of the predicates every world shares (`shared_predicates`: the
    vocabulary, the registry, what follows from them alone), grounded once for all worlds.
    With `shared` False every atom is in a world (for facts that name a shared predicate)."""
    return rewriting(entry, extras, shared)[0]


@lru_cache(maxsize=16)
def rewriting(entry: str, extras: tuple[str, ...] = (), shared: bool = True) \
        -> tuple[tuple[Any, ...], frozenset[Signature]]:
    """`program`, and the shared predicates it leaves out of the worlds.

    Rewriting a statement through clingo's AST costs some 0.7 ms (the whole of asp/ 4 s of
    CPU, once per process and program), so the rewritten text of every statement of asp/ is
    written beforehand (worlds.json, by `python -m ygocheck.generate`), under a digest of the
    statement's own text, with the shared predicates of the whole of asp/ as it was then.
    When the table lacks a statement of the program, the rules changed since it was written:
    the shared predicates are found again and the program rewritten here. A table older than
    the rules costs time, never a different program (tests/test_worlds.py compares the
    paths): the predicates shared then are shared by every program made of statements it
    holds, since a program made of fewer statements has fewer rules that would put them in a
    world."""
    from clingo import ast

    from .solve import parsed

    statements = [s for s in parsed(entry, extras) if s.ast_type != ast.ASTType.Comment]
    table, shared_then = _table()
    found = [table.get(digest(str(s))) for s in statements]
    if shared and all(text is not None for text in found):
        texts, used = [text for text in found if text is not None], shared_then
    else:
        used = shared_predicates() if shared else frozenset()
        texts = [str(rewritten(s, used)) for s in statements]
    result: list[Any] = []
    ast.parse_string("\n".join(texts), result.append)
    return tuple(result), used


TABLE = Path(__file__).with_name("worlds.json")


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str], frozenset[Signature]]:
    """The rewritten statements written beforehand and the shared predicates they were written
    with (nothing when the file is missing or of another shape)."""
    import json

    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
        statements = data["statements"]
        shared = frozenset((str(name), int(arity)) for name, arity in data["shared"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}, frozenset()
    return (statements, shared) if isinstance(statements, dict) else ({}, frozenset())


def every_statement() -> list[Any]:
    """Every statement of every file of asp/, once each (an entry file's includes come
    again)."""
    from clingo import ast

    from .resources import asp_folder

    seen: set[str] = set()
    found: list[Any] = []
    for path in sorted(asp_folder().rglob("*.lp")):
        statements: list[Any] = []
        ast.parse_files([str(path)], statements.append)
        for statement in statements:
            text = str(statement)
            if statement.ast_type != ast.ASTType.Comment and text not in seen:
                seen.add(text)
                found.append(statement)
    return found


def every_rewritten() -> list[Any]:
    """Every statement of every file of asp/, rewritten with the shared predicates of asp/
    (as worlds.json holds them), parsed back into statements."""
    from clingo import ast

    shared = shared_predicates()
    found: list[Any] = []
    for statement in every_statement():
        ast.parse_string(str(rewritten(statement, shared)), found.append)
    return [s for s in found if s.ast_type != ast.ASTType.Program]


def table_text() -> str:
    """worlds.json: every statement of every file of asp/, rewritten, under its digest, and
    the shared predicates of asp/ it was rewritten with."""
    import json

    statements = every_statement()
    shared = _shared_in(statements)
    found = {digest(str(s)): str(rewritten(s, shared)) for s in statements}
    return json.dumps({"shared": sorted([name, arity] for name, arity in shared),
                       "statements": found}, indent=0, sort_keys=True,
                      ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def shared_predicates() -> frozenset[Signature]:
    """The predicates of asp/ whose atoms are the same in every world: those defined only by
    rules with a plain head whose bodies read shared predicates alone (the vocabulary's and the
    registry's facts and what follows from them). A predicate read but defined by no rule is
    an input, in its world; a shown one is in its world (the answer is sorted by world); so
    is the head of a choice, a disjunction or an aggregate head. Computed over the whole of
    asp/, so it holds for every program made from its files."""
    return _shared_in(every_statement())


def _shared_in(statements: list[Any]) -> frozenset[Signature]:
    from clingo import ast

    heads: set[Signature] = set()
    plain: list[tuple[Signature, set[Signature | None]]] = []
    own: set[Signature] = set()     # in a world whatever its rules read
    for statement in statements:
        kind = statement.ast_type
        if kind == ast.ASTType.Rule:
            head = _plain_head(statement.head)
            body = _signatures(statement.body)
            if head is not None:
                heads.add(head)
                plain.append((head, body))
            else:
                found = {s for s in _defined_by(statement.head) if s is not None}
                heads |= found
                own |= found
        elif kind in (ast.ASTType.ShowSignature, ast.ASTType.Defined):
            own.add((statement.name, statement.arity))
        elif kind != ast.ASTType.Program:
            own |= {s for s in _signatures([statement]) if s is not None}
    read = {s for _, body in plain for s in body}
    own |= {s for s in read if s is not None and s not in heads}
    changed = True
    while changed:
        changed = False
        for head, body in plain:
            if head not in own and any(s is None or s in own for s in body):
                own.add(head)
                changed = True
    return frozenset(heads - own)


def _plain_head(head: Any) -> Signature | None:
    """The predicate of a head that is one positive atom (or a pool of atoms of one
    predicate), else None."""
    from clingo import ast

    if head.ast_type != ast.ASTType.Literal or head.sign != ast.Sign.NoSign or \
            head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    found = _signature(head.atom.symbol)
    return found if isinstance(found, tuple) else None


def _signature(symbol: Any) -> Signature | None:
    from clingo import SymbolType, ast

    if symbol.ast_type == ast.ASTType.Function and not symbol.external:
        return (symbol.name, len(symbol.arguments))
    if symbol.ast_type == ast.ASTType.SymbolicTerm and \
            symbol.symbol.type == SymbolType.Function:
        return (symbol.symbol.name, len(symbol.symbol.arguments))
    if symbol.ast_type == ast.ASTType.Pool:
        found = {_signature(s) for s in symbol.arguments}
        return found.pop() if len(found) == 1 else None
    return None


def _defined_by(head: Any) -> set[Signature | None]:
    """The predicates a head that is not one plain atom derives (a choice's, a disjunction's
    or a head aggregate's atoms, not those of their conditions, which it only reads)."""
    from clingo import ast

    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        return _signatures([element.literal for element in head.elements])
    if head.ast_type == ast.ASTType.HeadAggregate:
        return _signatures([element.condition.literal for element in head.elements])
    return _signatures([head])


def _signatures(nodes: Any) -> set[Signature | None]:
    """The predicates of every atom in the nodes (None for an atom of a shape not read here:
    whatever reads it is in its world)."""
    from clingo import ast

    found: set[Signature | None] = set()

    class Collect(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            found.add(_signature(atom.symbol))
            return atom

    collect = Collect()
    for node in nodes:
        collect(node)
    return found


def rewritten(statement: Any, shared: frozenset[Signature] = frozenset()) -> Any:
    """One statement with the world as last argument of each atom (but those of the shared
    predicates), and `world(W)` in the body of each rule whose head is in a world."""
    return _add_world(shared)(statement)


@lru_cache(maxsize=4)
def _add_world(shared: frozenset[Signature]) -> Any:
    from clingo import ast

    location = ast.Location(ast.Position("<worlds>", 1, 1), ast.Position("<worlds>", 1, 1))

    def world() -> Any:
        return ast.Variable(location, WORLD)

    def with_world(symbol: Any) -> Any:
        if _signature(symbol) in shared:
            return symbol
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
            if (statement.name, statement.arity) in shared:
                return statement
            return statement.update(arity=statement.arity + 1)

        def visit_ShowTerm(self, statement: Any) -> Any:
            return statement.update(term=with_world(statement.term),
                                    body=[self(b) for b in statement.body] + [in_world])

        def visit_Rule(self, rule: Any) -> Any:
            if _plain_head(rule.head) in shared:
                return rule      # its body reads shared predicates alone: once for all
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


def _names_shared(facts: list[str], shared: frozenset[Signature]) -> bool:
    """Whether a fact names a shared predicate (its atoms would then differ between worlds:
    every atom must be in its world)."""
    names = {name for name, _ in shared}
    return any(line.strip().split("(", 1)[0].rstrip(".") in names
               for text in facts for line in text.splitlines() if line.strip())


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

    statements, shared = rewriting(entry, extras)
    if _names_shared(facts, shared):
        statements = program(entry, extras, shared=False)
    control = ground(statements, "\n".join(tagged(f, w) for w, f in enumerate(facts)),
                     file).control
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
    of_world: dict[int, set[Any]] = {}
    for symbol in first:
        of_world.setdefault(symbol.arguments[-1].number, set()).add(symbol)
    every = set(first)
    for world, answer in enumerate(answers):
        held = [lit for other, held_here in literals.items() if other != world
                for lit in held_here]
        answer.outcomes = _outcomes_of(control, held, world,
                                       every - of_world.get(world, set()))


def _outcomes_of(control: Any, held: list[int], world: int, others: set[Any]) -> list[Answer]:
    """The answer sets of one world, under assumptions that hold every other world: the shown
    atoms of the others (`others`, from the first answer set) are left out before the world
    of each atom is read, which is what costs (most atoms of a model are the others')."""
    seen: list[Answer] = []

    def keep(model: Any) -> None:
        own = [s for s in model.symbols(shown=True)
               if s not in others and s.arguments[-1].number == world]
        seen.append(_by_world(own, world + 1)[world])

    control.solve(assumptions=held, on_model=keep)
    return seen
