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

import re

import json
from typing import Any

from .checks import ID_PATTERN, WORD
from .limits import TEXT
from .registry import registry
from .vocabulary import values
from .vocabulary import words as vocabulary_words

# The kinds of action, their keys and the kind of value of each: asp/registry.lp.
ACTION_KEYS = registry().key_names
ACTION_KINDS = registry().kinds
# The keys of a cost that name cards (`cost: {discard: [...]}`): asp/registry.lp.
COST_CARD_KEYS = tuple(k.name.partition(".")[2] for k in registry().sub_keys.get("cost", ())
                       if k.value == "cards")
# Keys of the format no action kind reads yet: an action giving one is refused rather than
# performed as if the key were not there.
NOT_READ_YET = registry().unread_keys


class ActionError(ValueError):
    """A malformed action: the message says what is wrong and what would be right."""


def parse_action(text: str) -> dict[str, Any]:
    text = text.strip()
    if text.startswith("{"):
        try:
            given = json.loads(text)
        except json.JSONDecodeError as error:
            raise ActionError(f"action {text!r} is not valid JSON: {error.msg}") from None
        except RecursionError:
            raise ActionError(f"action {text[:60]!r}...: nested too deep; an action is an "
                              "object of card ids, lists of card ids and words") from None
        return check_action(given, text)
    words = text.split()
    if len(words) < 2:
        raise ActionError(f"action {text!r} needs at least a player and an action, e.g. "
                          "'A next' or 'B activate b_mirror'")
    action: dict[str, Any] = {"player": words[0], "action": words[1]}
    # The words after the kind give the keys of its compact form in order (asp/registry.lp,
    # action_written/3): an effect number only when the word is a number, a word of a domain
    # only when the word is one of it (a method), a list of card ids the remaining words.
    rest = words[2:]
    for key in registry().written.get(words[1], ()):
        value = registry().key(key).value
        if value == "effect" and rest and not rest[0].isdigit():
            continue
        if value.startswith("word(") and rest and \
                rest[0] not in vocabulary_words(value[len("word("):-1]):
            continue
        # str.isdigit also holds for digits int() does not read ("²"): the number must be
        # written in the digits 0-9.
        if value == "effect" and rest and not (rest[0].isascii() and 1 <= int(rest[0]) <= 20):
            raise ActionError(f"action {text!r}: {rest[0]!r} is not an effect number; "
                              "effect is a number from 1 to 20 written in digits 0-9")
        if value == "cards":
            if rest or key == "cards":
                action[key] = rest
            rest = []
        elif rest:
            action[key] = int(rest[0]) if value == "effect" else rest[0]
            rest = rest[1:]
    if rest and words[1] in ACTION_KINDS:
        raise ActionError(f"action {text!r}: {' '.join(rest)!r} is more than "
                          f"{words[1]} takes; its compact form is {_compact(words[1])}")
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
    if action.get("action") not in ACTION_KINDS:
        raise ActionError(f"action {text!r}: unknown action {action.get('action')!r}; one of "
                          f"{', '.join(ACTION_KINDS)}")
    unread = [k for k in NOT_READ_YET if k in action and action["action"] != "choose"]
    if unread:
        raise ActionError(f"action {text!r}: ygocheck does not read {', '.join(unread)} yet; "
                          "leave it out (a card placed on the field takes its player's lowest "
                          "free zone)")
    # A key only one kind gives (asp/registry.lp, action_key_only/2).
    for kind in sorted(set(registry().only_with.values())):
        given = [k for k, only in registry().only_with.items() if only == kind and k in action]
        if given and action["action"] != kind:
            raise ActionError(f"action {text!r}: {', '.join(given)} only go with {kind}")
    for key in registry().keys:
        if key.name in action and key.name not in ("player", "action"):
            _check_value(action[key.name], key.name, key.value, text, action)
    return action


