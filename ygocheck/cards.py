"""Card definitions: the built-in library and cards declared inside a snapshot.

A definition is plain data checked against the vocabulary of docs/cards.md. Nothing here
decides what a card may do: that follows in ASP from the descriptors.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from typing import Any

from .checks import Checker, describe
from .load import parse_yaml
from .problems import BadInput
from .shapes import (AS_MONSTER, ATTRIBUTES, BATTLE_CONDITION, BATTLE_ROLES, CARD, CATEGORIES,
                     COST_KEYS, COST_SPEC, EFFECT, EFFECT_KINDS, EVENT_PATTERN, EVENTS_NAMED,
                     GROUPS, INCLUDED_EFFECT, INHERENT_SUMMON, KINDS, MATERIAL_GROUP, MATERIALS,
                     MONSTER_ONLY, NEGATES, OPERATION, OPERATIONS, PHASES, PLACES, REQUIREMENT,
                     RESPONDS_TO, RETURN_MOMENTS, SUMMON_METHODS, TARGET_SPEC, TARGET_WHAT,
                     TARGET_WHERE,
                     TIMINGS, TURNS, WHO, Either, ListOf, Record)

CardDefinition = dict[str, Any]

# The card vocabulary and the keys of each part of a definition, from the one description of
# the format (shapes.py), which the JSON Schemas are written from too.
CARD_KEYS = CARD.keys
EFFECT_KEYS = EFFECT.keys
BATTLE_KEYS = BATTLE_CONDITION.keys
TARGET_KEYS = TARGET_SPEC.keys
EVENT_KEYS = EVENT_PATTERN.keys
OPERATION_KEYS = OPERATION.keys
EVENTS = EVENTS_NAMED
__all__ = ["ATTRIBUTES", "BATTLE_ROLES", "CATEGORIES", "COST_KEYS", "EFFECT_KINDS", "EVENTS",
           "GROUPS", "KINDS", "NEGATES", "OPERATIONS", "PHASES", "PLACES", "SUMMON_METHODS",
           "TARGET_WHAT", "TARGET_WHERE", "TIMINGS", "TURNS", "WHO"]


# The operations whose amount `equal_to` with `read_from` may give (asp/transition/resolution.lp).
STAT_CHANGES = ("change_atk", "change_def", "set_atk", "set_def")


def _without_condition(mapping: dict, checker: Checker, where: str) -> dict:
    """Card text is rules: a free-text `condition` would stand where a rule reads a clause,
    and no rule reads it. It is refused with what to write instead; the mapping is returned
    without it, so that it is reported once."""
    if not isinstance(mapping, dict) or "condition" not in mapping:
        return mapping
    checker.add(checker.line(mapping, "condition"), f"{where}.condition: free text is not read "
                "by the rules, so it cannot decide a ruling; express the clause with the "
                "descriptors (docs/cards.md; a condition on the board is `requires:`), or "
                "declare it `unmodelled: <the clause>` so that "
                "every answer resting on it says so (`note:` is for a remark that changes no "
                "ruling)")
    return {k: v for k, v in mapping.items() if k != "condition"}


# The keys that describe the cards an operation picks (shape: only with `what: picked`). Which
# operations may pick, and which cards an operation may act on, are the rules' (asp/check.lp).
PICK_KEYS = ("from", "category", "kind", "effect", "attribute", "name", "archetype",
             "max_level",
             "min_level", "max_atk",
             "min_atk", "max_def", "min_def", "tuner")


# The information keys a group of monsters named by what the effect answers may be narrowed by.
INFORMATION_KEYS = ("attribute", "name", "archetype", "max_level", "min_level", "max_atk",
                    "min_atk", "max_def", "min_def")
NARROWED_GROUPS = ("summoned_monster",)


# A Fusion or Ritual Summon names with these keys where its materials are and which Fusion or
# Ritual Monsters it summons (asp/check.lp, filters.lp, legality/effect_summon.lp).
DESCRIBES_ITS_SUMMON = {"fusion_summon": ("from", "archetype"),
                        "ritual_summon": ("from", "name", "archetype"),
                        "link_summon": ("from",)}


def _check_operation_arguments(effect: dict, checker: Checker, where: str,
                               line: int | None) -> None:
    """What each operation needs to do anything: `what: picked` and the places `from` names
    (neither without the other), an amount for damage and LP, a return moment for a temporary
    banishment, and `after` only where there is a step before it (which cards an operation
    may act on is the rules': asp/check.lp)."""
    operations = effect.get("does")
    if not isinstance(operations, list):
        operations = []
    for index, operation in enumerate(operations, start=1):
        if not isinstance(operation, dict):
            continue
        at = checker.line(operations, index - 1) or line
        here = f"{where}.does[{index}]"
        if operation.get("what") == "picked":
            if "from" not in operation:
                checker.add(at, f"{here}: `what: picked` needs `from`, the places the cards "
                            "are picked from (a list of hand, deck, graveyard, banished)")
        else:
            # A group of monsters ("that monster(s) with 1500 or more ATK") is narrowed by
            # what a card is (asp/filters.lp), never by where it is picked from.
            narrows = INFORMATION_KEYS if operation.get("what") in NARROWED_GROUPS else ()
            stray = [key for key in PICK_KEYS if key in operation and key not in narrows
                     and key not in DESCRIBES_ITS_SUMMON.get(str(operation.get("op")), ())]
            if stray:
                checker.add(at, f"{here}: {', '.join(stray)} describe the cards an operation "
                            "picks; give `what: picked` (or use targets for a targeted card)")
    for index, operation in enumerate(operations, start=1):
        if not isinstance(operation, dict) or operation.get("op") not in ("damage", "gain_lp"):
            if isinstance(operation, dict) and "equal_to" in operation \
                    and not ("read_from" in operation
                             and operation.get("op") in STAT_CHANGES):
                checker.add(checker.line(operations, index - 1) or line,
                            f"{where}.does[{index}]: equal_to gives the amount of damage or "
                            "gain_lp, or with `read_from` of change_atk, change_def, set_atk "
                            "and set_def; this operation has no amount")
            continue
        at = checker.line(operations, index - 1) or line
        here = f"{where}.does[{index}]"
        if "equal_to" in operation and "amount" in operation:
            checker.add(at, f"{here}: give the amount (amount) or what it equals (equal_to), "
                        "not both")
        elif "equal_to" in operation and "what" not in operation \
                and operation["equal_to"] not in ("damage_before", "damage_taken"):
            # damage_before and damage_taken read no monster
            checker.add(at, f"{here}: equal_to needs `what`, the monster whose value it reads "
                        "(targets, attacker, battle_opponent, self, ...)")
        elif "amount" not in operation and "equal_to" not in operation \
                and "unmodelled" not in effect:
            checker.add(at, f"{here}: {operation['op']} needs its amount: `amount: N`, or "
                        "`equal_to: atk` with `what`; if the text's amount cannot be expressed "
                        "yet, say so with `unmodelled: <the clause>`")
    for index, operation in enumerate(operations, start=1):
        if isinstance(operation, dict) and operation.get("op") == "banish_temporarily" \
                and operation.get("until") not in RETURN_MOMENTS:
            checker.add(checker.line(operations, index - 1) or line,
                        f"{where}.does[{index}]: banish_temporarily needs `until`, when the card "
                        f"comes back: one of {', '.join(RETURN_MOMENTS)}; a return the words "
                        "cannot say (\"during your next Standby Phase\") is `unmodelled`")
    if operations and isinstance(operations[0], dict) and "after" in operations[0]:
        checker.add(checker.line(operations, 0) or line, f"{where}.does[1]: `after` joins an "
                    "operation to the one before it; the first operation has none")
    applies = effect.get("applies")
    for index, operation in enumerate(applies if isinstance(applies, list) else [], start=1):
        if isinstance(operation, dict) and "after" in operation:
            checker.add(line, f"{where}.applies[{index}]: `after` is for the steps of `does`; a "
                        "continuous effect has none")


def check_card(name: Any, card: Any, checker: Checker, line: int | None) -> None:
    """Check one card definition against docs/cards.md, adding problems to `checker`."""
    if not isinstance(name, str) or not name.strip():
        checker.add(line, f"a card name must be a non-empty text, not {describe(name)}")
        return
    where = f"card {name!r}"
    if not checker.mapping(card, where, line):
        return
    checker.known_keys(_without_condition(card, checker, where), CARD_KEYS, where)
    if not checker.required(card, CARD.required, where):
        return
    if not checker.enum(card, "category", CATEGORIES, where):
        return
    category = card["category"]
    checker.enum(card, "kind", KINDS[category], where)
    if category == "monster":
        _check_monster(card, checker, where)
    else:
        for key in MONSTER_ONLY:
            if key in card:
                checker.add(checker.line(card, key), f"{where}.{key} is only for monsters")
    CARD.check_fields(checker, card, where, ("archetypes", "archetypes_unknown", "text",
                                             "passcode", "unmodelled", "note",
                                             "remains_on_field", "hidden_card",
                                             "maintenance_lp"))
    if "remains_on_field" in card and category == "monster":
        checker.add(checker.line(card, "remains_on_field"), f"{where}.remains_on_field is "
                    "for Normal Spells and Traps that stay on the field")
    if "as_monster" in card:
        if category != "trap":
            checker.add(checker.line(card, "as_monster"), f"{where}.as_monster is for Traps "
                        "that Special Summon themselves as monsters (Trap Monsters)")
        else:
            _check_record(card["as_monster"], AS_MONSTER, checker, f"{where}.as_monster",
                          checker.line(card, "as_monster"))
    effects = card.get("effects", [])
    if effects is None:
        return
    if not checker.listing(effects, f"{where}.effects", checker.line(card, "effects")):
        return
    for index, effect in enumerate(effects, start=1):
        _check_effect(card, effect, checker, f"{where} effect {index}",
                      effects.line_of(index - 1) if hasattr(effects, "line_of") else line)


def _check_monster(card: dict, checker: Checker, where: str) -> None:
    """The shape of a monster's fields. Which numbers a kind of monster has (a Rank, not a
    Level, for an Xyz Monster; no Level or DEF for a Link Monster; Link Arrows as many as the
    Link Rating; no Pendulum Scale on a Link Monster) is a rule of the game: asp/check.lp
    decides it, on the definition's facts."""
    CARD.check_fields(checker, card, where, ("attribute", "type", "atk", "def", "level", "rank",
                                             "link", "link_arrows", "scale", "tributes",
                                             "cannot_normal_summon", "no_normal_summon_the_turn",
                                             "normal_set_only",
                                             "revival_limit", "tuner", "flip",
                                             "effect_monster", "summoned_only_by",
                                             "one_face_up_only", "maintenance_detach"))
    if "inherent_summon" in card:
        given = card["inherent_summon"]
        procedures = given if isinstance(given, list) else [given]
        if not procedures:
            checker.add(checker.line(card, "inherent_summon"), f"{where}.inherent_summon: a "
                        "list of procedures names at least one")
        for number, procedure in enumerate(procedures, start=1):
            here = f"{where}.inherent_summon" + (f"[{number}]" if isinstance(given, list) else "")
            if not _check_record(procedure, INHERENT_SUMMON, checker, here,
                                 checker.line(card, "inherent_summon")):
                continue
            # A further procedure is read with no cost (asp/cards.lp).
            if number > 1 and "cost" in procedure:
                checker.add(checker.line(card, "inherent_summon"), f"{here}: only the first "
                            "procedure may have a cost; write the one with a cost first")
            # The further procedures are read from the hand, face-up, with no record
            # (asp/cards.lp); the record of leaves_to is read on a summon that only the one
            # procedure can have made (asp/transition/summon.lp).
            for key in ("face", "leaves_to"):
                if key in procedure and len(procedures) > 1:
                    checker.add(checker.line(card, "inherent_summon"), f"{here}: `{key}` is "
                                "read on a card's one procedure only; declare the clause "
                                "`unmodelled` on a card with several")
            if number > 1 and procedure.get("from", "hand") != "hand":
                checker.add(checker.line(card, "inherent_summon"), f"{here}: a further "
                            "procedure is read from the hand only (`from: hand`)")
            cost = procedure.get("cost")
            if isinstance(cost, dict):
                _check_procedure_cost(cost, checker, f"{here}.cost",
                                      checker.line(card, "inherent_summon"))
            if isinstance(procedure.get("requires"), list):
                for index, condition in enumerate(procedure["requires"], start=1):
                    if isinstance(condition, dict):
                        _check_requirement(condition, checker, f"{here}.requires[{index}]",
                                           checker.line(card, "inherent_summon"))
    if "materials" in card:
        _check_materials(card, checker, where)
    arrows = card.get("link_arrows")
    # The arrows become one fact each: a list naming one twice would lose it unseen.
    if isinstance(arrows, list) and all(isinstance(a, str) for a in arrows) and \
            len(set(arrows)) != len(arrows):
        checker.add(checker.line(card, "link_arrows"), f"{where}.link_arrows names an arrow "
                    "twice")


def _check_procedure_cost(cost: dict, checker: Checker, where: str, line: int | None) -> None:
    """What the shape of a procedure's cost cannot say: a face-down cost banishes, and a
    group's place is one of the cost's own."""
    if cost.get("face") == "down" and cost.get("how") != "banish":
        checker.add(line, f"{where}: `face: down` is said of a cost that banishes "
                    "(`how: banish`); a Tribute has no face")
    places = cost.get("where", "field")
    places = places if isinstance(places, list) else [places]
    for index, group in enumerate(cost.get("groups") or [], start=1):
        if isinstance(group, dict) and "where" in group and group["where"] not in places:
            checker.add(line, f"{where}.groups[{index}].where is {group['where']!r}, not one "
                        f"of the cost's places ({', '.join(map(str, places))}); add it to "
                        "the cost's `where`")


def _check_materials(card: dict, checker: Checker, where: str) -> None:
    """The shape of a material line: its groups (each with one size: count, or min with an
    optional max), or `unmodelled: true` when the line is kept for people only. Which kinds
    of monster have materials is a rule of the game: asp/check.lp decides it."""
    line = checker.line(card, "materials")
    here = f"{where}.materials"
    materials = card["materials"]
    if not _check_record(materials, MATERIALS, checker, here, line):
        return
    unmodelled = materials.get("unmodelled") is True
    if not unmodelled and "groups" not in materials:
        checker.add(line, f"{here} needs groups (the material line as descriptions) or "
                    "unmodelled: true")
    if unmodelled and any(k in materials for k in ("groups", "including", "different_names")):
        checker.add(line, f"{here}: an unmodelled line has no groups; give one or the other")
    for part in ("groups", "including"):
        listed = materials.get(part)
        if not isinstance(listed, list) or not checker.listing(listed, f"{here}.{part}", line):
            continue
        for index, group in enumerate(listed, start=1):
            at = f"{here}.{part}[{index}]"
            if not _check_record(group, MATERIAL_GROUP, checker, at, line):
                continue
            sizes = [k for k in ("count", "min") if k in group]
            if len(sizes) != 1:
                checker.add(line, f"{at} gives how many with exactly one of count (exactly N) "
                            "or min (at least N, with an optional max)")
            elif "max" in group and "count" in group:
                checker.add(line, f"{at}: max goes with min, not with count")
            elif "max" in group and isinstance(group.get("min"), int) \
                    and isinstance(group["max"], int) and group["max"] < group["min"]:
                checker.add(line, f"{at}: max ({group['max']}) is below min ({group['min']})")
    on_monster = materials.get("on_monster")
    if isinstance(on_monster, dict):
        at = f"{here}.on_monster"
        group = on_monster.get("group")
        if isinstance(group, dict):
            sizes = [k for k in ("count", "min", "max") if k in group]
            if sizes:
                checker.add(line, f"{at}.group describes the one monster it is summoned on; "
                            f"drop {', '.join(sizes)}")
        conditions = on_monster.get("requires")
        if isinstance(conditions, list):
            for index, condition in enumerate(conditions, start=1):
                if isinstance(condition, dict):
                    _check_requirement(condition, checker, f"{at}.requires[{index}]", line)


def _check_effect(card: dict, effect: Any, checker: Checker, where: str,
                  line: int | None) -> None:
    if not checker.mapping(effect, where, line):
        return
    checker.known_keys(_without_condition(effect, checker, where), EFFECT_KEYS, where)
    if not checker.required(effect, EFFECT.required, where):
        return
    if not checker.enum(effect, "kind", EFFECT_KINDS, where):
        return
    kind = effect["kind"]
    # Which cards have a card activation or a Flip effect is a rule of the game:
    # asp/check.lp decides it.
    EFFECT.check_fields(checker, effect, where, tuple(
        key for key, spec in EFFECT.fields.items()
        if key != "kind" and not isinstance(spec, (Record, ListOf, Either))))
    for key in ("when", "trigger"):
        if key in effect:
            _check_record(effect[key], EVENT_PATTERN, checker, f"{where}.{key}",
                          checker.line(effect, key))
    if kind == "trigger" and "trigger" not in effect and "timing" not in effect \
            and "phase" not in effect and "unmodelled" not in effect:
        checker.add(line, f"{where}: a trigger effect needs `trigger` (its event), `timing` or "
                    "`phase`; if what triggers it cannot be described yet, say so with "
                    "`unmodelled: <the clause>`")
    if "battle" in effect:
        _check_battle(effect["battle"], checker, f"{where}.battle", checker.line(effect, "battle"))
    if "responds_to" in effect:
        _check_responds_to(effect["responds_to"], checker, f"{where}.responds_to",
                           checker.line(effect, "responds_to"))
    for key, record in (("targets", TARGET_SPEC), ("cost", COST_SPEC), ("does", OPERATION),
                        ("applies", OPERATION), ("requires", REQUIREMENT)):
        if key in effect:
            _check_records(effect[key], record, checker, f"{where}.{key}",
                           checker.line(effect, key))
    groups = effect.get("targets")
    if isinstance(groups, list) and len(groups) > 1 and \
            any(isinstance(g, dict) and g.get("up_to") for g in groups):
        checker.add(checker.line(effect, "targets"), f"{where}.targets: \"up to\" (up_to) is "
                    "for an effect with one target group; with more, declare the clause "
                    "`unmodelled`")
    costs = effect.get("cost")
    for index, cost in enumerate(costs if isinstance(costs, list) else [], start=1):
        if isinstance(cost, dict) and ("remove_counters" in cost) != ("counter" in cost):
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: remove_counters "
                        "and counter go together: how many counters of which kind are removed "
                        "from this card ({remove_counters: 1, counter: spell})")
        for source in ("counters_from_field", "counters_from_your_field"):
            if isinstance(cost, dict) and source in cost and "remove_counters" not in cost:
                checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: "
                            f"{source} says where remove_counters takes its counters "
                            "({remove_counters: 2, counter: kaiju, counters_from_field: true})")
        if isinstance(cost, dict) and "counters_from_field" in cost \
                and "counters_from_your_field" in cost:
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: the counters "
                        "come from anywhere on the field (counters_from_field) or from your "
                        "field (counters_from_your_field); give one")
        taking = isinstance(cost, dict) and ("send_to_graveyard" in cost or "banish" in cost
                                             or "send_to_graveyard_any" in cost)
        if isinstance(cost, dict) and taking != ("from" in cost):
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: "
                        "send_to_graveyard and from go together (banish and from too): how "
                        "many cards are taken from where ({send_to_graveyard: 1, from: hand, "
                        "category: "
                        "monster}; {banish: 1, from: graveyard, category: monster, type: "
                        "Plant})")
        if isinstance(cost, dict) and "send_to_graveyard" in cost \
                and cost.get("from") == "graveyard":
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: a card in the GY "
                        "is not sent to the GY; from: hand")
        if isinstance(cost, dict) and "send_to_graveyard" in cost and "banish" in cost:
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: a cost sends "
                        "cards to the GY or banishes them, not both; give two costs")
        if isinstance(cost, dict) and "banish_top_of_deck" in cost and "face" not in cost:
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: "
                        "banish_top_of_deck and face go together ({banish_top_of_deck: 10, "
                        "face: down}: \"banish 10 cards from the top of your Deck, face-down\")")
        if isinstance(cost, dict) and "face" in cost and "banish_top_of_deck" not in cost \
                and "banish" not in cost:
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: face says how "
                        "a banish or banish_top_of_deck cost banishes its cards")
        if isinstance(cost, dict) and cost.get("from") == "extra" and "banish" not in cost:
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: from: extra "
                        "goes with banish ({banish: 3, from: extra, face: down})")
        if isinstance(cost, dict) and "random" in cost and cost.get("from") != "extra":
            checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: random goes "
                        "with banish from: extra (\"banish 3 random face-down cards from your "
                        "Extra Deck\")")
        for key in ("category", "type"):
            if isinstance(cost, dict) and key in cost and not taking:
                checker.add(checker.line(effect, "cost"), f"{where}.cost[{index}]: {key} says "
                            "what a send_to_graveyard or banish cost takes; give one of them "
                            "and from with it")
    if isinstance(effect.get("requires"), list):
        for index, condition in enumerate(effect["requires"], start=1):
            if isinstance(condition, dict):
                _check_requirement(condition, checker, f"{where}.requires[{index}]",
                                   checker.line(effect, "requires"))
    _check_operation_arguments(effect, checker, where, line)


