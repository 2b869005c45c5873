"""Event matching (asp/events.lp) on handwritten facts: whether an event fits what an
effect's text waits for, `event_fits(Card, Effect, Role, Event)`.

The facts are those events.lp reads from the layers before it (state.lp: the events and the
user of a card; cards.lp: the patterns; battle.lp: the monsters that battled). Card "c" is the
card whose effect waits; player a uses it, b is the opponent.
"""

from __future__ import annotations

from .conftest import RunRules

EVENTS = ["events.lp"]
PLAYERS = 'opponent(a, b). opponent(b, a). user("c", a).'


def test_a_trigger_reads_the_events_of_the_step_and_a_when_effect_the_last_thing(
        rules: RunRules) -> None:
    # CHAIN-08 (002 多效果發動): a trigger meets the events of the step just made;
    # ACT-91 (001 バトルステップ【3-a】; 000 §6.2.1): a "when" effect answers only the last
    # thing that happened. Event 1 is fresh (this step), event 2 is the last thing that
    # happened before it; both are a monster being destroyed.
    model = rules.one(EVENTS, PLAYERS + """
        fresh_event(1). event_name(1, destroyed). event_card(1, "m").
        recent_event(2). event_name(2, destroyed). event_card(2, "n").
        pattern("c", 1, trigger, event, destroyed).
        pattern("c", 2, when, event, destroyed).
        pattern("c", 3, trigger, event, banished).
    """)
    assert model.of("event_fits") == {('"c"', "1", "trigger", "1"), ('"c"', "2", "when", "2")}


def test_the_card_a_text_names(rules: RunRules) -> None:
    # "When this card is destroyed": card self is this card only. "When the monster this card
    # battled ...": battle_opponent is the monster it fought (battle.lp, fought/2).
    model = rules.one(EVENTS, PLAYERS + """
        fresh_event(1). event_name(1, destroyed). event_card(1, "c").
        fresh_event(2). event_name(2, destroyed). event_card(2, "m").
        fresh_event(3). event_name(3, destroyed). event_card(3, "x").
        fought("c", "m"). fought("m", "c").
        pattern("c", 1, trigger, event, destroyed). pattern("c", 1, trigger, card, self).
        pattern("c", 2, trigger, event, destroyed).
        pattern("c", 2, trigger, card, battle_opponent).
    """)
    assert model.of("event_fits") == {('"c"', "1", "trigger", "1"), ('"c"', "2", "trigger", "2")}


def test_you_and_opponent_are_from_the_side_of_the_player_who_would_activate(
        rules: RunRules) -> None:
    # "If your opponent Special Summons": player opponent is the other player than the one who
    # would activate the effect (user/2: a uses "c"). Event 1 is b's summon, event 2 is a's.
    model = rules.one(EVENTS, PLAYERS + """
        fresh_event(1). event_name(1, summoned). event_card(1, "m"). event_player(1, b).
        fresh_event(2). event_name(2, summoned). event_card(2, "n"). event_player(2, a).
        pattern("c", 1, trigger, event, summoned). pattern("c", 1, trigger, player, opponent).
        pattern("c", 2, trigger, event, summoned). pattern("c", 2, trigger, player, you).
    """)
    assert model.of("event_fits") == {('"c"', "1", "trigger", "1"), ('"c"', "2", "trigger", "2")}


def test_a_monster_targeted_for_an_attack_is_its_controllers_event(rules: RunRules) -> None:
    # BATTLE-04 (002 戰鬥流程), BATTLE-15 (000 §6.2.1): an attack declared on a monster is also
    # that monster being targeted for an attack. The declaration is b's (the attacker's);
    # "when a monster you control is targeted for an attack" is a's, who controls the target.
    model = rules.one(EVENTS, PLAYERS + """
        recent_event(1). event_name(1, attack_declared). event_card(1, "b_attacker").
        event_player(1, b). attack_target_of(1, "c"). controller("c", a).
        pattern("c", 1, when, event, attack_targeted). pattern("c", 1, when, player, you).
        pattern("c", 2, when, event, attack_declared). pattern("c", 2, when, player, you).
        pattern("c", 3, when, event, attack_declared). pattern("c", 3, when, player, opponent).
    """)
    assert model.of("event_fits") == {('"c"', "1", "when", "1"), ('"c"', "3", "when", "1")}


