"""Ruling files (docs/format.md): a snapshot plus what must hold, run as regression cases."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import FORMAT
from .actions import ActionError, check_action, check_cards
from .decode import Decoded, decode, meant, merge_warnings, request_answer
from .engine import Job, new_events, run_many
from .expectations import STATUSES, case_problems
from .facts import request_facts
from .load import LineDict, line_in, parse_yaml, read_text
from .pipeline import from_mapping
from .problems import BadInput, EncodingBug
from .shapes import CASE_KEYS, FILE_KEYS
from .state_out import snapshot_mapping


@dataclass
class CaseResult:
    file: str
    ruling: str
    passed: bool
    failures: list[str] = field(default_factory=list)
    status: str = "settled"
    line: int | None = None
    skipped: str | None = None
    # The unmodelled clauses the answer rested on (asp/unmodelled.lp): such a pass is not a
    # plain pass, and is reported with them.
    unmodelled: list[dict[str, Any]] = field(default_factory=list)
    # Its share of the time of the run (engine.run_many), in seconds.
    seconds: float = 0.0
    # The rules it exercises: those its expect.reasons name, and those the rules cite for its
    # expected legal and illegal actions (docs/format.md, "Coverage").
    rules: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "ruling": self.ruling, "passed": self.passed,
                               "failures": self.failures, "status": self.status,
                               "line": self.line, "unmodelled": self.unmodelled,
                               "seconds": round(self.seconds, 3), "rules": self.rules}
        if self.skipped:
            out["skipped"] = self.skipped
        return out


@dataclass
class Case:
    file: str
    index: int
    data: dict[str, Any]
    line: int | None

    @property
    def ruling(self) -> str:
        ruling = self.data.get("ruling")
        return ruling if isinstance(ruling, str) else f"case {self.index + 1}"

    @property
    def status(self) -> str:
        status = self.data.get("status", "settled")
        return status if status in STATUSES else "settled"


def ruling_files(paths: list[str]) -> list[Path]:
    """The ruling files under the given paths (files as given; folders searched for .yaml)."""
    found: list[Path] = []
    for path in paths:
        target = Path(path)
        if target.is_dir():
            found.extend(sorted(p for p in target.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            found.append(target)
    return found


def read_cases(path: Path) -> tuple[list[Case], list[CaseResult]]:
    """The cases of one ruling file, or a failed result when the file itself is unusable."""
    file = str(path)
    try:
        data = parse_yaml(read_text(path), file)
    except BadInput as error:
        return [], [CaseResult(file, path.name, False, [p.render() for p in error.problems])]
    if not isinstance(data, dict):
        return [], [CaseResult(file, path.name, False,
                               [f"{file}: a ruling file is a mapping with format, state and "
                                "expect (or cases)"])]
    if "cases" not in data:
        single = Case(file, 0, data, getattr(data, "line", 1))
        if single.status != "settled":
            return [], [_asserts_nothing(file, path)]
        return [single], []
    problems = []
    for key in data:
        if key not in FILE_KEYS:
            problems.append(f"{file}:{line_in(data, key)}: unknown key {key!r} in a file with "
                            f"cases; allowed: {', '.join(FILE_KEYS)}")
    if data.get("format") != FORMAT:
        problems.append(f"{file}: format must be exactly {FORMAT!r}")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        problems.append(f"{file}: cases must be a non-empty list of cases")
        cases = []
    if problems:
        return [], [CaseResult(file, path.name, False, problems)]
    shared_cards = data.get("cards") or {}
    if not isinstance(shared_cards, dict):
        from .checks import describe

        line = data.line_of("cards") if hasattr(data, "line_of") else None
        return [], [CaseResult(file, path.name, False, [
            f"{file}:{line}: cards (the definitions every case shares) must be a mapping of "
            f"card name to definition, not {describe(shared_cards)}"])]
    result: list[Case] = []
    broken: list[CaseResult] = []
    for index, case in enumerate(cases):
        line = line_in(cases, index)
        if isinstance(case, dict):
            merged = LineDict(case)
            merged.line = getattr(case, "line", line)
            merged.key_lines = dict(getattr(case, "key_lines", {}))
            merged.setdefault("format", data.get("format"))
            if shared_cards:
                cards = dict(shared_cards)
                cards.update(case.get("cards") or {})
                merged["cards"] = cards
            result.append(Case(file, index, merged, line))
        else:
            broken.append(CaseResult(file, f"case {index + 1}", False, [
                f"{file}:{line}: case {index + 1} is not a mapping (ruling, source, state, "
                f"expect, ...) but {type(case).__name__}"], line=line))
    if result and not broken and all(case.status != "settled" for case in result):
        # Cases not settled never fail the run: a file of only such cases would pass while
        # asserting nothing.
        return [], [_asserts_nothing(file, path)]
    return result, broken


def _asserts_nothing(file: str, path: Path) -> CaseResult:
    return CaseResult(file, path.name, False, [
        f"{file}: every case is unsettled or contested, so the file asserts nothing: settle "
        "one case (status: settled, the default), or keep the file with the cases the rules "
        "cannot decide yet (examples/rulings-pending/)"])


@dataclass
class Prepared:
    """A case read and checked, ready to be played: its line of play (a Job), or the result
    it already failed with."""

    result: CaseResult
    job: Job | None = None
    expect: dict[str, Any] = field(default_factory=dict)
    expected: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    before: int = 0
    mode: str = "all"


def prepare(case: Case) -> Prepared:
    result = CaseResult(case.file, case.ruling, True, [], case.status, case.line)
    data = case.data
    fail = result.failures.append
    unknown = [k for k in data if k not in CASE_KEYS]
    if unknown:
        fail(f"unknown key(s) {', '.join(map(str, unknown))}; allowed: {', '.join(CASE_KEYS)}")
    for problem in case_problems(data):
        fail(problem)
    given = data.get("expect")
    expect: dict[str, Any] = given if isinstance(given, dict) else {}
    snapshot_data = {k: data[k] for k in ("format", "title", "cards", "state") if k in data}
    if isinstance(data, LineDict):
        snapshot_data = LineDict(snapshot_data)
        snapshot_data.line = data.line
        snapshot_data.key_lines = data.key_lines
    prepared = Prepared(result, expect=expect,
                        mode=expect.get("outcomes", data.get("outcomes", "all")))
    try:
        loaded = from_mapping(snapshot_data, case.file)
        actions = _do_actions(data)
        check_cards(actions, loaded.card_ids(), case.file)
    except BadInput as error:
        fail("invalid snapshot: " + "; ".join(p.render() for p in error.problems))
        return prepared
    except ActionError as error:
        fail(f"do: {error}")
        return prepared
    prepared.expected = {key: _expected_actions(expect, key, fail) for key in ("legal", "illegal")}
    for key in ("legal", "illegal"):
        try:   # an action naming no card of the snapshot would be illegal for no ruling's sake
            check_cards(prepared.expected[key], loaded.card_ids(), case.file)
        except BadInput as error:
            fail(f"expect.{key}: " + "; ".join(p.message for p in error.problems))
    for player, hidden in _view_hides(expect):
        unknown = sorted(set(hidden) - loaded.card_ids())
        if unknown:   # a card the snapshot does not have is left out of every view
            fail(f"expect.view.{player}.hides: no card {', '.join(unknown)} in the snapshot")
    if result.failures:
        return prepared
    questions = "".join(request_facts(f"expect({key},{n})", action)
                        for key in ("legal", "illegal")
                        for n, action in enumerate(prepared.expected[key], start=1))
    prepared.job = Job(loaded, actions, follow_all=True, questions=questions)
    prepared.before = loaded.event_count() if data.get("do") else 0
    return prepared


def judge(prepared: Prepared, outcome: Any) -> CaseResult:
    """The case's result, from the lines of play its actions led to."""
    result = prepared.result
    fail = result.failures.append
    if prepared.job is None:
        result.passed = False
        return result
    if isinstance(outcome, BadInput):
        fail("invalid snapshot: " + "; ".join(p.render() for p in outcome.problems))
        result.passed = False
        return result
    if isinstance(outcome, EncodingBug):
        fail(f"bug in the rules: {outcome}")
        result.passed = False
        return result
    branches, stop = outcome
    result.unmodelled = merge_warnings(*[b.warnings for b in branches],
                                       stop.branch.warnings if stop is not None and stop.branch
                                       else [])
    if stop is not None:
        rules = ", ".join(stop.rules)
        fail(f"do: action {stop.index + 1} ({stop.action}) stopped: {stop.message}"
             + (f" [{rules}]" if rules else ""))
        branches = []
    expect, loaded = prepared.expect, prepared.job.loaded
    cited: set[str] = {r for r in expect.get("reasons") or [] if isinstance(r, str)}
    if branches:
        mode = prepared.mode
        per_line = []
        for branch in branches:
            answer = branch.settled_answer()
            messages: list[str] = []
            cited |= _check_actions(expect, prepared.expected, answer, messages.append)
            if "state" in expect:
                state = snapshot_mapping(answer, {}, loaded.card_order())["state"]
                _check_state(expect["state"], state, decode(answer), messages.append)
            if "events" in expect or "not_events" in expect:
                _check_events(expect, new_events(answer, prepared.before), messages.append)
            per_line.append(messages)
        if isinstance(expect.get("view"), dict):
            _check_views(expect["view"], loaded, [b.settled_answer() for b in branches],
                         bool(prepared.job.actions), per_line)
        if mode == "some":
            if all(per_line):
                fail(f"no outcome of {len(branches)} fits (outcomes: some); first: "
                     + "; ".join(per_line[0]))
        else:
            for number, messages in enumerate(per_line, start=1):
                prefix = f"outcome {number} of {len(branches)}: " if len(branches) > 1 else ""
                for message in messages:
                    fail(prefix + message)
    result.passed = not result.failures
    result.rules = sorted(cited)
    return result


