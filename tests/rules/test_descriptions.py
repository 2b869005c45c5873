"""The description mechanism (asp/filters.lp, the ATK/DEF keys of asp/stats.lp) on handwritten
facts: no snapshot, no Python between the facts and the rules.

Each test writes the facts filters.lp reads (the cards, where they are, their face, who uses
them, what they are) and one description source (a target group, a condition, a pick, a group
word, a cost), and asserts which cards fit it and which key each other card misfits. The rules
each test checks, with their source:

* the field as the default place (a target "1 monster": CHAIN-11, 001 §对象), and a description
  judges only the cards in the places it looks at;
* "you" is the player who uses the text's card, "your opponent" the other (condition counts
  ACT-94, operation groups, targets);
* "other" excludes the text's own card;
* INFO-04/INFO-05 (004 §5): what a face-down card on the field is (its Type, name, ...) is not
  known, so it fits no description that asks for it, though it is still a monster by its zone
  (INFO-06); INFO-10: a player's own face-down monster may be Tributed for a Type cost;
* SUMMON-05/SUMMON-06 (002 特殊召喚（特殊召喚怪獸）, 特殊召喚（根據卡的效果）): the revival limit,
  for a target and for a pick alike.
"""

from __future__ import annotations

from ygocheck.resources import asp_folder

from .conftest import one

# The facts every test shares: the players, and the source card `s`, a face-up Spell on the
# field (its user is given by each test: player a unless it says).
BASE = """
player(a). player(b). opponent(a, b). opponent(b, a).
card(s). zone(s, spell_trap). on_field(s). face_up(s). category(s, spell). spell(s).
spell_trap(s).
"""


def solve(facts: str, modules: tuple[str, ...] = ("filters.lp",),
          source_user: str = "a") -> set[str]:
    """The atoms of the one answer of `modules` with the facts (and BASE) added (conftest's
    `one`: the modules alone, the facts by hand)."""
    model = one(modules, BASE + f"user(s, {source_user}).\n" + facts)
    return {str(symbol) for symbol in model.atoms}


def monster(card: str, zone: str = "monster", user: str = "a", face: str = "up",
            position: str = "attack", **info: str | int) -> str:
    """The facts of a monster card (the predicates cards.lp and state.lp derive); `info` adds
    facts key(card, value), the value written as ASP (a name in quotes)."""
    facts = [f"card({card}).", f"zone({card}, {zone}).", f"user({card}, {user}).",
             f"category({card}, monster).", f"monster({card}).", f"face_{face}({card})."]
    if zone in ("monster", "extra_monster"):
        facts += [f"on_field({card}).", f"in_monster_zone({card}).",
                  f"position({card}, {position})."]
        if face == "up":
            facts.append(f"shows_stats({card}).")
    for key, value in info.items():
        facts.append(f"{key}({card}, {value}).")
    return "\n".join(facts)


def target(group: str = "1", effect: str = "1", **keys: str | int) -> str:
    """Target group `group` of effect `effect` of the source card, with its keys."""
    facts = [f"target_group(s, {effect}, {group})."]
    for key, value in keys.items():
        facts.append(f"target_field(s, {effect}, {group}, {key}, {value}).")
    return "\n".join(facts)


def test_a_target_looks_at_the_field_by_default_and_judges_only_the_cards_there() -> None:
    atoms = solve(target(what="monster") + monster("m") + monster("g", zone="graveyard"))
    assert "asks(target(s,1,1),where,field)" in atoms
    assert "fits_identity(target(s,1,1),m)" in atoms
    # The monster in the GY is not even judged: no description is paired with every card.
    assert not any(a.startswith("judged(target(s,1,1),g)") for a in atoms)
    # A place it names replaces the default.
    atoms = solve(target(what="monster", where="graveyard") + monster("m")
                  + monster("g", zone="graveyard"))
    assert "asks(target(s,1,1),where,field)" not in atoms
    assert "fits_identity(target(s,1,1),g)" in atoms
    assert "judged(target(s,1,1),m)" not in atoms


def test_you_and_your_opponent_are_read_from_the_player_who_uses_the_card() -> None:
    facts = target(controller="opponent") + monster("mine") + monster("theirs", user="b")
    atoms = solve(facts)
    assert "asks_player(target(s,1,1),b)" in atoms
    assert "fits_identity(target(s,1,1),theirs)" in atoms
    assert "misfit(target(s,1,1),mine,controller)" in atoms
    # The same text on a card player b uses means player a's cards.
    atoms = solve(facts, source_user="b")
    assert "asks_player(target(s,1,1),a)" in atoms
    assert "fits_identity(target(s,1,1),mine)" in atoms
    assert "misfit(target(s,1,1),theirs,controller)" in atoms


