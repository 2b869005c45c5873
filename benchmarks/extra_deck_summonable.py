"""How many Extra Deck monsters of the official list can be summoned from their material lines.

    python3 benchmarks/extra_deck_summonable.py [--limit N] [--kind fusion|synchro|xyz|link]
                                                [--keep DIR] [--json OUT] [--build-only]

For each Fusion, Synchro, Xyz and Link Monster whose material line the official list
expresses (docs/official.md, "Material lines"), the script writes a board that holds
materials fitting its line - Main Phase 1 of A's turn 3, the monster in A's Extra Deck, and
generic material monsters declared in the snapshot's own `cards:` with the Level, Type,
Attribute, Tuner, kind, name and archetype the line asks for - and asks the rules whether the
summon is legal: a Synchro, Xyz or Link Summon as a `special_summon` action (issue 18 item 4),
a Fusion Summon as the activation of Polymerization with the materials in the hand (a Fusion
Summon happens through its Spell), counted only if Polymerization cannot be activated on the
same board without the materials. It prints how many are summonable, by kind, and the first
refusals of each kind.

The boards follow the game rules the data does not state (docs/official.md): a Synchro
Monster's materials total its Level, an Xyz Monster's share its Rank as their Level, a Link
Monster's count up to its Link Rating. Not part of the test suite; it succeeds only once the
rules of the `summon` work read `materials` and know `special_summon`. The target is at least
1,900 (issue 18). `request()` builds the asked action: change it there if the action's shape
changes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ygocheck.official import official  # noqa: E402

KINDS = ("fusion", "synchro", "xyz", "link")
MAIN_MONSTER_ZONES = 5


class CannotBuild(Exception):
    """A line this script cannot turn into a board (said with the count; not a refusal)."""


def request(kind: str, target: str, materials: list[str]) -> dict[str, Any]:
    """The action asked of the rules for a summon of `target` using `materials`."""
    if kind == "fusion":
        return {"player": "A", "action": "activate", "card": "a_polymerization"}
    return {"player": "A", "action": "special_summon", "card": target, "method": kind,
            "materials": materials}


def _material(group: dict[str, Any], index: int, level: int | None) -> dict[str, Any]:
    """A card definition that fits one group's filters (name aside)."""
    kind = group.get("kind", "effect")
    if group.get("not_kind") == kind:
        kind = "effect"
    card: dict[str, Any] = {"category": "monster", "kind": kind,
                            # "LIGHT and/or DARK", "Beast, Beast-Warrior, and/or Winged
                            # Beast": the first of those listed
                            "attribute": group.get("attribute",
                                                   (group.get("attributes") or ["EARTH"])[0]),
                            "type": group.get("type", (group.get("types") or ["Warrior"])[0]),
                            "atk": group.get("max_atk", group.get("min_atk", 1000)),
                            "def": group.get("max_def", group.get("min_def", 1000))}
    if kind == "xyz":
        card["rank"] = level or 4
    elif kind == "link":
        card["link"] = 1
        card["link_arrows"] = ["bottom"]
        del card["def"]
    else:
        card["level"] = level or 4
    if group.get("pendulum"):
        card["scale"] = 1
    if group.get("tuner"):
        card["tuner"] = True     # the card key the summon rules read (docs/cards.md)
    if kind == "token":
        card["level"] = level or 1
    if kind == "effect":
        card["unmodelled"] = "a material monster of the benchmark: its effects are not stated"
    elif group.get("effect"):
        # an Effect Monster of another kind ("2 Effect Monsters, including a Synchro Monster"):
        # a monster with effects (docs/cards.md), one effect stated with nothing modelled
        card["effects"] = [{"kind": "continuous", "applies": [],
                            "unmodelled": "a material monster of the benchmark: its effect "
                                          "is not stated"}]
    if "archetype" in group:
        card["archetypes"] = [group["archetype"]]
    return card


def _level_range(group: dict[str, Any]) -> tuple[int, int]:
    if "level" in group:
        return group["level"], group["level"]
    return group.get("min_level", 1), group.get("max_level", 12)


def _sizes(groups: list[dict[str, Any]], total: int | None) -> list[int]:
    """How many materials each group gets: its count, or its minimum, raised (up to its
    maximum) until the materials number `total` when a total is wanted."""
    sizes = [g.get("count", g.get("min", 1)) for g in groups]
    if total is not None:
        for index, group in enumerate(groups):
            if "count" in group:
                continue
            room = group.get("max", total) - sizes[index]
            extra = min(room, total - sum(sizes))
            if extra > 0:
                sizes[index] += extra
    return sizes


