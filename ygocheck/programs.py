"""The rules of each entry point written beforehand as text, part by part, for control.ground.

Parsing asp/ into clingo's AST costs some 45 ms a process and loading the files (which gringo
parses itself) about 30 ms, and neither lets the rules that cannot apply be left out before
they are grounded (prune.py) for a loaded file. So the statements of each program ygocheck
grounds are written beforehand (ygocheck/programs.json, by `python -m ygocheck.generate`): each
statement's text and, for a rule, its shape (rule_shapes.py) under the digest of that text,
and for each program the digests of its statements by part, with one digest of every file of
asp/. While asp/ has that digest, a program is built from its text; once any file changed it
is parsed (solve.py): an old table costs time, never a different program.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .rule_shapes import Shape, decoded, digest, encoded, read

TABLE = Path(__file__).with_name("programs.json")
# The programs ygocheck grounds: an entry file and the files added to it (solve.py).
PROGRAMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("main.lp", ()), ("main.lp", ("show_reasons.lp",)), ("question.lp", ()),
    ("question.lp", ("expand.lp",)), ("step.lp", ()), ("step.lp", ("view.lp",)))


@dataclass(frozen=True)
class Written:
    """A statement of a program written beforehand: its text and what it needs and derives
    (None for one that is not a rule: always kept)."""

    text: str
    shape: Shape | None


def _key(entry: str, extras: tuple[str, ...]) -> str:
    return " ".join((entry, *extras))


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    import json

    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _asp_digest(folder: Path) -> str:
    """One digest of every rule file of asp/, its path and its text: a program is built from
    the table only while no file of asp/ changed (an include added to an entry file among
    them)."""
    return digest("\n".join(f"{path.relative_to(folder)}\n{_file_text(path)}"
                             for path in sorted(folder.rglob("*.lp"))))


def _file_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=16)
def written(entry: str, extras: tuple[str, ...] = ()) -> dict[str, list[Written]] | None:
    """The statements of a program by part, as written beforehand; None when the table does
    not hold the program as its files are now."""
    from .resources import asp_folder

    table = _table()
    folder = asp_folder()
    try:
        program = table["programs"][_key(entry, extras)]
        texts = table["texts"]
        if table["asp"] != _asp_digest(folder):
            return None
        parts = {str(part): [_statement(texts[d]) for d in digests]
                 for part, digests in program["parts"].items()}
    except (OSError, KeyError, TypeError, AttributeError, ValueError):
        return None
    return parts


def _statement(entry: Any) -> Written:
    text, shape = entry
    if shape is None:
        return Written(str(text), None)
    made = decoded(shape)
    if made is None:
        raise ValueError(f"not a shape: {shape}")
    return Written(str(text), made)


def table_text() -> str:
    """programs.json: the digest of asp/ as it is, the digests of each program's statements
    by part, and the text and shape of every statement under its digest."""
    import json

    from clingo import ast

    from .resources import asp_folder
    from .solve import parsed

    folder = asp_folder()
    texts: dict[str, list[str | None]] = {}
    programs: dict[str, Any] = {}
    for entry, extras in PROGRAMS:
        parts: dict[str, list[str]] = {}
        part = "base"
        for statement in parsed(entry, extras):
            if statement.ast_type == ast.ASTType.Comment:
                continue
            if statement.ast_type == ast.ASTType.Program:
                part = statement.name
                continue
            text = str(statement)
            rule = statement.ast_type in (ast.ASTType.Rule, ast.ASTType.External)
            texts[digest(text)] = [text, encoded(read(statement)) if rule else None]
            parts.setdefault(part, []).append(digest(text))
        programs[_key(entry, extras)] = {"parts": parts}
    return json.dumps({"asp": _asp_digest(folder), "programs": programs, "texts": texts},
                      indent=0, sort_keys=True,
                      ensure_ascii=False) + "\n"
