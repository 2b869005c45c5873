"""`play` and `resolve`: apply actions in order and resolve chains (CONTRACT sections 3, 5).

This module only sequences queries: the rules say which action is legal (legality/*.lp),
what it does (transition/*.lp), when the chain resolves, and which outcomes a choice opens.
What this module adds is the order of the queries: after an action, a chain whose players
have both passed is resolved link by link, and a summon that nobody can answer succeeds.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .actions import matches
from .catalogue import reason
from .decode import Decoded, expand
from .pipeline import from_mapping, legal_actions, run
from .transition import Outcome, next_snapshots, query_facts

MAX_STEPS = 200  # a chain of more links than this is not a duel


@dataclass
class Branch:
    """One line of play: the snapshot reached, the events on the way, the choices made."""

    snapshot: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class PlayResult:
    ok: bool
    snapshot: dict[str, Any]
    events: list[dict[str, Any]]
    stopped_at: dict[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "snapshot": self.snapshot, "events": self.events,
                "stopped_at": self.stopped_at}


def play(snapshot: dict[str, Any], actions: list[dict[str, Any]], file: str) -> PlayResult:
    """Apply `actions` in order; stop at the first illegal one, or where a choice is needed
    and the next action does not make it."""
    branch = Branch(snapshot=copy.deepcopy(snapshot))
    index = 0
    while index < len(actions):
        action = actions[index]
        if action.get("action") == "choose":
            return _stop(branch, index, action, "a `choose` action only follows a step that "
                         "leaves a choice", kind="illegal")
        loaded = from_mapping(copy.deepcopy(branch.snapshot), file)
        decoded = legal_actions(loaded, with_blocked=True)
        concrete = _concretize(action, decoded, loaded)
        if isinstance(concrete, dict) and "stop" in concrete:
            return _stop(branch, index, action, concrete["stop"], concrete.get("options"),
                         concrete.get("reasons"), concrete.get("kind", "illegal"))
        outcomes = next_snapshots(branch.snapshot, loaded.facts, query_facts(concrete), file)
        branches = _settle([_extend(branch, outcome) for outcome in outcomes], file)
        index += 1
        while len(branches) > 1:
            if index < len(actions) and actions[index].get("action") == "choose":
                chosen = [b for b in branches if _choice_fits(actions[index], b)]
                if not chosen:
                    return _stop(branch, index, actions[index], "no outcome fits this choice",
                                 _options(branches), kind="choice_needed")
                branches = chosen
                index += 1
            else:
                return _stop(branch, index, action, "a choice is needed",
                             _options(branches), kind="choice_needed")
        branch = branches[0]
    return PlayResult(ok=True, snapshot=branch.snapshot, events=branch.events)


def resolve(snapshot: dict[str, Any], file: str) -> list[Branch]:
    """Resolve the snapshot's chain as if both players had passed: every outcome."""
    start = copy.deepcopy(snapshot)
    state = start["state"]
    if not any(not link.get("resolved") for link in state.get("chain") or []):
        return [Branch(snapshot=start)]
    state["window"] = "resolving"
    state.pop("priority", None)
    return _settle([Branch(snapshot=start)], file)


def _extend(branch: Branch, outcome: Outcome) -> Branch:
    return Branch(snapshot=outcome.snapshot, events=branch.events + outcome.events,
                  choices=branch.choices + outcome.choices)


def _settle(branches: list[Branch], file: str) -> list[Branch]:
    """Carry every branch through what happens without a player's decision: resolving a
    chain whose players both passed (CHAIN-02), a summon nobody can answer (SUMMON-13)."""
    done: list[Branch] = []
    todo = list(branches)
    steps = 0
    while todo:
        steps += 1
        if steps > MAX_STEPS * max(1, len(branches)):
            from .problems import EncodingBug

            raise EncodingBug("the chain does not end: more steps than a duel can have")
        branch = todo.pop(0)
        state = branch.snapshot["state"]
        loaded = from_mapping(copy.deepcopy(branch.snapshot), file)
        if state.get("window") == "resolving":
            open_links = [link for link in state.get("chain") or [] if not link.get("resolved")]
            special = "resolve_top" if open_links else "finish_chain"
            outcomes = next_snapshots(branch.snapshot, loaded.facts, query_facts(None, special),
                                      file)
            todo = [_extend(branch, o) for o in outcomes] + todo
            continue
        answer = run(loaded)
        if answer.of("nobody_can_answer"):
            turn_player = state["turn_player"]
            other = "B" if turn_player == "A" else "A"
            passes = [{"player": turn_player, "action": "pass"},
                      {"player": other, "action": "pass"}]
            current = [branch]
            for step in passes:
                following = []
                for item in current:
                    item_loaded = from_mapping(copy.deepcopy(item.snapshot), file)
                    following += [_extend(item, o) for o in next_snapshots(
                        item.snapshot, item_loaded.facts, query_facts(step), file)]
                current = following
            todo = current + todo
            continue
        done.append(branch)
    return done