def test_whose_cards_a_condition_counts_flips_with_player_opponent() -> None:
    condition = ("requirement(s, 1, 1). requirement_field(s, 1, 1, controls, monster)."
                 "requirement_field(s, 1, 1, player, opponent).")
    atoms = solve(condition + monster("mine") + monster("theirs", user="b"))
    assert "asks(condition(s,1,1),controller,opponent)" in atoms
    assert "fits_identity(condition(s,1,1),theirs)" in atoms
    assert "misfit(condition(s,1,1),mine,controller)" in atoms
    # Without `player`, a condition counts its user's own cards.
    atoms = solve(condition.replace("requirement_field(s, 1, 1, player, opponent).", "")
                  + monster("mine") + monster("theirs", user="b"))
    assert "fits_identity(condition(s,1,1),mine)" in atoms
    assert "misfit(condition(s,1,1),theirs,controller)" in atoms


def test_other_never_admits_the_texts_own_card() -> None:
    atoms = solve(target(other="true") + monster("m"))
    assert "misfit(target(s,1,1),s,other)" in atoms
    assert "fits_identity(target(s,1,1),m)" in atoms
    assert "fits_identity(target(s,1,1),s)" not in atoms


def test_a_face_down_monster_is_a_monster_whose_information_is_hidden() -> None:
    facts = monster("down", face="down", position="defense", monster_type='"Zombie"')
    # INFO-06: its zone says it is a monster ...
    assert "fits_identity(target(s,1,1),down)" in solve(target(what="monster") + facts)
    # ... INFO-04, INFO-05: but not which Type it has, nor that it is an Effect Monster.
    atoms = solve(target(what="monster", type='"Zombie"') + facts)
    assert "misfit(target(s,1,1),down,information_hidden)" in atoms
    assert "misfit(target(s,1,1),down,type)" not in atoms
    assert "fits_identity(target(s,1,1),down)" not in atoms
    atoms = solve(target(what="effect_monster") + facts + "has_effects(down).")
    assert "misfit(target(s,1,1),down,what)" in atoms
    # A face-up one with that Type fits; one with another Type misfits the Type key.
    atoms = solve(target(type='"Zombie"') + monster("up1", monster_type='"Zombie"')
                  + monster("up2", monster_type='"Dragon"'))
    assert "fits_identity(target(s,1,1),up1)" in atoms
    assert "misfit(target(s,1,1),up2,type)" in atoms


def test_a_player_sees_their_own_face_down_monster_they_tribute_for_a_cost() -> None:
    cost = ('cost_field(s, 1, 1, tribute, 1). cost_field(s, 1, 1, tribute_type, "Zombie").')
    atoms = solve(cost + monster("down", face="down", position="defense", monster_type='"Zombie"')
                  + monster("other", face="down", position="defense", monster_type='"Dragon"')
                  + monster("theirs", user="b", monster_type='"Zombie"'))
    assert "fits_identity(cost(s,1,1),down)" in atoms
    assert "misfit(cost(s,1,1),other,type)" in atoms
    assert "misfit(cost(s,1,1),theirs,controller)" in atoms


def test_what_a_card_on_the_field_is_comes_from_its_zone() -> None:
    facts = (target(what="spell") + "card(set). zone(set, spell_trap). on_field(set)."
             "face_down(set). user(set, b). category(set, spell). spell(set). spell_trap(set)."
             "card(scale). zone(scale, pendulum). on_field(scale). face_up(scale)."
             "user(scale, b). category(scale, monster). monster(scale).")
    atoms = solve(facts)
    # A Set card is a Spell/Trap, not known to be a Spell.
    assert "misfit(target(s,1,1),set,what)" in atoms
    # A Pendulum Monster in a Pendulum Zone is a Spell/Trap, not a monster.
    atoms = solve(facts.replace("what, spell)", "what, monster)"))
    assert "misfit(target(s,1,1),scale,what)" in atoms
    atoms = solve(facts.replace("what, spell)", "what, spell_trap)"))
    assert "fits_identity(target(s,1,1),scale)" in atoms
    assert "fits_identity(target(s,1,1),set)" in atoms


def test_group_words_are_descriptions_over_the_same_keys() -> None:
    group = ("operation(s, 1, does, 1, destroy). operation_arg(s, 1, does, 1, what, "
             "opponent_attack_position_monsters).")
    atoms = solve(group + monster("atk", user="b") + monster("def", user="b", position="defense")
                  + monster("down", user="b", face="down", position="attack")
                  + monster("mine"))
    d = "group(s,1,does,1)"
    assert f"fits_identity({d},atk)" in atoms
    assert f"misfit({d},def,position)" in atoms
    assert f"misfit({d},down,face)" in atoms
    assert f"misfit({d},mine,controller)" in atoms


