"""Turn the solver's atoms into action objects (CONTRACT section 2) in a stable order."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from .solve import Answer

PLAYERS = {"a": "A", "b": "B"}
# The order in which actions are listed: activations first, then the Main Phase actions,
# then giving up priority.
ACTION_ORDER = ("activate", "normal_summon", "tribute_summon", "set", "flip_summon",
                "change_position", "special_summon", "attack", "cancel_attack", "decline",
                "order", "discard", "choose", "pass", "next")
ASP_ACTIONS = {"activate": "activate", "normal_summon": "normal_summon",
               "tribute_summon": "tribute_summon", "set_monster": "set", "set_card": "set",
               "flip_summon": "flip_summon", "change_position": "change_position",
               "pass": "pass", "next": "next", "decline": "decline", "attack": "attack",
               "discard": "discard", "cancel_attack": "cancel_attack"}


@dataclass
class Decoded:
    """The answer for one snapshot: who has priority, the open window, every candidate action
    with the rules that block it (empty when legal) and its choices."""

    priority: str | None
    window: str | None
    actions: list[dict[str, Any]] = field(default_factory=list)
    blocked: list[tuple[dict[str, Any], list[str]]] = field(default_factory=list)
    battle_result: dict[str, Any] | None = None
    permitted: list[tuple[dict[str, Any], list[str]]] = field(default_factory=list)


def _text(symbol: Any) -> Any:
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    return str(symbol)


def action_object(symbol: Any) -> dict[str, Any]:
    """An action term such as activate(a,"a_mst",1) as a CONTRACT action object."""
    name = symbol.name
    args = symbol.arguments
    action: dict[str, Any] = {"player": PLAYERS[str(args[0])], "action": ASP_ACTIONS[name]}
    if name in ("activate", "decline"):
        action["card"] = _text(args[1])
        action["effect"] = _text(args[2])
    elif name == "next":
        if str(args[1]) != "follow":
            action["phase"] = str(args[1])
    elif name == "attack":
        action["card"] = _text(args[1])
        action["target"] = _text(args[2]) if str(args[2]) != "direct" else "direct"
    elif name not in ("pass", "discard"):
        action["card"] = _text(args[1])
    return action


def _key(symbol: Any) -> Any:
    return symbol  # clingo symbols hash and compare by value


def decode(answer: Answer, with_blocked: bool = True) -> Decoded:
    """Decode the answer; `with_blocked=False` skips the refused candidates (the common
    `actions` query does not show them)."""
    priorities = [PLAYERS[str(s.arguments[0])] for s in answer.of("priority")]
    windows = sorted(str(s.arguments[0]) for s in answer.of("window"))
    if "triggers" in windows:
        windows = ["triggers"]
    target_options: dict[Any, dict[int, list[str]]] = {}
    for atom in answer.of("target_option"):
        action, group, target = atom.arguments
        target_options.setdefault(_key(action), {}).setdefault(group.number, []).append(
            _text(target))
    targets_needed: dict[Any, dict[int, int]] = {}
    for atom in answer.of("targets_needed"):
        action, group, count = atom.arguments
        targets_needed.setdefault(_key(action), {})[group.number] = count.number
    tribute_options: dict[Any, list[str]] = {}
    for atom in answer.of("tribute_option"):
        action, tribute = atom.arguments
        tribute_options.setdefault(_key(action), []).append(_text(tribute))
    tributes_needed = {_key(a.arguments[0]): a.arguments[1].number
                       for a in answer.of("tributes_needed")}
    # Cards to discard: for a discard cost, and for the hand-size discard (TURN-10).
    discard_lists: dict[str, tuple[str, Any, Any]] = {
        "discards_from": ("cost_discards_needed", "cost_discard_option", None),
        "cards_from": ("discards_needed", "discard_option", None)}
    discard_choices: dict[Any, dict[str, list[list[str]]]] = {}
    for key, (needed_name, option_name, _) in discard_lists.items():
        options: dict[Any, list[str]] = {}
        for atom in answer.of(option_name):
            options.setdefault(atom.arguments[0], []).append(_text(atom.arguments[1]))
        for atom in answer.of(needed_name):
            action = atom.arguments[0]
            discard_choices.setdefault(action, {})[key] = \
                [sorted(options.get(action, []))] * atom.arguments[1].number

    def with_choices(symbol: Any) -> dict[str, Any]:
        action = action_object(symbol)
        key = _key(symbol)
        if key in targets_needed:
            groups = []
            for group in sorted(targets_needed[key]):
                options = sorted(target_options.get(key, {}).get(group, []))
                groups.extend([options] * targets_needed[key][group])
            action["targets_from"] = groups
        if key in tributes_needed:
            options = sorted(tribute_options.get(key, []))
            action["tributes_from"] = [options] * tributes_needed[key]
        action.update(discard_choices.get(key, {}))
        return action

    destinations: dict[Any, dict[str, Any]] = {}
    for atom in answer.of("leads_to"):
        action, place = atom.arguments
        names = [str(a) for a in place.arguments]
        to: dict[str, Any] = {"phase": names[0]}
        if len(names) > 1 and names[1] != "none":
            to["step"] = names[1]
        if len(names) > 2:
            to["timing"] = names[2]
        destinations[action] = to
    legal = [with_choices(atom.arguments[0]) for atom in answer.of("legal")]
    for atom, action in zip(answer.of("legal"), legal):
        if atom.arguments[0] in destinations:
            action["to"] = destinations[atom.arguments[0]]
    reasons: dict[Any, list[str]] = {}
    symbols: dict[Any, Any] = {}
    for atom in (answer.of("blocked") if with_blocked else []):
        action, rule = atom.arguments
        reasons.setdefault(_key(action), []).append(rule.string)
        symbols[_key(action)] = action
    blocked = [(with_choices(symbols[k]), sorted(set(v))) for k, v in reasons.items()]
    allowing: dict[Any, list[str]] = {}
    for atom in (answer.of("permitted") if with_blocked else []):
        allowing.setdefault(atom.arguments[0], []).append(atom.arguments[1].string)
    permitted = [(with_choices(k), sorted(set(v))) for k, v in allowing.items()]
    battle_result = None
    if answer.of("battle_damage") or answer.of("battle_destroys"):
        battle_result = {
            "damage": {PLAYERS[str(a.arguments[0])]: a.arguments[1].number
                       for a in answer.of("battle_damage")},
            "destroyed": sorted(_text(a.arguments[0]) for a in answer.of("battle_destroys"))}
    return Decoded(battle_result=battle_result, permitted=permitted,
                   priority=priorities[0] if priorities else None,
                   window=windows[0] if windows else None,
                   actions=sort_actions(legal),
                   blocked=sorted(blocked, key=lambda item: action_sort_key(item[0])))


def action_sort_key(action: dict[str, Any]) -> tuple:
    kind = action.get("action", "")
    rank = ACTION_ORDER.index(kind) if kind in ACTION_ORDER else len(ACTION_ORDER)
    phase = action.get("phase") or ""
    phase_rank = {"battle": 0, "end": 1}.get(phase, 2)
    target = str(action.get("target", ""))
    return (action.get("player", ""), rank, str(action.get("card", "")),
            int(action.get("effect", 0) or 0), phase_rank, target == "direct", target)


def sort_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(actions, key=action_sort_key)


def expand(action: dict[str, Any]) -> list[dict[str, Any]]:
    """One action per combination of targets and tributes (for --expand and matching)."""
    variants = [dict(action)]
    for choices_key, chosen_key in (("targets_from", "targets"), ("tributes_from", "tributes"),
                                    ("cards_from", "cards")):
        if choices_key not in action:
            continue
        groups = action[choices_key]
        combos: list[list[str]] = []
        seen: set[tuple] = set()
        for combo in itertools.product(*groups):
            if len(set(combo)) != len(combo):
                continue
            canonical = tuple(sorted(combo)) if chosen_key != "targets" else combo
            if canonical in seen:
                continue
            seen.add(canonical)
            combos.append(list(canonical))
        next_variants = []
        for variant in variants:
            for combo in combos:
                copy = {k: v for k, v in variant.items() if k != choices_key}
                copy[chosen_key] = combo
                next_variants.append(copy)
        variants = next_variants
    return variants