def run_case(case: Case) -> CaseResult:
    return run_cases([case])[0]


def run_cases(cases: list[Case], on_result: Callable[[CaseResult], None] | None = None) \
        -> list[CaseResult]:
    """Every case, their lines of play followed together (engine.run_many); `on_result` is
    told of each case as soon as it is judged."""
    results: list[CaseResult | None] = [None] * len(cases)
    prepared: list[Prepared] = []
    for number, case in enumerate(cases):
        started = time.perf_counter()
        prepared.append(prepare(case))
        prepared[-1].result.seconds = time.perf_counter() - started
        if prepared[-1].job is None:
            judged = judge(prepared[-1], None)
            results[number] = judged
            if on_result is not None:
                on_result(judged)
    playing = [n for n, p in enumerate(prepared) if p.job is not None]

    def done(index: int, outcome: Any, seconds: float) -> None:
        number = playing[index]
        started = time.perf_counter()
        result = judge(prepared[number], outcome)
        result.seconds += seconds + time.perf_counter() - started
        results[number] = result
        if on_result is not None:
            on_result(result)

    run_many([job for n in playing if (job := prepared[n].job) is not None], on_done=done)
    return [r for r in results if r is not None]


def _do_actions(data: dict[str, Any]) -> list[dict[str, Any]]:
    from .actions import parse_action

    actions: list[dict[str, Any]] = []
    items = data.get("do")
    if not isinstance(items, list):   # its shape is refused by case_problems
        return actions
    for item in items:
        if isinstance(item, str):
            actions.append(parse_action(item))
        else:
            actions.append(check_action(dict(item) if isinstance(item, dict) else item, str(item)))
    return actions


