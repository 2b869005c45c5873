"""The shape of the rules and of the code around them (asp/main.lp's list of layers):

* in every program ygocheck builds (each entry file, with the files Python adds to it), every
  module of asp/ reads only what the layers before it (or its own layer) define, and every
  .lp file is in one of those programs;
* only asp/input.lp reads the raw instance (snapshot_*, definition*, request, and a deck
  list's deck_entry and deck_list), in every file, the ones with an #include too;
* in every module of ygocheck/ (subpackages too), outside the code that loads the rule
  catalogue: no rule ID, no default of the snapshot format, no decision by the phase, step,
  timing or window of the moment: each would be a game decision made outside the rules.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from ygocheck.resources import asp_folder

ROOT = Path(__file__).resolve().parent.parent
RAW = re.compile(r"^(snapshot_\w+|definition\w*|request|deck_entry|deck_list)$")
# A layer of several files: its modules may read each other.
GROUPS = ("legality/", "transition/", "output/")


INCLUDE = re.compile(r'^#include "([^"]+)"\.', re.MULTILINE)
# The programs ygocheck builds: an entry file and the files Python adds to it (solve.py's
# `extras`; asp/view.lp, added for `view`, includes knowledge.lp itself). A file Python names
# that is in none of them fails test_every_rule_file_is_in_a_checked_program.
PROGRAMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("main.lp", ()), ("main.lp", ("show_reasons.lp",)),
    ("question.lp", ()), ("question.lp", ("expand.lp",)),
    ("step.lp", ()), ("step.lp", ("view.lp",)),
    ("decklist.lp", ()), ("first.lp", ()),
)


def own_text(path: Path) -> str:
    """A file's own statements: its #include directives blanked (the files they name are
    checked as themselves), its lines kept."""
    return INCLUDE.sub(lambda match: " " * len(match.group(0)),
                       path.read_text(encoding="utf-8"))


@cache
def has_statements(path: Path) -> bool:
    """Whether a file has statements of its own besides its #include directives (rules,
    #show, #defined ...)."""
    from clingo import ast as clingo_ast

    statements: list[object] = []
    clingo_ast.parse_string(own_text(path), statements.append)
    # clingo 5.8 gives comments as statements too
    not_own = {clingo_ast.ASTType.Program, getattr(clingo_ast.ASTType, "Comment", None)}
    return any(getattr(s, "ast_type", None) not in not_own for s in statements)


def includes(entry: str) -> list[str]:
    """The files a program made of `entry` reads, in order: each included file in its place
    (its own includes first), then the file itself if it has statements of its own."""
    text = (asp_folder() / entry).read_text(encoding="utf-8")
    files: list[str] = []
    for name in INCLUDE.findall(text):
        files.extend(f for f in includes(name) if f not in files)
    if has_statements(asp_folder() / entry):   # not include-only
        files.append(entry)
    return files


def program(entry: str, extras: tuple[str, ...]) -> list[str]:
    files = includes(entry)
    for extra in extras:
        files.extend(f for f in includes(extra) if f not in files)
    return files


@cache
def predicates(path: Path) -> tuple[frozenset[str], frozenset[str]]:
    """The predicates a file defines (rule heads) and reads (bodies, conditions), by name."""
    from clingo import ast as clingo_ast

    from ygocheck.predicates import derived_by, read_by

    statements: list[object] = []
    clingo_ast.parse_string(own_text(path), statements.append)
    defined = {name for statement in statements for name, _ in derived_by(statement)}
    used = {name for statement in statements for name, _ in read_by(statement)}
    return frozenset(defined), frozenset(used)


def group(name: str) -> str:
    return next((g for g in GROUPS if name.startswith(g)), name)


def test_every_rule_file_is_in_a_checked_program() -> None:
    """Every .lp file of asp/ is read by a program the layer test checks, and every rule file
    Python names (an entry, an extra, a module it reads alone) is one of theirs."""
    checked = {name for entry, extras in PROGRAMS for name in program(entry, extras)}
    checked |= {name for entry, extras in PROGRAMS for name in (entry, *extras)}
    every = {p.relative_to(asp_folder()).as_posix() for p in asp_folder().rglob("*.lp")}
    assert every - checked == set(), "in no program of PROGRAMS (tests/test_layers.py)"
    for path in sorted((ROOT / "ygocheck").rglob("*.py")):
        named = set(re.findall(r"""["']([a-z_/]+\.lp)["']""", path.read_text(encoding="utf-8")))
        rule_files = {n for n in named if (asp_folder() / n).is_file()}
        assert rule_files <= checked, (f"{path.relative_to(ROOT)} names {rule_files - checked}: "
                                       "add the program it builds to PROGRAMS")


# The one exception, named here so that it stays one: the walk of legality/special_summon.lp
# decides whether a pool of monsters holds a set of materials, and a later layer may give it
# one more pool instead of a second copy of the walk: `--expand` (expand.lp) the set it picks,
# a Fusion Summon as its effect resolves (transition/effect_summon.lp) the set its player
# chooses.
POOLS_GIVEN_LATER = {("legality/special_summon.lp", "search", "expand.lp"),
                     ("legality/special_summon.lp", "walk_member", "expand.lp"),
                     ("legality/special_summon.lp", "search", "transition/"),
                     ("legality/special_summon.lp", "walk_member", "transition/")}


