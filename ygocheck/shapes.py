"""The one description of the shape of ygocheck's input files: which keys each mapping admits,
which are required, and what each value may be.

The shape checkers (schema.py for snapshots, cards.py for card definitions, expectations.py and
rulings.py for ruling files) take their keys and their value checks from here, and so does the
generator of the JSON Schemas (json_schemas.py): a key or a value admitted by one is admitted
by the other. The words of the snapshot vocabulary (zones, phases, event names, ...) are read
from the rules (asp/vocabulary.lp, through vocabulary.py); the words of the card vocabulary are
listed below.

A leaf description checks a value with the Checker's messages (`check`) and describes it as
JSON Schema (`schema`). A Record is a mapping with known keys; the checkers walk records
themselves (they also record the line of every value for the rules' messages), using
`Record.keys`, `Record.required` and the leaf descriptions of the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import FORMAT
from .checks import Checker, describe
from .limits import (CARDS, CHAIN_LINKS, COUNTERS, DEFINITIONS, EVENTS, LIST_ITEMS, MODIFIERS,
                     PENDING, TEXT)
from .vocabulary import PLAYERS, values, words

TURN_LIMIT = 100000
EFFECT_LIMIT = 20

# JSON Schema (ECMA-262) spellings of checks.ID_PATTERN and checks.WORD.
ID_REGEX = "^[a-z0-9_]+$"
WORD_REGEX = "^(?!not$)[a-z][a-z0-9_]*$"


class Spec:
    """What one value may be."""

    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        return True

    def json(self) -> dict[str, Any]:
        return {}

    def schema(self) -> dict[str, Any]:
        found = self.json()
        if self.nullable:
            found = {"anyOf": [found, {"type": "null"}]}
        if self.description:
            found = dict(found, description=self.description)
        return found


@dataclass
class OneOf(Spec):
    """One of a list of values; `domain` names a domain of asp/vocabulary.lp instead."""

    options: tuple[Any, ...] = ()
    domain: str | None = None
    description: str = ""
    nullable: bool = False

    def allowed(self) -> tuple[Any, ...]:
        return words(self.domain) if self.domain else self.options

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        return c.enum(mapping, key, self.allowed(), where)

    def json(self) -> dict[str, Any]:
        return {"enum": list(self.allowed())}


def Word(domain: str, description: str = "") -> OneOf:  # noqa: N802 - reads as a type
    return OneOf(domain=domain, description=description)


@dataclass
class Value(OneOf):
    """One value of a domain of asp/vocabulary.lp whose values are words or numbers (the rule
    profiles: current, 2007), each compared as the rules have it."""

    def allowed(self) -> tuple[Any, ...]:
        return values(self.domain) if self.domain else self.options


def Player(description: str = "") -> OneOf:  # noqa: N802
    return OneOf(PLAYERS, description=description)


@dataclass
class Integer(Spec):
    low: int | None = None
    high: int | None = None
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        return c.integer(mapping, key, where, self.low, self.high)

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": "integer"}
        if self.low is not None:
            found["minimum"] = self.low
        if self.high is not None:
            found["maximum"] = self.high
        return found


@dataclass
class Boolean(Spec):
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        return c.boolean(mapping, key, where)

    def json(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass
class Text(Spec):
    """A non-empty text (at most limits.TEXT characters, as every text read)."""

    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        return c.text(mapping, key, where)

    def json(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": TEXT}


@dataclass
class CardName(Text):
    """A card's name; a number there is most likely a passcode, and the message says whose."""

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        value = mapping.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            from .known import passcode_hint

            c.add(c.line(mapping, key), f"{where}.{key} is the number {value}: a card is named "
                  f"by its official English name, not its passcode ({passcode_hint(value)})")
            return False
        return super().check(c, mapping, key, where)


@dataclass
class AnyText(Spec):
    """Any text, empty included."""

    description: str = ""
    nullable: bool = False

    def json(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": TEXT}


@dataclass
class Exactly(Spec):
    value: Any = None
    description: str = ""
    nullable: bool = False

    def json(self) -> dict[str, Any]:
        return {"const": self.value}


@dataclass
class CardId(Spec):
    """The id of a card of the snapshot: lowercase letters, digits and `_`; with `direct`,
    also the word direct (an attack on the player)."""

    direct: bool = False
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import ID_PATTERN

        value = mapping.get(key)
        if self.direct and value == "direct":
            return True
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            c.add(c.line(mapping, key), f"{where}.{key} names {describe(value)}, which is not a "
                  "card id (lowercase letters, digits and _)")
            return False
        return True

    def json(self) -> dict[str, Any]:
        found = {"type": "string", "pattern": ID_REGEX}
        return {"anyOf": [found, {"const": "direct"}]} if self.direct else found


@dataclass
class IdList(Spec):
    """A list of card ids."""

    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import ID_PATTERN

        value = mapping.get(key)
        if not c.listing(value, f"{where}.{key}", c.line(mapping, key)):
            return False
        ok = True
        for item in value:
            if not isinstance(item, str) or not ID_PATTERN.match(item):
                c.add(c.line(mapping, key), f"{where}.{key} names {describe(item)}, which is not "
                      "a card id")
                ok = False
        return ok

    def json(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": LIST_ITEMS,
                "items": {"type": "string", "pattern": ID_REGEX}}


@dataclass
class LowerWord(Spec):
    """A lowercase word (a value the rules read as a constant). `message` replaces the
    checker's default one ("must be a lowercase word, not ...")."""

    message: str = ""
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import WORD

        value = mapping.get(key)
        if isinstance(value, str) and WORD.match(value):
            return True
        c.add(c.line(mapping, key), f"{where}.{key} {self.message}" if self.message else
              f"{where}.{key} must be a lowercase word, not {describe(value)}")
        return False

    def json(self) -> dict[str, Any]:
        return {"type": "string", "pattern": WORD_REGEX}


@dataclass
class ListOf(Spec):
    """A list (of at most `limit` items) of values of one description; `at_least` items."""

    item: Spec | Record = field(default_factory=Spec)
    limit: int = LIST_ITEMS
    at_least: int = 0
    description: str = ""
    nullable: bool = False

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": "array", "maxItems": self.limit,
                                 "items": self.item.schema()}
        if self.at_least:
            found["minItems"] = self.at_least
        return found


@dataclass
class MapOf(Spec):
    """A mapping whose keys follow `keys` (a JSON Schema of a key) and whose values all have
    one description."""

    keys: dict[str, Any] = field(default_factory=dict)
    value: Spec | Record = field(default_factory=Spec)
    limit: int | None = None
    at_least: int = 0
    description: str = ""
    nullable: bool = False

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": "object", "additionalProperties": self.value.schema()}
        if self.keys:
            found["propertyNames"] = self.keys
        if self.limit is not None:
            found["maxProperties"] = self.limit
        if self.at_least:
            found["minProperties"] = self.at_least
        return found


@dataclass
class Either(Spec):
    """One of several descriptions."""

    options: tuple[Spec | Record, ...] = ()
    description: str = ""
    nullable: bool = False

    def json(self) -> dict[str, Any]:
        return {"anyOf": [option.schema() for option in self.options]}


@dataclass
class Record(Spec):
    """A mapping with known keys, in the order the checker and the documentation give them."""

    name: str = ""
    fields: dict[str, Spec | Record] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    at_least: int = 0
    description: str = ""
    nullable: bool = False
    # (key, value, needed): a mapping whose `key` is `value` must also give `needed`.
    required_when: tuple[tuple[str, str, str], ...] = ()
    # keys of which a mapping gives exactly one (a condition says what it counts or compares).
    exactly_one_of: tuple[str, ...] = ()
    # (these, those): a mapping gives one of `these` keys exactly when it gives one of `those`
    # (a cost that takes cards names where from, and only such a cost does).
    together: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.fields)

    def __getitem__(self, key: str) -> Spec | Record:
        return self.fields[key]

    def nested(self, key: str) -> Record:
        """The description of a field that is itself a mapping with known keys."""
        spec = self.fields[key]
        if not isinstance(spec, Record):
            raise TypeError(f"{self.name}.{key} is described as a leaf, not as a mapping")
        return spec

    def check_fields(self, c: Checker, mapping: dict, where: str,
                     keys: tuple[str, ...] | None = None) -> None:
        """Check each given key among `keys` (default: every field) by its leaf description."""
        for key in keys if keys is not None else self.keys:
            if key in mapping and not (self.fields[key].nullable and mapping[key] is None):
                self.fields[key].check(c, mapping, key, where)

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": "object",
                                 "properties": {k: v.schema() for k, v in self.fields.items()},
                                 "additionalProperties": False}
        if self.required:
            found["required"] = list(self.required)
        if self.at_least:
            found["minProperties"] = self.at_least
        rules = [{"if": {"properties": {key: {"const": value}}, "required": [key]},
                  "then": {"required": [needed]}}
                 for key, value, needed in self.required_when]
        for these, those in self.together:
            some = {"anyOf": [{"required": [key]} for key in these]}
            other = {"anyOf": [{"required": [key]} for key in those]}
            rules.append({"if": some, "then": other, "else": {"not": other}})
        if rules:
            found["allOf"] = rules
        if self.exactly_one_of:
            found["oneOf"] = [{"required": [key]} for key in self.exactly_one_of]
        return found

    def schema(self) -> dict[str, Any]:
        if self.name:   # written once under $defs, referred to by name
            found: dict[str, Any] = {"$ref": f"#/$defs/{self.name}"}
            if self.nullable:
                found = {"anyOf": [found, {"type": "null"}]}
            return dict(found, description=self.description) if self.description else found
        return super().schema()


def referenced(record: Record, nullable: bool = False, description: str = "") -> Record:
    """The same record where a field may also be null, with its own description."""
    return Record(record.name, record.fields, record.required, record.at_least,
                  description, nullable, record.required_when, record.exactly_one_of,
                  record.together)


# ==============================================================================================
# Snapshots (docs/format.md, "Snapshots")
# ==============================================================================================

def _slot_values() -> tuple[object, ...]:
    found: list[object] = []
    for zone in words("zone"):
        found.extend(v for v in values(f"slot({zone})") if v not in found)
    return tuple(found)


@dataclass
class Slot(Spec):
    description: str = ("the zone's slot: 1-5 in the Main Monster and Spell & Trap Zones, "
                        "left or right in the Extra Monster and Pendulum Zones")
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        value = mapping.get(key)
        if type(value) in (int, str) and value in _slot_values():
            return True
        allowed = ", ".join(str(s) for s in _slot_values())
        c.add(c.line(mapping, key), f"{where}.slot is {describe(value)}; a slot is one of "
              f"{allowed}")
        return False

    def json(self) -> dict[str, Any]:
        return {"enum": list(_slot_values())}


@dataclass
class EntryId(Spec):
    description: str = "unique in the file; used in actions, chain links, events and output"
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import ID_PATTERN

        value = mapping.get(key)
        if isinstance(value, str) and ID_PATTERN.match(value):
            return True
        c.add(c.line(mapping, key), f"{where}.id is {describe(value)}; an id is lowercase "
              "letters, digits and _ (like a_dragon)")
        return False

    def json(self) -> dict[str, Any]:
        return {"type": "string", "pattern": ID_REGEX}


