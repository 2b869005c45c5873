"""Validate a loaded snapshot mapping (CONTRACT section 1 and 6) and build the model.

Every problem found is collected with its line; a snapshot with any problem never reaches
clingo. The checks here are about the *shape* and *possibility* of a moment of a duel (a card
cannot be in two places, a Link Monster cannot be face-down); what a player may do in that
moment is decided by the rules in asp/, never here.
"""

from __future__ import annotations

import re
from typing import Any

from . import FORMAT
from .cards import CardDefinition, check_definitions, library
from .checks import Checker, describe
from .model import (FIELD_ZONES, PHASES, PLAYERS, STEPS, TIMINGS, WINDOWS, ZONES, CardEntry,
                    Snapshot)
from .problems import BadInput

SNAPSHOT_KEYS = ("format", "title", "cards", "state")
STATE_KEYS = ("turn", "turn_player", "first_player", "phase", "step", "timing", "priority", "lp",
              "next_phase",
              "battle", "chain", "events", "this_turn", "cards", "pending", "window", "counts",
              "result")
CARD_ENTRY_KEYS = ("id", "name", "owner", "controller", "zone", "slot", "face", "position",
                   "since_turn", "summoned", "attacked", "attacks", "position_changed", "battled",
                   "counters", "equipped_to", "attached_to", "modifiers", "temporary", "token",
                   "revealed", "bound_to", "targets", "treated_as", "control", "used_this_turn",
                   "atk", "def", "level", "rank", "link", "attribute", "type")
SUMMONED_KEYS = ("how", "from", "by", "properly", "turn")
SUMMON_HOWS = ("normal", "tribute", "set", "flip", "special", "fusion", "ritual", "synchro", "xyz",
               "pendulum", "link")
LINK_KEYS = ("player", "card", "effect", "targets", "kind", "from", "negated", "by_effect_of",
             "cost", "resolved")
EVENT_NAMES = ("summoning", "summoned", "flip_summoned", "flipped", "set", "attack_declared",
               "attack_targeted", "activated", "destroyed", "sent_to_graveyard", "banished",
               "drawn", "discarded", "damage", "phase_start", "chain_resolved",
               "position_changed", "special_summoned", "attack_cancelled", "negated")
EVENT_KEYS = ("event", "card", "cards", "player", "how", "by", "from", "to", "target", "amount",
              "kind", "phase", "effect", "link")
BATTLE_KEYS = ("attacker", "target", "replay", "calculated", "destroyed")
THIS_TURN_KEYS = ("normal_summon_used", "pendulum_summon_used", "used", "effects")
TREATED_AS = ("monster", "equip_spell", "continuous_spell", "trap_monster")
MODIFIER_KEYS = ("atk", "def", "level", "kind", "until", "source")
# Lingering effects on a player rather than a card (addition: state.this_turn.effects).
PLAYER_EFFECTS = ("no_battle_damage", "cannot_attack")
UNTIL = ("end_of_turn", "end_of_battle_phase", "end_of_damage_step", "end_of_next_turn",
         "permanent")
ID_PATTERN = re.compile(r"^[a-z0-9_]+$")
SLOTTED = {"monster": range(1, 6), "spell_trap": range(1, 6), "extra_monster": ("left", "right"),
           "pendulum": ("left", "right")}
EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")


def build_snapshot(data: Any, file: str) -> Snapshot:
    """Check `data` (a loaded YAML mapping) and return the model, or raise BadInput."""
    checker = Checker(file)
    snapshot = _build(data, checker, file)
    if checker.problems or snapshot is None:
        raise BadInput(checker.problems or [])
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
    definitions: dict[str, CardDefinition] = dict(library())
    broken: set[str] = set()
    if "cards" in data and data["cards"] is not None:
        declared = check_definitions(data["cards"], checker, "cards (card definitions)",
                                     checker.line(data, "cards"))
        definitions.update(declared)
        if isinstance(data["cards"], dict):
            broken = {n for n in data["cards"] if isinstance(n, str) and n not in declared}
    state = data.get("state")
    if not checker.required(data, ("state",), "the snapshot"):
        return None
    if not checker.mapping(state, "state", checker.line(data, "state")):
        return None
    checker.known_keys(state, STATE_KEYS, "state")
    _check_turn(state, checker)
    cards = _check_cards(state, checker, definitions, broken)
    by_id = {entry.id: entry for entry in cards}
    _check_field_limits(cards, checker)
    _check_battle(state, checker, by_id, definitions)
    _check_chain(state, checker, by_id, definitions)
    _check_events(state, checker, by_id)
    _check_this_turn(state, checker, definitions)
    _check_pending(state, checker, by_id, definitions)
    _check_counts(state, checker, cards)
    used = {entry.name for entry in cards}
    title = data.get("title") if isinstance(data.get("title"), str) else None
    return Snapshot(file=file, title=title,
                    definitions={name: definitions[name] for name in used if name in definitions},
                    state=dict(state), cards=cards, raw=dict(data))


