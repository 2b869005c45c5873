#!/usr/bin/env python3
"""Speed of `ygocheck explore` (see benchmarks/README.md, "Exploration").

    python3 benchmarks/explore.py            # the bundled examples, 2 lines of depth 3 each
    python3 benchmarks/explore.py --quick    # 1 line of depth 2

Prints, for each bundled example, the moments checked and the moments checked per second, in
process (each moment: the checker, actions --blocked, --expand, why, view as each player, and
the play of the action taken), and F, the median time of `python3 -c 'import clingo'` in the
same run, so that a figure can be read against the machine: seconds per moment / F.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def import_clingo_seconds(repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import clingo"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    lines, depth = (1, 2) if arguments.quick else (2, 3)

    from ygocheck.explore import explore
    from ygocheck.pipeline import load

    load_average = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"# explore, {lines} line(s) of depth {depth} per example; load average "
          f"{load_average} (figures mean little when other work runs)")
    before = import_clingo_seconds()
    total_moments, total_seconds = 0, 0.0
    for path in EXAMPLES:
        started = time.perf_counter()
        report = explore(load(path), lines=lines, depth=depth, seed=1)
        seconds = time.perf_counter() - started
        total_moments += report.moments
        total_seconds += seconds
        print(f"{path.name:28} {report.moments:3} moments  {seconds:6.2f} s  "
              f"{report.moments / seconds:5.2f} moments/s  violations {len(report.violations)}")
    f = statistics.median([before, import_clingo_seconds()])
    per_moment = total_seconds / max(total_moments, 1)
    print(f"all: {total_moments} moments in {total_seconds:.2f} s: "
          f"{total_moments / total_seconds:.2f} moments checked per second")
    print(f"F (median of python3 -c 'import clingo'): {f * 1000:.0f} ms; one moment = "
          f"{per_moment / f:.1f} F")


if __name__ == "__main__":
    main()