@dataclass
class UsedName(Spec):
    description: str = "the card's name: a limit by name holds for every copy"
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        if isinstance(mapping.get(key), str) and mapping[key]:
            return True
        c.add(c.line(mapping, key), f"{where}: unknown card name {describe(mapping.get(key))}; "
              "give a card's name")
        return False

    def json(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": TEXT}


@dataclass
class EffectNumbers(Spec):
    description: str = "the effect numbers of this card used this turn"
    nullable: bool = True

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        value = mapping.get(key)
        if not c.listing(value, f"{where}.{key}", c.line(mapping, key)):
            return False
        ok = True
        for number in value:
            if isinstance(number, bool) or not isinstance(number, int) or \
                    not 1 <= number <= EFFECT_LIMIT:
                c.add(c.line(mapping, key), f"{where}.{key} lists effect numbers (1 to "
                      f"{EFFECT_LIMIT}), not {describe(number)}")
                ok = False
        return ok

    def json(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": LIST_ITEMS,
                "items": {"type": "integer", "minimum": 1, "maximum": EFFECT_LIMIT}}


@dataclass
class Players(Spec):
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        value = mapping.get(key)
        if not c.listing(value, f"{where}.{key}", c.line(mapping, key)):
            return False
        ok = True
        for player in value:
            if player not in PLAYERS:
                c.add(c.line(mapping, key), f"{where}.{key} lists players (A, B), not "
                      f"{describe(player)}")
                ok = False
        if ok and len(set(value)) < len(value):
            # Each player is listed once: a second A would say the Normal Summon was used twice.
            c.add(c.line(mapping, key), f"{where}.{key} lists a player twice; list each player "
                  "once")
            ok = False
        return ok

    def json(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": LIST_ITEMS, "uniqueItems": True,
                "items": {"enum": list(PLAYERS)}}


@dataclass
class Counters(Spec):
    description: str = "counters on the card by kind, e.g. {spell: 2}"
    nullable: bool = True

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import WORD

        counters = mapping.get(key)
        if not c.mapping(counters, f"{where}.{key}", c.line(mapping, key), COUNTERS):
            return False
        for counter in counters:
            if not isinstance(counter, str) or not WORD.match(counter):
                c.add(c.line(counters, counter), f"{where}.{key}: a counter's name is a "
                      f"lowercase word like spell, not {describe(counter)}")
                continue
            c.integer(counters, counter, f"{where}.{key}", 0, 1000)
        return True

    def json(self) -> dict[str, Any]:
        return {"type": "object", "maxProperties": COUNTERS,
                "propertyNames": {"pattern": WORD_REGEX},
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 1000}}


@dataclass
class Until(Spec):
    """When a lingering change ends: a word of the vocabulary or {turns: n}."""

    description: str = "when it ends: a word, or {turns: n} for a number of turns"
    nullable: bool = True

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        until = mapping.get(key)
        if until in words("until") or (
                isinstance(until, dict) and set(until) == {"turns"}
                and isinstance(until["turns"], int) and not isinstance(until["turns"], bool)
                and 0 < until["turns"] <= 100):
            return True
        c.add(c.line(mapping, key), f"{where}.until is {describe(until)}; allowed: "
              f"{', '.join(words('until'))} or {{turns: n}}")
        return False

    def json(self) -> dict[str, Any]:
        return {"anyOf": [{"enum": list(words("until"))},
                          {"type": "object", "required": ["turns"],
                           "additionalProperties": False,
                           "properties": {"turns": {"type": "integer", "minimum": 1,
                                                    "maximum": 100}}}]}


LIFE = Record("life", {
    "A": Integer(0, 10**9, "A's LP"),
    "B": Integer(0, 10**9, "B's LP"),
}, description="life points (default: the starting LP)")

RESULT = Record("result", {
    "winner": OneOf(("A", "B", "draw")),
    "reason": Word("result_reason", "lp, deck_out or effect"),
}, description="the duel is over: who won and why (play stops here)")

BATTLE = Record("battle", {
    "attacker": CardId(description="the attacking monster"),
    "target": CardId(direct=True, description="the attack target, or direct"),
    "replay": Boolean("a replay is pending"),
    "calculated": Boolean("damage calculation has been performed"),
    "destroyed": IdList("the monsters damage calculation destroyed, still on the field until "
                        "the end of the Damage Step"),
}, description="the attack in progress")

COST = Record("paid_cost", {
    "discard": IdList("cards discarded"),
    "tribute": IdList("monsters Tributed"),
    "banish": IdList("cards banished"),
    "send_to_graveyard": IdList("cards sent to the GY"),
    "pay_lp": Integer(0, 10**9, "LP paid"),
}, description="what was paid for the activation, for the record", nullable=True)

# A damage a record keeps (a link's `damage_taken`, a card's `summoned.damage`): its kind and
# amount.
DAMAGE_FIELDS = {
    "kind": OneOf(("battle", "effect")),
    "amount": Integer(0, 10**9),
}

LINK = Record("chain_link", {
    "player": Player("who activated it"),
    "card": CardId(description="the card activated, or whose effect was activated"),
    "effect": Integer(1, EFFECT_LIMIT, "the effect number (default 1)"),
    "targets": IdList("the cards it targets"),
    "kind": Word("link_kind", "card: a card activation; effect: an effect activation"),
    "from": Word("zone", "where it was activated from (default: where the card is)"),
    "negated": Word("negated", "its activation or its effect was negated"),
    "by_effect_of": CardId(description="activated by another card's effect"),
    "declared": Text("what was declared as it was activated: a card name, or the word of a kind "
                     "of monster card (ritual, fusion, synchro, xyz, pendulum)"),
    "cost": COST,
    "resolved": Boolean("already resolved, in a chain that is resolving"),
    "co_linked": Boolean("its card was co-linked as it was activated (kept for an effect that "
                         "asks, `only_if_activated: co_linked`)"),
    "damage_taken": Record("damage_taken", DAMAGE_FIELDS, required=("kind", "amount"),
                           description="the damage its player took that its trigger "
                           "answered (written by the rules: \"when you take damage\")"),
    "in_defense_position": Boolean("its monster was in face-up Defense Position on the field as "
                                   "it was activated (kept while a card that negates such "
                                   "effects is on the field)"),
}, required=("player", "card"))

EVENT = Record("event", {
    "event": Word("event", "what happened"),
    "card": CardId(description="the card it happened to"),
    "cards": IdList("several cards it happened to"),
    "player": Player("the player who did it, or to whom it happened"),
    "how": Word("summon_method", "for summon events: the method"),
    "by": Word("destroyed_by", "for destroyed: by battle, effect, cost or rule"),
    "from": Word("event_from", "where the card came from"),
    "to": Word("zone", "where the card went"),
    "target": CardId(direct=True, description="for attack_declared: the target, or direct"),
    "amount": Integer(0, 10**9, "for damage: the amount"),
    "kind": Word("damage_kind", "for damage: battle or effect damage"),
    "phase": Word("phase", "for phase_start: the phase entered"),
    "step": Word("step", "for phase_start: the step entered"),
    "timing": Word("timing", "for phase_start: the Damage Step timing entered"),
    "effect": Integer(1, 10**9, "the effect number involved"),
    "link": Integer(1, 10**9, "the chain link involved"),
    "vanished": IdList("the cards named that were Tokens and no longer exist"),
    "face": Word("face", "for a card that left the field: down when it was face-down there"),
    "followed": Boolean("true: a later part of the same effect (after \"then\") happened after "
                        "it, so it is not the last thing that happened"),
    "destroyer": Player("for destroyed by an effect: the player of the chain link whose own "
                        "operation destroyed it (written by the rules)"),
    "pointed_by": IdList("for a monster destroyed or sent to the GY from a Monster Zone: the Link "
                         "Monsters that pointed to it as it left (written by the rules)"),
}, required=("event",))

PENDING_TRIGGER = Record("pending_trigger", {
    "player": Player("who will activate it"),
    "card": CardId(description="the card whose effect triggered"),
    "effect": Integer(1, EFFECT_LIMIT, "the effect number"),
    "event_cards": IdList("the cards of the event it met, for a trigger that targets \"that "
                          "monster\" (the rules write it)"),
}, required=("player", "card", "effect"))

USED_BY_NAME = Record("used_by_name", {
    "player": Player(),
    "name": UsedName(),
    "effect": Integer(1, EFFECT_LIMIT),
}, required=("player", "name", "effect"))

# The kinds of monster a material description may ask for (`kind`, `not_kind`), and that
# a condition or a turn record names.
MATERIAL_KINDS = ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "token")


