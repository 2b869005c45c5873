"""Leaving out the rules that cannot derive anything (ygocheck/prune.py) changes no answer.

The module is checked on small handwritten programs, where what may fire is plain to see, and
then on the rules themselves: each grounding of some ruling files (of every one with
YGOCHECK_EVERY_RULING=1 set: a few minutes) is made twice, with the rules pruned and with
every rule, and every answer set's shown atoms must be the same."""

from __future__ import annotations

from typing import Any

import pytest

from ygocheck import control, prune


def kept_rules(program: str, facts: str) -> set[str]:
    """The rules of `program` kept for a Control holding `facts`, as clingo prints them."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string(program, statements.append)
    rules = [s for s in statements if s.ast_type == ast.ASTType.Rule]
    made = control.new()
    made.control.add("base", [], facts)
    made.control.ground([("base", [])])
    return {str(s) for s in prune.useful(rules, prune.held(made.control))}


def test_a_rule_needing_what_nothing_derives_is_left_out() -> None:
    kept = kept_rules("b(X) :- a(X).\n"
                      "c(X) :- b(X), d(X).\n"        # d/1: no fact, no rule
                      "e(X) :- b(X), not d(X).\n"    # negation needs nothing
                      "f(X) :- g(X, red).\n",        # g(_, red): only g(_, blue) holds
                      "a(1). g(1, blue).")
    assert kept == {"b(X) :- a(X).", "e(X) :- b(X); not d(X)."}


def test_a_variable_carries_the_constants_it_can_take() -> None:
    """kind/2 is derived only with `trap`, so a rule asking for `continuous` cannot fire, one
    asking for `trap` can, and so can what follows from it."""
    kept = kept_rules("kind(C, K) :- card(C, K).\n"
                      "applying(C) :- kind(C, continuous).\n"
                      "set(C) :- kind(C, trap).\n"
                      "shown(C) :- set(C).\n"
                      "lost(C) :- applying(C).\n",
                      'card("a", trap).')
    assert kept == {"kind(C,K) :- card(C,K).", "set(C) :- kind(C,trap).",
                    "shown(C) :- set(C)."}


def test_a_comparison_names_what_a_variable_is() -> None:
    kept = kept_rules("summon(A) :- candidate(A); A = special_summon(_, _).\n"
                      "attack(A) :- candidate(A); A = attack(_).\n",
                      "candidate(attack(1)).")
    assert kept == {"attack(A) :- candidate(A); A = attack(_)."}


def test_what_a_recursion_reaches_is_kept() -> None:
    kept = kept_rules("path(X, Y) :- edge(X, Y).\n"
                      "path(X, Z) :- path(X, Y), edge(Y, Z).\n"
                      "arrives(X) :- path(X, stop).\n"
                      "lost(X) :- path(X, nowhere).\n",
                      "edge(start, middle). edge(middle, stop).")
    assert kept == {"path(X,Y) :- edge(X,Y).", "path(X,Z) :- path(X,Y); edge(Y,Z).",
                    "arrives(X) :- path(X,stop)."}


def test_past_the_limit_of_atoms_read_every_rule_is_kept(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    made = control.new()
    made.control.add("base", [], "a(1). a(2).")
    made.control.ground([("base", [])])
    monkeypatch.setattr(prune, "ATOMS_READ", 1)
    assert prune.Pruning(made.control).reach is None


PRUNED_RULINGS = ["examples/rulings/battle/battle_phase_first_turn_and_summon_turn.yaml",
                  "examples/rulings/chains/continuous_negation_applies.yaml",
                  "examples/rulings/summon/xyz_summon.yaml",
                  "examples/rulings/summon/pendulum_summon.yaml",
                  "examples/rulings/information/hidden_information.yaml"]


def shown_models(grounding: Any) -> set[frozenset[Any]]:
    """Every answer set's shown atoms: every one, as which comes first depends on the ground
    program (a step's caller enumerates the outcomes it needs)."""
    models: set[frozenset[Any]] = set()
    grounding.control.configuration.solve.models = 0
    grounding.control.solve(on_model=lambda m: models.add(frozenset(m.symbols(shown=True))))
    return models


def test_pruned_rules_answer_as_every_rule_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruling files' moments (the worlds of the ruling runner among them, with no limit on
    the atoms read) have the same answers with the rules pruned as with every rule; and the
    ruling files pass."""
    import os

    from ygocheck.rulings import run_paths

    ground = control.ground
    named_by = control.parts_named
    differ: list[str] = []
    pruned_some: list[bool] = []

    def both(statements: Any, facts: str, file: str, arguments: Any = (),
             files: Any = ()) -> Any:
        # The grounding with every rule grounds the parts the pruned one named, and no
        # others: with every rule, an atom that may hold but never does (request_refused(do)
        # for a legal step) can name the part `reasons` there alone, and then the `support`
        # of the step, which no answer reads for a `do`, differs (as in tests/test_parts.py).
        named: list[set[str]] = []

        def recorded(grounded: Any) -> set[str]:
            names = named_by(grounded)
            named.append(names)
            return names

        monkeypatch.setattr(control, "parts_named", recorded)
        monkeypatch.setattr(prune, "ATOMS_READ", 10 ** 9)
        pruned = ground(statements, facts, file, arguments, files)
        models = pruned.control.configuration.solve.models
        replay = iter(named)
        monkeypatch.setattr(control, "parts_named", lambda _: next(replay, set()))
        monkeypatch.setattr(prune, "ATOMS_READ", -1)
        every = ground(statements, facts, file, arguments, files)
        monkeypatch.setattr(prune, "ATOMS_READ", 10 ** 9)
        monkeypatch.setattr(control, "parts_named", named_by)
        if shown_models(pruned) != shown_models(every):
            differ.append(f"{file}: {len(facts)} characters of facts")
        if statements is not None:
            pruned_some.append(True)
        pruned.control.configuration.solve.models = models
        return pruned   # solved once already: its caller solves it again

    monkeypatch.setattr(control, "ground", both)
    from pathlib import Path

    paths = (sorted(str(p) for p in Path("examples/rulings").rglob("*.yaml"))
             if os.environ.get("YGOCHECK_EVERY_RULING") == "1" else PRUNED_RULINGS)
    # One file at a time: a round of the cases of every file together has so many worlds
    # that choose that every answer set of their grounding (the product of their outcomes)
    # does not fit in memory.
    results = [r for path in paths for r in run_paths([path], jobs=1)]
    assert pruned_some
    assert not differ, differ
    failed = [r for r in results if not r.passed]
    assert not failed, failed


def test_a_program_written_beforehand_is_used_only_while_its_files_are_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """programs.json holds each program as asp/ was: it is built from there while asp/ is
    unchanged, and parsed again once a file changed (here: cards.lp reads differently)."""
    from ygocheck import programs
    from ygocheck.solve import rules

    programs.written.cache_clear()
    assert isinstance(rules("main.lp")[0], dict)
    real = programs._file_text
    monkeypatch.setattr(programs, "_file_text", lambda path: real(path) + (
        "\nchanged." if path.name == "cards.lp" else ""))
    programs.written.cache_clear()
    try:
        assert programs.written("main.lp") is None
        assert not isinstance(rules("main.lp")[0], dict)
    finally:
        monkeypatch.undo()
        programs.written.cache_clear()


def test_the_written_program_answers_as_the_parsed_one() -> None:
    """examples/main_phase.yaml, its actions and a step: the same shown atoms from the text
    written beforehand as from the statements parsed from asp/."""
    from ygocheck.actions import parse_action
    from ygocheck.facts import request_facts
    from ygocheck.pipeline import load
    from ygocheck.programs import written
    from ygocheck.solve import parsed

    loaded = load("examples/main_phase.yaml")
    step = loaded.facts + request_facts("do", parse_action("A normal_summon a_celtic"))
    for entry, facts in (("main.lp", loaded.facts), ("step.lp", step)):
        program = written(entry)
        assert program is not None
        assert shown_models(control.ground(program, facts, "<test>")) == \
            shown_models(control.ground(parsed(entry), facts, "<test>"))
