"""The parts of the rules a moment grounds only when the rules name them. asp/needs.lp names
parts from the snapshot alone, in a first grounding (asp/first.lp): they are grounded together
with the base program, and a moment that does not name one must have the same answers as with
it (compared below, moment by moment). asp/parts.lp names parts from what the moment derives:
grounding such a part later must not change what the rest derives, so no statement outside
it reads what it derives (were one to, it would be grounded before the part and see
nothing). Every part is named by some ground_part/1 rule of the base program."""

from __future__ import annotations

from typing import Any

import pytest
from clingo import ast

from ygocheck.control import FIRST_PART
from ygocheck.predicates import derived_by, read_by
from ygocheck.predicates import mentioned as predicates
from ygocheck.solve import parsed

# Every program ygocheck grounds: an entry file and the files Python adds to it (solve.py).
ENTRIES = [("main.lp", ()), ("main.lp", ("show_reasons.lp",)), ("question.lp", ()),
           ("question.lp", ("expand.lp",)), ("step.lp", ()), ("step.lp", ("view.lp",))]


def by_part(entry: str, extras: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    part = "base"
    placed = []
    for statement in parsed(entry, extras):
        if statement.ast_type == ast.ASTType.Program:
            assert not statement.parameters, f"{statement}: a part of the rules has no parameters"
            part = statement.name
            continue
        placed.append((part, statement))
    return placed


def first_parts() -> set[str]:
    """The parts the first grounding names (asp/needs.lp, in asp/first.lp): grounded with the
    base program, in the same grounding."""
    from ygocheck.control import FIRST

    return {str(s.head.atom.symbol.arguments[0]) for s in parsed(FIRST)
            if s.ast_type == ast.ASTType.Rule and s.head.ast_type == ast.ASTType.Literal
            and s.head.atom.ast_type == ast.ASTType.SymbolicAtom
            and s.head.atom.symbol.ast_type == ast.ASTType.Function
            and s.head.atom.symbol.name == "ground_part"}


@pytest.mark.parametrize("entry,extras", ENTRIES)
def test_no_rule_outside_a_part_reads_what_the_part_derives(entry: str,
                                                            extras: tuple[str, ...]) -> None:
    placed = by_part(entry, extras)
    # `first` (vocabulary.lp, input.lp, needs.lp) is grounded before everything, always.
    first = first_parts() | {FIRST_PART}
    derived: dict[tuple[str, int], set[str]] = {}
    for part, statement in placed:
        if statement.ast_type == ast.ASTType.Rule:
            for name in derived_by(statement):
                derived.setdefault(name, set()).add(part)
    wrong = []
    for part, statement in placed:
        for name in read_by(statement):
            parts = derived.get(name, set()) - {part, "base"} - first
            if parts:
                begin = statement.location.begin
                wrong.append(f"{begin.filename}:{begin.line} ({part}) reads {name[0]}/"
                             f"{name[1]} of the part {sorted(parts)[0]}")
    assert not wrong, wrong
    for part in {p for p, _ in placed} - {"base", FIRST_PART}:
        assert any(p in ("base", FIRST_PART) and s.ast_type == ast.ASTType.Rule and
                   f"ground_part({part})" in str(s.head) for p, s in placed), \
            f"no rule of {entry} names the part {part} (asp/parts.lp)"


def test_a_step_with_a_legal_action_grounds_no_reason() -> None:
    """A legal `do` and no question: nothing reads a reason, so reasons.lp is not grounded
    (examples/main_phase.yaml: A may Normal Summon Celtic Guardian, a Level 4, in Main
    Phase 1 of A's turn, SUMMON-01); refused, it is."""
    from ygocheck import control
    from ygocheck.actions import parse_action
    from ygocheck.facts import request_facts
    from ygocheck.pipeline import load

    loaded = load("examples/main_phase.yaml")
    for action, grounded in (("A normal_summon a_celtic", False),
                             ("A normal_summon a_bewd", True)):
        facts = loaded.facts + request_facts("do", parse_action(action))
        done = control.ground(parsed("step.lp"), facts, "<test>").control
        assert ("reasons" in control.parts_named(done)) is grounded
        names = {atom.symbol.name for atom in done.symbolic_atoms}
        assert ("refusal" in names) is grounded


def test_every_rule_of_reasons_starts_from_what_grounds_it() -> None:
    """Each rule of reasons.lp that derives what an answer shows needs, positively, a
    refused request, a valid one (what a question reads), or a `resolve` refused for want of
    a chain: the cases asp/parts.lp grounds the part for. A rule needing none of them would
    be lost where the part is not grounded. (Its tables, and the helpers only its own rules
    read, are lost with their readers: nothing outside the part reads them, as above.)"""
    shown = set()
    for _, statement in by_part("step.lp") + by_part("question.lp"):
        if statement.ast_type == ast.ASTType.ShowSignature:
            shown.add((statement.name, statement.arity))
        elif statement.ast_type == ast.ASTType.ShowTerm:
            term = statement.term   # a term, not an atom: `#show p(X) : ...` shows p/1
            if term.ast_type == ast.ASTType.Function:
                shown.add((term.name, len(term.arguments)))
            shown |= set().union(*(predicates(b) for b in statement.body))
    placed = [s for p, s in by_part("step.lp")
              if p == "reasons" and s.ast_type == ast.ASTType.Rule and
              s.location.begin.filename.endswith("reasons.lp")]
    roots = {("request_refused", 1), ("valid_meaning", 2), ("chain_empty", 0),
             ("resolution_refused", 1)}

    def positive(rule: Any) -> set[tuple[str, int]]:
        return set().union(*(predicates(b) for b in rule.body
                             if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign))

    reached = set(roots)
    while True:
        more = {name for rule in placed if positive(rule) & reached
                for name in derived_by(rule)} - reached
        if not more:
            break
        reached |= more
    loose = [f"reasons.lp:{r.location.begin.line}" for r in placed
             if derived_by(r) & shown and not positive(r) & reached]
    assert not loose, loose


# --- every rule of a part asp/needs.lp names starts from what names it ------------------------
# A part of needs.lp is grounded together with the base program, so its rules may feed the base
# and the base may read them; but where the part is not named its rules are gone, so each must
# be unable to derive anything there. ROOTS: for each part, the atoms (a pattern over the text
# of a positive body literal) that can hold only where needs.lp names the part. Each gate of
# needs.lp is one of them (checked below); the others follow from a gate:
PART_ROOTS = {
    # A chain the snapshot holds, the window `resolving` (automatic resolve_top/finish_chain,
    # transition/automatic.lp), a link resolving and what its operations do (op/3, first_move/3:
    # derived only in this part, from resolving/4).
    "resolution": [r"^chain_link\(", r"^given_window\(resolving\)$", r"^window\(resolving\)$",
                   r"^requested\(do,action,resolve\)$", r"^resolve_top$", r"^finish_chain$",
                   r"^resolving\(", r"^op\(", r"^first_move\("],
    # A record of a card banished for a while or of control taken for a while, a card whose
    # cost banishes it for a while (RESET-60); and, as the part is named wherever resolution
    # is, resolution's roots.
    "temporary": [r"^temporary\(", r"^temporary_control\(",
                  r"^cost_definition\(\w+,\w+,\w+,until,", r"^chain_link\(",
                  r"^given_window\(resolving\)$", r"^window\(resolving\)$",
                  r"^requested\(do,action,resolve\)$", r"^resolve_top$", r"^finish_chain$",
                  r"^resolving\(", r"^op\(", r"^first_move\("],
    # The Battle Phase, its steps, the attack the snapshot records, an attack declared (legal
    # only in the Battle Phase), the Damage Step entered (only from the Battle Step), a
    # monster destroyed by battle, and what a resolving link does there.
    "battle": [r"^phase\(battle\)$", r"^given\(battle,", r"^step\(battle\)$",
               r"^step\(damage\)$", r"^in_damage_step$", r"^attacker\(", r"^attack_target\(",
               r"^performs\((cancel_)?attack\(", r"^new_place\(battle,damage,",
               r"^destroyed_by_battle\(", r"^moves\(\w+,_,battle\)$", r"^damage_calculated$",
               r"^op\("],
    # A chain link the snapshot holds, and its fields.
    "chain": [r"^given\(link\(", r"^chain_link\(", r"^link_\w+\("],
    # A card in a Pendulum Zone, a Pendulum Summon asked about.
    "pendulum": [r"^zone\(\w+,pendulum\)$", r"^requested\(\w+,method,pendulum\)$"],
    # The End Phase, a discard asked about, and the discard candidates only this part makes.
    "end_phase": [r"^phase\(end\)$", r"^requested\(_,action,discard\)$",
                  r"^asked_card\(\w+,discard,", r"^candidate\(discard\("],
}


def gate_literals(part: str) -> list[str]:
    """The body literals of needs.lp's ground_part(part) rules (through resolution_possible)."""
    rules = [s for s in parsed("needs.lp") if s.ast_type == ast.ASTType.Rule and s.body]
    heads = {f"ground_part({part})"}
    literals: list[str] = []
    for _ in range(3):
        for rule in rules:
            if str(rule.head) in heads:
                for literal in rule.body:
                    text = str(literal).replace(" ", "")
                    if "ground_part" in text:
                        continue
                    if any(str(r.head) == text for r in rules):
                        heads.add(text)
                    elif text not in literals:
                        literals.append(text)
    return literals


def test_every_gate_of_needs_is_a_root() -> None:
    """A gate of needs.lp is a root of its part; a root with no gate would make the check
    below trust an atom that no longer names the part."""
    import re

    assert set(PART_ROOTS) == first_parts()
    for part, patterns in PART_ROOTS.items():
        for literal in gate_literals(part):
            assert any(re.search(p, literal) for p in patterns), f"{part}: gate {literal}"


def positive_atoms(rule: Any) -> list[Any]:
    return [b for b in rule.body if b.ast_type == ast.ASTType.Literal and
            b.sign == ast.Sign.NoSign and b.atom.ast_type == ast.ASTType.SymbolicAtom]


def test_every_rule_of_a_needed_part_starts_from_what_names_it() -> None:
    """A rule of a part is rooted when a positive literal of its body is a root of the part,
    or a predicate only rooted rules of the part derive. A rule that is not rooted could
    derive something where the part is not named; that is lost only where nothing outside the
    part reads it without itself starting from a root (an Equip Card destroyed with its
    monster stood in `resolution`, and a Tribute makes a monster leave with no chain: found
    here). Such a rule belongs in the base program (transition/leaving.lp). Every program of
    ENTRIES at once, each statement once (the parts are step.lp's; the others add readers);
    a statement's text picks the few whose AST is read (walking it costs)."""
    import re

    placed: dict[tuple[str, int, int], tuple[str, Any, str]] = {}
    for entry, extras in ENTRIES:
        for part, statement in by_part(entry, extras):
            begin = statement.location.begin
            key = (begin.filename, begin.line, begin.column)
            if key not in placed:
                placed[key] = (part, statement, str(statement))
    statements = list(placed.values())
    first = first_parts()
    own = [(p, s) for p, s, _ in statements if p in first and s.ast_type == ast.ASTType.Rule
           and s.body]
    literals = {id(s): [(str(b.atom).replace(" ", ""), predicates(b)) for b in positive_atoms(s)]
                for _, s in own}
    made = {id(s): derived_by(s) for _, s in own}

    words: dict[str, list[tuple[str, Any]]] = {}
    for part, statement, text in statements:
        for word in set(re.findall(r"\w+", text)):
            words.setdefault(word, []).append((part, statement))
    derivations: dict[tuple[str, int], list[tuple[str, Any]]] = {}
    readers: dict[tuple[str, int], list[tuple[str, Any]]] = {}
    heads: dict[int, set[tuple[str, int]]] = {}
    bodies: dict[int, set[tuple[str, int]]] = {}
    for name in set().union(*made.values()):
        for part, statement in words.get(name[0], []):
            if id(statement) not in heads:
                heads[id(statement)] = derived_by(statement)
                bodies[id(statement)] = read_by(statement)
            if name in heads[id(statement)]:
                derivations.setdefault(name, []).append((part, statement))
            if name in bodies[id(statement)]:
                readers.setdefault(name, []).append((part, statement))
    wrong = []
    for part in sorted(first):
        patterns = [re.compile(p) for p in PART_ROOTS[part]]

        def root(statement: Any, patterns: list[Any] = patterns) -> bool:
            texts = literals.get(id(statement))
            if texts is None:
                texts = [(str(b.atom).replace(" ", ""), set()) for b in positive_atoms(statement)]
            return any(p.search(text) for text, _ in texts for p in patterns)

        mine = [s for p, s in own if p == part]
        rooted = {id(s) for s in mine if root(s)}
        while True:
            only = {name for name, found in derivations.items()
                    if all(p == part and id(s) in rooted for p, s in found)}
            more = {id(s) for s in mine if any(names & only for _, names in literals[id(s)])}
            if more <= rooted:
                break
            rooted |= more
        for rule in mine:
            if id(rule) in rooted:
                continue
            outside = [r for name in made[id(rule)] for p, r in readers.get(name, [])
                       if p != part and (r.ast_type != ast.ASTType.Rule or not root(r))]
            if outside:
                begin, read = rule.location.begin, outside[0].location.begin
                wrong.append(f"{begin.filename}:{begin.line} ({part}) starts from no root; "
                             f"{read.filename}:{read.line} reads it")
    assert not wrong, wrong


# --- the parts asp/needs.lp names, against every part grounded -------------------------------
# Ruling files whose moments name some parts of asp/needs.lp and not others: a first turn's
# Main Phase moving on to the Battle Phase, and the Battle Phase (battle); an End Phase with
# the hand size limit and a trigger resolving (end_phase, resolution). With
# YGOCHECK_EVERY_RULING=1, every ruling file (a few minutes).
GATED_RULINGS = ["examples/rulings/battle/battle_phase_first_turn_and_summon_turn.yaml",
                 "examples/rulings/chains/case035_trigger_after_hand_size_discard.yaml"]


def shown_models(grounding: Any) -> set[frozenset[Any]]:
    models: set[frozenset[Any]] = set()
    grounding.control.solve(on_model=lambda m: models.add(frozenset(m.symbols(shown=True))))
    return models


def compare_with_every_part(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every grounding of ygocheck also ground every part asp/needs.lp can name, and
    compare the shown atoms of all its answer sets; return the groundings that differ. (The
    parts of asp/parts.lp are checked above: nothing outside them reads them.)"""
    from ygocheck import control

    differ: list[str] = []
    ground = control.ground
    needed = control.parts_needed
    every = first_parts()

    named_by = control.parts_named

    def both(statements: Any, facts: str, file: str, arguments: Any = (),
             files: Any = ()) -> Any:
        # The parts of asp/parts.lp (reasons) the named grounding grounds are grounded in the
        # forced one too, and no others: an atom of a forced part that may hold but never
        # does (request_refused(do) for a legal step) would name reasons there alone, and
        # its `support` differ. Those parts are checked above; here the gates of needs.lp are.
        later: set[str] = set()

        def recorded(grounded_control: Any) -> set[str]:
            names = named_by(grounded_control)
            later.update(names)
            return names

        monkeypatch.setattr(control, "parts_named", recorded)
        named = ground(statements, facts, file, arguments, files)
        monkeypatch.setattr(control, "parts_needed", lambda *_: set(every))
        monkeypatch.setattr(control, "parts_named", lambda *_: set(later) - set(every))
        forced = ground(statements, facts, file, arguments, files)
        monkeypatch.setattr(control, "parts_needed", needed)
        monkeypatch.setattr(control, "parts_named", named_by)
        if shown_models(named) != shown_models(forced):
            parts = sorted(needed(named.control) & every)
            differ.append(f"{file}: parts {parts}: {len(facts)} characters of facts")
        return named   # solved once already: its caller solves it again

    monkeypatch.setattr(control, "ground", both)
    return differ


def test_the_parts_named_answer_as_every_part_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each moment of these ruling files (and, with YGOCHECK_EVERY_RULING=1 set, of every
    ruling file: a few minutes), grounded with the parts asp/needs.lp and asp/parts.lp name,
    has the answers (every answer set's shown atoms) it has with every part grounded: no
    gate of needs.lp is too narrow for them. The ruling files pass too (their expectations
    are checked from the seeds)."""
    import os

    from ygocheck.rulings import run_paths

    differ = compare_with_every_part(monkeypatch)
    paths = (["examples/rulings"] if os.environ.get("YGOCHECK_EVERY_RULING") == "1"
             else GATED_RULINGS)
    results = run_paths(paths)
    assert not differ, differ
    failed = [r for r in results if not r.passed]
    assert not failed, failed