def test_how_by_and_kind_restrict_the_event(rules: RunRules) -> None:
    # how: a summoning method the text lists (one of them is enough). by: DSTEP-32 (001
    # DS【4.C】): destruction by battle is a different event from destruction by a card effect.
    # kind: battle or effect damage. An unstated key accepts anything (effect 5).
    model = rules.one(EVENTS, PLAYERS + """
        fresh_event(1). event_name(1, summoned). event_card(1, "m"). event_how(1, synchro).
        fresh_event(2). event_name(2, summoned). event_card(2, "n"). event_how(2, normal).
        fresh_event(3). event_name(3, destroyed). event_card(3, "m"). event_by(3, battle).
        fresh_event(4). event_name(4, destroyed). event_card(4, "n"). event_by(4, effect).
        fresh_event(5). event_name(5, damage). event_player(5, a). event_kind(5, battle).
        pattern("c", 1, trigger, event, summoned).
        pattern("c", 1, trigger, how, special). pattern("c", 1, trigger, how, synchro).
        pattern("c", 2, trigger, event, destroyed). pattern("c", 2, trigger, by, battle).
        pattern("c", 3, trigger, event, damage). pattern("c", 3, trigger, kind, effect).
        pattern("c", 4, trigger, event, damage). pattern("c", 4, trigger, kind, battle).
        pattern("c", 5, trigger, event, destroyed).
    """)
    assert model.of("event_fits") == {
        ('"c"', "1", "trigger", "1"), ('"c"', "2", "trigger", "3"), ('"c"', "4", "trigger", "5"),
        ('"c"', "5", "trigger", "3"), ('"c"', "5", "trigger", "4")}


def test_the_start_of_a_phase_is_a_phase_that_begins_and_one_the_text_names(
        rules: RunRules) -> None:
    # ACT-90 (002 魔法卡的分類; 規則和效果矛盾的時候): "at the start of the Standby Phase" is
    # met by the Standby Phase beginning (event 1), not by the End Phase beginning (event 2),
    # and not by a step of the Battle Phase starting, which does not begin a phase (event 3).
    model = rules.one(EVENTS, PLAYERS + """
        fresh_event(1). event_name(1, phase_start). event_phase(1, standby). begins_a_phase(1).
        fresh_event(2). event_name(2, phase_start). event_phase(2, end). begins_a_phase(2).
        fresh_event(3). event_name(3, phase_start). event_phase(3, battle).
        pattern("c", 1, trigger, event, phase_start).
        phase_limited("c", 1). effect_phase("c", 1, standby).
        pattern("c", 2, trigger, event, phase_start).
    """)
    assert model.of("event_fits") == {('"c"', "1", "trigger", "1"), ('"c"', "2", "trigger", "1"),
                                      ('"c"', "2", "trigger", "2")}


def test_a_part_followed_by_a_then_is_not_the_last_thing(rules: RunRules) -> None:
    # CHAIN-94 (lucays/OCG-Rule-documentation docs/c03/特定效果的处理方法.rst, 『A。那之后B』,
    # from the official FAQ): Ring of Destruction destroyed "m" and its player took damage
    # (event 2, 3: followed, the part after "then" was carried out), then inflicted damage
    # (event 4). The last thing that happened is event 4 alone; without the mark the
    # destruction would be of the same moment (a destroyed card and damage since the
    # activation, event 1).
    events = """
        event(1..4). event_name(1, activated). event_name(2, destroyed). event_card(2, "m").
        event_name(3, damage). event_name(4, damage).
    """
    model = rules.one(["state.lp"], events + "event_followed(2). event_followed(3).")
    assert model.of("recent_event") == {("4",)}
    model = rules.one(["state.lp"], events)
    assert model.of("recent_event") == {("2",), ("3",), ("4",)}
