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
    """The rules' decisions about a snapshot: legal actions, refused ones and their rules."""
    from ygocheck.decode import decode
    from ygocheck.pipeline import first_answer, from_mapping

    return decode(first_answer(from_mapping(data, "<test>"), "main.lp", ("show_reasons.lp",))[0])


def ask(data: dict[str, Any], **wanted: Any) -> tuple[bool, list[str]]:
    """Is a legal action with these keys there, and the rules that say so (asp/request.lp,
    as a ruling file's expectation asks it)."""
    from ygocheck.decode import request_answer
    from ygocheck.facts import request_facts
    from ygocheck.pipeline import first_answer, from_mapping

    answer = first_answer(from_mapping(data, "<test>"), "question.lp",
                          requests=request_facts("expect(legal,1)", wanted))[0]
    return request_answer(answer, "expect(legal,1)")


def legal(data: dict[str, Any], **wanted: Any) -> bool:
    return ask(data, **wanted)[0]


def reasons(data: dict[str, Any], **wanted: Any) -> set[str]:
    found, rules = ask(data, **wanted)
    return set() if found else set(rules)


@pytest.fixture
def write(tmp_path: Path) -> Any:
    def _write(data: Any, name: str = "snapshot.yaml") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False),
                        encoding="utf-8")
        return str(path)
    return _write
