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

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .decode import meant, merge_warnings, warnings_of
from .facts import request_facts
from .pipeline import Loaded, objections
from .problems import BadInput, EncodingBug
from .solve import MAX_OUTCOMES, Answer, solve, too_many_outcomes
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
    # The unmodelled clauses some moment of the line rested on (asp/unmodelled.lp).
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def settled_answer(self) -> Answer:
        """The rules' answer about the moment a settled line reached (every branch `run`
        returns has one)."""
        if self.answer is None:
            raise EncodingBug("a line of play was settled with no answer about its moment")
        return self.answer


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


@dataclass
class Job:
    """A line of play to follow: from a loaded snapshot, these actions. With `follow_all`
    every outcome is followed (a `choose` action keeps the lines whose choices fit it);
    otherwise a step with several outcomes stops the line unless the next action chooses
    one. `questions` are requests asked of the moment a line settles on (a ruling file's
    expectations): only a step with no action left can settle (`_advance`), so only such a
    step is asked them; asking them of every step grounded reasons.lp at each one."""

    loaded: Loaded
    actions: list[dict[str, Any]]
    follow_all: bool = False
    extras: tuple[str, ...] = ()
    questions: str = ""


@dataclass
class _Waiting:
    """A branch of a job waiting for its next step."""

    job: int
    branch: Branch
    index: int
    last: dict[str, Any] | None
    first: bool
    path: tuple[int, ...] = ()


Result = tuple[list[Branch], Stop | None]


def run(loaded: Loaded, actions: list[dict[str, Any]], follow_all: bool = False,
        extras: tuple[str, ...] = (), questions: str = "") -> Result:
    """Apply `actions` in order from the loaded snapshot, with every automatic step the rules
    make, until the moment is settled (Job). Returns the settled branches, or the first
    stop; bad input and bugs are raised."""
    outcome = run_many([Job(loaded, actions, follow_all, extras, questions)])[0]
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def run_many(jobs: list[Job], on_done: Callable[[int, Result | Exception, float], None] |
             None = None) -> list[Result | Exception]:
    """Follow every job at once: each round grounds the next step of every waiting branch of
    every job together (worlds.py); a step that leaves a choice is solved alone for all its
    outcomes. Each job's result is as `run` would give it, or the BadInput/EncodingBug it
    met.

    `on_done(n, result, seconds)` is called as soon as job n is done: `seconds` is its share
    of the time, each round's grounding divided equally among the branches it played, plus
    the time spent on its own branches alone."""
    results: list[Result | Exception | None] = [None] * len(jobs)
    settled: list[list[tuple[tuple[int, ...], Branch]]] = [[] for _ in jobs]
    dropped: list[list[tuple[int, dict[str, Any], list[Any]]]] = [[] for _ in jobs]
    steps = [0] * len(jobs)
    seconds = [0.0] * len(jobs)
    reported = [False] * len(jobs)
    # Every outcome of a step that leaves a choice, by the step's facts: lines that reach the
    # same step (cases sharing a snapshot and first actions) solve it once.
    alone: dict[tuple[str, tuple[str, ...], str], list[Answer]] = {}
    waiting = [_Waiting(n, Branch(state=job.loaded.state), 0, None, True)
               for n, job in enumerate(jobs)]
    while waiting:
        started = time.perf_counter()
        answers = _ask_round(jobs, waiting)
        share = (time.perf_counter() - started) / len(waiting)
        following: list[_Waiting] = []
        for item, answer in zip(waiting, answers, strict=True):
            seconds[item.job] += share
            if results[item.job] is not None:
                continue
            started = time.perf_counter()
            try:
                if isinstance(answer, Exception):
                    raise answer
                steps[item.job] += 1
                if steps[item.job] > MAX_STEPS:
                    raise EncodingBug(f"the line of play from {jobs[item.job].loaded.file} does "
                                      f"not end: more than {MAX_STEPS} steps")
                outcome = _advance(jobs[item.job], item, answer, dropped[item.job], alone)
            except (BadInput, EncodingBug) as error:
                results[item.job] = error
                continue
            finally:
                seconds[item.job] += time.perf_counter() - started
            if isinstance(outcome, Stop):
                results[item.job] = ([], outcome)
            elif isinstance(outcome, Branch):
                settled[item.job].append((item.path, outcome))
            else:
                following.extend(outcome)
        waiting = [w for w in following if results[w.job] is None]
        open_jobs = {w.job for w in waiting}
        for n in range(len(jobs)):
            if not reported[n] and n not in open_jobs:
                finished = _finish(results[n], settled[n], dropped[n])
                results[n] = finished
                reported[n] = True
                if on_done is not None:
                    on_done(n, finished, seconds[n])
    return [r for r in results if r is not None]


