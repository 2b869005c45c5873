#!/usr/bin/env python3
"""The grounding profile, and the figures of issue 19 as ratios to F (benchmarks/README.md,
"The grounding profile").

    python3 benchmarks/profile.py            # profile + figures
    python3 benchmarks/profile.py --profile  # the profile only (about 20 s)
    python3 benchmarks/profile.py --figures  # the figures only
    python3 benchmarks/profile.py --slow     # also `actions --as` on the 50-card board

F is the median CPU time of `python3 -c 'import clingo'` (this interpreter), measured in the
same run: machines differ by 2x and more, so every figure is also given as a ratio to F. All
times are CPU times (of this process, its children and the server), not wall times: the
machine this was written on is shared, and CPU time is what a quiet machine's wall time
would be (every step here runs on one core, except the ruling files on two).

The profile, for a small board (examples/main_phase.yaml) and a 50-card synthetic board, for
the decisions about a moment (main.lp: actions, check) and a step (step.lp: play, ruling files):
  - the grounding as it runs (what ygocheck does: ground time, ground atoms, clingo's counts
    of ground rules), and which parts of the rules the moment grounded (asp/parts.lp);
  - per module: the cost of each statement, summed over the module's statements, and the
    atoms the module's rules derive;
  - the statements that cost most, with their file and line.
A statement's cost is measured by grounding it alone against the moment's whole model (every
atom true in the answer, given as facts), its head atoms renamed so that nothing it derives
feeds back: that is the join work gringo does for it in the full grounding, without the
semi-naive rounds of recursive rules (so the sum is below the real ground time; the
difference is the per-call and per-round cost). Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, make_snapshot, ygocheck_command

BENCH = Path(__file__).resolve().parent

TARGETS_F = {"actions_e2e": 2.0, "play_step": 0.4, "actions_as_50": 15.0, "serve": 0.5}
TARGET_CASES_PER_S = 20.0
TARGET_MEMORY_MB = 200.0


def cpu() -> float:
    """CPU seconds of this process and of its finished children: unlike wall time, it hardly
    changes when other work shares the machine (which it does, here)."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def median_seconds(function: Callable[[], Any], repeat: int, warmup: int = 1,
                   clock: Callable[[], float] = cpu) -> float:
    """The median, over `repeat` calls after `warmup`, of the CPU time of a call (`clock`)."""
    for _ in range(warmup):
        function()
    times = []
    for _ in range(repeat):
        start = clock()
        function()
        times.append(clock() - start)
    return statistics.median(times)


def measure_f(repeat: int) -> float:
    """F: the median of `python3 -c 'import clingo'`, in seconds."""
    return median_seconds(lambda: subprocess.run([sys.executable, "-c", "import clingo"],
                                                 check=True), repeat)


# --- the profile ------------------------------------------------------------------------------

def boards() -> dict[str, Any]:
    from ygocheck.pipeline import from_mapping, load

    return {"small (examples/main_phase.yaml)": load(ROOT / "examples" / "main_phase.yaml"),
            "50 cards (synthetic)": from_mapping(make_snapshot(50), "<50 cards>")}


def where(statement: Any) -> str:
    begin = statement.location.begin
    name = Path(begin.filename)
    try:
        name = name.relative_to(ROOT)
    except ValueError:
        pass
    return f"{name}:{begin.line}"


def module_of(statement: Any) -> str:
    return where(statement).rsplit(":", 1)[0]


