"""The damage calculation table (BATTLE-21, 002_c6ae516fcfcb1c0f.txt 傷害判定), as the rules
derive it for the attack in progress, before damage calculation."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from conftest import decide, snapshot

TEST_CARDS = {
    f"Test {atk}": {"category": "monster", "kind": "normal", "attribute": "DARK",
                    "type": "Fiend", "level": 4, "atk": atk, "def": atk}
    for atk in (0, 1000, 1500, 2000)
}


def battle(attack: int, defend: int | None, position: str = "attack") -> dict:
    cards = [{"id": "a_x", "name": f"Test {attack}", "owner": "A", "zone": "monster",
              "slot": 1, "since_turn": 2, "attacked": True}]
    target = "direct"
    if defend is not None:
        cards.append({"id": "b_y", "name": f"Test {defend}", "owner": "B", "zone": "monster",
                      "slot": 1, "since_turn": 2, "position": position})
        target = "b_y"
    data = snapshot(cards, phase="battle", step="damage", timing="calc",
                    battle={"attacker": "a_x", "target": target})
    data["cards"] = TEST_CARDS
    return data


@pytest.mark.parametrize("attack, defend, position, damage, destroyed", [
    (2000, 1500, "attack", {"B": 500}, ["b_y"]),          # higher ATK
    (1500, 2000, "attack", {"A": 500}, ["a_x"]),          # lower ATK
    (1500, 1500, "attack", {}, ["a_x", "b_y"]),           # equal: both destroyed
    (0, 0, "attack", {}, []),                             # 0 vs 0: "0 is not calculated"
    (2000, 1500, "defense", {}, ["b_y"]),                 # higher than DEF: no damage
    (1500, 1500, "defense", {}, []),                      # equal to DEF: nothing
    (1000, 1500, "defense", {"A": 500}, []),              # lower than DEF
    (1500, None, "attack", {"B": 1500}, []),              # direct attack
    (0, None, "attack", {}, []),                          # ATK 0: no successful direct attack
])
def test_damage_calculation_table(attack: int, defend: int | None, position: str,
                                  damage: dict, destroyed: list) -> None:
    result = decide(battle(attack, defend, position)).battle_result or {"damage": {},
                                                                        "destroyed": []}
    assert result["damage"] == damage
    assert result["destroyed"] == destroyed


PIERCER = {"category": "monster", "kind": "effect", "attribute": "EARTH", "type": "Beast-Warrior",
           "level": 4, "atk": 2000, "def": 1000,
           "effects": [{"kind": "continuous", "applies": [{"op": "piercing", "what": "self"}]}]}


@pytest.mark.parametrize("defend, position, damage, destroyed", [
    (1500, "defense", {"B": 500}, ["b_y"]),   # piercing: the difference goes through
    (2000, "defense", {}, []),                # equal to DEF: nothing to pierce
    (0, "defense", {"B": 2000}, ["b_y"]),
    (1500, "attack", {"B": 500}, ["b_y"]),    # Attack Position: the ordinary table
])
def test_piercing_battle_damage(defend: int, position: str, damage: dict,
                                destroyed: list) -> None:
    """BATTLE-23 (001_f62649cfa8aaffc7.txt DS【3.A】, 貫通): a monster with a piercing effect
    inflicts battle damage even when it attacks a Defense Position monster."""
    data = battle(2000, defend, position)
    data["cards"] = dict(TEST_CARDS, **{"Test Piercer": PIERCER})
    data["state"]["cards"][0]["name"] = "Test Piercer"
    result = decide(data).battle_result or {"damage": {}, "destroyed": []}
    assert result["damage"] == damage
    assert result["destroyed"] == destroyed


# --- which kinds of card each Damage Step window admits -------------------------------------
# DSTEP-03/04 (001_f62649cfa8aaffc7.txt ●ダメージステップの範囲; 000_f3bcdfcd3a9e2466.txt §6.3.1,
# §6.3.2; 002_c6ae516fcfcb1c0f.txt 怪獸戰鬥規則), DSTEP-21 (000 §6.3.3, 001 DS【2】): with an
# empty chain, the attacked player may activate ATK/DEF changers from the start of the Damage
# Step until before damage calculation; effects that change no ATK/DEF never; an effect worded
# "during damage calculation" only then.
WINDOW_CARDS = {
    "Test Quick Booster": {
        "category": "monster", "kind": "effect", "attribute": "FIRE", "type": "Warrior",
        "level": 4, "atk": 1000, "def": 1000,
        "effects": [{"kind": "quick", "does": [{"op": "change_atk", "what": "self",
                                                "amount": 500}]}]},
    "Test Quick Switcher": {
        "category": "monster", "kind": "effect", "attribute": "WATER", "type": "Aqua",
        "level": 4, "atk": 1000, "def": 1000,
        "effects": [{"kind": "quick", "targets": [{"what": "monster", "face": "up"}],
                     "does": [{"op": "change_position", "what": "targets"}]}]},
}
CHANGES_STATS = {"start": True, "before_calc": True, "calc": False, "after_calc": False,
                 "end": False}
NEVER = {timing: False for timing in CHANGES_STATS}
ONLY_DURING_CALCULATION = {timing: timing == "calc" for timing in CHANGES_STATS}
WINDOW_EXPECTATIONS = [
    ("b_rush", CHANGES_STATS),         # Quick-Play Spell that changes ATK (Rush Recklessly)
    ("b_reinforce", CHANGES_STATS),    # Normal Trap that changes ATK (Reinforcements)
    ("b_booster", CHANGES_STATS),      # a monster's quick effect that changes ATK
    ("b_moon", NEVER),                 # Quick-Play Spell that changes no ATK/DEF (Book of Moon)
    ("b_waboku", NEVER),               # Normal Trap that changes no ATK/DEF (Waboku)
    ("b_switcher", NEVER),             # a monster's quick effect that changes no ATK/DEF
    ("b_kuriboh", ONLY_DURING_CALCULATION),  # worded "during damage calculation" (Kuriboh)
]


def window_state(timing: str) -> dict:
    # Dark Magician (2500) attacks Gemini Elf (1900): B would take 600 battle damage, which
    # Kuriboh's OCG text asks for ("when you would take battle damage from an opponent's
    # monster's attack, during damage calculation").
    cards = [
        {"id": "a_dm", "name": "Dark Magician", "owner": "A", "zone": "monster",
         "slot": 1, "since_turn": 2, "attacked": True},
        {"id": "b_elf", "name": "Gemini Elf", "owner": "B", "zone": "monster", "slot": 1,
         "since_turn": 2},
        {"id": "b_booster", "name": "Test Quick Booster", "owner": "B", "zone": "monster",
         "slot": 2, "since_turn": 2},
        {"id": "b_switcher", "name": "Test Quick Switcher", "owner": "B", "zone": "monster",
         "slot": 3, "since_turn": 2},
        {"id": "b_kuriboh", "name": "Kuriboh", "owner": "B", "zone": "hand"},
    ]
    for slot, (ident, name) in enumerate([("b_rush", "Rush Recklessly"),
                                          ("b_reinforce", "Reinforcements"),
                                          ("b_moon", "Book of Moon"),
                                          ("b_waboku", "Waboku")], start=1):
        cards.append({"id": ident, "name": name, "owner": "B", "zone": "spell_trap",
                      "slot": slot, "face": "down", "since_turn": 2})
    data = snapshot(cards, phase="battle", step="damage", timing=timing, priority="B",
                    battle={"attacker": "a_dm", "target": "b_elf"})
    data["cards"] = WINDOW_CARDS
    return data


@cache
def window_decisions(timing: str) -> Any:
    """The rules' decisions about the window at one timing, asked once for all its cards."""
    return decide(window_state(timing))