def test_each_module_reads_only_the_layers_before_it() -> None:
    folder = asp_folder()
    for entry, extras in PROGRAMS:
        files = program(entry, extras)
        order = [group(name) for name in files]
        position = {g: i for i, g in reversed(list(enumerate(order)))}
        definers: dict[str, set[str]] = {}   # predicate -> the layers that define it
        for name in files:
            for predicate in predicates(folder / name)[0]:
                definers.setdefault(predicate, set()).add(group(name))
        for name in files:
            here = position[group(name)]
            for predicate in sorted(predicates(folder / name)[1]):
                if RAW.match(predicate) or predicate not in definers:
                    continue
                later = [g for g in definers[predicate] if position[g] > here
                         and (name, predicate, g) not in POOLS_GIVEN_LATER]
                assert not later, (f"{entry} + {extras}: {name} reads {predicate}, which "
                                   f"{later} defines after it")


def test_only_input_reads_the_raw_instance() -> None:
    """Every file, the ones with an #include too (view.lp has rules of its own)."""
    for path in sorted(asp_folder().rglob("*.lp")):
        if path.relative_to(asp_folder()).as_posix() == "input.lp":
            continue
        _, used = predicates(path)
        raw = sorted(p for p in used if RAW.match(p))
        assert not raw, f"{path.relative_to(asp_folder())} reads the raw instance: {raw}"


RULE_ID = re.compile(r"\b(GAME|ZONE|CARD|SUMMON|TURN|PRIORITY|BATTLE|DSTEP|CHAIN|ACT|CONT|INFO|"
                     r"RESET|MISC)-\d+\b")


def python_files() -> list[Path]:
    """Every module of the package, its subpackages (official/, library/) included."""
    return sorted((ROOT / "ygocheck").rglob("*.py"))


def test_no_rule_is_named_in_python() -> None:
    for path in python_files():
        if path.name == "catalogue.py":   # it loads the catalogue: IDs are its data
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not RULE_ID.search(line), \
                f"{path.relative_to(ROOT)}:{number} names a rule: {line.strip()}"


# Keys of the snapshot whose default is input.lp's (first player, life points, controller,
# face, battle position): Python reading one with a default of its own would decide it.
DEFAULTED_KEYS = ("first_player", "lp", "controller", "face", "position")


def test_the_formats_defaults_live_in_the_rules() -> None:
    """8000 LP, the first player, a card's controller, the face of cards in the Deck and
    battle positions are input.lp's."""
    for path in python_files():
        where = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        assert "8000" not in text, f"{where} writes the default life points"
        assert not re.search(r"""["']down["']\s+if""", text), f"{where} decides a default face"
        assert not re.search(r"""["']defense["']\s+if""", text), \
            f"{where} decides a default battle position"
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("get", "setdefault") and len(node.args) == 2 and \
                    isinstance(node.args[0], ast.Constant) and \
                    node.args[0].value in DEFAULTED_KEYS and \
                    not (isinstance(node.args[1], ast.Constant) and node.args[1].value is None):
                raise AssertionError(f"{where}:{node.lineno} gives {node.args[0].value!r} a "
                                     f"default of its own: {ast.unparse(node)}")


# What the moment is (phase, step, timing, the window, who has priority or the turn) is the
# rules' to act on: Python comparing it with a word, or ranking its words, decides by it.
MOMENT_KEYS = ("phase", "step", "timing", "next_phase", "window", "turn_player", "priority")


def _reads_the_moment(node: object) -> bool:
    if isinstance(node, ast.Subscript):
        key = node.slice
        return isinstance(key, ast.Constant) and key.value in MOMENT_KEYS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "get" and node.args:
        key = node.args[0]
        return isinstance(key, ast.Constant) and key.value in MOMENT_KEYS
    if isinstance(node, ast.Name):
        return node.id in MOMENT_KEYS
    if isinstance(node, ast.Attribute):
        return node.attr in MOMENT_KEYS
    return False


def _words(node: object) -> list[str]:
    """The words of a literal: a text, or a tuple, list or set of texts."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and \
            all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return [e.value for e in node.elts]
    return []


def test_no_phase_word_decides_in_python() -> None:
    """No `state["phase"] == "battle"`, `phase in ("main1", "main2")` or `{"battle": 0,
    "end": 1}` in ygocheck/: which phase, step or timing it is, and their order, are the
    rules' (asp/vocabulary.lp lists the words in order; Python may check a value against
    that list and print it)."""
    from ygocheck.vocabulary import words

    moment_words = {w for domain in ("phase", "step", "timing", "next_phase", "window")
                    for w in words(domain)}
    for path in python_files():
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                compared = [w for side in sides for w in _words(side)]
                assert not (any(_reads_the_moment(side) for side in sides) and compared), \
                    f"{where}:{node.lineno} decides by the moment: {ast.unparse(node)}"
            if isinstance(node, ast.Dict) and len(node.keys) > 1 and all(
                    isinstance(k, ast.Constant) and k.value in moment_words for k in node.keys) \
                    and all(isinstance(v, ast.Constant) and isinstance(v.value, int)
                            for v in node.values):
                raise AssertionError(f"{where}:{node.lineno} ranks the moment's words: "
                                     f"{ast.unparse(node)}")
