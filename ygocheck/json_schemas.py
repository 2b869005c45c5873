"""The JSON Schemas of ygocheck's files (schemas/*.json), written from the description the
shape checkers use (shapes.py), the snapshot vocabulary of asp/vocabulary.lp and the rule
catalogue. `python -m ygocheck.generate` writes them; docs/format.md says how to use them in
an editor.

A schema checks keys, types, the words of the vocabularies and the bounds of numbers, as the
shape checkers do; a few relations between fields too (a card's kind by its category; keys
only monsters have). Whether a snapshot is a possible moment of a duel is the rules' to say
(`ygocheck check`), and so is every relation the schemas do not state.
"""

from __future__ import annotations

import json
from typing import Any

from . import FORMAT
from .cards import DESCRIBES_ITS_SUMMON, INFORMATION_KEYS, NARROWED_GROUPS, PICK_KEYS
from .limits import ACTIONS, LIST_ITEMS
from .shapes import (CARD, CARD_ENTRY, CASE_KEYS, COUNTED, DEFINITIONS_MAP, EFFECT, EVENT,
                     EXPECT_KEYS, FILE_KEYS, ID_REGEX, KINDS, MONSTER_ONLY, OUTCOME_MODES,
                     RETURN_MOMENTS, SNAPSHOT, STATE, STATUSES, VIEW_KEYS,
                     Either, ListOf, MapOf, Record, Spec, action_schema)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMAS = ("snapshot", "cards", "ruling")


def _collect(spec: Spec | Record, defs: dict[str, Any]) -> None:
    """Every named record below `spec`, written once under $defs."""
    if isinstance(spec, Record):
        if spec.name and spec.name in defs:
            return
        if spec.name:
            defs[spec.name] = None   # being written (records may refer to each other)
            defs[spec.name] = _record_json(spec)
        for field in spec.fields.values():
            _collect(field, defs)
    elif isinstance(spec, ListOf):
        _collect(spec.item, defs)
    elif isinstance(spec, MapOf):
        _collect(spec.value, defs)
    elif isinstance(spec, Either):
        for option in spec.options:
            _collect(option, defs)


def _record_json(record: Record) -> dict[str, Any]:
    found = record.json()
    if record.description:
        found["description"] = record.description
    if record is CARD:
        found["allOf"] = _card_relations()
    if record is EFFECT:
        # A trigger effect says what triggers it, or that it cannot be described (cards.py).
        found["allOf"] = [{"if": {"properties": {"kind": {"const": "trigger"}},
                                  "required": ["kind"]},
                           "then": {"anyOf": [{"required": [key]} for key in
                                              ("trigger", "timing", "phase", "unmodelled")]}},
                          {"properties": {"does": {"items": {"allOf": _pick_key_relations()
                                                              + _amount_relations()}}}},
                          # An amount of damage or LP the text gives, or says it cannot.
                          {"if": {"not": {"required": ["unmodelled"]}},
                           "then": {"properties": {"does": {"items": {
                               "if": {"properties": {"op": {"enum": ["damage", "gain_lp"]}},
                                      "required": ["op"]},
                               "then": {"anyOf": [{"required": ["amount"]},
                                                  {"required": ["equal_to"]}]}}}}}}]
    return found


def _amount_relations() -> list[dict[str, Any]]:
    """Damage and LP: an amount or what it equals, not both, and what `equal_to` reads; a
    temporary banishment says when the card comes back (cards.py)."""
    lp = {"properties": {"op": {"enum": ["damage", "gain_lp"]}}, "required": ["op"]}
    return [{"if": lp, "then": {"not": {"required": ["amount", "equal_to"]}}},
            {"if": {"allOf": [lp, {"required": ["equal_to"]},
                              {"not": {"properties": {"equal_to": {
                                  "enum": ["damage_before", "damage_taken"]}}}}]},
             "then": {"required": ["what"]}},
            {"if": {"properties": {"op": {"const": "banish_temporarily"}}, "required": ["op"]},
             "then": {"required": ["until"],
                      "properties": {"until": {"enum": list(RETURN_MOMENTS)}}}}]


