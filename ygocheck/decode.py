"""Turn the solver's atoms into action objects (docs/format.md, "Actions"), in a stable order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .registry import registry
from .solve import Answer
from .vocabulary import PLAYER_NAMES, words


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
    """An action term such as activate(a,"a_mst",1) as an action object: the registry
    (asp/registry.lp) says which kind each term is and which key each argument gives."""
    found = registry()
    name = symbol.name
    action: dict[str, Any] = {"action": found.functors[name]}
    for position, (key, argument) in enumerate(zip(found.arguments[name], symbol.arguments,
                                                   strict=True),
                                               start=1):
        if (name, position, str(argument)) in found.unnamed:
            continue
        # A card's further procedure is the method inherent(K) or xyz(K): method inherent
        # (xyz), procedure K (asp/legality/special_summon.lp).
        if key == "method" and argument.type.name == "Function" \
                and argument.name in ("inherent", "xyz") and len(argument.arguments) == 1:
            action[key] = argument.name
            action["procedure"] = argument.arguments[0].number
            continue
        action[key] = PLAYER_NAMES[str(argument)] if key == "player" else _text(argument)
    return {"player": action.pop("player"), **action}


def zone_object(symbol: Any) -> dict[str, Any]:
    """A zone term of the rules (asp/zones.lp) as {zone, slot}: main_zone(P, S) or
    extra_zone(X)."""
    if symbol.name == "main_zone":
        return {"zone": "monster", "slot": symbol.arguments[1].number}
    return {"zone": "extra_monster", "slot": str(symbol.arguments[0])}


class Choices:
    """The choices of every action of one answer, and where each `next` leads."""

    def __init__(self, answer: Answer):
        # Per action: each choice's lists of options, and the flag that it takes 1 to N.
        self.lists: dict[Any, dict[str, Any]] = {}
        kinds = {choice.name: choice for choice in registry().choices}
        options: dict[tuple[Any, str, int], list[str]] = {}
        for atom in answer.of("choice_option"):
            action, kind, group, card = atom.arguments
            options.setdefault((action, str(kind), group.number), []).append(_text(card))
        needed = sorted(answer.of("choice_needed"),
                        key=lambda a: (kinds[str(a.arguments[1])].rank, a.arguments[2].number))
        for atom in needed:
            action, kind, group, count = atom.arguments
            key = kinds[str(kind)].listed_as
            chosen = self.lists.setdefault(action, {}).setdefault(key, [])
            assert isinstance(chosen, list)
            chosen.extend([sorted(options.get((action, str(kind), group.number), []))]
                          * count.number)
        # A choice its module decides by a walk (asp/registry.lp, choice_walked/1): its
        # options once, as one list.
        for (action, kind, _), cards in sorted(options.items(), key=lambda i: str(i[0])):
            if kinds[kind].walked:
                self.lists.setdefault(action, {})[kinds[kind].listed_as] = sorted(cards)
        # A summon by procedure: the zones it may go to.
        zones: dict[Any, list[dict[str, Any]]] = {}
        for atom in answer.of("zone_possible"):
            zones.setdefault(atom.arguments[0], []).append(zone_object(atom.arguments[1]))
        for action, places in zones.items():
            self.lists.setdefault(action, {})["zones_from"] = sorted(
                places, key=lambda z: (z["zone"], str(z["slot"])))
        # The first of a card's several procedures of one method is named procedure 1
        # (asp/legality/special_summon.lp, first_of_several/1).
        for atom in answer.of("first_of_several"):
            self.lists.setdefault(atom.arguments[0], {})["procedure"] = 1
        # "Target up to N": the lists are the most it may take; it takes at least one.
        for atom in answer.of("choice_ranged"):
            action, kind, _ = atom.arguments
            ranged = kinds[str(kind)].range_listed_as
            if ranged:
                self.lists.setdefault(action, {})[ranged] = True
        # What an activation declares (a card name, a kind of monster card).
        for atom in answer.of("declaration_needed"):
            action, what = atom.arguments
            self.lists.setdefault(action, {})["declares"] = str(what)
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


def decode(answer: Answer, warnings: bool = True) -> Decoded:
    """The legal actions of one answer (and, when shown, the refused ones and the reasons);
    with `warnings` False, no warnings (a caller that reads them only for some answers asks
    warnings_of itself)."""
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
                   permitted=permitted, warnings=warnings_of(answer) if warnings else [])


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


def action_sort_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """Actions are listed by player, then in the registry's order of kinds (asp/registry.lp),
    then by card, effect, the phase a `next` names (in the vocabulary's order) and target."""
    kinds = registry().kinds
    kind = action.get("action", "")
    rank = kinds.index(kind) if kind in kinds else len(kinds)
    phases = words("next_phase")
    phase = action.get("phase") or ""
    phase_rank = phases.index(phase) if phase in phases else len(phases)
    target = str(action.get("target", ""))
    return (action.get("player", ""), rank, str(action.get("card", "")),
            int(action.get("effect", 0) or 0), phase_rank, target == "direct", target,
            str(action.get("method", "")), action.get("materials", []),
            str(action.get("zone", "")), str(action.get("slot", "")),
            str(action.get("position") or ""))


def sort_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(actions, key=action_sort_key)
