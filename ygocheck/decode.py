"""Turn the solver's atoms into action objects (docs/format.md, "Actions"), in a stable order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .solve import Answer
from .vocabulary import PLAYER_NAMES

# The order in which actions are listed: activations first, then the Main Phase actions,
# then giving up priority.
ACTION_ORDER = ("activate", "normal_summon", "tribute_summon", "set", "flip_summon",
                "change_position", "special_summon", "attack", "cancel_attack", "decline",
                "order", "discard", "choose", "pass", "next")
ASP_ACTIONS = {"activate": "activate", "normal_summon": "normal_summon",
               "tribute_summon": "tribute_summon", "set_monster": "set", "set_card": "set",
               "flip_summon": "flip_summon", "change_position": "change_position",
               "pass": "pass", "next": "next", "decline": "decline", "attack": "attack",
               "discard": "discard", "cancel_attack": "cancel_attack",
               "special_summon": "special_summon"}
# The cards an action chooses, shown as one list of options per card to choose.
CHOICE_LISTS = (("targets_needed", "target_option", "targets_from", True),
                ("tributes_needed", "tribute_option", "tributes_from", False),
                ("cost_tributes_needed", "cost_tribute_option", "tributes_from", False),
                ("cost_discards_needed", "cost_discard_option", "discards_from", False),
                ("discards_needed", "discard_option", "cards_from", False))


@dataclass
class Decoded:
    """The answer for one moment: who has priority, the open window, the legal actions with
    their choices, the refused candidates with the rules that block them, and the
    requirements each legal action meets."""

    priority: str | None
    window: str | None
    actions: list[dict[str, Any]] = field(default_factory=list)
    blocked: list[tuple[dict[str, Any], list[str]]] = field(default_factory=list)
    permitted: list[tuple[dict[str, Any], list[str]]] = field(default_factory=list)
    battle_result: dict[str, Any] | None = None
    warnings: list[dict[str, Any]] = field(default_factory=list)


def warnings_of(answer: Answer) -> list[dict[str, Any]]:
    """What the answer rests on that no descriptor expresses (asp/unmodelled.lp): one
    {card, effect, text, leans} per clause, `effect` a number or "card" (the card as a whole),
    `leans` the ways the rules say the answer may be wrong for it (allows_too_much,
    lists_too_little)."""
    found = {(_text(a.arguments[0]), _text(a.arguments[1]), _text(a.arguments[2]))
             for a in answer.of("warning")}
    leans: dict[tuple[Any, ...], set[str]] = {}
    for a in answer.of("warning_leans"):
        key = (_text(a.arguments[0]), _text(a.arguments[1]), _text(a.arguments[2]))
        leans.setdefault(key, set()).add(str(a.arguments[3]))
    return [{"card": card, "effect": effect, "text": text,
             "leans": sorted(leans.get((card, effect, text), set()))}
            for card, effect, text in sorted(found, key=lambda w: (str(w[0]), str(w[1]), w[2]))]


def merge_warnings(*lists: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The warnings of several answers, each once, in a stable order."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for items in lists:
        for item in items:
            seen.setdefault((str(item["card"]), str(item["effect"]), item["text"]), item)
    return [seen[key] for key in sorted(seen)]


def _text(symbol: Any) -> Any:
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    return str(symbol)


def action_object(symbol: Any) -> dict[str, Any]:
    """An action term such as activate(a,"a_mst",1) as an action object."""
    name = symbol.name
    args = symbol.arguments
    action: dict[str, Any] = {"player": PLAYER_NAMES[str(args[0])], "action": ASP_ACTIONS[name]}
    if name in ("activate", "decline"):
        action["card"] = _text(args[1])
        action["effect"] = _text(args[2])
    elif name == "next":
        if str(args[1]) != "follow":
            action["phase"] = str(args[1])
    elif name == "attack":
        action["card"] = _text(args[1])
        action["target"] = _text(args[2]) if str(args[2]) != "direct" else "direct"
    elif name == "special_summon":
        action["card"] = _text(args[1])
        action["method"] = str(args[2])
    elif name not in ("pass", "discard"):
        action["card"] = _text(args[1])
    return action


def zone_object(symbol: Any) -> dict[str, Any]:
    """A zone term of the rules (asp/zones.lp) as {zone, slot}: main_zone(P, S) or
    extra_zone(X)."""
    if symbol.name == "main_zone":
        return {"zone": "monster", "slot": symbol.arguments[1].number}
    return {"zone": "extra_monster", "slot": str(symbol.arguments[0])}


class Choices:
    """The choices of every action of one answer, and where each `next` leads."""

    def __init__(self, answer: Answer):
        # Per action: each choice's lists of options, and the flag "targets_up_to".
        self.lists: dict[Any, dict[str, Any]] = {}
        for needed_name, option_name, key, grouped in CHOICE_LISTS:
            options: dict[tuple[Any, int], list[str]] = {}
            for atom in answer.of(option_name):
                action = atom.arguments[0]
                group = atom.arguments[1].number if grouped else 1
                options.setdefault((action, group), []).append(_text(atom.arguments[-1]))
            for atom in answer.of(needed_name):
                action = atom.arguments[0]
                group = atom.arguments[1].number if grouped else 1
                count = atom.arguments[-1].number
                chosen = self.lists.setdefault(action, {}).setdefault(key, [])
                assert isinstance(chosen, list)
                chosen.extend([sorted(options.get((action, group), []))] * count)
        # A summon by procedure: the monsters it may use, the zones it may go to.
        materials: dict[Any, list[str]] = {}
        for atom in answer.of("material_option"):
            materials.setdefault(atom.arguments[0], []).append(_text(atom.arguments[1]))
        zones: dict[Any, list[dict[str, Any]]] = {}
        for atom in answer.of("zone_possible"):
            zones.setdefault(atom.arguments[0], []).append(zone_object(atom.arguments[1]))
        for action, cards in materials.items():
            self.lists.setdefault(action, {})["materials_from"] = sorted(cards)
        for action, places in zones.items():
            self.lists.setdefault(action, {})["zones_from"] = sorted(
                places, key=lambda z: (z["zone"], str(z["slot"])))
        # "Target up to N": the lists are the most it may take; it takes at least one.
        for atom in answer.of("targets_ranged"):
            self.lists.setdefault(atom.arguments[0], {})["targets_up_to"] = True
        self.destinations: dict[Any, dict[str, Any]] = {}
        for atom in answer.of("leads_to"):
            action, place = atom.arguments
            names = [str(a) for a in place.arguments]
            to: dict[str, Any] = {"phase": names[0]}
            if len(names) > 1 and names[1] != "none":
                to["step"] = names[1]
            if len(names) > 2:
                to["timing"] = names[2]
            self.destinations[action] = to

    def action(self, symbol: Any) -> dict[str, Any]:
        action = action_object(symbol)
        action.update(self.lists.get(symbol, {}))
        if symbol in self.destinations:
            action["to"] = self.destinations[symbol]
        return action


def decode(answer: Answer) -> Decoded:
    """The legal actions of one answer (and, when shown, the refused ones and the reasons)."""
    choices = Choices(answer)
    priorities = [PLAYER_NAMES[str(s.arguments[0])] for s in answer.of("priority")]
    windows = [str(s.arguments[0]) for s in answer.of("window")]
    legal = [choices.action(atom.arguments[0]) for atom in answer.of("legal")]
    reasons: dict[Any, list[str]] = {}
    for atom in answer.of("blocked"):
        reasons.setdefault(atom.arguments[0], []).append(atom.arguments[1].string)
    blocked = [(choices.action(k), sorted(set(v))) for k, v in reasons.items()]
    allowing: dict[Any, list[str]] = {}
    for atom in answer.of("permitted"):
        allowing.setdefault(atom.arguments[0], []).append(atom.arguments[1].string)
    permitted = [(choices.action(k), sorted(set(v))) for k, v in allowing.items()]
    battle_result = None
    if answer.of("battle_damage") or answer.of("battle_destroys"):
        battle_result = {
            "damage": {PLAYER_NAMES[str(a.arguments[0])]: a.arguments[1].number
                       for a in answer.of("battle_damage")},
            "destroyed": sorted(_text(a.arguments[0]) for a in answer.of("battle_destroys"))}
    return Decoded(priority=priorities[0] if priorities else None,
                   window=windows[0] if windows else None,
                   actions=sort_actions(legal), battle_result=battle_result,
                   blocked=sorted(blocked, key=lambda item: action_sort_key(item[0])),
                   permitted=permitted, warnings=warnings_of(answer))


def meant(answer: Answer, request_id: str) -> list[dict[str, Any]]:
    """The legal actions a request means, with their choices (for a choice left open)."""
    choices = Choices(answer)
    found = [choices.action(atom.arguments[1]) for atom in answer.of("meant_legal")
             if str(atom.arguments[0]) == request_id]
    return sort_actions(found)


def request_answer(answer: Answer, request_id: str) -> tuple[bool, list[str]]:
    """Whether the request is legal, and the rules that support or refuse it."""
    legal = any(str(a.arguments[0]) == request_id for a in answer.of("request_legal"))
    name = "support" if legal else "refusal"
    rules = sorted({a.arguments[1].string for a in answer.of(name)
                    if str(a.arguments[0]) == request_id})
    return legal, rules


def action_sort_key(action: dict[str, Any]) -> tuple:
    kind = action.get("action", "")
    rank = ACTION_ORDER.index(kind) if kind in ACTION_ORDER else len(ACTION_ORDER)
    phase = action.get("phase") or ""
    phase_rank = {"battle": 0, "end": 1}.get(phase, 2)
    target = str(action.get("target", ""))
    return (action.get("player", ""), rank, str(action.get("card", "")),
            int(action.get("effect", 0) or 0), phase_rank, target == "direct", target,
            str(action.get("method", "")), action.get("materials", []),
            str(action.get("zone", "")), str(action.get("slot", "")),
            str(action.get("position", "")))


def sort_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(actions, key=action_sort_key)