# --- the turn --------------------------------------------------------------------------

def _check_turn(state: dict, checker: Checker) -> None:
    if checker.required(state, ("turn", "turn_player", "phase"), "state"):
        checker.integer(state, "turn", "state", 1, 100000)
        checker.enum(state, "turn_player", PLAYERS, "state")
        checker.enum(state, "phase", PHASES, "state")
    for key in ("first_player", "priority"):
        if key in state:
            checker.enum(state, key, PLAYERS, "state")
    if "window" in state:
        checker.enum(state, "window", WINDOWS, "state")
    if "next_phase" in state:
        checker.enum(state, "next_phase", ("battle", "end"), "state")
    phase = state.get("phase")
    first = state.get("first_player", "A")
    if phase == "battle" and state.get("turn") == 1 and state.get("turn_player") == first:
        checker.add(checker.line(state, "phase"), "the player who goes first has no Battle Phase "
                    "in the first turn (TURN-07)")
    if "step" in state:
        if phase != "battle":
            checker.add(checker.line(state, "step"), "state.step is only for the Battle Phase "
                        f"(phase: battle), but the phase is {phase!r}")
        else:
            checker.enum(state, "step", STEPS, "state")
    elif phase == "battle":
        checker.add(checker.line(state, "phase"), "in the Battle Phase state.step is needed: "
                    f"one of {', '.join(STEPS)}")
    if "timing" in state:
        if state.get("step") != "damage":
            checker.add(checker.line(state, "timing"), "state.timing is only for the Damage Step "
                        "(phase: battle, step: damage)")
        else:
            checker.enum(state, "timing", TIMINGS, "state")
    elif state.get("step") == "damage" and phase == "battle":
        checker.add(checker.line(state, "step"), "in the Damage Step state.timing is needed: "
                    f"one of {', '.join(TIMINGS)}")
    if "lp" in state and checker.mapping(state["lp"], "state.lp", checker.line(state, "lp")):
        checker.known_keys(state["lp"], PLAYERS, "state.lp")
        for player in PLAYERS:
            if player in state["lp"]:
                checker.integer(state["lp"], player, "state.lp", 0, 10**9)
    if "result" in state and checker.mapping(state["result"], "state.result",
                                             checker.line(state, "result")):
        result = state["result"]
        checker.known_keys(result, ("winner", "reason"), "state.result")
        if "winner" in result:
            checker.enum(result, "winner", ("A", "B", "draw"), "state.result")
        if "reason" in result:
            checker.enum(result, "reason", ("lp", "deck_out", "effect"), "state.result")


# --- the cards -------------------------------------------------------------------------

def _check_cards(state: dict, checker: Checker, definitions: dict[str, CardDefinition],
                 broken: set[str] | None = None) -> list[CardEntry]:
    raw = state.get("cards", [])
    if raw is None:
        return []
    if not checker.listing(raw, "state.cards", checker.line(state, "cards")):
        return []
    entries: list[CardEntry] = []
    seen: dict[str, int | None] = {}
    for index, item in enumerate(raw):
        line = raw.line_of(index) if hasattr(raw, "line_of") else None
        where = f"state.cards[{index + 1}]"
        if not checker.mapping(item, where, line):
            continue
        if isinstance(item.get("name"), str) and item["name"] in (broken or set()):
            continue  # its definition under `cards:` is wrong, and already reported
        entry = _check_card_entry(item, checker, where, definitions, line)
        if entry is None:
            continue
        if entry.id in seen:
            checker.add(line, f"card id {entry.id!r} is used twice (first at line "
                        f"{seen[entry.id]}); ids must be unique")
            continue
        seen[entry.id] = line
        entries.append(entry)
    by_id = {entry.id: entry for entry in entries}
    ids = set(by_id)
    for entry in entries:
        _check_references(entry, checker, ids, by_id)
    return entries