def rename_heads(statement: Any, number: int) -> Any:
    """The rule with its head atoms renamed (h<number>__name): grounding it alone then derives
    nothing the other rules read, and never redefines an atom of the model."""
    from clingo import ast

    class Rename(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function:
                return atom.update(symbol=symbol.update(name=f"h{number}__{symbol.name}"))
            if symbol.ast_type == ast.ASTType.SymbolicTerm:
                return atom.update(symbol=ast.Function(symbol.location,
                                                       f"h{number}__{symbol.symbol}", [],
                                                       False))
            return atom

    rename = Rename()

    def head(node: Any) -> Any:
        kind = node.ast_type
        if kind == ast.ASTType.Literal:
            return rename(node)
        if kind == ast.ASTType.ConditionalLiteral:
            return node.update(literal=rename(node.literal))
        if kind in (ast.ASTType.Disjunction,):
            return node.update(elements=[head(e) for e in node.elements])
        if kind == ast.ASTType.Aggregate:
            return node.update(elements=[head(e) for e in node.elements])
        if kind == ast.ASTType.HeadAggregate:
            return node.update(elements=[e.update(condition=head(e.condition))
                                         for e in node.elements])
        return node

    return statement.update(head=head(statement.head))


def included(entry: str) -> list[str]:
    """The files of an entry point, in the order its includes give (entry files are
    include-only, so each file's statements are its own)."""
    import re

    from ygocheck.resources import asp_folder

    files: list[str] = []
    for name in re.findall(r'^#include "([^"]+)"', (asp_folder() / entry).read_text(
            encoding="utf-8"), re.MULTILINE):
        text = (asp_folder() / name).read_text(encoding="utf-8")
        files += included(name) if "#include" in text else [name]
    return files


def by_module(entry: str, facts: str, repeat: int) -> list[tuple[str, float, int]]:
    """The ground time and the ground atoms each file adds, the files of `entry` added one at
    a time in their include order (a fresh Control for each prefix, median of `repeat`)."""
    from ygocheck import control as grounding
    from ygocheck.resources import asp_folder

    files = included(entry)

    def ground(count: int) -> tuple[float, int]:
        times, atoms = [], 0
        for _ in range(repeat):
            control = grounding.new().control
            for name in files[:count]:
                control.load(str(asp_folder() / name))
            control.add("base", [], facts)
            start = time.process_time()
            control.ground([("first", []), ("base", [])])
            times.append(time.process_time() - start)
            atoms = len(control.symbolic_atoms)
        return statistics.median(times), atoms

    rows = []
    previous = ground(0)
    rows.append(("(the facts alone)", previous[0], previous[1]))
    for count in range(1, len(files) + 1):
        now = ground(count)
        rows.append((f"asp/{files[count - 1]}", now[0] - previous[0], now[1] - previous[1]))
        previous = now
    return rows


def by_statement(statements: tuple[Any, ...], model: list[Any], top: int) -> \
        tuple[float, list[tuple[float, int, Any]]]:
    """Each rule grounded alone, its head renamed, against the atoms of the model its body
    reads (given as facts, grounded first): a fresh Control per rule, the CPU time of the
    rule's own ground call. Returns the sum over all rules and the rules that cost most."""
    from clingo import ast

    from ygocheck import control as grounding
    from ygocheck.predicates import mentioned

    by_signature: dict[tuple[str, int], list[str]] = collections.defaultdict(list)
    for symbol in model:
        by_signature[(symbol.name, len(symbol.arguments))].append(f"{symbol}.")
    location = ast.Location(ast.Position("<profile>", 1, 1), ast.Position("<profile>", 1, 1))
    costs: list[tuple[float, int, Any]] = []
    for number, rule in enumerate(s for s in statements if s.ast_type == ast.ASTType.Rule):
        probe = grounding.new().control
        probe.add("base", [], "\n".join(fact for signature in mentioned(rule)
                                         for fact in by_signature.get(signature, ())))
        probe.ground([("base", [])])
        with ast.ProgramBuilder(probe) as builder:
            builder.add(ast.Program(location, "rule", []))
            builder.add(rename_heads(rule, number))
        before = len(probe.symbolic_atoms)
        start = time.process_time()
        probe.ground([("rule", [])])
        costs.append((time.process_time() - start, len(probe.symbolic_atoms) - before, rule))
    return sum(c[0] for c in costs), sorted(costs, key=lambda c: -c[0])[:top]


def profile_one(entry: str, facts: str, top: int, repeat: int) -> dict[str, Any]:
    from ygocheck import control as grounding
    from ygocheck.solve import parsed

    statements = parsed(entry)

    def full() -> Any:
        control = grounding.ground(statements, facts, "<profile>").control
        control.solve()
        return control

    ground_s = median_seconds(full, repeat)
    from ygocheck import prune

    limit = prune.ATOMS_READ
    prune.ATOMS_READ = -1   # every rule kept: the time without the pruning (ygocheck/prune.py)
    try:
        every_s = median_seconds(full, repeat)
    finally:
        prune.ATOMS_READ = limit
    control = full()
    model: list[Any] = []
    control.solve(on_model=lambda m: model.extend(m.symbols(atoms=True)) if not model else None)
    gringo = control.statistics.get("problem", {}).get("lp", {})
    parts = sorted(grounding.parts_named(control))
    found: dict[str, Any] = {"ground_s": ground_s, "every_s": every_s,
                             "kept": rules_kept(statements, facts), "parts": parts,
                             "atoms": len(model),
                             "statements": len(statements), "gringo": gringo,
                             "modules": by_module(entry, facts, repeat)}
    if top:
        found["call_s"], found["costly"] = by_statement(statements, model, top)
    return found


def rules_kept(statements: Any, facts: str) -> tuple[int, int, int]:
    """The rules of the base program and the parts `first` names that the pruning keeps, of
    all of them, and the atoms the Control held (ygocheck/prune.py)."""
    from clingo import ast

    from ygocheck import control as grounding
    from ygocheck.prune import Pruning

    placed = grounding.by_part(statements)
    made = grounding.new()
    grounding.add_statements(made.control, placed.get(grounding.FIRST_PART, ()))
    made.control.add(grounding.FIRST_PART, [], facts)
    made.control.ground([(grounding.FIRST_PART, [])])
    rules = [s for name in ["base", *sorted(grounding.parts_needed(made.control))]
             for s in placed.get(name, ()) if s.ast_type == ast.ASTType.Rule]
    pruning = Pruning(made.control)
    return len(pruning.kept(rules)), len(rules), len(made.control.symbolic_atoms)


def print_profile(name: str, entry: str, found: dict[str, Any], f: float) -> None:
    print(f"\n== {name}, {entry}: ground+solve {found['ground_s'] * 1000:.1f} ms = "
          f"{found['ground_s'] / f:.2f} F; {found['atoms']} atoms true; {found['statements']} "
          f"statements")
    from ygocheck.prune import ATOMS_READ

    kept, rules, held = found["kept"]
    print(f"   rules that cannot derive anything left out (ygocheck/prune.py): {kept} of "
          f"{rules} kept ({held} atoms read; every rule kept past {ATOMS_READ}); with every "
          f"rule: {found['every_s'] * 1000:.1f} ms = {found['every_s'] / f:.2f} F")
    print(f"   parts grounded besides the base program (asp/parts.lp): "
          f"{', '.join(found['parts']) or 'none'}")
    gringo = found["gringo"]
    if gringo:
        print(f"   clingo: {gringo.get('rules', 0):.0f} ground rules, {gringo.get('atoms', 0):.0f}"
              f" atoms passed to the solver")
    print("   per module, the files added one at a time (ms of ground time, ground atoms):")
    for module, seconds, atoms in sorted(found["modules"], key=lambda m: -m[1]):
        print(f"   {module:36s} {seconds * 1000:+8.1f} ms {atoms:+7d} atoms")
    if "costly" not in found:
        return
    print(f"   the rules that cost most, each grounded alone against the model (CPU ms; "
          f"atoms it derives; all rules together {found['call_s'] * 1000:.1f} ms):")
    for seconds, atoms, rule in found["costly"]:
        text = " ".join(str(rule).split())
        print(f"   {seconds * 1000:6.2f} ms {atoms:5d}  {where(rule):34s} {text[:80]}")


def rule_floor(f: float, repeat: int) -> None:
    """gringo's fixed cost per rule: rules that derive nothing (no facts), and step.lp's first
    and base parts grounded with no facts at all. A plain step pays this floor whatever the
    moment holds (issue 19), so a change to the parts is judged against it."""
    import clingo

    from ygocheck import control as grounding
    from ygocheck.solve import parsed

    def ground_text(program: str) -> Callable[[], Any]:
        def run() -> None:
            control = clingo.Control(["--warn=none"])
            control.add("base", [], program)
            control.ground([("base", [])])
        return run

    baseline = median_seconds(lambda: clingo.Control(["--warn=none"]), repeat)
    print("\n== gringo's floor: rules that derive nothing, ground with no facts")
    for n in (1000, 5000):
        three = "\n".join(f"p{i}(X,Y) :- q{i}(X), r{i}(X,Y), not s{i}(Y)." for i in range(n))
        one = "\n".join(f"p{i}(X) :- q{i}(X)." for i in range(n))
        for label, program in (("three-literal", three), ("one-literal", one)):
            seconds = median_seconds(ground_text(program), repeat) - baseline
            print(f"   {n} {label} rules: {seconds * 1000:.1f} ms = {seconds / f:.2f} F "
                  f"({seconds * 1e6 / n:.0f} us a rule, parsing included)")
    placed = grounding.by_part(parsed("step.lp"))
    statements = placed["first"] + placed["base"]

    def step_base() -> None:
        made = grounding.new()
        grounding.add_statements(made.control, statements)
        made.control.ground([("first", []), ("base", [])])

    seconds = median_seconds(step_base, repeat)
    print(f"   step.lp first+base ({len(statements)} statements), no facts: "
          f"{seconds * 1000:.1f} ms = {seconds / f:.2f} F (adding the statements included)")


def profile(f: float, top: int, repeat: int) -> None:
    rule_floor(f, repeat)
    for name, loaded in boards().items():
        print_profile(name, "main.lp", profile_one("main.lp", loaded.facts, 0, repeat), f)
        print_profile(name, "step.lp", profile_one("step.lp", loaded.facts, top, repeat), f)


# --- the figures of the issue -------------------------------------------------------------------

def figure(label: str, seconds: float, f: float, target: float | None) -> None:
    ratio = seconds / f
    verdict = "" if target is None else (
        f"   target <= {target:g} F: {'met' if ratio <= target else 'MISSED'}")
    print(f"   {label:52s} {seconds * 1000:9.1f} ms = {ratio:6.2f} F{verdict}")


def figures(f: float, repeat: int, slow: bool) -> None:
    from bench import peak_memory_mb

    from ygocheck.actions import parse_action
    from ygocheck.pipeline import load
    from ygocheck.play import play
    from ygocheck.rulings import run_paths

    command = ygocheck_command()
    example = str(ROOT / "examples" / "main_phase.yaml")
    print(f"\n== the figures of issue 19 (medians of {repeat}; F = {f * 1000:.1f} ms)")
    figure("`ygocheck actions --json main_phase.yaml`, end to end", median_seconds(
        lambda: subprocess.run(command + ["actions", "--json", example], check=True,
                               stdout=subprocess.DEVNULL), repeat), f, TARGETS_F["actions_e2e"])
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # Here every run compiles ygocheck's modules again; an installed ygocheck has them
        # compiled: the same runs with a bytecode cache (as bench.py's variant line).
        import tempfile

        with tempfile.TemporaryDirectory() as cache:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = cache
            figure("  the same, with a bytecode cache (PYTHONDONTWRITEBYTECODE is set here)",
                   median_seconds(lambda: subprocess.run(
                       command + ["actions", "--json", example], check=True, env=env,
                       stdout=subprocess.DEVNULL), repeat), f, TARGETS_F["actions_e2e"])
    actions = [parse_action(line) for line in
               (BENCH / "battle_line.actions").read_text(encoding="utf-8").splitlines()
               if line.strip()]
    line = load(BENCH / "battle_line.yaml")
    figure(f"one step of `play` (battle line, {len(actions)} actions), in process",
           median_seconds(lambda: play(line, actions), max(1, repeat // 2)) / len(actions), f,
           TARGETS_F["play_step"])
    served = serve_request_seconds(example, repeat)
    if served is not None:
        figure("a `serve` request (actions, main_phase.yaml)", served, f, TARGETS_F["serve"])
    start, wall = cpu(), time.perf_counter()
    cases = len(run_paths([str(ROOT / "examples" / "rulings")], 2))
    wall = time.perf_counter() - wall
    rate = cases / ((cpu() - start) / 2)
    print(f"   ruling files on 2 processes: {cases} cases, {rate:.1f} cases/s on 2 free cores "
          f"(cases / half the CPU seconds; {cases / wall:.1f} cases/s of wall time here)   "
          f"target >= {TARGET_CASES_PER_S:g}: {'met' if rate >= TARGET_CASES_PER_S else 'MISSED'}")
    if slow:
        from ygocheck.hypotheses import actions_as
        from ygocheck.pipeline import from_mapping

        board = from_mapping(make_snapshot(50), "<50 cards>")
        start = cpu()
        actions_as(board, "A")
        figure("`actions --as A` on the 50-card board (A's open game state), in process",
               cpu() - start, f, TARGETS_F["actions_as_50"])
        # The same board once A has declared the end of Main Phase 1: B holds priority, so
        # every hypothesis about B's hidden cards is tried (1,439 of them).
        acting = make_snapshot(50)
        acting["state"]["priority"] = "B"
        start = cpu()
        actions_as(from_mapping(acting, "<50 cards>"), "A")
        figure("`actions --as A` on the 50-card board, B to act, in process", cpu() - start, f,
               TARGETS_F["actions_as_50"])
    peak = peak_memory_mb(800)
    print(f"   peak memory, 800 cards: {peak:.0f} MB   target < {TARGET_MEMORY_MB:g} MB: "
          f"{'met' if peak < TARGET_MEMORY_MB else 'MISSED'}")


def serve_request_seconds(example: str, repeat: int) -> float | None:
    """The median time of one `actions` request to a running `ygocheck serve`, the answer
    read back (None where this checkout has no serve)."""
    import json

    command = ygocheck_command()
    try:
        server = subprocess.Popen(command + ["serve"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
    except OSError:
        return None
    assert server.stdin is not None and server.stdout is not None
    request = json.dumps({"command": "actions", "snapshot": example}) + "\n"

    def ask() -> None:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(request)
        server.stdin.flush()
        answer = server.stdout.readline()
        if not answer:
            raise RuntimeError("serve stopped")

    def server_cpu() -> float:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    try:
        # The server's own CPU time, in clock ticks (10 ms): the median of many requests.
        return median_seconds(ask, repeat * 3, warmup=2,
                              clock=lambda: cpu() + server_cpu())
    except (RuntimeError, BrokenPipeError):
        return None
    finally:
        server.stdin.close()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", action="store_true", help="the profile only")
    parser.add_argument("--figures", action="store_true", help="the figures only")
    parser.add_argument("--slow", action="store_true", help="also `actions --as`, 50 cards")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    import clingo
    from bench import git_state

    load = os.getloadavg()
    f = measure_f(args.repeat)
    print(f"ygocheck grounding profile: Python {sys.version.split()[0]}, clingo "
          f"{clingo.__version__}, {os.cpu_count()} CPUs, load average {load[0]:.2f} "
          f"{load[1]:.2f} {load[2]:.2f}, tree {git_state()}")
    print(f"F = median CPU time of `python3 -c 'import clingo'` = {f * 1000:.1f} ms")
    if not args.figures:
        profile(f, args.top, max(1, args.repeat // 2))
    if not args.profile:
        figures(f, args.repeat, args.slow)
    print(f"\n(load average at the end {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
