#!/usr/bin/env python3
"""Where the ruling files' time goes, round by round (benchmarks/README.md, "The ruling files,
round by round").

    python3 benchmarks/rounds.py [PATH ...]     # default: examples/rulings

The cases are played as the test suite plays them (`rulings.run_cases`: each round grounds the
next step of every waiting line together, engine.run_many / worlds.py). Printed: F (the median
CPU time of `python3 -c 'import clingo'`, this interpreter, measured in the same run), the CPU
time of reading the files and of playing them, then each round's worlds and CPU time, and the
steps solved alone (a step that leaves a choice, solved for every outcome; or a round without
an answer, asked world by world), the slowest first. CPU time, not wall time: the machine this
was written on is shared. Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def clingo_import_cpu(runs: int = 7) -> float:
    """F: the median CPU time of a fresh `python3 -c 'import clingo'`."""
    import resource

    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", "import clingo"], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def main(paths: list[str]) -> None:
    from ygocheck import engine, rulings

    f = clingo_import_cpu()
    rounds: list[tuple[int, float]] = []
    alone: list[tuple[str, bool, int, float]] = []
    ask_round, solve = engine._ask_round, engine.solve

    def timed_round(jobs: list[Any], waiting: list[Any]) -> list[Any]:
        started = time.process_time()
        answers = ask_round(jobs, waiting)
        rounds.append((len(waiting), time.process_time() - started))
        return answers

    def timed_solve(facts: str, *args: Any, **options: Any) -> Any:
        started = time.process_time()
        answers = solve(facts, *args, **options)
        alone.append((str(options.get("file")), bool(options.get("all_models")), len(answers),
                      time.process_time() - started))
        return answers

    engine._ask_round, engine.solve = timed_round, timed_solve   # type: ignore[assignment]
    started = time.process_time()
    cases = [case for path in rulings.ruling_files(paths or [str(ROOT / "examples/rulings")])
             for case in rulings.read_cases(path)[0]]
    read = time.process_time() - started
    started = time.process_time()
    results = rulings.run_cases(cases)
    played = time.process_time() - started
    print(f"F = {f * 1000:.1f} ms of CPU")
    print(f"{len(cases)} cases: read {read:.1f} s, played {played:.1f} s of CPU "
          f"({played / f:.0f} F), {sum(r.passed for r in results)} passed")
    print(f"{len(rounds)} rounds, {sum(s for _, s in rounds):.1f} s:")
    for worlds, seconds in rounds:
        print(f"  {worlds:5d} worlds  {seconds:7.2f} s  {seconds / worlds * 1000:7.1f} ms a world")
    print(f"{len(alone)} steps solved alone, {sum(a[3] for a in alone):.1f} s; the slowest:")
    for file, every, count, seconds in sorted(alone, key=lambda a: -a[3])[:12]:
        kind = f"every outcome ({count})" if every else "one answer"
        print(f"  {seconds:6.2f} s  {kind:22s} {file}")


if __name__ == "__main__":
    main(sys.argv[1:])
