"""gringo's fixed cost per rule: how long grounding takes for rules that derive nothing, next
to the base program of a step grounded with no facts at all. Prints figures only.

Why: a plain step of ygocheck spends most of its time grounding rules, whatever the moment
holds (issue 19). This measures that floor, so a change to the parts of the rules can be
judged against it. F = the median of `python3 -c 'import clingo'` in the same run."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def import_clingo_ms() -> float:
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import clingo"], check=True)
        runs.append(1e3 * (time.perf_counter() - started))
    return statistics.median(runs)


def ground_ms(program: str) -> float:
    import clingo

    control = clingo.Control(["--warn=none"])
    control.add("base", [], program)
    started = time.perf_counter()
    control.ground([("base", [])])
    return 1e3 * (time.perf_counter() - started)


def step_base_empty_ms() -> tuple[float, int]:
    from ygocheck import control as grounding
    from ygocheck.solve import parsed

    placed = grounding.by_part(parsed("step.lp"))
    runs = []
    for _ in range(3):
        made = grounding.new()
        grounding.add_statements(made.control, placed["first"] + placed["base"])
        started = time.perf_counter()
        made.control.ground([("first", []), ("base", [])])
        runs.append(1e3 * (time.perf_counter() - started))
    return min(runs), len(placed["first"]) + len(placed["base"])


def main() -> None:
    f = import_clingo_ms()
    print(f"F = median of `python3 -c 'import clingo'` = {f:.1f} ms")
    for n in (1000, 5000):
        three = "\n".join(f"p{i}(X,Y) :- q{i}(X), r{i}(X,Y), not s{i}(Y)." for i in range(n))
        one = "\n".join(f"p{i}(X) :- q{i}(X)." for i in range(n))
        for label, program in (("three-literal", three), ("one-literal", one)):
            ms = min(ground_ms(program) for _ in range(3))
            print(f"{n} {label} rules, no facts: {ms:.1f} ms = {ms / f:.2f} F "
                  f"({1e3 * ms / n:.0f} us a rule)")
    ms, statements = step_base_empty_ms()
    print(f"step.lp first+base ({statements} statements), no facts: {ms:.1f} ms = {ms / f:.2f} F")


if __name__ == "__main__":
    main()
