"""The parts of the rules a moment grounds only when asp/parts.lp or asp/transition/parts.lp
names them: grounding a part later, or not at all, must not change an answer. The base program
is grounded first, then every part it names, together (ygocheck/control.py). So the base
program reads nothing a part derives (it would see nothing), only the base program names
parts, and every part is named by some ground_part/1 rule of it. A part the moment does not
name must have had nothing to say: the rules of `reasons` feed only what a question shows
(below), and every rule of a gated part that anything outside the part reads starts from the
facts its ground_part/1 rules name (test_a_gated_part_starts_from_what_grounds_it)."""

from __future__ import annotations

from typing import Any

import pytest
from clingo import ast

from ygocheck.solve import parsed

# Every program ygocheck grounds: an entry file and the files Python adds to it (solve.py).
ENTRIES = [("main.lp", ()), ("main.lp", ("show_reasons.lp",)), ("question.lp", ()),
           ("question.lp", ("expand.lp",)), ("step.lp", ()), ("step.lp", ("view.lp",))]


def predicates(node: Any) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            symbol = atom.symbol
            # A pooled head (`kind(a; b)`) is one atom written several ways.
            for one in symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]:
                if one.ast_type == ast.ASTType.Function:
                    found.add((one.name, len(one.arguments)))
                elif one.ast_type == ast.ASTType.SymbolicTerm:
                    found.add((str(one.symbol), 0))
            return atom

    Atoms()(node)
    return found


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


def read_by(statement: Any) -> set[tuple[str, int]]:
    """What a statement reads: its body, and the conditions in its head."""
    kind = statement.ast_type
    if kind == ast.ASTType.Rule:
        reads = set().union(*(predicates(b) for b in statement.body))
        head = statement.head
        if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
            for element in head.elements:
                reads |= set().union(*(predicates(c) for c in element.condition))
        elif head.ast_type == ast.ASTType.HeadAggregate:
            for element in head.elements:
                reads |= set().union(*(predicates(c) for c in element.condition.condition))
        return reads
    if kind == ast.ASTType.ShowTerm:
        return set().union(*(predicates(b) for b in statement.body))
    return set()