def _check_card_entry(item: dict, checker: Checker, where: str,
                      definitions: dict[str, CardDefinition], line: int | None) -> CardEntry | None:
    checker.known_keys(item, CARD_ENTRY_KEYS, where)
    if not checker.required(item, ("id", "name", "owner", "zone"), where):
        return None
    card_id = item["id"]
    if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
        checker.add(checker.line(item, "id"), f"{where}.id is {describe(card_id)}; an id is "
                    "lowercase letters, digits and _ (like a_dragon)")
        return None
    where = f"card {card_id!r}"
    ok = checker.text(item, "name", where)
    ok = checker.enum(item, "owner", PLAYERS, where) and ok
    ok = checker.enum(item, "zone", ZONES, where) and ok
    if "controller" in item:
        ok = checker.enum(item, "controller", PLAYERS, where) and ok
    if not ok:
        return None
    name = item["name"]
    token = item.get("token") is True
    if "token" in item:
        checker.boolean(item, "token", where)
    definition = definitions.get(name)
    if definition is None and not token:
        from .checks import close_match

        hint = close_match(name, definitions)
        checker.add(checker.line(item, "name"), f"{where}: unknown card name {name!r}"
                    + (f" (did you mean {hint!r}?)" if hint else "")
                    + "; use an official English name from the library or declare the card "
                    "under the snapshot's top-level `cards:`")
        return None
    if definition is None and token:
        definition = _token_definition(item)
        definitions[name] = definition
    zone = item["zone"]
    controller = item.get("controller", item["owner"])
    entry = CardEntry(id=card_id, name=name, owner=item["owner"], controller=controller,
                      zone=zone, fields=dict(item), line=line)
    _check_card_place(entry, item, checker, where, definition, token)
    _check_card_details(item, checker, where)
    return entry


def _token_definition(item: dict) -> CardDefinition:
    """A Token's stats come with its card entry (CONTRACT section 6)."""
    definition: CardDefinition = {"category": "monster", "kind": "token", "effects": []}
    for key in ("level", "atk", "def", "attribute", "type"):
        if key in item:
            definition[key] = item[key]
    return definition


def _valid_slot(zone: str, slot: Any) -> bool:
    """A slot of a slotted zone: exactly an int 1-5 or the text left/right (not 2.0, not true)."""
    return type(slot) in (int, str) and slot in SLOTTED[zone]


def _card_id(value: Any) -> str | None:
    """`value` if it can be a card id (a text), else None, so that a list or a mapping written
    where a card id belongs is reported as naming no card, never looked up (unhashable)."""
    return value if isinstance(value, str) else None


def _check_card_place(entry: CardEntry, item: dict, checker: Checker, where: str,
                      definition: CardDefinition | None, token: bool) -> None:
    zone = entry.zone
    if entry.controller != entry.owner and not entry.on_field and zone != "material":
        checker.add(checker.line(item, "controller"), f"{where} is in the {zone} of its owner "
                    f"{entry.owner}: only cards on the field can be controlled by another player "
                    "(MISC-07)")
    if zone in SLOTTED:
        if "slot" not in item:
            allowed = ", ".join(str(s) for s in SLOTTED[zone])
            checker.add(item.line, f"{where} is in the {zone} zone but has no slot ({allowed})")
        elif not _valid_slot(zone, item["slot"]):
            allowed = ", ".join(str(s) for s in SLOTTED[zone])
            checker.add(checker.line(item, "slot"), f"{where}.slot is {describe(item['slot'])}; "
                        f"in the {zone} zone it is one of {allowed}")
    elif "slot" in item and not (zone == "field" and (item["slot"] is None
                                                     or _valid_slot("monster", item["slot"])
                                                     and item["slot"] == 1)):
        checker.add(checker.line(item, "slot"), f"{where}: the {zone} has no slots; remove slot")
    if "face" in item:
        checker.enum(item, "face", ("up", "down"), where)
    face = item.get("face", "down" if zone in ("deck", "extra") else "up")
    if "position" in item:
        if zone not in ("monster", "extra_monster"):
            checker.add(checker.line(item, "position"), f"{where}: only monsters in a Monster "
                        f"Zone have a battle position (it is in the {zone})")
        else:
            checker.enum(item, "position", ("attack", "defense"), where)
    category = definition.get("category") if definition else "monster"
    kind = definition.get("kind") if definition else "token"
    treated = item.get("treated_as")
    if "treated_as" in item:
        checker.enum(item, "treated_as", TREATED_AS, where)
    is_monster = (category == "monster" and treated not in ("equip_spell", "continuous_spell")) \
        or treated in ("monster", "trap_monster")
    if zone in ("monster", "extra_monster") and not is_monster:
        checker.add(checker.line(item, "zone"), f"{where} is a {category} card in a Monster Zone; "
                    "only monsters (or cards treated as monsters: treated_as) go there")
    if zone == "spell_trap" and is_monster and treated not in ("equip_spell", "continuous_spell"):
        checker.add(checker.line(item, "zone"), f"{where} is a monster in a Spell & Trap Zone; "
                    "use treated_as: equip_spell or continuous_spell if an effect put it there")
    if zone == "field" and not (category == "spell" and kind == "field"):
        checker.add(checker.line(item, "zone"), f"{where}: only Field Spells go in the Field Zone")
    if zone == "pendulum" and category != "monster":
        checker.add(checker.line(item, "zone"), f"{where}: only Pendulum Monsters go in a "
                    "Pendulum Zone")
    if category == "monster" and kind in EXTRA_DECK_KINDS and zone in ("hand", "deck"):
        checker.add(checker.line(item, "zone"), f"{where} is a {kind.capitalize()} Monster: it "
                    f"belongs to the Extra Deck and cannot be in the {zone} (GAME-04)")
    if category == "monster" and kind not in EXTRA_DECK_KINDS and zone == "extra":
        checker.add(checker.line(item, "zone"), f"{where} is a Main Deck monster: it cannot be in "
                    "the Extra Deck (GAME-04)")
    if category != "monster" and zone == "extra":
        checker.add(checker.line(item, "zone"), f"{where}: only Extra Deck monsters can be in the "
                    "Extra Deck")
    if token or kind == "token":
        if zone in ("hand", "deck", "graveyard", "banished", "extra"):
            checker.add(checker.line(item, "zone"), f"{where} is a Token: a Token is never in the "
                        f"{zone} (CARD-12)")
        if face == "down":
            checker.add(checker.line(item, "face") or item.line, f"{where} is a Token: a Token is "
                        "never face-down (CARD-12, INFO-12)")
    if kind == "link" and zone in ("monster", "extra_monster"):
        if face == "down":
            checker.add(checker.line(item, "face") or item.line, f"{where} is a Link Monster: it "
                        "can never be face-down (INFO-12)")
        if item.get("position") == "defense":
            checker.add(checker.line(item, "position"), f"{where} is a Link Monster: it can never "
                        "be in Defense Position (CARD-03)")
    if zone == "material":
        if "attached_to" not in item:
            checker.add(item.line, f"{where} is an Xyz material (zone: material) but has no "
                        "attached_to naming its Xyz Monster")
    elif "attached_to" in item and item["attached_to"] is not None:
        checker.add(checker.line(item, "attached_to"), f"{where}: attached_to is only for Xyz "
                    "materials (zone: material)")


