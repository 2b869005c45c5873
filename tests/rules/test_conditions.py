"""The conditions a text states (asp/conditions.lp) on handwritten facts: ACT-94's "if an Xyz
Monster battled this turn" (`battled_this_turn`, Divine Arsenal AA-ZEUS - Sky Thunder's second
Xyz procedure, official text: Ｘモンスターが戦闘を行ったターンに): met by a monster of that kind,
either player's, that battled this turn, whatever has become of it — the turn's record
(`this_turn.battled_kinds`) or a monster that says it battled — and by no other kind."""

from __future__ import annotations

from .conftest import one

# The card `z` whose procedure(2) states the condition; `a` uses it.
BASE = """
player(a). player(b). opponent(a, b). opponent(b, a).
card(z). user(z, a). requirement(z, procedure(2), 1).
requirement_field(z, procedure(2), 1, battled_this_turn, xyz).
"""


def fails(facts: str) -> bool:
    model = one(("conditions.lp",), BASE + facts)
    return model.holds("conditions_fail(z, procedure(2))")


def test_no_monster_battled_this_turn_fails_the_condition() -> None:
    assert fails("")


def test_a_monster_of_another_kind_that_battled_does_not_meet_it() -> None:
    assert fails("monster_kind_battled(effect). card(m). battled(m). card_kind(m, effect).")


def test_the_turns_record_meets_it_though_the_monster_is_gone() -> None:
    # The Xyz Monster battled and left the field: only the record says so.
    assert not fails("monster_kind_battled(xyz).")


def test_an_opponents_xyz_monster_that_battled_meets_it() -> None:
    assert not fails("card(m). battled(m). card_kind(m, xyz). controller(m, b).")
