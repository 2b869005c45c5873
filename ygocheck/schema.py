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
from .limits import CARDS, CHAIN_LINKS, COUNTERS, DEFINITIONS, EVENTS, MODIFIERS, PENDING
from .checks import ID_PATTERN, WORD, Checker, describe
from .known import definitions_for
from .vocabulary import PLAYERS, values, words

SNAPSHOT_KEYS = ("format", "title", "cards", "state")
STATE_KEYS = ("turn", "turn_player", "first_player", "phase", "step", "timing", "priority", "lp",
              "next_phase", "battle", "chain", "events", "this_turn", "cards", "pending",
              "window", "counts", "result")
CARD_ENTRY_KEYS = ("id", "name", "owner", "controller", "zone", "slot", "face", "position",
                   "since_turn", "summoned", "attacked", "attacks", "position_changed", "battled",
                   "counters", "equipped_to", "attached_to", "modifiers", "temporary", "token",
                   "revealed", "bound_to", "targets", "treated_as", "control", "used_this_turn",
                   "atk", "def", "level", "rank", "link", "attribute", "type")
SUMMONED_KEYS = ("how", "from", "by", "properly", "turn")
LINK_KEYS = ("player", "card", "effect", "targets", "kind", "from", "negated", "by_effect_of",
             "cost", "resolved")
EVENT_KEYS = ("event", "card", "cards", "player", "how", "by", "from", "to", "target", "amount",
              "kind", "phase", "step", "timing", "effect", "link")
BATTLE_KEYS = ("attacker", "target", "replay", "calculated", "destroyed")
THIS_TURN_KEYS = ("normal_summon_used", "pendulum_summon_used", "used", "effects")
MODIFIER_KEYS = ("atk", "def", "level", "kind", "until", "source")
TEMPORARY_KEYS = ("until", "controller", "position", "face", "from_zone", "by")
CONTROL_KEYS = ("until", "source")
TURN_LIMIT = 100000
EFFECT_LIMIT = 20


def slot_values() -> tuple[object, ...]:
    found: list[object] = []
    for zone in words("zone"):
        found.extend(v for v in values(f"slot({zone})") if v not in found)
    return tuple(found)


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


