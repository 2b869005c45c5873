"""Seeded fuzzing over every command (tests/fuzz.py): a few hundred generated inputs, each of
which must exit 0, 1 or 2, with no traceback, and end (a hang guard, not a speed claim)."""

from __future__ import annotations

from pathlib import Path

import pytest

import fuzz

INPUTS = fuzz.inputs(320)


def test_the_inputs_reach_every_command() -> None:
    commands = {item.args[0] for item in INPUTS}
    assert commands == {"check", "actions", "why", "play", "resolve", "test", "card", "deck"}
    assert sum(item.name.endswith(":lp") for item in INPUTS) >= 10


@pytest.mark.parametrize("item", INPUTS, ids=[item.name for item in INPUTS])
def test_generated_input_behaves(tmp_path: Path, item: fuzz.Input) -> None:
    problem = fuzz.run(item, tmp_path)
    assert problem is None, f"{item.args}\n{item.files}\n{problem}"[-6000:]
