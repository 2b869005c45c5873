"""The state a step leads to: the rules show it as facts of the input vocabulary (snapshot_*),
which the next step reads back as they are; for output it is written once as a ygocheck/1
snapshot mapping."""

from __future__ import annotations

from typing import Any

import clingo

from .solve import Answer
from .vocabulary import PLAYER_NAMES

STATE_PREDICATES = ("snapshot_state", "snapshot_life", "snapshot_count", "snapshot_card",
                    "snapshot_modifier", "snapshot_link", "snapshot_event", "snapshot_pending",
                    "snapshot_this_turn", "snapshot_battle")
STATE_ORDER = ("rules", "turn", "turn_player", "first_player", "phase", "step", "timing",
               "priority", "window", "next_phase")
CARD_ORDER = ("id", "name", "owner", "controller", "zone", "slot", "face", "position", "token",
              "atk", "def", "level", "attribute", "type", "treated_as", "since_turn",
              "summoned", "flipped_turn", "attacked", "attacks", "position_changed", "battled",
              "revealed", "from_top", "used_this_turn", "equipped_to", "attached_to", "bound_to",
              "targets", "counters", "modifiers", "temporary", "control")
EVENT_ORDER = ("event", "card", "cards", "player", "how", "by", "from", "to", "target",
               "phase", "step", "timing", "amount", "kind", "effect", "link", "vanished", "face",
               "followed", "pointed_by", "destroyer")
FLAGS = ("attacked", "position_changed", "battled", "token", "revealed", "properly_summoned")
INTERNAL = ("moved", "fresh")
# Event keys that may hold several cards (written as lists; `card` becomes `cards`).
EVENT_LISTS = ("card", "vanished", "pointed_by")
# Event keys whose one value is true (written as a YAML boolean).
EVENT_FLAGS = ("followed",)


def state_facts(answer: Answer) -> str:
    """The next state as facts, ready for the next step."""
    return "".join(f"{symbol}.\n" for name in STATE_PREDICATES for symbol in answer.of(name))


def state_key(answer: Answer) -> frozenset[str]:
    """What tells two outcomes apart: their states and the choices made."""
    return frozenset(str(s) for name in STATE_PREDICATES + ("choice",) for s in answer.of(name))


def value(symbol: Any) -> Any:
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    text = str(symbol)
    return PLAYER_NAMES.get(text, text)


def snapshot_mapping(answer: Answer, before: dict[str, Any], card_order: list[str]) -> \
        dict[str, Any]:
    """The state of `answer` (the moment itself, when no step was made) as a snapshot mapping:
    format, title and card definitions as `before` had them."""
    state: dict[str, Any] = {}
    scalars = {str(a.arguments[0]): value(a.arguments[1]) for a in answer.of("snapshot_state")}
    for key in STATE_ORDER:
        if key in scalars:
            state[key] = scalars[key]
    state["lp"] = {value(a.arguments[0]): a.arguments[1].number
                   for a in sorted(answer.of("snapshot_life"))}
    counts: dict[str, dict[str, int]] = {}
    for atom in sorted(answer.of("snapshot_count")):
        player, zone, amount = atom.arguments
        counts.setdefault(value(player), {})[str(zone)] = amount.number
    if counts:
        state["counts"] = counts
    result = {k: scalars[f] for k, f in (("winner", "winner"), ("reason", "result"))
              if f in scalars}
    if result:
        state["result"] = result
    battle = _battle(answer)
    if battle:
        state["battle"] = battle
    chain = _chain(answer)
    if chain:
        state["chain"] = chain
    events = _records(answer, "snapshot_event", EVENT_ORDER, repeated=EVENT_LISTS)
    if events:
        state["events"] = events
    pending = _records(answer, "snapshot_pending", ("player", "card", "effect", "event_cards"),
                       repeated=("event_cards",))
    if pending:
        state["pending"] = pending
    this_turn = _this_turn(answer)
    if this_turn:
        state["this_turn"] = this_turn
    state["cards"] = _cards(answer, card_order)
    snapshot = {k: v for k, v in before.items() if k in ("format", "title", "cards")}
    snapshot["state"] = state
    return snapshot


