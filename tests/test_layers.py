"""The shape of the rules and of the code around them (asp/main.lp's list of layers):

* every module of asp/ reads only what the layers before it (or its own layer) define;
* only asp/input.lp reads the raw instance (snapshot_*, definition*, request, and a deck
  list's deck_entry and deck_list);
* no rule ID and no default of the snapshot format is written in Python outside the code
  that loads the rule catalogue: a rule named in ygocheck/ would be a game decision made
  outside the rules.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ygocheck.resources import asp_folder

ROOT = Path(__file__).resolve().parent.parent
RAW = re.compile(r"^(snapshot_\w+|definition\w*|request|deck_entry|deck_list)$")
# A layer of several files: its modules may read each other.
GROUPS = ("legality/", "transition/", "output/")


def includes(entry: str) -> list[str]:
    text = (asp_folder() / entry).read_text(encoding="utf-8")
    files: list[str] = []
    for name in re.findall(r'^#include "([^"]+)"\.', text, re.MULTILINE):
        if name.endswith(("main.lp",)):
            files.extend(includes(name))
        else:
            files.append(name)
    return files


@cache
def predicates(path: Path) -> tuple[frozenset[str], frozenset[str]]:
    """The predicates a file defines (rule heads) and reads (bodies, conditions)."""
    from clingo import ast

    defined: set[str] = set()
    used: set[str] = set()

    def atoms(node: object, into: set[str]) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.SymbolicAtom:
                symbol = node.symbol
                if symbol.ast_type == ast.ASTType.Function:
                    into.add(symbol.name)
                elif symbol.ast_type == ast.ASTType.Pool:
                    for item in symbol.arguments:
                        if item.ast_type == ast.ASTType.Function:
                            into.add(item.name)
                elif symbol.ast_type == ast.ASTType.SymbolicTerm:
                    into.add(str(symbol.symbol))
                return
            for key in node.child_keys:
                atoms(getattr(node, key), into)
        elif not isinstance(node, (str, bytes)) and hasattr(node, "__iter__"):
            for item in node:
                atoms(item, into)

    def visit(statement: object) -> None:
        kind = statement.ast_type
        if kind == ast.ASTType.Rule:
            head = statement.head
            if head.ast_type in (ast.ASTType.Literal,):
                atoms(head, defined)
            elif head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.HeadAggregate,
                                   ast.ASTType.Disjunction):
                for element in head.elements:
                    target = element.literal if hasattr(element, "literal") else element
                    atoms(getattr(target, "atom", target), defined)
                    atoms(getattr(element, "condition", []), used)
            atoms(statement.body, used)
        elif kind == ast.ASTType.ShowTerm:
            atoms(statement.body, used)

    ast.parse_string(path.read_text(encoding="utf-8"), visit)
    return frozenset(defined), frozenset(used)


def group(name: str) -> str:
    return next((g for g in GROUPS if name.startswith(g)), name)


def test_each_module_reads_only_the_layers_before_it() -> None:
    for entry in ("main.lp", "step.lp", "question.lp", "decklist.lp"):
        files = includes(entry)
        seen: set[str] = set()
        layer: dict[str, str] = {}
        order = []
        for name in files:
            defined, _ = predicates(asp_folder() / name)
            for predicate in defined:
                layer.setdefault(predicate, group(name))
            order.append(group(name))
        position = {g: i for i, g in reversed(list(enumerate(order)))}
        for name in files:
            here = position[group(name)]
            _, used = predicates(asp_folder() / name)
            for predicate in sorted(used):
                if RAW.match(predicate) or predicate not in layer:
                    continue
                definers = {g for n in files for g in [group(n)]
                            if predicate in predicates(asp_folder() / n)[0]}
                later = [g for g in definers if position[g] > here]
                assert not later, (f"{entry}: {name} reads {predicate}, which {later} defines "
                                   "after it")
            seen.add(name)


def test_only_input_reads_the_raw_instance() -> None:
    for path in sorted(asp_folder().rglob("*.lp")):
        if path.name == "input.lp" or "#include" in path.read_text(encoding="utf-8"):
            continue
        _, used = predicates(path)
        raw = sorted(p for p in used if RAW.match(p))
        assert not raw, f"{path.relative_to(asp_folder())} reads the raw instance: {raw}"


RULE_ID = re.compile(r"\b(GAME|ZONE|CARD|SUMMON|TURN|PRIORITY|BATTLE|DSTEP|CHAIN|ACT|CONT|INFO|"
                     r"RESET|MISC)-\d+\b")


def test_no_rule_is_named_in_python() -> None:
    for path in sorted((ROOT / "ygocheck").glob("*.py")):
        if path.name == "catalogue.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not RULE_ID.search(line), f"{path.name}:{number} names a rule: {line.strip()}"


def test_the_formats_defaults_live_in_the_rules() -> None:
    """8000 LP, the face of cards in the Deck and battle positions are input.lp's."""
    for path in sorted((ROOT / "ygocheck").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "8000" not in text, f"{path.name} writes the default life points"
        assert not re.search(r"""["']down["']\s+if""", text), \
            f"{path.name} decides a default face"
        assert not re.search(r"""["']defense["']\s+if""", text), \
            f"{path.name} decides a default battle position"
