"""Card definitions: the built-in library and cards declared inside a snapshot.

A definition is plain data checked against the vocabulary of docs/cards.md. Nothing here
decides what a card may do: that follows in ASP from the descriptors.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from importlib import resources
from typing import Any

from .checks import WORD, Checker, describe
from .load import parse_yaml
from .problems import BadInput

CardDefinition = dict[str, Any]

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
PLACES = ("hand", "set", "field", "face_down", "graveyard", "banished")
PHASES = ("draw", "standby", "main1", "main2", "battle", "end", "main")
TURNS = ("yours", "opponent", "any")
TIMINGS = ("start_of_damage_step", "before_damage_calculation", "damage_calculation",
           "after_damage_calculation", "end_of_damage_step", "start_of_battle_phase",
           "end_of_battle_phase", "battle_step", "end_phase")
EVENTS = ("summoning", "summoned", "flip_summoned", "flipped", "attack_declared",
          "attack_targeted", "activated", "destroyed", "sent_to_graveyard", "banished",
          "drawn", "discarded", "damage", "phase_start", "set")
SUMMON_METHODS = ("normal", "tribute", "set", "flip", "special", "fusion", "ritual", "synchro",
                  "xyz", "pendulum", "link")
WHO = ("you", "opponent", "any")
TARGET_WHAT = ("monster", "effect_monster", "spell_trap", "spell", "trap", "card")
TARGET_WHERE = ("field", "graveyard", "banished", "hand")
NEGATES = ("activation", "effect", "summon")
OPERATIONS = ("destroy", "negate_activation", "negate_effect", "negate_summon", "banish",
              "banish_temporarily", "return_to_hand", "return_to_deck", "send_to_graveyard",
              "special_summon", "change_atk", "change_def", "change_position",
              "change_to_face_down", "draw", "discard", "damage", "gain_lp",
              "no_battle_damage", "cannot_be_destroyed_by_battle", "place_counter", "equip",
              "take_control", "negate_effects", "negate_first_activation", "flip_face_up",
              "limit_attackers", "no_hand_limit", "piercing", "change_attack_target",
              "damage_calculation", "coin_toss", "second_attack",
              "replace_graveyard", "attack_cost", "must_be_attacked", "double_battle_damage",
              "halve_battle_damage")
OPERATION_KEYS = ("op", "what", "face", "until", "position", "amount", "to", "player", "count",
                  "counter", "of", "where", "other", "condition", "type", "bind", "by")
GROUPS = ("targets", "self", "all_monsters", "opponent_monsters", "your_monsters",
          "opponent_attack_position_monsters", "opponent_spell_traps", "all_spell_traps",
          "attacker", "activated_card", "summoning_monster", "equipped_monster",
          "summoned_monster", "opponent_face_down_monsters", "battle_opponent",
          "battling_monsters")
COST_KEYS = {"pay_lp": int, "pay_half_lp": bool, "discard": int, "discard_self": bool,
             "tribute": int,
             "tribute_self": bool, "send_self_to_graveyard": bool, "banish_self": bool,
             "detach": int}

CARD_KEYS = ("category", "kind", "attribute", "type", "level", "rank", "link", "link_arrows",
             "scale", "atk", "def", "tributes", "cannot_normal_summon", "revival_limit",
             "archetypes", "text",
             "passcode", "unmodelled",
             "remains_on_field", "effects")
EFFECT_KEYS = ("kind", "speed", "from", "phase", "turn", "timing", "when", "wording", "trigger",
               "optional", "responds_to", "targets", "cost", "once_per_turn", "negates",
               "changes_stats", "battle", "does", "applies", "condition", "text", "unmodelled")
# "if this card attacks / is attacked / battles ... a face-down Defense Position monster":
# the battle an effect needs (docs/cards.md, "Battle conditions").
BATTLE_KEYS = ("role", "face", "position", "summoned", "max_level", "attribute", "type",
               "has_battled", "during", "flipped")
BATTLE_ROLES = ("attacks", "attacked", "battles")
TARGET_KEYS = ("what", "where", "controller", "face", "position", "other", "count", "type",
               "attribute", "max_level", "min_level", "max_atk")
EVENT_KEYS = ("event", "player", "card", "how", "on_field", "by", "kind")


def check_card(name: Any, card: Any, checker: Checker, line: int | None) -> None:
    """Check one card definition against docs/cards.md, adding problems to `checker`."""
    if not isinstance(name, str) or not name.strip():
        checker.add(line, f"a card name must be a non-empty text, not {describe(name)}")
        return
    where = f"card {name!r}"
    if not checker.mapping(card, where, line):
        return
    checker.known_keys(card, CARD_KEYS, where)
    if not checker.required(card, ("category", "kind"), where):
        return
    if not checker.enum(card, "category", CATEGORIES, where):
        return
    category = card["category"]
    checker.enum(card, "kind", KINDS[category], where)
    if category == "monster":
        _check_monster(card, checker, where)
    else:
        for key in ("attribute", "type", "level", "rank", "link", "link_arrows", "scale", "atk",
                    "def", "tributes",
                    "cannot_normal_summon", "revival_limit"):
            if key in card:
                checker.add(checker.line(card, key), f"{where}.{key} is only for monsters")
    if "archetypes" in card and checker.listing(card["archetypes"], f"{where}.archetypes",
                                                checker.line(card, "archetypes")):
        for item in card["archetypes"]:
            if not isinstance(item, str):
                checker.add(checker.line(card, "archetypes"),
                            f"{where}.archetypes must list names (text)")
    if "text" in card:
        checker.text(card, "text", where)
    if "passcode" in card:   # the number printed on the card, what .ydk deck files list
        checker.integer(card, "passcode", where, 1, 99999999)
    if "unmodelled" in card:   # what of the card's text no descriptor expresses (docs/cards.md)
        checker.text(card, "unmodelled", where)
    if "remains_on_field" in card:
        checker.boolean(card, "remains_on_field", where)
        if category == "monster":
            checker.add(checker.line(card, "remains_on_field"), f"{where}.remains_on_field is "
                        "for Normal Spells and Traps that stay on the field")
    effects = card.get("effects", [])
    if effects is None:
        return
    if not checker.listing(effects, f"{where}.effects", checker.line(card, "effects")):
        return
    for index, effect in enumerate(effects, start=1):
        _check_effect(card, effect, checker, f"{where} effect {index}",
                      effects.line_of(index - 1) if hasattr(effects, "line_of") else line)


def _check_monster(card: dict, checker: Checker, where: str) -> None:
    kind = card.get("kind")
    if "attribute" in card:
        checker.enum(card, "attribute", ATTRIBUTES, where)
    if "type" in card:
        checker.text(card, "type", where)
    for key in ("atk", "def"):
        if key in card:
            checker.integer(card, key, where, 0, 100000)
    if kind == "xyz":
        if "rank" in card:
            checker.integer(card, "rank", where, 0, 13)
        if "level" in card:
            checker.add(checker.line(card, "level"), f"{where}: an Xyz Monster has a Rank, not a "
                        "Level")
    elif kind == "link":
        if "link" in card:
            checker.integer(card, "link", where, 1, 8)
        for key in ("level", "def"):
            if key in card:
                checker.add(checker.line(card, key), f"{where}: a Link Monster has no {key}")
    elif "level" in card:
        checker.integer(card, "level", where, 0, 13)
    if "rank" in card and kind != "xyz":
        checker.add(checker.line(card, "rank"), f"{where}: only Xyz Monsters have a Rank")
    if "link" in card and kind != "link":
        checker.add(checker.line(card, "link"), f"{where}: only Link Monsters have a Link "
                    "Rating")
    if "link_arrows" in card:
        _check_link_arrows(card, checker, where)
    if "scale" in card:   # a Pendulum Monster: its Pendulum Scale
        checker.integer(card, "scale", where, 0, 13)
        if kind == "link":
            checker.add(checker.line(card, "scale"), f"{where}: a Link Monster is never a "
                        "Pendulum Monster")
    if "tributes" in card:
        checker.integer(card, "tributes", where, 0, 5)
    if "cannot_normal_summon" in card:
        checker.boolean(card, "cannot_normal_summon", where)
    if "revival_limit" in card:
        checker.enum(card, "revival_limit", ("always", "unless_properly_summoned"), where)


def _check_link_arrows(card: dict, checker: Checker, where: str) -> None:
    """A Link Monster's arrows: each once, as many as its Link Rating."""
    line = checker.line(card, "link_arrows")
    arrows = card["link_arrows"]
    if card.get("kind") != "link":
        checker.add(line, f"{where}: only Link Monsters have Link Arrows")
        return
    if not checker.listing(arrows, f"{where}.link_arrows", line):
        return
    for arrow in arrows:
        if arrow not in LINK_ARROWS:
            checker.add(line, f"{where}.link_arrows has {describe(arrow)}; allowed: "
                        f"{', '.join(LINK_ARROWS)}")
            return
    if len(set(arrows)) != len(arrows):
        checker.add(line, f"{where}.link_arrows names an arrow twice")
    elif isinstance(card.get("link"), int) and len(arrows) != card["link"]:
        checker.add(line, f"{where}.link_arrows lists {len(arrows)} arrows; a Link Monster "
                    f"has as many as its Link Rating ({card['link']})")


