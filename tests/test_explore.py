"""Invariants over the moments the bundled examples and the ruling files start from, and over
a few short lines of play from them (`ygocheck explore`, ygocheck/explore.py).

Every starting moment (the first case of every ruling file, every bundled example) must be
possible and not stuck: the one checker accepts it, and some player has a legal action or the
duel is over. A deterministic sample is explored further, every invariant checked (actions,
--expand, why, play, resolve and view agreeing): the bundled examples one line deep, and the
ruling files whose faults explore found. The whole costs a few seconds of the suite.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ygocheck.cli import main
from ygocheck.decode import decode
from ygocheck.explore import Rules, check_moment, compact, explore
from ygocheck.pipeline import Loaded, first_answers, from_mapping, load
from ygocheck.problems import BadInput
from ygocheck.rulings import read_cases, ruling_files

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
RULINGS = ruling_files([str(ROOT / "examples" / "rulings")])
# Ruling files that record a fault explore found: each is explored from its start.
FOUND = ["chains/targets_are_different_cards.yaml",
         "chains/once_per_turn_trigger_does_not_wait.yaml"]


def starting_moment(path: Path, case: int = 0) -> Loaded:
    cases, broken = read_cases(path)
    assert not broken, broken[0].failures
    data = cases[case].data
    return from_mapping({k: data[k] for k in ("format", "cards", "state") if k in data},
                        str(path))


def test_every_starting_moment_is_possible_and_has_a_next_step() -> None:
    moments = [load(p) for p in EXAMPLES] + [starting_moment(p) for p in RULINGS]
    answers = first_answers(moments)
    stuck, impossible = [], []
    for moment, answer in zip(moments, answers, strict=True):
        if isinstance(answer, BadInput):
            impossible.append(f"{moment.file}: " + "; ".join(p.message for p in answer.problems))
            continue
        over = "result" in ((moment.snapshot.raw if moment.snapshot else {}).get("state") or {})
        if not decode(answer).actions and not over:
            stuck.append(moment.file)
    assert not impossible, impossible
    assert not stuck, f"no legal action and the duel not over: {stuck}"


# One line a step deep from the example with a chain (its pass checks `resolve` against
# `play`), the others at their own moment only: every invariant costs some ten groundings.
DEPTHS = {"chain_in_progress.yaml": 1}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_each_example_keeps_every_invariant(path: Path) -> None:
    depth = DEPTHS.get(path.name, 0)
    report = explore(load(path), lines=1, depth=depth, seed=0)
    assert report.moments == depth + 1
    assert not report.violations, [v.as_json() for v in report.violations]


@pytest.mark.parametrize("name", FOUND)
def test_the_faults_explore_found_stay_fixed(name: str) -> None:
    """Each fault's moment, where the case's `do:` leads: before the fix, the 3-targets-from-2
    activation was listed with no set of targets to expand (CHAIN-11), and the spent Sangan
    trigger waited with no legal action for anyone (ACT-92)."""
    path = ROOT / "examples" / "rulings" / name
    rules = Rules()
    start = starting_moment(path)
    line = [str(a) for a in read_cases(path)[0][0].data.get("do") or []]
    moments = [start]
    if line:
        from ygocheck.actions import parse_action

        reached, stopped = rules.play(start, [parse_action(a) for a in line])
        assert stopped is None, stopped
        moments = [rules.load(s, str(path)) for s in reached]
    for moment in moments:
        _, found = check_moment(rules, moment, line)
        assert not found, [v.as_json() for v in found]


def test_a_fault_is_reported_with_its_line(tmp_path: Path) -> None:
    """A disagreement is a violation with the line that reaches it: here `why` is made to
    refuse every action, so each action `actions` lists is one."""

    class Refusing(Rules):
        def why(self, moment: Loaded, actions: list[dict[str, Any]]) -> \
                list[tuple[bool, list[str]]]:
            return [(False, ["CHAIN-11"]) for _ in actions]

        def view(self, moment: Loaded, player: str) -> dict[str, Any]:
            return moment.snapshot.raw if moment.snapshot is not None else {}

        def check(self, moment: Loaded) -> None:
            pass

    report = explore(load(ROOT / "examples" / "main_phase.yaml"), lines=1, depth=0,
                     rules=Refusing())
    assert report.violations
    first = report.violations[0]
    assert first.check == "why" and first.line == []
    assert "refuses it" in first.message


def test_compact_actions_read_back() -> None:
    assert compact({"player": "A", "action": "activate", "card": "a_mst", "effect": 1,
                    "targets": ["b_decree"]}) == "A activate a_mst 1 b_decree"
    assert compact({"player": "A", "action": "attack", "card": "a_x",
                    "target": "direct"}) == "A attack a_x direct"
    assert compact({"player": "B", "action": "pass"}) == "B pass"
    # No compact form for a cost: JSON, which reads back the same.
    action = {"player": "A", "action": "activate", "card": "a_x", "effect": 1,
              "cost": {"discard": ["a_y"]}}
    assert json.loads(compact(action)) == action


def test_bounds_are_refused_with_a_message() -> None:
    runner = CliRunner()
    example = str(ROOT / "examples" / "main_phase.yaml")
    for args in (["--depth", "21"], ["--lines", "0"], ["--lines", "201"],
                 ["--all", "--depth", "5"]):
        result = runner.invoke(main, ["explore", example, *args])
        assert result.exit_code == 2, (args, result.output)
        assert "at most" in result.output or "from 1 to" in result.output
    result = runner.invoke(main, ["explore", str(ROOT / "missing.yaml")])
    assert result.exit_code == 2