def _finish(result: Result | Exception | None, settled: list[tuple[tuple[int, ...], Branch]],
            dropped: list[tuple[int, dict[str, Any], list[Any]]]) -> Result | Exception:
    """A job's result once no branch of it waits: its stop or error, or its settled branches
    in the order of their paths."""
    if result is not None:
        return result
    if not settled and dropped:
        index, action, _ = dropped[0]
        return ([], Stop(index, action, "choice_needed", "no outcome fits this choice",
                         options=[{"choices": c} for _, _, c in dropped]))
    return ([branch for _, branch in sorted(settled, key=lambda p: p[0])], None)


def _ask_round(jobs: list[Job], waiting: list[_Waiting]) -> list[Answer | Exception]:
    """The first answer about each waiting branch's next step, all grounded together. Steps
    asked with the same facts and extras from the same file (cases of a ruling file that
    share a snapshot and their first actions) are grounded once: a step's answer is a
    function of its facts (the file only names where an error is)."""
    requests = [_request(jobs[w.job], w) for w in waiting]
    facts = [w.branch.state + jobs[w.job].loaded.definitions + r + _questions(jobs[w.job], w)
             for w, r in zip(waiting, requests, strict=True)]
    first: dict[tuple[str, tuple[str, ...], str], int] = {}
    asked = [first.setdefault((f, jobs[w.job].extras, jobs[w.job].loaded.file), number)
             for number, (w, f) in enumerate(zip(waiting, facts, strict=True))]
    unique = sorted(set(asked))
    found = _ask_unique(jobs, [waiting[m] for m in unique], [facts[m] for m in unique])
    answer_of = dict(zip(unique, found, strict=True))
    return [answer_of[m] for m in asked]


def _ask_unique(jobs: list[Job], waiting: list[_Waiting], facts: list[str]) \
        -> list[Answer | Exception]:
    from .worlds import solve_worlds

    groups: dict[tuple[str, ...], list[int]] = {}
    for number, item in enumerate(waiting):
        groups.setdefault(jobs[item.job].extras, []).append(number)
    answers: list[Answer | Exception] = [EncodingBug("no answer")] * len(waiting)
    for extras, members in groups.items():
        batchable = len(members) > 1 and all(jobs[waiting[m].job].loaded.snapshot is not None
                                             for m in members)
        try:
            if batchable:
                found = solve_worlds([facts[m] for m in members], "step.lp", extras,
                                     every_outcome=True)
                for m, answer in zip(members, found, strict=True):
                    answers[m] = answer
                continue
        except (BadInput, EncodingBug):
            pass  # one world without an answer: ask each alone to find which
        for m in members:
            try:
                answers[m] = _alone(facts[m], extras, jobs[waiting[m].job].loaded.file)
            except (BadInput, EncodingBug) as error:
                answers[m] = error
    return answers


def _alone(facts: str, extras: tuple[str, ...], file: str) -> Answer:
    """A step grounded alone: its first answer set, and where the step leaves a choice, every
    one (`Answer.outcomes`, as a round gives them), from the one grounding."""
    every = solve(facts, "step.lp", extras, all_models=True, file=file)
    first = every[0]
    if first.has("choice"):
        first.outcomes = every
    return first


def _questions(job: Job, item: _Waiting) -> str:
    """The job's questions, for a step after which the line may settle: one with no action
    left (a line settles only there, `_advance`)."""
    return job.questions if item.index >= len(job.actions) else ""


def _request(job: Job, item: _Waiting) -> str:
    action = job.actions[item.index] if item.index < len(job.actions) else None
    if action is None or action.get("action") == "choose":
        return ""
    return request_facts("do", action)


