"""The parts of the rules a moment grounds only when asp/parts.lp names them: grounding a part
later must not change what the rest derives. So no statement outside a part reads what the
part derives (were one to, it would be grounded before the part and see nothing), and every
part is named by some ground_part/1 rule of the base program."""

from __future__ import annotations

from typing import Any

import pytest
from clingo import ast

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


@pytest.mark.parametrize("entry,extras", ENTRIES)
def test_no_rule_outside_a_part_reads_what_the_part_derives(entry: str,
                                                            extras: tuple[str, ...]) -> None:
    placed = by_part(entry, extras)
    derived: dict[tuple[str, int], set[str]] = {}
    for part, statement in placed:
        if statement.ast_type == ast.ASTType.Rule:
            for name in derived_by(statement):
                derived.setdefault(name, set()).add(part)
    wrong = []
    for part, statement in placed:
        for name in read_by(statement):
            parts = derived.get(name, set()) - {part, "base"}
            if parts:
                begin = statement.location.begin
                wrong.append(f"{begin.filename}:{begin.line} ({part}) reads {name[0]}/"
                             f"{name[1]} of the part {sorted(parts)[0]}")
    assert not wrong, wrong
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