@dataclass
class ListOfWords(Spec):
    """A list of words from a fixed list (an effect's `from`, `phase`, `negates`, an event's
    `how`), with the card checker's message."""

    options: tuple[str, ...] = ()
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        value = mapping[key]
        line = c.line(mapping, key)
        if not c.listing(value, f"{where}.{key}", line):
            return False
        ok = True
        for item in value:
            if item not in self.options:
                c.add(line, f"{where}.{key} has {item!r}; allowed: {', '.join(self.options)}")
                ok = False
        return ok

    def json(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": LIST_ITEMS, "items": {"enum": list(self.options)}}


DESTROYED_BY_BATTLE = Record("destroyed_by_battle", {
    "card": CardId(description="the monster destroyed by battle"),
    "by": CardId(description="the monster it battled, which destroyed it"),
}, required=("card", "by"))

PROCEDURE_USED = Record("procedure_used", {
    "player": Player(),
    "name": UsedName(),
    "procedure": Integer(2, 9, "which of its procedures (2: the first further one)"),
}, required=("player", "name", "procedure"))

SUMMON_COUNT = Record("summon_count", {
    "player": Player("the player who summoned"),
    "count": Integer(0, 1000, "how many monsters"),
}, required=("player", "count"))

PLAYER_EFFECT = Record("player_effect", {
    "player": Player("the player it applies to"),
    "kind": Word("player_effect"),
    "until": Word("until", "when it ends (default: the end of the turn)"),
    "source": CardId(description="the card whose effect it is"),
    "name": Text("for cannot_activate_name: the card name whose cards the player cannot "
                 "activate; for name_negated: the card name whose cards' effects are negated"),
    "column": Integer(1, 5, "for negate_spell_trap_column: the column, 1-5 from A's left"),
    "monster_card_type": OneOf(("ritual", "fusion", "synchro", "xyz", "pendulum"),
                               description="for monster_card_type_locked: the kind of monster "
                               "card no player may Special Summon, whose monsters' effects are "
                               "negated on the field"),
    "attribute": OneOf(("DARK", "EARTH", "FIRE", "LIGHT", "WATER", "WIND", "DIVINE"),
                       description="for cost_attribute_locked (with name): the "
                       "Attribute of monster the player may not banish to activate that card "
                       "name's effect"),
}, required=("player", "kind"))

THIS_TURN = Record("this_turn", {
    "normal_summon_used": Players("players who have Normal Summoned or Set this turn"),
    "pendulum_summon_used": Players("players who have Pendulum Summoned this turn"),
    "summoned": Players("players who have Summoned a monster this turn (Normal, Tribute, Flip "
                        "or Special Summoned; a Set is no Summon)"),
    "activated": Players("players who have activated a card or effect this turn"),
    "monster_effect_in_main_phase": Players("players who have activated a monster effect during "
                                            "the Main Phase this turn (written by the rules)"),
    "summon_count": ListOf(SUMMON_COUNT, description="how many monsters each player has "
                           "Normal (Tribute) or Special Summoned this turn (written by the "
                           "rules; no Flip Summon, no Set)", nullable=True),
    "used": ListOf(USED_BY_NAME, description="effects used this turn under a limit by card "
                   "name", nullable=True),
    "effects": ListOf(PLAYER_EFFECT, description="lingering effects on a player",
                      nullable=True),
    "battle_phase_monsters": IdList("the monsters the non-turn player controlled as the turn "
                                    "player entered this Battle Phase, while each of them has "
                                    "stayed on the field or been destroyed by battle and sent "
                                    "to the GY (written by the rules)"),
    "battled_kinds": ListOfWords(MATERIAL_KINDS, "the kinds of the monsters, either "
                                 "player's, that have battled this turn (written by the "
                                 "rules)"),
    "procedures_used": ListOf(PROCEDURE_USED, description="the further procedures limited "
                              "to once per turn that a player has used this turn, by card "
                              "name (written by the rules)", nullable=True),
    "destroyed_by_battle": ListOf(DESTROYED_BY_BATTLE, description="the monsters destroyed by "
                                  "battle this turn, each with the monster that destroyed it "
                                  "(written by the rules)", nullable=True),
}, description="what happened earlier this turn", nullable=True)

COUNTED = Record("counted_zones", {zone: Integer(0, 1000) for zone in ("deck", "hand", "extra",
                                                                      "banished")},
                 description="totals that include the listed cards")

SUMMONED = Record("summoned", {
    "how": Word("summon_method", "the method"),
    "from": Word("zone", "where it was summoned from"),
    "by": Text("the name of the card whose effect summoned it"),
    "properly": Boolean("a Special Summon Monster properly summoned (kept in the GY)"),
    "turn": Integer(1, TURN_LIMIT, "the turn it was summoned"),
    "materials": IdList("the monsters its Synchro, Xyz or Link Summon by procedure used as "
                        "materials (kept while it stays face-up on the field)"),
    "procedure": Integer(2, 9, "summoned by a further procedure of its own, the Kth of its "
                         "text (written by the rules)"),
    "damage": Record("summoned_damage", DAMAGE_FIELDS, required=("kind", "amount"),
                     description="the damage that led to its Special Summon by its own "
                     "effect (written by the rules; Gorz the Emissary of Darkness)"),
}, description="how the card came to the field, if it was summoned", nullable=True)

MODIFIER = Record("modifier", {
    "atk": Integer(-100000, 100000, "ATK change"),
    "def": Integer(-100000, 100000, "DEF change"),
    "set_atk": Integer(0, 100000, "ATK became this value"),
    "set_def": Integer(0, 100000, "DEF became this value"),
    "level": Integer(-100000, 100000, "Level change"),
    "kind": LowerWord("must be a lowercase word such as negate_effects",
                      "a lingering effect other than a change of stats"),
    "until": Until(),
    "source": CardId(description="the card whose effect it is"),
    "since_turn": Integer(1, TURN_LIMIT, "the turn it was applied in (default: the current "
                          "turn); a period counted in turns runs from it"),
})

# When a card banished for a while comes back (transition/passing.lp says when each ends).
RETURN_MOMENTS = ("end_of_damage_step", "end_of_battle_phase", "end_phase", "end_of_turn",
                  "next_battle_phase")
TEMPORARY = Record("temporary", {
    "until": OneOf(RETURN_MOMENTS, description="when it returns"),
    "controller": Player("who controlled it just before"),
    "position": LowerWord(description="its position before"),
    "face": LowerWord(),
    "from_zone": LowerWord(description="the zone it left"),
    "by": Text("the card that banished it"),
    "turn": Integer(1, 10**6, "with until end_phase: the turn whose End Phase it returns in "
                    "(\"during your 2nd End Phase\"); default the first End Phase to come"),
}, description="a temporary banishment", nullable=True)

CONTROL = Record("control", {
    "until": LowerWord(description="when control returns"),
    "source": CardId(description="the card that took control"),
}, description="control taken for a while", nullable=True)

CARD_ENTRY = Record("card_entry", {
    "id": EntryId(),
    "name": CardName("the official English name of any OCG/TCG card (one the library does "
                     "not model has its effects unmodelled), or a name defined under the "
                     "top-level cards:"),
    "owner": Player(),
    "controller": Player("default: the owner"),
    "zone": Word("zone"),
    "slot": Slot(),
    "face": Word("face", "default: down in the Deck and the Extra Deck, else up"),
    "position": Word("position", "monsters on the field; default: defense when face-down"),
    "since_turn": Integer(1, TURN_LIMIT, "the turn it reached its current place"),
    "summoned": SUMMONED,
    "flipped_turn": Integer(1, TURN_LIMIT, "the turn it was last flipped face-up in its Monster "
                            "Zone (Flip Summoned, attacked face-down, turned face-up by an "
                            "effect)"),
    "attacked": Boolean("it declared an attack this turn"),
    "attacks": Integer(0, TURN_LIMIT, "attack declarations this Battle Phase"),
    "position_changed": Boolean("its battle position changed this turn"),
    "battled": Boolean("it battled this turn (damage calculation was performed)"),
    "counters": Counters(),
    "equipped_to": CardId(description="an Equip Card: the monster it is equipped to",
                          nullable=True),
    "attached_to": CardId(description="an Xyz material: its Xyz Monster", nullable=True),
    "modifiers": ListOf(MODIFIER, MODIFIERS, description="resolved effects still changing it",
                        nullable=True),
    "temporary": TEMPORARY,
    "token": Boolean("a Monster Token (give its atk, def, level)"),
    "revealed": Boolean("a card in the hand the opponent has seen"),
    "from_top": Integer(1, 60, "a Deck card's place counted from the top, when it is known (a "
                        "card placed on top of the Deck: 1); the rules keep it until the Deck "
                        "is shuffled"),
    "bound_to": CardId(description="a card whose fate it shares (Call of the Haunted)",
                       nullable=True),
    "targets": IdList("cards a face-up continuous card keeps targeting", nullable=True),
    "treated_as": Word("treated_as", "what an effect makes the card be treated as"),
    "control": CONTROL,
    "used_this_turn": EffectNumbers(),
    "atk": Integer(0, 100000, "current ATK (read-only: checked against the rules; a Token's own)"),
    "def": Integer(0, 100000, "current DEF"),
    "level": Integer(0, 100000, "current Level"),
    "rank": Integer(0, 100000, "current Rank"),
    "link": Integer(0, 100000, "Link Rating"),
    "attribute": Text("a Token's Attribute"),
    "type": Text("a Token's Type"),
}, required=("id", "name", "owner", "zone"))

STATE = Record("state", {
    "rules": Value(domain="rules", description="the rules the moment is judged by: current "
                   "(default) or 2007, the Damage Step of 001 (docs/design.md, \"Rule profiles\")"),
    "turn": Integer(1, TURN_LIMIT, "1 is the first turn of the duel"),
    "turn_player": Player("whose turn it is"),
    "first_player": Player("who went first (default A)"),
    "phase": Word("phase"),
    "step": Word("step", "in the Battle Phase"),
    "timing": Word("timing", "in the Damage Step"),
    "priority": Player("who may act now (default: derived)"),
    "lp": LIFE,
    "next_phase": Word("next_phase", "the phase the turn player named with next from Main "
                       "Phase 1"),
    "battle": referenced(BATTLE, nullable=True, description="the attack in progress"),
    "chain": ListOf(LINK, CHAIN_LINKS, description="the chain, link 1 first", nullable=True),
    "events": ListOf(EVENT, EVENTS, description="what happened, oldest first", nullable=True),
    "this_turn": THIS_TURN,
    "cards": ListOf(CARD_ENTRY, CARDS, description="every card that matters", nullable=True),
    "pending": ListOf(PENDING_TRIGGER, PENDING, description="triggered effects waiting to be "
                      "put on a chain", nullable=True),
    "window": Word("window", "the open window (default: derived)"),
    "counts": Record("counts", {player: COUNTED for player in PLAYERS},
                     description="totals of Deck, hand and Extra Deck cards, listed or not",
                     nullable=True),
    "result": RESULT,
}, required=("turn", "turn_player", "phase"))


# ==============================================================================================
# Card definitions (docs/cards.md)
# ==============================================================================================

CATEGORIES = ("monster", "spell", "trap")
KINDS = {
    "monster": ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "token"),
    "spell": ("normal", "quick_play", "continuous", "equip", "field", "ritual"),
    "trap": ("normal", "continuous", "counter"),
}
ATTRIBUTES = ("DARK", "EARTH", "FIRE", "LIGHT", "WATER", "WIND", "DIVINE")
# The arrows of a Link Monster, in the order the definition lists them.
LINK_ARROWS = ("top_left", "top", "top_right", "left", "right", "bottom_left", "bottom",
               "bottom_right")
EFFECT_KINDS = ("activation", "ignition", "trigger", "quick", "continuous", "flip")
PLACES = ("hand", "set", "field", "face_down", "graveyard", "banished", "material")
PHASES = ("draw", "standby", "main1", "main2", "battle", "end", "main")
TURNS = ("yours", "opponent", "any")
TIMINGS = ("start_of_damage_step", "before_damage_calculation", "damage_calculation",
           "after_damage_calculation", "end_of_damage_step", "start_of_battle_phase",
           "end_of_battle_phase", "battle_step", "end_phase", "damage_step",
           "start_of_main_phase_1")
EVENTS_NAMED = ("summoning", "summoned", "flip_summoned", "flipped", "attack_declared",
                "attack_targeted", "activated", "destroyed", "sent_to_graveyard", "banished",
                "drawn", "discarded", "damage", "phase_start", "set", "added", "left_field",
                "destroyed_by_battle_or_sent_to_graveyard")
SUMMON_METHODS = ("normal", "tribute", "set", "flip", "special", "fusion", "ritual", "synchro",
                  "xyz", "pendulum", "link")