def _check_card_details(item: dict, checker: Checker, where: str) -> None:
    for key in ("attacked", "position_changed", "battled", "revealed"):
        if key in item:
            checker.boolean(item, key, where)
    for key in ("since_turn", "attacks"):
        if key in item:
            checker.integer(item, key, where, 0 if key == "attacks" else 1, 100000)
    for key in ("atk", "def", "level", "rank", "link"):
        if key in item:
            checker.integer(item, key, where, 0, 100000)
    for key in ("attribute", "type"):
        if key in item:
            checker.text(item, key, where)
    if "summoned" in item and item["summoned"] is not None:
        summoned = item["summoned"]
        if checker.mapping(summoned, f"{where}.summoned", checker.line(item, "summoned")):
            checker.known_keys(summoned, SUMMONED_KEYS, f"{where}.summoned")
            if "how" in summoned:
                checker.enum(summoned, "how", SUMMON_HOWS, f"{where}.summoned")
            if "from" in summoned:
                checker.enum(summoned, "from", ZONES, f"{where}.summoned")
            if "properly" in summoned:
                checker.boolean(summoned, "properly", f"{where}.summoned")
            if "turn" in summoned:
                checker.integer(summoned, "turn", f"{where}.summoned", 1, 100000)
            if "by" in summoned:
                checker.text(summoned, "by", f"{where}.summoned")
    if "used_this_turn" in item:
        used = item["used_this_turn"]
        if checker.listing(used, f"{where}.used_this_turn", checker.line(item, "used_this_turn")):
            for number in used:
                if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                    checker.add(checker.line(item, "used_this_turn"), f"{where}.used_this_turn "
                                "lists effect numbers (1, 2, ...)")
    if "counters" in item and item["counters"] is not None:
        counters = item["counters"]
        if checker.mapping(counters, f"{where}.counters", checker.line(item, "counters")):
            for counter in counters:
                checker.integer(counters, counter, f"{where}.counters", 0, 1000)
    if "targets" in item and item["targets"] is not None:
        checker.listing(item["targets"], f"{where}.targets", checker.line(item, "targets"))
    if "modifiers" in item and item["modifiers"] is not None:
        modifiers = item["modifiers"]
        if checker.listing(modifiers, f"{where}.modifiers", checker.line(item, "modifiers")):
            for index, modifier in enumerate(modifiers, start=1):
                mod_where = f"{where}.modifiers[{index}]"
                if checker.mapping(modifier, mod_where, checker.line(item, "modifiers")):
                    checker.known_keys(modifier, MODIFIER_KEYS, mod_where)
                    for key in ("atk", "def", "level"):
                        if key in modifier:
                            checker.integer(modifier, key, mod_where, -100000, 100000)
                    until = modifier.get("until")
                    if until is not None and until not in UNTIL and not (
                            isinstance(until, dict) and set(until) == {"turns"}
                            and isinstance(until["turns"], int)
                            and not isinstance(until["turns"], bool) and until["turns"] > 0):
                        checker.add(checker.line(modifier, "until"), f"{mod_where}.until is "
                                    f"{describe(until)}; allowed: {', '.join(UNTIL)} or "
                                    "{turns: n}")
                    if "kind" in modifier and not (isinstance(modifier["kind"], str) and
                                                   re.fullmatch(r"[a-z_]+", modifier["kind"])):
                        checker.add(checker.line(modifier, "kind"), f"{mod_where}.kind must be a "
                                    "lowercase word such as negate_effects")
                    if "source" in modifier and not isinstance(modifier["source"], str):
                        checker.add(checker.line(modifier, "source"), f"{mod_where}.source must "
                                    "be a card id")
    for key in ("temporary", "control"):
        if key in item and item[key] is not None:
            checker.mapping(item[key], f"{where}.{key}", checker.line(item, key))