def _pick_key_relations() -> list[dict[str, Any]]:
    """The keys that describe picked cards only with `what: picked` in `does`, except the ones
    a Fusion or Ritual Summon uses for itself (cards.py, PICK_KEYS)."""
    not_picked = {"not": {"properties": {"what": {"const": "picked"}}, "required": ["what"]}}
    # A group of monsters is narrowed by what a card is (cards.py, NARROWED_GROUPS).
    not_narrowed = {"not": {"properties": {"what": {"enum": list(NARROWED_GROUPS)}},
                            "required": ["what"]}}
    narrowed = {"properties": {"what": {"enum": list(NARROWED_GROUPS)}}, "required": ["what"]}
    found: list[dict[str, Any]] = [{
        "if": {"allOf": [not_picked, not_narrowed, {"properties": {"op": {"not": {
            "enum": list(DESCRIBES_ITS_SUMMON)}}}}]},
        "then": {"not": {"anyOf": [{"required": [key]} for key in PICK_KEYS]}}},
        {"if": narrowed,
         "then": {"not": {"anyOf": [{"required": [key]} for key in PICK_KEYS
                                    if key not in INFORMATION_KEYS]}}}]
    # `what: picked` names the places it picks from (cards.py).
    found.append({"if": {"properties": {"what": {"const": "picked"}}, "required": ["what"]},
                  "then": {"required": ["from"]}})
    for op, own in DESCRIBES_ITS_SUMMON.items():
        stray = [key for key in PICK_KEYS if key not in own]
        found.append({"if": {"allOf": [not_picked, not_narrowed,
                                       {"properties": {"op": {"const": op}},
                                                    "required": ["op"]}]},
                      "then": {"not": {"anyOf": [{"required": [key]} for key in stray]}}})
    return found


def _card_relations() -> list[dict[str, Any]]:
    """A card's kind by its category; keys only a monster has; Rank only for Xyz Monsters and
    Link Rating only for Link Monsters (cards.py checks the rest)."""
    found: list[dict[str, Any]] = []
    for category, kinds in KINDS.items():
        rule: dict[str, Any] = {"properties": {"kind": {"enum": list(kinds)}}}
        if category != "monster":
            rule["not"] = {"anyOf": [{"required": [key]} for key in MONSTER_ONLY]}
        found.append({"if": {"properties": {"category": {"const": category}},
                             "required": ["category"]}, "then": rule})
    for kind, key in (("xyz", "rank"), ("link", "link")):
        found.append({"if": {"required": [key]},
                      "then": {"properties": {"kind": {"const": kind}}}})
    return found


