"""`python -m ygocheck.generate`: write the files the project derives from its own sources.

* docs/rules.md, from asp/catalogue.yaml, the rule IDs in asp/ and the ruling files;
* schemas/*.json, the JSON Schemas of snapshots, card definitions and ruling files, from the
  description the shape checkers use (ygocheck/shapes.py) and asp/vocabulary.lp;
* ygocheck/worlds.json, every statement of asp/ rewritten for many moments in one grounding
  (worlds.py: written beforehand because the rewrite costs seconds a process);
* ygocheck/rule_shapes.json, what each rule of asp/ (and of that rewriting) needs and may
  derive, for the pruning of rules that cannot apply (prune.py, rule_shapes.py: reading it
  through clingo's AST costs about a second a process);
* ygocheck/programs.json, the text and shape of every statement of each program ygocheck
  grounds, by part, with one digest of asp/ (programs.py: building a Control from it costs
  less than loading or parsing the files).

Run it from a checkout of the project after changing any of those (the tests fail, saying
so, until the written files are current). `--check` writes nothing and exits 1 when a file
is out of date.
"""

from __future__ import annotations

import sys
from functools import partial
from collections.abc import Callable
from pathlib import Path

from .resources import asp_folder


def project_root() -> Path:
    """The checkout the rules are read from (the generated files belong to it)."""
    root = asp_folder().parent
    if not (root / "pyproject.toml").is_file():
        raise SystemExit("ygocheck.generate: the rules are not read from a checkout of the "
                         "project; run it in one (pip install -e .)")
    return root


def targets(root: Path) -> dict[str, Callable[[], str]]:
    """Each generated file (relative to the project) and how to write its text."""
    def rules() -> str:
        from .rule_index import entries
        from .rules_doc import rules_markdown

        return rules_markdown(entries([root / "examples" / "rulings"], relative_to=root))

    found: dict[str, Callable[[], str]] = {"docs/rules.md": rules}
    from .json_schemas import SCHEMAS, schema_text

    for name in SCHEMAS:
        found[f"schemas/{name}.json"] = partial(schema_text, name)
    from .worlds import table_text

    found["ygocheck/worlds.json"] = table_text
    from .rule_shapes import table_text as shapes_text

    found["ygocheck/rule_shapes.json"] = shapes_text
    from .programs import table_text as programs_text

    found["ygocheck/programs.json"] = programs_text
    return found


def stale(root: Path) -> list[str]:
    """The generated files whose committed text is not what the generator writes."""
    out = []
    for name, produce in targets(root).items():
        path = root / name
        if not path.is_file() or path.read_text(encoding="utf-8") != produce():
            out.append(name)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = project_root()
    if args == ["--check"]:
        old = stale(root)
        for name in old:
            print(f"{name} is out of date: run python -m ygocheck.generate")
        return 1 if old else 0
    if args:
        print("usage: python -m ygocheck.generate [--check]", file=sys.stderr)
        return 2
    for name, produce in targets(root).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = produce()
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