def _check_value(value: Any, name: str, kind: str, text: str,
                 action: dict[str, Any] | None = None) -> None:
    """One key's value against the kind of value the registry gives it (action_key/3)."""
    if kind == "card" or kind.startswith("card_or("):
        word = kind[len("card_or("):-1] if kind != "card" else None
        if not (isinstance(value, str) and (ID_PATTERN.match(value) or value == word)):
            raise ActionError(f"action {text!r}: {name} must be a card id (lowercase letters, "
                              "digits and _)" + (f" or {word}" if word else ""))
    elif kind == "cards":
        _ids(value, f"action {text!r}: {name}")
    elif kind == "mapping":
        subs = registry().sub_keys[name]
        allowed = [k.name.partition(".")[2] for k in subs]
        if not isinstance(value, dict) or any(k not in allowed for k in value):
            raise ActionError(f"action {text!r}: {name} is a mapping with {_listed(allowed, 'and')}"
                              + (" (lists of card ids)" if all(k.value == "cards" for k in subs)
                                 else ""))
        for sub in subs:
            part = sub.name.partition(".")[2]
            if part in value:
                _check_value(value[part], sub.name, sub.value, text)
    elif kind == "effect":
        from .shapes import EFFECT_LIMIT

        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= EFFECT_LIMIT:
            raise ActionError(f"action {text!r}: {name} is an effect number from 1 to "
                              f"{EFFECT_LIMIT}")
    elif kind == "number":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
            raise ActionError(f"action {text!r}: {name} is a number from 1 to 9")
    elif kind.startswith("word("):
        domain_words = vocabulary_words(kind[len("word("):-1])
        told = registry().told.get(name)
        if value not in domain_words and told:
            raise ActionError(f"action {text!r}: {name} {value!r} is not {told}; one of "
                              f"{', '.join(domain_words)}")
        if value not in domain_words:
            raise ActionError(f"action {text!r}: unknown {name} {value!r}; {name} is "
                              f"{_listed(domain_words, 'or')}")
    elif kind == "slot":
        _check_slot(value, (action or {}).get("zone"), text)
    elif kind == "word":
        if not (isinstance(value, str) and WORD.match(value)):
            raise ActionError(f"action {text!r}: {name} must be a word")
    elif kind == "text":
        if not (isinstance(value, str) and value.strip() and len(value) <= TEXT):
            raise ActionError(f"action {text!r}: {name} must be a text: a card's official "
                              "English name, or the word of a kind of monster card")


def _check_slot(value: Any, zone: Any, text: str) -> None:
    """A slot goes with a zone a monster is summoned to and is one of that zone's slots
    (asp/vocabulary.lp, slot/1)."""
    zones = vocabulary_words("summon_zone")
    if zone is None:
        shown = "; ".join(f"{z}: {_slots_text(z)}" for z in zones)
        raise ActionError(f"action {text!r}: slot goes with zone ({shown})")
    slots = values(f"slot({zone})")
    if isinstance(value, bool) or value not in [s if isinstance(s, int) else str(s)
                                                for s in slots]:
        raise ActionError(f"action {text!r}: slot {value!r} is not a slot of the {zone} zone; "
                          f"one of {', '.join(map(str, slots))}")


def _slots_text(zone: str) -> str:
    slots = values(f"slot({zone})")
    if all(isinstance(s, int) for s in slots):
        return f"{min(slots)}-{max(slots)}"  # type: ignore[type-var]
    return ", ".join(map(str, slots))


def _listed(items: Any, last: str) -> str:
    names = [str(i) for i in items]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _compact(kind: str) -> str:
    return " ".join(["PLAYER", kind] + [key.upper() + ("..." if registry().key(key).value == "cards"
                                                       else "")
                                        for key in registry().written.get(kind, ())])


def _ids(value: Any, where: str) -> None:
    if not isinstance(value, list) or \
            not all(isinstance(v, str) and ID_PATTERN.match(v) for v in value):
        raise ActionError(f"{where} must be a list of card ids")


# The ids the rules give the Tokens an effect makes (token_1 ... token_10, docs/cards.md
# `summon_tokens`): a later action of the same line may name one the snapshot does not have yet.
NEW_TOKEN_ID = re.compile(r"token_(10|[1-9])\Z")


def check_cards(actions: list[dict[str, Any]], card_ids: set[str], file: str) -> None:
    """Refuse actions that name a card the snapshot does not have (bad input, exit 2)."""
    from .problems import BadInput, Problem

    problems = []
    for number, action in enumerate(actions, start=1):
        what = f"action {number} ({action.get('player')} {action.get('action')})"
        named = [action.get("card"), action.get("target")] + list(action.get("targets") or []) \
            + list(action.get("tributes") or []) + list(action.get("cards") or []) \
            + list(action.get("materials") or [])
        for key in COST_CARD_KEYS:
            named += list((action.get("cost") or {}).get(key) or [])
        if action.get("action") == "choose":
            named = [action.get("card")]
        for card_id in named:
            if card_id is not None and card_id != "direct" and card_id not in card_ids \
                    and not (number > 1 and isinstance(card_id, str)
                             and NEW_TOKEN_ID.match(card_id)):
                problems.append(f"{what} names {card_id!r}, which is not a card of the snapshot")
        declared = action.get("declare")
        if isinstance(declared, str) and not WORD.match(declared) and not _known_name(declared):
            from .known import nearest

            problems.append(f"{what} declares {declared!r}, which is no card name ygocheck "
                            f"knows (a card's official English name){nearest(declared)}")
    if problems:
        raise BadInput([Problem(file, None, p) for p in problems])


def _known_name(name: str) -> bool:
    """Whether a declared card name is the name of a card ygocheck knows (the library or the
    official list): which names may be declared is the rules'; a name no card has is
    bad input."""
    from .known import by_name

    return by_name(name) is not None
