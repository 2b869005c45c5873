"""Many moments in one grounding (ygocheck/worlds.py): the program each moment is given a world
in, whether its statements come from the table written beforehand (worlds.json) or are
rewritten in the process."""

from __future__ import annotations

from typing import Any

import pytest

from ygocheck import worlds


def texts(statements: tuple[Any, ...]) -> list[str]:
    return [str(s) for s in statements]


def test_the_table_and_the_rewrite_give_one_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program read through the table is the program the rewrite makes, statement for
    statement (the table is current, tests/test_schemas.py; here the two paths meet)."""
    from clingo import ast

    from ygocheck.solve import parsed

    entry = "legality/attack.lp"
    through_table, shared_then = worlds.rewriting.__wrapped__(entry, ())
    monkeypatch.setattr(worlds, "_table", lambda: ({}, frozenset()))
    rewritten_here, shared = worlds.rewriting.__wrapped__(entry, ())
    assert texts(through_table) == texts(rewritten_here) and shared_then == shared
    statements = [s for s in parsed(entry) if s.ast_type != ast.ASTType.Comment]
    assert texts(rewritten_here)[1:] == [str(worlds.rewritten(s, shared)) for s in statements]
    # Each rule whose head is not shared reads its world and names it in every atom that is
    # not shared.
    rules = [s for s in rewritten_here if s.ast_type == ast.ASTType.Rule]
    assert rules and all(f"world({worlds.WORLD})" in str(r) for r in rules
                         if worlds._plain_head(r.head) not in shared)


def test_the_vocabulary_is_shared_and_what_a_moment_holds_is_not() -> None:
    """The predicates every world shares (grounded once for all): the vocabulary's facts and
    what follows from them alone; never an input, a shown predicate, a choice, or what reads
    one of them."""
    shared = worlds.shared_predicates()
    assert {("value", 2), ("action_takes", 2), ("opponent", 2)} <= shared
    # Inputs of a moment, what the answer shows, what reads an input.
    assert not {("snapshot_card", 3), ("given", 3), ("requested", 3), ("legal", 1),
                ("choice", 3), ("card_definition", 3)} & shared


def test_a_rule_of_shared_predicates_is_grounded_once() -> None:
    """A rule whose head is shared is left as written (no world), and a rule reading both kinds
    names its world only where the atom is in one; a fact naming a shared predicate puts every
    atom back in its world (worlds.solve_worlds)."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string("v(a;b). w(X) :- v(X). r(X) :- w(X), in(X). #show r/1.", statements.append)
    shared = worlds._shared_in(statements[1:])
    assert shared == {("v", 1), ("w", 1)}
    fact, rule, reading, show = (str(worlds.rewritten(s, shared)) for s in statements[1:])
    assert (fact, rule) == ("v(a;b).", "w(X) :- v(X).")
    assert reading == f"r(X,{worlds.WORLD}) :- w(X); in(X,{worlds.WORLD}); " \
                      f"world({worlds.WORLD})."
    assert show == "#show r/2."
    assert worlds._names_shared(["in(a).\nv(c).\n"], shared)
    assert not worlds._names_shared(["in(a).\n"], shared)


def test_a_statement_the_table_does_not_hold_is_rewritten() -> None:
    """A table older than the rules costs time, never a different program: a statement it does
    not hold is rewritten as the table would have written it."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string("a(X) :- b(X), not c. d(1;2). #show a/1.", statements.append)
    rule, fact, show = (str(worlds.rewritten(s)) for s in statements[1:])
    assert rule == f"a(X,{worlds.WORLD}) :- b(X,{worlds.WORLD}); not c({worlds.WORLD}); " \
                   f"world({worlds.WORLD})."
    # A pool: each of its atoms in the world.
    assert fact == f"d(1,{worlds.WORLD};2,{worlds.WORLD}) :- world({worlds.WORLD})."
    assert show == "#show a/2."


def _reborn_resolving(occupied: int) -> Any:
    """Monster Reborn about to resolve for A with `occupied` of A's Main Monster Zones held:
    Dark Magician comes back in a battle position and a free zone of A's choosing (ZONE-81)."""
    from conftest import snapshot
    from ygocheck.pipeline import from_mapping

    cards = [{"id": "a_reborn", "name": "Monster Reborn", "owner": "A", "zone": "spell_trap",
              "slot": 1, "since_turn": 3},
             {"id": "a_dm", "name": "Dark Magician", "owner": "A", "zone": "graveyard"}]
    cards += [{"id": f"a_elf{z}", "name": "Mystical Elf", "owner": "A", "zone": "monster",
               "slot": z, "since_turn": 2} for z in range(1, occupied + 1)]
    return from_mapping(snapshot(cards, chain=[{"player": "A", "card": "a_reborn", "effect": 1,
                                                "targets": ["a_dm"]}]), "<test>")


def test_lines_followed_together_have_the_outcomes_each_has_alone() -> None:
    """A step that leaves a choice, grounded among other lines' steps (engine.run_many, one
    world each), gets its outcomes from that grounding (worlds.solve_worlds, every_outcome):
    exactly the outcomes the line has followed alone. Two positions times the free zones: 4
    lines with three zones held, 2 with four held; a line with no action (the chain waits on
    the players) stays one line."""
    from ygocheck.engine import Job, run, run_many
    from ygocheck.state_out import state_key

    resolve: list[dict[str, Any]] = [{"action": "resolve"}]
    jobs = [Job(_reborn_resolving(3), resolve, follow_all=True),
            Job(_reborn_resolving(4), resolve, follow_all=True),
            Job(_reborn_resolving(3), [], follow_all=True)]
    together = run_many(jobs)
    counts = []
    for job, outcome in zip(jobs, together, strict=True):
        assert not isinstance(outcome, Exception)
        branches, stop = outcome
        alone, alone_stop = run(job.loaded, job.actions, follow_all=True)
        assert stop is None and alone_stop is None
        assert ({state_key(b.settled_answer()) for b in branches}
                == {state_key(b.settled_answer()) for b in alone})
        counts.append(len(branches))
    assert counts == [4, 2, 1]
