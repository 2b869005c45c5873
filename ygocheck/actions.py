"""Action objects (CONTRACT section 2): parsing from the command line and matching.

An action on the command line is a JSON object or a compact string:
    'B activate b_mirror'            player, action, card
    'A activate a_mst 1 b_decree'    ... effect number, then targets
    'A tribute_summon a_bewd a_x a_y' ... tributes
    'A next battle'                  next with the phase
    'A attack a_dragon direct'       attack with its target
    'A choose position a_dm defense' a choice left open on resolution
"""

from __future__ import annotations

import json
from typing import Any

from .decode import ACTION_ORDER, expand

ACTION_KEYS = ("player", "action", "card", "effect", "targets", "tributes", "materials", "zone",
               "slot", "target", "method", "phase", "cards", "cost", "declare", "position", "to",
               "choice", "value")


class ActionError(ValueError):
    """A malformed action: the message says what is wrong and what would be right."""


def parse_action(text: str) -> dict[str, Any]:
    text = text.strip()
    if text.startswith("{"):
        try:
            action = json.loads(text)
        except json.JSONDecodeError as error:
            raise ActionError(f"action {text!r} is not valid JSON: {error.msg}") from None
        return check_action(action, text)
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
        for key, value in zip(("choice", "card", "value"), rest):
            action[key] = value
    elif rest:
        action["card"] = rest[0]
        extra = rest[1:]
        if kind in ("activate", "decline") and extra and extra[0].isdigit():
            action["effect"] = int(extra[0])
            extra = extra[1:]
        if extra:
            action["tributes" if kind in ("tribute_summon", "set") else "targets"] = extra
    return check_action(action, text)


def check_action(action: Any, text: str) -> dict[str, Any]:
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
    return action


def matches(expected: dict[str, Any], action: dict[str, Any]) -> bool:
    """True when every key `expected` gives equals the action's (CONTRACT section 4).
    Targets and tributes match when they are one of the action's legal choices."""
    for variant in expand(action):
        if all(_equal(key, value, variant.get(key, _MISSING)) for key, value in expected.items()):
            return True
    return False


_MISSING = object()


def _equal(key: str, wanted: Any, actual: Any) -> bool:
    if actual is _MISSING:
        return False
    if key in ("targets", "tributes", "cards", "materials") and isinstance(wanted, list) \
            and isinstance(actual, list):
        return sorted(map(str, wanted)) == sorted(map(str, actual))
    return bool(wanted == actual)
