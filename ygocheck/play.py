"""`play` and `resolve` (docs/format.md, "Playing"): lines of play from a snapshot, rendered.

The rules decide every step (engine.py); this module turns the settled moment, or the moment
where a line stopped, into the snapshot and events the commands print.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .catalogue import reason
from .decode import merge_warnings, warnings_of
from .engine import Branch, Stop, describe, new_events, run
from .explain import reason_facts
from .load import plain
from .pipeline import Loaded
from .state_out import snapshot_mapping


@dataclass
class PlayResult:
    ok: bool
    snapshot: dict[str, Any]
    events: list[dict[str, Any]]
    stopped_at: dict[str, Any] | None = None
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "snapshot": self.snapshot, "events": self.events,
                "stopped_at": self.stopped_at, "warnings": self.warnings}


@dataclass
class Outcome:
    choices: list[dict[str, Any]]
    snapshot: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)


def play(loaded: Loaded, actions: list[dict[str, Any]]) -> PlayResult:
    """Apply `actions` in order; stop at the first illegal one, or where a choice is needed
    and the next action does not make it."""
    branches, stop = run(loaded, actions)
    if stop is not None:
        answer = stop.answer or describe(loaded, stop.branch or Branch(state=loaded.state))
        facts = reason_facts(stop.answer, "do") if stop.answer is not None else {}
        stopped: dict[str, Any] = {"index": stop.index, "action": stop.action,
                                   "reason": stop.reason, "message": stop.message,
                                   "reasons": [dict(reason(r), facts=facts.get(r, []))
                                               for r in stop.rules]}
        if stop.options is not None:
            stopped["options"] = stop.options
        warnings = merge_warnings(stop.branch.warnings if stop.branch else [],
                                  warnings_of(answer))
        return PlayResult(ok=False, snapshot=_snapshot(loaded, answer),
                          events=new_events(answer, loaded.event_count()), stopped_at=stopped,
                          warnings=warnings)
    answer = branches[0].settled_answer()
    return PlayResult(ok=True, snapshot=_snapshot(loaded, answer),
                      events=new_events(answer, loaded.event_count()),
                      warnings=branches[0].warnings)


def resolve(loaded: Loaded) -> list[Outcome]:
    """Resolve the snapshot's chain as if both players had passed: every outcome."""
    branches, stop = run(loaded, [{"action": "resolve"}], follow_all=True)
    if stop is not None and stop.rules:   # the rules refuse it: there is no chain
        from .catalogue import reason
        from .problems import BadInput, Problem

        because = "; ".join(f"{r}: {reason(r)['text']}" for r in stop.rules)
        raise BadInput([Problem(loaded.file, None, f"resolve: nothing to resolve here "
                                f"({because})")])
    if stop is not None:  # resolving asks no player for anything; another stop is a bug
        from .problems import EncodingBug

        raise EncodingBug(f"resolving the chain stopped: {stop.message}")
    return [Outcome(choices=b.choices, snapshot=_snapshot(loaded, b.settled_answer()),
                    events=new_events(b.settled_answer(), loaded.event_count()),
                    warnings=b.warnings)
            for b in branches]


def _snapshot(loaded: Loaded, answer: Any) -> dict[str, Any]:
    return snapshot_mapping(answer, plain(loaded.before()), loaded.card_order())


def lines_of_play(loaded: Loaded, actions: list[dict[str, Any]], questions: str = "") -> \
        tuple[list[Branch], Stop | None]:
    """Every line of play `actions` lead to (each outcome followed), for ruling files."""
    return run(loaded, actions, follow_all=True, questions=questions)
