"""Which predicates a statement of the rules mentions, derives and reads (clingo's AST).

One helper for every place that asks it of the rules: the layer and part tests
(tests/test_layers.py, tests/test_parts.py) and the grounding profile
(benchmarks/profile.py). A predicate is (name, arity); an atom written as a pool,
`a(1);b(2)`, stands for each of its alternatives.
"""

from __future__ import annotations

from typing import Any

Predicate = tuple[str, int]


def mentioned(node: Any) -> set[Predicate]:
    """Every predicate an AST node (a statement, a literal, a list of them) names."""
    from clingo import ast

    found: set[Predicate] = set()

    def add(symbol: Any) -> None:
        kind = symbol.ast_type
        if kind == ast.ASTType.Function:
            found.add((symbol.name, len(symbol.arguments)))
        elif kind == ast.ASTType.SymbolicTerm:
            found.add((str(symbol.symbol), 0))
        elif kind == ast.ASTType.Pool:
            for alternative in symbol.arguments:
                add(alternative)

    def walk(item: Any) -> None:
        if isinstance(item, ast.AST):
            if item.ast_type == ast.ASTType.SymbolicAtom:
                add(item.symbol)
                return
            for key in item.child_keys:
                walk(getattr(item, key))
        elif not isinstance(item, (str, bytes)) and hasattr(item, "__iter__"):
            for part in item:
                walk(part)

    walk(node)
    return found


def derived_by(statement: Any) -> set[Predicate]:
    """The predicates a rule's head derives (none for any other statement): the atom of a
    plain head, and the literal of each element of a choice, head aggregate or disjunction
    (not their conditions, which are read)."""
    from clingo import ast

    if statement.ast_type != ast.ASTType.Rule:
        return set()
    head = statement.head
    if head.ast_type == ast.ASTType.Literal:
        return mentioned(head)
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        return mentioned([element.literal for element in head.elements])
    if head.ast_type == ast.ASTType.HeadAggregate:
        return mentioned([element.condition.literal for element in head.elements])
    return set()


def read_by(statement: Any) -> set[Predicate]:
    """The predicates a statement reads: a rule's body and the conditions in its head; a
    `#show` term's body. Other statements read nothing."""
    from clingo import ast

    kind = statement.ast_type
    if kind == ast.ASTType.Rule:
        reads = mentioned(statement.body)
        head = statement.head
        if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
            reads |= mentioned([element.condition for element in head.elements])
        elif head.ast_type == ast.ASTType.HeadAggregate:
            reads |= mentioned([element.condition.condition for element in head.elements])
        return reads
    if kind == ast.ASTType.ShowTerm:
        return mentioned(statement.body)
    return set()
