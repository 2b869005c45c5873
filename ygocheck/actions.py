"""Action objects (docs/format.md, "Actions"): parsing from the command line, checking shape.

An action on the command line is a JSON object or a compact string:
    'B activate b_mirror'            player, action, card
    'A activate a_mst 1 b_decree'    ... effect number, then targets
    'A tribute_summon a_bewd a_x a_y' ... tributes
    'A next battle'                  next with the phase
    'A attack a_dragon direct'       attack with its target
    'A discard a_x a_y'              the hand-size discard, with the cards
    'A choose position a_dm defense' a choice left open on resolution
    'A special_summon a_stardust synchro a_veiler a_dm' ... the method, then the materials
What an action means in a moment (which legal action, with which cards) is the rules' to say
(asp/request.lp); this module only reads it.
"""

from __future__ import annotations

import json
from typing import Any

from .checks import ID_PATTERN, WORD
from .decode import ACTION_ORDER
from .shapes import PROCEDURES

ACTION_KEYS = ("player", "action", "card", "effect", "targets", "tributes", "materials", "zone",
               "slot", "target", "method", "phase", "cards", "cost", "declare", "position", "to",
               "choice", "value")
# Keys of the format the rules do not read yet: an action giving one is refused rather than
# performed as if the key were not there.
NOT_READ_YET = ("declare",)
# The keys only a summon by procedure (special_summon) gives, and the slots of each zone it
# may name (docs/format.md, "Zones and slots").
SUMMON_KEYS = ("materials", "method", "zone", "slot", "position")
SUMMON_ZONES = {"monster": (1, 2, 3, 4, 5), "extra_monster": ("left", "right")}
POSITIONS = ("attack", "defense")


class ActionError(ValueError):
    """A malformed action: the message says what is wrong and what would be right."""


def parse_action(text: str) -> dict[str, Any]:
    text = text.strip()
    if text.startswith("{"):
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as error:
            raise ActionError(f"action {text!r} is not valid JSON: {error.msg}") from None
        except RecursionError:
            raise ActionError(f"action {text[:60]!r}...: nested too deep; an action is an "
                              "object of card ids, lists of card ids and words") from None
        return check_action(parsed, text)
    words = text.split()
    if len(words) < 2:
        raise ActionError(f"action {text!r} needs at least a player and an action, e.g. "
                          "'A next' or 'B activate b_mirror'")
    action: dict[str, Any] = {"player": words[0], "action": words[1]}
    rest = words[2:]
    kind = words[1]
    if kind == "next":
        if rest:
            action["phase"] = rest[0]
    elif kind == "attack":
        if rest:
            action["card"] = rest[0]
        if len(rest) > 1:
            action["target"] = rest[1]
    elif kind in ("pass", "cancel_attack"):
        if kind == "cancel_attack" and rest:
            action["card"] = rest[0]
    elif kind == "discard":
        action["cards"] = rest
    elif kind == "choose":
        for key, value in zip(("choice", "card", "value"), rest, strict=False):
            action[key] = value
    elif kind == "special_summon":
        if rest:
            action["card"] = rest[0]
        extra = rest[1:]
        if extra and extra[0] in PROCEDURES:
            action["method"] = extra[0]
            extra = extra[1:]
        if extra:
            action["materials"] = extra
    elif rest:
        action["card"] = rest[0]
        extra = rest[1:]
        if kind in ("activate", "decline") and extra and extra[0].isdigit():
            # str.isdigit also holds for digits int() does not read ("²"): the number must
            # be written in the digits 0-9.
            if not (extra[0].isascii() and 1 <= int(extra[0]) <= 20):
                raise ActionError(f"action {text!r}: {extra[0]!r} is not an effect number; "
                                  "effect is a number from 1 to 20 written in digits 0-9")
            action["effect"] = int(extra[0])
            extra = extra[1:]
        if extra:
            action["tributes" if kind in ("tribute_summon", "set") else "targets"] = extra
    return check_action(action, text)