def _expected_actions(expect: dict[str, Any], key: str, fail: Any) -> list[dict[str, Any]]:
    items = expect.get(key) or []
    if not isinstance(items, list):
        fail(f"expect.{key} must be a list of actions")
        return []
    good = []
    for item in items:
        try:
            good.append(check_action(dict(item) if isinstance(item, dict) else item, str(item)))
        except ActionError as error:
            fail(f"expect.{key}: {error}")
    return good


def _describe(action: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in action.items())


def _check_actions(expect: dict[str, Any], expected: dict[str, list[dict[str, Any]]],
                   answer: Any, fail: Any) -> set[str]:
    """Each expected action is asked of the rules (asp/request.lp): is a legal action with the
    keys it gives there? Returns the rules they cite for the expected actions (the
    requirements a legal one meets, the rules that refuse an illegal one)."""
    cited: set[str] = set()
    for number, wanted in enumerate(expected["legal"], start=1):
        legal, rules = request_answer(answer, f"expect(legal,{number})")
        cited.update(rules)
        if not legal:
            because = f"; refused by {', '.join(rules)}" if rules else "; it is not a candidate"
            fail(f"expected legal: {{{_describe(wanted)}}}, but it is not{because}")
    for number, wanted in enumerate(expected["illegal"], start=1):
        legal, rules = request_answer(answer, f"expect(illegal,{number})")
        cited.update(rules)
        if legal:
            found = meant(answer, f"expect(illegal,{number})")
            fail(f"expected illegal: {{{_describe(wanted)}}}, but it is legal as "
                 f"{{{_describe(found[0]) if found else _describe(wanted)}}}")
        elif not rules:
            # Every illegal action has a rule that refuses it (asp/reasons.lp): none means
            # the rules do not know what the action is, not that it is refused.
            fail(f"expected illegal: {{{_describe(wanted)}}}: no legal action matches, but no "
                 "rule refuses it either (ygocheck why would give no reason)")
    reasons = expect.get("reasons")
    if reasons:
        if expected["illegal"]:
            request_id = "expect(illegal,1)"
        elif expected["legal"]:
            request_id = "expect(legal,1)"
        else:
            fail("expect.reasons needs a legal or illegal action to explain")
            return cited
        _, first = request_answer(answer, request_id)
        for rule in reasons:
            if rule not in first:
                fail(f"expected reason {rule} for the first expected action; the rules cite "
                     f"{', '.join(first) or 'none'}")
    return cited