def _document(title: str, description: str, top: dict[str, Any],
              roots: list[Spec | Record], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    for root in roots:
        _collect(root, defs)
    if extra:
        defs.update(extra)
    return {"$schema": DRAFT, "title": title, "description": description, **top,
            "$defs": dict(sorted(defs.items()))}


def snapshot_schema() -> dict[str, Any]:
    top = SNAPSHOT.json()
    return _document("ygocheck snapshot (ygocheck/1)",
                     "One moment of a duel: docs/format.md, \"Snapshots\". Written by "
                     "python -m ygocheck.generate; whether the moment is possible is checked "
                     "by ygocheck check.", top, list(SNAPSHOT.fields.values()))


def cards_schema() -> dict[str, Any]:
    return _document("ygocheck card definitions",
                     "A file of card definitions by card name (the card library's shape): "
                     "docs/cards.md. Written by python -m ygocheck.generate.",
                     DEFINITIONS_MAP.json(), [CARD])


def _expect_state() -> dict[str, Any]:
    """expect.state: the keys of the state, compared with the state the actions lead to."""
    fields: dict[str, Any] = {key: {} for key in STATE.keys}
    fields["lp"] = {"type": "object", "minProperties": 1, "additionalProperties": False,
                    "properties": {p: {"type": "integer"} for p in ("A", "B")}}
    fields["chain"] = {"type": "array", "description": "chain: [] for an empty chain"}
    fields["cards"] = {
        "type": "object", "minProperties": 1,
        "description": "card id -> the fields that must match, e.g. {a_x: {zone: graveyard}}",
        "additionalProperties": {
            "type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {key: {} for key in CARD_ENTRY.keys if key != "id"}}}
    return {"type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": fields,
            "description": "parts of the resulting state that must match (and priority, "
                           "window as derived)"}


def _expect_view() -> dict[str, Any]:
    """expect.view: for each player, what their view of the moment shows, leaves out and
    counts (docs/format.md, "Ruling files")."""
    shows = _expect_state()["properties"]["cards"]
    counts = {"type": "object", "minProperties": 1, "additionalProperties": False,
              "properties": {player: {"type": "object", "minProperties": 1,
                                      "additionalProperties": False,
                                      "properties": {zone: {"type": "integer", "minimum": 0}
                                                     for zone in COUNTED.keys}}
                             for player in ("A", "B")}}
    keys: dict[str, Any] = {
        "shows": dict(shows, description="card id -> the fields the view gives it"),
        "hides": _some({"type": "string", "pattern": ID_REGEX}),
        "counts": dict(counts, description="as state.counts")}
    assert tuple(keys) == VIEW_KEYS
    one = {"type": "object", "minProperties": 1, "additionalProperties": False,
           "properties": keys}
    return {"type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {player: one for player in ("A", "B")},
            "description": "player -> what their view of the moment (ygocheck view) holds"}


def _event_match() -> dict[str, Any]:
    fields: dict[str, Any] = {key: {} for key in EVENT.keys}
    fields["event"] = EVENT["event"].schema()
    return {"type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": fields}


def _some(item: dict[str, Any], limit: int = LIST_ITEMS) -> dict[str, Any]:
    return {"type": "array", "minItems": 1, "maxItems": limit, "items": item}


def ruling_schema() -> dict[str, Any]:
    from .catalogue import catalogue
    from .rule_index import rule_sort_key

    rules = sorted(catalogue(), key=rule_sort_key)
    expect: dict[str, Any] = {
        "legal": _some({"$ref": "#/$defs/action"}),
        "illegal": _some({"$ref": "#/$defs/action"}),
        "state": {"$ref": "#/$defs/expect_state"},
        "events": _some({"$ref": "#/$defs/event_match"}),
        "not_events": _some({"$ref": "#/$defs/event_match"}),
        "reasons": _some({"enum": rules}),
        "outcomes": {"enum": list(OUTCOME_MODES)},
        "view": {"$ref": "#/$defs/expect_view"},
    }
    assert tuple(expect) == EXPECT_KEYS
    text = {"type": "string", "minLength": 1}
    case: dict[str, Any] = {
        "format": {"const": FORMAT},
        "title": {"type": "string"},
        "ruling": dict(text, description="the ruling in one sentence"),
        "source": dict(text, description="the seed file and section it comes from"),
        "cards": SNAPSHOT["cards"].schema(),
        "state": {"$ref": "#/$defs/state"},
        "do": {"anyOf": [{"type": "array", "maxItems": ACTIONS,
                          "items": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/action"}]}},
                         {"type": "null"}],
               "description": "actions applied first, as with ygocheck play"},
        "expect": {"type": "object", "minProperties": 1, "additionalProperties": False,
                   "properties": expect},
        "status": {"enum": list(STATUSES)},
        "outcomes": {"enum": list(OUTCOME_MODES)},
        "note": {"type": "string"},
    }
    assert tuple(case) == CASE_KEYS
    in_file = {"type": "object", "additionalProperties": False, "properties": case,
               "required": ["ruling", "source", "state", "expect"]}
    with_cases: dict[str, Any] = {
        "format": {"const": FORMAT},
        "title": {"type": "string"},
        "cards": SNAPSHOT["cards"].schema(),
        "cases": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/case"}},
        "source": {"type": "string"},
        "note": {"type": "string"},
    }
    assert tuple(with_cases) == FILE_KEYS
    top = {"if": {"type": "object", "required": ["cases"]},
           "then": {"$ref": "#/$defs/file_with_cases"},
           "else": {"allOf": [{"$ref": "#/$defs/case"}, {"required": ["format"]}]}}
    extra = {"action": action_schema(), "expect_state": _expect_state(),
             "expect_view": _expect_view(),
             "event_match": _event_match(), "case": in_file,
             "file_with_cases": {"type": "object", "additionalProperties": False,
                                 "properties": with_cases, "required": ["format", "cases"]}}
    return _document("ygocheck ruling file (ygocheck/1)",
                     "A snapshot and what must hold, one case or a list under cases: "
                     "docs/format.md, \"Ruling files\". Written by python -m ygocheck.generate.",
                     top, [STATE, CARD], extra)


def schema(name: str) -> dict[str, Any]:
    return {"snapshot": snapshot_schema, "cards": cards_schema, "ruling": ruling_schema}[name]()


def schema_text(name: str) -> str:
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"
