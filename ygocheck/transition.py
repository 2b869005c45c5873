"""One transition: the snapshot plus an action (or "resolve the top link") -> the next snapshots.

The rules (asp/transition/) derive the next state in the raw vocabulary (next_card/3, ...);
this module turns each answer set back into a ygocheck/1 snapshot mapping, checks it with the
same validation as any input (a rule that produced an impossible state is a bug), and
returns one Outcome per answer set.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .decode import PLAYERS
from .facts import constant, term
from .pipeline import from_mapping, run
from .problems import BadInput, EncodingBug
from .solve import Answer, solve_all

# Card keys the facts carry (ygocheck/facts.py); every other key of a card entry (a Token's
# stats, temporary banishment, control) is carried over as it was.
FACT_KEYS = ("controller", "zone", "slot", "face", "position", "treated_as", "since_turn",
             "attacks", "attacked", "position_changed", "battled", "token", "revealed",
             "summoned", "used_this_turn", "equipped_to", "attached_to", "bound_to", "targets",
             "counters", "modifiers", "atk", "def", "level")
EVENT_KEYS = ("event", "card", "player", "how", "by", "from", "target", "phase", "amount", "kind")


@dataclass
class Outcome:
    """One possible next snapshot, the events that led to it, and the choices it rests on."""

    snapshot: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)


def query_facts(action: dict[str, Any] | None, special: str | None = None) -> str:
    """The facts of one transition query: does(Action) and the choices that come with it."""
    lines: list[str] = []
    if special is not None:
        lines.append(f"{special}.")
    if action is not None:
        lines.append(f"does({action_term(action)}).")
        for target in action.get("targets") or []:
            lines.append(f"chosen_target({term(target)}).")
        for tribute in action.get("tributes") or []:
            lines.append(f"chosen_tribute({term(tribute)}).")
        cost = action.get("cost") or {}
        for card in (cost.get("discard") or []) if isinstance(cost, dict) else []:
            lines.append(f"chosen_discard({term(card)}).")
        if action.get("action") == "discard":
            for card in action.get("cards") or []:
                lines.append(f"chosen_discard({term(card)}).")
    return "\n".join(lines) + "\n"


def action_term(action: dict[str, Any]) -> str:
    player = constant(action["player"])
    kind = action["action"]
    card = term(action["card"]) if "card" in action else None
    if kind == "activate":
        return f"activate({player},{card},{int(action.get('effect', 1))})"
    if kind == "decline":
        return f"decline({player},{card},{int(action.get('effect', 1))})"
    if kind == "set":
        return f"set_{action['_set_kind']}({player},{card})"
    if kind in ("normal_summon", "tribute_summon", "flip_summon", "change_position"):
        return f"{kind}({player},{card})"
    if kind == "attack":
        target = action.get("target", "direct")
        return f"attack({player},{card},{'direct' if target == 'direct' else term(target)})"
    if kind == "next":
        return f"next({player},{action.get('phase', 'follow')})"
    if kind == "pass":
        return f"pass({player})"
    if kind == "discard":
        return f"discard({player})"
    if kind == "cancel_attack":
        return f"cancel_attack({player},{card})"
    raise EncodingBug(f"no transition for the action {kind!r}")


def _value(symbol: Any) -> Any:
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    text = str(symbol)
    return PLAYERS.get(text, text)


def _as_player(symbol: Any) -> str:
    return PLAYERS.get(str(symbol), str(symbol))


def next_snapshots(snapshot: dict[str, Any], facts: str, query: str,
                   file: str) -> list[Outcome]:
    """Every outcome of one transition from `snapshot` (whose facts are `facts`)."""
    answers = solve_all(facts + query, file)
    outcomes = [_outcome(snapshot, answer) for answer in answers]
    for outcome in outcomes:
        try:
            loaded = from_mapping(copy.deepcopy(outcome.snapshot), f"{file} (after the transition)")
        except BadInput as error:
            raise EncodingBug("the rules produced a state that cannot exist: "
                              + "; ".join(p.message for p in error.problems)) from None
        _write_stats(outcome.snapshot, run(loaded))
    return outcomes


def _write_stats(snapshot: dict[str, Any], answer: Answer) -> None:
    """Every face-up monster on the field carries its current ATK, DEF and Level, as the
    rules compute them in the new state (CONTRACT section 1; read-only on input)."""
    stats: dict[str, dict[str, int]] = {}
    for name, key in (("current_atk", "atk"), ("current_def", "def"),
                      ("current_level", "level")):
        for atom in answer.of(name):
            stats.setdefault(atom.arguments[0].string, {})[key] = atom.arguments[1].number
    for card in snapshot["state"].get("cards") or []:
        if not card.get("token"):
            for key in ("atk", "def", "level"):
                card.pop(key, None)
            card.update(stats.get(card["id"], {}))


def _outcome(before: dict[str, Any], answer: Answer) -> Outcome:
    state_before = before["state"]
    state: dict[str, Any] = {}
    for atom in answer.of("next_state"):
        key, value = atom.arguments
        state[str(key)] = _value(value)
    result = {}
    if "result" in state:
        result["reason"] = state.pop("result")
    if "winner" in state:
        result["winner"] = state.pop("winner")
    for key in ("turn", "turn_player", "first_player", "phase", "step", "timing", "priority",
                "window", "next_phase"):
        if key in state and key in ("turn_player", "first_player", "priority"):
            state[key] = _as_player_text(state[key])
    ordered: dict[str, Any] = {}
    for key in ("turn", "turn_player", "first_player", "phase", "step", "timing", "priority",
                "window", "next_phase"):
        if key in state:
            ordered[key] = state[key]
    lp = {_as_player(a.arguments[0]): a.arguments[1].number for a in answer.of("next_life")}
    ordered["lp"] = {p: lp.get(p, 8000) for p in ("A", "B")}
    counts: dict[str, dict[str, int]] = {}
    for atom in answer.of("next_count"):
        player, zone, amount = atom.arguments
        counts.setdefault(_as_player(player), {})[str(zone)] = amount.number
    if counts:
        ordered["counts"] = counts
    if result:
        ordered["result"] = result
    ordered["battle"] = _battle(answer)
    ordered["chain"] = _chain(answer)
    events = _new_events(answer)
    ordered["events"] = list(state_before.get("events") or []) + events
    ordered["pending"] = _pending(answer)
    ordered["this_turn"] = _this_turn(answer)
    ordered["cards"] = _cards(state_before.get("cards") or [], answer)
    for key in ("battle", "chain", "events", "pending", "this_turn"):
        if not ordered[key]:
            del ordered[key]
    snapshot = {k: v for k, v in before.items() if k in ("format", "title", "cards")}
    snapshot["state"] = ordered
    choices = []
    for atom in answer.of("choice"):
        kind, card, value = atom.arguments
        choices.append({"choice": str(kind), "card": _value(card), "value": _value(value)})
    flags = {"resolving"} if ordered.get("window") == "resolving" else set()
    return Outcome(snapshot=snapshot, events=events, choices=sorted(
        choices, key=lambda c: (c["choice"], str(c["card"]))), flags=flags)


def _as_player_text(value: Any) -> Any:
    return PLAYERS.get(value, value) if isinstance(value, str) else value


def _battle(answer: Answer) -> dict[str, Any]:
    battle: dict[str, Any] = {}
    for atom in answer.of("next_battle"):
        key, value = atom.arguments
        if str(key) == "destroyed":
            battle.setdefault("destroyed", []).append(_value(value))
        elif str(key) in ("replay", "calculated"):
            battle[str(key)] = True
        else:
            battle[str(key)] = _value(value)
    return battle


def _chain(answer: Answer) -> list[dict[str, Any]]:
    links: dict[int, dict[str, Any]] = {}
    for atom in answer.of("next_link"):
        number, key, value = atom.arguments
        link = links.setdefault(number.number, {})
        name = str(key)
        if name == "target":
            link.setdefault("targets", []).append(_value(value))
        elif name == "resolved":
            link["resolved"] = True
        else:
            link[name] = _value(value)
    ordered = []
    for number in sorted(links):
        link = links[number]
        out = {k: link[k] for k in ("player", "card", "effect") if k in link}
        for key in ("targets", "kind", "from", "negated", "by_effect_of", "resolved"):
            if key in link:
                out[key] = sorted(link[key]) if key == "targets" else link[key]
        ordered.append(out)
    return ordered


def _records(answer: Answer, name: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """Atoms name(Order, Key, Value) as one mapping per Order, in Order, with `keys` only."""
    records: dict[Any, dict[str, Any]] = {}
    for atom in answer.of(name):
        order, key, value = atom.arguments
        records.setdefault(order, {})[str(key)] = _value(value)
    return [{k: record[k] for k in keys if k in record}
            for _, record in sorted(records.items())]


def _new_events(answer: Answer) -> list[dict[str, Any]]:
    return _records(answer, "new_event", EVENT_KEYS)


def _pending(answer: Answer) -> list[dict[str, Any]]:
    return _records(answer, "next_pending", ("player", "card", "effect"))


def _this_turn(answer: Answer) -> dict[str, Any]:
    this_turn: dict[str, Any] = {}
    for atom in answer.of("next_this_turn"):
        key, value = atom.arguments
        if str(key) == "effect":
            player, kind, until, source = value.arguments
            this_turn.setdefault("effects", []).append(
                {"player": _as_player(player), "kind": str(kind), "until": str(until),
                 "source": _value(source)})
        elif str(key) == "used":
            player, name, effect = value.arguments
            this_turn.setdefault("used", []).append(
                {"player": _as_player(player), "name": name.string, "effect": effect.number})
        else:
            this_turn.setdefault(str(key), []).append(_as_player(value))
    for key in ("normal_summon_used", "pendulum_summon_used"):
        if key in this_turn:
            this_turn[key] = sorted(set(this_turn[key]))
    return this_turn


def _cards(before: list[dict[str, Any]], answer: Answer) -> list[dict[str, Any]]:
    values: dict[str, dict[str, list[Any]]] = {}
    for atom in answer.of("next_card"):
        card, key, value = atom.arguments
        values.setdefault(card.string, {}).setdefault(str(key), []).append(value)
    modifiers: dict[str, dict[int, dict[str, Any]]] = {}
    for atom in answer.of("next_modifier"):
        card, index, key, value = atom.arguments
        modifiers.setdefault(card.string, {}).setdefault(index.number, {})[str(key)] = \
            _value(value)
    out = []
    for entry in before:
        card_id = entry["id"]
        if card_id not in values:
            continue  # a Token that left the field vanished (CARD-12)
        fields = values[card_id]
        card = {k: v for k, v in entry.items() if k not in FACT_KEYS}
        if entry.get("token"):
            for key in ("atk", "def", "level"):
                if key in entry:
                    card[key] = entry[key]

        def one(key: str) -> Any:
            return _value(fields[key][0]) if key in fields else None

        card["owner"] = entry["owner"]
        controller = one("controller")
        if controller is not None and controller != entry["owner"]:
            card["controller"] = controller
        card["zone"] = one("zone")
        for key in ("slot", "face", "position", "treated_as", "since_turn", "attacks",
                    "equipped_to", "attached_to", "bound_to"):
            value = one(key)
            if value is not None:
                card[key] = value
        if card["zone"] in ("monster", "extra_monster", "spell_trap", "field", "pendulum"):
            card.setdefault("face", "up")
        for key in ("attacked", "position_changed", "battled", "token", "revealed"):
            if key in fields:
                card[key] = True
        summoned = {}
        for key, out_key in (("summoned_how", "how"), ("summoned_from", "from"),
                             ("summoned_turn", "turn")):
            value = one(key)
            if value is not None:
                summoned[out_key] = value
        if "properly_summoned" in fields:
            summoned["properly"] = True
        if summoned:
            card["summoned"] = summoned
        if "used_this_turn" in fields:
            card["used_this_turn"] = sorted(_value(v) for v in fields["used_this_turn"])
        if "targets" in fields:
            card["targets"] = sorted(_value(v) for v in fields["targets"])
        if "counter" in fields:
            card["counters"] = {str(_value(v.arguments[0])): v.arguments[1].number
                                for v in fields["counter"]}
        if card_id in modifiers:
            card["modifiers"] = [_modifier(m) for _, m in sorted(modifiers[card_id].items())]
        out.append(card)
    return out


def _modifier(raw: dict[str, Any]) -> dict[str, Any]:
    modifier = {k: raw[k] for k in ("atk", "def", "level", "kind") if k in raw}
    until = raw.get("until")
    if isinstance(until, str) and until.startswith("turns("):
        modifier["until"] = {"turns": int(until[6:-1])}
    elif until is not None:
        modifier["until"] = until
    if "source" in raw:
        modifier["source"] = raw["source"]
    return modifier