WHO = ("you", "opponent", "any")
TARGET_WHAT = ("monster", "effect_monster", "xyz_monster", "spell_trap", "spell", "trap", "card")
TARGET_WHERE = ("field", "graveyard", "banished", "hand")
NEGATES = ("activation", "effect", "summon")
OPERATIONS = ("destroy", "negate_activation", "negate_effect", "negate_summon", "banish",
              "banish_temporarily", "return_to_hand", "add_to_hand", "return_to_deck",
              "send_to_graveyard",
              "special_summon", "change_atk", "change_def", "set_atk", "set_def",
              "halve_original_atk", "change_position",
              "change_to_face_down", "draw", "discard", "damage", "gain_lp",
              "no_battle_damage", "cannot_be_destroyed_by_battle", "place_counter", "equip",
              "take_control", "negate_effects", "negate_first_activation", "negate_on_resolution",
              "flip_face_up",
              "limit_attackers", "no_hand_limit", "piercing", "change_attack_target",
              "destroy_at_end_of_damage_step", "destroy_in_end_phase", "destroy_when_destroyed",
              "attack_directly_if_weakest",
              "damage_calculation", "coin_toss", "second_attack",
              "replace_graveyard", "attack_cost", "must_be_attacked", "double_battle_damage",
              "halve_battle_damage", "cannot_activate", "fusion_summon", "ritual_summon",
              "link_summon",
              "activate", "cannot_be_destroyed_by_effects", "destroyed_instead",
              "destroy_equipped_instead",
              "cannot_add_from_deck", "cannot_attack", "negate_attack", "cannot_activate_name",
              "cannot_activate_in_graveyard", "negate_name_effects", "banish_to_match",
              "draw_on_opponent_special_summon", "win_the_duel", "cannot_tribute",
              "negate_spell_trap_column", "monsters_cannot_attack", "no_damage",
              "activated_only_set_a_turn", "end_battle_phase", "damage_if_it_leaves_field",
              "cannot_special_summon", "banish_name_from_decks",
              "lock_declared_monster_card_type", "unaffected_by_spell_trap_effects",
              "banish_when_it_leaves", "cannot_be_targeted", "destroy_self",
              "negate_destroyed_by_battle", "destroy_after_damage_calculation",
              "limit_face_up_monsters", "cannot_draw_by_effects",
              "halve_damage", "set_again", "set_card", "summon_tokens",
              "level_becomes_target", "atk_change_when_attacking",
              "monsters_cannot_change_position",
              "normal_draw_per_name", "original_atk_per_material",
              "cannot_be_attack_target", "tribute", "lock_cost_attribute",
              "look_at_hand", "stats_of_equipped", "monsters_in_defense_position",
              "negate_effects_activated_in_defense_position", "destroy_pointed_instead",
              "attach", "turn_player_hand_revealed", "destroy_other_instead",
              "cannot_be_tributed", "cannot_be_material", "return_banished_cost",
              "tribute_as_yours", "return_summon_cost")
GROUPS = ("targets", "self", "all_monsters", "opponent_monsters", "your_monsters",
          "opponent_attack_position_monsters", "opponent_defense_position_monsters",
          "opponent_spell_traps", "all_spell_traps",
          "attacker", "activated_card", "summoning_monster", "equipped_monster",
          "summoned_monster", "opponent_face_down_monsters", "battle_opponent",
          "battling_monsters", "picked", "monsters_it_destroyed_by_battle", "your_other_cards",
          "your_battling_monster", "all_cards",
          "destroyed_battle_opponent", "summoned_by_this_effect", "banished_by_this_effect",
          "main_monster_zone_monsters", "all_cards_in_hands_and_field",
          "field_zone_cards", "all_other_cards", "all_other_monsters",
          "your_co_linked_monsters", "co_linked_monsters", "summoned_using_this_card",
          "all_face_up_monsters", "picked_by_this_effect")
# Where an operation picks its cards on resolution (`what: picked`); the Extra Deck only for a
# Special Summon (asp/check.lp).
PICK_PLACES = ("hand", "deck", "graveyard", "banished", "extra")
# Where a Fusion Summon's materials or a Ritual Summon's Tributes may be (`fusion_summon`'s and
# `ritual_summon`'s `from`; asp/check.lp says which places go with which operation).
FUSION_PLACES = ("hand", "field", "opponent_field", "banished")
BATTLE_ROLES = ("attacks", "attacked", "battles")
# The one card a target may be, named by what the effect answers (docs/cards.md).
TARGET_IS = ("attacker", "attack_target", "event_card", "chain_card")
# Keys a monster's definition may have and a Spell's or Trap's may not.
MONSTER_ONLY = ("attribute", "type", "level", "rank", "link", "link_arrows", "scale", "atk",
                "def", "tributes", "cannot_normal_summon", "no_normal_summon_the_turn",
                "normal_set_only", "revival_limit", "tuner", "flip", "materials",
                "summoned_only_by", "inherent_summon", "effect_monster", "one_face_up_only")
# The summon procedures of the `special_summon` action (docs/format.md, "Actions").
PROCEDURES = words("procedure")


@dataclass
class WordOrWords(Spec):
    """One word of a fixed list, or a list of them (a target's `where`: "on the field or in
    either GY")."""

    options: tuple[str, ...] = ()
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        if isinstance(mapping[key], list):
            return ListOfWords(self.options).check(c, mapping, key, where)
        return c.enum(mapping, key, self.options, where)

    def json(self) -> dict[str, Any]:
        return {"anyOf": [{"enum": list(self.options)},
                          ListOfWords(self.options).json()]}


@dataclass
class Names(Spec):
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        if not c.listing(mapping[key], f"{where}.{key}", c.line(mapping, key)):
            return False
        ok = True
        for item in mapping[key]:
            if not isinstance(item, str):
                c.add(c.line(mapping, key), f"{where}.archetypes must list names (text)")
                ok = False
        return ok

    def json(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": LIST_ITEMS,
                "items": {"type": "string", "maxLength": TEXT}}


@dataclass
class OperationWord(Spec):
    description: str = ""
    nullable: bool = False

    def check(self, c: Checker, mapping: dict, key: str, where: str) -> bool:
        from .checks import WORD

        value = mapping[key]
        if isinstance(value, str) and WORD.match(value):
            return True
        c.add(c.line(mapping, key), f"{where}.{key} is {describe(value)}; it is a lowercase "
              "word like end_of_turn, attack or graveyard")
        return False

    def json(self) -> dict[str, Any]:
        return {"type": "string", "pattern": WORD_REGEX}


EVENT_PATTERN = Record("event_pattern", {
    "event": OneOf(EVENTS_NAMED, description="the event"),
    "player": OneOf(WHO, description="who performed it"),
    "card": OneOf(("self", "other", "any", "battle_opponent", "pointed_to"),
                  description="whom it happened to (other: any card but this one, \"another "
                  "monster\"; pointed_to: a monster this card pointed to as it left)"),
    "how": ListOfWords(SUMMON_METHODS, "for a summon event: the methods"),
    "on_field": Boolean("this face-up card on the field"),
    "from": OneOf(("deck", "graveyard", "banished", "hand", "field"), description="the place "
                  "the card left: for added, sent_to_graveyard, \"added from the Main Deck\"; "
                  "for destroyed, field: destroyed on the field (not a card whose activation was "
                  "negated and that was destroyed for it)"),
    "by": OneOf(("battle", "effect", "battle_or_opponent_effect"),
                description="for destroyed: by battle or by an effect; battle_or_opponent_effect: "
                "\"destroyed by battle or an opponent's card effect\""),
    "kind": OneOf(("battle", "effect"), description="for damage: battle or effect damage"),
    "direct": Boolean("for attack_declared: a direct attack (\"declares a direct attack\")"),
    "min_atk": Integer(0, 100000, "for when: a card of the event has at least this ATK now "
                       "(\"Summons a monster(s) with 1500 or more ATK\")"),
    "max_atk": Integer(0, 100000, "for when: a card of the event has at most this ATK now"),
    "activation": OneOf(("card", "effect"), description="for activated: a card activation (also "
                        "one made by another card's effect), or an effect activation (every "
                        "activation a player makes: a card activation carries one)"),
    "what": OneOf(("spell", "trap", "spell_trap", "monster", "field_spell"),
                  description="for activated: what the activated card is; for another event, "
                  "monster: the card of the event is a monster (face-up as it left the field)"),
    "name": Text("for activated: the activated card's name"),
    "archetype": Text("for activated: an archetype the activated card belongs to; for another "
                      "event: the card of the event belongs to it (\"when a 'Ghostrick' "
                      "monster is destroyed\"), a card face-down as it left the field does not"),
    "face_down_too": Boolean("with archetype or what on an event that is no activation: a card "
                             "that was face-down as it left the field counts too (a special "
                             "ruling of the card)"),
    "sent_to_graveyard": Boolean("for destroyed: \"destroyed ... and sent to the GY\": the "
                                 "destroyed card went to the GY in the same step"),
    "alone": Boolean("the event concerns exactly 1 card (\"when your opponent would Special "
                     "Summon exactly 1 monster\")"),
    "to_linked_zone": Boolean("for summoned: the monster is now in a zone a Link Monster points "
                              "to (\"Special Summoned to a zone a Link Monster points to\")"),
    "inflicted_by": OneOf(("opponent",), description="for damage: the card that inflicted it is "
                          "in the possession of this card's player's opponent (\"when you take "
                          "damage from a card in your opponent's possession\")"),
}, required=("event",))

# "When a LIGHT monster you control battles" (Honest): a monster of this card's player that is
# battling, described by these keys; `what: your_battling_monster` acts on it.
YOUR_BATTLING_MONSTER = Record("your_monster", {
    "attribute": OneOf(ATTRIBUTES),
    "type": Text(),
}, at_least=1)
BATTLE_CONDITION = Record("battle_condition", {
    "role": OneOf(BATTLE_ROLES, description="this card attacks, is attacked, or either"),
    "face": OneOf(("up", "down"), description="the monster it battles is face-up/face-down"),
    "position": OneOf(("attack", "defense"), description="the position of the monster it "
                      "battles"),
    "summoned": OneOf(SUMMON_METHODS, description="how the monster it battles was summoned"),
    "max_level": Integer(1, 13),
    "attribute": OneOf(ATTRIBUTES),
    "type": Text(),
    "has_battled": Boolean("this card has battled this turn"),
    "during": OneOf(("damage_step", "damage_calculation"), description="only then"),
    "flipped": Boolean("this card was face-down when attacked"),
    "against": OneOf(("monster", "opponent_monster"), description="monster: this card "
                     "battles a monster (\"if this card attacked an opponent's monster\": not a "
                     "direct attack); opponent_monster: a monster its opponent controls (\"if "
                     "this card is attacked by an opponent's monster\")"),
    "your_monster": YOUR_BATTLING_MONSTER,
    "damage_to": OneOf(("you",), description="the battle in progress would inflict battle "
                       "damage on you as damage calculation now stands (\"during damage "
                       "calculation in which you would take battle damage\"; quick effects)"),
}, at_least=1)

