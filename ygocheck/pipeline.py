"""The pipeline of one query: file -> snapshot -> facts -> clingo -> decoded answer."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .decode import Decoded, decode
from .facts import definition_facts, snapshot_facts
from .load import parse_yaml, read_text
from .model import Snapshot
from .problems import BadInput, Problem
from .solve import Answer, check_lp_input, fact_names, solve
from .validate import build_snapshot


@dataclass
class Loaded:
    """A snapshot ready for the rules: its facts, and the model when it came from YAML."""

    file: str
    facts: str
    snapshot: Snapshot | None
    user_facts: bool = False


def load(path: str | Path) -> Loaded:
    """Load and validate a snapshot file (YAML, or .lp facts). Raises BadInput."""
    file = str(path)
    text = read_text(path)
    if file.endswith(".lp"):
        check_lp_input(text, file)
        return Loaded(file=file, facts=text + library_facts_for(text, file), snapshot=None,
                      user_facts=True)
    data = parse_yaml(text, file)
    return from_mapping(data, file)


def library_facts_for(text: str, file: str) -> str:
    """The library definitions of the cards a hand-written .lp snapshot names (and does not
    define itself), so that .lp snapshots use the same library as YAML ones."""
    from .cards import library

    names, defined = fact_names(text, file)
    cards = library()
    lines: list[str] = []
    for name in sorted(names - defined):
        if name in cards:
            lines.extend(definition_facts(name, cards[name]))
    return "\n" + "\n".join(lines) + "\n"


def from_mapping(data: Any, file: str) -> Loaded:
    snapshot = build_snapshot(data, file)
    return Loaded(file=file, facts=snapshot_facts(snapshot), snapshot=snapshot)


def run(loaded: Loaded, reasons: bool = False) -> Answer:
    answer = solve(loaded.facts, loaded.file, user_facts=loaded.user_facts, reasons=reasons)
    errors = answer.of("input_error")
    if errors:
        problems = [Problem(loaded.file, None, f"{e.arguments[0].string}: {e.arguments[1]}")
                    for e in errors]
        raise BadInput(problems)
    return answer


def legal_actions(loaded: Loaded, with_blocked: bool = False) -> Decoded:
    return decode(run(loaded, reasons=with_blocked), with_blocked=with_blocked)
