"""Shared helpers: write a snapshot and ask the rules about it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def snapshot(cards: list[dict[str, Any]], **state: Any) -> dict[str, Any]:
    """A ygocheck/1 snapshot mapping: turn 3, A's Main Phase 1 unless given."""
    full = {"turn": 3, "turn_player": "A", "phase": "main1"}
    full.update(state)
    full["cards"] = cards
    return {"format": "ygocheck/1", "state": full}


def decide(data: dict[str, Any]) -> Any:
    from ygocheck.pipeline import from_mapping, legal_actions

    return legal_actions(from_mapping(data, "<test>"), with_blocked=True)


def legal(data: dict[str, Any], **wanted: Any) -> bool:
    from ygocheck.actions import matches

    return any(matches(wanted, action) for action in decide(data).actions)


def reasons(data: dict[str, Any], **wanted: Any) -> set[str]:
    from ygocheck.actions import matches

    found: set[str] = set()
    for action, rules in decide(data).blocked:
        if matches(wanted, action):
            found.update(rules)
    return found


@pytest.fixture
def write(tmp_path: Path) -> Any:
    def _write(data: Any, name: str = "snapshot.yaml") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False),
                        encoding="utf-8")
        return str(path)
    return _write