def _battle(answer: Answer) -> dict[str, Any]:
    battle: dict[str, Any] = {}
    for atom in answer.of("snapshot_battle"):
        key, item = atom.arguments
        if str(key) == "destroyed":
            battle.setdefault("destroyed", []).append(value(item))
        elif str(key) in ("replay", "calculated"):
            battle[str(key)] = True
        else:
            battle[str(key)] = value(item)
    if "destroyed" in battle:
        battle["destroyed"] = sorted(battle["destroyed"])
    return {k: battle[k] for k in ("attacker", "target", "replay", "calculated", "destroyed")
            if k in battle}


def _chain(answer: Answer) -> list[dict[str, Any]]:
    links: dict[int, dict[str, Any]] = {}
    for atom in answer.of("snapshot_link"):
        number, key, item = atom.arguments
        link = links.setdefault(number.number, {})
        if str(key) == "target":
            link.setdefault("targets", []).append(value(item))
        elif str(key) == "cost_banish":
            link.setdefault("cost", {}).setdefault("banish", []).append(value(item))
        elif str(key) == "cost_send":
            link.setdefault("cost", {}).setdefault("send_to_graveyard", []).append(value(item))
        elif str(key) == "damage_taken":
            kind, amount = item.arguments
            link["damage_taken"] = {"kind": str(kind), "amount": amount.number}
        elif str(key) in ("resolved", "co_linked", "in_defense_position"):
            link[str(key)] = True
        else:
            link[str(key)] = value(item)
    ordered: list[dict[str, Any]] = []
    for number in sorted(links):
        link = links[number]
        if "targets" in link:
            link["targets"] = sorted(link["targets"])
        if "cost" in link:
            link["cost"] = {key: sorted(cards) for key, cards in sorted(link["cost"].items())}
        ordered.append({k: link[k] for k in ("player", "card", "effect", "targets", "declared",
                                             "kind", "from", "negated", "by_effect_of", "cost",
                                             "damage_taken", "co_linked", "in_defense_position",
                                             "resolved")
                        if k in link})
    return ordered


