"""`ygocheck explore SNAPSHOT` (docs/format.md, "ygocheck explore"): play legal lines from a
moment and check, at every moment reached, that the commands agree with each other.

Which actions are legal, what they lead to and whether a moment is possible are the rules'
answers, asked through `Rules` (the one place this module calls the engine, on the warm path
of warm.py). Python only picks lines (seeded at random, or every one) and compares
the answers:
  possible   the one checker finds the moment possible (asp/check.lp);
  stuck      a player has a legal action, or the duel is over;
  expand     each listed action with a choice of cards (`targets_from` ...) has at least one
             set of cards in `actions --expand`;
  why        `why` finds every expanded action legal, and every `--blocked` one not legal,
             citing the rules `--blocked` cites;
  play       `play` performs every expanded action;
  resolve    where a chain waits, `resolve` reaches the moments both players' passing reaches;
  view       the moment `view --as` each player writes is a possible snapshot that names no
             card id the view hides.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .pipeline import Loaded

# Bounds (docs/format.md, "ygocheck explore"): beyond them explore is refused (exit 2).
MAX_DEPTH = 20          # actions of one random line
MAX_LINES = 200         # random lines of one run
MAX_ALL_DEPTH = 4       # depth of --all
MAX_MOMENTS = 400       # distinct moments one run checks


class ExploreLimit(ValueError):
    """A bound of explore exceeded: the message says which and what to do."""


@dataclass
class Violation:
    """A moment where two answers disagree, or that cannot be: the line that reaches it."""

    check: str
    message: str
    line: list[str]

    def as_json(self) -> dict[str, Any]:
        return {"check": self.check, "message": self.message, "do": self.line}


@dataclass
class Report:
    moments: int = 0
    lines: int = 0
    violations: list[Violation] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    described: dict[str, dict[str, Any]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"ok": not self.violations, "moments": self.moments, "lines": self.lines,
                "violations": [v.as_json() for v in self.violations],
                "outcomes": [dict(self.described[key], count=count)
                             for key, count in self.outcomes.most_common()]}


# --- the rules' answers: the one place the engine is called ----------------------------------

@dataclass
class Listing:
    """What `actions --blocked` and `actions --expand` say of a moment."""

    priority: str | None
    listed: list[dict[str, Any]]
    blocked: list[tuple[dict[str, Any], list[str]]]
    expanded: list[dict[str, Any]]
    snapshot: dict[str, Any]


class Rules:
    """The commands' answers, in process (the same code the commands run), on the warm path
    of `ygocheck serve` and `ygocheck test` (warm.py): the rules of every entry point are
    parsed and the card library read once, when the first Rules is made. The answers are
    the commands' own functions rather than JSON requests: `why` of every action of a
    moment is one grounding here (one request each through `serve`), and `play` follows
    every outcome of a step."""

    def __init__(self) -> None:
        from .warm import prepare

        prepare()

    def listing(self, moment: Loaded) -> Listing:
        from .decode import decode
        from .expand import expand_actions
        from .pipeline import first_answer

        decoded = decode(first_answer(moment, "main.lp", ("show_reasons.lp",))[0])
        expanded = expand_actions(moment, decoded.actions)
        raw = moment.snapshot.raw if moment.snapshot is not None else {}
        return Listing(decoded.priority, decoded.actions, decoded.blocked, expanded, raw)

    def why(self, moment: Loaded, actions: list[dict[str, Any]]) -> list[tuple[bool, list[str]]]:
        """`why` of each action: asked together, each request under its own id (request.lp
        reads every id but the expectations' as `why` reads its own)."""
        from .decode import request_answer
        from .facts import request_facts
        from .pipeline import first_answer

        if not actions:
            return []
        requests = "".join(request_facts(f"ask({n})", a) for n, a in enumerate(actions))
        answer = first_answer(moment, "question.lp", requests=requests)[0]
        return [request_answer(answer, f"ask({n})") for n in range(len(actions))]

    def play(self, moment: Loaded, actions: list[dict[str, Any]]) -> \
            tuple[list[dict[str, Any]], str | None]:
        """The snapshots `play` reaches with every outcome followed, or why it stopped."""
        from .engine import run
        from .play import _snapshot

        branches, stop = run(moment, actions, follow_all=True)
        if stop is not None:
            because = f" ({', '.join(stop.rules)})" if stop.rules else ""
            return [], f"{stop.message}{because}"
        return [_snapshot(moment, b.answer) for b in branches], None

    def resolve(self, moment: Loaded) -> list[dict[str, Any]]:
        from .play import resolve

        return [outcome.snapshot for outcome in resolve(moment)]

    def view(self, moment: Loaded, player: str) -> dict[str, Any]:
        from .view import view

        return view(moment, player)

    def load(self, mapping: dict[str, Any], file: str) -> Loaded:
        from .pipeline import from_mapping

        return from_mapping(mapping, file)

    def check(self, moment: Loaded) -> None:
        """Raise BadInput when the checker finds the moment impossible."""
        from .pipeline import first_answer

        first_answer(moment, "main.lp")


# --- the compact form of an action, for a `do:` list --------------------------------------------

def compact(action: dict[str, Any]) -> str:
    """The action as a ruling file's `do:` writes it: the compact string when it reads back as
    the same action, else JSON."""
    from .actions import ActionError, parse_action

    kind = action["action"]
    words = [action["player"], kind]
    if kind == "next":
        words += [action["phase"]] if "phase" in action else []
    elif kind == "attack":
        words += [action["card"], str(action.get("target", "direct"))]
    elif kind == "discard":
        words += list(action.get("cards") or [])
    elif "card" in action:
        words.append(action["card"])
        if kind in ("activate", "decline"):
            words.append(str(action.get("effect", 1)))
        words += list(action.get("targets") or action.get("tributes") or [])
    text = " ".join(words)
    plain = {k: v for k, v in action.items() if k != "to"}
    try:
        if parse_action(text) == plain:
            return text
    except ActionError:
        pass
    return json.dumps(plain, ensure_ascii=False)


# What explore declares for an activation that declares (`declares`): any card name
# may be declared, so one real card's name stands for them all; a kind of monster card is the
# first of the format's words for them.
DECLARED_NAME = "Pot of Greed"


def requestable(action: dict[str, Any]) -> dict[str, Any]:
    """A listed action as a request: its keys without the lists of options, and, for an
    activation that declares, a declaration (any will do)."""
    request = {k: v for k, v in action.items()
               if not k.endswith("_from") and k not in ("to", "declares")}
    if action.get("declares") == "card_name":
        request["declare"] = DECLARED_NAME
    elif "declares" in action:
        from .vocabulary import words

        request["declare"] = words(str(action["declares"]))[0]
    return request


# --- the checks of one moment --------------------------------------------------------------------

PLAYERS = ("A", "B")


def check_moment(rules: Rules, moment: Loaded, line: list[str]) -> \
        tuple[Listing | None, list[Violation]]:
    """Every invariant at one moment; the listing (None when the moment is impossible)."""
    from .problems import BadInput

    found: list[Violation] = []

    def violation(check: str, message: str) -> None:
        found.append(Violation(check, message, list(line)))

    try:
        listing = rules.listing(moment)
    except BadInput as error:
        violation("possible", "the checker finds this moment impossible: "
                  + "; ".join(p.message for p in error.problems))
        return None, found
    state = listing.snapshot.get("state") or {}
    over = "result" in state
    if not listing.listed and not over:
        violation("stuck", "no player has a legal action and the duel is not over")
    expanded_keys = {_identity(a) for a in listing.expanded}
    for action in listing.listed:
        if any(k.endswith("_from") for k in action) and _identity(action) not in expanded_keys:
            violation("expand", f"`actions` lists {compact(requestable(action))} with "
                      f"{_options(action)}, and `actions --expand` lists no set of cards for it")
    asked = [requestable(a) for a in listing.expanded] + \
        [requestable(a) for a, _ in listing.blocked]
    answers = rules.why(moment, asked)
    listed = len(listing.expanded)
    for action, (legal, _) in zip(asked[:listed], answers[:listed], strict=True):
        if not legal:
            violation("why", f"`actions` lists {compact(action)} as legal, and `why` refuses "
                      "it")
    for (action, cited), (legal, rules_cited) in zip(listing.blocked, answers[listed:],
                                                      strict=True):
        if legal:
            violation("why", f"`actions --blocked` lists {compact(requestable(action))} as "
                      f"blocked by {', '.join(cited)}, and `why` finds it legal")
        elif set(cited) - set(rules_cited):
            violation("why", f"`actions --blocked` cites {', '.join(cited)} against "
                      f"{compact(requestable(action))}; `why` cites "
                      f"{', '.join(rules_cited) or 'no rule'}")
    for player in PLAYERS:
        found.extend(_view_agrees(rules, moment, listing, player, line))
    return listing, found


def _identity(action: dict[str, Any]) -> tuple[Any, ...]:
    return tuple((k, json.dumps(action[k])) for k in ("player", "action", "card", "effect",
                                                      "target", "phase") if k in action)


def _options(action: dict[str, Any]) -> str:
    return ", ".join(f"{k} {json.dumps(v)}" for k, v in action.items() if k.endswith("_from"))


def resolve_agrees(rules: Rules, moment: Loaded, played: list[dict[str, Any]],
                   line: list[str]) -> list[Violation]:
    """Where a pass resolved the chain in `play`, `resolve` of the moment before it (the chain
    as if both players passed) reaches the same moments."""
    resolved = rules.resolve(moment)
    by_play = sorted(json.dumps(s["state"], sort_keys=True) for s in played)
    by_resolve = sorted(json.dumps(s["state"], sort_keys=True) for s in resolved)
    if by_play != by_resolve:
        return [Violation("resolve", f"`resolve` reaches {len(set(by_resolve))} moment(s), "
                          f"{len(set(by_resolve) - set(by_play))} of them not reached by "
                          "`play` when the last player passes", list(line))]
    return []


def _card_ids(snapshot: dict[str, Any]) -> set[str]:
    return {card["id"] for card in (snapshot.get("state") or {}).get("cards") or []}


def _view_agrees(rules: Rules, moment: Loaded, listing: Listing, player: str,
                 line: list[str]) -> list[Violation]:
    """The view as `player` is a possible snapshot, naming no card id it hides."""
    from .problems import BadInput

    seen = rules.view(moment, player)
    hidden = _card_ids(listing.snapshot) - _card_ids(seen)
    text = json.dumps(seen, ensure_ascii=False)
    leaked = sorted(card_id for card_id in hidden if f'"{card_id}"' in text)
    found = []
    if leaked:
        found.append(Violation("view", f"the view as {player} hides {', '.join(leaked)} and "
                               "still names it", list(line)))
    try:
        rules.check(rules.load(seen, f"{moment.file} (as {player})"))
    except BadInput as error:
        found.append(Violation("view", f"the view as {player} is not a possible snapshot: "
                               + "; ".join(p.message for p in error.problems), list(line)))
    return found


# --- lines ----------------------------------------------------------------------------------------

def outcome_of(snapshot: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """What a line ends with, as counted: the LP, where each card is, the result."""
    state = snapshot.get("state") or {}
    cards = {card["id"]: card.get("zone") for card in state.get("cards") or []}
    described = {"lp": state.get("lp"), "cards": cards, "result": state.get("result")}
    return json.dumps(described, sort_keys=True), described


class Explorer:
    def __init__(self, rules: Rules, start: Loaded):
        self.rules = rules
        self.start = start
        self.report = Report()
        self.seen: dict[str, Listing | None] = {}

    def visit(self, moment: Loaded, line: list[str]) -> Listing | None:
        key = moment.state
        if key in self.seen:
            return self.seen[key]
        if len(self.seen) >= MAX_MOMENTS:
            raise ExploreLimit(f"more than {MAX_MOMENTS} distinct moments to check; give a "
                               "smaller --depth or fewer --lines")
        listing, found = check_moment(self.rules, moment, line)
        self.seen[key] = listing
        self.report.moments += 1
        self.report.violations.extend(found)
        return listing

    def step(self, moment: Loaded, action: dict[str, Any], line: list[str]) -> \
            list[Loaded] | None:
        """The moments one action leads to; None (and a violation) when play refuses it."""
        snapshots, stopped = self.rules.play(moment, [action])
        if stopped is not None:
            self.report.violations.append(Violation(
                "play", f"`actions --expand` lists {compact(action)}, and `play` stops: "
                f"{stopped}", line + [compact(action)]))
            return None
        chain = len((moment.snapshot.raw.get("state") or {}).get("chain") or []) \
            if moment.snapshot is not None else 0
        if action["action"] == "pass" and chain and all(
                len((s.get("state") or {}).get("chain") or []) < chain for s in snapshots):
            self.report.violations.extend(resolve_agrees(self.rules, moment, snapshots,
                                                         line + [compact(action)]))
        return [self.rules.load(s, moment.file) for s in snapshots]

    def end(self, moment: Loaded) -> None:
        self.report.lines += 1
        if moment.snapshot is not None:
            key, described = outcome_of(moment.snapshot.raw)
            self.report.outcomes[key] += 1
            self.report.described[key] = described

    def random_lines(self, lines: int, depth: int, seed: int) -> Report:
        chooser = random.Random(seed)
        for _ in range(lines):
            moment, line = self.start, list[str]()
            for _ in range(depth + 1):
                listing = self.visit(moment, line)
                if listing is None or not listing.expanded or len(line) == depth:
                    break
                action = requestable(chooser.choice(listing.expanded))
                following = self.step(moment, action, line)
                if not following:
                    break
                line = line + [compact(action)]
                moment = chooser.choice(following)
            self.end(moment)
        return self.report

    def every_line(self, depth: int) -> Report:
        waiting: list[tuple[Loaded, list[str]]] = [(self.start, [])]
        while waiting:
            moment, line = waiting.pop()
            listing = self.visit(moment, line)
            if listing is None or not listing.expanded or len(line) == depth:
                self.end(moment)
                continue
            for action in reversed(listing.expanded):
                action = requestable(action)
                for following in self.step(moment, action, line) or []:
                    waiting.append((following, line + [compact(action)]))
        return self.report


def explore(start: Loaded, lines: int = 1, depth: int = 5, seed: int = 0,
            every: bool = False, rules: Rules | None = None) -> Report:
    """Explore from `start`: `lines` random lines of `depth` actions, or with `every` every
    line of `depth` actions. Raises ExploreLimit beyond the bounds, BadInput on a bad start."""
    if start.snapshot is None:
        raise ExploreLimit("explore needs a YAML snapshot: the moments it reaches are "
                           "YAML snapshots")
    if every and not 0 <= depth <= MAX_ALL_DEPTH:
        raise ExploreLimit(f"--all --depth {depth}: every line is followed to a depth of at "
                           f"most {MAX_ALL_DEPTH}")
    if not 0 <= depth <= MAX_DEPTH:
        raise ExploreLimit(f"--depth {depth}: a line is at most {MAX_DEPTH} actions")
    if not 1 <= lines <= MAX_LINES:
        raise ExploreLimit(f"--lines {lines}: from 1 to {MAX_LINES} lines")
    rules = rules or Rules()
    rules.check(start)   # a bad snapshot is bad input, not a violation
    explorer = Explorer(rules, start)
    return explorer.every_line(depth) if every else explorer.random_lines(lines, depth, seed)