def _check_record(value: Any, record: Record, checker: Checker, where: str,
                  line: int | None) -> bool:
    """A mapping of one part of a definition: its keys, its required keys, its values."""
    if not checker.mapping(value, where, line):
        return False
    checker.known_keys(_without_condition(value, checker, where), record.keys, where)
    checker.required(value, record.required, where)
    record.check_fields(checker, value, where)
    return True


def _check_records(value: Any, record: Record, checker: Checker, where: str,
                   line: int | None) -> None:
    """A list of such mappings (targets, costs, operations): each at the list's line."""
    if not checker.listing(value, where, line):
        return
    for index, item in enumerate(value, start=1):
        _check_record(item, record, checker, f"{where}[{index}]", line)


def _check_requirement(condition: dict, checker: Checker, where: str,
                       line: int | None) -> None:
    """A condition says what it counts (controls, in) or compares (lp), once; counts and
    filters belong to cards counted, never to LP."""
    said = [key for key in ("controls", "in", "lp", "this_card", "summoned_by",
                            "battle_phase_monsters", "summons_this_turn",
                            "activated_this_turn", "battled_this_turn")
            if key in condition]
    if len(said) != 1:
        checker.add(line, f"{where} must say exactly one of controls (cards the player "
                    "controls), in (cards in a place), lp (LP compared with the other "
                    f"player's), this_card (what this card did), summoned_by (the card whose "
                    f"effect Special Summoned this card), battle_phase_monsters (the monsters "
                    f"of the start of this Battle Phase), summons_this_turn (the monsters the "
                    f"player summoned this turn), activated_this_turn (what the player "
                    f"activated this turn) or battled_this_turn (the kind of monster that "
                    f"battled this turn); it says {', '.join(said) or 'none'}")
        return
    if said[0] == "battled_this_turn":
        extra = [key for key in condition if key != said[0]]
        if extra:
            checker.add(line, f"{where}: a battled_this_turn condition asks whether a monster "
                        f"of that kind battled this turn, either player's; drop "
                        f"{', '.join(extra)}")
        return
    if said[0] == "battle_phase_monsters":
        extra = [key for key in condition if key not in (said[0], "at_least")]
        if extra:
            checker.add(line, f"{where}: a battle_phase_monsters condition counts the "
                        f"monsters of its record only (at_least); drop {', '.join(extra)}")
        return
    if said[0] == "activated_this_turn":
        extra = [key for key in condition if key not in (said[0], "player")]
        if extra:
            checker.add(line, f"{where}: an activated_this_turn condition asks whether a "
                        f"player activated such an effect this turn (player); drop "
                        f"{', '.join(extra)}")
        return
    if said[0] == "summons_this_turn":
        extra = [key for key in condition
                 if key not in (said[0], "player", "at_least", "at_most")]
        if extra:
            checker.add(line, f"{where}: a summons_this_turn condition counts the monsters a "
                        f"player summoned this turn (player, at_least, at_most); drop "
                        f"{', '.join(extra)}")
        return
    if said[0] in ("this_card", "summoned_by"):
        extra = [key for key in condition if key != said[0]]
        if extra:
            checker.add(line, f"{where}: a {said[0]} condition is about this card only; drop "
                        f"{', '.join(extra)}")
        return
    if said == ["lp"]:
        amount = condition.get("lp") in ("at_most", "at_least")
        extra = [key for key in condition
                 if key not in ("lp", "player") + (("amount",) if amount else ())]
        if extra:
            checker.add(line, f"{where}: an lp condition compares LP only; drop "
                        f"{', '.join(extra)}")
        if amount and "amount" not in condition:
            checker.add(line, f"{where}: lp {condition['lp']} needs the LP it compares with: "
                        "`amount: 1000` (\"if your LP are 1000 or less\")")
    elif "amount" in condition:
        checker.add(line, f"{where}: amount is the LP of an lp at_most/at_least condition; a "
                    "count of cards is at_least/at_most")
    least, most = condition.get("at_least"), condition.get("at_most")
    if isinstance(least, int) and isinstance(most, int) and least > most:
        checker.add(line, f"{where}: at_least {least} is more than at_most {most}; no count "
                    "meets it")
    if "more_than_other" in condition and "controls" not in condition:
        checker.add(line, f"{where}: more_than_other compares the cards two players control; "
                    "give controls (\"if your opponent controls more cards than you do\": "
                    "{controls: card, player: opponent, more_than_other: true})")
    if condition.get("player") == "both" and ("controls" not in condition
                                              or "more_than_other" in condition):
        checker.add(line, f"{where}: player both counts the cards of either field; it goes "
                    "with controls only, never with more_than_other (\"while an \"Endymion\" "
                    "card is on the field\": {controls: card, archetype: Endymion, player: both})")
    if condition.get("in") == "material" and "player" in condition:
        checker.add(line, f"{where}: in: material counts the materials attached to this card, "
                    "whoever owns them; drop player")
    if "in" in condition and ("face" in condition or "other" in condition) \
            and condition["in"] != "banished":
        checker.add(line, f"{where}: face and other describe cards on the field (controls) "
                    "or banished; drop them")


