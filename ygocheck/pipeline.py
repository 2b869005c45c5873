"""From a file to the facts the rules read, and the rules' objections back to the file.

file ─read─▶ text ─parse─▶ mapping ─shape─▶ Snapshot ─facts─▶ .lp text ─clingo─▶ answers
(load.py)              (schema.py, cards.py)     (facts.py)        (solve.py)
An `.lp` snapshot skips the YAML steps: its facts are checked to be plain facts of the
vocabulary, and the library definitions of the cards it names are added. Either way the
first answer of the rules says whether the snapshot is a possible moment of a duel
(asp/check.lp); its objections are mapped back to their lines here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .facts import definition_facts, definitions_facts, snapshot_facts
from .load import parse_yaml, read_text
from .state_out import value as plain   # a solver value as the snapshot writes it
from .problems import BadInput, Problem
from .cards import CardDefinition
from .schema import Snapshot, build_snapshot, definition_lines
from .solve import Answer, check_lp_input, fact_names, solve


@dataclass
class Loaded:
    """A snapshot ready for the rules: its state facts, the definitions of its cards, where
    each value stands in the file, and the model when it came from YAML."""

    file: str
    state: str
    definitions: str
    lines: dict[tuple[tuple[Any, ...], str], int] = field(default_factory=dict)
    snapshot: Snapshot | None = None

    @property
    def facts(self) -> str:
        return self.state + self.definitions

    def card_ids(self) -> set[str]:
        if self.snapshot is not None:
            return set(self.snapshot.card_order)
        return {place[1] for place, _ in self.lines if place[0] == "card"}

    def event_count(self) -> int:
        """How many events the snapshot lists (those a line of play adds come after)."""
        return len({place for place, _ in self.lines if place[0] == "event"})

    def before(self) -> dict[str, Any]:
        """The parts of the snapshot a written snapshot keeps as they were."""
        from . import FORMAT

        raw = self.snapshot.raw if self.snapshot is not None else {"format": FORMAT}
        return {k: v for k, v in raw.items() if k in ("format", "title", "cards")}

    def card_order(self) -> list[str]:
        if self.snapshot is not None:
            return list(self.snapshot.card_order)
        return sorted(self.card_ids())


def load(path: str | Path) -> Loaded:
    """Read a snapshot file (YAML, or .lp facts) and check its shape. Raises BadInput."""
    file = str(path)
    text = read_text(path)
    if file.endswith(".lp"):
        lines = check_lp_input(text, file)
        return Loaded(file=file, state=text + "\n", definitions=library_facts_for(text, file),
                      lines=lines)
    return from_mapping(parse_yaml(text, file), file)


def library_facts_for(text: str, file: str) -> str:
    """The definitions of the cards a hand-written .lp snapshot names (and does not define
    itself), from the library or the official card list, as for YAML snapshots."""
    from .known import definitions_for

    names, defined = fact_names(text, file)
    found = definitions_for(sorted(names - defined), {})
    lines: list[str] = []
    for name in sorted(found):
        lines.extend(definition_facts(name, found[name]))
    return "\n".join(lines) + "\n"


def from_mapping(data: Any, file: str) -> Loaded:
    snapshot = build_snapshot(data, file)
    return Loaded(file=file, state=snapshot_facts(snapshot),
                  definitions=definitions_facts(snapshot.definitions), lines=snapshot.lines,
                  snapshot=snapshot)


def first_answer(loaded: Loaded, entry: str = "main.lp", extras: tuple[str, ...] = (),
                 requests: str = "", all_models: bool = False) -> list[Answer]:
    """The rules' answers about the snapshot as the user gave it: its objections are bad
    input, reported at their lines."""
    answers = solve(loaded.facts + requests, entry, extras, all_models=all_models,
                    file=loaded.file)
    problems = objections(answers[0], loaded)
    if problems:
        raise BadInput(problems)
    return answers


def first_answers(loaded: list[Loaded], entry: str = "main.lp") -> list[Answer | BadInput]:
    """The first answer about each of many snapshots, YAML ones grounded together (one world
    each, worlds.py); an objection makes that snapshot's answer BadInput."""
    from .problems import EncodingBug
    from .worlds import solve_worlds

    answers: list[Answer | BadInput] = []
    batch = [n for n, item in enumerate(loaded) if item.snapshot is not None]
    together: dict[int, Answer] = {}
    if len(batch) > 1:
        try:
            found = solve_worlds([loaded[n].facts for n in batch], entry)
            together = dict(zip(batch, found, strict=True))
        except EncodingBug:
            together = {}
    for number, item in enumerate(loaded):
        try:
            answer = together.get(number) or solve(item.facts, entry, file=item.file)[0]
        except BadInput as error:
            answers.append(error)
            continue
        problems = objections(answer, item)
        answers.append(BadInput(problems) if problems else answer)
    return answers