def _check_references(entry: CardEntry, checker: Checker, ids: set[str],
                      by_id: dict[str, CardEntry]) -> None:
    item = entry.fields
    where = f"card {entry.id!r}"
    for key in ("equipped_to", "attached_to", "bound_to"):
        target = item.get(key)
        if target is None:
            continue
        if _card_id(target) not in ids:
            checker.add(checker.line(item, key), f"{where}.{key} names {target!r}, which is not a "
                        "card of this snapshot")
        elif key in ("equipped_to", "attached_to") and not by_id[target].on_field:
            checker.add(checker.line(item, key), f"{where}.{key} names {target!r}, which is not on "
                        "the field")
    if entry.zone == "material" and _card_id(item.get("attached_to")) in by_id:
        host = by_id[item["attached_to"]]
        if host.zone not in ("monster", "extra_monster"):
            checker.add(checker.line(item, "attached_to"), f"{where} is attached to "
                        f"{host.id!r}, which is not a monster on the field")
    for target in item["targets"] if isinstance(item.get("targets"), list) else []:
        if _card_id(target) not in ids:
            checker.add(checker.line(item, "targets"), f"{where}.targets names {target!r}, which "
                        "is not a card of this snapshot")


def _check_field_limits(cards: list[CardEntry], checker: Checker) -> None:
    """Two cards in one slot, six monsters in one player's Main Monster Zones, both Extra
    Monster Zones held by one player (ZONE-01, ZONE-03)."""
    slots: dict[tuple, CardEntry] = {}
    for entry in cards:
        slot = entry.fields.get("slot")
        if entry.zone not in SLOTTED and entry.zone != "field":
            continue
        if entry.zone in SLOTTED and not _valid_slot(entry.zone, slot):
            continue  # a missing or bad slot (maybe a list: unhashable) is reported already
        owner_of_zone = None if entry.zone == "extra_monster" else entry.controller
        key = (entry.zone, owner_of_zone, slot if entry.zone != "field" else 1)
        if key in slots:
            other = slots[key]
            zone_name = entry.zone.replace("_", " ")
            whose = "" if owner_of_zone is None else f" of {owner_of_zone}"
            checker.add(entry.line, f"cards {other.id!r} and {entry.id!r} are both in {zone_name} "
                        f"slot {key[2]}{whose}: one card per slot")
        else:
            slots[key] = entry
    for player in PLAYERS:
        monsters = [e for e in cards if e.zone == "monster" and e.controller == player]
        if len(monsters) > 5:
            checker.add(monsters[5].line, f"player {player} has {len(monsters)} monsters in the "
                        "Main Monster Zones; there are only 5 (ZONE-01)")
        extra = [e for e in cards if e.zone == "extra_monster" and e.controller == player]
        if len(extra) > 1:
            checker.add(extra[1].line, f"player {player} holds both Extra Monster Zones "
                        f"({extra[0].id!r} and {extra[1].id!r}); a player may use only one (ZONE-01)")
        spell_traps = [e for e in cards if e.zone == "spell_trap" and e.controller == player]
        if len(spell_traps) > 5:
            checker.add(spell_traps[5].line, f"player {player} has {len(spell_traps)} cards in the "
                        "Spell & Trap Zones; there are only 5 (ZONE-03)")


# --- battle, chain, events ---------------------------------------------------------------