# "When a card or effect is activated that includes any of these effects": an operation and
# the place whose cards it takes (asp/filters.lp derives what an activated effect includes from
# its declared operations).
INCLUDES_FROM = ("deck", "extra", "graveyard", "banished", "hand", "field")
INCLUDED_EFFECT = Record("included_effect", {
    "op": OneOf(OPERATIONS, description="the operation (add_to_hand, special_summon, ...)"),
    "from": OneOf(INCLUDES_FROM, description="the place whose cards it takes (default: any)"),
}, required=("op",))
RESPONDS_TO = Record("responds_to", {
    "what": OneOf(("spell", "trap", "monster", "card")),
    "kind": OneOf(tuple(dict.fromkeys(KINDS["spell"] + KINDS["trap"])),
                  description="the kind of the activated Spell/Trap (\"a Normal Trap Card\")"),
    "activation": OneOf(("card", "effect", "not_card", "any"), description="card: a Spell/Trap "
                        "card activation; effect: any effect activation (a card activation "
                        "carries one); not_card: an effect activation that is no card "
                        "activation (\"a Spell/Trap that is already face-up on the field "
                        "activates its effect\")"),
    "player": OneOf(WHO),
    "targeting": OneOf(("only_self", "self", "your_card"), description="self: the link targets "
                       "this card; only_self: this card and no other; your_card: a card its "
                       "player controls (\"a card or effect that targets a card(s) you "
                       "control\")"),
    "where": OneOf(("field", "graveyard", "hand", "banished"), description="where the card of "
                   "the link is when it activates (\"activated in your opponent's GY\", \"a "
                   "monster on the field activates its effect\")"),
    "except_name": Text("the link's card is not of this name (\"activates a card or effect, "
                        "except \"Gameciel, the Sea Turtle Kaiju\"\")"),
    "includes": ListOf(INCLUDED_EFFECT, at_least=1, description="the link's effect includes "
                       "one of these "
                       "operations on cards of that place (\"add a card from the Deck to the "
                       "hand\": {op: add_to_hand, from: deck})"),
})

TARGET_SPEC = Record("target_spec", {
    "what": OneOf(TARGET_WHAT, description="default card"),
    "where": WordOrWords(TARGET_WHERE, "default field; a list: any of these places (\"1 card "
                         "on the field or in either GY\")"),
    "controller": OneOf(WHO, description="default any"),
    "face": OneOf(("up", "down", "any")),
    "position": OneOf(("attack", "defense", "any")),
    "other": Boolean("the card itself may not be the target"),
    "count": Integer(1, 10, "default 1"),
    "up_to": Boolean("\"target up to N\": at least 1, at most count"),
    "as_many_as": OneOf(("discarded",), description="\"then target the same number of cards\": "
                        "as many targets as the cost discard_any discards (no count)"),
    "count_co_linked": Boolean("instead of count: as many as the monsters co-linked to this "
                               "card (\"up to the number of monsters co-linked to this card\")"),
    "type": Text(),
    "attribute": OneOf(ATTRIBUTES),
    "max_level": Integer(0, 100000),
    "min_level": Integer(0, 100000),
    "max_atk": Integer(0, 100000, "its ATK now (on the field; printed elsewhere) at most"),
    "min_atk": Integer(0, 100000, "its ATK now at least"),
    "max_def": Integer(0, 100000, "its DEF now at most"),
    "min_def": Integer(0, 100000, "its DEF now at least"),
    "max_atk_lp": OneOf(("you", "opponent"), description="its ATK now at most that player's "
                        "LP now (\"whose ATK is less than or equal to their LP\")"),
    "name": Text("the card's name"),
    "archetype": Text("an archetype the card belongs to"),
    "is": OneOf(TARGET_IS, description="the one card the text names by what the effect "
                "answers"),
    "level_of_cost": Boolean("its Level now is the one the card its cost sends from the hand "
                             "had there (\"with the same Level the sent monster had in the "
                             "hand\")"),
    "kinds": ListOfWords(("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link",
                          "token"), "a monster of one of these kinds (\"1 Link Monster\")"),
    "summon_material": Boolean("only a monster this card's summon recorded as its material "
                               "(\"1 Link Monster that was used as its Link Material\")"),
    "except": OneOf(("attacker",), description="the card that may not be the target "
                    "(\"except the attacking monster\")"),
})

# A condition a text states for an effect ("you can only activate this card if you control
# no monsters", "while you control a Spellcaster monster"): exactly one of controls, in, lp.
REQUIREMENT = Record("requirement", {
    "player": OneOf(("you", "opponent", "both"), description="whose cards or LP (default "
                    "you); both, with controls only: the cards of either field (\"while an "
                    "\"Endymion\" card is on the field\")"),
    "controls": OneOf(("monster", "spell_trap", "card"), description="cards the player "
                      "controls on the field"),
    "in": OneOf(("hand", "graveyard", "deck", "banished", "extra", "material",
                 "summon_materials"),
                description="cards in the player's hand, GY, Deck, banishment or Extra Deck; "
                "material: the Xyz materials attached to this card (\"while it has no "
                "material\"); summon_materials: the monsters this card's summon by procedure "
                "used as materials, wherever they are now (\"if this card is Link Summoned "
                "using a Link Monster as material\")"),
    "kinds": ListOfWords(("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link",
                          "token"), "count only monsters of one of these kinds (\"a Fusion, "
                          "Synchro, Xyz, or Link Monster\")"),
    "lp": OneOf(("lower", "higher", "at_most", "at_least"), description="the player's LP are "
                "lower/higher than the other player's, or at most/at least `amount`"),
    "amount": Integer(0, 1000000, "with lp at_most/at_least: the LP it compares with"),
    "at_least": Integer(0, 100, "at least this many such cards (default 1)"),
    "at_most": Integer(0, 100, "at most this many such cards"),
    "face": OneOf(("up",), description="only face-up cards"),
    "other": Boolean("other than this card"),
    "tuner": Boolean("count only Tuners (true) or non-Tuners (false) (\"you must control a "
                     "Tuner\")"),
    "type": Text(),
    "attribute": OneOf(ATTRIBUTES),
    "not_attribute": OneOf(ATTRIBUTES, description="count only cards of another Attribute "
                           "(\"a non-LIGHT monster\")"),
    "name": Text("the card's name"),
    "archetype": Text("an archetype the card belongs to"),
    "on_resolution": Boolean("\"to activate and to resolve\": checked again as the effect "
                             "resolves; it does nothing if the condition no longer holds"),
    "more_than_other": Boolean("with controls: the player controls more such cards than the "
                               "other player (\"if your opponent controls more cards than you "
                               "do\")"),
    "this_card": ListOfWords(("normal_summoned_this_turn", "flipped_this_turn",
                              "special_summoned_from_graveyard",
                              "tributed_for_an_applied_effect", "in_attack_position",
                              "in_defense_position", "destroyed_a_monster_by_battle_this_turn",
                              "summoned_by_its_procedure_last_turn",
                              "destroyed_a_monster_by_battle_now_in_graveyard"),
                             "a condition on this card itself, met by any one listed (\"if this "
                             "card was Normal Summoned or flipped face-up this turn\")"),
    "summoned_by": Text("a condition on this card itself: it was Special Summoned by the effect "
                        "of the card with this name (\"if this card was Special Summoned by the "
                        "effect of \"Ultimate Insect LV1\"\")"),
    "only_from": OneOf(("hand",), description="a condition of activating it from that place "
                       "only (\"If you control no cards, you can activate this card from your "
                       "hand\")"),
    "summons_this_turn": OneOf(("normal_or_special",), description="counts the monsters "
                               "the player Normal or Special Summoned this turn (\"if your "
                               "opponent Normal or Special Summoned 5 or more monsters this "
                               "turn\", Nibiru, the Primal Being)"),
    "battle_phase_monsters": OneOf(("destroyed_by_battle",), description="all the monsters "
                                   "you controlled at the start of this Battle Phase (at least "
                                   "`at_least`) have been destroyed by battle and sent to the "
                                   "GY (Tualatin)"),
    "activated_this_turn": OneOf(("monster_effect_in_your_main_phase",),
                                 description="the player has activated a monster effect during "
                                 "your Main Phase this turn (\"if your opponent has activated a "
                                 "monster effect during your Main Phase this turn\", Triple "
                                 "Tactics Talent)"),
    "battled_this_turn": OneOf(("normal", "effect", "fusion", "ritual", "synchro", "xyz",
                                "link", "token"),
                               description="a monster of this kind, either player's, has "
                               "battled this turn (\"if an Xyz Monster battled this turn\", "
                               "Divine Arsenal AA-ZEUS - Sky Thunder)"),
}, at_least=1, exactly_one_of=("controls", "in", "lp", "this_card",
                                       "summoned_by", "battle_phase_monsters",
                                       "summons_this_turn", "activated_this_turn",
                                       "battled_this_turn"))

COST_SPEC = Record("cost", {
    "pay_lp": Integer(1, 100000),
    "pay_half_lp": Boolean(),
    "only_from": OneOf(("hand",), description="the cost is paid only when the card is "
                       "activated from that place (\"you can activate this card from your hand "
                       "by paying half your LP\")"),
    "discard": Integer(1, 100000),
    "discard_self": Boolean(),
    "discard_any": Boolean("\"discard any number of cards\": 1 or more cards of the hand, as many "
                           "as its player chooses (a target group with as_many_as: discarded "
                           "takes the same number)"),
    "tribute": Integer(1, 100000),
    "send_to_graveyard_any": Boolean("\"send any number of other cards from your hand and/or "
                                     "field to the GY\": 1 or more, as many as its player "
                                     "chooses, from the places `from` names"),
    "tribute_self": Boolean(),
    "send_self_to_graveyard": Boolean(),
    "send_to_graveyard": Integer(1, 100000, "cards sent to the GY from the place `from` names "
                                 "(\"send 1 monster from your hand to the GY\"; with from)"),
    "banish": Integer(1, 100000, "cards banished from the place `from` names (\"banish 1 Plant "
                      "monster from your GY\"; with from)"),
    "from": WordOrWords(("hand", "graveyard", "extra", "field"),
                        description="with send_to_graveyard or banish: where the cards are "
                        "taken from, one place or a list (\"banish 1 Link Monster from your "
                        "field or GY\": [field, graveyard]; extra: the Extra Deck, and field, "
                        "for banish only)"),
    "kinds": ListOfWords(("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link",
                          "token"), "with send_to_graveyard or banish: monsters of one of these "
                          "kinds (\"1 Link Monster\")"),
    "itself": Boolean("with send_to_graveyard or banish: the card itself may be among them (the "
                      "text does not say \"other than this card\")"),
    "random": Boolean("with banish from: extra: \"banish ... random face-down cards from your "
                      "Extra Deck\": only its face-down cards, taken at random"),
    "category": OneOf(CATEGORIES, description="with send_to_graveyard or banish: the kind of "
                      "card"),
    "type": Text("with send_to_graveyard or banish: the monster Type of the cards"),
    "archetypes": ListOf(Text("an archetype"), at_least=1, description="with "
                         "send_to_graveyard or banish: the cards belong to one of these "
                         "archetypes (\"Banish 1 \"Aesir\" or \"Nordic\" monster you "
                         "control\")"),
    "banish_self": Boolean(),
    "until": OneOf(("end_of_battle_phase", "end_phase", "end_of_turn", "next_battle_phase"),
                   description="with banish_self: the card is banished until then and comes "
                   "back (\"banish this card until the End Phase\": end_phase), even if the "
                   "effect is negated"),
    "banish_top_of_deck": Integer(1, 60, "cards banished from the top of its player's Deck "
                                  "(\"banish 10 cards from the top of your Deck, face-down\"; "
                                  "with face)"),
    "face": OneOf(("down",), description="with banish_top_of_deck or banish: the cards are "
                  "banished face-down"),
    "detach": Integer(1, 100000),
    "detach_from_your_field": Integer(1, 100, "materials detached from any monster its player "
                                      "controls (\"detach 1 Xyz Material from your field\", "
                                      "OCG 自分フィールドのＸ素材を１つ取り除き), a face-down "
                                      "one's too"),
    "tribute_type": Text("the monster Type the Tributes must have"),
    "tribute_level": Integer(1, 13, "the Level the Tributes must have"),
    "tribute_pointed_to": Boolean("the Tributes must be monsters this card points to (\"Tribute "
                                  "1 monster this card points to\")"),
    "remove_counters": Integer(1, 100000, "counters removed from this card (with counter)"),
    "counter": OperationWord(description="the kind of counter removed (spell, ...)"),
    "counters_from_field": Boolean("with remove_counters: the counters are removed from "
                                   "anywhere on the field (\"remove 2 Kaiju Counters from "
                                   "anywhere on the field\"), not from this card"),
    "counters_from_your_field": Boolean("with remove_counters: the counters are removed from "
                                        "cards the player controls (\"remove 3 Spell Counters "
                                        "from your field\"), not from this card only"),
}, together=((("send_to_graveyard", "banish", "send_to_graveyard_any"), ("from",)),))
COST_KEYS = COST_SPEC.keys