class _Shape:
    """One pass over a snapshot mapping: every problem found goes to the checker, and the
    line of every value to `lines` under the location the rules use (state, card(C), ...)."""

    def __init__(self, checker: Checker):
        self.checker = checker
        self.lines: dict[tuple[tuple[Any, ...], str], int] = {}

    def at(self, location: tuple[Any, ...], key: str, container: Any, item: Any = None) -> None:
        line = self.checker.line(container, item if item is not None else key)
        if line is None:
            line = getattr(container, "line", None)
        if line is not None:
            self.lines.setdefault((location, key), line)

    # --- the state --------------------------------------------------------------------
    def state(self, state: dict) -> None:
        c = self.checker
        c.known_keys(state, STATE_KEYS, "state")
        for key in ("turn", "turn_player", "phase"):
            if key not in state:
                c.add(getattr(state, "line", None), f"state is missing the key {key!r}")
        if "turn" in state:
            c.integer(state, "turn", "state", 1, TURN_LIMIT)
        for key in ("turn_player", "first_player", "priority"):
            if key in state:
                c.enum(state, key, PLAYERS, "state")
        for key, domain in (("phase", "phase"), ("step", "step"), ("timing", "timing"),
                            ("window", "window"), ("next_phase", "next_phase")):
            if key in state:
                c.enum(state, key, words(domain), "state")
        self.at(("state",), "", state)
        for key in state:
            self.at(("state",), str(key), state)
        lp = state.get("lp")
        if "lp" in state and c.mapping(lp, "state.lp", c.line(state, "lp")):
            c.known_keys(lp, PLAYERS, "state.lp")
            for player in PLAYERS:
                if player in lp:
                    c.integer(lp, player, "state.lp", 0, 10**9)
                    self.at(("life", player.lower()), "amount", lp, player)
        result = state.get("result")
        if "result" in state and c.mapping(result, "state.result", c.line(state, "result")):
            c.known_keys(result, ("winner", "reason"), "state.result")
            if "winner" in result:
                c.enum(result, "winner", ("A", "B", "draw"), "state.result")
                self.at(("state",), "winner", result, "winner")
            if "reason" in result:
                c.enum(result, "reason", words("result_reason"), "state.result")
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
            c.known_keys(totals, words("counted_zone"), where)
            for zone in words("counted_zone"):
                if zone in totals:
                    c.integer(totals, zone, where, 0, 1000)
                    self.at(("count", player.lower(), zone), "total", totals, zone)

    def battle(self, state: dict) -> None:
        c = self.checker
        battle = state.get("battle")
        if battle is None or not c.mapping(battle, "state.battle", c.line(state, "battle")):
            return
        c.known_keys(battle, BATTLE_KEYS, "state.battle")
        for key in ("attacker", "target"):
            if key in battle:
                self.card_id(battle, key, "state.battle", allow_direct=key == "target")
        for key in ("replay", "calculated"):
            if key in battle:
                c.boolean(battle, key, "state.battle")
        if "destroyed" in battle:
            self.id_list(battle, "destroyed", "state.battle")
        self.at(("battle",), "", battle)
        for key in battle:
            self.at(("battle",), str(key), battle)

    def chain(self, state: dict) -> None:
        c = self.checker
        chain = state.get("chain")
        if chain is None or not c.listing(chain, "state.chain", c.line(state, "chain"), CHAIN_LINKS):
            return
        for index, link in enumerate(chain):
            where = f"chain link {index + 1}"
            if not c.mapping(link, where, self.checker.line(chain, index)):
                continue
            c.known_keys(link, LINK_KEYS, where)
            if not c.required(link, ("player", "card"), where):
                continue
            location = ("link", index + 1)
            self.at(location, "", link)
            c.enum(link, "player", PLAYERS, where)
            self.card_id(link, "card", where)
            if "effect" in link:
                c.integer(link, "effect", where, 1, EFFECT_LIMIT)
            if "kind" in link:
                c.enum(link, "kind", words("link_kind"), where)
            if "negated" in link:
                c.enum(link, "negated", words("negated"), where)
            if "resolved" in link:
                c.boolean(link, "resolved", where)
            if "from" in link:
                c.enum(link, "from", words("zone"), where)
            if "by_effect_of" in link:
                self.card_id(link, "by_effect_of", where)
            if "targets" in link:
                self.id_list(link, "targets", where)
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
        c.known_keys(cost, ("discard", "tribute", "banish", "pay_lp"), f"{where}.cost")
        for key in ("discard", "tribute", "banish"):
            if key in cost:
                self.id_list(cost, key, f"{where}.cost")
        if "pay_lp" in cost:
            c.integer(cost, "pay_lp", f"{where}.cost", 0, 10**9)

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
            if c.required(event, ("event",), where):
                c.enum(event, "event", words("event"), where)
            if "player" in event:
                c.enum(event, "player", PLAYERS, where)
            for key, domain in (("how", "summon_method"), ("by", "destroyed_by"),
                                ("phase", "phase"), ("kind", "damage_kind"),
                                ("from", "event_from"), ("to", "zone"), ("step", "step"),
                                ("timing", "timing")):
                if key in event:
                    c.enum(event, key, words(domain), where)
            for key in ("amount", "effect", "link"):
                if key in event:
                    c.integer(event, key, where, 0 if key == "amount" else 1, 10**9)
            if "card" in event:
                self.card_id(event, "card", where)
            if "cards" in event:
                self.id_list(event, "cards", where)
            if "target" in event:
                self.card_id(event, "target", where, allow_direct=True)
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
            c.known_keys(item, ("player", "card", "effect"), where)
            if not c.required(item, ("player", "card", "effect"), where):
                continue
            c.enum(item, "player", PLAYERS, where)
            self.card_id(item, "card", where)
            c.integer(item, "effect", where, 1, EFFECT_LIMIT)
            self.at(("pending", index + 1), "", item)
            for key in item:
                self.at(("pending", index + 1), str(key), item)

    def this_turn(self, state: dict) -> None:
        c = self.checker
        this_turn = state.get("this_turn")
        if this_turn is None or not c.mapping(this_turn, "state.this_turn",
                                              c.line(state, "this_turn")):
            return
        c.known_keys(this_turn, THIS_TURN_KEYS, "state.this_turn")
        for key in ("normal_summon_used", "pendulum_summon_used"):
            if key in this_turn and c.listing(this_turn[key], f"state.this_turn.{key}",
                                              c.line(this_turn, key)):
                for player in this_turn[key]:
                    if player not in PLAYERS:
                        c.add(c.line(this_turn, key), f"state.this_turn.{key} lists players "
                              f"(A, B), not {describe(player)}")
        effects = this_turn.get("effects")
        if effects is not None and c.listing(effects, "state.this_turn.effects",
                                             c.line(this_turn, "effects")):
            for index, item in enumerate(effects, start=1):
                where = f"state.this_turn.effects[{index}]"
                if not c.mapping(item, where, self.checker.line(effects, index - 1)):
                    continue
                c.known_keys(item, ("player", "kind", "until", "source"), where)
                if c.required(item, ("player", "kind"), where):
                    c.enum(item, "player", PLAYERS, where)
                    c.enum(item, "kind", words("player_effect"), where)
                if "until" in item:
                    c.enum(item, "until", words("until"), where)
                if "source" in item:
                    self.card_id(item, "source", where)
        used = this_turn.get("used")
        if used is not None and c.listing(used, "state.this_turn.used",
                                          c.line(this_turn, "used")):
            for index, item in enumerate(used, start=1):
                where = f"state.this_turn.used[{index}]"
                if not c.mapping(item, where, self.checker.line(used, index - 1)):
                    continue
                c.known_keys(item, ("player", "name", "effect"), where)
                if c.required(item, ("player", "name", "effect"), where):
                    c.enum(item, "player", PLAYERS, where)
                    c.integer(item, "effect", where, 1, EFFECT_LIMIT)
                    if not isinstance(item["name"], str) or not item["name"]:
                        c.add(c.line(item, "name"), f"{where}: unknown card name "
                              f"{describe(item['name'])}; give a card's name")
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
        if not c.required(item, ("id", "name", "owner", "zone"), where):
            return None
        card_id = item["id"]
        if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
            c.add(c.line(item, "id"), f"{where}.id is {describe(card_id)}; an id is lowercase "
                  "letters, digits and _ (like a_dragon)")
            return None
        where = f"card {card_id!r}"
        c.text(item, "name", where)
        c.enum(item, "owner", PLAYERS, where)
        c.enum(item, "zone", words("zone"), where)
        if "controller" in item:
            c.enum(item, "controller", PLAYERS, where)
        if "slot" in item and not (type(item["slot"]) in (int, str) and
                                   item["slot"] in slot_values()):
            allowed = ", ".join(str(s) for s in slot_values())
            c.add(c.line(item, "slot"), f"{where}.slot is {describe(item['slot'])}; a slot is "
                  f"one of {allowed}")
        for key, domain in (("face", "face"), ("position", "position"),
                            ("treated_as", "treated_as")):
            if key in item:
                c.enum(item, key, words(domain), where)
        for key in ("attacked", "position_changed", "battled", "revealed", "token"):
            if key in item:
                c.boolean(item, key, where)
        for key in ("since_turn", "attacks"):
            if key in item:
                c.integer(item, key, where, 0 if key == "attacks" else 1, TURN_LIMIT)
        for key in ("atk", "def", "level", "rank", "link"):
            if key in item:
                c.integer(item, key, where, 0, 100000)
        for key in ("attribute", "type"):
            if key in item:
                c.text(item, key, where)
        for key in ("equipped_to", "attached_to", "bound_to"):
            if key in item and item[key] is not None:
                self.card_id(item, key, where)
        if "targets" in item and item["targets"] is not None:
            self.id_list(item, "targets", where)
        self.summoned(item, where)
        self.used_this_turn(item, where)
        self.counters(item, where)
        self.modifiers(item, where, card_id)
        self.record(item, "temporary", TEMPORARY_KEYS, where)
        self.record(item, "control", CONTROL_KEYS, where)
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
        c.known_keys(summoned, SUMMONED_KEYS, f"{where}.summoned")
        if "how" in summoned:
            c.enum(summoned, "how", words("summon_method"), f"{where}.summoned")
        if "from" in summoned:
            c.enum(summoned, "from", words("zone"), f"{where}.summoned")
        if "properly" in summoned:
            c.boolean(summoned, "properly", f"{where}.summoned")
        if "turn" in summoned:
            c.integer(summoned, "turn", f"{where}.summoned", 1, TURN_LIMIT)
        if "by" in summoned:
            c.text(summoned, "by", f"{where}.summoned")

    def used_this_turn(self, item: dict, where: str) -> None:
        c = self.checker
        used = item.get("used_this_turn")
        if used is None or not c.listing(used, f"{where}.used_this_turn",
                                         c.line(item, "used_this_turn")):
            return
        for number in used:
            if isinstance(number, bool) or not isinstance(number, int) or \
                    not 1 <= number <= EFFECT_LIMIT:
                c.add(c.line(item, "used_this_turn"), f"{where}.used_this_turn lists effect "
                      f"numbers (1 to {EFFECT_LIMIT}), not {describe(number)}")

    def counters(self, item: dict, where: str) -> None:
        c = self.checker
        counters = item.get("counters")
        if counters is None or not c.mapping(counters, f"{where}.counters",
                                             c.line(item, "counters"), COUNTERS):
            return
        for counter in counters:
            if not isinstance(counter, str) or not WORD.match(counter):
                c.add(c.line(counters, counter), f"{where}.counters: a counter's name is a "
                      f"lowercase word like spell, not {describe(counter)}")
                continue
            c.integer(counters, counter, f"{where}.counters", 0, 1000)

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
            c.known_keys(modifier, MODIFIER_KEYS, mod_where)
            for key in ("atk", "def", "level"):
                if key in modifier:
                    c.integer(modifier, key, mod_where, -100000, 100000)
            until = modifier.get("until")
            if until is not None and until not in words("until") and not (
                    isinstance(until, dict) and set(until) == {"turns"}
                    and isinstance(until["turns"], int) and not isinstance(until["turns"], bool)
                    and 0 < until["turns"] <= 100):
                c.add(c.line(modifier, "until"), f"{mod_where}.until is {describe(until)}; "
                      f"allowed: {', '.join(words('until'))} or {{turns: n}}")
            if "kind" in modifier and not (isinstance(modifier["kind"], str) and
                                           WORD.match(modifier["kind"])):
                c.add(c.line(modifier, "kind"), f"{mod_where}.kind must be a lowercase word "
                      "such as negate_effects")
            if "source" in modifier:
                self.card_id(modifier, "source", mod_where)
            self.at(("modifier", card_id, index), "", modifier)
            for key in modifier:
                self.at(("modifier", card_id, index), str(key), modifier)

    def record(self, item: dict, key: str, keys: tuple[str, ...], where: str) -> None:
        """`temporary` and `control`: words, players and card ids under known keys."""
        c = self.checker
        value = item.get(key)
        if value is None or not c.mapping(value, f"{where}.{key}", c.line(item, key)):
            return
        c.known_keys(value, keys, f"{where}.{key}")
        for sub, entry in value.items():
            if sub == "controller":
                c.enum(value, sub, PLAYERS, f"{where}.{key}")
            elif sub == "source":
                self.card_id(value, sub, f"{where}.{key}")
            elif sub == "by":
                c.text(value, sub, f"{where}.{key}")
            elif not (isinstance(entry, str) and WORD.match(entry)):
                c.add(c.line(value, sub), f"{where}.{key}.{sub} must be a lowercase word, not "
                      f"{describe(entry)}")

    # --- values -----------------------------------------------------------------------
    def card_id(self, mapping: dict, key: str, where: str, allow_direct: bool = False) -> None:
        value = mapping.get(key)
        if allow_direct and value == "direct":
            return
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            self.checker.add(self.checker.line(mapping, key), f"{where}.{key} names "
                             f"{describe(value)}, which is not a card id (lowercase letters, "
                             "digits and _)")

    def id_list(self, mapping: dict, key: str, where: str) -> None:
        value = mapping.get(key)
        if not self.checker.listing(value, f"{where}.{key}", self.checker.line(mapping, key)):
            return
        for item in value:
            if not isinstance(item, str) or not ID_PATTERN.match(item):
                self.checker.add(self.checker.line(mapping, key), f"{where}.{key} names "
                                 f"{describe(item)}, which is not a card id")


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
