"""The shape of a YAML snapshot: keys, types, value words and sizes, checked before it
becomes facts, with the line of every value kept for messages.

Nothing here says whether a snapshot is a possible moment of a duel: that is the rules'
(asp/check.lp), for YAML and `.lp` input and every state `play` produces alike. This module
only makes sure the facts can be written and records where each value stands in the file,
so that the rules' objections can be shown at their line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import FORMAT
from .cards import CardDefinition, check_definitions
from .checks import Checker, describe
from .known import definitions_for
from .limits import CARDS, CHAIN_LINKS, DEFINITIONS, EVENTS, MODIFIERS, PENDING
from .shapes import (BATTLE, CARD_ENTRY, CONTROL, COST, EFFECT_LIMIT, EVENT, LINK, MODIFIER,
                     PENDING_TRIGGER, PLAYER_EFFECT, RESULT, STATE, SUMMONED, TEMPORARY,
                     SUMMON_COUNT, PROCEDURE_USED, THIS_TURN, TURN_LIMIT, USED_BY_NAME, Record)
from .vocabulary import PLAYERS, words

# The keys of each mapping, from the one description of the format (shapes.py).
SNAPSHOT_KEYS = ("format", "title", "cards", "state")
STATE_KEYS = STATE.keys
CARD_ENTRY_KEYS = CARD_ENTRY.keys
SUMMONED_KEYS = SUMMONED.keys
LINK_KEYS = LINK.keys
EVENT_KEYS = EVENT.keys
BATTLE_KEYS = BATTLE.keys
THIS_TURN_KEYS = THIS_TURN.keys
MODIFIER_KEYS = MODIFIER.keys
TEMPORARY_KEYS = TEMPORARY.keys
CONTROL_KEYS = CONTROL.keys
__all__ = ["EFFECT_LIMIT", "TURN_LIMIT", "Snapshot", "build_snapshot"]


@dataclass
class Snapshot:
    """A snapshot whose shape is right: its file, the card definitions it uses, its state,
    and the line of every value (for the rules' objections)."""

    file: str
    title: str | None
    definitions: dict[str, CardDefinition]
    declared: dict[str, CardDefinition]
    state: dict[str, Any]
    raw: dict[str, Any]
    lines: dict[tuple[tuple[Any, ...], str], int] = field(default_factory=dict)
    card_order: list[str] = field(default_factory=list)


def definition_lines(file: str, given: Any,
                     declared: dict[str, CardDefinition]) -> dict[tuple[tuple[Any, ...], str], int]:
    """Where each card definition of a mapping read from `file` stands, under the rules'
    location definition(Name)."""
    shape = _Shape(Checker(file))
    shape.definitions(given if declared else None)
    return shape.lines


class _Shape:
    """One pass over a snapshot mapping: every problem found goes to the checker, and the
    line of every value to `lines` under the location the rules use (state, card(C), ...).
    Keys and values are checked against their descriptions in shapes.py."""

    def __init__(self, checker: Checker):
        self.checker = checker
        self.lines: dict[tuple[tuple[Any, ...], str], int] = {}

    def at(self, location: tuple[Any, ...], key: str, container: Any, item: Any = None) -> None:
        line = self.checker.line(container, item if item is not None else key)
        if line is None:
            line = getattr(container, "line", None)
        if line is not None:
            self.lines.setdefault((location, key), line)

    def record(self, value: dict, record: Record, where: str,
               leaves: tuple[str, ...] | None = None) -> None:
        """The keys of a mapping, and its values that are leaves of the description."""
        self.checker.known_keys(value, record.keys, where)
        record.check_fields(self.checker, value, where, leaves)

    # --- the card definitions of `cards:` ------------------------------------------------
    def definitions(self, cards: Any) -> None:
        """The line of each definition, of each of its keys, and of each operation of its
        effects, under the location the rules' objections about definitions use
        (asp/check.lp)."""
        if not isinstance(cards, dict):
            return
        for name, card in cards.items():
            location = ("definition", name)
            self.at(location, "", cards, name)
            if not isinstance(card, dict):
                continue
            for key in card:
                self.at(location, str(key), card)
            effects = card.get("effects")
            for number, effect in enumerate(effects if isinstance(effects, list) else [],
                                            start=1):
                if isinstance(effect, dict):
                    self.at(location, f"effect({number},kind)", effect, "kind")
                for part in ("does", "applies"):
                    listed = effect.get(part) if isinstance(effect, dict) else None
                    for index in range(len(listed) if isinstance(listed, list) else 0):
                        self.at(location, f"operation({number},{part},{index + 1})", listed,
                                index)

    # --- the state --------------------------------------------------------------------
    def state(self, state: dict) -> None:
        c = self.checker
        c.known_keys(state, STATE_KEYS, "state")
        for key in STATE.required:
            if key not in state:
                c.add(getattr(state, "line", None), f"state is missing the key {key!r}")
        STATE.check_fields(c, state, "state", ("rules", "turn", "turn_player", "first_player",
                                               "phase", "step", "timing", "priority",
                                               "next_phase", "window"))
        self.at(("state",), "", state)
        for key in state:
            self.at(("state",), str(key), state)
        lp = state.get("lp")
        if "lp" in state and c.mapping(lp, "state.lp", c.line(state, "lp")):
            self.record(lp, STATE.nested("lp"), "state.lp")
            for player in PLAYERS:
                if player in lp:
                    self.at(("life", player.lower()), "amount", lp, player)
        result = state.get("result")
        if "result" in state and c.mapping(result, "state.result", c.line(state, "result")):
            self.record(result, RESULT, "state.result")
            if "winner" in result:
                self.at(("state",), "winner", result, "winner")
            if "reason" in result:
                self.at(("state",), "result", result, "reason")
        self.counts(state)
        self.battle(state)
        self.chain(state)
        self.events(state)
        self.pending(state)
        self.this_turn(state)

    def counts(self, state: dict) -> None:
        c = self.checker
        counts = state.get("counts")
        if counts is None or not c.mapping(counts, "state.counts", c.line(state, "counts")):
            return
        c.known_keys(counts, PLAYERS, "state.counts")
        for player, totals in counts.items():
            if player not in PLAYERS:
                continue
            where = f"state.counts.{player}"
            if not c.mapping(totals, where, c.line(counts, player)):
                continue
            counted = STATE.nested("counts").nested(player)
            c.known_keys(totals, words("counted_zone"), where)
            counted.check_fields(c, totals, where, words("counted_zone"))
            for zone in words("counted_zone"):
                if zone in totals:
                    self.at(("count", player.lower(), zone), "total", totals, zone)

    def battle(self, state: dict) -> None:
        c = self.checker
        battle = state.get("battle")
        if battle is None or not c.mapping(battle, "state.battle", c.line(state, "battle")):
            return
        self.record(battle, BATTLE, "state.battle")
        self.at(("battle",), "", battle)
        for key in battle:
            self.at(("battle",), str(key), battle)

    def chain(self, state: dict) -> None:
        c = self.checker
        chain = state.get("chain")
        if chain is None or \
                not c.listing(chain, "state.chain", c.line(state, "chain"), CHAIN_LINKS):
            return
        for index, link in enumerate(chain):
            where = f"chain link {index + 1}"
            if not c.mapping(link, where, self.checker.line(chain, index)):
                continue
            c.known_keys(link, LINK_KEYS, where)
            if not c.required(link, LINK.required, where):
                continue
            location = ("link", index + 1)
            self.at(location, "", link)
            LINK.check_fields(c, link, where, tuple(k for k in LINK_KEYS if k != "cost"))
            if "cost" in link and link["cost"] is not None:
                self.cost(link, where)
            for key in link:
                self.at(location, "target" if key == "targets" else str(key), link)

    def cost(self, link: dict, where: str) -> None:
        """A link's `cost` records what was paid: discarded or Tributed cards, LP."""
        c = self.checker
        cost = link["cost"]
        if not c.mapping(cost, f"{where}.cost", c.line(link, "cost")):
            return
        self.record(cost, COST, f"{where}.cost")

    def events(self, state: dict) -> None:
        c = self.checker
        events = state.get("events")
        if events is None or not c.listing(events, "state.events", c.line(state, "events"), EVENTS):
            return
        for index, event in enumerate(events):
            where = f"event {index + 1}"
            if not c.mapping(event, where, self.checker.line(events, index)):
                continue
            c.known_keys(event, EVENT_KEYS, where)
            c.required(event, EVENT.required, where)
            EVENT.check_fields(c, event, where)
            self.at(("event", index + 1), "", event)
            for key in event:
                self.at(("event", index + 1), "card" if key == "cards" else str(key), event)

    def pending(self, state: dict) -> None:
        c = self.checker
        pending = state.get("pending")
        if pending is None or not c.listing(pending, "state.pending", c.line(state, "pending"),
                                                    PENDING):
            return
        for index, item in enumerate(pending):
            where = f"state.pending[{index + 1}]"
            if not c.mapping(item, where, self.checker.line(pending, index)):
                continue
            c.known_keys(item, PENDING_TRIGGER.keys, where)
            if not c.required(item, PENDING_TRIGGER.required, where):
                continue
            PENDING_TRIGGER.check_fields(c, item, where)
            self.at(("pending", index + 1), "", item)
            for key in item:
                self.at(("pending", index + 1), str(key), item)

    def this_turn(self, state: dict) -> None:
        c = self.checker
        this_turn = state.get("this_turn")
        if this_turn is None or not c.mapping(this_turn, "state.this_turn",
                                              c.line(state, "this_turn")):
            return
        self.record(this_turn, THIS_TURN, "state.this_turn",
                    ("normal_summon_used", "pendulum_summon_used", "summoned",
                     "activated", "monster_effect_in_main_phase", "battle_phase_monsters",
                     "battled_kinds"))
        for key, record in (("effects", PLAYER_EFFECT), ("used", USED_BY_NAME),
                            ("summon_count", SUMMON_COUNT), ("procedures_used", PROCEDURE_USED)):
            items = this_turn.get(key)
            if items is None or not c.listing(items, f"state.this_turn.{key}",
                                              c.line(this_turn, key)):
                continue
            for index, item in enumerate(items, start=1):
                where = f"state.this_turn.{key}[{index}]"
                if not c.mapping(item, where, self.checker.line(items, index - 1)):
                    continue
                c.known_keys(item, record.keys, where)
                if c.required(item, record.required, where):
                    record.check_fields(c, item, where)
                elif key == "effects":   # its period and source are checked all the same
                    record.check_fields(c, item, where, ("until", "source"))
        self.at(("this_turn",), "", this_turn)
        for key in this_turn:
            self.at(("this_turn",), "effect" if key == "effects" else str(key), this_turn)

    # --- the cards ----------------------------------------------------------------------
    def cards(self, state: dict) -> list[str]:
        c = self.checker
        raw = state.get("cards", [])
        if raw is None or not c.listing(raw, "state.cards", c.line(state, "cards"), CARDS):
            return []
        order: list[str] = []
        seen: dict[str, int | None] = {}
        for index, item in enumerate(raw):
            line = self.checker.line(raw, index)
            where = f"state.cards[{index + 1}]"
            if not c.mapping(item, where, line):
                continue
            card_id = self.card_entry(item, where, line)
            if card_id is None:
                continue
            if card_id in seen:
                c.add(line, f"card id {card_id!r} is used twice (first at line "
                      f"{seen[card_id]}); ids must be unique")
                continue
            seen[card_id] = line
            order.append(card_id)
        return order

    def card_entry(self, item: dict, where: str, line: int | None) -> str | None:
        c = self.checker
        c.known_keys(item, CARD_ENTRY_KEYS, where)
        if not c.required(item, CARD_ENTRY.required, where):
            return None
        if not CARD_ENTRY["id"].check(c, item, "id", where):
            return None
        card_id = item["id"]
        where = f"card {card_id!r}"
        CARD_ENTRY.check_fields(c, item, where, tuple(
            k for k in CARD_ENTRY_KEYS if k not in ("id", "summoned", "modifiers", "temporary",
                                                    "control")))
        self.summoned(item, where)
        self.modifiers(item, where, card_id)
        for key in ("temporary", "control"):
            value = item.get(key)
            if value is not None and c.mapping(value, f"{where}.{key}", c.line(item, key)):
                self.record(value, CARD_ENTRY.nested(key), f"{where}.{key}")
        location = ("card", card_id)
        self.at(location, "", item)
        for key in item:
            if key == "summoned":
                for sub in ("how", "from", "turn", "by"):
                    self.at(location, f"summoned_{sub}", item, "summoned")
                self.at(location, "properly_summoned", item, "summoned")
            elif key == "counters":
                self.at(location, "counter", item, "counters")
            else:
                self.at(location, str(key), item)
        self.at(location, "slot", item)
        return card_id

    def summoned(self, item: dict, where: str) -> None:
        c = self.checker
        summoned = item.get("summoned")
        if summoned is None or not c.mapping(summoned, f"{where}.summoned",
                                             c.line(item, "summoned")):
            return
        self.record(summoned, SUMMONED, f"{where}.summoned")

    def modifiers(self, item: dict, where: str, card_id: str) -> None:
        c = self.checker
        modifiers = item.get("modifiers")
        if modifiers is None or not c.listing(modifiers, f"{where}.modifiers",
                                              c.line(item, "modifiers"), MODIFIERS):
            return
        for index, modifier in enumerate(modifiers, start=1):
            mod_where = f"{where}.modifiers[{index}]"
            if not c.mapping(modifier, mod_where, self.checker.line(modifiers, index - 1)):
                continue
            self.record(modifier, MODIFIER, mod_where)
            self.at(("modifier", card_id, index), "", modifier)
            for key in modifier:
                self.at(("modifier", card_id, index), str(key), modifier)


def build_snapshot(data: Any, file: str) -> Snapshot:
    """Check the shape of `data` (a loaded YAML mapping); the model, or BadInput."""
    from .problems import BadInput

    checker = Checker(file)
    snapshot = _build(data, checker, file)
    if checker.problems or snapshot is None:
        raise BadInput(checker.problems)
    return snapshot


def _build(data: Any, checker: Checker, file: str) -> Snapshot | None:
    if not checker.mapping(data, "the snapshot", getattr(data, "line", 1)):
        return None
    checker.known_keys(data, SNAPSHOT_KEYS, "the snapshot")
    if data.get("format") != FORMAT:
        checker.add(checker.line(data, "format") or 1,
                    f"format must be exactly {FORMAT!r}, not {describe(data.get('format'))}")
    if "title" in data and not isinstance(data["title"], str):
        checker.add(checker.line(data, "title"), "title must be a text")
    declared: dict[str, CardDefinition] = {}
    if "cards" in data and data["cards"] is not None and checker.mapping(
            data["cards"], "cards (card definitions)", checker.line(data, "cards"), DEFINITIONS):
        declared = check_definitions(data["cards"], checker, "cards (card definitions)",
                                     checker.line(data, "cards"))
    if not checker.required(data, ("state",), "the snapshot"):
        return None
    state = data["state"]
    if not checker.mapping(state, "state", checker.line(data, "state")):
        return None
    shape = _Shape(checker)
    shape.definitions(data.get("cards") if declared else None)
    shape.state(state)
    order = shape.cards(state)
    if checker.problems:   # the shape is wrong: nothing below may rely on it
        return None
    # The definition of every name the snapshot uses: its own `cards:`, the library, then
    # the official card list (known.py); a name with none is the rules' to refuse.
    names: list[str] = []
    for item in state.get("cards") or []:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            names.append(item["name"])
    for item in (state.get("this_turn") or {}).get("used") or [] \
            if isinstance(state.get("this_turn"), dict) else []:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            names.append(item["name"])
    used = definitions_for(dict.fromkeys(names), declared)
    title = data.get("title") if isinstance(data.get("title"), str) else None
    return Snapshot(file=file, title=title, definitions=used, declared=declared,
                    state=state, raw=data, lines=shape.lines, card_order=order)
