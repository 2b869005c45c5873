"""The shape of a ruling case's `expect` (and its other keys): an expectation that could not
fail is refused, so a case never passes vacuously.

`expect.legal: []` or `expect.state: {}` asserts nothing; `reasons` naming a rule that is not
in the catalogue can only be a typo; an expected card field or event key the tool never writes
would compare against an absent value. Each of these would let a case pass (or fail) for a
reason that is not the ruling, so each is a failure of the case with a message saying what
would be right.
"""

from __future__ import annotations

from typing import Any

from .limits import ACTIONS, LIST_ITEMS
from .shapes import EXPECT_KEYS, OUTCOME_MODES, STATUSES, VIEW_KEYS   # the one description

__all__ = ["EXPECT_KEYS", "OUTCOME_MODES", "STATUSES", "case_problems", "expect_problems"]
# What `outcomes: some` applies to: it alone would check nothing.
CHECKED_PER_OUTCOME = ("state", "events", "not_events", "legal", "illegal", "view")


def case_problems(data: dict[str, Any]) -> list[str]:
    """What is wrong with a case's keys other than its snapshot: `ruling`, `source`, `status`,
    `outcomes`, `do` and `expect`. An empty list when nothing is."""
    problems: list[str] = []
    add = problems.append
    for key in ("ruling", "source"):
        if not (isinstance(data.get(key), str) and data[key].strip()):
            add(f"a case needs `{key}`: "
                + ("the ruling in one sentence" if key == "ruling"
                   else "the seed file and section it comes from"))
    if "status" in data and data["status"] not in STATUSES:
        add(f"status is one of {', '.join(STATUSES)}, not {data['status']!r}")
    if "outcomes" in data and data["outcomes"] not in OUTCOME_MODES:
        add(f"outcomes is one of {', '.join(OUTCOME_MODES)}, not {data['outcomes']!r}")
    if "do" in data and data["do"] is not None:
        if not isinstance(data["do"], list):
            add("do is a list of actions (strings like 'A activate a_pot' or mappings)")
        elif len(data["do"]) > ACTIONS:
            add(f"do lists {len(data['do'])} actions; at most {ACTIONS} are played")
    problems.extend(expect_problems(data.get("expect"), "outcomes" in data))
    return problems


def expect_problems(expect: Any, outcomes_given_outside: bool = False) -> list[str]:
    """What is wrong with one `expect` mapping."""
    from .schema import CARD_ENTRY_KEYS, EVENT_KEYS, STATE_KEYS

    if not isinstance(expect, dict) or not expect:
        return ["a case needs `expect` with at least one of: " + ", ".join(EXPECT_KEYS)]
    problems: list[str] = []
    add = problems.append
    for key in expect:
        if key not in EXPECT_KEYS:
            add(f"unknown key {key!r} in expect; allowed: {', '.join(EXPECT_KEYS)}")
    for key in ("legal", "illegal", "events", "not_events", "reasons"):
        if key in expect:
            _non_empty_list(expect[key], f"expect.{key}", add)
    if "outcomes" in expect:
        if expect["outcomes"] not in OUTCOME_MODES:
            add(f"expect.outcomes is one of {', '.join(OUTCOME_MODES)}, not "
                f"{expect['outcomes']!r}")
    if ("outcomes" in expect or outcomes_given_outside) and \
            not any(key in expect for key in CHECKED_PER_OUTCOME):
        add("outcomes says how the other expectations hold over the outcomes; alone it checks "
            "nothing: add state, events, not_events, legal, illegal or view")
    if "reasons" in expect:
        _reasons(expect, add)
    if "state" in expect:
        _state(expect["state"], STATE_KEYS, CARD_ENTRY_KEYS, add)
    if "view" in expect:
        _view(expect["view"], CARD_ENTRY_KEYS, add)
    for key in ("events", "not_events"):
        if isinstance(expect.get(key), list):
            for number, event in enumerate(expect[key], start=1):
                _event(event, f"expect.{key}[{number}]", EVENT_KEYS, add)
    return problems


def _non_empty_list(value: Any, where: str, add: Any) -> None:
    if not isinstance(value, list):
        add(f"{where} must be a list, not {type(value).__name__}")
    elif not value:
        add(f"{where} is empty, so it checks nothing: list at least one item or leave the key "
            "out")
    elif len(value) > LIST_ITEMS:
        add(f"{where} lists {len(value)} items; at most {LIST_ITEMS} are read")


def _reasons(expect: dict[str, Any], add: Any) -> None:
    from .catalogue import catalogue

    if not (expect.get("legal") or expect.get("illegal")):
        add("expect.reasons explains the first legal or illegal action: give expect.legal or "
            "expect.illegal too")
    if not isinstance(expect["reasons"], list):
        return
    known = catalogue()
    for rule in expect["reasons"]:
        if not isinstance(rule, str) or rule not in known:
            add(f"expect.reasons: {rule!r} is not a rule ID of the catalogue "
                "(asp/catalogue.yaml lists them)")