def _concretize(action: dict[str, Any], decoded: Decoded, loaded: Any) -> dict[str, Any]:
    """The legal action the player means, with every choice it needs; or why it cannot be."""
    wanted = {k: v for k, v in action.items()}
    variants = [v for legal in decoded.actions for v in _variants(legal)
                if matches(_without_cost(wanted), v) and _cost_fits(wanted, v)]
    if not variants:
        rules: list[str] = []
        for candidate, blocking in decoded.blocked:
            if matches(_without_cost(wanted), candidate):
                rules.extend(r for r in blocking if r not in rules)
        if decoded.priority is not None and action.get("player") != decoded.priority and \
                "PRIORITY-02" not in rules:
            rules.insert(0, "PRIORITY-02")
        text = "not legal now" if rules else "no such action here (no card or effect matches)"
        return {"stop": text, "reasons": [reason(r) for r in rules]}
    distinct = {repr(sorted(v.items())): v for v in variants}
    if wanted.get("action") == "next" and "phase" not in wanted and len(distinct) > 1:
        # CONTRACT section 2: from Main Phase 1, `next` goes to the Battle Phase where it is
        # allowed, else to the End Phase.
        battle = {k: v for k, v in distinct.items() if v.get("phase") == "battle"}
        distinct = battle or {k: v for k, v in distinct.items() if v.get("phase") == "end"}
    if len(distinct) > 1:
        return {"stop": "a choice is needed: name the targets, tributes or cards",
                "options": list(distinct.values()), "kind": "choice_needed"}
    chosen = dict(next(iter(distinct.values())))
    if chosen["action"] == "set" and loaded.snapshot is not None:
        card = loaded.snapshot.card(chosen["card"])
        category = loaded.snapshot.definitions.get(card.name, {}).get("category") if card else None
        chosen["_set_kind"] = "monster" if category == "monster" else "card"
    return chosen


def _variants(action: dict[str, Any]) -> list[dict[str, Any]]:
    variants = []
    for variant in expand(action):
        discards = variant.pop("discards_from", None)
        if discards is None:
            variants.append(variant)
            continue
        for combo in expand({"tributes_from": discards}):
            copy_ = dict(variant)
            copy_["cost"] = {"discard": combo["tributes"]}
            variants.append(copy_)
    return variants


def _without_cost(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "cost"}


def _cost_fits(wanted: dict[str, Any], variant: dict[str, Any]) -> bool:
    if "cost" not in wanted:
        return True
    given = (wanted.get("cost") or {}).get("discard")
    actual = (variant.get("cost") or {}).get("discard")
    return given is None or sorted(given) == sorted(actual or [])


def _choice_fits(choose: dict[str, Any], branch: Branch) -> bool:
    for choice in branch.choices:
        if all(choose.get(k) == choice.get(k) for k in ("choice", "card", "value")
               if k in choose):
            return True
    return False


def _options(branches: list[Branch]) -> list[dict[str, Any]]:
    return [{"choices": b.choices} for b in branches]


def _stop(branch: Branch, index: int, action: dict[str, Any], text: str,
          options: list[Any] | None = None, reasons: list[Any] | None = None,
          kind: str = "illegal") -> PlayResult:
    stopped: dict[str, Any] = {"index": index, "action": action, "reason": kind,
                               "message": text, "reasons": reasons or []}
    if options is not None:
        stopped["options"] = options
    return PlayResult(ok=False, snapshot=branch.snapshot, events=branch.events,
                      stopped_at=stopped)


def play_all(snapshot: dict[str, Any], actions: list[dict[str, Any]],
             file: str) -> tuple[list[Branch], PlayResult | None]:
    """Apply `actions` to every line of play at once: where a choice remains, each outcome is
    followed (a `choose` action keeps only the outcomes that fit it). Returns the branches
    reached, or the PlayResult of the first line that stopped on an illegal action."""
    branches = [Branch(snapshot=copy.deepcopy(snapshot))]
    for index, action in enumerate(actions):
        if action.get("action") == "choose":
            kept = [b for b in branches if _choice_fits(action, b)]
            if not kept:
                return branches, _stop(branches[0], index, action, "no outcome fits this choice",
                                       _options(branches), kind="choice_needed")
            branches = kept
            continue
        following: list[Branch] = []
        for branch in branches:
            loaded = from_mapping(copy.deepcopy(branch.snapshot), file)
            decoded = legal_actions(loaded, with_blocked=True)
            concrete = _concretize(action, decoded, loaded)
            if "stop" in concrete:
                return branches, _stop(branch, index, action, concrete["stop"],
                                       concrete.get("options"), concrete.get("reasons"),
                                       concrete.get("kind", "illegal"))
            outcomes = next_snapshots(branch.snapshot, loaded.facts, query_facts(concrete),
                                      file)
            following += _settle([_extend(branch, o) for o in outcomes], file)
        branches = following
    return branches, None


def check_actions(snapshot: dict[str, Any], actions: list[dict[str, Any]], file: str) -> None:
    """Refuse actions that cannot mean anything in this snapshot (bad input, exit 2): a card,
    target or tribute that is not there, or a card that is not the acting player's."""
    from .problems import BadInput, Problem

    cards = {c["id"]: c for c in snapshot["state"].get("cards") or []}
    problems = []
    for number, action in enumerate(actions, start=1):
        what = f"action {number} ({action.get('player')} {action.get('action')})"
        for key in ("card", "target"):
            value = action.get(key)
            if value is not None and value != "direct" and value not in cards:
                problems.append(f"{what} names {value!r}, which is not a card of the snapshot")
        for key in ("targets", "tributes", "cards"):
            for value in action.get(key) or []:
                if value not in cards:
                    problems.append(f"{what}: {key} names {value!r}, which is not a card of "
                                    "the snapshot")
        card = cards.get(action.get("card"))
        if card is not None and action.get("action") not in ("attack", "choose"):
            on_field = card["zone"] in ("monster", "extra_monster", "spell_trap", "field",
                                        "pendulum")
            user = card.get("controller", card["owner"]) if on_field else card["owner"]
            if user != action.get("player"):
                problems.append(f"{what}: {card['id']!r} is {user}'s card, not "
                                f"{action.get('player')}'s")
    if problems:
        raise BadInput([Problem(file, None, p) for p in problems])