def _advance(job: Job, item: _Waiting, answer: Answer,
             dropped: list[tuple[int, dict[str, Any], list[Any]]],
             alone: dict[tuple[str, tuple[str, ...], str], list[Answer]]) -> \
        Branch | Stop | list[_Waiting]:
    """What one step's answer means for its branch: the branches that follow, the settled
    branch, or a stop."""
    loaded, actions, branch, index = job.loaded, job.actions, item.branch, item.index
    branch.warnings = merge_warnings(branch.warnings, warnings_of(answer))
    problems = objections(answer, loaded if item.first else Loaded(loaded.file, "", ""))
    if problems and item.first:
        raise BadInput(problems)
    if problems:
        raise EncodingBug("the rules produced a state that cannot exist: "
                          + "; ".join(p.message for p in problems))
    action = actions[index] if index < len(actions) else None
    choosing = action is not None and action.get("action") == "choose"
    if answer.has("automatic") or answer.has("request_used"):
        performed = not answer.has("automatic")
        following = index + 1 if performed else index
        last = action if performed else item.last
        outcomes = [answer]
        if answer.has("choice"):
            # The step leaves a choice: every outcome, from the grounding that answered it
            # (`Answer.outcomes`). An answer without them (a world whose step showed no choice
            # in the grounding of the choosing worlds apart, worlds.solve_worlds) is solved
            # alone again, without the questions (each outcome is a new moment, asked again
            # at its own step).
            facts = branch.state + loaded.definitions + _request(job, item)
            key = (facts, job.extras, loaded.file)
            if key not in alone:
                every = answer.outcomes
                if every is None:
                    every = solve(facts, "step.lp", job.extras, all_models=True,
                                  file=loaded.file)
                elif len(every) > MAX_OUTCOMES:
                    raise too_many_outcomes(loaded.file)
                alone[key] = list({state_key(a): a for a in every}.values())
            outcomes = alone[key]
        chooser = actions[following] if following < len(actions) else None
        # Each `choose` that follows narrows the outcomes (a step may leave several choices:
        # a position and a zone); what the actions leave open is asked, never picked here.
        while len(outcomes) > 1 and chooser is not None and chooser.get("action") == "choose":
            kept = [a for a in outcomes if fits_choice(chooser, choices_of(a))]
            if not kept:
                return Stop(following, chooser, "choice_needed", "no outcome fits this choice",
                            options=_options(outcomes), branch=branch)
            outcomes = kept
            following += 1
            chooser = actions[following] if following < len(actions) else None
        if len(outcomes) > 1 and not job.follow_all:
            return Stop(following, last or {}, "choice_needed", "a choice is needed",
                        options=_options(outcomes), branch=branch)
        return [_Waiting(item.job, Branch(state=state_facts(outcome),
                                          choices=branch.choices + choices_of(outcome),
                                          warnings=merge_warnings(branch.warnings,
                                                                  warnings_of(outcome))),
                         following, last, False, item.path + (number,))
                for number, outcome in enumerate(outcomes)]
    if choosing and action is not None:
        # A `choose` that no step just before it left open: with every line followed, it
        # keeps the lines whose earlier choices fit it.
        if job.follow_all and fits_choice(action, branch.choices):
            return [_Waiting(item.job, branch, index + 1, action, item.first, item.path)]
        if job.follow_all:
            dropped.append((index, action, branch.choices))
            return []
        return Stop(index, action, "illegal", "a `choose` action only follows a step that "
                    "leaves a choice", answer=answer, branch=branch)
    if action is not None:
        if answer.has("request_open_now"):
            return Stop(index, action, "choice_needed", "a choice is needed: name the effect, "
                        "targets, tributes or cards, or what it declares (declare)",
                        options=meant(answer, "do"),
                        answer=answer, branch=branch)
        rules = sorted({a.arguments[1].string for a in answer.of("refusal")
                        if str(a.arguments[0]) == "do"})
        message = "not legal now" if rules else \
            "no such action here (no card or effect matches it)"
        return Stop(index, action, "illegal", message, rules=rules, answer=answer,
                    branch=branch)
    branch.answer = answer
    return branch


def describe(loaded: Loaded, branch: Branch, extras: tuple[str, ...] = ()) -> Answer:
    """The rules' answer about a branch's moment itself, with no step made (`hold`)."""
    return _ask(loaded, branch, {"action": "hold"}, extras, "", branch.state is loaded.state)[0]


def describe_many(moments: list[Loaded], extras: tuple[str, ...] = ()) -> list[Answer]:
    """`describe` of many snapshots' own moments, grounded together (worlds.py) when each was
    read from YAML; an `.lp` one, or a batch without an answer, is asked alone, so each answer
    is the one `describe` gives."""
    from .worlds import solve_worlds

    hold = request_facts("do", {"action": "hold"})
    if len(moments) > 1 and all(m.snapshot is not None for m in moments):
        try:
            answers = solve_worlds([m.state + m.definitions + hold for m in moments], "step.lp",
                                   extras)
        except (BadInput, EncodingBug):
            answers = []
        if answers:
            for moment, answer in zip(moments, answers, strict=True):
                problems = objections(answer, moment)
                if problems:
                    raise BadInput(problems)
            return answers
    return [describe(m, Branch(state=m.state), extras) for m in moments]


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
    from .state_out import EVENT_LISTS, EVENT_ORDER, _records

    records = _records(answer, "snapshot_event", EVENT_ORDER, repeated=EVENT_LISTS)
    return records[before:]