def _check_effect(card: dict, effect: Any, checker: Checker, where: str,
                  line: int | None) -> None:
    if not checker.mapping(effect, where, line):
        return
    checker.known_keys(effect, EFFECT_KEYS, where)
    if not checker.required(effect, ("kind",), where):
        return
    if not checker.enum(effect, "kind", EFFECT_KINDS, where):
        return
    kind = effect["kind"]
    if kind == "activation" and card.get("category") == "monster":
        checker.add(checker.line(effect, "kind"), f"{where}: only Spells and Traps have a card "
                    "activation; use ignition, trigger, quick or flip")
    if kind == "flip" and card.get("category") != "monster":
        checker.add(checker.line(effect, "kind"), f"{where}: only monsters have Flip effects")
    if "speed" in effect:
        checker.enum(effect, "speed", (1, 2, 3), where)
    _check_list_of(effect, "from", PLACES, checker, where)
    _check_list_of(effect, "phase", PHASES, checker, where)
    _check_list_of(effect, "negates", NEGATES, checker, where)
    if "turn" in effect:
        checker.enum(effect, "turn", TURNS, where)
    if "timing" in effect:
        checker.enum(effect, "timing", TIMINGS, where)
    if "wording" in effect:
        checker.enum(effect, "wording", ("when", "if"), where)
    for key in ("optional", "changes_stats"):
        if key in effect:
            checker.boolean(effect, key, where)
    if "once_per_turn" in effect:
        checker.enum(effect, "once_per_turn", ("card", "name"), where)
    for key in ("when", "trigger"):
        if key in effect:
            _check_event(effect[key], checker, f"{where}.{key}", checker.line(effect, key))
    if kind == "trigger" and "trigger" not in effect and "timing" not in effect \
            and "phase" not in effect and "condition" not in effect:
        checker.add(line, f"{where}: a trigger effect needs `trigger` (its event), `timing`, "
                    "`phase` or a `condition`")
    if "battle" in effect:
        _check_battle(effect["battle"], checker, f"{where}.battle", checker.line(effect, "battle"))
    if "responds_to" in effect:
        _check_responds_to(effect["responds_to"], checker, f"{where}.responds_to",
                           checker.line(effect, "responds_to"))
    if "targets" in effect:
        _check_targets(effect["targets"], checker, f"{where}.targets",
                       checker.line(effect, "targets"))
    if "cost" in effect:
        _check_costs(effect["cost"], checker, f"{where}.cost", checker.line(effect, "cost"))
    for key in ("does", "applies"):
        if key in effect:
            _check_operations(effect[key], checker, f"{where}.{key}", checker.line(effect, key))
    for key in ("condition", "text", "unmodelled"):
        if key in effect:
            checker.text(effect, key, where)