def definition_objections(files: list[tuple[str, Any, dict[str, CardDefinition]]]
                           ) -> list[Problem]:
    """The rules' objections (asp/check.lp) to card definitions on their own, with no moment
    of a duel around them: for each (file, the mapping read from it, its well-shaped
    definitions), the objections whose location is one of its definitions, at their lines.
    The library is checked so when it is read strictly (the tests, `python -m
    ygocheck.library`) or from its YAML."""
    lines: dict[tuple[tuple[Any, ...], str], int] = {}
    file_of: dict[str, str] = {}
    definitions: dict[str, CardDefinition] = {}
    for file, given, declared in files:
        lines.update(definition_lines(file, given, declared))
        file_of.update(dict.fromkeys(declared, file))
        definitions.update(declared)
    loaded = Loaded(file="<definitions>", state="", definitions=definitions_facts(definitions),
                    lines=lines)
    answer = solve(loaded.facts, "main.lp", file="the card definitions")[0]
    return [replace(problem, file=file_of[str(place[1])])
            for place, problem in _located(answer, loaded) if place[0] == "definition"]


def objections(answer: Answer, loaded: Loaded) -> list[Problem]:
    """The rules' error/4 atoms as problems with a file and line."""
    problems = [problem for _, problem in _located(answer, loaded)]
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0, p.message))


def _located(answer: Answer, loaded: Loaded) -> list[tuple[tuple[Any, ...], Problem]]:
    """Each error/4 atom: its location, and the problem it is at its line."""
    problems = []
    for atom in sorted(answer.of("error")):
        location, key, message, detail = atom.arguments
        place = location_of(location)
        line = loaded.lines.get((place, str(key))) or loaded.lines.get((place, ""))
        shown = plain(detail)
        shown = repr(shown) if isinstance(shown, str) and detail.type.name == "String" \
            else str(shown)
        text = message.string.replace("@", shown) if str(detail) != "none" else message.string
        text = f"{describe_place(place)}, {describe_key(key)}: {text}" \
            f"{hint(place, str(key), detail)}"
        problems.append((place, Problem(loaded.file, line, text)))
    return problems


def location_of(symbol: Any) -> tuple[Any, ...]:
    return (symbol.name, *[plain(a) for a in symbol.arguments]) if symbol.arguments \
        else (symbol.name,)


def describe_key(key: Any) -> str:
    """A key as the file writes it: an operation of a card definition is effects[E].does[I],
    a key of one of its effects effects[E].kind."""
    if key.type.name == "Function" and key.name == "operation" and len(key.arguments) == 3:
        effect, part, index = key.arguments
        return f"effects[{effect}].{part}[{index}]"
    if key.type.name == "Function" and key.name == "effect" and len(key.arguments) == 2:
        effect, part = key.arguments
        return f"effects[{effect}].{part}"
    return str(key)


def describe_place(place: tuple[Any, ...]) -> str:
    """How a person reads a location (asp/vocabulary.lp, location_shown/2)."""
    from .vocabulary import location_text

    return location_text(place)


def hint(place: tuple[Any, ...], key: str, detail: Any) -> str:
    """For an unknown card name, the nearest names ygocheck knows."""
    if place[0] != "card" or key != "name":
        return ""
    from .known import nearest

    return nearest(str(plain(detail)))
