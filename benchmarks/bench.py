#!/usr/bin/env python3
"""Speed and memory figures for ygocheck (see benchmarks/README.md).

    python3 benchmarks/bench.py            # full run (about 1-2 minutes on 2 cores)
    python3 benchmarks/bench.py --quick    # fewer repetitions

Prints figures only, with the targets next to them for reference; it never fails on a
missed target. Everything it times:

  1. `ygocheck actions --json SNAPSHOT` as a subprocess, over examples/*.yaml
  2. in-process queries on synthetic snapshots of 10, 50, 200 and 800 cards
     (ygocheck's path from the YAML text; and ground+solve alone)
  3. bare clingo on the same facts and encoding, and the ratio ygocheck / bare clingo
  4. the growth ratio time(800 cards) / time(50 cards)
  5. the peak memory (max RSS) of a fresh process answering the 800-card query
  6. the ruling files: cases per second, one process and two
  7. a 49-action line of play through the Battle Phase: time per action, groundings per
     step, and the same steps grounded by a fresh Control, by multi-shot solving and as worlds
  8. `actions` on a valid snapshot with 8,000 events
  9. the official card list: `actions` on the bundled example (library cards only, the list
     not read) and on it with one card only the list knows; reading the list; `deck`
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SIZES = (10, 50, 200, 800)

TARGET_E2E_MS = 100.0
TARGET_OVERHEAD = 1.3
TARGET_CASES_PER_S = 20.0
TARGET_PLAY_MS = 30.0
TARGET_EVENTS_S = 2.0
TARGET_GROWTH = 20.0
TARGET_MEMORY_MB = 200.0


# --- the synthetic snapshots ------------------------------------------------------------

def _library_names() -> dict[str, list[str]]:
    """Names of the built-in library by use: main-deck monsters, Extra Deck monsters,
    Spells, Traps, and the Continuous Spells/Traps (which may sit face-up). Tokens are
    left out: they exist only on the field (CARD-12), and the boards put cards anywhere."""
    from ygocheck.cards import library

    groups: dict[str, list[str]] = {"monster": [], "extra": [], "spell": [], "trap": [],
                                    "continuous": []}
    for name, card in sorted(library().items()):
        category, kind = card.get("category"), card.get("kind")
        if kind == "token":
            continue
        if category == "monster":
            groups["extra" if kind in ("fusion", "synchro", "xyz", "link") else
                   "monster"].append(name)
        else:
            groups[category].append(name)
            if kind == "continuous":
                groups["continuous"].append(name)
    return groups


def make_snapshot(cards: int, seed: int = 1, turn: int = 5) -> dict[str, Any]:
    """A valid `ygocheck/1` snapshot with `cards` cards (split evenly between A and B):
    Main Phase 1 of A's turn, open game state. Each player has a realistic board: up to 5
    monsters (face-up Attack Position or Set) and up to 5 Spells/Traps (Set, the odd
    Continuous one face-up); the rest is spread over hand, GY, banished and Deck (about
    30% / 25% / 10% / 35% of what is left, hand capped at 7, Deck at 60, the rest
    banished)."""
    rng = random.Random(seed * 100003 + cards)
    names = _library_names()
    spell_traps = names["spell"] + names["trap"]
    main_deck = names["monster"] + spell_traps
    out: list[dict[str, Any]] = []
    for player, count in (("A", (cards + 1) // 2), ("B", cards // 2)):
        prefix = player.lower()
        number = 0

        def add(entry: dict[str, Any]) -> None:
            nonlocal number
            number += 1
            out.append({"id": f"{prefix}_{number:04d}", "owner": player, **entry})

        monsters = min(5, max(1, count // 4))
        backrow = min(5, max(1, count // 5))
        if monsters + backrow > count:
            monsters, backrow = (count + 1) // 2, count // 2
        for slot in range(1, monsters + 1):
            name = rng.choice(names["monster"])
            since = rng.randint(1, turn - 1)
            level = _level(name)
            how = "normal" if level <= 4 else "tribute"
            if rng.random() < 0.3:   # a Set monster
                add({"name": name, "zone": "monster", "slot": slot, "face": "down",
                     "position": "defense", "since_turn": since,
                     "summoned": {"how": "set", "from": "hand", "turn": since}})
            else:
                add({"name": name, "zone": "monster", "slot": slot, "position": "attack",
                     "since_turn": since, "summoned": {"how": how, "from": "hand",
                                                       "turn": since}})
        for slot in range(1, backrow + 1):
            if rng.random() < 0.2:
                add({"name": rng.choice(names["continuous"]), "zone": "spell_trap",
                     "slot": slot, "face": "up", "since_turn": rng.randint(1, turn - 1)})
            else:
                add({"name": rng.choice(spell_traps), "zone": "spell_trap", "slot": slot,
                     "face": "down", "since_turn": rng.randint(1, turn)})
        rest = count - monsters - backrow
        hand = min(7, round(rest * 0.30))
        graveyard = round(rest * 0.25)
        banished = round(rest * 0.10)
        # A Main Deck holds at most 60 cards (GAME-02): what a large board has beyond that is
        # in the GY and banished.
        deck = min(60, rest - hand - graveyard - banished)
        banished = rest - hand - graveyard - deck
        for _ in range(hand):
            add({"name": rng.choice(main_deck), "zone": "hand"})
        for _ in range(graveyard):
            add({"name": rng.choice(main_deck + names["extra"]), "zone": "graveyard"})
        for _ in range(banished):
            add({"name": rng.choice(main_deck + names["extra"]), "zone": "banished"})
        for _ in range(deck):
            add({"name": rng.choice(main_deck), "zone": "deck"})
    assert len(out) == cards, (len(out), cards)
    return {"format": "ygocheck/1", "title": f"synthetic board, {cards} cards",
            "state": {"turn": turn, "turn_player": "A", "phase": "main1",
                      "lp": {"A": 8000, "B": 8000}, "cards": out}}


def _level(name: str) -> int:
    from ygocheck.cards import library

    return int(library()[name].get("level") or 0)


# --- timing helpers ----------------------------------------------------------------------

def timed(function: Callable[[], Any], repeat: int, warmup: int = 1) -> list[float]:
    """Wall times in seconds of `repeat` calls after `warmup` calls."""
    for _ in range(warmup):
        function()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.9 * len(ordered)) - 1))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def mark(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def interleaved(functions: dict[str, Callable[[], Any]], repeat: int) -> dict[str, float]:
    """Median wall time (seconds) of each function; one warm-up call each, then `repeat`
    rounds in which every function runs once."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for function in functions.values():
        function()
    for _ in range(repeat):
        for name, function in functions.items():
            start = time.perf_counter()
            function()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


