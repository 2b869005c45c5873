"""Each fact of the format has one source (issue 17 item 3): the locations of the raw facts are
asp/vocabulary.lp's fact_location/4, and the modules that name them agree with it."""

from __future__ import annotations

import re
from pathlib import Path

from ygocheck.resources import asp_folder
from ygocheck.vocabulary import locations

ROOT = Path(__file__).resolve().parent.parent


def test_input_reads_every_located_fact_at_its_location() -> None:
    """input.lp's given/3 rules are the table of fact_location/4, no more and no less: a
    fact read at another location than the table says would be mapped to the wrong line."""
    text = (asp_folder() / "input.lp").read_text(encoding="utf-8")
    rule = re.compile(r"^given\((\w+)(?:\(([^)]*)\))?,\s*(\w+),\s*\w+\)\s*:-\s*(\w+)\(([^)]*)\)\.",
                      re.MULTILINE)
    read: dict[str, tuple[str, int, str | None]] = {}
    for name, arguments, key, fact, fact_arguments in rule.findall(text):
        width = len([a for a in arguments.split(",") if a.strip()]) if arguments else 0
        fixed = None if key[0].isupper() else key
        read[fact] = (name, width, fixed)
        assert len(fact_arguments.split(",")) == width + (1 if fixed else 2), \
            f"input.lp reads {fact} with another number of arguments than its location"
    table = {fact: (loc.name, loc.width, loc.key) for fact, loc in locations().items()}
    assert read == table


def test_the_yaml_checker_names_only_known_locations() -> None:
    """schema.py keeps the line of each YAML value under a location of the rules; each one it
    names is in the table."""
    text = (ROOT / "ygocheck" / "schema.py").read_text(encoding="utf-8")
    named = set(re.findall(r'self\.at\(\("(\w+)"', text)) | \
        set(re.findall(r'location = \("(\w+)"', text))
    known = {loc.name for loc in locations().values()}
    assert named and named <= known, f"schema.py names {sorted(named - known)}"


def _keys_used(path: Path, prefix: str) -> dict[str, set[str]]:
    """The constant keys a module reads or writes in the facts `prefix + location`, by the
    location fact_location/4 gives that fact (e.g. snapshot_card(C, zone, Z): card, zone)."""
    from clingo import ast

    facts = {fact.removeprefix("snapshot_"): loc for fact, loc in locations().items()}
    found: dict[str, set[str]] = {}

    def visit(node: object) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.Function and node.name.startswith(prefix):
                location = facts.get(node.name.removeprefix(prefix))
                if location is not None and location.key is None \
                        and len(node.arguments) == location.width + 2:
                    key = node.arguments[location.width]
                    if key.ast_type == ast.ASTType.SymbolicTerm:
                        found.setdefault(location.name, set()).add(str(key.symbol))
            for child in node.child_keys:
                visit(getattr(node, child))
        elif not isinstance(node, (str, bytes)) and hasattr(node, "__iter__"):
            for item in node:
                visit(item)

    ast.parse_string(path.read_text(encoding="utf-8"), visit)
    return found


def _listed_keys() -> dict[str, set[str]]:
    import clingo

    control = clingo.Control(["--warn=none"])
    control.load(str(asp_folder() / "vocabulary.lp"))
    control.ground([("base", []), ("first", [])])   # vocabulary.lp is in the part `first`
    listed: dict[str, set[str]] = {}
    for atom in control.symbolic_atoms.by_signature("fact_key", 2):
        location, key = atom.symbol.arguments
        listed.setdefault(str(location), set()).add(str(key))
    return listed


def test_the_rules_read_and_write_only_the_listed_keys() -> None:
    """The keys of the raw facts are vocabulary.lp's fact_key/2: input.lp reads no other,
    output/next.lp writes no other, and every listed key is read."""
    listed = _listed_keys()
    read = _keys_used(asp_folder() / "input.lp", "snapshot_")
    written = _keys_used(asp_folder() / "output" / "next.lp", "next_")
    rules = "\n".join(re.sub(r"%.*", "", (asp_folder() / name).read_text(encoding="utf-8"))
                      for name in ("input.lp", "check.lp"))
    for location, keys in listed.items():
        assert read.get(location, set()) <= keys, \
            f"input.lp reads {sorted(read[location] - keys)} of {location}, not listed"
        assert written.get(location, set()) <= keys, \
            f"output/next.lp writes {sorted(written[location] - keys)} of {location}, not listed"
        # Keys read through a pool (`K = (atk; def)`) count as read where the rules name them.
        unread = {k for k in keys - read.get(location, set()) if not re.search(rf"\b{k}\b", rules)}
        assert not unread, f"{location} keys {sorted(unread)} are never read"


def test_the_facts_written_from_yaml_use_only_the_listed_keys() -> None:
    """facts.py writes the YAML records of shapes.py as raw facts: over every bundled snapshot
    and the first state of every ruling file, each fact stands at a listed location with a
    listed key."""
    import yaml

    from ygocheck.pipeline import from_mapping, load
    from ygocheck.problems import BadInput

    control_keys = _listed_keys()
    states = [load(path).state for path in sorted((ROOT / "examples").glob("*.yaml"))]
    for path in sorted((ROOT / "examples" / "rulings").rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        for case in data.get("cases") or []:
            if isinstance(case, dict) and "state" in case:
                try:
                    states.append(from_mapping({"format": data.get("format", "ygocheck/1"),
                                                "cards": {**(data.get("cards") or {}),
                                                          **(case.get("cards") or {})},
                                                "state": case["state"]}, str(path)).state)
                except BadInput:
                    continue
                break
    assert len(states) > 90
    fact = re.compile(r"^(snapshot_\w+)\((.*)\)\.$")
    for text in states:
        for line in text.splitlines():
            match = fact.match(line)
            assert match, f"not a raw fact: {line}"
            location = locations()[match.group(1)]
            if location.key is None and location.name in control_keys:
                key = match.group(2).split(",")[location.width]
                assert key in control_keys[location.name], f"{line}: {key} is not listed"


# One valid value for each key of an event descriptor (`when`, `trigger`: docs/cards.md,
# "Events"); the test below fails when a key is added without one.
EVENT_KEY_SAMPLES = {
    "event": "damage", "player": "you", "card": "self", "how": ["special"], "on_field": True,
    "from": "field", "by": "battle", "kind": "effect", "direct": True, "min_atk": 1500,
    "max_atk": 1500, "activation": "card", "what": "monster", "name": "Dark Magician",
    "archetype": "Ghostrick", "face_down_too": True, "sent_to_graveyard": True, "alone": True,
    "to_linked_zone": True, "inflicted_by": "opponent",
}


def test_every_key_of_an_event_descriptor_becomes_a_fact() -> None:
    """A key the card format accepts but the facts leave out is read by no rule: Gorz the
    Emissary of Darkness's `inflicted_by: opponent` was, and its trigger met damage from its own
    player's cards too."""
    from ygocheck.facts import definition_facts
    from ygocheck.shapes import EVENT_PATTERN
    assert set(EVENT_KEY_SAMPLES) == set(EVENT_PATTERN.keys)
    for role in ("when", "trigger"):
        card = {"category": "monster", "kind": "effect",
                "effects": [{"kind": "trigger", role: dict(EVENT_KEY_SAMPLES), "does": []}]}
        facts = "\n".join(definition_facts("Test Card", card))
        written = set(re.findall(rf'definition_event\("Test Card",1,{role},(\w+),', facts))
        assert written == set(EVENT_PATTERN.keys), \
            f"{role}: not written as facts: {sorted(set(EVENT_PATTERN.keys) - written)}"
