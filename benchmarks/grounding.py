#!/usr/bin/env python3
"""Where the grounding time of one synthetic snapshot goes (a profiling aid for bench.py).

    python3 benchmarks/grounding.py [CARDS] [--encoding DIR]

Prints (1) the ground atoms per predicate, largest first, and (2) the grounding time as the
files of main.lp are added one by one (each figure is the median of 5 runs; a negative step
means the added file cost nothing measurable). The program is stratified, so gringo derives
the whole answer while grounding: the atom counts are the work. --encoding points at another
copy of asp/ (for trying a change to the rules without touching the checkout).
"""

from __future__ import annotations

import argparse
import collections
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import make_snapshot  # noqa: E402


def main() -> None:
    import clingo

    from ygocheck.pipeline import from_mapping
    from ygocheck.resources import asp_folder

    parser = argparse.ArgumentParser()
    parser.add_argument("cards", nargs="?", type=int, default=800)
    parser.add_argument("--encoding", type=Path, default=None, help="a folder like asp/")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    folder = args.encoding or asp_folder()
    facts = from_mapping(make_snapshot(args.cards), "<synthetic>").facts

    control = clingo.Control(["--warn=none"])
    control.load(str(folder / "main.lp"))
    control.add("base", [], facts)
    control.ground([("first", []), ("base", [])])
    counts = collections.Counter(f"{atom.symbol.name}/{len(atom.symbol.arguments)}"
                                 for atom in control.symbolic_atoms)
    total = sum(counts.values())
    print(f"{args.cards} cards, {folder}: {total} ground atoms")
    for name, count in counts.most_common(args.top):
        print(f"  {count:8d}  {100 * count / total:5.1f}%  {name}")

    files = re.findall(r'#include "([^"]+)"', (folder / "main.lp").read_text())

    def ground(parts: list[str]) -> float:
        times = []
        for _ in range(5):
            ctl = clingo.Control(["--warn=none"])
            for part in parts:
                ctl.load(str(folder / part))
            ctl.add("base", [], facts)
            start = time.perf_counter()
            ctl.ground([("first", []), ("base", [])])
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    print("grounding time as the files of main.lp are added (ms):")
    previous = ground([])
    print(f"  {'facts only':28s} {previous * 1000:7.1f}")
    for index, part in enumerate(files):
        now = ground(files[:index + 1])
        print(f"  + {part:26s} {now * 1000:7.1f}  ({(now - previous) * 1000:+.1f})")
        previous = now


if __name__ == "__main__":
    main()