def test_the_revival_limit_is_a_key_of_every_choice_of_a_monster_to_special_summon() -> None:
    cards = (monster("nomi", zone="graveyard", revival_limit="always")
             + monster("fusion", zone="graveyard") + "extra_deck_monster(fusion)."
             + monster("proper", zone="graveyard") + "extra_deck_monster(proper)."
             + "properly_summoned(proper)."
             + monster("plain", zone="graveyard"))
    pick = ("operation(s, 1, does, 1, special_summon). operation_arg(s, 1, does, 1, what, picked)."
            "operation_arg(s, 1, does, 1, from, graveyard).")
    targeted = target(where="graveyard") + "does(s, 1, special_summon)."
    for facts, d in ((pick, "selection(s,1,1)"), (targeted, "target(s,1,1)")):
        atoms = solve(facts + cards)
        assert f"misfit({d},nomi,revival_limit)" in atoms, d
        assert f"misfit({d},fusion,not_properly_summoned)" in atoms, d
        assert f"fits_identity({d},proper)" in atoms, d
        assert f"fits_identity({d},plain)" in atoms, d
    # An effect that does not Special Summon its target is not concerned.
    atoms = solve(target(where="graveyard") + cards)
    assert "fits_identity(target(s,1,1),nomi)" in atoms
    assert "fits_identity(target(s,1,1),fusion)" in atoms


def test_atk_thresholds_read_the_printed_value_off_the_field() -> None:
    facts = (target(where="graveyard", max_atk=1500)
             + monster("weak", zone="graveyard") + "printed_atk(weak, 1500)."
             + monster("strong", zone="graveyard") + "printed_atk(strong, 1600).")
    atoms = solve(facts, ("filters.lp", "stats.lp"))
    assert "fits(target(s,1,1),weak)" in atoms
    assert "stat_misfit(target(s,1,1),strong,max_atk)" in atoms
    assert "fits(target(s,1,1),strong)" not in atoms


def test_every_group_word_of_the_shape_is_described_or_acted_on() -> None:
    """shapes.GROUPS is the shape of `what:`; what each word means is in the rules: the words
    that name a set of cards are descriptions (group_word/3), the others name one card the
    rules find (acts_on/3 at resolution, applies_to/4 in force)."""
    import re

    from ygocheck.shapes import GROUPS

    described = {a.split("(")[1].split(",")[0] for a in solve("") if a.startswith("group_word(")}
    texts = "\n".join(path.read_text(encoding="utf-8") for path in asp_folder().rglob("*.lp"))
    acted_on = set(re.findall(r"(?:op_arg|applies_arg)\([A-Z], [A-Z], (?:[A-Z], )?what, (\w+)\)",
                              texts))
    assert described <= set(GROUPS), described - set(GROUPS)
    assert set(GROUPS) <= described | acted_on, set(GROUPS) - described - acted_on


def test_the_monster_a_card_battles_is_a_description_too() -> None:
    """"If this card attacks a face-down Defense Position monster", "battles a Special
    Summoned monster" (battle.lp reads the description of the monster it battles)."""
    battle = ("battle_condition(s, 1, role, attacks). battle_condition(s, 1, face, down)."
              "battle_condition(s, 1, position, defense).")
    atoms = solve(battle + monster("set", user="b", face="down", position="defense")
                  + monster("shown", user="b", position="defense"))
    assert "fits_identity(battled_monster(s,1),set)" in atoms
    assert "misfit(battled_monster(s,1),shown,face)" in atoms
    # A description of the monster, not a condition of the card's own part in the battle.
    assert not any(a.startswith("asks(battled_monster(s,1),role") for a in atoms)
    summoned = "battle_condition(s, 1, summoned, special)."
    atoms = solve(summoned + monster("revived", user="b") + "special_summoned(revived)."
                  + monster("normal", user="b") + "summoned_how(normal, normal).")
    assert "fits_identity(battled_monster(s,1),revived)" in atoms
    assert "misfit(battled_monster(s,1),normal,summoned)" in atoms


def test_types_and_attributes_listed_fit_a_card_of_any_one_of_them() -> None:
    # "2 Beast, Beast-Warrior, and/or Winged Beast monsters" (Tri-Brigade Arms Mouser), "2
    # LIGHT and/or DARK monsters" (Sky Striker Ace - Azalea): each material is of one of them.
    facts = (target(types='"Beast"') + 'target_field(s, 1, 1, types, "Winged Beast").'
             + monster("bird", monster_type='"Winged Beast"')
             + monster("dog", monster_type='"Beast"')
             + monster("knight", monster_type='"Warrior"'))
    atoms = solve(facts)
    assert {"fits_identity(target(s,1,1),bird)", "fits_identity(target(s,1,1),dog)"} <= atoms
    assert "misfit(target(s,1,1),knight,types)" in atoms
    facts = (target(attributes='"LIGHT"') + 'target_field(s, 1, 1, attributes, "DARK").'
             + monster("dark", attribute='"DARK"') + monster("fire", attribute='"FIRE"'))
    atoms = solve(facts)
    assert "fits_identity(target(s,1,1),dark)" in atoms
    assert "misfit(target(s,1,1),fire,attributes)" in atoms
