#!/usr/bin/env python3
"""Speed of hidden information (benchmarks/README.md, "Hidden information"):

    python3 benchmarks/hidden.py [--repeat N]

`ygocheck view --as` and `ygocheck actions --as` in process, on the synthetic snapshots of
bench.py (A's view of B: B's Set cards and hand are hidden) and on examples/hidden_attack.yaml
(one more Set card and hand card) with the library as candidates. Prints figures only."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import make_snapshot  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def attack() -> dict:
    """examples/hidden_attack.yaml with one more Set card and one more hand card for B."""
    import yaml

    data = yaml.safe_load((ROOT / "examples" / "hidden_attack.yaml").read_text(encoding="utf-8"))
    data["state"]["counts"] = {"B": {"hand": 2, "deck": 20}}
    data["state"]["cards"].append({"id": "b_set2", "name": "Pot of Greed", "owner": "B",
                                   "zone": "spell_trap", "slot": 2, "face": "down",
                                   "since_turn": 2})
    return data


def median_ms(function, repeat: int) -> float:
    function()   # warm-up: parses the rules once
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    from ygocheck.hypotheses import actions_as
    from ygocheck.pipeline import from_mapping
    from ygocheck.view import view

    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    import os
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for cards in (50, 200):
        loaded = from_mapping(make_snapshot(cards), "<bench>")
        print(f"view --as A, {cards} cards: {median_ms(lambda: view(loaded, 'A'), repeat):.0f} ms")
    loaded = from_mapping(attack(), "<bench>")
    found = actions_as(loaded, "A")
    print(f"actions --as A, attack with 2 Set cards and 2 hand cards, library candidates "
          f"({found['hypotheses']} hypotheses): "
          f"{median_ms(lambda: actions_as(loaded, 'A'), max(1, repeat // 2)):.0f} ms")
    for priority in ("A", "B"):
        snapshot = make_snapshot(50)
        snapshot["state"]["priority"] = priority   # B: A has declared the end of the phase
        loaded = from_mapping(snapshot, "<bench>")
        found = actions_as(loaded, "A")
        print(f"actions --as A, 50 cards, {priority} to act ({found['hypotheses']} hypotheses): "
              f"{median_ms(lambda: actions_as(loaded, 'A'), max(1, repeat // 2)):.0f} ms")


if __name__ == "__main__":
    main()
