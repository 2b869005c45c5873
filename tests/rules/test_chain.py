"""Chain building on handwritten facts: the spell speed of each kind of effect (cards.lp),
which speeds may respond to a chain link (legality/activation.lp), who holds priority in which
window (timing.lp), and passing priority with a chain (transition/passing.lp).

Each test gives the facts its module reads from the layers before it. Player a is the turn
player, b the opponent.
"""

from __future__ import annotations

from .conftest import RunRules

PLAYERS = "opponent(a, b). opponent(b, a). turn_player(a). non_turn_player(b)."


def test_the_spell_speed_of_each_kind_of_effect(rules: RunRules) -> None:
    # CHAIN-03 (002 咒文速度一覽; 效果怪獸): speed 1: Normal, Equip, Field, Ritual Spells,
    # ignition, trigger and Flip effects; speed 2: Quick-Play Spells, Normal and Continuous
    # Traps, quick effects; speed 3: Counter Traps.
    cards = {"normal_spell": ("spell", "normal", "activation"),
             "field_spell": ("spell", "field", "activation"),
             "quick_play": ("spell", "quick_play", "activation"),
             "normal_trap": ("trap", "normal", "activation"),
             "continuous_trap": ("trap", "continuous", "activation"),
             "counter_trap": ("trap", "counter", "activation"),
             "ignition": ("monster", "effect", "ignition"),
             "trigger": ("monster", "effect", "trigger"),
             "flip": ("monster", "effect", "flip"),
             "quick": ("monster", "effect", "quick")}
    facts = "".join(
        f'name("{c}", "{c}"). zone("{c}", hand). card_definition("{c}", category, {category}). '
        f'card_definition("{c}", kind, {kind}). effect_definition("{c}", 1, kind, {effect}).\n'
        for c, (category, kind, effect) in cards.items())
    model = rules.one(["cards.lp"], facts)
    assert model.of("speed") == {
        ('"normal_spell"', "1", "1"), ('"field_spell"', "1", "1"), ('"quick_play"', "1", "2"),
        ('"normal_trap"', "1", "2"), ('"continuous_trap"', "1", "2"),
        ('"counter_trap"', "1", "3"), ('"ignition"', "1", "1"), ('"trigger"', "1", "1"),
        ('"flip"', "1", "1"), ('"quick"', "1", "2")}


def chain_refusal(rules: RunRules, speed: int, facts: str) -> bool:
    """Whether CHAIN-04 refuses b's activation of effect 1 of "r", of this speed."""
    model = rules.one(["legality/activation.lp"], PLAYERS + f"""
        activatable_effect("r", 1). user("r", b). speed("r", 1, {speed}).
    """ + facts)
    return model.holds('forbids(activate(b, "r", 1), "CHAIN-04")')


def test_which_spell_speeds_may_respond_to_a_chain_link(rules: RunRules) -> None:
    # CHAIN-04 (002 連鎖和咒文速度; 連鎖圖示): only spell speed 2 or higher responds, and a
    # response is at least as fast as the link it answers; spell speed 1 only starts a chain.
    empty = "chain_empty."

    def link(s: int) -> str:   # chain link 1, a's activation of spell speed s
        return f'last_link(1). chain_link(1, a, "l", 1). link_speed(1, {s}).'

    assert not chain_refusal(rules, 1, empty)
    assert chain_refusal(rules, 1, link(1))
    assert not chain_refusal(rules, 2, link(1))
    assert not chain_refusal(rules, 2, link(2))
    assert chain_refusal(rules, 2, link(3))
    assert not chain_refusal(rules, 3, link(3))
    # CHAIN-08 (002 多效果發動): a trigger waiting to be chained is put on the chain with the
    # others, spell speed 1 or not: CHAIN-04 does not refuse it.
    assert not chain_refusal(rules, 1, link(1) + 'pending(2, b, "r", 1).')


def test_who_holds_priority_in_which_window(rules: RunRules) -> None:
    timing = ["timing.lp"]
    # PRIORITY-01 (002 回合玩家的優先權): with nothing to answer the turn player acts first.
    model = rules.one(timing, PLAYERS + "chain_empty.")
    assert model.of("priority") == {("a",)} and model.of("window") == {("open",)}
    # PRIORITY-03, PRIORITY-05 (002 連鎖和咒文速度): an activation hands priority to the
    # opponent of the player who activated; the chain is being built.
    model = rules.one(timing, PLAYERS + 'last_link(1). chain_link(1, a, "c", 1).')
    assert model.of("priority") == {("b",)} and model.of("window") == {("chain",)}
    # PRIORITY-04, TURN-05 (000 §5): the turn player has declared the end of the phase: the
    # opponent holds priority.
    model = rules.one(timing, PLAYERS + "chain_empty. given_window(end_of_phase).")
    assert model.of("priority") == {("b",)} and model.of("window") == {("end_of_phase",)}
    # SUMMON-13 (000 §5.2): a summon being attempted is answered by the other player.
    model = rules.one(timing, PLAYERS + """chain_empty. last_event(3). event_name(3, summoning).
                                           event_player(3, a).""")
    assert model.of("priority") == {("b",)} and model.of("window") == {("summon_negation",)}
    # CHAIN-08: triggered effects waiting to be chained: nobody holds priority until they are.
    model = rules.one(timing, PLAYERS + "chain_empty. triggers_waiting.")
    assert model.of("priority") == set() and model.of("window") == {("triggers",)}


def test_passing_priority_with_a_chain(rules: RunRules) -> None:
    passing = ["transition/passing.lp"]
    chain = PLAYERS + 'last_link(1). chain_link(1, a, "c", 1).'
    # PRIORITY-05 (002 連鎖和咒文速度): the opponent of the last link passes: the player of
    # the last link may chain more; the chain does not resolve yet.
    model = rules.one(passing, chain + "performs(pass(b)).")
    assert model.holds("state_out(priority, a)")
    assert not model.holds("state_out(window, resolving)")
    # CHAIN-02 (002 連鎖和咒文速度): both passed in succession: the chain resolves.
    model = rules.one(passing, chain + "performs(pass(a)).")
    assert model.holds("state_out(window, resolving)")
