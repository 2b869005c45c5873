"""What a rule needs and what it may derive, as ygocheck/prune.py reads them.

A rule's *shape*: its positive body literals of one plain atom (what must match for it to
fire), the atoms of its head (what it may derive), and the variables a comparison of its body
makes equal to a name. Each atom is its predicate and, for each argument, the name of its
constant or function term ("" for a tuple), "#num" or "#str" for a number or a string, a
variable of the rule, or None (a term whose value is only known when grounded: it matches
anything). Reading a shape through clingo's AST costs some 0.15 ms a rule, so the shapes of
every statement of asp/ (and of its rewriting for many moments, worlds.py) are written
beforehand (ygocheck/rule_shapes.json, by `python -m ygocheck.generate`) under a digest of
the statement's text; a statement the table lacks (the rules changed since) is read here.
A table older than the rules costs time, never a different shape.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

# An argument as far as a match can tell: the name of a constant or of a function term ("" for
# a tuple), "#num", "#str", a variable of the rule, or None (a term whose value is only known
# when grounded: it matches anything).
Argument = Any
Pattern = tuple[Any, ...]
Signature = tuple[str, int]
# clingo's kinds of symbol (set by clingo_kinds, once clingo is imported).
_FUNCTION: Any = None
_NUMBER: Any = None
_STRING: Any = None


# Named tuples, not dataclasses: a process makes some 20,000 of them from the table written
# beforehand, and a frozen dataclass costs several times a tuple to make.
class Variable(NamedTuple):
    name: str


class Atom(NamedTuple):
    signature: Signature
    pattern: Pattern

    @property
    def key(self) -> tuple[Signature, Pattern]:
        """The predicate and the pattern with each variable as anything: what a match reads."""
        return (self.signature, tuple(None if isinstance(a, Variable) else a
                                      for a in self.pattern))

    @property
    def variables(self) -> tuple[tuple[int, str], ...]:
        return tuple((i, a.name) for i, a in enumerate(self.pattern) if isinstance(a, Variable))


class Need(NamedTuple):
    """A positive body literal, ready for matching."""

    signature: Signature
    key: tuple[Signature, Pattern]
    variables: tuple[tuple[int, str], ...]


class Shape(NamedTuple):
    """A rule as the pruning sees it: what it needs and what it may derive."""

    needs: tuple[Need, ...]
    derives: tuple[Atom, ...]
    # Variables a comparison of the body makes equal to a constant or a function term
    # (`A = special_summon(P, _, _)`): the name it takes.
    equal: tuple[tuple[str, str], ...] = ()


def _argument(term: Any) -> Argument:
    from clingo import ast

    kind = term.ast_type
    if kind == ast.ASTType.SymbolicTerm:
        return symbol_argument(term.symbol)
    if kind == ast.ASTType.Function and not term.external:
        return term.name
    if kind == ast.ASTType.Variable and term.name != "_":
        return Variable(term.name)
    return None


def symbol_argument(symbol: Any) -> Argument:
    kind = symbol.type
    if kind == _FUNCTION:
        return symbol.name
    return "#num" if kind == _NUMBER else "#str" if kind == _STRING else None


def _atoms_of(atom: Any) -> list[Atom]:
    """The atoms a symbolic atom stands for (one per alternative of a pool); [] for one whose
    shape is not plain (it is then never a need, and as a head it derives anything of its
    predicates: `_any_of`)."""
    from clingo import SymbolType, ast

    if atom.ast_type != ast.ASTType.SymbolicAtom:
        return []
    sign, terms = _alternatives(atom)
    found = []
    for one in terms:
        if one.ast_type == ast.ASTType.SymbolicTerm and \
                one.symbol.type == SymbolType.Function and not one.symbol.arguments:
            found.append(Atom((sign + one.symbol.name, 0), ()))
        elif one.ast_type == ast.ASTType.Function and not one.external:
            found.append(Atom((sign + one.name, len(one.arguments)),
                              tuple(_argument(a) for a in one.arguments)))
        else:
            return []
    return found


def _alternatives(atom: Any) -> tuple[str, list[Any]]:
    """A symbolic atom's sign ("-" for a classical negation) and the terms it stands for (one
    per alternative of a pool)."""
    from clingo import ast

    term = atom.symbol
    sign = ""
    if term.ast_type == ast.ASTType.UnaryOperation:
        sign, term = "-", term.argument
    return sign, list(term.arguments) if term.ast_type == ast.ASTType.Pool else [term]


def _head_atoms(head: Any) -> list[Atom] | None:
    """The atoms a head may derive; None where the head's shape is not understood (the rule
    is then kept and treated as deriving anything of the predicates it names)."""
    from clingo import ast

    kind = head.ast_type
    if kind == ast.ASTType.Literal:
        if head.atom.ast_type == ast.ASTType.BooleanConstant:
            return []
        found = _atoms_of(head.atom)
        return found if found and head.sign == ast.Sign.NoSign else None
    if kind in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
        found = []
        for element in head.elements:
            atoms = _atoms_of(element.literal.atom)
            if not atoms:
                return None
            found.extend(atoms)
        return found
    if kind == ast.ASTType.HeadAggregate:
        found = []
        for element in head.elements:
            atoms = _atoms_of(element.condition.literal.atom)
            if not atoms:
                return None
            found.extend(atoms)
        return found
    return None


def _any_of(head: Any) -> list[Atom]:
    """Every atom a head not understood names, with any arguments: it may derive them all."""
    from clingo import ast

    found: list[Atom] = []

    class Names(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            for one in _atoms_of(atom) or _loose_atoms(atom):
                found.append(Atom(one.signature, (None,) * one.signature[1]))
            return atom

    Names()(head)
    return found


def _loose_atoms(atom: Any) -> list[Atom]:
    """A symbolic atom whose shape `_atoms_of` does not read: its predicates by name."""
    from clingo import ast

    sign, terms = _alternatives(atom)
    found = []
    for one in terms:
        if one.ast_type == ast.ASTType.Function:
            found.append(Atom((sign + one.name, len(one.arguments)), ()))
        elif one.ast_type == ast.ASTType.SymbolicTerm:
            found.append(Atom((sign + one.symbol.name, len(one.symbol.arguments)), ()))
        else:
            from .problems import EncodingBug

            raise EncodingBug(f"the rules hold an atom ygocheck cannot read the predicate of: "
                              f"{atom}; this is a bug in ygocheck")
    return found


def _shape(rule: Any) -> Shape:
    """What a rule needs (its positive body literals of one plain atom) and may derive."""
    from clingo import ast

    derives = _head_atoms(rule.head)
    if derives is None:
        derives = _any_of(rule.head)
    needs = []
    equal = []
    for literal in rule.body:
        if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign:
            continue
        if literal.atom.ast_type == ast.ASTType.Comparison:
            equal.extend(_equalities(literal.atom))
            continue
        atoms = _atoms_of(literal.atom)
        if len(atoms) == 1:
            needs.append(Need(atoms[0].signature, atoms[0].key, atoms[0].variables))
    return Shape(tuple(needs), tuple(derives), tuple(equal))


def _equalities(comparison: Any) -> list[tuple[str, str]]:
    """`X = name` or `X = name(...)` (either side): X takes that name."""
    from clingo import ast

    if len(comparison.guards) != 1 or \
            comparison.guards[0].comparison != ast.ComparisonOperator.Equal:
        return []
    left, right = comparison.term, comparison.guards[0].term
    for one, other in ((left, right), (right, left)):
        value = _argument(other)
        if one.ast_type == ast.ASTType.Variable and isinstance(value, str):
            return [(one.name, value)]
    return []


def clingo_kinds() -> None:
    global _FUNCTION, _NUMBER, _STRING
    from clingo import SymbolType

    _FUNCTION, _NUMBER, _STRING = SymbolType.Function, SymbolType.Number, SymbolType.String


_SHAPES: dict[int, tuple[Any, Shape | None]] = {}


def shape_of(statement: Any) -> Shape | None:
    """A statement's Shape, None for one that is not a rule (always kept): from the table
    written beforehand, or read from the statement where the table lacks it. Kept per
    statement object: the parsed rules are made once per process (solve.py)."""
    from clingo import ast

    kept = _SHAPES.get(id(statement))
    if kept is not None and kept[0] is statement:
        return kept[1]
    made: Shape | None = None
    if statement.ast_type in (ast.ASTType.Rule, ast.ASTType.External):
        written = _table().get(digest(str(statement)))
        made = decoded(written) if written is not None else None
        if made is None:
            made = read(statement)
    _SHAPES[id(statement)] = (statement, made)
    return made


def read(statement: Any) -> Shape:
    """The shape of a rule, or of an #external (its atom may be made true from outside: it
    may hold whenever its body may), through clingo's AST."""
    from clingo import ast

    clingo_kinds()
    if statement.ast_type == ast.ASTType.External:
        statement = ast.Rule(statement.location, ast.Literal(
            statement.location, ast.Sign.NoSign, statement.atom), statement.body)
    return _shape(statement)


