"""The JSON Schemas (schemas/*.json): current, valid JSON Schema, accepting every example, and
agreeing with the shape checker that ygocheck itself runs."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import mutations
from ygocheck.expectations import case_problems
from ygocheck.generate import stale, targets
from ygocheck.json_schemas import SCHEMAS
from ygocheck.load import parse_yaml
from ygocheck.problems import BadInput
from ygocheck.schema import build_snapshot

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = sorted((ROOT / "examples").glob("*.yaml"))
RULINGS = sorted((ROOT / "examples").glob("rulings*/**/*.yaml"))
LIBRARY = sorted((ROOT / "ygocheck" / "library").glob("*.yaml"))


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of one schema, made once (a validator keeps no state between
    documents)."""
    data = json.loads((ROOT / "schemas" / f"{name}.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(data)


def read(path: Path) -> Any:
    """A YAML file's data, read by libyaml's safe loader where PyYAML has it (ten times
    faster than the pure-Python one, and the same data)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - safe


def errors(name: str, data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(name).iter_errors(data)]


def test_the_generated_files_are_current() -> None:
    assert not stale(ROOT), (
        f"{', '.join(stale(ROOT))} out of date (shapes.py, asp/vocabulary.lp, the catalogue, "
        "asp/ or a ruling file changed): run `python -m ygocheck.generate` from the project "
        "root and commit the result")


@pytest.mark.parametrize("name", SCHEMAS)
def test_each_schema_is_a_valid_json_schema(name: str) -> None:
    data = json.loads((ROOT / "schemas" / f"{name}.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(data)
    assert f"schemas/{name}.json" in targets(ROOT)


def test_there_are_examples_to_validate() -> None:
    assert len(SNAPSHOTS) >= 2 and len(RULINGS) >= 50 and LIBRARY


@pytest.mark.parametrize("path", SNAPSHOTS, ids=lambda p: p.name)
def test_example_snapshots_validate(path: Path) -> None:
    assert errors("snapshot", read(path)) == []


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_example_ruling_files_validate(path: Path) -> None:
    assert errors("ruling", read(path)) == []


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: p.name)
def test_library_files_validate_as_card_definitions(path: Path) -> None:
    assert errors("cards", read(path)) == []


WHOLE_FLOAT = re.compile(r"must be a whole number, not the number -?\d+\.0$"
                         r"|\.slot is the number -?\d+\.0; a slot is one of ")


def test_schema_and_shape_checker_agree_on_every_mutated_snapshot() -> None:
    """The schema refuses exactly what the shape checker refuses, but for an id used twice
    (uniqueness of a field across a list is beyond JSON Schema) and a whole number written as
    a float (`1.0`: JSON Schema's "integer" is any number with no fraction, so it admits it)."""
    checked = refused = 0
    for mutation in mutations.mutations() + mutations.lp_mutations():
        if mutation.data is None:
            continue
        try:
            data = parse_yaml(mutation.yaml_text(), "m.yaml")
        except BadInput:
            continue
        try:
            build_snapshot(data, "m.yaml")
            problems: list[str] = []
        except BadInput as error:
            problems = [p.message for p in error.problems]
        found = errors("snapshot", json.loads(json.dumps(data)))
        checked += 1
        refused += bool(problems)
        if problems and all("is used twice" in p or WHOLE_FLOAT.search(p) for p in problems):
            continue
        assert bool(found) == bool(problems), (mutation.id, problems, found)
    assert checked > 300 and 100 < refused < checked


BASE_CASE = {
    "format": "ygocheck/1", "ruling": "A may pass", "source": "a seed",
    "state": {"turn": 1, "turn_player": "A", "phase": "main1"},
    "expect": {"legal": [{"player": "A", "action": "next"}]},
}


@pytest.mark.parametrize("change", [
    {"expect": {}},
    {"expect": {"legal": []}},
    {"expect": {"legal": [{"player": "A", "action": "next"}], "reasons": ["NOPE-01"]}},
    {"expect": {"legal": [{"player": "A", "action": "next"}], "surprise": 1}},
    {"expect": {"state": {"cards": {"a_x": {}}}}},
    {"expect": {"state": {"cards": {"a_x": {"colour": "red"}}}}},
    {"expect": {"events": [{"event": "exploded"}]}},
    {"expect": {"events": [{}]}},
    {"status": "maybe"},
    {"outcomes": "most"},
    {"ruling": ""},
    {"do": "A next"},
])
def test_ruling_schema_refuses_what_the_runner_refuses(change: dict[str, Any]) -> None:
    case = copy.deepcopy(BASE_CASE)
    case.update(change)
    assert case_problems(case), change
    assert errors("ruling", case), change


def test_ruling_schema_accepts_the_base_case_and_a_file_of_cases() -> None:
    assert case_problems(BASE_CASE) == [] and errors("ruling", BASE_CASE) == []
    case = {k: v for k, v in BASE_CASE.items() if k != "format"}
    assert errors("ruling", {"format": "ygocheck/1", "cases": [case]}) == []
    assert errors("ruling", {"format": "ygocheck/1", "cases": []})
    assert errors("ruling", case)   # one case alone needs its format


def test_card_schema_knows_kinds_by_category() -> None:
    assert errors("cards", {"X": {"category": "spell", "kind": "quick_play"}}) == []
    assert errors("cards", {"X": {"category": "spell", "kind": "counter"}})
    assert errors("cards", {"X": {"category": "trap", "kind": "normal", "atk": 100}})
    assert errors("cards", {"X": {"category": "monster", "kind": "effect", "rank": 4}})