def _check_battle(state: dict, checker: Checker, by_id: dict[str, CardEntry],
                  definitions: dict[str, CardDefinition]) -> None:
    battle = state.get("battle")
    if battle is None:
        return
    if not checker.mapping(battle, "state.battle", checker.line(state, "battle")):
        return
    checker.known_keys(battle, BATTLE_KEYS, "state.battle")
    if state.get("phase") != "battle" or state.get("step") not in ("battle", "damage"):
        checker.add(checker.line(state, "battle"), "state.battle (an attack in progress) exists "
                    "only in the Battle Step or the Damage Step of the Battle Phase")
    for key in ("replay", "calculated"):
        if key in battle:
            checker.boolean(battle, key, "state.battle")
    attacker = battle.get("attacker")
    turn_player = state.get("turn_player")
    # DSTEP-30: at the end of the Damage Step the monsters destroyed by battle have left the
    # field, and the battle they fought is still the one in progress.
    left_by_battle = set()
    if state.get("step") == "damage" and state.get("timing") == "end" and \
            isinstance(battle.get("destroyed"), list):
        left_by_battle = {_card_id(card) for card in battle["destroyed"]}
    if attacker is not None:
        entry = by_id.get(_card_id(attacker))
        if entry is None:
            checker.add(checker.line(battle, "attacker"), f"state.battle.attacker {attacker!r} is "
                        "not a card of this snapshot")
        elif _card_id(attacker) in left_by_battle and entry.zone not in ("monster",
                                                                         "extra_monster"):
            pass
        elif entry.zone not in ("monster", "extra_monster"):
            checker.add(checker.line(battle, "attacker"), f"the attacker {attacker!r} is not a "
                        "monster on the field (BATTLE-04); an attack whose monster left the "
                        "field is over: remove state.battle")
        else:
            if entry.controller != turn_player:
                checker.add(checker.line(battle, "attacker"), f"the attacker {attacker!r} is "
                            f"controlled by {entry.controller}, not by the turn player "
                            f"{turn_player} (BATTLE-04)")
            # Once damage calculation has been performed the attack has happened: an effect
            # may then change the monster's position (Spear Dragon, end of the Damage Step).
            if (entry.face == "down" or entry.fields.get("position") == "defense") and \
                    battle.get("calculated") is not True:
                checker.add(checker.line(battle, "attacker"), f"the attacker {attacker!r} is not in "
                            "face-up Attack Position; only those declare attacks (BATTLE-04)")
    target = battle.get("target")
    if attacker is None and (target is not None or battle.get("replay") or
                             (battle.get("calculated") and state.get("step") != "damage")):
        checker.add(checker.line(state, "battle"), "state.battle describes an attack but names no "
                    "attacker; give battle.attacker (a card id)")
    if target is not None and target != "direct" and _card_id(target) not in left_by_battle:
        entry = by_id.get(_card_id(target))
        if entry is None or entry.zone not in ("monster", "extra_monster"):
            checker.add(checker.line(battle, "target"), f"the attack target {target!r} is not a "
                        "monster on the field; use a card id of one, or direct")
        elif entry.controller == turn_player:
            checker.add(checker.line(battle, "target"), f"the attack target {target!r} is the "
                        "attacking player's own monster (BATTLE-04)")
    elif target == "direct" and not battle.get("replay"):
        defenders = [e for e in by_id.values() if e.zone in ("monster", "extra_monster")
                     and e.controller != turn_player]
        if defenders:
            checker.add(checker.line(battle, "target"), "a direct attack while the opponent "
                        f"controls monsters ({', '.join(e.id for e in defenders)}) is not possible "
                        "without an effect that allows it (BATTLE-04)")
    destroyed = battle.get("destroyed")
    if destroyed is not None and checker.listing(destroyed, "state.battle.destroyed",
                                                 checker.line(battle, "destroyed")):
        for card_id in destroyed:
            if _card_id(card_id) not in by_id:
                checker.add(checker.line(battle, "destroyed"), f"state.battle.destroyed names "
                            f"{card_id!r}, which is not a card of this snapshot")


def _check_chain(state: dict, checker: Checker, by_id: dict[str, CardEntry],
                 definitions: dict[str, CardDefinition]) -> None:
    chain = state.get("chain")
    if chain is None:
        return
    if not checker.listing(chain, "state.chain", checker.line(state, "chain")):
        return
    for index, link in enumerate(chain):
        line = chain.line_of(index) if hasattr(chain, "line_of") else None
        where = f"chain link {index + 1}"
        if not checker.mapping(link, where, line):
            continue
        checker.known_keys(link, LINK_KEYS, where)
        if not checker.required(link, ("player", "card"), where):
            continue
        checker.enum(link, "player", PLAYERS, where)
        if "effect" in link:
            checker.integer(link, "effect", where, 1, 20)
        for key in ("kind",):
            if key in link:
                checker.enum(link, key, ("card", "effect"), where)
        if "negated" in link:
            checker.enum(link, "negated", ("activation", "effect"), where)
        if "resolved" in link:
            checker.boolean(link, "resolved", where)
        if "from" in link:
            checker.enum(link, "from", ZONES, where)
        entry = by_id.get(_card_id(link["card"]))
        if entry is None:
            checker.add(checker.line(link, "card"), f"{where} names {link['card']!r}, which is not "
                        "a card of this snapshot")
            continue
        targets = link.get("targets")
        if targets is not None and not checker.listing(targets, f"{where}.targets",
                                                       checker.line(link, "targets")):
            targets = None
        for target in targets or []:
            if _card_id(target) not in by_id:
                checker.add(checker.line(link, "targets"), f"{where} targets {target!r}, which is "
                            "not a card of this snapshot")
        if "by_effect_of" in link and _card_id(link["by_effect_of"]) not in by_id:
            checker.add(checker.line(link, "by_effect_of"), f"{where}.by_effect_of names "
                        f"{link['by_effect_of']!r}, which is not a card of this snapshot")
        definition = definitions.get(entry.name)
        if definition is None:
            continue
        _check_link_place(link, entry, definition, checker, where)