@pytest.mark.parametrize("entry,extras", ENTRIES)
def test_no_rule_outside_a_part_reads_what_the_part_derives(entry: str,
                                                            extras: tuple[str, ...]) -> None:
    placed = by_part(entry, extras)
    derived: dict[tuple[str, int], set[str]] = {}
    for part, statement in placed:
        if statement.ast_type == ast.ASTType.Rule:
            for name in predicates(statement.head) - read_by(statement):
                derived.setdefault(name, set()).add(part)
    wrong = []
    for part, statement in placed:
        for name in read_by(statement):
            # The base program reads no part; only `reasons` reads what `reasons` derives.
            parts = derived.get(name, set()) - {part, "base"}
            if part != "base":
                parts &= {"reasons"}
            if parts:
                begin = statement.location.begin
                wrong.append(f"{begin.filename}:{begin.line} ({part}) reads {name[0]}/"
                             f"{name[1]} of the part {sorted(parts)[0]}")
    assert not wrong, wrong
    naming = [f"{s.location.begin.filename}:{s.location.begin.line} ({p})" for p, s in placed
              if p != "base" and s.ast_type == ast.ASTType.Rule and
              ("ground_part", 1) in predicates(s.head)]
    assert not naming, f"only the base program names parts: {naming}"
    for part in {p for p, _ in placed} - {"base"}:
        assert any(p == "base" and s.ast_type == ast.ASTType.Rule and
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
        # No chain resolves and no card is banished for a while in a Main Phase with an
        # empty chain: the step grounds neither part (asp/transition/parts.lp).
        assert control.parts_named(done) & {"resolution", "temporary"} == set()
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
            shown |= predicates(statement.term) | set().union(
                *(predicates(b) for b in statement.body))
    placed = [s for p, s in by_part("step.lp")
              if p == "reasons" and s.ast_type == ast.ASTType.Rule and
              s.location.begin.filename.endswith("reasons.lp")]
    roots = {("request_refused", 1), ("valid_meaning", 2), ("chain_empty", 0)}
    reached = set(roots)
    while True:
        more = {name for rule in placed if positive(rule) & reached
                for name in predicates(rule.head)} - reached
        if not more:
            break
        reached |= more
    loose = [f"reasons.lp:{r.location.begin.line}" for r in placed
             if predicates(r.head) & shown and not positive(r) & reached]
    assert not loose, loose


def positive(rule: Any) -> set[tuple[str, int]]:
    """What a rule's body needs to hold: its positive literals (an aggregate or a condition
    can hold with nothing true, so they do not count)."""
    return set().union(*(predicates(b) for b in rule.body
                         if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign))


def test_a_gated_part_starts_from_what_grounds_it() -> None:
    """A part named by `ground_part(P) :- R(_, ..)` rules (asp/transition/parts.lp; any atom
    of R names it, so R holds wherever the part is grounded) is left out
    where no R holds. Then it must have had nothing to say: every rule of it whose head
    anything outside the part reads (a rule of another part, a #show), and every constraint
    of it, needs, positively, an R or an atom that can only hold through one (every rule
    deriving it, anywhere, needs one in turn). Helpers only the part's own rules read are
    lost with their readers. `reasons` is named on other conditions: its rules feed only
    what a question shows (test_every_rule_of_reasons_starts_from_what_grounds_it). The step
    with view.lp added holds every statement of step.lp and more readers."""
    placed = by_part("step.lp", ("view.lp",))
    rules = [(p, s) for p, s in placed if s.ast_type == ast.ASTType.Rule]
    roots: dict[str, set[tuple[str, int]]] = {}
    always, other = set(), set()
    for part, rule in rules:
        if part != "base" or ("ground_part", 1) not in predicates(rule.head):
            continue
        name = str(rule.head.atom.symbol.arguments[0])
        needs = positive(rule)
        if not rule.body:
            always.add(name)
        elif len(rule.body) == 1 and len(needs) == 1 and \
                all(a.ast_type == ast.ASTType.Variable
                    for a in getattr(rule.body[0].atom.symbol, "arguments", [])):
            # `ground_part(P) :- R(_, _).`: any atom of R names the part.
            roots.setdefault(name, set()).update(needs)
        else:
            other.add(name)
    assert other <= {"reasons"}, f"parts named on other conditions: {sorted(other)}"
    assert {"step", "resolution", "temporary"} <= always | set(roots)
    reads = {id(s): read_by(s) for _, s in placed}
    heads = {id(rule): predicates(rule.head) - reads[id(rule)] for _, rule in rules}
    derivers: dict[tuple[str, int], list[Any]] = {}
    for _, rule in rules:
        for name in heads[id(rule)]:
            derivers.setdefault(name, []).append(rule)
    shown = set()
    for _, statement in placed:
        if statement.ast_type == ast.ASTType.ShowSignature:
            shown.add((statement.name, statement.arity))
        elif statement.ast_type == ast.ASTType.ShowTerm:
            shown |= predicates(statement.term) | read_by(statement)
    wrong = []
    needs_of = {id(rule): positive(rule) for _, rule in rules}
    for part, needed in roots.items():
        if part in always | other:
            continue
        # The atoms that can only hold through an R: the largest such set.
        through = set(derivers) | needed
        while True:
            lost = {name for name in through - needed
                    if any(not needs_of[id(rule)] & through for rule in derivers[name])}
            if not lost:
                break
            through -= lost
        read_elsewhere = shown | {name for p, s in placed if p != part
                                  for name in reads.get(id(s), ())}
        for p, rule in rules:
            derived = heads[id(rule)]
            if p == part and (not derived or derived & read_elsewhere) and \
                    not needs_of[id(rule)] & through:
                wrong.append(f"{rule.location.begin.filename}:{rule.location.begin.line} "
                             f"({part}) needs none of {sorted(needed)}")
    assert not wrong, wrong
