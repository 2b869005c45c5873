"""The damage calculation table (BATTLE-21, 002_c6ae516fcfcb1c0f.txt 傷害判定), as the rules
derive it for the attack in progress, before damage calculation."""

from __future__ import annotations

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