@pytest.mark.parametrize("timing", list(CHANGES_STATS))
@pytest.mark.parametrize("card, allowed", WINDOW_EXPECTATIONS)
def test_damage_step_window_admits_each_kind_of_card(timing: str, card: str,
                                                     allowed: dict) -> None:
    decided = window_decisions(timing)
    found = any(a.get("action") == "activate" and a.get("card") == card
                for a in decided.actions)
    assert found == allowed[timing], (card, timing)


def test_continuous_cannot_be_destroyed_by_battle() -> None:
    """BATTLE-24, CASE-081 (001_f62649cfa8aaffc7.txt DS【3.A】, Marshmallon, Spirit Reaper): a
    monster whose own continuous effect says it cannot be destroyed by battle is not destroyed
    by battle; its controller still takes the battle damage."""
    data = battle(2000, 1500, "attack")
    data["cards"] = dict(TEST_CARDS, **{"Test Unbreakable": {
        "category": "monster", "kind": "effect", "attribute": "LIGHT", "type": "Fairy",
        "level": 3, "atk": 1500, "def": 1500,
        "effects": [{"kind": "continuous",
                     "applies": [{"op": "cannot_be_destroyed_by_battle", "what": "self"}]}]}})
    data["state"]["cards"][1]["name"] = "Test Unbreakable"
    result = decide(data).battle_result
    assert result == {"damage": {"B": 500}, "destroyed": []}


def test_continuous_effect_that_applies_while_attacking() -> None:
    """BATTLE-09 (000_f3bcdfcd3a9e2466.txt §6.2.1) and DSTEP-12 (001_f62649cfa8aaffc7.txt
    DS【1-1】): a continuous effect worded "if this card attacks a Defense Position monster"
    applies while such an attack is in progress, and not in another battle."""
    booster = {"category": "monster", "kind": "effect", "attribute": "EARTH",
               "type": "Machine", "level": 4, "atk": 1000, "def": 1000,
               "effects": [{"kind": "continuous", "battle": {"role": "attacks",
                                                             "position": "defense"},
                            "applies": [{"op": "change_atk", "what": "self",
                                         "amount": 1000}]}]}
    against_defense = battle(1000, 1500, "defense")
    against_defense["cards"] = dict(TEST_CARDS, **{"Test Driller": booster})
    against_defense["state"]["cards"][0]["name"] = "Test Driller"
    assert decide(against_defense).battle_result == {"damage": {}, "destroyed": ["b_y"]}
    against_attack = battle(1000, 1500, "attack")
    against_attack["cards"] = dict(TEST_CARDS, **{"Test Driller": booster})
    against_attack["state"]["cards"][0]["name"] = "Test Driller"
    assert decide(against_attack).battle_result == {"damage": {"A": 500}, "destroyed": ["a_x"]}