OPERATION = Record("operation", {
    "op": OneOf(OPERATIONS, description="what it does"),
    "what": OneOf(GROUPS, description="what it acts on"),
    "face": OperationWord(),
    "until": OperationWord(),
    "position": OperationWord(),
    "amount": Integer(-100000, 100000),
    "equal_to": OneOf(("atk", "def", "original_atk", "original_def", "damage_before",
                       "link_rating", "damage_taken"),
                      description="for damage and gain_lp: the amount is this value of the "
                      "monsters `what` names; damage_before (damage only, with no `what`): the "
                      "damage the operation before it inflicted"),
    "to": OperationWord(),
    "player": OneOf(("you", "opponent", "both")),
    "count": Integer(1, 100),
    "counter": OperationWord(),
    "in_end_phase": Integer(1, 3, "return_banished_cost: \"during your Nth End Phase after "
                            "activation\" (OCG 発動後２回目の自分エンドフェイズ: 2)"),
    "deck_place": OneOf(("top",), description="destroy with to: deck, or return_to_deck: "
                        "\"place it on top of the Deck\": it is its owner's Deck's top card "
                        "(from_top 1), and the Deck is not shuffled"),
    "for": ListOfWords(("fusion", "synchro", "xyz", "link"), "cannot_be_material: the kinds "
                       "of Summon the monster is no material for (\"nor used as material for "
                       "a Fusion, Synchro, or Xyz Summon\": [fusion, synchro, xyz])"),
    "of": OneOf(("spell", "trap", "monster", "card", "effect_monster", "flip_monster"),
                description="the kind of card it reaches; effect_monster and flip_monster only "
                "for negate_destroyed_by_battle"),
    "where": OperationWord(),
    "by_your_type": Text("negate_destroyed_by_battle: the monsters destroyed by battle with a "
                         "face-up monster of this Type its player controls (\"with Fiend "
                         "monsters you control\"), not only with this card"),
    "other": Boolean(),
    "materials_to": OneOf(("deck",), description="fusion_summon: where the Fusion Materials "
                          "go instead of the GY (\"by shuffling Fusion Materials ... into the "
                          "Deck\", Parallel World Fusion)"),
    "with_this_card": Boolean("link_summon: the materials include the card whose effect it is "
                              "(\"using materials you control, including this card\")"),
    "directly": Boolean("cannot_attack: only direct attacks (\"your monsters cannot attack "
                        "directly this turn\")"),
    "type": Spec(),
    "from": ListOfWords(tuple(dict.fromkeys(PICK_PLACES + FUSION_PLACES)),
                        "with what: picked, the places the cards are picked from; with "
                        "fusion_summon and ritual_summon, the places its materials may be in"),
    "attribute": OneOf(ATTRIBUTES),
    "name": Text("with what: picked, the picked card's name; with ritual_summon, the Ritual "
                 "Monster's"),
    "archetype": Text("with what: picked, an archetype the picked card belongs to; with "
                      "ritual_summon, the Ritual Monster's"),
    "category": OneOf(("monster", "spell", "trap"), description="with what: picked, the "
                      "picked card's category (\"1 monster\", \"1 Field Spell\")"),
    "kind": OneOf(tuple(dict.fromkeys(k for kinds in KINDS.values() for k in kinds)),
                  description="with what: picked, the picked card's kind (\"1 Field Spell\": "
                  "category spell, kind field)"),
    "max_level": Integer(0, 100000),
    "min_level": Integer(0, 100000),
    "max_atk": Integer(0, 100000),
    "min_atk": Integer(0, 100000),
    "max_def": Integer(0, 100000),
    "min_def": Integer(0, 100000),
    "after": OneOf(("if_done", "then"), description="\"and if you do\" / \"then\": only if "
                   "the operation before it was carried out"),
    "bind": Boolean("the card and the monster share their fate"),
    "for_each": OneOf(("sent_to_its_graveyard",), description="damage: the amount for each "
                      "card the operation before it sent to the damaged player's GY"),
    "token": Text("summon_tokens: the name of the Token it makes (one the library defines, "
                  "kind token)"),
    "no_tribute_summon": Boolean("summon_tokens: \"they cannot be Tributed for a Tribute "
                                 "Summon\""),
    "if_damage": OneOf(("battle", "effect"), description="\"based on the type of damage\": the "
                       "operation happens only if the damage that led to this card's Special "
                       "Summon by its own effect was of that kind"),
    "stats_of": OneOf(("tributed", "damage_taken"),
                      description="summon_tokens: \"this Token's ATK/DEF become the combined "
                      "original ATK/DEF of the Tributed monsters\": of the monsters the "
                      "effect's tribute operation Tributed; damage_taken: equal to the damage "
                      "that led to this card's Special Summon by its own effect"),
    "all": Boolean("discard: the player's whole hand (\"discard their entire hand\")"),
    "as_many_as": OneOf(("discarded", "monsters_it_destroyed_by_battle"), description="draw: "
                        "as many cards as the player discarded by the operation before it, or "
                        "as the monsters this card destroyed by battle this turn (\"draw cards "
                        "equal to the number of monsters this card destroyed by battle this "
                        "turn\")"),
    "leaves_to": OneOf(("banished",), description="special_summon: \"banish it when it leaves "
                       "the field\": the monster Summoned this way is banished wherever it "
                       "would go"),
    "opponent_turns": Integer(1, 10, "destroy_in_end_phase: in the End Phase of the opponent's "
                              "N-th turn after the one it resolves in"),
    "end_phase": OneOf(("banish", "destroy", "send_to_graveyard", "change_to_face_up_attack"),
                       description="special_summon: "
                       "\"but banish it (it is destroyed) during the End Phase\": the monster "
                       "keeps the record until the End Phase begins, and is banished "
                       "(destroyed) then; take_control: \"but send it to the GY during the End "
                       "Phase\" (with end_phase_turn); change_to_face_down: \"during the End "
                       "Phase of this turn, change it to face-up Attack Position\" "
                       "(change_to_face_up_attack)"),
    "end_phase_turn": OneOf(("next",), description="with end_phase: the End Phase of the next "
                            "turn (default: of this turn)"),
    "summon_as": OneOf(("fusion", "ritual", "synchro", "xyz", "link"),
                       description="special_summon: \"(this is treated as a Fusion Summon)\": "
                       "the Special Summon is that summon, by its proper procedure; a pick from "
                       "the Extra Deck (what: picked, from: [extra]) needs it"),
    "declared": Boolean("with what: picked, only cards with the card name the effect declared "
                        "(\"1 of that declared card\")"),
    "only_if_flip": Boolean("banish_name_from_decks: only if the card it names is a Flip "
                            "monster (\"if it was a Flip monster\")"),
    "optional": Boolean("with what: picked, \"you can\": its player may pick none; with destroy "
                        "and to: deck, \"you can place it in the Deck instead\"; with draw, "
                        "\"you can draw\": its player may draw none"),
    "only_if_activated": OneOf(("co_linked",), description="\"if this card was co-linked when "
                               "this effect was activated\": only if its chain link records "
                               "that it was"),
    "tuner": Boolean("with what: picked, a Tuner (true) or a non-Tuner (false)"),
    "effect": Boolean("with what: picked, an Effect Monster (\"choose ... Effect Monsters\")"),
    "if_position": OneOf(("attack", "defense"), description="\"depending on this card's "
                         "current battle position\": applied only while this card is face-up "
                         "on the field in that position as the effect resolves"),
    "opponent_amount": Integer(-100000, 100000, "atk_change_when_attacking: the change of the "
                               "opponent's monster this card attacks"),
    "at_least": Integer(1, 100, "on an operation with a group word: \"as many as possible "
                        "(min. 1)\": the effect is activated only while the group holds that "
                        "many cards"),
    "other_name_than": OneOf(("destroyed_by_this_effect",), description="with what: picked: "
                             "\"with a different name than the destroyed card(s)\": no card "
                             "with the name of a card an earlier destroy of the effect reached"),
    "controller": OneOf(("you", "opponent"), description="with what: picked, whose cards are "
                        "picked (default you): \"banish up to 1 card from your opponent's "
                        "hand\""),
    "effects_locked": Boolean("special_summon: \"but it cannot activate its effects this "
                              "turn\": the monster Summoned keeps the record until the end of "
                              "the turn"),
    "total": OneOf(("exactly", "at_least"), description="ritual_summon: the Tributes' Levels "
                   "equal the Ritual Monster's Level, or are that much or more (default)"),
    "by": OneOf(("battle", "destroyed"), description="replace_graveyard: only monsters "
                "destroyed by battle; with what: self, only when this card is destroyed"),
    "if_set": Boolean("for negate_spell_trap_column: only if this card was activated from "
                      "the set position"),
    "activation": OneOf(("card", "effect"), description="cannot_activate: `card`, only card "
                        "activations are locked, not effects of face-up cards; `effect`, the "
                        "effects of those cards wherever they are, and so their card "
                        "activations too"),
    "except_archetype": Text("cannot_activate: the cards of this archetype are not locked "
                             "(\"except for \"Amorphage\" cards\")"),
    "afterwards": OneOf(("send_self_to_graveyard",), description="for negate_on_resolution: "
                        "\"then send this card to the GY\" once it has negated an effect"),
    "each_time": OneOf(("spell_resolves",), description="place_counter in applies: each time "
                       "a Spell Card is activated, as that Spell resolves"),
    "max": Integer(1, 100, "for place_counter: the most counters of that kind the card may "
                   "hold (\"(max. 1)\"); for equip, 1: \"equip that target to this card (max. "
                   "1)\""),
    "for_each_card_in": OneOf(("hand", "banished", "zones_it_points_to", "its_materials",
                               "face_down_banished", "equipped_monster_cards"),
                              description="for change_atk and "
                              "change_def in applies: the amount for each card in that place of "
                              "the monster's controller (\"gains 600 ATK/DEF for each card in "
                              "your hand\", \"for each of your banished cards\"), or in the "
                              "zones the changed Link Monster points to (\"gains 500 ATK for "
                              "each monster it points to\"), or under the changed Xyz Monster "
                              "(its_materials: \"for each Xyz Material attached to this "
                              "card\"), or banished face-down, both players' cards "
                              "(face_down_banished: \"for each face-down banished card\"), or "
                              "equipped to it as Equip Cards (equipped_monster_cards: each "
                              "monster card equipped to the changed monster)"),
    "zone": OneOf(("pointed_to",), description="special_summon: \"to your zone this card points "
                  "to\": only to a Main Monster Zone of its player the effect's card points to "
                  "as it resolves"),
    "read_from": OneOf(("its_battle_opponent", "itself", "targets", "equipped_monster_card"),
                       description="for change_atk, "
                       "change_def, set_atk and set_def with `equal_to`: the amount is that "
                       "value of the monster the changed monster battles (\"gains ATK equal to "
                       "the ATK of the opponent's monster it is battling\"), or of the changed "
                       "monster itself (\"its ATK is halved\": set_atk with half), or of the "
                       "effect's target (\"equal to that monster's Link Rating x 1000\"); in "
                       "applies, equipped_monster_card: the printed value of the monster card "
                       "equipped to the changed monster (\"gains ATK equal to the original ATK "
                       "of the monster equipped to it\"; equal_to original_atk or "
                       "original_def)"),
    "exactly": Boolean("change_atk with a negative amount: \"lose exactly 800 ATK\": only if its "
                       "ATK is at least that much; the effect cannot be activated otherwise"),
    "count_of": OneOf(("spells_on_field_and_in_graveyards", "cost_sent"),
                      description="place_counter: as many counters as there are such cards as "
                      "it resolves (\"equal to the number of Spells on the field and in the "
                      "GYs\"); cost_sent, with what: picked: \"choose that many\", as many as "
                      "the any-number cost sent to the GY"),
    "times": Integer(1, 10000, "with equal_to and read_from: the value read is multiplied by "
                     "this (\"Link Rating x 1000\")"),
    "excavate": Integer(1, 60, "add_to_hand with what: picked from: [deck]: \"excavate N cards "
                        "from the top of your Deck, add 1 of them to your hand\""),
    "to_one": OneOf(("attribute", "type"), description="limit_face_up_monsters: \"each player "
                    "can only control 1 Attribute (Type) of monster\""),
    "to_one_each": OneOf(("type", "attribute"), description="limit_face_up_monsters: \"each "
                         "player can only control 1 monster of each Type\""),
    "half": Boolean("with read_from and equal_to: half the value read, rounded to the nearest "
                    "(\"gains ATK equal to half that monster's ATK\", \"its ATK is halved\")"),
}, required=("op",), required_when=(("what", "picked", "from"),))

