"""Lines of play: the rules decide every step, Python only loops.

Each step is one grounding of asp/step.lp: the state as facts plus, while actions remain, the
next action asked for (`do`). The rules answer what happens — an automatic step (a link
resolving, the end of a chain, a summon nobody can answer), the action performed, or why the
action is refused or leaves a choice open — and show the state that follows in the input's
own vocabulary, which is the next step's input as it is. A step with several answer sets has
several outcomes. When no action remains and nothing happens, the moment is settled: that
last answer also carries its legal actions, its objections and its current stats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .decode import meant
from .facts import request_facts
from .pipeline import Loaded, objections
from .problems import BadInput, EncodingBug
from .solve import Answer, solve
from .state_out import state_facts, state_key, value

# A line of play longer than this many steps does not end: a bug in the rules.
MAX_STEPS = 1000


@dataclass
class Branch:
    """One line of play: the state reached (facts), the choices made on the way, and, once
    the moment is settled, the rules' answer about it."""

    state: str
    choices: list[dict[str, Any]] = field(default_factory=list)
    answer: Answer | None = None


@dataclass
class Stop:
    """Where a line stopped: the action, why, the rules that decided, and the options of a
    choice left open."""

    index: int
    action: dict[str, Any]
    reason: str
    message: str
    rules: list[str] = field(default_factory=list)
    options: list[Any] | None = None
    answer: Answer | None = None
    branch: Branch | None = None


def choices_of(answer: Answer) -> list[dict[str, Any]]:
    found = [{"choice": str(kind), "card": value(card), "value": value(item)}
             for kind, card, item in (a.arguments for a in answer.of("choice"))]
    return sorted(found, key=lambda c: (c["choice"], str(c["card"]), str(c["value"])))


def fits_choice(choose: dict[str, Any], choices: list[dict[str, Any]]) -> bool:
    return any(all(choose.get(k) == c.get(k) for k in ("choice", "card", "value") if k in choose)
               for c in choices)


def run(loaded: Loaded, actions: list[dict[str, Any]], follow_all: bool = False,
        extras: tuple[str, ...] = (), questions: str = "") -> tuple[list[Branch], Stop | None]:
    """Apply `actions` in order from the loaded snapshot, with every automatic step the rules
    make, until the moment is settled. With `follow_all` every outcome is followed (a
    `choose` action keeps the lines whose choices fit it); otherwise a step with several
    outcomes stops the line unless the next action chooses one. `questions` are requests
    asked of every moment (a ruling file's expectations). Returns the settled branches, or the
    first stop."""
    todo: list[tuple[Branch, int, dict[str, Any] | None, bool]] = [
        (Branch(state=loaded.state), 0, None, True)]
    settled: list[Branch] = []
    dropped: list[tuple[int, dict[str, Any], list[Any]]] = []
    steps = 0
    while todo:
        branch, index, last, first = todo.pop(0)
        steps += 1
        if steps > MAX_STEPS:
            raise EncodingBug(f"the line of play from {loaded.file} does not end: more than "
                              f"{MAX_STEPS} steps")
        action = actions[index] if index < len(actions) else None
        choosing = action is not None and action.get("action") == "choose"
        answers = _ask(loaded, branch, None if choosing else action, extras, questions, first)
        answer = answers[0]
        if answer.has("automatic") or answer.has("request_used"):
            performed = not answer.has("automatic")
            following = index + 1 if performed else index
            last = action if performed else last
            outcomes = list({state_key(a): a for a in answers}.values())
            chooser = actions[following] if following < len(actions) else None
            if len(outcomes) > 1 and chooser is not None and chooser.get("action") == "choose":
                kept = [a for a in outcomes if fits_choice(chooser, choices_of(a))]
                if not kept:
                    return settled, Stop(following, chooser, "choice_needed",
                                         "no outcome fits this choice",
                                         options=_options(outcomes), branch=branch)
                outcomes = kept
                following += 1
            elif len(outcomes) > 1 and not follow_all:
                return settled, Stop(following, last or {}, "choice_needed",
                                     "a choice is needed", options=_options(outcomes),
                                     branch=branch)
            todo[:0] = [(Branch(state=state_facts(outcome),
                                choices=branch.choices + choices_of(outcome)), following, last,
                         False) for outcome in outcomes]
            continue
        if choosing:
            # A `choose` that no step just before it left open: with every line followed, it
            # keeps the lines whose earlier choices fit it.
            if follow_all and fits_choice(action, branch.choices):
                todo.insert(0, (branch, index + 1, action, first))
                continue
            if follow_all:
                dropped.append((index, action, branch.choices))
                continue
            return settled, Stop(index, action, "illegal", "a `choose` action only follows a "
                                 "step that leaves a choice", answer=answer, branch=branch)
        if action is not None:
            if answer.has("request_open_now"):
                return settled, Stop(index, action, "choice_needed", "a choice is needed: name "
                                     "the effect, targets, tributes or cards",
                                     options=meant(answer, "do"), answer=answer, branch=branch)
            rules = sorted({a.arguments[1].string for a in answer.of("refusal")
                            if str(a.arguments[0]) == "do"})
            message = "not legal now" if rules else \
                "no such action here (no card or effect matches it)"
            return settled, Stop(index, action, "illegal", message, rules=rules, answer=answer,
                                 branch=branch)
        branch.answer = answer
        settled.append(branch)
    if not settled and dropped:
        index, action, _ = dropped[0]
        return settled, Stop(index, action, "choice_needed", "no outcome fits this choice",
                             options=[{"choices": c} for _, _, c in dropped])
    return settled, None


def describe(loaded: Loaded, branch: Branch, extras: tuple[str, ...] = ()) -> Answer:
    """The rules' answer about a branch's moment itself, with no step made (`hold`)."""
    return _ask(loaded, branch, {"action": "hold"}, extras, "", branch.state is loaded.state)[0]


def _ask(loaded: Loaded, branch: Branch, action: dict[str, Any] | None,
         extras: tuple[str, ...], questions: str, first: bool) -> list[Answer]:
    requests = request_facts("do", action) if action is not None else ""
    answers = solve(branch.state + loaded.definitions + requests + questions, "step.lp",
                    extras, all_models=True, file=loaded.file)
    problems = objections(answers[0], loaded if first else Loaded(loaded.file, "", ""))
    if problems and first:
        raise BadInput(problems)
    if problems:
        raise EncodingBug("the rules produced a state that cannot exist: "
                          + "; ".join(p.message for p in problems))
    return answers


def _options(answers: list[Answer]) -> list[dict[str, Any]]:
    return [{"choices": choices_of(a)} for a in answers]


def new_events(answer: Answer, before: int) -> list[dict[str, Any]]:
    """The events of the settled moment after the first `before` ones."""
    from .state_out import EVENT_ORDER, _records

    records = _records(answer, "snapshot_event", EVENT_ORDER, repeated=("card",))
    return records[before:]