def _state(value: Any, state_keys: tuple[str, ...], card_keys: tuple[str, ...],
           add: Any) -> None:
    if not isinstance(value, dict):
        add(f"expect.state must be a mapping, not {type(value).__name__}")
        return
    if not value:
        add("expect.state is empty, so it checks nothing: give the parts of the state that must "
            "match, or leave it out")
        return
    for key in value:
        if key not in state_keys:
            add(f"unknown key {key!r} in expect.state; allowed: {', '.join(state_keys)}")
    _sub_keys(value, add)
    lp = value.get("lp")
    if "lp" in value and not (isinstance(lp, dict) and lp and all(
            player in ("A", "B") and isinstance(points, int) for player, points in lp.items())):
        add("expect.state.lp maps players (A, B) to their LP, a whole number each")
    if "chain" in value and not isinstance(value["chain"], list):
        add("expect.state.chain is a list of links (chain: [] for an empty chain)")
    cards = value.get("cards")
    if "cards" not in value:
        return
    if not isinstance(cards, dict) or not cards:
        add("expect.state.cards maps card ids to the fields that must match, e.g. "
            "{a_x: {zone: graveyard}}")
        return
    _card_fields(cards, "expect.state.cards", "say what must hold", card_keys, add)


def _card_fields(cards: dict[Any, Any], where: str, what: str, card_keys: tuple[str, ...],
                 add: Any) -> None:
    """Card id → the fields that must match: each a non-empty mapping of known card fields."""
    for card_id, fields in cards.items():
        if not isinstance(fields, dict) or not fields:
            add(f"{where}.{card_id} gives no field to match: {what}, e.g. {{zone: graveyard}}")
            continue
        for field in fields:
            if field not in card_keys or field == "id":
                add(f"unknown card field {field!r} in {where}.{card_id}; allowed: "
                    f"{', '.join(k for k in card_keys if k != 'id')}")


def _view(value: Any, card_keys: tuple[str, ...], add: Any) -> None:
    """expect.view: for each player (A, B), what their view of the moment shows (`shows`: card
    id → fields), leaves out (`hides`: card ids) and counts (`counts`, as state.counts)."""
    from .shapes import COUNTED
    from .vocabulary import PLAYERS

    if not isinstance(value, dict) or not value:
        add("expect.view maps a player (A, B) to what their view must hold, e.g. "
            "{B: {hides: [a_x]}}")
        return
    for player, wanted in value.items():
        where = f"expect.view.{player}"
        if player not in PLAYERS:
            add(f"expect.view: {player!r} is no player; the views are those of A and B")
            continue
        if not isinstance(wanted, dict) or not wanted:
            add(f"{where} gives nothing to check: give {', '.join(VIEW_KEYS)}")
            continue
        for key in wanted:
            if key not in VIEW_KEYS:
                add(f"unknown key {key!r} in {where}; allowed: {', '.join(VIEW_KEYS)}")
        shows = wanted.get("shows")
        if "shows" in wanted:
            if not isinstance(shows, dict) or not shows:
                add(f"{where}.shows maps card ids to the fields the view must give them, e.g. "
                    "{a_x: {name: Dark Magician}}")
            else:
                _card_fields(shows, f"{where}.shows", "say what the view must show of it",
                             card_keys, add)
        if "hides" in wanted:
            hides = wanted["hides"]
            if not (isinstance(hides, list) and hides and all(isinstance(c, str)
                                                                for c in hides)):
                add(f"{where}.hides is a non-empty list of card ids the view leaves out")
        if "counts" in wanted:
            counts = wanted["counts"]
            if not (isinstance(counts, dict) and counts and all(
                    owner in PLAYERS and isinstance(zones, dict) and zones and all(
                        zone in COUNTED.keys and isinstance(n, int) for zone, n in zones.items())
                    for owner, zones in counts.items())):
                add(f"{where}.counts is as state.counts: a player (A, B) → "
                    f"{{{', '.join(COUNTED.keys)}: a whole number}}")


def _sub_keys(value: dict[str, Any], add: Any) -> None:
    """The keys inside `battle`, `this_turn` and `result`: one the snapshot never has would be
    compared with an absent value and pass whenever it is expected null or empty."""
    from .schema import BATTLE_KEYS, THIS_TURN_KEYS
    from .shapes import RESULT

    for key, known in (("battle", BATTLE_KEYS), ("this_turn", THIS_TURN_KEYS),
                       ("result", RESULT.keys)):
        part = value.get(key)
        if key not in value or part is None:
            continue
        if not isinstance(part, dict):
            add(f"expect.state.{key} is a mapping of {', '.join(known)}")
            continue
        for sub in part:
            if sub not in known:
                add(f"unknown key {sub!r} in expect.state.{key}; allowed: {', '.join(known)}")


def _event(value: Any, where: str, event_keys: tuple[str, ...], add: Any) -> None:
    from .vocabulary import words

    if not isinstance(value, dict) or not value:
        add(f"{where} is a mapping of the event's keys that must match, e.g. "
            "{event: destroyed, card: a_x}; an empty one would match any event")
        return
    for key in value:
        if key not in event_keys:
            add(f"unknown key {key!r} in {where}; allowed: {', '.join(event_keys)}")
    names = words("event")
    if "event" in value and value["event"] not in names:
        add(f"{where}: unknown event {value['event']!r}; the events are {', '.join(names)}")