EFFECT = Record("effect", {
    "kind": OneOf(EFFECT_KINDS),
    "declares": OneOf(("card_name", "monster_card_type"), description="\"declare 1 card name\", "
                      "\"declare 1 monster card type\": what the effect declares as it is "
                      "activated (the action's `declare`)"),
    "speed": OneOf((1, 2, 3), description="when it differs from the default"),
    "from": ListOfWords(PLACES, "where the card is when the effect is activated"),
    "phase": ListOfWords(PHASES, "phases in which it may be activated"),
    "turn": OneOf(TURNS, description="whose turn (default any)"),
    "timing": OneOf(TIMINGS, description="an activation window the text names"),
    "when": EVENT_PATTERN,
    "wording": OneOf(("when", "if"), description="default when"),
    "pledge": OneOf(("cannot_attack", "this_card_cannot_attack", "cannot_summon_effect_monsters",
                     "cannot_summon_other_monsters", "cannot_activate_other_effects",
                     "cannot_draw_by_effects", "cannot_conduct_battle_phase"),
                    description="a pledge that comes with activating it: cannot_attack, your "
                    "monsters cannot attack this turn (it stays after the card leaves the "
                    "field); this_card_cannot_attack, this card cannot attack the turn the "
                    "effect is activated; cannot_summon_effect_monsters, you cannot Normal or "
                    "Special Summon Effect Monsters this turn; cannot_summon_other_monsters, you "
                    "cannot Summon (Normal, Flip, Special) monsters this turn except by this "
                    "card's effect, and not after having Summoned; cannot_activate_other_effects, "
                    "you cannot activate other cards or effects this turn, and not after having "
                    "activated one; cannot_conduct_battle_phase, you cannot conduct your "
                    "Battle Phase this turn"),
    "damage_step": OneOf(("never",), description="never: it cannot be activated in the Damage "
                         "Step although the rules would let its kind in (a ruling of the card)"),
    "trigger": EVENT_PATTERN,
    "optional": Boolean("\"you can\""),
    "responds_to": Either((RESPONDS_TO, ListOf(RESPONDS_TO, at_least=1))),
    "targets": ListOf(TARGET_SPEC, description="targets chosen on activation"),
    "requires": ListOf(REQUIREMENT, description="conditions the text states: it is activated "
                       "(or, continuous, applies) only while all hold"),
    "cost": ListOf(COST_SPEC, description="paid on activation"),
    "once_per_turn": OneOf(("card", "name", "name_one_effect", "one_of_card"),
                           description="`card`: once per turn for this copy; `name`: this "
                           "effect of NAME once per turn; `name_one_effect`: \"you can only use "
                           "1 NAME effect per turn, and only once that turn\", shared by the "
                           "effects that say it; `one_of_card`: \"once per turn, you can "
                           "activate 1 of these effects\" (any one of this copy's effects marked "
                           "so spends them all)"),
    "once_while_face_up": Boolean("\"once while face-up on the field\": activated once while "
                                  "its card stays face-up on the field, whatever the turn"),
    "once_per_chain": Boolean("\"once per Chain\" (OCG 同一チェーン上では１度まで): not activated "
                              "again while a link of this effect of this card is on the chain"),
    "per_chain_up_to": OneOf(("monsters_in_hand",), description="a ruling of the card (Ultimate "
                             "Offering, 004 fn[19]): in one chain its player activates this "
                             "effect of cards of this name only as many times as the monsters "
                             "in their hand as each link is made"),
    "negates": ListOfWords(NEGATES),
    "not_answered_by": ListOfWords(("monster", "spell", "trap", "card", "cost_sent_types"),
                                   "neither player can activate these in response to its "
                                   "activation (monster: monster effects; card: any card or "
                                   "effect; cost_sent_types: the opponent, cards or effects of "
                                   "the original types of the cards its cost sent to the GY)"),
    "not_answered_by_player": OneOf(("both", "opponent"), description="who may not chain "
                                    "what not_answered_by names: both players (default, "
                                    "\"neither player\"), or only the opponent of the "
                                    "effect's player (\"your opponent cannot activate cards or "
                                    "effects in response to this effect's activation\")"),
    "changes_stats": Boolean("directly changes ATK/DEF"),
    "pendulum_effect": Boolean("a Pendulum Effect of a Pendulum Monster: its effect only in a "
                               "Pendulum Zone (its card activation, from the hand, places it "
                               "there); the others are its monster effects, never there"),
    "battle": BATTLE_CONDITION,
    "does": ListOf(OPERATION, description="what it does on resolution, in order"),
    "applies": ListOf(OPERATION, description="for continuous effects: what it applies"),
    "text": Text("the effect's text, for people"),
    "unmodelled": Text("the clause of the effect no descriptor expresses; answers resting on "
                       "it warn"),
    "unmodelled_condition": Text("a condition of the effect no descriptor expresses (\"if you "
                                 "control no cards\"): the effect is treated as if it held, so "
                                 "answers resting on it warn that they may allow too much"),
    "note": Text("a remark for people that changes no ruling; never read by the rules"),
}, required=("kind",))

# One group of a material line (docs/cards.md, "Materials"): how many, and what they are.
MATERIAL_GROUP = Record("material_group", {
    "count": Integer(1, 60, "exactly this many"),
    "min": Integer(1, 60, "at least this many (\"1+\": min 1)"),
    "max": Integer(1, 60, "at most this many (with min)"),
    "tuner": Boolean("a Tuner (true) or a non-Tuner (false)"),
    "effect": Boolean("an Effect Monster (a monster with effects)"),
    "kind": OneOf(MATERIAL_KINDS, description="a kind of monster"),
    "not_kind": OneOf(MATERIAL_KINDS, description="any monster but this kind (\"except "
                      "Tokens\")"),
    "pendulum": Boolean("a Pendulum Monster"),
    "type": Text("the monster Type"),
    "attribute": OneOf(ATTRIBUTES),
    "types": ListOf(Text("a monster Type"), at_least=2, description="one of these Types "
                    "(\"Beast, Beast-Warrior, and/or Winged Beast monsters\")"),
    "attributes": ListOfWords(ATTRIBUTES, "one of these Attributes (\"LIGHT and/or DARK "
                              "monsters\")"),
    "name": Text("the card's exact name"),
    "archetype": Text("an archetype the card belongs to"),
    "level": Integer(1, 13, "exactly this Level"),
    "min_level": Integer(1, 13),
    "max_level": Integer(1, 13),
    "min_atk": Integer(0, 100000),
    "max_atk": Integer(0, 100000),
    "min_def": Integer(0, 100000),
    "max_def": Integer(0, 100000),
})

# An Xyz Monster's further procedure on one monster ("you can also Xyz Summon this card by
# using 1 Xyz Monster you control as material (transfer its materials to this card)").
ON_MONSTER = Record("on_monster", {
    "line": Text("the clause, verbatim from the text; for people, never read by the rules"),
    "group": MATERIAL_GROUP,
    "once_per_turn": Boolean("\"once per turn\": its player Xyz Summons a monster of this "
                             "name this way once per turn"),
    "requires": ListOf(REQUIREMENT, description="the conditions the text states (\"if an Xyz "
                       "Monster battled this turn\"), as for an effect's requires"),
}, required=("group",))