# --- 1. end to end -------------------------------------------------------------------------

def ygocheck_command() -> list[str]:
    """The ygocheck of this interpreter's environment (a `ygocheck` elsewhere on PATH may be
    another installation), else the one on PATH, else the module."""
    beside = Path(sys.executable).parent / "ygocheck"
    if beside.is_file():
        return [str(beside)]
    exe = shutil.which("ygocheck")
    if exe:
        return [exe]
    return [sys.executable, "-c", "from ygocheck.cli import main; main()"]


def end_to_end(repeat: int, warmup: int) -> list[float]:
    command = ygocheck_command()
    print(f"1. End to end: `{' '.join(['ygocheck', 'actions', '--json', 'SNAPSHOT'])}` as a "
          f"subprocess ({warmup} warm-up + {repeat} runs per snapshot)")
    all_times: list[float] = []
    for path in EXAMPLES:
        def run() -> None:
            subprocess.run(command + ["actions", "--json", str(path)], check=True,
                           stdout=subprocess.DEVNULL)
        times = timed(run, repeat, warmup)
        all_times.extend(times)
        print(f"   {path.name:28s} median {ms(statistics.median(times))} ms   "
              f"p90 {ms(p90(times))} ms")
    # Context: the floor set by the interpreter and the imports alone.
    floors = {
        "python3 -c pass": [sys.executable, "-c", "pass"],
        "python3 -c 'import clingo'": [sys.executable, "-c", "import clingo"],
        "python3 -c 'import ygocheck.cli'": [sys.executable, "-c", "import ygocheck.cli"],
        "ygocheck --version": command + ["--version"],
    }
    for label, argv in floors.items():
        times = timed(lambda: subprocess.run(argv, check=True, stdout=subprocess.DEVNULL),
                      repeat, warmup)
        print(f"   (floor) {label:32s} median {ms(statistics.median(times))} ms")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # This environment forbids .pyc files, so an editable install recompiles ygocheck's
        # modules on every run. For comparison: the same runs with a bytecode cache kept in a
        # temporary folder (the checkout is not touched).
        with tempfile.TemporaryDirectory() as cache:
            env = {key: value for key, value in os.environ.items()
                   if key != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = cache
            cached: list[float] = []
            for path in EXAMPLES:
                cached.extend(timed(lambda: subprocess.run(
                    command + ["actions", "--json", str(path)], check=True, env=env,
                    stdout=subprocess.DEVNULL), repeat, warmup))
        print(f"   (variant) with a bytecode cache          median "
              f"{ms(statistics.median(cached))} ms   (PYTHONDONTWRITEBYTECODE is set here)")
    median = statistics.median(all_times)
    print(f"   all examples: median {ms(median)} ms   p90 {ms(p90(all_times))} ms   "
          f"target median < {TARGET_E2E_MS:.0f} ms: {mark(median * 1000 < TARGET_E2E_MS)}")
    return all_times


# --- 2-4. in process --------------------------------------------------------------------------

def bare_clingo(encoding: str, facts: str) -> int:
    import clingo

    ctl = clingo.Control()
    ctl.load(encoding)
    ctl.add("base", [], facts)
    ctl.ground([("first", []), ("base", [])])
    count = 0

    def on_model(model: Any) -> None:
        nonlocal count
        count += 1
    ctl.solve(on_model=on_model)
    return count


def bare_clingo_phases(encoding: str, facts: str) -> dict[str, float]:
    """One bare-clingo query split into its phases (seconds)."""
    import clingo

    t0 = time.perf_counter()
    ctl = clingo.Control()
    ctl.load(encoding)
    ctl.add("base", [], facts)
    t1 = time.perf_counter()
    ctl.ground([("first", []), ("base", [])])
    t2 = time.perf_counter()
    ctl.solve(on_model=lambda model: None)
    t3 = time.perf_counter()
    stats = ctl.statistics
    problem = stats.get("problem", {}).get("lp", {})
    return {"bare_parse": t1 - t0, "bare_ground": t2 - t1, "bare_solve": t3 - t2,
            "atoms": problem.get("atoms", 0)}


def in_process(repeat: int) -> dict[int, dict[str, float]]:
    import yaml

    from ygocheck.decode import decode
    from ygocheck.facts import snapshot_facts
    from ygocheck.load import parse_yaml
    from ygocheck.pipeline import first_answer, from_mapping
    from ygocheck.resources import asp_folder
    from ygocheck.schema import build_snapshot
    from ygocheck.solve import solve

    encoding = str(asp_folder() / "main.lp")
    print(f"\n2./3. In process, synthetic snapshots (median of {3 * repeat} runs, "
          f"{repeat} at 800 cards, after 1 warm-up; times in ms)")
    header = ("cards", "facts", "ygocheck", "ground+solve", "bare clingo", "ratio",
              "yaml", "shape", "facts", "decode", "legal/candidates")
    print("   columns: ygocheck = the YAML text to the decoded answer (parse, shape, facts, "
          "clingo, decode);\n   ground+solve = ygocheck.solve.solve; bare clingo = Control, "
          "load, add, ground, solve;\n   ratio = ygocheck / bare clingo; yaml, shape, facts, "
          "decode = ygocheck's Python steps")
    print("   " + "{:>5} {:>6} {:>9} {:>13} {:>12} {:>6} {:>6} {:>6} {:>6} {:>7}  {}".format(
        *header))
    results: dict[int, dict[str, float]] = {}
    for size in SIZES:
        data = make_snapshot(size)
        text = yaml.safe_dump(data, sort_keys=False)
        file = f"<synthetic {size}>"
        loaded = from_mapping(parse_yaml(text, file), file)  # BadInput if the generator is wrong
        facts = loaded.facts
        answer = first_answer(loaded)[0]
        decoded = decode(answer)
        mapping = parse_yaml(text, file)

        # The timed functions take turns within each repetition, so that a load change on
        # the machine hits them alike; small sizes get more repetitions (they are cheap).
        functions: dict[str, Callable[[], Any]] = {
            # ygocheck's whole in-process path, from the YAML text to the decoded answer
            "full": lambda: decode(first_answer(from_mapping(parse_yaml(text, file), file))[0]),
            "solve": lambda: solve(facts, "main.lp", file=file),
            "bare": lambda: bare_clingo(encoding, facts),
            "yaml": lambda: parse_yaml(text, file),
            "shape": lambda: build_snapshot(mapping, file),
            "facts": lambda: snapshot_facts(loaded.snapshot),
            "decode": lambda: decode(answer),
        }
        row = interleaved(functions, repeat * (3 if size <= 200 else 1))
        splits = [bare_clingo_phases(encoding, facts) for _ in range(3)]
        row.update({key: statistics.median(split[key] for split in splits) for key in splits[0]})
        results[size] = row
        print(f"   {size:5d} {facts.count(chr(10)):6d} {row['full'] * 1e3:9.1f} "
              f"{row['solve'] * 1e3:13.1f} {row['bare'] * 1e3:12.1f} "
              f"{row['full'] / row['bare']:5.2f}x {row['yaml'] * 1e3:6.1f} "
              f"{row['shape'] * 1e3:6.1f} {row['facts'] * 1e3:6.1f} {row['decode'] * 1e3:7.1f}"
              f"  {len(decoded.actions)}/{len(decoded.actions) + len(decoded.blocked)}")
    print("   bare clingo split (median of 3): parse+load / ground / solve (ms); ground program")
    for size, row in results.items():
        print(f"   {size:5d}  {ms(row['bare_parse'])} / {ms(row['bare_ground'])} / "
              f"{ms(row['bare_solve'])}"
              f"   {int(row['atoms'])} atoms")
    for size in (50, 800):
        ratio = results[size]["full"] / results[size]["bare"]
        print(f"   ratio ygocheck in-process / bare clingo at {size} cards: {ratio:.2f}x   "
              f"target <= {TARGET_OVERHEAD}x: {mark(ratio <= TARGET_OVERHEAD)}")

    print("\n4. Growth, time(800 cards) / time(50 cards)")
    for key, label in (("full", "ygocheck in-process"), ("solve", "ground+solve"),
                       ("bare", "bare clingo")):
        ratio = results[800][key] / results[50][key]
        print(f"   {label:20s} {ratio:6.1f}x   target <= {TARGET_GROWTH:.0f}x: "
              f"{mark(ratio <= TARGET_GROWTH)}")
    return results


# --- 6. ruling files -----------------------------------------------------------------------------

def rulings(repeat: int) -> dict[str, float]:
    """`ygocheck test examples/rulings` in process: cases per second with one process and
    with two (the cases shared out, each share played together)."""
    from ygocheck.rulings import run_paths

    folder = str(ROOT / "examples" / "rulings")
    print(f"\n6. Ruling files: ygocheck test examples/rulings (best of {repeat})")
    figures: dict[str, float] = {}
    for jobs in (1, 2):
        best = float("inf")
        count = 0
        for _ in range(repeat):
            start = time.perf_counter()
            results = run_paths([folder], jobs)
            best = min(best, time.perf_counter() - start)
            count = len(results)
            failed = sum(1 for r in results if not r.passed and r.status == "settled")
        rate = count / best
        figures[f"cases_per_s_{jobs}"] = rate
        print(f"   {jobs} process{'es' if jobs > 1 else ''}: {count} cases in {best:5.1f} s = "
              f"{rate:5.1f} cases/s ({failed} failed)" +
              (f"   target >= {TARGET_CASES_PER_S:.0f} cases/s on 2 cores: "
               f"{mark(rate >= TARGET_CASES_PER_S)}" if jobs == 2 else ""))
    return figures


# --- 7. a line of play -----------------------------------------------------------------------------

def line_of_play(repeat: int) -> dict[str, float]:
    """`play` of benchmarks/battle_line.actions on battle_line.yaml, in process: the time per
    action, the groundings per step, and the same steps grounded in the other ways clingo
    offers (one Control with a `#program step(t)` per step; all at once as worlds)."""
    import ygocheck.engine as engine
    from ygocheck.actions import parse_action
    from ygocheck.pipeline import load
    from ygocheck.play import play

    actions = [parse_action(line) for line in
               (BENCH / "battle_line.actions").read_text(encoding="utf-8").splitlines()
               if line.strip()]
    loaded = load(BENCH / "battle_line.yaml")
    steps: list[str] = []
    original = engine.solve

    def counting(facts: str, *args: Any, **kwargs: Any) -> Any:
        steps.append(facts)
        return original(facts, *args, **kwargs)

    engine.solve = counting
    try:
        result = play(loaded, actions)
    finally:
        engine.solve = original
    assert result.ok, result.stopped_at
    times = timed(lambda: play(loaded, actions), repeat)
    per_action = statistics.median(times) / len(actions)
    print(f"\n7. A line of play: {len(actions)} actions through the Battle Phase "
          f"(benchmarks/battle_line.actions), median of {repeat}")
    print(f"   {len(steps)} groundings for {len(actions)} actions: one per step "
          f"({len(steps) - len(actions)} automatic steps), none to check or to decode")
    print(f"   play in process: {per_action * 1000:6.1f} ms per action   target <= "
          f"{TARGET_PLAY_MS:.0f} ms: {mark(per_action * 1000 <= TARGET_PLAY_MS)}")
    fresh = statistics.median(timed(lambda: [original(f, "step.lp") for f in steps], 1, 0))
    multi = multishot(steps)
    worlds = statistics.median(timed(lambda: _worlds(steps), 1, 0))
    print(f"   the same {len(steps)} steps' facts, grounded and solved:")
    print(f"     one fresh Control per step (ygocheck)        {fresh / len(steps) * 1000:6.1f} ms "
          "per step")
    print(f"     one Control, a `#program step(t)` per step   {multi / len(steps) * 1000:6.1f} ms "
          "per step (multi-shot)")
    print(f"     all steps at once, one world each            {worlds / len(steps) * 1000:6.1f} ms "
          "per step (only where steps do not wait on each other: ruling suites)")
    return {"play_ms_per_action": per_action * 1000, "groundings": len(steps),
            "fresh_ms_per_step": fresh / len(steps) * 1000,
            "multishot_ms_per_step": multi / len(steps) * 1000,
            "worlds_ms_per_step": worlds / len(steps) * 1000}


def _worlds(steps: list[str]) -> None:
    from ygocheck.worlds import solve_worlds

    solve_worlds(steps, "step.lp")


def multishot(steps: list[str]) -> float:
    """Seconds to ground and solve `steps` in one Control, step t as the program part
    step(t): the rules with the step number as their atoms' last argument (the way clingo's
    incremental mode grounds a horizon step by step), the facts of step t added with it."""
    import clingo
    from clingo import ast

    from ygocheck.worlds import WORLD, program, tagged

    location = ast.Location(ast.Position("<bench>", 1, 1), ast.Position("<bench>", 1, 1))

    class StepParameter(ast.Transformer):
        def visit_Variable(self, variable: Any) -> Any:
            if variable.name == WORLD:
                return ast.Function(location, "t", [], False)
            return variable

    rewrite = StepParameter()
    statements = [rewrite(s) for s in program("step.lp")]
    control = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(control) as builder:
        builder.add(ast.Program(location, "step", [ast.Id(location, "t")]))
        for statement in statements:
            if statement.ast_type != ast.ASTType.Program:
                builder.add(statement)
    start = time.perf_counter()
    for number, facts in enumerate(steps):
        control.add(f"facts{number}", [], tagged(facts, number))
        control.ground([(f"facts{number}", []), ("step", [clingo.Number(number)])])
        control.solve(on_model=lambda model: None)
    return time.perf_counter() - start


# --- 8. many events ---------------------------------------------------------------------------------

def many_events() -> float:
    """`actions` on a valid snapshot with 8,000 events, in process."""
    import yaml

    from ygocheck.decode import decode
    from ygocheck.load import parse_yaml
    from ygocheck.pipeline import first_answer, from_mapping

    rng = random.Random(8000)
    cards = [{"id": "a_celtic", "name": "Celtic Guardian", "owner": "A", "zone": "monster",
              "slot": 1, "since_turn": 2},
             {"id": "b_elf", "name": "Mystical Elf", "owner": "B", "zone": "monster", "slot": 2,
              "position": "defense"},
             {"id": "b_mirror", "name": "Mirror Force", "owner": "B", "zone": "spell_trap",
              "slot": 1, "face": "down", "since_turn": 2},
             {"id": "a_hole", "name": "Dark Hole", "owner": "A", "zone": "hand"}]
    events = []
    for _ in range(8000):
        name = rng.choice(["activated", "chain_resolved", "destroyed", "sent_to_graveyard",
                           "phase_start", "summoned", "drawn"])
        event: dict[str, Any] = {"event": name}
        if name in ("activated", "destroyed", "sent_to_graveyard", "summoned"):
            event["card"] = rng.choice([c["id"] for c in cards])
        if name == "phase_start":
            event["phase"] = "main1"
        if name == "drawn":
            event["player"] = "A"
        events.append(event)
    text = yaml.safe_dump({"format": "ygocheck/1", "state": {
        "turn": 50, "turn_player": "A", "phase": "main1", "events": events, "cards": cards}})
    start = time.perf_counter()
    decode(first_answer(from_mapping(parse_yaml(text, "<8000 events>"), "<8000 events>"))[0])
    seconds = time.perf_counter() - start
    print(f"\n8. A valid snapshot with 8,000 events: `actions` in {seconds:5.2f} s   target < "
          f"{TARGET_EVENTS_S:.0f} s: {mark(seconds < TARGET_EVENTS_S)}")
    return seconds


# --- 9. the official card list ---------------------------------------------------------------

LIST_CHILD = """
import sys
from ygocheck import official
from ygocheck.pipeline import first_answer, load
first_answer(load(sys.argv[1]))
print(official.loaded())
"""

READ_CHILD = """
import time
from ygocheck.official import official
start = time.perf_counter()
listed = official()
middle = time.perf_counter()
card = listed.get("Petit Moth").definition()
print(middle - start, time.perf_counter() - middle)
"""


def children_cpu() -> float:
    """User + system CPU seconds of the finished child processes so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def official_list(repeat: int, warmup: int) -> dict[str, float]:
    """`actions` on the bundled example (which names library cards only) and on the same
    snapshot with one card that only the official list knows; whether each read the list;
    the cost of reading it; and `deck` on the example deck."""
    print("\n9. The official card list (read only for a card neither the library nor the "
          "snapshot defines)")
    example = ROOT / "examples" / "main_phase.yaml"
    command = ygocheck_command()
    with tempfile.TemporaryDirectory() as folder:
        variant = Path(folder) / "main_phase_unmodelled.yaml"
        text = example.read_text(encoding="utf-8")
        assert "name: Celtic Guardian" in text
        variant.write_text(text.replace("name: Celtic Guardian", "name: Petit Moth"),
                           encoding="utf-8")
        for path in (example, variant):
            read = subprocess.run([sys.executable, "-c", LIST_CHILD, str(path)], check=True,
                                  capture_output=True, text=True).stdout.strip()
            print(f"   `actions` on {path.name:28s} reads the list: {read}")
        runs = {
            "library cards only": command + ["actions", "--json", str(example)],
            "one card of the list (Petit Moth)": command + ["actions", "--json", str(variant)],
            "deck examples/decks/starter.ydk": command + ["deck", "--json",
                                                          str(ROOT / "examples" / "decks" /
                                                              "starter.ydk")],
        }
        times: dict[str, list[float]] = {label: [] for label in runs}
        cpu: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(warmup):
            for argv in runs.values():
                subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        for _ in range(repeat):          # interleaved: a load change hits them alike
            for label, argv in runs.items():
                before = children_cpu()
                start = time.perf_counter()
                subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
                times[label].append(time.perf_counter() - start)
                cpu[label].append(children_cpu() - before)
    medians = {label: statistics.median(values) for label, values in times.items()}
    cpus = {label: statistics.median(values) for label, values in cpu.items()}
    for label, value in medians.items():
        print(f"   {label:36s} median {ms(value)} ms   p90 {ms(p90(times[label]))} ms   "
              f"CPU {ms(cpus[label])} ms")
    base, other = medians["library cards only"], medians["one card of the list (Petit Moth)"]
    extra_cpu = cpus["one card of the list (Petit Moth)"] - cpus["library cards only"]
    print(f"   naming a card of the list costs {ms(other - base)} ms end to end, "
          f"{ms(extra_cpu)} ms of CPU (CPU time varies less with the machine's load)")
    reads = []
    for _ in range(max(3, repeat // 3)):
        out = subprocess.run([sys.executable, "-c", READ_CHILD], check=True,
                             capture_output=True, text=True).stdout.split()
        reads.append((float(out[0]), float(out[1])))
    read = statistics.median(r[0] for r in reads)
    card = statistics.median(r[1] for r in reads)
    print(f"   reading the list in a fresh process   {ms(read)} ms; one card's definition "
          f"{card * 1e6:.0f} µs")
    return {"library_only_ms": base * 1000, "one_list_card_ms": other * 1000,
            "library_only_cpu_ms": cpus["library cards only"] * 1000,
            "one_list_card_cpu_ms": cpus["one card of the list (Petit Moth)"] * 1000,
            "deck_ms": medians["deck examples/decks/starter.ydk"] * 1000,
            "read_list_ms": read * 1000}


# --- 5. memory ----------------------------------------------------------------------------------

MEMORY_CHILD = """
import sys
sys.path.insert(0, {bench_dir!r})
from bench import make_snapshot
from ygocheck.pipeline import first_answer, from_mapping
data = make_snapshot({size}) if {size} else None
if data is not None:
    first_answer(from_mapping(data, "<synthetic>"))
"""

# A small launcher: a fresh interpreter that runs the query child and reports
# getrusage(RUSAGE_CHILDREN).ru_maxrss. It is not run from this (large) process because on
# Linux a child's max RSS starts at its parent's RSS at fork time.
LAUNCHER = """
import resource, subprocess, sys
subprocess.run([sys.executable, "-c", sys.argv[1]], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_memory_mb(size: int) -> float:
    """Max RSS (MB) of a fresh process that runs the in-process query at `size` cards
    (size 0: the same process with the imports only, no query)."""
    code = MEMORY_CHILD.format(bench_dir=str(Path(__file__).resolve().parent), size=size)
    output = subprocess.run([sys.executable, "-c", LAUNCHER, code], check=True,
                            capture_output=True, text=True).stdout
    maxrss = int(output.split()[-1])   # KiB on Linux, bytes on macOS
    return maxrss / 1024 / (1024 if sys.platform == "darwin" else 1)


def memory() -> float:
    print("\n5. Peak memory (max RSS of a fresh process, getrusage(RUSAGE_CHILDREN))")
    print(f"   imports only, no query          {peak_memory_mb(0):7.1f} MB")
    peak = 0.0
    for size in (50, 800):
        peak = peak_memory_mb(size)
        print(f"   {size:3d}-card in-process query       {peak:7.1f} MB" +
              (f"   target < {TARGET_MEMORY_MB:.0f} MB: {mark(peak < TARGET_MEMORY_MB)}"
               if size == 800 else ""))
    return peak


def git_state() -> str:
    """The commit measured, and whether asp/ or ygocheck/ differ from it."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                                capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "asp", "ygocheck"],
                               cwd=ROOT, text=True, capture_output=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return commit + (" + uncommitted changes in asp/ or ygocheck/" if dirty else "")


SECTIONS = ("in_process", "rulings", "line_of_play", "many_events")


def section(name: str, quick: bool) -> Any:
    """Run one section here and return its figures."""
    repeat = 3 if quick else 7
    if name == "in_process":
        return {str(k): v for k, v in in_process(repeat).items()}
    if name == "rulings":
        return rulings(1 if quick else 3)
    if name == "line_of_play":
        return line_of_play(repeat)
    return many_events()


def in_fresh_process(name: str, quick: bool) -> Any:
    """A section in a fresh interpreter: clingo keeps every symbol it ever made, so a section
    run after another in one process would be timed with the other's symbols in its tables."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        argv = [sys.executable, str(Path(__file__).resolve()), "--section", name, "--json",
                out.name] + (["--quick"] if quick else [])
        subprocess.run(argv, check=True)
        return json.loads(Path(out.name).read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", dest="json_out", metavar="FILE",
                        help="also write the figures to FILE as JSON")
    parser.add_argument("--section", choices=SECTIONS, help="run one section only")
    args = parser.parse_args()
    if args.section:
        figures = section(args.section, args.quick)
        if args.json_out:
            Path(args.json_out).write_text(json.dumps(figures))
        return
    e2e_repeat, e2e_warmup, repeat = (5, 1, 3) if args.quick else (15, 2, 7)
    import clingo

    print(f"ygocheck benchmark ({'quick' if args.quick else 'full'}): Python "
          f"{sys.version.split()[0]}, clingo {clingo.__version__}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}, tree {git_state()}\n")
    started = time.perf_counter()
    e2e = end_to_end(e2e_repeat, e2e_warmup)
    sys.stdout.flush()
    results = {int(k): v for k, v in in_fresh_process("in_process", args.quick).items()}
    peak = memory()
    sys.stdout.flush()
    suite = in_fresh_process("rulings", args.quick)
    line = in_fresh_process("line_of_play", args.quick)
    events = in_fresh_process("many_events", args.quick)
    listed = official_list(e2e_repeat, e2e_warmup)
    print(f"\n(benchmark took {time.perf_counter() - started:.0f} s)")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({
            "e2e_median_ms": statistics.median(e2e) * 1000, "e2e_p90_ms": p90(e2e) * 1000,
            "in_process": {str(k): {kk: vv for kk, vv in v.items()} for k, v in results.items()},
            "growth_800_50": results[800]["full"] / results[50]["full"],
            "peak_memory_800_mb": peak, "rulings": suite, "play": line,
            "events_8000_s": events, "official_list": listed}, indent=2))


if __name__ == "__main__":
    main()
