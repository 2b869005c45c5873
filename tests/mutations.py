"""Deterministic mutations of the example snapshots, for tests/test_bad_input.py.

Every base snapshot is a plain mapping (format, title, cards, state) taken from
examples/*.yaml and from each case of examples/rulings/**/*.yaml (with `expect`, `ruling`,
`source`, `do`, `status`, ... removed, and a file's shared `cards:` merged in as
`ygocheck test` does), plus one synthetic snapshot that declares cards under `cards:`, so
that card definitions are mutated too.

A mutation is a named change to a deep copy of a base. `must_fail` marks the kinds that make
any snapshot invalid (an unknown name, a duplicated id, an out-of-range slot, a wrong type
or a missing value for a required key, ...); the others may leave the snapshot valid, and
then only "exit 0 or 2, never a traceback" is asserted.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ygocheck.load import parse_yaml, plain

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SNAPSHOT_KEYS = ("format", "title", "cards", "state")
SEED = 20240601

Path_ = tuple[Any, ...]


def dump(data: Any) -> str:
    """The YAML text of a mapping. libyaml's dumper where PyYAML has it (5 times faster,
    and the same text for every base, mutation and fuzz input: compared when this was
    written); the pure-Python one for what libyaml cannot write (a lone surrogate)."""
    if hasattr(yaml, "CSafeDumper"):
        try:
            return yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False,
                             allow_unicode=True, width=1000)
        except (UnicodeError, yaml.YAMLError):
            pass
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)


# --- the bases ---------------------------------------------------------------------------

SYNTHETIC = {
    "format": "ygocheck/1",
    "title": "synthetic: declared cards, a chain, a battle and history",
    "cards": {
        "Test Link": {"category": "monster", "kind": "link", "link": 2, "atk": 1500,
                      "attribute": "DARK", "type": "Cyberse"},
        "Test Quick-Play": {"category": "spell", "kind": "quick_play", "effects": [
            {"kind": "activation", "targets": [{"what": "monster", "where": "field",
                                                "controller": "opponent", "count": 1}],
             "does": [{"op": "change_atk", "what": "targets", "amount": -500,
                       "until": "end_of_turn"}]}]},
        "Test Sheep Token": {"category": "monster", "kind": "token", "level": 1, "atk": 0,
                             "def": 0, "attribute": "EARTH", "type": "Beast"},
        "Test Flipper": {"category": "monster", "kind": "effect", "level": 3, "atk": 1000,
                         "def": 1200, "attribute": "EARTH", "type": "Insect", "effects": [
                             {"kind": "flip", "targets": [{"what": "card", "where": "field"}],
                              "does": [{"op": "destroy", "what": "targets"}],
                              "optional": True}]},
    },
    "state": {
        "turn": 4,
        "turn_player": "A",
        "first_player": "B",
        "phase": "battle",
        "step": "damage",
        "timing": "before_calc",
        "lp": {"A": 7000, "B": 8000},
        "battle": {"attacker": "a_link", "target": "b_flipper"},
        "chain": [{"player": "B", "card": "b_quick", "effect": 1, "targets": ["a_link"]}],
        "events": [{"event": "attack_declared", "card": "a_link", "target": "b_flipper"},
                   {"event": "activated", "card": "b_quick"}],
        "this_turn": {"normal_summon_used": ["A"],
                      "used": [{"player": "B", "name": "Test Quick-Play", "effect": 1}]},
        "counts": {"A": {"deck": 30, "hand": 3}, "B": {"deck": 31, "hand": 4}},
        "cards": [
            {"id": "a_link", "name": "Test Link", "owner": "A", "zone": "extra_monster",
             "slot": "left", "since_turn": 4, "summoned": {"how": "link", "from": "extra",
                                                          "turn": 4},
             "attacks": 1},
            {"id": "a_token", "name": "Test Sheep Token", "token": True, "owner": "A",
             "zone": "monster", "slot": 1, "position": "defense", "atk": 0, "def": 0,
             "level": 1, "attribute": "EARTH", "type": "Beast"},
            {"id": "a_mst", "name": "Mystical Space Typhoon", "owner": "A", "zone": "hand"},
            {"id": "a_dm", "name": "Dark Magician", "owner": "A", "zone": "graveyard"},
            {"id": "b_flipper", "name": "Test Flipper", "owner": "B", "zone": "monster",
             "slot": 2, "position": "defense", "since_turn": 3,
             "summoned": {"how": "flip", "from": "hand", "turn": 3}},
            {"id": "b_quick", "name": "Test Quick-Play", "owner": "B", "zone": "spell_trap",
             "slot": 3, "since_turn": 4},
            {"id": "b_mirror", "name": "Mirror Force", "owner": "B", "zone": "spell_trap",
             "slot": 1, "face": "down", "since_turn": 2},
            {"id": "b_elf", "name": "Mystical Elf", "owner": "B", "zone": "banished",
             "face": "down"},
        ],
    },
}


def _case_snapshot(file_data: dict, case: dict) -> dict:
    snapshot: dict[str, Any] = {"format": case.get("format", file_data.get("format"))}
    if "title" in case:
        snapshot["title"] = case["title"]
    cards = dict(file_data.get("cards") or {})
    cards.update(case.get("cards") or {})
    if cards:
        snapshot["cards"] = cards
    if "state" in case:
        snapshot["state"] = case["state"]
    return plain(snapshot)


def base_snapshots() -> list[tuple[str, dict]]:
    """(name, snapshot mapping) for every example snapshot and ruling case, in a fixed order:
    a copy of its own for each caller, the files read once a process."""
    return copy.deepcopy(_base_snapshots())


@cache
def _base_snapshots() -> list[tuple[str, dict]]:
    bases: list[tuple[str, dict]] = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        data = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        bases.append((path.stem, plain({k: v for k, v in data.items() if k in SNAPSHOT_KEYS})))
    for path in sorted((EXAMPLES / "rulings").rglob("*.yaml")):
        data = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        if not isinstance(data, dict):
            continue
        cases = data["cases"] if isinstance(data.get("cases"), list) else [data]
        for index, case in enumerate(cases, start=1):
            if isinstance(case, dict) and isinstance(case.get("state"), dict):
                bases.append((f"{path.stem}#{index}", _case_snapshot(data, case)))
    bases.append(("synthetic", copy.deepcopy(SYNTHETIC)))
    return bases


# --- walking a snapshot ------------------------------------------------------------------

def walk(value: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every path (tuple of keys and list indexes) below `value`, parents first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,)
            yield from walk(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield path + (index,)
            yield from walk(item, path + (index,))


def get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: Path_, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def remove(data: Any, path: Path_) -> None:
    del get(data, path[:-1])[path[-1]]


def card_paths(data: dict) -> list[Path_]:
    cards = data.get("state", {}).get("cards") or []
    return [("state", "cards", i) for i, c in enumerate(cards) if isinstance(c, dict)]


def required(path: Path_, data: dict) -> bool:
    """Is the key at `path` one whose absence (or wrong type) always makes a snapshot invalid?"""
    if path in (("format",), ("state",), ("state", "turn"), ("state", "turn_player"),
                ("state", "phase")):
        return True
    if len(path) == 4 and path[:2] == ("state", "cards") and \
            path[3] in ("id", "name", "owner", "zone"):
        return True
    if path == ("state", "step") and data["state"].get("phase") == "battle":
        return True
    if path == ("state", "timing") and data["state"].get("step") == "damage":
        return True
    if len(path) == 4 and path[:2] in (("state", "chain"), ("state", "pending")) and \
            path[3] in ("player", "card"):
        return True
    if len(path) == 4 and path[:2] == ("state", "events") and path[3] == "event":
        return True
    if len(path) == 3 and path[0] == "cards" and path[2] in ("category", "kind"):
        return True
    if len(path) == 4 and path[:2] == ("state", "cards") and path[3] == "slot":
        card = get(data, path[:3])
        return card.get("zone") in ("monster", "spell_trap", "extra_monster", "pendulum")
    return False


# --- the mutations -----------------------------------------------------------------------

@dataclass
class Mutation:
    base: str
    kind: str
    what: str
    data: dict | None = None   # the mutated mapping (None for text mutations)
    text: str | None = None    # or the mutated YAML text
    must_fail: bool = False

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.base}:{self.what}"[:90]

    def yaml_text(self) -> str:
        return self.text if self.text is not None else dump(self.data)


WRONG_VALUES: list[Any] = [[], {}, 7, "zzz", None, True, [1, {"x": 2}], {"a": [1]}, -3, 2.5]


def _type_key(value: Any) -> str:
    return "bool" if isinstance(value, bool) else type(value).__name__


def _show(path: Path_) -> str:
    return ".".join(str(p) for p in path)


Maker = Callable[[random.Random, str, dict], "Mutation | None"]


def delete_key(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = [p for p in walk(base) if isinstance(get(base, p[:-1]), dict)]
    path = rng.choice(paths)
    data = copy.deepcopy(base)
    remove(data, path)
    return Mutation(name, "delete_key", _show(path), data, must_fail=required(path, base))


def delete_required(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = [p for p in walk(base) if isinstance(get(base, p[:-1]), dict) and required(p, base)]
    path = rng.choice(paths)
    data = copy.deepcopy(base)
    remove(data, path)
    return Mutation(name, "delete_required", _show(path), data, must_fail=True)


def wrong_type(rng: random.Random, name: str, base: dict) -> Mutation | None:
    path = rng.choice(list(walk(base)))
    original = get(base, path)
    choices = [v for v in WRONG_VALUES if _type_key(v) != _type_key(original)]
    value = rng.choice(choices)
    data = copy.deepcopy(base)
    put(data, path, copy.deepcopy(value))
    # A text in place of a required text (a name, a phase, ...) is an unknown value, so
    # only a change of type counts as always invalid here.
    return Mutation(name, "wrong_type", f"{_show(path)}={value!r}", data,
                    must_fail=required(path, base))


def wrong_type_required(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = [p for p in walk(base) if required(p, base) and p != ("state",)]
    path = rng.choice(paths)
    original = get(base, path)
    value = rng.choice([v for v in WRONG_VALUES if _type_key(v) != _type_key(original)])
    data = copy.deepcopy(base)
    put(data, path, copy.deepcopy(value))
    return Mutation(name, "wrong_type_required", f"{_show(path)}={value!r}", data,
                    must_fail=True)


UNKNOWN_NAMES = ["Blue-Eyes White Dargon", "No Such Card", "blue-eyes white dragon", "",
                 "Dark Hole ", "Mirror Force\n", "Pot of Greed (Anime)", "X" * 200]


def unknown_name(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = [p for p in card_paths(base) if get(base, p).get("token") is not True]
    if not paths:
        return None
    path = rng.choice(paths)
    value = rng.choice(UNKNOWN_NAMES)
    data = copy.deepcopy(base)
    get(data, path)["name"] = value
    return Mutation(name, "unknown_name", f"{get(base, path)['id']}={value!r}", data,
                    must_fail=True)


BAD_SLOTS = {"monster": [0, 6, -1, "left", 2.5, "3", True, None, [1]],
             "spell_trap": [0, 6, -1, "right", "1", False, None],
             "extra_monster": [1, 0, "middle", "Left", None, True],
             "pendulum": [1, 2, "centre", None]}


def bad_slot(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = card_paths(base)
    if not paths:
        return None
    path = rng.choice(paths)
    data = copy.deepcopy(base)
    card = get(data, path)
    if card.get("zone") not in BAD_SLOTS:
        card["zone"] = "monster" if rng.random() < 0.5 else "spell_trap"
    value = rng.choice(BAD_SLOTS[card["zone"]])
    card["slot"] = value
    return Mutation(name, "bad_slot", f"{card['id']}.{card['zone']}.slot={value!r}", data,
                    must_fail=True)


def duplicate_id(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = card_paths(base)
    if not paths:
        return None
    data = copy.deepcopy(base)
    cards = data["state"]["cards"]
    source = get(data, rng.choice(paths))
    if len(paths) > 1 and rng.random() < 0.5:
        # another card takes the same id
        other = rng.choice([p for p in paths if get(data, p) is not source])
        get(data, other)["id"] = source["id"]
        what = f"{source['id']} (renamed)"
    else:
        cards.insert(rng.randrange(len(cards) + 1), copy.deepcopy(source))
        what = f"{source['id']} (copied)"
    return Mutation(name, "duplicate_id", what, data, must_fail=True)


NONSENSE_ZONES = ["sideboard", "Graveyard", "GY", "field_zone", "main_monster", "", "monster ",
                  "extra deck"]


def nonsense_zone(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = card_paths(base)
    if not paths:
        return None
    path = rng.choice(paths)
    value = rng.choice(NONSENSE_ZONES)
    data = copy.deepcopy(base)
    get(data, path)["zone"] = value
    return Mutation(name, "nonsense_zone", f"{get(base, path)['id']}={value!r}", data,
                    must_fail=True)


def other_zone(rng: random.Random, name: str, base: dict) -> Mutation | None:
    """Move a card to another real zone (may be valid: hand -> graveyard)."""
    paths = card_paths(base)
    if not paths:
        return None
    path = rng.choice(paths)
    zone = rng.choice(["deck", "hand", "monster", "extra_monster", "spell_trap", "field",
                       "pendulum", "graveyard", "banished", "extra", "material"])
    data = copy.deepcopy(base)
    card = get(data, path)
    card["zone"] = zone
    if rng.random() < 0.5:
        card.pop("slot", None)
    return Mutation(name, "other_zone", f"{card['id']}={zone}", data)


def string_for_number(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths = [p for p in walk(base) if _type_key(get(base, p)) == "int"]
    if not paths:
        return None
    path = rng.choice(paths)
    original = get(base, path)
    value = rng.choice([str(original), "many", f"{original}.0", "", "1e3"])
    data = copy.deepcopy(base)
    put(data, path, value)
    return Mutation(name, "string_for_number", f"{_show(path)}={value!r}", data,
                    must_fail=required(path, base) or path[:2] == ("state", "lp")
                    or (len(path) == 4 and path[3] in ("since_turn", "slot", "attacks")))


UNKNOWN_KEYS = ["zome", "colour", "slott", "Turn", "notes", "id ", "_comment"]


def unknown_key(rng: random.Random, name: str, base: dict) -> Mutation | None:
    targets: list[Path_] = [(), ("state",)] + card_paths(base)
    for key in ("battle", "this_turn", "lp", "counts"):
        if isinstance(base["state"].get(key), dict):
            targets.append(("state", key))
    for key in ("chain", "events"):
        for index, item in enumerate(base["state"].get(key) or []):
            if isinstance(item, dict):
                targets.append(("state", key, index))
    for card_name, definition in (base.get("cards") or {}).items():
        if isinstance(definition, dict):
            targets.append(("cards", card_name))
    path = rng.choice(targets)
    key = rng.choice(UNKNOWN_KEYS)
    data = copy.deepcopy(base)
    get(data, path)[key] = rng.choice(["hand", 1, True, None])
    return Mutation(name, "unknown_key", f"{_show(path) or '<top>'}.{key}", data,
                    must_fail=True)


BAD_PLAYERS = ["C", "a", "", 1, None, "AB", ["A"]]


def bad_player(rng: random.Random, name: str, base: dict) -> Mutation | None:
    paths: list[Path_] = [("state", "turn_player")]
    paths += [p + ("owner",) for p in card_paths(base)]
    paths += [("state", "chain", i, "player") for i, _ in
              enumerate(base["state"].get("chain") or [])]
    path = rng.choice(paths)
    value = rng.choice(BAD_PLAYERS)
    data = copy.deepcopy(base)
    put(data, path, value)
    return Mutation(name, "bad_player", f"{_show(path)}={value!r}", data, must_fail=True)


def dangling_reference(rng: random.Random, name: str, base: dict) -> Mutation | None:
    """A reference to a card id that is not in the snapshot."""
    data = copy.deepcopy(base)
    state = data["state"]
    ghost = rng.choice(["ghost", "a_nobody", "b_x1"])
    choice = rng.randrange(5)
    if choice == 0:
        state.setdefault("chain", [])
        if not isinstance(state["chain"], list):
            state["chain"] = []
        state["chain"].append({"player": "A", "card": ghost, "effect": 1})
        what = "chain"
    elif choice == 1:
        state["events"] = [{"event": "activated", "card": ghost}]
        what = "events"
    elif choice == 2 and card_paths(data):
        get(data, rng.choice(card_paths(data)))["equipped_to"] = ghost
        what = "equipped_to"
    elif choice == 3:
        state["pending"] = [{"player": "A", "card": ghost, "effect": 1}]
        what = "pending"
    else:
        state["phase"], state["step"] = "battle", "battle"
        state.pop("timing", None)
        state["battle"] = {"attacker": ghost, "target": "direct"}
        what = "battle"
    return Mutation(name, "dangling_reference", f"{what}->{ghost}", data, must_fail=True)


def swap_values(rng: random.Random, name: str, base: dict) -> Mutation | None:
    """Put one value of the snapshot where another was (often the wrong kind of thing)."""
    paths = list(walk(base))
    first, second = rng.choice(paths), rng.choice(paths)
    if first[:len(second)] == second or second[:len(first)] == first:
        return None
    data = copy.deepcopy(base)
    put(data, first, copy.deepcopy(get(base, second)))
    return Mutation(name, "swap_values", f"{_show(first)}<-{_show(second)}", data)


ODD_VALUES: list[Any] = WRONG_VALUES + [
    "two words", "3turns", "_x", "Foo", 1.0, {"turns": 2}, "\u00e4", 'a"b\\', "direct", "A",
    "left", 0, 10**12, "a_nobody", ["a_nobody"], "%", "end_of_turn", "hand", 1]


def odd_known_key(rng: random.Random, name: str, base: dict) -> Mutation | None:
    """Set a key the format knows (often one the examples never use) to an odd value."""
    from ygocheck import cards as card_module, schema as validate

    state = base["state"]
    places: list[tuple[Path_, tuple[str, ...]]] = [((), validate.SNAPSHOT_KEYS),
                                                   (("state",), validate.STATE_KEYS)]
    places += [(p, validate.CARD_ENTRY_KEYS) for p in card_paths(base)]
    for key, keys in (("chain", validate.LINK_KEYS), ("events", validate.EVENT_KEYS),
                      ("pending", ("player", "card", "effect"))):
        items = state.get(key)
        if isinstance(items, list):
            places += [(("state", key, i), keys) for i, x in enumerate(items)
                       if isinstance(x, dict)]
    for key, keys in (("battle", validate.BATTLE_KEYS), ("this_turn", validate.THIS_TURN_KEYS)):
        if isinstance(state.get(key), dict):
            places.append((("state", key), keys))
    for card_name, definition in (base.get("cards") or {}).items():
        if not isinstance(definition, dict):
            continue
        places.append((("cards", card_name), card_module.CARD_KEYS))
        for i, effect in enumerate(definition.get("effects") or []):
            if not isinstance(effect, dict):
                continue
            places.append((("cards", card_name, "effects", i), card_module.EFFECT_KEYS))
            for j in range(len(effect.get("targets") or [])):
                places.append((("cards", card_name, "effects", i, "targets", j),
                               card_module.TARGET_KEYS))
            for j in range(len(effect.get("does") or [])):
                places.append((("cards", card_name, "effects", i, "does", j),
                               card_module.OPERATION_KEYS))
    path, keys = rng.choice(places)
    key = rng.choice(keys)
    value = rng.choice(ODD_VALUES)
    data = copy.deepcopy(base)
    get(data, path)[key] = copy.deepcopy(value)
    return Mutation(name, "odd_known_key", f"{_show(path + (key,))}={value!r}", data)


MAKERS: list[tuple[Maker, int]] = [
    (delete_key, 5), (delete_required, 3), (wrong_type, 6), (wrong_type_required, 3),
    (unknown_name, 2), (bad_slot, 2), (duplicate_id, 2), (nonsense_zone, 1), (other_zone, 2),
    (string_for_number, 2), (unknown_key, 2), (bad_player, 1), (dangling_reference, 2),
    (swap_values, 2), (odd_known_key, 4),
]


def text_mutations(rng: random.Random, name: str, base: dict, count: int) -> list[Mutation]:
    """Damage the YAML text itself: truncate it, or drop/insert a character."""
    text = dump(base)
    out: list[Mutation] = []
    for _ in range(count):
        position = rng.randrange(1, len(text))
        how = rng.randrange(3)
        if how == 0:
            out.append(Mutation(name, "truncate", str(position), text=text[:position]))
        elif how == 1:
            out.append(Mutation(name, "drop_char", str(position),
                                text=text[:position] + text[position + 1:]))
        else:
            char = rng.choice([":", "{", "[", "\t", "'", '"', "&", "*", "!", "%", "-", "\x00"])
            out.append(Mutation(name, "insert_char", f"{position}{char!r}",
                                text=text[:position] + char + text[position:]))
    return out


@cache
def mutations(count: int = 360, text_count: int = 40, seed: int = SEED) -> list[Mutation]:
    """`count` structural mutations (at least one per base) spread over the bases, plus
    `text_count` text ones. Made once a process for the same arguments (test_bad_input and
    test_schemas share them): read them, never change them."""
    rng = random.Random(seed)
    bases = base_snapshots()
    count = max(count, len(bases))   # every base gets at least one mutation
    weighted = [maker for maker, weight in MAKERS for _ in range(weight)]
    out: list[Mutation] = []
    seen: set[str] = set()
    attempts = 0
    while len(out) < count and attempts < count * 20:
        attempts += 1
        name, base = bases[len(out) % len(bases)]
        maker = weighted[rng.randrange(len(weighted))]
        mutation = maker(rng, name, base)
        if mutation is None or mutation.id in seen:
            continue
        seen.add(mutation.id)
        out.append(mutation)
    for index in range(text_count):
        name, base = bases[index % len(bases)]
        out.extend(text_mutations(rng, name, base, 1))
    return out


# --- .lp snapshots -------------------------------------------------------------------------

LP_JUNK = ["banana", "7", "-1", '"x"', "a", "b", "(1,2)", '"a_nobody"', "zone", "0", "99999",
           "true", '"Dark Hole"', "monster", "battle", "f(g)", '""']


@cache
def lp_mutations(count: int = 60, seed: int = SEED) -> list[Mutation]:
    """The facts ygocheck writes for a base (ygocheck/facts.py), with one argument of one
    snapshot fact replaced by junk, or one fact dropped: hand-written .lp input gone wrong.
    Made once a process for the same arguments, like mutations()."""
    import re

    from ygocheck.pipeline import from_mapping

    rng = random.Random(seed)
    bases = base_snapshots()
    out: list[Mutation] = []
    for index in range(count):
        name, data = bases[index % len(bases)]
        facts = from_mapping(parse_yaml(dump(data), name), name).facts
        lines = [line for line in facts.splitlines() if line.startswith("snapshot_")]
        k = rng.randrange(len(lines))
        naming_players = [i for i, line in enumerate(lines) if re.search(r"[(,][ab][,)]", line)]
        if naming_players and rng.random() < 0.4:
            k = rng.choice(naming_players)  # a player is where hand-written facts go wrong
        if rng.random() < 0.15:
            what = f"drop {lines[k]}"
            del lines[k]
        else:
            match = re.match(r"(\w+)\((.*)\)\.$", lines[k])
            assert match is not None, lines[k]
            args = re.findall(r'"(?:[^"\\]|\\.)*"|\([^)]*\)|[^,]+', match.group(2))
            args[rng.randrange(len(args))] = rng.choice(LP_JUNK)
            lines[k] = f"{match.group(1)}({','.join(args)})."
            what = lines[k]
        out.append(Mutation(name, "lp", what, text="\n".join(lines) + "\n"))
    return out