def _records(answer: Answer, name: str, keys: tuple[str, ...],
             repeated: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Atoms name(Index, Key, Value) as one mapping per Index, in order."""
    records: dict[int, dict[str, Any]] = {}
    for atom in answer.of(name):
        index, key, item = atom.arguments
        record = records.setdefault(index.number, {})
        if str(key) in INTERNAL:
            continue
        if str(key) in repeated:
            record.setdefault(str(key), []).append(value(item))
        elif str(key) in EVENT_FLAGS:
            record[str(key)] = True
        else:
            record[str(key)] = value(item)
    out = []
    for _, record in sorted(records.items()):
        for key in repeated:
            if key in record and key != "card":   # always a list
                record[key] = sorted(record[key])
            elif key in record:
                cards = sorted(record.pop(key))
                if len(cards) == 1:
                    record[key] = cards[0]
                else:
                    record["cards"] = cards
        out.append({k: record[k] for k in keys if k in record})
    return out


def _this_turn(answer: Answer) -> dict[str, Any]:
    this_turn: dict[str, Any] = {}
    for atom in sorted(answer.of("snapshot_this_turn")):
        key, item = atom.arguments
        if str(key) == "effect":
            player, kind, until, source, *name = item.arguments
            effect = {"player": value(player), "kind": str(kind), "until": str(until),
                      "source": value(source)}
            if name and name[0].type == clingo.SymbolType.String:   # a lock on a card name
                effect["name"] = name[0].string
                if len(name) > 1:           # cost_attribute_locked: and an Attribute
                    effect["attribute"] = name[1].string
            elif name and name[0].type == clingo.SymbolType.Function:   # a kind of monster card
                effect["monster_card_type"] = str(name[0])
            elif name:                      # a column (1-5 from A's left)
                effect["column"] = name[0].number
            this_turn.setdefault("effects", []).append(
                {k: v for k, v in effect.items() if v != "none"})
        elif str(key) == "used":
            player, name, effect = item.arguments
            this_turn.setdefault("used", []).append(
                {"player": value(player), "name": name.string, "effect": effect.number})
        elif str(key) == "procedures_used":
            player, name, procedure = item.arguments
            this_turn.setdefault("procedures_used", []).append(
                {"player": value(player), "name": name.string, "procedure": procedure.number})
        elif str(key) == "destroyed_by_battle":
            card, by = item.arguments
            this_turn.setdefault("destroyed_by_battle", []).append(
                {"card": value(card), "by": value(by)})
        elif str(key) == "summon_count":
            player, count = item.arguments
            this_turn.setdefault("summon_count", []).append(
                {"player": value(player), "count": count.number})
        else:
            this_turn.setdefault(str(key), []).append(value(item))
    for key in ("normal_summon_used", "pendulum_summon_used", "summoned", "activated",
                "monster_effect_in_main_phase"):
        if key in this_turn:
            this_turn[key] = sorted(set(this_turn[key]))
    if "battle_phase_monsters" in this_turn:
        this_turn["battle_phase_monsters"] = sorted(set(this_turn["battle_phase_monsters"]))
    if "battled_kinds" in this_turn:
        this_turn["battled_kinds"] = sorted(set(this_turn["battled_kinds"]))
    return {k: this_turn[k] for k in ("normal_summon_used", "pendulum_summon_used", "summoned",
                                      "activated", "monster_effect_in_main_phase",
                                      "summon_count", "used", "effects",
                                      "battle_phase_monsters", "battled_kinds",
                                      "procedures_used", "destroyed_by_battle")
            if k in this_turn}


def _cards(answer: Answer, order: list[str]) -> list[dict[str, Any]]:
    fields: dict[str, dict[str, list[Any]]] = {}
    for atom in answer.of("snapshot_card"):
        owner, key, item = atom.arguments
        fields.setdefault(owner.string, {}).setdefault(str(key), []).append(item)
    modifiers: dict[str, dict[int, dict[str, Any]]] = {}
    for atom in answer.of("snapshot_modifier"):
        owner, index, key, item = atom.arguments
        modifiers.setdefault(owner.string, {}).setdefault(index.number, {})[str(key)] = item
    stats: dict[str, dict[str, int]] = {}
    for name, key in (("current_atk", "atk"), ("current_def", "def"),
                      ("current_level", "level")):
        for atom in answer.of(name):
            stats.setdefault(atom.arguments[0].string, {})[key] = atom.arguments[1].number
    known = [c for c in order if c in fields] + sorted(c for c in fields if c not in order)
    out = []
    for card_id in known:
        raw = fields[card_id]
        card: dict[str, Any] = {"id": card_id}
        summoned: dict[str, Any] = {}
        for key, items in raw.items():
            if key in INTERNAL:
                continue
            if key in FLAGS:
                if key == "properly_summoned":
                    summoned["properly"] = True
                else:
                    card[key] = True
            elif key == "summoned_material":
                summoned["materials"] = sorted(value(i) for i in items)
            elif key == "summoned_damage":
                kind, amount = items[0].arguments
                summoned["damage"] = {"kind": str(kind), "amount": amount.number}
            elif key.startswith("summoned_"):
                summoned[key[len("summoned_"):]] = value(items[0])
            elif key in ("used_this_turn", "targets"):
                card[key] = sorted(value(i) for i in items)
            elif key == "counter":
                card["counters"] = {str(i.arguments[0]): i.arguments[1].number
                                    for i in sorted(items)}
            elif key in ("temporary", "control"):
                card[key] = {str(i.arguments[0]): value(i.arguments[1]) for i in sorted(items)}
            else:
                card[key] = value(items[0])
        if summoned:
            card["summoned"] = {k: summoned[k] for k in ("how", "from", "by", "properly",
                                                          "turn", "materials", "procedure",
                                                          "damage")
                                if k in summoned}
        if not card.get("token"):
            card.update(stats.get(card_id, {}))
        if card_id in modifiers:
            card["modifiers"] = [_modifier(m) for _, m in sorted(modifiers[card_id].items())]
        out.append({k: card[k] for k in CARD_ORDER if k in card})
    return out


def _modifier(raw: dict[str, Any]) -> dict[str, Any]:
    modifier: dict[str, Any] = {k: value(raw[k]) for k in ("atk", "def", "set_atk", "set_def",
                                                            "level", "kind")
                                if k in raw}
    until = raw.get("until")
    if until is not None and until.name == "turns" and len(until.arguments) == 1:
        modifier["until"] = {"turns": until.arguments[0].number}
    elif until is not None:
        modifier["until"] = value(until)
    for key in ("source", "since_turn"):
        if key in raw:
            modifier[key] = value(raw[key])
    return modifier