def check_action(action: Any, text: str) -> dict[str, Any]:
    """The shape of an action object: known keys, a player, an action name, card ids where
    cards go, an effect number."""
    if not isinstance(action, dict):
        raise ActionError(f"action {text!r} must be an object with player and action")
    unknown = [k for k in action if k not in ACTION_KEYS]
    if unknown:
        raise ActionError(f"action {text!r} has unknown key(s) {', '.join(map(str, unknown))}; "
                          f"allowed: {', '.join(ACTION_KEYS)}")
    if action.get("player") not in ("A", "B"):
        raise ActionError(f"action {text!r}: player must be A or B")
    if action.get("action") not in ACTION_ORDER:
        raise ActionError(f"action {text!r}: unknown action {action.get('action')!r}; one of "
                          f"{', '.join(ACTION_ORDER)}")
    unread = [k for k in NOT_READ_YET if k in action and action["action"] != "choose"]
    if unread:
        raise ActionError(f"action {text!r}: ygocheck does not read {', '.join(unread)} yet; "
                          "leave it out (a card placed on the field takes its player's lowest "
                          "free zone)")
    _check_summon_keys(action, text)
    for key in ("card", "target"):
        if key in action and not (isinstance(action[key], str) and ID_PATTERN.match(action[key])):
            raise ActionError(f"action {text!r}: {key} must be a card id (lowercase letters, "
                              "digits and _)" + (" or direct" if key == "target" else ""))
    for key in ("targets", "tributes", "cards"):
        if key in action:
            _ids(action[key], f"action {text!r}: {key}")
    if "cost" in action:
        cost = action["cost"]
        if not isinstance(cost, dict) or any(k not in ("discard", "tribute") for k in cost):
            raise ActionError(f"action {text!r}: cost is a mapping with discard and tribute "
                              "(lists of card ids)")
        for key, value in cost.items():
            _ids(value, f"action {text!r}: cost.{key}")
    if "effect" in action and (isinstance(action["effect"], bool) or
                               not isinstance(action["effect"], int) or
                               not 1 <= action["effect"] <= 20):
        raise ActionError(f"action {text!r}: effect is an effect number from 1 to 20")
    if "phase" in action and action["phase"] not in ("battle", "end"):
        raise ActionError(f"action {text!r}: phase is battle or end")
    if "to" in action:
        to = action["to"]
        if not isinstance(to, dict) or any(k not in ("phase", "step", "timing") for k in to) \
                or any(not (isinstance(v, str) and WORD.match(v)) for v in to.values()):
            raise ActionError(f"action {text!r}: to is a mapping of phase, step and timing")
    for key in ("choice", "value"):
        if key in action and not (isinstance(action[key], str) and WORD.match(action[key])):
            raise ActionError(f"action {text!r}: {key} must be a word")
    return action


def _check_summon_keys(action: dict[str, Any], text: str) -> None:
    """The keys of a summon by procedure: a method the format knows, material ids, a zone that
    exists and one of its slots, a battle position."""
    given = [k for k in SUMMON_KEYS if k in action]
    if given and action["action"] != "special_summon":
        raise ActionError(f"action {text!r}: {', '.join(given)} only go with special_summon")
    if "method" in action and action["method"] not in PROCEDURES:
        raise ActionError(f"action {text!r}: unknown method {action['method']!r}; one of "
                          f"{', '.join(PROCEDURES)}")
    if "materials" in action:
        _ids(action["materials"], f"action {text!r}: materials")
    if "zone" in action and action["zone"] not in SUMMON_ZONES:
        raise ActionError(f"action {text!r}: zone {action['zone']!r} is not a zone a monster is "
                          f"summoned to; one of {', '.join(SUMMON_ZONES)}")
    if "slot" in action:
        if "zone" not in action:
            raise ActionError(f"action {text!r}: slot goes with zone (monster: 1-5; "
                              "extra_monster: left, right)")
        slots = SUMMON_ZONES[action["zone"]]
        if isinstance(action["slot"], bool) or action["slot"] not in slots:
            raise ActionError(f"action {text!r}: slot {action['slot']!r} is not a slot of the "
                              f"{action['zone']} zone; one of {', '.join(map(str, slots))}")
    if "position" in action and action["position"] not in POSITIONS:
        raise ActionError(f"action {text!r}: position is attack or defense")


def _ids(value: Any, where: str) -> None:
    if not isinstance(value, list) or \
            not all(isinstance(v, str) and ID_PATTERN.match(v) for v in value):
        raise ActionError(f"{where} must be a list of card ids")


def check_cards(actions: list[dict[str, Any]], card_ids: set[str], file: str) -> None:
    """Refuse actions that name a card the snapshot does not have (bad input, exit 2)."""
    from .problems import BadInput, Problem

    problems = []
    for number, action in enumerate(actions, start=1):
        what = f"action {number} ({action.get('player')} {action.get('action')})"
        named = [action.get("card"), action.get("target")] + list(action.get("targets") or []) \
            + list(action.get("tributes") or []) + list(action.get("cards") or []) \
            + list(action.get("materials") or [])
        for key in ("discard", "tribute"):
            named += list((action.get("cost") or {}).get(key) or [])
        if action.get("action") == "choose":
            named = [action.get("card")]
        for card_id in named:
            if card_id is not None and card_id != "direct" and card_id not in card_ids:
                problems.append(f"{what} names {card_id!r}, which is not a card of the snapshot")
    if problems:
        raise BadInput([Problem(file, None, p) for p in problems])
