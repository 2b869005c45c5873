"""`python -m ygocheck.official PATH [--output FILE]`: write the official card list.

PATH: a yaml-yugi data/cards folder, a cards.json list, or a .jsonl(.gz) extract with the
same field names (docs/official.md). Without --output the list shipped in the package
(ygocheck/official/cards.tsv) is rewritten. Exit 0 written, 2 bad input (file:line).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..problems import BadInput
from .build import build_all, count_lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ygocheck.official",
                                     description="Write the official card list (stats only) "
                                     "from yaml-yugi card data.")
    parser.add_argument("path", help="a yaml-yugi data/cards folder, a cards.json list, or a "
                        ".jsonl / .jsonl.gz file of card records")
    parser.add_argument("--output", help="where to write the card list (default: the "
                        "package's cards.tsv); the material lines go to materials.tsv beside it")
    args = parser.parse_args(argv)
    target = Path(args.output) if args.output else Path(__file__).resolve().parent / "cards.tsv"
    beside = target.with_name("materials.tsv")
    try:
        text, materials, report = build_all(Path(args.path))
    except BadInput as error:
        for problem in error.problems:
            print(f"ygocheck.official: {problem.render()}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"ygocheck.official: {args.path}: cannot be read: {error}", file=sys.stderr)
        return 2
    target.write_text(text, encoding="utf-8")
    beside.write_text(materials, encoding="utf-8")
    for line in report.lines():
        print(line)
    for line in count_lines(report.materials):
        print(f"material lines, {line}")
    print(f"wrote {target} and {beside}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
