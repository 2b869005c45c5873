"""Damage calculation (asp/damage.lp) on handwritten facts: `battle_damage(Player, N)` and
`battle_destroys(Monster)` of the battle in progress.

The facts are those damage.lp reads from the layers before it (state.lp: controllers,
positions, faces, the monsters on the field; stats.lp: current ATK/DEF; battle.lp: the
attacker and its target; continuous.lp: the effects applied). Player a's monster "att"
attacks player b directly or b's monster "def".
"""

from __future__ import annotations

from .conftest import Model, RunRules

DAMAGE = ["damage.lp"]
BATTLE = """
    opponent(a, b). opponent(b, a).
    attacker("att"). controller("att", a). monster_on_field("att"). current_atk("att", {atk}).
"""


def battle(rules: RunRules, atk: int, target: str = "", more: str = "") -> Model:
    """Player a's monster with `atk` attacks: `target` gives b's monster (or a direct attack
    when empty)."""
    facts = BATTLE.format(atk=atk) + (target or 'attack_target(direct).') + more
    return rules.one(DAMAGE, facts)


def defender(position: str, atk: int, defense: int, face: str = "face_up") -> str:
    return f"""attack_target("def"). controller("def", b). monster_on_field("def").
        controls_monster(b, "def"). position("def", {position}). {face}("def").
        current_atk("def", {atk}). current_def("def", {defense}). printed_def("def", {defense}).
    """


def test_against_an_attack_position_monster(rules: RunRules) -> None:
    # BATTLE-21 (002 傷害判定): the higher ATK destroys the lower, whose controller takes the
    # difference; equal ATK destroys both and nobody takes damage; both 0: neither.
    higher = battle(rules, 2000, defender("attack", 1500, 0))
    assert higher.of("battle_damage") == {("b", "500")}
    assert higher.of("battle_destroys") == {('"def"',)}
    lower = battle(rules, 1000, defender("attack", 1500, 0))
    assert lower.of("battle_damage") == {("a", "500")}
    assert lower.of("battle_destroys") == {('"att"',)}
    equal = battle(rules, 1500, defender("attack", 1500, 0))
    assert equal.of("battle_damage") == set()
    assert equal.of("battle_destroys") == {('"att"',), ('"def"',)}
    zero = battle(rules, 0, defender("attack", 0, 0))
    assert zero.of("battle_damage") == set() and zero.of("battle_destroys") == set()


def test_against_a_defense_position_monster(rules: RunRules) -> None:
    # BATTLE-21: a higher ATK destroys it with no damage; a lower ATK makes the attacking
    # player take the difference and destroys nothing; equal: nothing happens.
    # DSTEP-15 (000 §6.3.2): a face-down one is turned face-up first: its printed DEF counts.
    higher = battle(rules, 2000, defender("defense", 0, 1200))
    assert higher.of("battle_damage") == set()
    assert higher.of("battle_destroys") == {('"def"',)}
    lower = battle(rules, 1000, defender("defense", 0, 1200))
    assert lower.of("battle_damage") == {("a", "200")}
    assert lower.of("battle_destroys") == set()
    equal = battle(rules, 1200, defender("defense", 0, 1200))
    assert equal.of("battle_damage") == set() and equal.of("battle_destroys") == set()
    face_down = battle(rules, 1000, defender("defense", 0, 1200, face="face_down"))
    assert face_down.of("battle_damage") == {("a", "200")}


def test_a_direct_attack_inflicts_the_attackers_atk(rules: RunRules) -> None:
    # BATTLE-21 (002 規則用語 直接攻擊): a direct attack inflicts the ATK; 0 ATK inflicts none.
    assert battle(rules, 1800).of("battle_damage") == {("b", "1800")}
    assert battle(rules, 0).of("battle_damage") == set()


def test_piercing_damage(rules: RunRules) -> None:
    # BATTLE-23 (001 DS【3.A】): piercing lets the attacker inflict the difference on a
    # Defense Position monster's controller; it changes nothing against a higher DEF.
    piercing = 'applies_op("src", 1, 1, piercing). applies_to("src", 1, 1, "att").'
    over = battle(rules, 2000, defender("defense", 0, 1200), piercing)
    assert over.of("battle_damage") == {("b", "800")}
    assert over.of("battle_destroys") == {('"def"',)}
    under = battle(rules, 1000, defender("defense", 0, 1200), piercing)
    assert under.of("battle_damage") == {("a", "200")}


def test_doubled_and_halved_damage(rules: RunRules) -> None:
    # CASE-086 (001 DS【3.A】): the battle damage a monster inflicts may be doubled or halved;
    # it is the damage that monster inflicts (the attacker on a direct attack, the attacked
    # monster when the attacker's ATK is lower), and both together leave it as it is.
    double = 'applies_op("src", 1, 1, double_battle_damage). applies_to("src", 1, 1, "{m}").'
    halve = 'applies_op("src", 2, 1, halve_battle_damage). applies_to("src", 2, 1, "{m}").'
    assert battle(rules, 1500, "", double.format(m="att")).of("battle_damage") == \
        {("b", "3000")}
    assert battle(rules, 1500, "", halve.format(m="att")).of("battle_damage") == {("b", "750")}
    assert battle(rules, 1500, "", double.format(m="att") + halve.format(m="att")).of(
        "battle_damage") == {("b", "1500")}
    # The attacked monster inflicts the damage its higher ATK causes: its doubling counts,
    # the attacker's does not.
    stronger = defender("attack", 2000, 0)
    assert battle(rules, 1500, stronger, double.format(m="def")).of("battle_damage") == \
        {("a", "1000")}
    assert battle(rules, 1500, stronger, double.format(m="att")).of("battle_damage") == \
        {("a", "500")}


def test_no_battle_damage_and_not_destroyed_by_battle(rules: RunRules) -> None:
    # BATTLE-24 (001 DS【3.A】): an effect making a player's battle damage 0 stops only that
    # damage (the monster is still destroyed); a monster that cannot be destroyed by battle
    # is not, and the damage is still taken.
    no_damage = battle(rules, 2000, defender("attack", 1500, 0),
                       "player_effect(b, no_battle_damage, src, 1).")
    assert no_damage.of("battle_damage") == set()
    assert no_damage.of("battle_destroys") == {('"def"',)}
    indestructible = battle(rules, 2000, defender("attack", 1500, 0),
                            'applies_op("src", 1, 1, cannot_be_destroyed_by_battle). '
                            'applies_to("src", 1, 1, "def").')
    assert indestructible.of("battle_damage") == {("b", "500")}
    assert indestructible.of("battle_destroys") == set()