def _check_battle(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if _check_record(value, BATTLE_CONDITION, checker, where, line) and not value:
        checker.add(line, f"{where} names no condition; give at least `role` or `has_battled`")


def _check_responds_to(value: Any, checker: Checker, where: str, line: int | None,
                       nested: bool = False) -> None:
    if isinstance(value, list) and nested:
        checker.add(line, f"{where} is a list inside the list of alternatives; each "
                    "alternative is one mapping {what, kind, activation, player, targeting, "
                    "where, includes}")
        return
    if isinstance(value, list):
        if not value:
            checker.add(line, f"{where} lists no alternative")
        for index, item in enumerate(value, start=1):
            _check_responds_to(item, checker, f"{where}[{index}]", line, nested=True)
        return
    if _check_record(value, RESPONDS_TO, checker, where, line) and "includes" in value:
        _check_records(value["includes"], INCLUDED_EFFECT, checker, f"{where}.includes", line)


def check_definitions(definitions: Any, checker: Checker, where: str,
                      line: int | None) -> dict[str, CardDefinition]:
    """Check a mapping of card name -> definition; return the well-formed ones."""
    if not checker.mapping(definitions, where, line):
        return {}
    good: dict[str, CardDefinition] = {}
    for name, card in definitions.items():
        before = len(checker.problems)
        check_card(name, card, checker, checker.line(definitions, name))
        if len(checker.problems) == before:
            good[name] = card
    return good


def library_files() -> list[tuple[str, str]]:
    """(file name, text) of each library file, in a stable order."""
    folder = resources.files("ygocheck.library")
    return [(f"ygocheck/library/{entry.name}", entry.read_text(encoding="utf-8"))
            for entry in sorted(folder.iterdir(), key=lambda item: item.name)
            if entry.name.endswith(".yaml")]


def _fast_parse(text: str, file: str) -> Any:
    """The library is our own, checked strictly by the tests (duplicate keys, lines); at run
    time it is read with libyaml when available, which is several times faster."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is None:
        return parse_yaml(text, file)
    return yaml.load(text, Loader=loader)  # noqa: S506 - CSafeLoader is a safe loader


@lru_cache(maxsize=1)
def library(strict: bool = False) -> dict[str, CardDefinition]:
    """The built-in card library. A broken library is a bug in ygocheck, reported as such.
    `strict` reads it with the line-tracking loader that refuses duplicate keys.

    Parsing the YAML costs more than the rest of a query, so the package ships the checked
    library as JSON (library/compiled.json, written by `python -m ygocheck.library`) together
    with the hash of the YAML it was made from. It is used only when that hash is the hash of
    the YAML files installed beside it: an edited library or a changed or corrupt JSON file is
    never trusted, the YAML is read instead. Nothing is cached outside the installation."""
    files = library_files()
    if not strict:
        compiled = _compiled(files)
        if compiled is not None:
            return compiled
    return _read_library(files, strict=strict)


def library_digest(files: list[tuple[str, str]]) -> str:
    """The hash of the library's YAML files, names and texts."""
    digest = hashlib.sha256()
    for file, text in files:
        digest.update(file.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return digest.hexdigest()


def compiled_library(files: list[tuple[str, str]]) -> str:
    """The text of library/compiled.json for these YAML files: their hash, the checked cards,
    and the hash of the cards' own JSON (so a changed file is seen even if its source hash is
    left alone)."""
    cards = _read_library(files, strict=True)
    body = json.dumps(cards, sort_keys=True, ensure_ascii=False)
    return json.dumps({"sources": library_digest(files),
                       "cards_sha256": hashlib.sha256(body.encode("utf-8")).hexdigest(),
                       "cards": cards}, sort_keys=True, ensure_ascii=False) + "\n"


def _compiled(files: list[tuple[str, str]]) -> dict[str, CardDefinition] | None:
    try:
        text = resources.files("ygocheck.library").joinpath("compiled.json").read_text(
            encoding="utf-8")
    except OSError:
        return None
    return trusted_compiled(text, files)


def trusted_compiled(text: str, files: list[tuple[str, str]]) -> dict[str, CardDefinition] | None:
    """The cards of a compiled.json text if it was made from exactly these YAML files and is
    unchanged since; else None."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("sources") != library_digest(files):
        return None
    cards = data.get("cards")
    body = json.dumps(cards, sort_keys=True, ensure_ascii=False)
    if not isinstance(cards, dict) or \
            data.get("cards_sha256") != hashlib.sha256(body.encode("utf-8")).hexdigest():
        return None
    return cards


def _read_library(files: list[tuple[str, str]], strict: bool) -> dict[str, CardDefinition]:
    cards: dict[str, CardDefinition] = {}
    read: list[tuple[str, Any, dict[str, CardDefinition]]] = []
    for file, text in files:
        data = parse_yaml(text, file) if strict else _fast_parse(text, file)
        checker = Checker(file)
        good = check_definitions(data, checker, "the card library", None)
        for name in good:
            if name in cards:
                checker.add(checker.line(data, name), f"card {name!r} is defined twice in "
                            "the library")
        if checker.problems:
            raise BadInput(checker.problems)
        cards.update(good)
        read.append((file, data, good))
    from .pipeline import definition_objections   # the rules' checks of each definition

    problems = definition_objections(read)
    if problems:
        raise BadInput(problems)
    return cards