def board(name: str) -> tuple[dict[str, Any], str, list[str]]:
    """The snapshot, the summon's kind and the material ids for the monster `name`."""
    card = official().get(name)
    assert card is not None
    definition = card.definition()
    materials = definition.get("materials") or {}
    groups = materials.get("groups")
    if not groups:
        raise CannotBuild("no expressed line")
    kind = definition["kind"]
    total = definition.get("link") if kind == "link" else None
    sizes = _sizes(groups, total)
    if kind == "link" and sum(sizes) != total:
        raise CannotBuild(f"{sum(sizes)} materials for Link Rating {total}")
    # the Levels: an Xyz Monster's materials share its Rank; a Synchro Monster's total its Level
    levels: list[list[int | None]] = []
    pairs = list(zip(groups, sizes, strict=True))
    if kind == "xyz":
        levels = [[g.get("level", definition.get("rank"))] * n for g, n in pairs]
    elif kind == "synchro":
        ranges = [_level_range(g) for g, n in pairs for _ in range(n)]
        chosen = [low for low, _ in ranges]
        rest = definition["level"] - sum(chosen)
        if rest < 0:
            raise CannotBuild("the lowest Levels the line allows exceed the Synchro's Level")
        for index in range(len(chosen) - 1, -1, -1):
            step = min(rest, ranges[index][1] - chosen[index])
            chosen[index] += step
            rest -= step
        if rest:
            raise CannotBuild("no Levels of the line total the Synchro's Level")
        flat = iter(chosen)
        levels = [[next(flat) for _ in range(n)] for n in sizes]
    else:
        levels = [[g.get("level")] * n for g, n in pairs]
    cards: dict[str, Any] = {}
    entries: list[dict[str, Any]] = []
    ids: list[str] = []
    including = list(materials.get("including") or [])
    for number, ((group, count), group_levels) in enumerate(zip(pairs, levels, strict=True), 1):
        for index in range(count):
            wanted = dict(group)
            if including and "name" not in wanted:      # the first materials also fit
                extra = including.pop(0)
                for key, value in extra.items():
                    if key in ("min", "count", "max"):
                        continue
                    if key in wanted and wanted[key] != value:
                        raise CannotBuild("an including entry that its group contradicts")
                    wanted[key] = value
            level = group_levels[index]
            if level is None and "min_level" in wanted:
                level = wanted["min_level"]
            elif level is None and "max_level" in wanted:   # "Level 2 or lower"
                level = min(wanted["max_level"], 4)
            definition_of = _material(wanted, index, level)
            if "name" in wanted:
                material_name = wanted["name"]
            elif "archetype" in wanted:
                material_name = f"{wanted['archetype']} Material {number}-{index + 1}"
            else:
                material_name = f"Material {number}-{index + 1}"
            if material_name in cards and cards[material_name] != definition_of:
                raise CannotBuild("two materials of one name that must differ")
            cards[material_name] = definition_of
            ident = f"a_m{number}_{index + 1}"
            ids.append(ident)
            entries.append({"id": ident, "name": material_name, "owner": "A"})
    if including:
        raise CannotBuild("more including entries than materials")
    # Synchro, Xyz and Link materials on the field; Fusion materials in the hand, but for
    # Extra Deck monsters, which can only be on the field
    on_field = [e for e in entries if kind != "fusion"
                or cards[e["name"]]["kind"] in ("fusion", "synchro", "xyz", "link")]
    if len(on_field) > MAIN_MONSTER_ZONES + 1:
        raise CannotBuild(f"{len(on_field)} materials on the field")
    for slot, entry in enumerate(on_field[:MAIN_MONSTER_ZONES], start=1):
        entry.update({"zone": "monster", "slot": slot, "since_turn": 2})
    for entry in on_field[MAIN_MONSTER_ZONES:]:      # a sixth: in the Extra Monster Zone
        entry.update({"zone": "extra_monster", "slot": "left", "since_turn": 2})
    for entry in entries:
        entry.setdefault("zone", "hand")
    if kind == "fusion":
        entries.append({"id": "a_polymerization", "name": "Polymerization", "owner": "A",
                        "zone": "hand"})
    entries.append({"id": "a_target", "name": name, "owner": "A", "zone": "extra"})
    snapshot = {"format": "ygocheck/1", "title": f"can A summon {name}?",
                "cards": cards,
                "state": {"turn": 3, "turn_player": "A", "phase": "main1",
                          "lp": {"A": 8000, "B": 8000}, "cards": entries}}
    return snapshot, kind, ids