def _check_state(expected: Any, state: dict[str, Any], decoded: Decoded, fail: Any) -> None:
    if not isinstance(expected, dict):
        fail("expect.state must be a mapping")
        return
    current = {"priority": decoded.priority, "window": decoded.window}
    for key, value in expected.items():
        if key == "cards":
            _match_cards(_cards_by_id(state), value, "",
                         lambda card_id: f"expected card {card_id!r} in the state, but there "
                                         "is none", fail)
            continue
        actual = current[key] if key in current else state.get(key, _absent(key))
        if key == "chain":
            actual = state.get("chain") or []
        if key == "lp":
            lp = state.get("lp") or {}
            actual = {player: lp.get(player) for player in (value or {})}
        if key == "this_turn" and isinstance(value, dict):
            # The records given (as for lp: the players given); an absent list equals [].
            turn = state.get("this_turn") or {}
            actual = {part: turn.get(part, []) for part in value}
        if key == "battle":
            actual, value = _unordered_destroyed(actual), _unordered_destroyed(value)
        if actual != value:
            fail(f"expected state.{key} = {value!r}, found {actual!r}")


def _view_hides(expect: dict[str, Any]) -> list[tuple[str, list[str]]]:
    view = expect.get("view")
    if not isinstance(view, dict):
        return []
    return [(player, wanted["hides"]) for player, wanted in view.items()
            if isinstance(wanted, dict) and isinstance(wanted.get("hides"), list)]


def _check_views(expected: dict[str, Any], loaded: Any, answers: list[Any], played: bool,
                 per_line: list[list[str]]) -> None:
    """expect.view: each player's view (ygocheck view, asp/knowledge.lp and asp/view.lp) of the
    moment each outcome reaches: the snapshot itself when no action was played."""
    from .pipeline import from_mapping
    from .play import _snapshot
    from .view import views

    players = [p for p in expected if p in ("A", "B") and isinstance(expected[p], dict)]
    moments = [from_mapping(_snapshot(loaded, answer), loaded.file) if played else loaded
               for answer in answers]
    asked = [(moment, player) for moment in moments for player in players]
    try:
        seen = views(asked)
    except BadInput as error:
        for messages in per_line:
            messages.append("the view is no possible snapshot: "
                            + "; ".join(p.render() for p in error.problems))
        return
    for number, messages in enumerate(per_line):
        for offset, player in enumerate(players):
            state = seen[number * len(players) + offset]["state"]
            _check_view(player, expected[player], state, messages.append)


