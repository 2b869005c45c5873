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
from typing import Any

from .solve import Answer

WORLD = "World__"


@lru_cache(maxsize=8)
def program(entry: str, extras: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """The statements of `entry` (and `extras`), each atom with the world as last argument."""
    from clingo import ast

    from .solve import parsed

    statements = parsed(entry, extras)
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

    rewrite = AddWorld()
    return tuple(rewrite(s) for s in statements)


def tagged(facts: str, world: int) -> str:
    """Facts written one to a line (`name(...).`, as ygocheck writes them), in one world."""
    out = [f"world({world})."]
    for line in facts.splitlines():
        line = line.strip()
        if line:
            out.append(f"{line[:-2]},{world}).")
    return "\n".join(out)


def solve_worlds(facts: list[str], entry: str, extras: tuple[str, ...] = (),
                 file: str = "<worlds>") -> list[Answer]:
    """One answer for each world (the first answer set: a world whose step leaves a choice
    must be solved alone for all its outcomes)."""
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
    answers = [Answer(atoms={}) for _ in facts]
    for symbol in found[0]:
        arguments = symbol.arguments
        plain = clingo.Function(symbol.name, arguments[:-1])
        answers[arguments[-1].number].atoms.setdefault(symbol.name, []).append(plain)
    return answers