def _check_list_of(mapping: dict, key: str, allowed: tuple, checker: Checker,
                   where: str) -> None:
    if key not in mapping:
        return
    value = mapping[key]
    line = checker.line(mapping, key)
    if not checker.listing(value, f"{where}.{key}", line):
        return
    for item in value:
        if item not in allowed:
            checker.add(line, f"{where}.{key} has {item!r}; allowed: {', '.join(allowed)}")


def _check_event(event: Any, checker: Checker, where: str, line: int | None) -> None:
    if not checker.mapping(event, where, line):
        return
    checker.known_keys(event, EVENT_KEYS, where)
    if checker.required(event, ("event",), where):
        checker.enum(event, "event", EVENTS, where)
    if "player" in event:
        checker.enum(event, "player", WHO, where)
    if "card" in event:
        checker.enum(event, "card", ("self", "any", "battle_opponent"), where)
    if "by" in event:
        checker.enum(event, "by", ("battle", "effect"), where)
    if "kind" in event:
        checker.enum(event, "kind", ("battle", "effect"), where)
    if "on_field" in event:
        checker.boolean(event, "on_field", where)
    _check_list_of(event, "how", SUMMON_METHODS, checker, where)


def _check_battle(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if not checker.mapping(value, where, line):
        return
    checker.known_keys(value, BATTLE_KEYS, where)
    if "role" in value:
        checker.enum(value, "role", BATTLE_ROLES, where)
    if "face" in value:
        checker.enum(value, "face", ("up", "down"), where)
    if "position" in value:
        checker.enum(value, "position", ("attack", "defense"), where)
    if "summoned" in value:
        checker.enum(value, "summoned", SUMMON_METHODS, where)
    if "max_level" in value:
        checker.integer(value, "max_level", where, 1, 13)
    if "attribute" in value:
        checker.enum(value, "attribute", ATTRIBUTES, where)
    if "type" in value:
        checker.text(value, "type", where)
    for key in ("has_battled", "flipped"):
        if key in value:
            checker.boolean(value, key, where)
    if "during" in value:
        checker.enum(value, "during", ("damage_step", "damage_calculation"), where)
    if not value:
        checker.add(line, f"{where} names no condition; give at least `role` or `has_battled`")


def _check_responds_to(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if isinstance(value, list):
        if not value:
            checker.add(line, f"{where} lists no alternative")
        for index, item in enumerate(value, start=1):
            _check_responds_to(item, checker, f"{where}[{index}]", line)
        return
    if not checker.mapping(value, where, line):
        return
    checker.known_keys(value, ("what", "activation", "player", "targeting"), where)
    if "targeting" in value:
        checker.enum(value, "targeting", ("only_self", "self"), where)
    if "what" in value:
        checker.enum(value, "what", ("spell", "trap", "monster", "card"), where)
    if "activation" in value:
        checker.enum(value, "activation", ("card", "effect", "any"), where)
    if "player" in value:
        checker.enum(value, "player", WHO, where)


def _check_targets(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if not checker.listing(value, where, line):
        return
    for index, spec in enumerate(value, start=1):
        spec_where = f"{where}[{index}]"
        if not checker.mapping(spec, spec_where, line):
            continue
        checker.known_keys(spec, TARGET_KEYS, spec_where)
        if "what" in spec:
            checker.enum(spec, "what", TARGET_WHAT, spec_where)
        if "where" in spec:
            checker.enum(spec, "where", TARGET_WHERE, spec_where)
        if "controller" in spec:
            checker.enum(spec, "controller", WHO, spec_where)
        if "face" in spec:
            checker.enum(spec, "face", ("up", "down", "any"), spec_where)
        if "position" in spec:
            checker.enum(spec, "position", ("attack", "defense", "any"), spec_where)
        if "other" in spec:
            checker.boolean(spec, "other", spec_where)
        if "count" in spec:
            checker.integer(spec, "count", spec_where, 1, 10)
        for key in ("max_level", "min_level", "max_atk"):
            if key in spec:
                checker.integer(spec, key, spec_where, 0, 100000)
        if "attribute" in spec:
            checker.enum(spec, "attribute", ATTRIBUTES, spec_where)
        if "type" in spec:
            checker.text(spec, "type", spec_where)


def _check_costs(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if not checker.listing(value, where, line):
        return
    for index, cost in enumerate(value, start=1):
        cost_where = f"{where}[{index}]"
        if not checker.mapping(cost, cost_where, line):
            continue
        checker.known_keys(cost, COST_KEYS, cost_where)
        for key, wanted in COST_KEYS.items():
            if key in cost:
                if wanted is bool:
                    checker.boolean(cost, key, cost_where)
                else:
                    checker.integer(cost, key, cost_where, 1, 100000)


def _check_operations(value: Any, checker: Checker, where: str, line: int | None) -> None:
    if not checker.listing(value, where, line):
        return
    for index, operation in enumerate(value, start=1):
        op_where = f"{where}[{index}]"
        if not checker.mapping(operation, op_where, line):
            continue
        checker.known_keys(operation, OPERATION_KEYS, op_where)
        if checker.required(operation, ("op",), op_where):
            checker.enum(operation, "op", OPERATIONS, op_where)
        if "what" in operation:
            checker.enum(operation, "what", GROUPS, op_where)
        if "player" in operation:
            checker.enum(operation, "player", ("you", "opponent", "both"), op_where)
        if "of" in operation:
            checker.enum(operation, "of", ("spell", "trap", "monster", "card"), op_where)
        if "bind" in operation:
            checker.boolean(operation, "bind", op_where)
        if "by" in operation:
            checker.enum(operation, "by", ("battle",), op_where)
        if "amount" in operation:
            checker.integer(operation, "amount", op_where, -100000, 100000)
        if "count" in operation:
            checker.integer(operation, "count", op_where, 1, 100)
        for key in ("face", "until", "position", "to", "counter", "where"):
            if key in operation and not (isinstance(operation[key], str)
                                         and WORD.match(operation[key])):
                checker.add(checker.line(operation, key), f"{op_where}.{key} is "
                            f"{describe(operation[key])}; it is a lowercase word like "
                            "end_of_turn, attack or graveyard")
        if "other" in operation:
            checker.boolean(operation, "other", op_where)


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
    return cards