MATERIALS = Record("materials", {
    "line": Text("the material line, verbatim from the text; for people, never read by the "
                 "rules"),
    "groups": ListOf(MATERIAL_GROUP, at_least=1, description="in text order; all must be "
                     "filled, each material in one group"),
    "including": ListOf(MATERIAL_GROUP, description="\"..., including a Cyberse monster\": "
                        "the materials must contain that many that fit"),
    "different_names": Boolean("\"2+ monsters with different names\": no two materials "
                               "share a card name"),
    "unmodelled": Boolean("the line is not expressed by groups: every answer resting on it "
                          "warns"),
    "on_monster": ON_MONSTER,
})

# A monster's own procedure from the hand ("you can Special Summon this card (from your hand)").
# Its cost ("by Tributing 1 monster they control", "by banishing 1 LIGHT and 1 DARK monster
# from your GY"): the cards it takes, described as a material line's groups.
COST_PLACES = ("field", "graveyard", "hand", "extra")
COST_GROUP = Record("cost_group", {
    **MATERIAL_GROUP.fields,
    "face": OneOf(("up",), description="\"1 face-up monster you control\": face-up cards only"),
    "where": OneOf(COST_PLACES, description="where this group's cards are, one of the cost's "
                   "places (\"by banishing 2 monsters you control and 1 monster from your "
                   "GY\": field, graveyard); default any of them"),
})
PROCEDURE_COST = Record("procedure_cost", {
    "how": OneOf(("tribute", "banish"), description="what is done with the cards"),
    "where": Either((OneOf(COST_PLACES), ListOfWords(COST_PLACES)), description="where they "
                    "are (default field): one place, or a list (\"from your hand, field, "
                    "and/or Extra Deck\": [hand, field, extra])"),
    "controller": OneOf(("you", "opponent"), description="whose they are (default you)"),
    "what": OneOf(("monster", "card"), description="monsters (default) or cards of any kind "
                  "(\"5 or more cards\")"),
    "face": OneOf(("down",), description="with how: banish, \"banish ..., face-down\" (no "
                  "Token can be)"),
    "groups": ListOf(COST_GROUP, at_least=1, description="as a material line's: all "
                     "filled, each card in one group"),
}, required=("how", "groups"))

INHERENT_SUMMON = Record("inherent_summon", {
    "from": OneOf(("hand", "graveyard"), description="where it is Special Summoned from "
                  "(\"you can Special Summon this card from your GY\": graveyard)"),
    "requires": ListOf(REQUIREMENT, description="the conditions the text states (as for an "
                       "effect's requires)"),
    "face": OneOf(("down",), description="\"in face-down Defense Position\": it comes "
                  "face-down, in Defense Position"),
    "leaves_to": OneOf(("banished",), description="\"If you do, banish it when it leaves the "
                       "field\": the monster keeps the record from the success of its summon "
                       "(only on a card's one procedure)"),
    "to": OneOf(("you", "opponent"), description="whose field it goes to (\"to your "
                "opponent's field\"; default you)"),
    "position": OneOf(("attack", "defense"), description="the one position its text says (\"in "
                      "Attack Position\"); default either"),
    "cost": PROCEDURE_COST,
}, required=("from",), description="its own procedure: not an effect, it starts no chain")

# A Trap Monster's monster stats, as its text gives them ("Special Summon this card as a Normal
# Monster (Reptile/EARTH/Level 4/ATK 1600/DEF 1800) (this card is also still a Trap)").
AS_MONSTER = Record("as_monster", {
    "kind": OneOf(("normal", "effect"), description="a Normal Monster, or an Effect Monster "
                  "(a text that gives it monster effects, or says so)"),
    "attribute": OneOf(ATTRIBUTES),
    "type": Text("the monster Type its text gives"),
    "level": Integer(0, 13),
    "atk": Integer(0, 100000),
    "def": Integer(0, 100000),
}, required=("kind",), description="Traps: what the card is while it is a Trap Monster (its "
   "text's Type/Attribute/Level/ATK/DEF; a stat the text does not give, it has none)")

CARD = Record("card", {
    "category": OneOf(CATEGORIES),
    "kind": OneOf(tuple(dict.fromkeys(k for kinds in KINDS.values() for k in kinds)),
                  description="depends on the category (docs/cards.md)"),
    "attribute": OneOf(ATTRIBUTES),
    "type": Text("the monster Type"),
    "level": Integer(0, 13),
    "rank": Integer(0, 13, "Xyz Monsters"),
    "link": Integer(1, 8, "Link Monsters: the Link Rating"),
    "link_arrows": ListOfWords(LINK_ARROWS, "Link Monsters: their arrows, as many as the Link "
                               "Rating"),
    "scale": Integer(0, 13, "a Pendulum Monster's Pendulum Scale"),
    "atk": Integer(0, 100000),
    "def": Integer(0, 100000),
    "tributes": Integer(0, 5),
    "cannot_normal_summon": Boolean(),
    "normal_set_only": Boolean("\"Cannot be Normal Summoned (but can be Normal Set)\": its Normal "
                               "Summon is a Set only"),
    "no_normal_summon_the_turn": Boolean("\"You cannot Normal Summon/Set the turn you Special "
                                         "Summon this card\" (Lava Golem)"),
    "revival_limit": OneOf(("always", "unless_properly_summoned")),
    "tuner": Boolean("a Tuner monster"),
    "flip": Boolean("a Flip monster (\"Flip\" on its type line)"),
    "effect_monster": Boolean("a Fusion, Synchro, Xyz, Link or Ritual Monster whose type line "
                              "says Effect"),
    "materials": MATERIALS,
    "inherent_summon": Either((INHERENT_SUMMON, ListOf(INHERENT_SUMMON, at_least=1, description=
                              "its own procedures in text order, procedure 1 first (the action "
                              "names one by `procedure`); only the first may have a cost"))),
    "summoned_only_by": OneOf(PROCEDURES, description="\"Must be X Summoned\": the one method "
                              "it may be Special Summoned by"),
    "one_face_up_only": Text("an archetype: \"You can only control 1 \"Kaiju\" monster\" (OCG "
                             "1体しか表側表示で存在できない), or the card's own name (\"You can "
                             "only control 1 \"Apollousa, Bow of the Goddess\"\"): no second "
                             "face-up monster of it on its controller's field"),
    "archetypes": Names(),
    "archetypes_unknown": Boolean("the archetypes the card belongs to are not recorded (the "
                                  "official card list)"),
    "text": Text("the card text, for people"),
    "passcode": Integer(1, 99999999, "the number printed on the card"),
    "unmodelled": Text("what of the card's text no descriptor expresses; answers resting on "
                       "it warn"),
    "note": Text("a remark for people that changes no ruling; never read by the rules"),
    "remains_on_field": Boolean("a Normal Spell/Trap that stays on the field"),
    "as_monster": AS_MONSTER,
    "maintenance_detach": Integer(1, 10, "an Xyz Monster's upkeep: the materials its controller "
                                  "detaches in each of their Standby Phases while it is face-up "
                                  "on the field, or it is destroyed"),
    "maintenance_lp": Integer(1, 100000, "a maintenance cost: the LP its controller pays in each "
                              "Standby Phase while it is face-up on the field, or it is "
                              "destroyed"),
    "hidden_card": Boolean("a placeholder `ygocheck view` writes for a card the viewer cannot "
                           "see: nothing of its text is assumed, not even a card activation"),
    "effects": ListOf(EFFECT, description="effects in card-text order, numbered from 1",
                      nullable=True),
}, required=("category", "kind"))

# A file of card definitions (a library file, or the top-level `cards:` of a snapshot or a
# ruling file, which reads at most limits.DEFINITIONS of them).
DEFINITIONS_MAP = MapOf({"minLength": 1}, CARD, description="card definitions by card name")

SNAPSHOT = Record("snapshot", {
    "format": Exactly(FORMAT, "the format of the file: exactly ygocheck/1"),
    "title": AnyText("what the snapshot shows, for people"),
    "cards": MapOf({"minLength": 1}, CARD, DEFINITIONS,
                   description="card definitions for this file only (docs/cards.md)",
                   nullable=True),
    "state": STATE,
}, required=("format", "state"))


# ==============================================================================================
# Ruling files (docs/format.md, "Ruling files")
# ==============================================================================================

EXPECT_KEYS = ("legal", "illegal", "state", "events", "not_events", "reasons", "outcomes", "view")
# expect.view: player (A, B) → what that player's view of the moment must show (docs/format.md).
VIEW_KEYS = ("shows", "hides", "counts")
OUTCOME_MODES = ("all", "some")
STATUSES = ("settled", "unsettled", "contested")
CASE_KEYS = ("format", "title", "ruling", "source", "cards", "state", "do", "expect", "status",
             "outcomes", "note")
FILE_KEYS = ("format", "title", "cards", "cases", "source", "note")


def action_schema() -> dict[str, Any]:
    """An action object (actions.py, which checks it): every key and the kind of value the
    registry gives it (asp/registry.lp)."""
    from .actions import NOT_READ_YET
    from .registry import Key, registry

    found = registry()

    def schema(key: Key) -> dict[str, Any]:
        kind = key.value
        if kind == "player":
            return {"enum": list(PLAYERS)}
        if kind == "kind":
            return {"enum": list(found.kinds)}
        if kind == "card":
            return {"type": "string", "pattern": ID_REGEX}
        if kind.startswith("card_or("):
            return {"anyOf": [{"type": "string", "pattern": ID_REGEX},
                              {"const": kind[len("card_or("):-1]}]}
        if kind == "cards":
            return {"type": "array", "items": {"type": "string", "pattern": ID_REGEX}}
        if kind == "effect":
            return {"type": "integer", "minimum": 1, "maximum": EFFECT_LIMIT}
        if kind == "number":
            return {"type": "integer", "minimum": 1, "maximum": 9}
        if kind.startswith("word(") and key.name not in NOT_READ_YET:
            return {"enum": list(words(kind[len("word("):-1]))}
        if kind == "word" and key.name not in NOT_READ_YET:
            return {"type": "string", "pattern": WORD_REGEX}
        if kind == "text":
            return {"type": "string", "minLength": 1, "maxLength": TEXT}
        if kind == "slot":
            # A slot of each zone a monster is summoned to (docs/format.md, "Zones and slots").
            slots = [values(f"slot({zone})") for zone in words("summon_zone")]
            return {"anyOf": [{"type": "integer", "minimum": min(numbers), "maximum": max(numbers)}
                              if len(numbers) == len(s) else {"enum": [str(v) for v in s]}
                              for s in slots
                              for numbers in [[v for v in s if isinstance(v, int)]]]}
        if kind == "mapping":
            return {"type": "object", "additionalProperties": False,
                    "properties": {sub.name.partition(".")[2]: schema(sub)
                                   for sub in found.sub_keys[key.name]}}
        return {}

    out: dict[str, Any] = {"type": "object", "required": ["player", "action"],
                           "additionalProperties": False,
                           "properties": {key.name: schema(key) for key in found.keys}}
    # The keys no action kind reads yet are refused (none, once every key is read).
    if NOT_READ_YET:
        out.update({"if": {"properties": {"action": {"not": {"const": "choose"}}}},
                    "then": {"not": {"anyOf": [{"required": [key]} for key in NOT_READ_YET]}}})
    return out