def _cards_by_id(state: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    return {c.get("id"): c for c in state.get("cards") or [] if isinstance(c, dict)}


def _match_cards(cards: dict[Any, dict[str, Any]], wanted: Any, label: str,
                 missing: Callable[[Any], str], fail: Any) -> None:
    """Each card `wanted` names (id → fields) is among `cards`, with those field values."""
    for card_id, fields in (wanted or {}).items():
        card = cards.get(card_id)
        if card is None:
            fail(missing(card_id))
            continue
        for field_name, value in (fields or {}).items():
            actual = _card_value(card, field_name)
            if actual != value:
                fail(f"expected {label}{card_id}.{field_name} = {value!r}, found {actual!r}")


def _check_view(player: str, wanted: dict[str, Any], state: dict[str, Any], fail: Any) -> None:
    cards = _cards_by_id(state)
    _match_cards(cards, wanted.get("shows"), f"{player}'s view of ",
                 lambda card_id: f"expected {player}'s view to show {card_id!r}, but it leaves "
                                 "it out", fail)
    for card_id in wanted.get("hides") or []:
        if card_id in cards:
            fail(f"expected {player}'s view to leave {card_id!r} out, but it shows it")
    counts = state.get("counts") or {}
    for owner, zones in (wanted.get("counts") or {}).items():
        for zone, number in (zones or {}).items():
            actual = (counts.get(owner) or {}).get(zone)
            if actual != number:
                fail(f"expected {player}'s view to count {number!r} in {owner}'s {zone}, "
                     f"found {actual!r}")


def _unordered_destroyed(battle: Any) -> Any:
    """battle.destroyed is a set of cards: the rules give their destruction no order."""
    if isinstance(battle, dict) and isinstance(battle.get("destroyed"), list):
        if not battle["destroyed"]:   # an absent list equals [] (docs/format.md)
            return {k: v for k, v in battle.items() if k != "destroyed"}
        return dict(battle, destroyed=sorted(map(str, battle["destroyed"])))
    return battle


def _card_value(card: dict[str, Any], key: str) -> Any:
    """A card's value as the snapshot means it, defaults included (docs/format.md)."""
    if key in card:
        return card[key]
    # On output an absent flag is false, an absent counter 0 and an absent list [] (docs/format.md,
    # "What ygocheck writes"); the rules write every other value a reader needs.
    if key in ("attacked", "position_changed", "battled", "token", "revealed"):
        return False
    if key == "attacks":
        return 0
    if key == "counters":
        return {}
    return _absent(key)


def _absent(key: str) -> Any:
    return [] if key in ("chain", "events", "targets", "used_this_turn", "pending") else None


def _check_events(expect: dict[str, Any], events: list[dict[str, Any]], fail: Any) -> None:
    position = 0
    for wanted in expect.get("events") or []:
        while position < len(events) and not all(events[position].get(k) == v
                                                 for k, v in wanted.items()):
            position += 1
        if position >= len(events):
            fail(f"expected event {{{_describe(wanted)}}} (in order), not found")
            return
        position += 1
    for unwanted in expect.get("not_events") or []:
        if any(all(event.get(k) == v for k, v in unwanted.items()) for event in events):
            fail(f"event {{{_describe(unwanted)}}} must not occur, but it does")


_SHARED: list[Case] = []
_FINISHED: Any = None   # a queue the processes of run_paths tell of each finished case


def _run_share(share: tuple[int, int]) -> list[CaseResult]:
    number, jobs = share
    queue = _FINISHED
    return run_cases(_SHARED[number::jobs],
                     None if queue is None else (lambda result: queue.put(1)))


def run_paths(paths: list[str], jobs: int = 1,
              progress: Callable[[int, int], None] | None = None) -> list[CaseResult]:
    """Every case of the ruling files under `paths`, in file order. With `jobs` > 1 the cases
    are shared out over that many processes (each plays its share together).
    `progress(done, total)` is told each time a case is finished."""
    global _SHARED, _FINISHED
    results: list[CaseResult] = []
    cases: list[Case] = []
    for path in ruling_files(paths):
        found, broken = read_cases(path)
        results.extend(broken)
        cases.extend(found)
    total = len(results) + len(cases)
    done = len(results)
    if progress is not None:
        progress(done, total)
    jobs = max(1, min(jobs, len(cases)))
    if jobs == 1:
        def tell(_: CaseResult) -> None:
            nonlocal done
            done += 1
            if progress is not None:
                progress(done, total)
        return results + run_cases(cases, tell)
    import multiprocessing
    import queue as queues

    from .warm import prepare

    prepare()   # parsed once here, inherited by every forked process
    context = multiprocessing.get_context("fork")
    _SHARED = cases
    _FINISHED = context.Queue() if progress is not None else None
    try:
        with context.Pool(jobs) as pool:
            pending = pool.map_async(_run_share, [(n, jobs) for n in range(jobs)])
            while progress is not None and _FINISHED is not None and not pending.ready():
                try:
                    _FINISHED.get(timeout=0.2)
                except queues.Empty:
                    continue
                done += 1
                progress(done, total)
            shares = pending.get()
    finally:
        _SHARED, _FINISHED = [], None
    played: list[CaseResult | None] = [None] * len(cases)
    for number, share in enumerate(shares):
        for offset, result in enumerate(share):
            played[number + offset * jobs] = result
    if progress is not None:
        progress(total, total)
    return results + [r for r in played if r is not None]
