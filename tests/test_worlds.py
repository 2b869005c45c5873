"""Many moments in one grounding (ygocheck/worlds.py): the program each moment is given a world
in, whether its statements come from the table written beforehand (worlds.json) or are
rewritten in the process."""

from __future__ import annotations

from typing import Any

import pytest

from ygocheck import worlds


def texts(statements: tuple[Any, ...]) -> list[str]:
    return [str(s) for s in statements]


def test_the_table_and_the_rewrite_give_one_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program read through the table is the program the rewrite makes, statement for
    statement (the table is current, tests/test_schemas.py; here the two paths meet)."""
    from clingo import ast

    from ygocheck.solve import parsed

    entry = "legality/attack.lp"
    through_table = worlds.program.__wrapped__(entry, ())
    monkeypatch.setattr(worlds, "_table", lambda: {})
    rewritten_here = worlds.program.__wrapped__(entry, ())
    assert texts(through_table) == texts(rewritten_here)
    statements = [s for s in parsed(entry) if s.ast_type != ast.ASTType.Comment]
    assert texts(rewritten_here)[1:] == [str(worlds.rewritten(s)) for s in statements]
    # Each rule now reads its world and names it in every atom.
    rules = [s for s in rewritten_here if s.ast_type == ast.ASTType.Rule]
    assert rules and all(f"world({worlds.WORLD})" in str(r) for r in rules)


def test_a_statement_the_table_does_not_hold_is_rewritten() -> None:
    """A table older than the rules costs time, never a different program: a statement it does
    not hold is rewritten as the table would have written it."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string("a(X) :- b(X), not c. d(1;2). #show a/1.", statements.append)
    rule, fact, show = (str(worlds.rewritten(s)) for s in statements[1:])
    assert rule == f"a(X,{worlds.WORLD}) :- b(X,{worlds.WORLD}); not c({worlds.WORLD}); " \
                   f"world({worlds.WORLD})."
    # A pool: each of its atoms in the world.
    assert fact == f"d(1,{worlds.WORLD};2,{worlds.WORLD}) :- world({worlds.WORLD})."
    assert show == "#show a/2."