def ask(path: Path, action: dict[str, Any]) -> tuple[bool, list[str], str]:
    """Is the action legal on the snapshot at `path`: (legal, the refusing rules, a problem)."""
    from ygocheck.actions import ActionError, check_cards, parse_action
    from ygocheck.decode import request_answer
    from ygocheck.facts import request_facts
    from ygocheck.pipeline import first_answer, load
    from ygocheck.problems import BadInput

    try:
        wanted = parse_action(json.dumps(action))
        loaded = load(path)
        check_cards([wanted], loaded.card_ids(), loaded.file)
        answer = first_answer(loaded, "question.lp", requests=request_facts("why", wanted))[0]
    except BadInput as error:
        return False, [], "; ".join(p.render() for p in error.problems)[:300]
    except ActionError as error:     # the action's shape is not read yet
        return False, [], str(error)[:300]
    legal, rules = request_answer(answer, "why")
    return legal, list(rules), ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="ask about the first N monsters only")
    parser.add_argument("--kind", choices=KINDS)
    parser.add_argument("--keep", help="write the snapshots into this folder")
    parser.add_argument("--json", help="write the results as JSON here")
    parser.add_argument("--only", action="append", default=[],
                        help="ask about this monster (by English name) only; may be repeated")
    parser.add_argument("--build-only", action="store_true",
                        help="only build the boards and count them (asks the rules nothing)")
    args = parser.parse_args(argv)
    names = [c.en for c in official().cards()
             if c.kind in KINDS and (args.kind is None or c.kind == args.kind)
             and c.summon is not None and c.summon.status == "expressed"]
    if args.only:
        names = [n for n in names if n in args.only]
    if args.limit:
        names = names[:args.limit]
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="summonable-"))
    folder.mkdir(parents=True, exist_ok=True)
    results: dict[str, dict[str, Any]] = {}
    started = time.monotonic()
    for number, name in enumerate(names, start=1):
        try:
            snapshot, kind, ids = board(name)
        except CannotBuild as why:
            results[name] = {"kind": official().get(name).kind, "built": False,
                             "why": str(why)}
            continue
        if args.build_only:
            results[name] = {"kind": kind, "built": True}
            continue
        path = folder / f"{number:04d}.yaml"
        path.write_text(yaml.safe_dump(snapshot, allow_unicode=True, sort_keys=False),
                        encoding="utf-8")
        legal, rules, problem = ask(path, request(kind, "a_target", ids))
        if legal and kind == "fusion":
            # Polymerization may be activated only if a Fusion Summon is possible: without
            # the materials it must not be, or the first answer said nothing of this monster
            bare = dict(snapshot, state=dict(snapshot["state"], cards=[
                e for e in snapshot["state"]["cards"] if e["id"] not in ids]))
            control = folder / f"{number:04d}-without-materials.yaml"
            control.write_text(yaml.safe_dump(bare, allow_unicode=True, sort_keys=False),
                               encoding="utf-8")
            if ask(control, request(kind, "a_target", []))[0]:
                legal, problem = False, ("Polymerization is legal without the materials too: "
                                         "the answer does not rest on this monster's line")
        results[name] = {"kind": kind, "built": True, "legal": legal, "rules": rules,
                         "problem": problem, "snapshot": str(path)}
        if number % 100 == 0:
            print(f"  {number}/{len(names)} asked, {time.monotonic() - started:.0f} s",
                  file=sys.stderr)
    total = sum(1 for r in results.values() if r.get("legal"))
    print(f"{len(names)} Extra Deck monsters with an expressed line; {total} summonable "
          f"(target: 1900)")
    if args.build_only:
        reasons: dict[str, int] = {}
        for result in results.values():
            if not result["built"]:
                reasons[result["why"]] = reasons.get(result["why"], 0) + 1
        print(f"boards built: {sum(1 for r in results.values() if r['built'])}; not built: "
              + (", ".join(f"{n} ({why})" for why, n in sorted(reasons.items(),
                                                              key=lambda x: -x[1])) or "none"))
    for kind in KINDS:
        mine = [r for r in results.values() if r["kind"] == kind]
        if not mine:
            continue
        built = sum(1 for r in mine if r["built"])
        legal = sum(1 for r in mine if r.get("legal"))
        print(f"  {kind}: {len(mine)} asked, {built} boards built, {legal} summonable")
        shown = 0
        for name, result in results.items():
            if result["kind"] == kind and not result.get("legal") and shown < 3:
                shown += 1
                said = (result.get("why") or result.get("problem")
                        or ", ".join(result.get("rules") or []) or "no rule named")
                print(f"    not: {name}: {said}"
                      + (f" ({result['snapshot']})" if result.get("snapshot") else ""))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, ensure_ascii=False),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