def _check_link_place(link: dict, entry: CardEntry, definition: CardDefinition, checker: Checker,
                      where: str) -> None:
    effects = definition.get("effects") or []
    number = link.get("effect", 1)
    if not isinstance(number, int) or isinstance(number, bool):
        return
    if not 1 <= number <= len(effects):
        checker.add(checker.line(link, "effect") or checker.line(link, "card"),
                    f"{where}: {entry.name!r} has no effect {number} (it has {len(effects)})")
        return
    effect = effects[number - 1]
    kind = effect.get("kind")
    category = definition.get("category")
    if kind == "continuous":
        checker.add(checker.line(link, "effect") or checker.line(link, "card"),
                    f"{where}: effect {number} of {entry.name!r} is a continuous effect; it is "
                    "applied, never activated, so it is never a chain link (CARD-07, CHAIN-03)")
    source = link.get("from", entry.zone)
    if kind == "activation":
        allowed = effect.get("from") or (["hand", "set"] if category == "spell" else ["set"])
        from_place = "hand" if source == "hand" else ("set" if source in ("spell_trap", "field")
                                                      else source)
        if link.get("kind") != "effect" and from_place not in allowed and source != "graveyard" \
                and not link.get("by_effect_of"):
            how = " or ".join("the set position" if a == "set" else f"the {a}" for a in allowed)
            rule = " (CARD-11: a Trap must first be Set)" if category == "trap" and \
                from_place == "hand" else ""
            checker.add(checker.line(link, "from") or checker.line(link, "card"),
                        f"{where}: {entry.name!r} is activated from {how}, not from the "
                        f"{source}{rule}")
        if entry.on_field and entry.face == "down":
            checker.add(checker.line(link, "card"), f"{where}: {entry.id!r} is activated but still "
                        "face-down; an activated Spell/Trap is face-up (CHAIN-07)")
        # The card may have left the field in response (CONT-04, CONT-05): that is possible.


def _check_events(state: dict, checker: Checker, by_id: dict[str, CardEntry]) -> None:
    events = state.get("events")
    if events is None:
        return
    if not checker.listing(events, "state.events", checker.line(state, "events")):
        return
    for index, event in enumerate(events):
        line = events.line_of(index) if hasattr(events, "line_of") else None
        where = f"event {index + 1}"
        if not checker.mapping(event, where, line):
            continue
        checker.known_keys(event, EVENT_KEYS, where)
        if checker.required(event, ("event",), where):
            checker.enum(event, "event", EVENT_NAMES, where)
        if "player" in event:
            checker.enum(event, "player", PLAYERS, where)
        if "how" in event:
            checker.enum(event, "how", SUMMON_HOWS, where)
        if "by" in event:
            checker.enum(event, "by", ("battle", "effect", "cost", "rule"), where)
        if "phase" in event:
            checker.enum(event, "phase", PHASES, where)
        if "kind" in event:
            checker.enum(event, "kind", ("battle", "effect"), where)
        if "from" in event:
            # ACT-07: a card whose activation was negated comes from an unknown place.
            checker.enum(event, "from", ZONES + ("unknown",), where)
        if "to" in event:
            checker.enum(event, "to", ZONES, where)
        for key in ("amount", "effect", "link"):
            if key in event:
                checker.integer(event, key, where, 0 if key == "amount" else 1, 10**9)
        card_ids = [event["card"]] if "card" in event else []
        if event.get("cards") is not None and checker.listing(event["cards"], f"{where}.cards",
                                                              checker.line(event, "cards")):
            card_ids += list(event["cards"])
        target = event.get("target")
        if target is not None and target != "direct":
            card_ids.append(target)
        for card_id in card_ids:
            if _card_id(card_id) not in by_id:
                checker.add(line, f"{where} names {card_id!r}, which is not a card of this "
                            "snapshot")