# --- the table written beforehand --------------------------------------------------------------
# A shape as one line of text (a JSON object of thousands of lists loads slowly):
# `needs|derives|equal`, each a `;`-separated list; an atom `name/arity:arguments`, its
# arguments `,`-separated, each `?Name` for a variable, `=name` for a constant or a function
# term's name (`=` alone for a tuple), `=#num`, `=#str`, or nothing (anything); an equality
# `Name=name`. Names of predicates, constants and variables hold none of `|;,:/=?`.

TABLE = Path(__file__).with_name("rule_shapes.json")


def digest(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    """The shapes written beforehand, by digest (nothing when the file is missing or of
    another shape)."""
    import json

    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    shapes = data.get("shapes") if isinstance(data, dict) else None
    return shapes if isinstance(shapes, dict) else {}


def _atom_text(signature: Signature, pattern: Pattern) -> str:
    arguments = ",".join("" if a is None else f"?{a.name}" if isinstance(a, Variable)
                         else f"={a}" for a in pattern)
    return f"{signature[0]}/{signature[1]}:{arguments}"


def encoded(shape: Shape) -> str:
    needs = ";".join(_atom_text(n.signature, _need_pattern(n)) for n in shape.needs)
    derives = ";".join(_atom_text(a.signature, a.pattern) for a in shape.derives)
    equal = ";".join(f"{name}={value}" for name, value in shape.equal)
    return f"{needs}|{derives}|{equal}"


def _need_pattern(need: Need) -> Pattern:
    """A need's pattern with its variables in place."""
    named = dict(need.variables)
    return tuple(Variable(named[i]) if i in named else a for i, a in enumerate(need.key[1]))


def _arguments(text: str, count: int) -> tuple[Any, ...]:
    parts = text.split(",") if count else []
    if len(parts) != count:
        raise ValueError(text)
    found: list[Any] = []
    for part in parts:
        if not part:
            found.append(None)
        elif part[0] == "?":
            found.append(Variable(part[1:]))
        elif part[0] == "=":
            found.append(part[1:])
        else:
            raise ValueError(text)
    return tuple(found)


# Atoms repeat across rules (card(C), zone(C, Z)): each text is read once a process.
_READ_ATOMS: dict[str, Atom] = {}
_READ_NEEDS: dict[str, Need] = {}


def _atom_read(text: str) -> Atom:
    known = _READ_ATOMS.get(text)
    if known is not None:
        return known
    head, _, arguments = text.partition(":")
    name, _, arity = head.rpartition("/")
    count = int(arity)
    made = _READ_ATOMS[text] = Atom((name, count), _arguments(arguments, count))
    return made


def _need_read(text: str) -> Need:
    known = _READ_NEEDS.get(text)
    if known is not None:
        return known
    atom = _atom_read(text)
    made = _READ_NEEDS[text] = Need(atom.signature, atom.key, atom.variables)
    return made


def decoded(text: Any) -> Shape | None:
    """A shape from the table; None where the entry is not one (then the statement is read)."""
    try:
        needs, derives, equal = str(text).split("|")
        return Shape(
            tuple(_need_read(t) for t in needs.split(";") if t),
            tuple(_atom_read(t) for t in derives.split(";") if t),
            tuple((name, value) for name, _, value in
                  (t.partition("=") for t in equal.split(";") if t)))
    except ValueError:
        return None


def table_text() -> str:
    """rule_shapes.json: the shape of every rule of every file of asp/ and of its rewriting
    for many moments in one grounding (worlds.py), under the digest of its text."""
    import json

    from clingo import ast

    from .worlds import every_rewritten, every_statement

    found: dict[str, Any] = {}
    for statement in [*every_statement(), *every_rewritten()]:
        if statement.ast_type in (ast.ASTType.Rule, ast.ASTType.External):
            found[digest(str(statement))] = encoded(read(statement))
    return json.dumps({"shapes": found}, indent=0, sort_keys=True, ensure_ascii=False) + "\n"
