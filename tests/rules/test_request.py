"""request.lp on handwritten facts: which action a request means, and whether it names as many
cards for a choice as the action takes (CHAIN-11 for targets: 002_c6ae516fcfcb1c0f.txt 規則用語
(對象指定效果), "choose the targets when the effect is activated"; a "target up to N" effect takes
1 to N, the official texts of such cards)."""

from __future__ import annotations

from .conftest import RunRules

MODULES = ["registry.lp", "request.lp"]

# Player A's Book of Moon (the card "bom", its effect 1) takes 1 target: "m1" or "m2".
BOOK_OF_MOON = '''
    action_arguments(activate("A", "bom", 1), activate, "A", "bom", 1).
    choice_needed(activate("A", "bom", 1), target, 1, 1).
    choice_option(activate("A", "bom", 1), target, 1, "m1").
    choice_option(activate("A", "bom", 1), target, 1, "m2").
    requested(do, action, activate). requested(do, player, "A"). requested(do, card, "bom").
'''


def named(*targets: str) -> str:
    return "".join(f'requested(do, target, "{t}"). ' for t in targets)


def test_one_target_named_for_an_effect_that_takes_one_fits(rules: RunRules) -> None:
    model = rules.one(MODULES, BOOK_OF_MOON + 'legal(activate("A", "bom", 1)).' + named("m1"))
    assert model.holds("request_legal(do)")
    assert model.holds('chosen(target, "m1")')
    assert model.of("count_named_wrong") == set()


def test_two_targets_named_for_an_effect_that_takes_one_are_refused(rules: RunRules) -> None:
    model = rules.one(MODULES, BOOK_OF_MOON + 'legal(activate("A", "bom", 1)).'
                      + named("m1", "m2"))
    assert model.holds("request_refused(do)")
    assert model.of("count_named_wrong") == {('do', 'activate("A","bom",1)', "target", "2", "1")}


def test_the_count_is_decided_for_an_action_refused_for_another_reason(rules: RunRules) -> None:
    # Not legal (no legal/1 fact: say, not the player's priority): `why` still says the count.
    model = rules.one(MODULES, BOOK_OF_MOON + named("m1", "m2"))
    assert model.holds("request_refused(do)")
    assert model.of("count_named_wrong") == {('do', 'activate("A","bom",1)', "target", "2", "1")}


def test_up_to_two_targets_take_one_or_two_not_three(rules: RunRules) -> None:
    up_to_two = BOOK_OF_MOON.replace("target, 1, 1)", "target, 1, 2)") + '''
        choice_ranged(activate("A", "bom", 1), target, 1).
        choice_option(activate("A", "bom", 1), target, 1, "m3").
        legal(activate("A", "bom", 1)).'''
    assert rules.one(MODULES, up_to_two + named("m1")).holds("request_legal(do)")
    assert rules.one(MODULES, up_to_two + named("m1", "m2")).holds("request_legal(do)")
    three = rules.one(MODULES, up_to_two + named("m1", "m2", "m3"))
    assert three.holds("request_refused(do)")
    assert three.of("count_named_wrong") == {('do', 'activate("A","bom",1)', "target", "3", "2")}
