"""`ygocheck actions SNAPSHOT --as A|B` (docs/format.md, "ygocheck actions --as"): what the
other player might be able to do, given only what this player knows.

The rules write the moment as this player knows it (view.py). Each hidden card of the other
player that the view still places — a Set card on the field, one more card in their hand
when they hold cards this player has not seen, one more card of their Extra Deck likewise —
may be any candidate card: the library's
cards, or a list the user gives. One hypothesis names one hidden card as one candidate, and the
rules decide both whether a hypothesis is a possible moment at all (its objections drop it) and
what the other player may then do. Python only builds the hypothetical snapshots and groups the
answers.

The hypotheses about one hidden card are grounded together as the options of one choice
(asp/input.lp, hypothesis_option/2): the board is grounded once for them, and each answer set
is the moment under one of them, exactly as that hypothesis's own snapshot would be (nothing
but the card's name differs, and nothing in the rules reads the options). Grounding a world
of its own for each hypothesis cost about 25 ms each on a 50-card board, the board once per
hypothesis; the choice costs a few milliseconds a hypothesis. The options of one choice are
candidates of one category (monster, Spell, Trap), at most GROUP of them: the descriptors of
all options stand for the one card in the grounding, and rules that join two of them (a cost
and an operation of effect 1) ground every pair, which grows with the square of the options.
A hypothesis whose snapshot lacks a fact of the moment as known, other than the card's name
and the definitions, is grounded as a world of its own (worlds.py), as every hypothesis once
was; so is each of a choice whose answer sets are not one per option.
First of all, the rules may say the other player has no decision to make at this moment,
whatever their cards are (asp/legality/guards.lp, no_decision_whatever_cards/2): then no
hypothesis is tried.
"""

from __future__ import annotations

from typing import Any

from .pipeline import Loaded, first_answers, from_mapping
from .problems import BadInput, Problem
from .solve import Answer

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
    known = from_mapping(seen, loaded.file)
    base = first_answers([known])[0]
    if isinstance(base, BadInput):
        raise base
    known_moment = decode(base)
    certain = [dict(a, rests_on=[]) for a in known_moment.actions if a["player"] == other]
    found_as: dict[str, Any] = {"as": player, "player": other, "candidates": len(names)}
    undecided = [str(a.arguments[1].string) for a in base.of("no_decision_whatever_cards")
                 if str(a.arguments[0]) == other.lower()]
    if undecided:
        return {**found_as, "actions": certain, "hypotheses": 0, "no_decision": undecided[0],
                "warnings": known_moment.warnings}
    built: list[tuple[Loaded, dict[str, Any]]] = []
    for snapshot, fact in hypotheses(seen, other, names):
        try:
            built.append((from_mapping(snapshot, loaded.file), fact))
        except BadInput:   # not even a possible snapshot (e.g. a Link Monster Set face-down)
            continue
    seen_actions = {_key(a) for a in certain}
    possible: list[dict[str, Any]] = []
    warnings = [known_moment.warnings]
    considered = 0
    for (_, fact), answer in zip(built, hypothesis_answers(known, built), strict=True):
        if answer is None:   # the rules say it cannot be the moment
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
    return {**found_as, "actions": certain + possible, "hypotheses": considered,
            "warnings": merge_warnings(*warnings)}


# The most hypotheses of one choice (module docstring). On the 50-card board of benchmarks/
# with B to act, the 1,516 hypotheses took 39 s as worlds (50 a grounding); as choices, 14.5 s
# in groups of one category and kind of at most 64 (74 groundings), 7.5 s of one category and
# at most 128 (16 groundings), 8.9 s of at most 256; 400 options of every kind in one grounding
# took 34 s alone.
GROUP = 128


def hypothesis_answers(known: Loaded, built: list[tuple[Loaded, dict[str, Any]]]) \
        -> list[Answer | None]:
    """The answer of each hypothesis, None where the rules object to it (not a possible
    moment): the options of one choice where a hypothesis differs from the moment as known only
    in its card's name and definition, else its own world (first_answers)."""
    import clingo

    known_facts = set(known.facts.splitlines())
    answers: list[Answer | None] = [None] * len(built)
    groups: dict[tuple[Any, ...], list[int]] = {}
    alone: list[int] = []
    for index, (item, fact) in enumerate(built):
        named = f"snapshot_card({clingo.String(fact['card'])},name,"
        lines = set(item.facts.splitlines())
        rest = frozenset(line for line in lines - known_facts
                         if not line.startswith((named, "definition")))
        fewer = [line for line in known_facts - lines
                 if not line.startswith((named, "definition"))]
        if fewer:
            alone.append(index)
            continue
        key = (fact["card"], rest, _defined(fact["is"], "category"))
        groups.setdefault(key, []).append(index)
    for (card, rest, *_), members in groups.items():
        named = f"snapshot_card({clingo.String(card)},name,"
        board = sorted(line for line in known_facts if not line.startswith(named))
        for start in range(0, len(members), GROUP):
            chosen = members[start:start + GROUP]
            found = _chosen(board, sorted(rest), card, [(i, built[i]) for i in chosen],
                            known_facts, known.file)
            if found is None:
                alone.extend(chosen)
                continue
            for index, answer in found.items():
                answers[index] = answer
    for index, own in zip(alone, first_answers([built[i][0] for i in alone]), strict=True):
        answers[index] = None if isinstance(own, BadInput) else own
    return answers


def _chosen(board: list[str], rest: list[str], card: str,
            members: list[tuple[int, tuple[Loaded, dict[str, Any]]]], known_facts: set[str],
            file: str) -> dict[int, Answer | None] | None:
    """The answers of hypotheses about `card` as the options of one choice (None for one the
    rules object to): the moment as known without the card's name, the card's other fields
    (`rest`), the definitions of every option and the options themselves. None when the rules
    answer other than once a hypothesis (then each is grounded alone)."""
    import clingo

    from .solve import solve

    definitions: set[str] = set()
    options = []
    index_of: dict[str, int] = {}
    for index, (item, fact) in members:
        definitions.update(line for line in item.facts.splitlines()
                           if line.startswith("definition") and line not in known_facts)
        options.append(f"hypothesis_option({clingo.String(card)},{clingo.String(fact['is'])}).")
        index_of[fact["is"]] = index
    facts = "\n".join(board + rest + sorted(definitions) + options) + "\n"
    try:
        found = solve(facts, "main.lp", all_models=True, file=file, most=len(members))
    except BadInput:
        return None
    out: dict[int, Answer | None] = {}
    for answer in found:
        assumed = answer.of("hypothesised")
        if len(assumed) != 1 or assumed[0].arguments[1].string not in index_of:
            return None
        index = index_of[assumed[0].arguments[1].string]
        if index in out:
            return None
        out[index] = None if answer.has("error") else answer
    # A hypothesis with no answer set at all is a bug in the rules: grounded alone, it says so.
    return out if len(out) == len(members) else None


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