def _check_this_turn(state: dict, checker: Checker,
                     definitions: dict[str, CardDefinition]) -> None:
    this_turn = state.get("this_turn")
    if this_turn is None:
        return
    if not checker.mapping(this_turn, "state.this_turn", checker.line(state, "this_turn")):
        return
    checker.known_keys(this_turn, THIS_TURN_KEYS, "state.this_turn")
    for key in ("normal_summon_used", "pendulum_summon_used"):
        if key in this_turn and checker.listing(this_turn[key], f"state.this_turn.{key}",
                                                checker.line(this_turn, key)):
            for player in this_turn[key]:
                if player not in PLAYERS:
                    checker.add(checker.line(this_turn, key), f"state.this_turn.{key} lists "
                                f"players (A, B), not {describe(player)}")
    effects = this_turn.get("effects")
    if effects is not None and checker.listing(effects, "state.this_turn.effects",
                                               checker.line(this_turn, "effects")):
        for index, item in enumerate(effects, start=1):
            where = f"state.this_turn.effects[{index}]"
            if checker.mapping(item, where, checker.line(this_turn, "effects")):
                checker.known_keys(item, ("player", "kind", "until", "source"), where)
                if checker.required(item, ("player", "kind"), where):
                    checker.enum(item, "player", PLAYERS, where)
                    checker.enum(item, "kind", PLAYER_EFFECTS, where)
                if "until" in item:
                    checker.enum(item, "until", UNTIL, where)
                if "source" in item and not isinstance(item["source"], str):
                    checker.add(checker.line(item, "source"), f"{where}.source must be a card id")
    used = this_turn.get("used")
    if used is not None and checker.listing(used, "state.this_turn.used",
                                            checker.line(this_turn, "used")):
        for index, item in enumerate(used, start=1):
            where = f"state.this_turn.used[{index}]"
            if checker.mapping(item, where, checker.line(this_turn, "used")):
                checker.known_keys(item, ("player", "name", "effect"), where)
                if checker.required(item, ("player", "name", "effect"), where):
                    checker.enum(item, "player", PLAYERS, where)
                    checker.integer(item, "effect", where, 1, 20)
                    if not isinstance(item["name"], str) or item["name"] not in definitions:
                        checker.add(checker.line(item, "name"), f"{where}: unknown card name "
                                    f"{item['name']!r}")


def _check_pending(state: dict, checker: Checker, by_id: dict[str, CardEntry],
                   definitions: dict[str, CardDefinition]) -> None:
    pending = state.get("pending")
    if pending is None:
        return
    if not checker.listing(pending, "state.pending", checker.line(state, "pending")):
        return
    for index, item in enumerate(pending, start=1):
        where = f"state.pending[{index}]"
        line = pending.line_of(index - 1) if hasattr(pending, "line_of") else None
        if not checker.mapping(item, where, line):
            continue
        checker.known_keys(item, ("player", "card", "effect"), where)
        if not checker.required(item, ("player", "card", "effect"), where):
            continue
        checker.enum(item, "player", PLAYERS, where)
        checker.integer(item, "effect", where, 1, 20)
        entry = by_id.get(_card_id(item["card"]))
        if entry is None:
            checker.add(checker.line(item, "card"), f"{where} names {item['card']!r}, which is not "
                        "a card of this snapshot")
            continue
        effects = (definitions.get(entry.name) or {}).get("effects") or []
        number = item["effect"]
        if isinstance(number, int) and not isinstance(number, bool) and \
                1 <= number <= len(effects):
            if effects[number - 1].get("kind") not in ("trigger", "flip"):
                checker.add(checker.line(item, "effect"), f"{where}: effect {number} of "
                            f"{entry.name!r} is not a trigger or Flip effect, so it is never "
                            "pending")
        elif isinstance(number, int):
            checker.add(checker.line(item, "effect"), f"{where}: {entry.name!r} has no effect "
                        f"{number}")


def _check_counts(state: dict, checker: Checker, cards: list[CardEntry]) -> None:
    counts = state.get("counts")
    if counts is None:
        return
    if not checker.mapping(counts, "state.counts", checker.line(state, "counts")):
        return
    checker.known_keys(counts, PLAYERS, "state.counts")
    for player, totals in counts.items():
        if player not in PLAYERS:
            continue
        where = f"state.counts.{player}"
        if not checker.mapping(totals, where, checker.line(counts, player)):
            continue
        checker.known_keys(totals, ("deck", "hand", "extra"), where)
        for zone in ("deck", "hand", "extra"):
            if zone in totals and checker.integer(totals, zone, where, 0, 1000):
                listed = sum(1 for e in cards if e.zone == zone and e.owner == player)
                if totals[zone] < listed:
                    checker.add(checker.line(totals, zone), f"{where}.{zone} is {totals[zone]} but "
                                f"{listed} cards are listed there; the total includes them")

