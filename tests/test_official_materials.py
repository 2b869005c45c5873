"""The material lines of the official list (ygocheck/official/materials.py, docs/official.md,
"Material lines"): the reader on real lines, each quoted with its card's name from the
official English text (the project's reference extract of yaml-yugi), and the counts of the
shipped list.

What each line means is the card text's: "1 Tuner + 1+ non-Tuner monsters" is one Tuner and
at least one non-Tuner; "2 Level 4 monsters" exactly two Level 4 monsters; "including a X"
at least one of the chosen materials is a X (docs/cards.md, "Materials")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ygocheck.official import MATERIALS_FILE, official, summon_of, summon_rows
from ygocheck.official.materials import Unreadable, read_card, read_line

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("card, line, groups", [
    # Synchro: a Tuner and non-Tuners; a named Tuner; a Type on the Tuner; a kind on both
    ("Stardust Dragon", "1 Tuner + 1+ non-Tuner monsters",
     [{"count": 1, "tuner": True}, {"min": 1, "tuner": False}]),
    ("Junk Destroyer", '"Junk Synchron" + 1 or more non-Tuner monsters',
     [{"count": 1, "name": "Junk Synchron"}, {"min": 1, "tuner": False}]),
    ("Battlewasp - Halberd the Charge", "1 Insect Tuner + 1+ non-Tuner monsters",
     [{"count": 1, "type": "Insect", "tuner": True}, {"min": 1, "tuner": False}]),
    ("Crystal Wing Synchro Dragon", "1 Tuner + 1+ non-Tuner Synchro Monsters",
     [{"count": 1, "tuner": True}, {"min": 1, "tuner": False, "kind": "synchro"}]),
    # XX-Saber Gottoms (CASE-125): the second group says nothing of Tuners
    ("XX-Saber Gottoms", "1 Tuner + 1+ EARTH monsters",
     [{"count": 1, "tuner": True}, {"min": 1, "attribute": "EARTH"}]),
    # Xyz: a Level, an Attribute and an older "-Type" Type; a bounded "or more"
    ("Number 7: Lucky Straight", "3 Level 7 monsters", [{"count": 3, "level": 7}]),
    ("Digital Bug Rhinosebus", "2 or more Level 7 LIGHT Insect-Type monsters",
     [{"min": 2, "level": 7, "attribute": "LIGHT", "type": "Insect"}]),
    ("Number 86: Heroic Champion - Rhongomyniad", "2 or more (max. 5) Level 4 Warrior monsters",
     [{"min": 2, "max": 5, "level": 4, "type": "Warrior"}]),
    # Link: Effect Monsters, a Level bound, except Tokens, non-Link, Normal, Pendulum
    ("Decode Talker", "2+ Effect Monsters", [{"min": 2, "effect": True}]),
    ("Link Decoder", "1 Level 4 or lower Cyberse monster",
     [{"count": 1, "max_level": 4, "type": "Cyberse"}]),
    ("Tri-Gate Wizard", "2+ monsters, except Tokens", [{"min": 2, "not_kind": "token"}]),
    ("Purification Power Patron", "2 non-Link Monsters", [{"count": 2, "not_kind": "link"}]),
    ("Allvain the Essence of Vanity", "2 Normal Monsters", [{"count": 2, "kind": "normal"}]),
    ("Heavymetalfoes Electrumite", "2 Pendulum Monsters", [{"count": 2, "pendulum": True}]),
    # Fusion: card names, archetypes, an ATK bound, "except a Token" on the last part
    ("Elemental HERO Flame Wingman", '"Elemental HERO Avian" + "Elemental HERO Burstinatrix"',
     [{"count": 1, "name": "Elemental HERO Avian"},
      {"count": 1, "name": "Elemental HERO Burstinatrix"}]),
    ("Dangerous Frightfur Nightmary", '1 "Edge Imp" monster + 2 "Fluffal" monsters',
     [{"count": 1, "archetype": "Edge Imp"}, {"count": 2, "archetype": "Fluffal"}]),
    ("Divine Scorpion Beast of Serket", '1 "Serket" monster + 1 monster with 2500 or less ATK',
     [{"count": 1, "archetype": "Serket"}, {"count": 1, "max_atk": 2500}]),
    ("Magikey Beast - Ansyalabolas", '1 "Magikey" monster + 1 Normal Monster, except a Token',
     [{"count": 1, "archetype": "Magikey"}, {"count": 1, "kind": "normal",
                                             "not_kind": "token"}]),
])
def test_a_generic_line_becomes_its_groups(card: str, line: str, groups: list) -> None:
    assert read_line(line) == {"groups": groups}, card


@pytest.mark.parametrize("card, line, groups, including", [
    ("Ukanomitsune-no-Onari", "2 LIGHT monsters, including a Beast monster",
     [{"count": 2, "attribute": "LIGHT"}], [{"min": 1, "type": "Beast"}]),
    ("Gladiator Beast Dareios", '2 monsters, including a "Gladiator Beast" monster',
     [{"count": 2}], [{"min": 1, "archetype": "Gladiator Beast"}]),
    ("Cyber Dragon Sieger", '2 Machine monsters, including "Cyber Dragon"',
     [{"count": 2, "type": "Machine"}], [{"min": 1, "name": "Cyber Dragon"}]),
])
def test_including_says_what_some_of_the_materials_must_be(card: str, line: str, groups: list,
                                                           including: list) -> None:
    assert read_line(line) == {"groups": groups, "including": including}, card


@pytest.mark.parametrize("card, line, groups, including", [
    # the official texts (reference.jsonl.gz): "one of these Types / Attributes"
    ("Tri-Brigade Arms Mouser", "2 Beast, Beast-Warrior, and/or Winged Beast monsters",
     [{"count": 2, "types": ["Beast", "Beast-Warrior", "Winged Beast"]}], []),
    ("Sky Striker Ace - Azalea", "2 LIGHT and/or DARK monsters",
     [{"count": 2, "attributes": ["LIGHT", "DARK"]}], []),
    ("Despian Quaeritis", '1 "Despia" monster + 1 LIGHT or DARK monster',
     [{"count": 1, "archetype": "Despia"}, {"count": 1, "attributes": ["LIGHT", "DARK"]}], []),
    ("Ragnaraika Mantis Monk", "2+ monsters, including an Insect, Plant, or Reptile monster",
     [{"min": 2}], [{"min": 1, "types": ["Insect", "Plant", "Reptile"]}]),
])
def test_types_or_attributes_joined_by_or_are_one_of_them(card: str, line: str, groups: list,
                                                          including: list) -> None:
    expected: dict = {"groups": groups}
    if including:
        expected["including"] = including
    assert read_line(line) == expected, card


@pytest.mark.parametrize("card, line", [
    ("Puzzlomino, the Drop-n-Deleter", "2 monsters with different Levels"),
    ("Sky Striker Ace - Hayate", '1 non-WIND "Sky Striker Ace" monster'),
    ("Salamangreat Almiraj", "1 Normal Summoned monster with 1000 or less ATK"),
    # the data joined the line and the next sentence: as a line, it is not one
    ("Oboro-Guruma, the Wheeled Mayakashi", '1 Tuner + 1+ non-Tuner monsters / You can only '
     'control 1 "Oboro-Guruma, the Wheeled Mayakashi".'),
])
def test_a_line_the_vocabulary_cannot_say_is_unreadable(card: str, line: str) -> None:
    with pytest.raises(Unreadable):
        read_line(line)


def test_a_line_break_the_data_wrote_as_a_slash_ends_the_line() -> None:
    summoning = read_card("synchro", '1 Tuner + 1+ non-Tuner monsters / You can only control 1 '
                          '"Oboro-Guruma, the Wheeled Mayakashi". You can only use each of '
                          "these effects ...")
    assert summoning.line == "1 Tuner + 1+ non-Tuner monsters"
    assert summoning.groups == [{"count": 1, "tuner": True}, {"min": 1, "tuner": False}]


def test_an_unreadable_line_stays_unmodelled_with_the_line_kept() -> None:
    summoning = read_card("link", "2 monsters with different Levels\nIf a monster is Special "
                          "Summoned face-up to a zone this card points to ...")
    assert summoning.status == "unreadable"
    assert summoning.materials() == {"line": "2 monsters with different Levels",
                                     "unmodelled": True}


def test_must_be_fusion_summoned_is_its_revival_limit() -> None:
    summoning = read_card("fusion", '"Elemental HERO Avian" + "Elemental HERO Burstinatrix"\n'
                          "Must be Fusion Summoned. When this card destroys a monster by "
                          "battle and sends it to the GY: Inflict damage ...")
    assert (summoning.status, summoning.revival_limit, summoning.summoned_only_by) == \
        ("expressed", "always", "fusion")
    assert summoning.clauses == []


def test_must_first_be_fusion_summoned_limits_revival_until_properly_summoned() -> None:
    summoning = read_card("fusion", "1 Psychic Synchro Monster + 1 Synchro Monster\nMust "
                          "first be Fusion Summoned. Cannot be destroyed by card effects. ...")
    assert summoning.status == "expressed"      # Absolute Axon Kicker
    assert (summoning.revival_limit, summoning.summoned_only_by) == \
        ("unless_properly_summoned", "")


def test_only_from_the_extra_deck_limits_revival_until_properly_summoned() -> None:
    # Supreme Arcanite Magician; its OCG text: 「このカードは融合召喚でのみエクストラデッキから
    # 特殊召喚できる。」 (only its summon from the Extra Deck is limited)
    summoning = read_card("fusion", "1 Spellcaster-Type Synchro Monster + 1 Spellcaster-Type "
                          "monster\nThis monster can only be Special Summoned by Fusion Summon "
                          "(from the Extra Deck). When this card is Fusion Summoned, ...")
    assert (summoning.status, summoning.revival_limit, summoning.summoned_only_by) == \
        ("expressed", "unless_properly_summoned", "")


def test_a_ritual_summon_with_a_restriction_is_a_clause() -> None:
    # Nekroz of Brionac; its OCG text: 「…儀式召喚でしか特殊召喚できない。」
    summoning = read_card("ritual", 'You can Ritual Summon this card with any "Nekroz" Ritual '
                          'Spell. Must be Ritual Summoned, without using "Nekroz of Brionac". '
                          "You can only use ...")
    assert (summoning.revival_limit, summoning.summoned_only_by) == ("always", "ritual")
    assert summoning.clauses == ['Must be Ritual Summoned, without using "Nekroz of Brionac".']


def test_a_contact_fusion_keeps_its_line_unmodelled() -> None:
    # Elemental HERO Aqua Neos: not a Fusion Summon at all
    summoning = read_card("fusion", '"Elemental HERO Neos" + "Neo-Spacian Aqua Dolphin"\nMust '
                          "first be Special Summoned (from your Extra Deck) by shuffling the "
                          "above cards you control into the Deck. Once per turn: ...")
    assert summoning.status == "condition"
    assert summoning.materials() == {"line": '"Elemental HERO Neos" + "Neo-Spacian Aqua '
                                     'Dolphin"', "unmodelled": True}
    assert summoning.revival_limit == "unless_properly_summoned"
    assert summoning.clauses == ["Must first be Special Summoned (from your Extra Deck) by "
                                 "shuffling the above cards you control into the Deck."]


def test_a_fusion_only_by_a_named_spell_is_not_summoned_by_its_line() -> None:
    # Evil HERO Dark Gaia: Polymerization cannot summon it
    summoning = read_card("fusion", "1 Fiend monster + 1 Rock monster\nMust be Special "
                          'Summoned with "Dark Fusion". The original ATK ...')
    assert summoning.status == "condition" and summoning.revival_limit == "always"
    assert summoning.summoned_only_by == ""


def test_another_way_to_xyz_summon_is_a_clause_beside_an_expressed_line() -> None:
    summoning = read_card("xyz", '2 Level 4 monsters\nOnce per turn, you can also Xyz Summon '
                          '"Zoodiac Broadbull" by using 1 "Zoodiac" monster you control with a '
                          "different name as Xyz Material. (If you used ...")
    assert summoning.status == "expressed"
    assert summoning.clauses == ['Once per turn, you can also Xyz Summon "Zoodiac Broadbull" '
                                 'by using 1 "Zoodiac" monster you control with a different '
                                 "name as Xyz Material."]


def test_cannot_be_used_as_material_is_a_clause() -> None:
    summoning = read_card("link", "2 WATER monsters\nCannot be used as Link Material the turn "
                          "it is Link Summoned. If this card is Link Summoned: ...")
    assert summoning.status == "expressed"
    assert summoning.clauses == ["Cannot be used as Link Material the turn it is Link "
                                 "Summoned."]


def test_a_ritual_monster_gets_only_its_stated_revival_limit() -> None:
    summoning = read_card("ritual", 'You can Ritual Summon this card with "Chaos Form". Must '
                          "be Ritual Summoned. Your opponent cannot target ...")
    assert summoning.materials() is None
    assert (summoning.revival_limit, summoning.summoned_only_by) == ("always", "ritual")


def test_the_shipped_list_gives_extra_deck_monsters_their_materials() -> None:
    wingman = official().get("Elemental HERO Flame Wingman").definition()
    assert wingman["materials"]["groups"] == [
        {"count": 1, "name": "Elemental HERO Avian"},
        {"count": 1, "name": "Elemental HERO Burstinatrix"}]
    assert (wingman["revival_limit"], wingman["summoned_only_by"]) == ("always", "fusion")
    gaia = official().get("Evil HERO Dark Gaia").definition()
    assert gaia["materials"] == {"line": "1 Fiend monster + 1 Rock monster", "unmodelled": True}
    assert "its Summoning requirements (materials)" in gaia["unmodelled"]
    assert '"Must be Special Summoned with "Dark Fusion"."' in gaia["unmodelled"]


def test_the_counts_in_docs_official_md_are_the_shipped_lists() -> None:
    counted: dict[str, list[int]] = {k: [0, 0, 0, 0] for k in ("fusion", "synchro", "xyz",
                                                                 "link")}
    rows = summon_rows(MATERIALS_FILE.read_text(encoding="utf-8"))
    listed = official()
    for row in rows:
        name, summon = summon_of(row)
        kind = listed.get(name).kind
        if kind not in counted:
            continue
        figures = counted[kind]
        figures[0] += 1
        figures[1] += summon.status in ("expressed", "condition")
        figures[2] += summon.status == "expressed"
        figures[3] += summon.status != "expressed"
    # every Extra Deck monster of the list has its line
    assert sum(f[0] for f in counted.values()) == sum(
        1 for line in listed.lines if line.split("\t")[6] in counted) == 2185
    text = (ROOT / "docs" / "official.md").read_text(encoding="utf-8")
    table = {m.group(1).lower(): [int(m.group(i)) for i in range(2, 6)]
             for m in re.finditer(r"^\| (Fusion|Synchro|Xyz|Link) \| (\d+) \| (\d+) \| (\d+) "
                                  r"\| (\d+) \|$", text, re.MULTILINE)}
    assert table == counted


def test_a_library_extra_deck_monster_takes_the_lists_materials() -> None:
    from ygocheck.known import by_name, definitions_for

    wanted = {"line": "1 Tuner + 1+ non-Tuner monsters",
              "groups": [{"count": 1, "tuner": True}, {"min": 1, "tuner": False}]}
    assert by_name("Stardust Dragon").definition["materials"] == wanted
    assert definitions_for(["Stardust Dragon"], {})["Stardust Dragon"]["materials"] == wanted
    # what a snapshot declares is its own
    declared = {"Stardust Dragon": {"category": "monster", "kind": "synchro"}}
    assert "materials" not in definitions_for(["Stardust Dragon"], declared)["Stardust Dragon"]
