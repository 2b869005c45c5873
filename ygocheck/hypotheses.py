"""`ygocheck actions SNAPSHOT --as A|B` (docs/format.md, "ygocheck actions --as"): what the
other player might be able to do, given only what this player knows.

The rules write the moment as this player knows it (view.py). Each hidden card of the other
player that the view still places — a Set card on the field, one more card in their hand
when they hold cards this player has not seen, one more card of their Extra Deck likewise —
may be any candidate card: the library's
cards, or a list the user gives. One hypothesis names one hidden card as one candidate; all
hypotheses are grounded together (one world each, worlds.py), and the rules decide both
whether a hypothesis is a possible moment at all (its objections drop it) and what the other
player may then do. Python only builds the hypothetical snapshots and groups the answers.
"""

from __future__ import annotations

from typing import Any

from .pipeline import Loaded, first_answers, from_mapping
from .problems import BadInput, Problem

PLACEHOLDERS = ("Hidden Monster", "Hidden Xyz Monster", "Hidden Set Card", "Hidden Field Card")


def candidate_names(file: str | None) -> list[str]:
    """The cards a hidden card may be: the library's, or the names a file lists (YAML: a list
    of names, or one name a line). An unknown name is bad input."""
    from .cards import library

    if file is None:
        return sorted(library())
    import yaml

    from .known import by_name, nearest
    from .load import read_text

    text = read_text(file)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = None
    if not (isinstance(data, list) and all(isinstance(n, str) for n in data)):
        data = [line.strip() for line in text.splitlines() if line.strip()]
    problems = [Problem(file, None, f"unknown card name {name!r}{nearest(name)}")
                for name in data if by_name(name) is None]
    if problems:
        raise BadInput(problems)
    if not data:
        raise BadInput([Problem(file, None, "the list of hidden cards names no card")])
    return list(dict.fromkeys(data))


def _defined(name: str, key: str) -> str | None:
    """A key of the card's definition (its category, its kind), None for a card not known."""
    from .known import by_name

    found = by_name(name)
    return found.definition.get(key) if found is not None else None


# The kinds of monster tried as a face-down Extra Deck card: the rules refuse the others anyway
# (asp/check.lp), so leaving them out only saves their grounding.
EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")


def hypotheses(seen: dict[str, Any], other: str, names: list[str]) -> \
        list[tuple[dict[str, Any], dict[str, Any]]]:
    """(snapshot, the hidden fact it assumes) for each hidden card of `other` and each name.
    A monster is not tried in a Spell & Trap Zone nor a Spell/Trap in a Monster Zone: the rules
    would refuse those snapshots anyway (check.lp), so this only saves their grounding."""
    cards = seen["state"]["cards"]
    categories = {name: _defined(name, "category") for name in names}
    out = []
    for index, card in enumerate(cards):
        if card.get("name") in PLACEHOLDERS and card.get("controller") == other:
            in_monster_zone = card.get("zone") in ("monster", "extra_monster")
            for name in names:
                if (categories[name] == "monster") != in_monster_zone:
                    continue
                hypo = _with_card(seen, index, dict(card, name=name))
                out.append((hypo, {"card": card["id"], "zone": card["zone"], "is": name}))
    counts = (seen["state"].get("counts") or {}).get(other, {})
    listed = sum(1 for c in cards if c.get("owner") == other and c.get("zone") == "hand")
    if counts.get("hand", listed) > listed:
        hidden_id = f"{other.lower()}_hidden_hand"
        for name in names:
            hypo = _with_card(seen, None, {"id": hidden_id, "name": name, "owner": other,
                                           "zone": "hand"})
            out.append((hypo, {"card": hidden_id, "zone": "hand", "is": name}))
    # One face-down card of their Extra Deck, when the view counts Extra Deck cards it does
    # not list.
    listed_extra = sum(1 for c in cards if c.get("owner") == other and c.get("zone") == "extra")
    if counts.get("extra", listed_extra) > listed_extra:
        hidden_id = f"{other.lower()}_hidden_extra"
        for name in names:
            if _defined(name, "kind") not in EXTRA_DECK_KINDS:
                continue
            hypo = _with_card(seen, None, {"id": hidden_id, "name": name, "owner": other,
                                           "zone": "extra"})
            out.append((hypo, {"card": hidden_id, "zone": "extra", "is": name}))
    return out


def _with_card(seen: dict[str, Any], index: int | None, card: dict[str, Any]) -> dict[str, Any]:
    """The view with one card entry replaced (index) or added (None). Only the path to that
    entry is copied: the rest is shared with the view, which nothing changes (a deep copy of
    the whole view for each hypothesis cost more than grounding it)."""
    state = dict(seen["state"])
    cards = list(state["cards"])
    if index is None:
        cards.append(card)
    else:
        cards[index] = card
    state["cards"] = cards
    return {**seen, "state": state}


def actions_as(loaded: Loaded, player: str, hidden_file: str | None = None) -> dict[str, Any]:
    from .decode import decode, merge_warnings, warnings_of
    from .view import view

    other = "B" if player == "A" else "A"
    names = candidate_names(hidden_file)
    seen = view(loaded, player)
    cases = hypotheses(seen, other, names)
    built: list[tuple[Loaded, dict[str, Any]]] = []
    for snapshot, fact in cases:
        try:
            built.append((from_mapping(snapshot, loaded.file), fact))
        except BadInput:   # not even a possible snapshot (e.g. a Link Monster Set face-down)
            continue
    known = from_mapping(seen, loaded.file)
    answers = first_answers([known] + [b for b, _ in built])
    base = answers[0]
    if isinstance(base, BadInput):
        raise base
    known_moment = decode(base)
    certain = [dict(a, rests_on=[]) for a in known_moment.actions if a["player"] == other]
    seen_actions = {_key(a) for a in certain}
    possible: list[dict[str, Any]] = []
    warnings = [known_moment.warnings]
    considered = 0
    for (_, fact), answer in zip(built, answers[1:], strict=True):
        if isinstance(answer, BadInput):   # the rules say it cannot be the moment
            continue
        considered += 1
        # The warnings are read only where the hypothesis lists an action (most list none).
        decoded = decode(answer, warnings=False)
        listing = [action for action in decoded.actions
                   if action["player"] == other and _key(action) not in seen_actions
                   and fact["card"] in _cards_named(action)]
        if not listing:
            continue
        found = warnings_of(answer)
        # The clauses of the hypothesised card the rules do not model (asp/unmodelled.lp):
        # an action resting on this hypothesis rests on them too.
        resting = dict(fact, unmodelled=[w for w in found if w["card"] == fact["card"]])
        possible.extend(dict(action, rests_on=[resting]) for action in listing)
        warnings.append(found)
    return {"as": player, "player": other, "actions": certain + possible,
            "hypotheses": considered, "candidates": len(names),
            "warnings": merge_warnings(*warnings)}


def _cards_named(action: dict[str, Any]) -> set[str]:
    named = {action.get("card")}
    for key in ("targets", "tributes", "cards"):
        named.update(action.get(key) or [])
    for group in action.get("targets_from") or []:
        named.update(group)
    return {n for n in named if n}


def _key(action: dict[str, Any]) -> str:
    import json

    return json.dumps({k: v for k, v in action.items() if k != "rests_on"}, sort_keys=True)
