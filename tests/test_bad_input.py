"""Bad input never yields a ruling: one clear message (file, line, what is wrong, what is
allowed), exit code 2, never a traceback (CONTRACT sections 1 and 3).

Part 1 writes one snapshot per kind of bad input and checks the message. Part 2 mutates every
example snapshot and ruling case a few hundred ways (tests/mutations.py) and checks that
`ygocheck check` answers 0 or 2, never anything else, and 2 for the kinds of mutation that
always make a snapshot invalid.
"""

from __future__ import annotations

import json
import sys
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ygocheck.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutations  # noqa: E402


# --- helpers -------------------------------------------------------------------------------

def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def crash_report(result: Result) -> str:
    if result.exc_info is not None and not isinstance(result.exception, SystemExit):
        return "".join(traceback.format_exception(*result.exc_info))
    return result.output


def assert_clean(result: Result) -> None:
    """Exit through sys.exit with 0 or 2, and no Python traceback anywhere."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        crash_report(result)
    assert result.exit_code in (0, 2), crash_report(result)
    assert "Traceback" not in result.output
    assert "internal error" not in result.output


def assert_bad(result: Result, path: Path, line: int | None, *phrases: str) -> None:
    """Exit 2 with a message on stderr that names the file (and line) and says what is wrong."""
    assert_clean(result)
    assert_refused(result, path, line, *phrases)


def assert_refused(outcome: Any, path: Path, line: int | None, *phrases: str) -> None:
    """Exit 2, nothing on stdout, a message on stderr that names the file (and line) and says
    what is wrong: for a command's Result, or an Outcome of checked_alone_as_well."""
    assert outcome.exit_code == 2, f"expected exit 2, got {outcome.exit_code}: {outcome}"
    assert outcome.stdout == ""
    where = f"{path}:{line}:" if line is not None else f"{path}"
    assert where in outcome.stderr, f"{where!r} not in: {outcome.stderr}"
    for phrase in phrases:
        assert phrase in outcome.stderr, f"{phrase!r} not in: {outcome.stderr}"


def sampled_alone(request: Any) -> bool:
    """The batched tests (checked_alone_as_well) also checked alone: one in four."""
    return zlib.crc32(request.node.name.encode()) % 4 == 0


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the only line of `text` that contains `needle`."""
    found = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(found) == 1, f"{needle!r} is on lines {found}"
    return found[0]


HEAD = """format: ygocheck/1
state:
  turn: 3
  turn_player: A
  phase: main1
"""
CARDS = """  cards:
    - {id: a_celtic, name: Celtic Guardian, owner: A, zone: monster, slot: 1, since_turn: 2}
    - {id: b_elf, name: Mystical Elf, owner: B, zone: monster, slot: 2, position: defense}
    - {id: b_mirror, name: Mirror Force, owner: B, zone: spell_trap, slot: 1, face: down,
       since_turn: 2}
"""
TEST_LINK = """cards:
  Test Link: {category: monster, kind: link, link: 2, atk: 1500, attribute: DARK,
              type: Cyberse, link_arrows: [bottom_left, bottom_right]}
"""


@pytest.fixture
def bad(tmp_path: Path) -> Any:
    """bad(text, needle, *phrases): `check` the text; exit 2 naming the line of `needle`."""
    def _bad(text: str, needle: str | None, *phrases: str, name: str = "snapshot.yaml") -> Result:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = invoke("check", str(path))
        assert_bad(result, path, line_of(text, needle) if needle else None, *phrases)
        return result
    return _bad


def test_the_base_snapshot_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(HEAD + CARDS, encoding="utf-8")
    result = invoke("check", str(path))
    assert result.exit_code == 0, result.output
    path.write_text(TEST_LINK + HEAD + CARDS + "    - {id: a_link, name: Test Link, owner: A, "
                    "zone: extra_monster, slot: left}\n", encoding="utf-8")
    result = invoke("check", str(path))
    assert result.exit_code == 0, result.output


# --- part 1: one test per kind of bad input -------------------------------------------------

def test_unknown_top_level_key(bad: Any) -> None:
    bad(HEAD + CARDS + "colour: red\n", "colour", "unknown key 'colour' in the snapshot",
        "allowed: format, title, cards, state")


def test_unknown_key_in_a_card_entry(bad: Any) -> None:
    text = HEAD + ("  cards:\n"
                   "    - {id: a_bewd, name: Blue-Eyes White Dragon, owner: A, zome: hand}\n")
    bad(text, "zome", "unknown key 'zome'", "did you mean 'zone'?", "allowed: id, name")


def test_unknown_key_in_state(bad: Any) -> None:
    bad(HEAD + "  trun_player: B\n" + CARDS, "trun_player", "unknown key 'trun_player' in state",
        "did you mean 'turn_player'?")


@pytest.mark.parametrize("value", ["ygocheck/2", "'ygocheck/1 '", "1", "[ygocheck/1]"])
def test_wrong_format(bad: Any, value: str) -> None:
    text = HEAD.replace("format: ygocheck/1", f"format: {value}") + CARDS
    bad(text, "format:", "format must be exactly 'ygocheck/1'")


def test_missing_format(bad: Any) -> None:
    bad(HEAD.replace("format: ygocheck/1\n", "") + CARDS, None, "format must be exactly")


def test_unknown_card_name(bad: Any) -> None:
    text = HEAD + ("  cards:\n"
                   "    - {id: a_bewd, name: Blue-Eyes White Dargon, owner: A, zone: hand}\n")
    bad(text, "Dargon", "unknown card name 'Blue-Eyes White Dargon'",
        "did you mean 'Blue-Eyes White Dragon'", "under the snapshot's top-level `cards:`")


def test_a_card_named_by_a_passcode(bad: Any) -> None:
    # 89631139 is Blue-Eyes White Dragon's passcode (reference.jsonl.gz): a snapshot names
    # cards by name, and the message says whose passcode it is, or the nearest ones.
    text = HEAD + "  cards:\n    - {id: a_bewd, name: 89631139, owner: A, zone: hand}\n"
    bad(text, "89631139", "a card is named by its official English name, not its passcode",
        "89631139 is the passcode of 'Blue-Eyes White Dragon'")
    text = HEAD + "  cards:\n    - {id: a_bewd, name: '89631193', owner: A, zone: hand}\n"
    bad(text, "89631193", "unknown card name '89631193'",
        "the nearest: 89631139 ('Blue-Eyes White Dragon')")


def test_duplicate_card_ids(bad: Any) -> None:
    text = HEAD + CARDS + "    - {id: a_celtic, name: Dark Hole, owner: A, zone: hand}\n"
    bad(text, "Dark Hole", "card id 'a_celtic' is used twice", "ids must be unique")


def test_two_cards_in_one_slot(bad: Any) -> None:
    text = HEAD + CARDS + ("    - {id: a_elf, name: Mystical Elf, owner: A, zone: monster, "
                           "slot: 1}\n")
    bad(text, "a_elf", "card 'a_elf', slot: the slot is taken by 'a_celtic'", "one card per zone")


def test_six_monsters_in_one_players_main_monster_zones(bad: Any) -> None:
    cards = "".join(f"    - {{id: a_m{n}, name: Celtic Guardian, owner: A, zone: monster, "
                    f"slot: {min(n, 5)}}}\n" for n in range(1, 7))
    text = HEAD + "  cards:\n" + cards
    # five zones: a sixth monster can only share a slot with another one
    bad(text, "a_m6", "card 'a_m6', slot: the slot is taken by 'a_m5'", "one card per zone")


def test_six_monsters_one_controlled_from_the_opponent(bad: Any) -> None:
    # five of A's own and one of B's that A controls: each is in a slot of its own owner's
    # numbering, but A's side holds six (ZONE-01)
    cards = "".join(f"    - {{id: a_m{n}, name: Celtic Guardian, owner: A, zone: monster, "
                    f"slot: {n}}}\n" for n in range(1, 6))
    text = HEAD + "  cards:\n" + cards + ("    - {id: b_taken, name: Mystical Elf, owner: B, "
                                         "controller: A, zone: monster, slot: 3}\n")
    bad(text, "b_taken", "card 'b_taken', slot: the slot is taken by 'a_m3'")


# --- rule profiles (GAME-94; docs/design.md, "Rule profiles") ---

def test_unknown_rule_profile(bad: Any) -> None:
    bad(HEAD.replace("  turn: 3\n", "  rules: 2010\n  turn: 3\n") + CARDS, "rules",
        "state.rules is 2010", "allowed: current, 2007")


DAMAGE_STEP = """format: ygocheck/1
state:
  turn: 3
  turn_player: A
  phase: battle
  step: damage
  timing: after_calc_sent
  cards:
    - {id: a_celtic, name: Celtic Guardian, owner: A, zone: monster, slot: 1, since_turn: 2}
"""


def test_a_timing_of_the_rules_of_2007_under_the_current_rules(bad: Any, tmp_path: Path) -> None:
    bad(DAMAGE_STEP, "timing", "after_calc_sent is a timing of the rules of 2007",
        "give rules: 2007")
    path = tmp_path / "judged_by_2007.yaml"
    path.write_text(DAMAGE_STEP.replace("  turn: 3\n", "  rules: 2007\n  turn: 3\n"),
                    encoding="utf-8")
    result = invoke("check", str(path))
    assert result.exit_code == 0, result.output


def test_an_extra_monster_zone_under_the_rules_of_2007(bad: Any) -> None:
    text = TEST_LINK + HEAD.replace("  turn: 3\n", "  rules: 2007\n  turn: 3\n") + (
        "  cards:\n"
        "    - {id: a_link, name: Test Link, owner: A, zone: extra_monster, slot: left}\n")
    bad(text, "a_link", "the rules of 2007 do not have", "judge this moment by the current rules")


def test_both_extra_monster_zones_held_by_one_player(bad: Any) -> None:
    text = TEST_LINK + HEAD + "  cards:\n" + (
        "    - {id: a_link1, name: Test Link, owner: A, zone: extra_monster, slot: left}\n"
        "    - {id: a_link2, name: Test Link, owner: A, zone: extra_monster, slot: right}\n")
    bad(text, "a_link2", "already has 'a_link1' in an Extra Monster Zone", "only one")


def test_two_cards_in_one_extra_monster_zone(bad: Any) -> None:
    text = TEST_LINK + HEAD + "  cards:\n" + (
        "    - {id: a_link, name: Test Link, owner: A, zone: extra_monster, slot: left}\n"
        "    - {id: b_link, name: Test Link, owner: B, zone: extra_monster, slot: left}\n")
    bad(text, "b_link", "the slot is taken by 'a_link'",
        "both players share the Extra Monster Zones")


def test_face_down_token(bad: Any) -> None:
    text = HEAD + "  cards:\n" + (
        "    - {id: a_sheep, name: Sheep Token, token: true, owner: A, zone: monster, slot: 1,\n"
        "       face: down, atk: 0, def: 0, level: 1, attribute: EARTH, type: Beast}\n")
    bad(text, "face: down", "card 'a_sheep', face: a Token is never face-down")


def test_token_in_the_hand(bad: Any) -> None:
    text = HEAD + "  cards:\n" + (
        "    - {id: a_sheep, name: Sheep Token, token: true, owner: A, zone: hand,\n"
        "       atk: 0, def: 0, level: 1, attribute: EARTH, type: Beast}\n")
    bad(text, "zone: hand", "card 'a_sheep', zone: a Token is never in the hand")


def test_face_down_link_monster(bad: Any) -> None:
    text = TEST_LINK + HEAD + "  cards:\n" + (
        "    - {id: a_link, name: Test Link, owner: A, zone: monster, slot: 1, face: down}\n")
    bad(text, "a_link", "a Link Monster is never face-down")


def test_link_monster_in_defense_position(bad: Any) -> None:
    text = TEST_LINK + HEAD + "  cards:\n" + (
        "    - {id: a_link, name: Test Link, owner: A, zone: monster, slot: 1, "
        "position: defense}\n")
    bad(text, "a_link", "a Link Monster is never in Defense Position")


def test_set_trap_activated_from_the_hand(bad: Any) -> None:
    text = HEAD.replace("phase: main1", "phase: battle\n  step: battle") + (
        "  battle: {attacker: a_celtic, target: b_elf}\n"
        "  events: [{event: attack_declared, card: a_celtic, target: b_elf}]\n"
        "  chain:\n"
        "    - {player: B, card: b_trap, effect: 1, from: hand}\n"
        "  cards:\n"
        "    - {id: a_celtic, name: Celtic Guardian, owner: A, zone: monster, slot: 1}\n"
        "    - {id: b_elf, name: Mystical Elf, owner: B, zone: monster, slot: 2}\n"
        "    - {id: b_trap, name: Mirror Force, owner: B, zone: spell_trap, slot: 1, "
        "since_turn: 3}\n")
    bad(text, "from: hand", "chain link 1, from: the card is not activated from the hand",
        "CARD-11")


def test_chain_link_naming_a_card_that_does_not_exist(bad: Any) -> None:
    text = HEAD + "  chain:\n    - {player: A, card: a_ghost, effect: 1}\n" + CARDS
    bad(text, "a_ghost", "chain link 1, card: 'a_ghost' is not a card of this snapshot")


def test_chain_link_targeting_a_card_that_does_not_exist(bad: Any) -> None:
    text = HEAD + ("  chain:\n    - {player: A, card: a_mst, effect: 1, targets: [b_ghost]}\n"
                   + CARDS + "    - {id: a_mst, name: Mystical Space Typhoon, owner: A, "
                   "zone: spell_trap, slot: 2}\n")
    bad(text, "b_ghost", "targets 'b_ghost', which is not a card of this snapshot")


def test_duplicate_yaml_keys(bad: Any) -> None:
    text = HEAD + "  turn: 4\n" + CARDS
    bad(text, "turn: 4", "duplicate key 'turn' (first at line 3)")


def test_duplicate_yaml_keys_in_a_flow_mapping(bad: Any) -> None:
    text = HEAD + ("  cards:\n"
                   "    - {id: a_x, name: Dark Hole, owner: A, zone: hand, zone: graveyard}\n")
    bad(text, "a_x", "duplicate key 'zone'")


def test_invalid_yaml_syntax(bad: Any) -> None:
    text = HEAD + "  cards:\n    - {id: a_x, name: Dark Hole, owner: A, zone: hand\n  lp: 3\n"
    result = bad(text, None, "not valid YAML")
    assert ".yaml:" in result.stderr  # with a line number


def test_invalid_yaml_syntax_line(bad: Any) -> None:
    # The unclosed brace is the mistake: its line is named, and where YAML noticed it.
    text = HEAD + "  lp: {A: 8000, B: 8000\n  cards: []\n"
    result = bad(text, "lp: {A", "not valid YAML")
    assert f"noticed at line {line_of(text, 'cards: []')}" in result.stderr


def test_tab_indentation_is_invalid_yaml(bad: Any) -> None:
    bad(HEAD + "\tcards: []\n", "\tcards", "not valid YAML")


def test_step_outside_the_battle_phase(bad: Any) -> None:
    text = HEAD + "  step: battle\n" + CARDS
    bad(text, "step: battle", "state, step: a step (here battle) is only for the Battle Phase",
        "phase: battle")


def test_unknown_step(bad: Any) -> None:
    text = HEAD.replace("phase: main1", "phase: battle\n  step: main") + CARDS
    bad(text, "step: main", "state.step is 'main'; allowed: start, battle, damage, end")


def test_battle_phase_without_a_step(bad: Any) -> None:
    text = HEAD.replace("phase: main1", "phase: battle") + CARDS
    bad(text, "phase: battle", "the Battle Phase needs its step")


def test_timing_outside_the_damage_step(bad: Any) -> None:
    text = HEAD.replace("phase: main1", "phase: battle\n  step: battle\n  timing: calc") + CARDS
    bad(text, "timing: calc", "a timing (here calc) is only for the Damage Step")


BATTLE = HEAD.replace("phase: main1", "phase: battle\n  step: battle")


def test_attacker_in_defense_position(bad: Any) -> None:
    text = BATTLE + "  battle: {attacker: a_wall, target: b_elf}\n" + CARDS + (
        "    - {id: a_wall, name: Big Shield Gardna, owner: A, zone: monster, slot: 2, "
        "position: defense}\n")
    bad(text, "attacker: a_wall", "attacker: 'a_wall' is not in face-up Attack Position")


def test_attacker_of_the_wrong_player(bad: Any) -> None:
    text = BATTLE + "  battle: {attacker: b_elf, target: a_celtic}\n" + CARDS
    bad(text, "attacker: b_elf", "'b_elf' is not the turn player's monster")


def test_attack_target_not_on_the_field(bad: Any) -> None:
    text = BATTLE + "  battle: {attacker: a_celtic, target: b_gone}\n" + CARDS + (
        "    - {id: b_gone, name: Dark Magician, owner: B, zone: graveyard}\n")
    bad(text, "target: b_gone", "target: 'b_gone' is not a monster on the field")


def test_attack_target_that_does_not_exist(bad: Any) -> None:
    text = BATTLE + "  battle: {attacker: a_celtic, target: b_nobody}\n" + CARDS
    bad(text, "b_nobody", "target: 'b_nobody' is not a monster on the field")


def test_direct_attack_while_the_opponent_controls_monsters(bad: Any) -> None:
    text = BATTLE + "  battle: {attacker: a_celtic, target: direct}\n" + CARDS
    bad(text, "target: direct", "a direct attack while the opponent controls monsters ('b_elf')")


def test_battle_outside_the_battle_phase(bad: Any) -> None:
    text = HEAD + "  battle: {attacker: a_celtic, target: b_elf}\n" + CARDS
    bad(text, "battle:", "exists only in the Battle Step or the Damage Step")


def test_definition_with_an_unknown_key(bad: Any) -> None:
    text = ("cards:\n  Test Beast: {category: monster, kind: normal, levle: 4, atk: 1000, "
            "def: 1000}\n") + HEAD + ("  cards:\n"
                                     "    - {id: a_b, name: Test Beast, owner: A, zone: hand}\n")
    bad(text, "levle", "unknown key 'levle' in card 'Test Beast'", "did you mean 'level'?")


@pytest.mark.parametrize("definition,phrase", [
    ("{category: monster, kind: normal, level: 14, atk: 1000, def: 1000}", "level is 14"),
    ("{category: monster, kind: normal, level: 4, atk: '1000', def: 1000}",
     "atk must be a whole number"),
    ("{category: monster, kind: normall, level: 4}", "kind is 'normall'; allowed: normal"),
    ("{category: creature, kind: normal}", "category is 'creature'; allowed: monster"),
    ("{category: monster, kind: normal, attribute: SHADOW}", "attribute is 'SHADOW'"),
    # CARD-03 (002 卡片詳解, 怪獸卡的分類), decided by asp/check.lp: the numbers of a kind
    ("{category: monster, kind: xyz, level: 4}", "an Xyz Monster has a Rank, not a Level"),
    ("{category: monster, kind: normal, level: 4, rank: 4}", "only an Xyz Monster has a Rank"),
    ("{category: monster, kind: normal, level: 4, link: 2}",
     "only a Link Monster has a Link Rating"),
    ("{category: monster, kind: link, link: 1, atk: 1, level: 1}", "a Link Monster has no Level"),
    ("{category: monster, kind: link, link: 1, atk: 1, def: 0}", "a Link Monster has no DEF"),
    ("{category: spell, kind: normal, atk: 100}", "atk is only for monsters"),
    ("{category: spell, kind: normal, effects: [{kind: activation, from: [pocket]}]}",
     "from has 'pocket'"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: explode}]}]}",
     "op is 'explode'"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: destroy, what: self, until: {turns: 2}}]}]}", "until is a mapping"),
    ("{category: trap, kind: normal, effects: [{kind: flip}]}",
     "effects[1].kind: only monsters have Flip"),
    # ACT-01 (004 §2 카드의 발동: a card activation is a Spell's or a Trap's), CARD-08
    # (002 效果怪獸, 翻轉效果: a Flip effect is a monster's), CARD-14 (002 卡片詳解: a Scale
    # is a Pendulum Monster's; 連線怪獸: what a Link Monster has), CARD-16 (002 怪獸卡的分類:
    # materials are those of a summon by procedure), decided by asp/check.lp
    ("{category: monster, kind: effect, effects: [{kind: activation}]}",
     "effects[1].kind: only Spells and Traps have a card activation"),
    ("{category: monster, kind: link, link: 1, atk: 1, scale: 4}",
     "a Link Monster is never a Pendulum Monster"),
    ("{category: monster, kind: effect, level: 4, atk: 1, def: 1, "
     "materials: {unmodelled: true, line: two monsters}}",
     "only Fusion, Synchro, Xyz, Link and Ritual Monsters have materials"),
    ("[monster, normal]", "must be a mapping"),
    ("{category: monster, kind: link, link: 2, atk: 1, link_arrows: [top, up]}",
     "link_arrows has 'up'; allowed: top_left, top"),
    ("{category: monster, kind: link, link: 2, atk: 1, link_arrows: [top, top]}",
     "names an arrow twice"),
    ("{category: monster, kind: link, link: 3, atk: 1, link_arrows: [top, left]}",
     "lists 2 Link Arrows; a Link Monster has as many as its Link Rating"),
    ("{category: monster, kind: xyz, rank: 4, atk: 1, def: 1, link_arrows: [top]}",
     "only a Link Monster has Link Arrows"),
    ("{category: monster, kind: link, link: 1, atk: 1, link_arrows: top}",
     "link_arrows must be a list"),
    ("{category: spell, kind: normal, link_arrows: [top]}", "link_arrows is only for monsters"),
    # conditions (requires): one thing counted or compared, sensible counts
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "[{controls: monster, in: hand}]}]}", "must say exactly one of controls"),
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "[{at_most: 0}]}]}", "it says none"),
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "[{lp: lower, at_most: 2}]}]}", "an lp condition compares LP only; drop at_most"),
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "[{controls: monster, at_least: 3, at_most: 1}]}]}", "no count meets it"),
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "[{controls: monsters}]}]}", "controls is 'monsters'; allowed: monster"),
    ("{category: spell, kind: normal, effects: [{kind: activation, requires: "
     "{controls: monster}}]}", "requires must be a list"),
    # cards picked on resolution
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: special_summon, what: picked}]}]}", "`what: picked` needs `from`"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: change_atk, what: picked, from: [deck], amount: 100}]}]}",
     "only special_summon, add_to_hand, send_to_graveyard, banish, activate, set_card, "
     "destroy, take_control, return_to_deck, set_atk and attach pick their cards on "
     "resolution "
     "(`what: picked`), not change_atk"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: destroy, what: picked, from: [deck]}]}]}", "destroy picks its cards on the field "
     "only"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: add_to_hand, what: targets}]}]}", "add_to_hand adds the cards it picks as it "
     "resolves: give `what: picked`"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: add_to_hand, what: picked, from: [hand]}]}]}", "a card cannot be added to the hand "
     "from the hand"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: special_summon, what: self, attribute: DARK}]}]}", "attribute describe the cards "
     "an operation picks; give `what: picked`"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: special_summon, what: picked, from: [field]}]}]}",
     "special_summon does not pick from the field: a pick on the field banishes, sends to "
     "the GY, destroys or takes control"),
    # a replacement of the GY reaches every card or only monsters
    ("{category: spell, kind: continuous, effects: [{kind: activation, does: []}, {kind: "
     "continuous, applies: [{op: replace_graveyard, to: banished, of: spell}]}]}",
     "replace_graveyard reaches every card or, with `of: monster`, only monsters"),
    # a condition of activating it from one place names a place it is activated from
    ("{category: trap, kind: normal, effects: [{kind: activation, requires: "
     "[{controls: card, at_most: 0, only_from: hand}]}]}", "effects[1].requires[1]: only_from "
     "hand names a place the effect is not activated from; add it to `from`"),
    # what an answered activation includes (CHAIN-90): operations and places the rules read
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], responds_to: "
     "{includes: [{op: search, from: deck}]}, does: [{op: negate_effect, what: "
     "activated_card}]}]}", "responds_to.includes[1].op is 'search'; allowed: destroy"),
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], responds_to: "
     "{includes: [{from: deck}]}, does: [{op: negate_effect, what: activated_card}]}]}",
     "responds_to.includes[1]"),
    # a temporary banishment says when the card comes back, in words the rules read
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: banish_temporarily, what: self, until: next_standby}]}]}",
     "banish_temporarily needs `until`, when the card comes back: one of end_of_damage_step"),
    ("{category: monster, kind: effect, effects: [{kind: quick, does: "
     "[{op: change_attack_target, what: opponent_monsters}]}]}",
     "opponent_monsters is none of the cards this operation acts on (attack_cost: self; "
     "change_attack_target: self or targets"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: destroy, what: attacker}]}]}",
     "`what: attacker` names a card this effect has none of, so the operation would do nothing"),
    ("{category: spell, kind: continuous, effects: [{kind: continuous, applies: "
     "[{op: change_atk, what: picked, amount: 100}]}]}", "a continuous effect picks nothing"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: draw, player: you, count: 1, after: if_done}]}]}",
     "`after` joins an operation to the one before it; the first operation has none"),
    # an operation that cannot act on what it names (issue 20, Bad input)
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: draw, what: self, player: you, count: 1}]}]}",
     "draw acts on a player (`player`), not on cards; drop `what`"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: change_atk, what: all_spell_traps, amount: 500}]}]}",
     "the operation acts on monsters, and `what: all_spell_traps` names Spells and Traps"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: "
     "[{op: damage, what: self, player: opponent, amount: 500}]}]}",
     "`what` on damage names the monsters whose value `equal_to` reads"),
    # an LP amount condition says its amount, and a count has none
    ("{category: trap, kind: normal, effects: [{kind: activation, requires: "
     "[{lp: at_most}]}]}", "lp at_most needs the LP it compares with: `amount: 1000`"),
    ("{category: trap, kind: normal, effects: [{kind: activation, requires: "
     "[{controls: monster, amount: 2}]}]}", "amount is the LP of an lp at_most/at_least"),
    ("{category: trap, kind: normal, effects: [{kind: activation, "
     "unmodelled_condition: 7}]}", "unmodelled_condition must be a non-empty text"),
    # "destroy that card on the field" (Ghost Ogre & Snow Rabbit): `where` in `does`
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], responds_to: "
     "{what: monster}, does: [{op: destroy, what: activated_card, where: graveyard}]}]}",
     "`where: graveyard` in `does` is read only as `where: field` with `what: activated_card`"),
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], responds_to: "
     "{activation: face_up}, does: [{op: destroy, what: activated_card}]}]}",
     "allowed: card, effect, not_card, any"),
    # "in which you would take battle damage" (Kuriboh's OCG text) is read for activations
    ("{category: monster, kind: effect, effects: [{kind: continuous, battle: {damage_to: you}, "
     "applies: [{op: no_hand_limit}]}]}", "`battle: {damage_to: you}` is read for quick and "
     "ignition effects only, not for a continuous effect"),
    # "gains ATK equal to the ATK of the monster it is battling" (Honest)
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], battle: "
     "{your_monster: {attribute: LIGHT}}, does: [{op: damage, player: opponent, what: "
     "your_battling_monster, equal_to: atk, read_from: its_battle_opponent}]}]}",
     "read_from says whose value `equal_to` reads for change_atk and change_def; damage reads "
     "none"),
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], does: "
     "[{op: change_atk, what: your_battling_monster, equal_to: atk, read_from: "
     "its_battle_opponent}]}]}", "`what: your_battling_monster` names a card this effect has "
     "none of"),
    # "..., but you cannot activate cards with that name" (Sangan, ACT-97)
    ("{category: monster, kind: effect, effects: [{kind: trigger, trigger: {event: summoned, "
     "card: self}, does: [{op: draw, player: you, count: 1}, {op: cannot_activate_name, "
     "player: you}]}]}", "cannot_activate_name locks the names of the cards the operation just "
     "before it adds to the hand: put it right after an add_to_hand"),
    # "this turn, each time your opponent Special Summons a monster(s), draw 1" (Maxx "C")
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], does: "
     "[{op: draw_on_opponent_special_summon, player: you, until: end_of_next_turn}]}]}",
     "draw_on_opponent_special_summon lasts for the rest of the turn and reads no `until`"),
    # "you win the Duel" (Exodia the Forbidden One, GAME-09)
    ("{category: monster, kind: effect, effects: [{kind: continuous, from: [graveyard], "
     "applies: [{op: win_the_duel}]}]}", "a continuous effect applies on the field, or with "
     "`from: [hand]` while its card is in the hand; `from: graveyard` is not read"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: "
     "win_the_duel}]}]}", "win_the_duel is what a continuous effect applies"),
    ("{category: trap, kind: normal, effects: [{kind: activation, does: [{op: "
     "cannot_tribute, player: both}]}]}", "cannot_tribute is what a continuous effect applies"),
    # "Place 1 Spell Counter on it (max. 1)" (Breaker the Magical Warrior)
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: draw, "
     "player: you, count: 1, max: 1}]}]}", "`max` is the most counters place_counter may leave "
     "on the card, or `max: 1` on equip (\"(max. 1)\"); draw reads none"),
    # "Send 1 monster from your hand to the GY" (One for One, CHAIN-91): says where from
    ("{category: spell, kind: normal, effects: [{kind: activation, cost: [{send_to_graveyard: "
     "1, category: monster}]}]}", "send_to_graveyard and from go together"),
    ("{category: spell, kind: normal, effects: [{kind: activation, cost: [{send_to_graveyard: "
     "1, from: deck}]}]}", "from is 'deck'; allowed: hand"),
    ("{category: spell, kind: normal, effects: [{kind: activation, cost: [{banish_top_of_deck: "
     "10}]}]}", "banish_top_of_deck and face go together"),
    # "but banish it during the End Phase" (Emergency Teleport, TURN-09): of a summoned monster
    ("{category: spell, kind: normal, effects: [{kind: activation, targets: [{what: monster}], "
     "does: [{op: destroy, what: targets, end_phase: banish}]}]}", "end_phase (banish, destroy "
     "or send to the GY the monster during the End Phase) is read for the monster a "
     "special_summon summons or a take_control takes"),
    # "Each player can only control 1 Attribute of monster" (Gozen Match, CONT-40): one count
    ("{category: trap, kind: continuous, effects: [{kind: activation, does: []}, {kind: "
     "continuous, applies: [{op: limit_face_up_monsters, to_one: attribute, to_one_each: "
     "type}]}]}", "limit_face_up_monsters needs one of `to_one`"),
    ("{category: trap, kind: normal, effects: [{kind: activation, does: [{op: "
     "limit_face_up_monsters, to_one: type}]}]}", "limit_face_up_monsters is what a continuous "
     "effect applies"),
    # "excavate 3 cards ..., add 1 of them to your hand" (Pot of Prosperity, MISC-42)
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: draw, player: "
     "you, count: 1, excavate: 3}]}]}", "`excavate` goes with add_to_hand, what: picked"),
    # "your opponent cannot activate Trap Cards for the rest of this turn" (Red Reboot, ACT-40)
    ("{category: trap, kind: counter, effects: [{kind: activation, does: [{op: cannot_activate, "
     "of: monster, player: opponent, until: end_of_turn}]}]}", "cannot_activate in `does` is"),
    # "if your opponent Normal or Special Summoned 5 or more monsters this turn" counts summons,
    # not cards of a kind (SUMMON-85)
    ("{category: monster, kind: effect, effects: [{kind: quick, from: [hand], requires: "
     "[{summons_this_turn: normal_or_special, player: opponent, at_least: 5, type: Warrior}], "
     "does: []}]}", "a summons_this_turn condition counts the monsters a player summoned"),
])
def test_definition_with_a_bad_value(request: Any, tmp_path_factory: Any, tmp_path: Path,
                                     definition: str, phrase: str) -> None:
    """Checked in batches, one `check` a batch, one in four alone as well (pyproject.toml,
    ygocheck_batched; checked_alone_as_well)."""
    text = with_definition(definition)
    path, outcome = checked_alone_as_well(request, tmp_path_factory, tmp_path, text, False,
                                          definition_text, sampled_alone(request))
    assert_refused(outcome, path, line_of(text, "Test Thing:"), phrase)


def with_definition(definition: str) -> str:
    return (f"cards:\n  Test Thing: {definition}\n" + HEAD +
            "  cards:\n    - {id: a_t, name: Test Thing, owner: A, zone: graveyard}\n")


def definition_text(item: Any) -> tuple[str, bool]:
    return with_definition(item.callspec.params["definition"]), False


@pytest.mark.parametrize("entry,needle,phrase", [
    ("{id: a_x, name: Dark Hole, owner: A, zone: spell_trap, slot: 6}", "a_x",
     "slot is the number 6; a slot is one of 1, 2, 3, 4, 5"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: monster, slot: 0}", "a_x", "slot is"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: monster, slot: left}", "a_x",
     "left is not a slot of this zone"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: monster, slot: 2.0}", "a_x", "slot is"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: monster, slot: [1]}", "a_x", "slot is"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: monster}", "a_x",
     "a card in the monster zone needs its slot"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: hand, slot: 1}", "a_x",
     "a zone that has no slots"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: sideboard}", "a_x",
     "zone is 'sideboard'; allowed: deck, hand, monster"),
    ("{id: A_X, name: Celtic Guardian, owner: A, zone: hand}", "A_X", "an id is lowercase"),
    ("{id: a_x, name: Celtic Guardian, owner: C, zone: hand}", "a_x", "owner is 'C'; allowed"),
    ("{id: a_x, name: Celtic Guardian, owner: A}", "a_x", "is missing the key 'zone'"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: hand, since_turn: '2'}", "a_x",
     "since_turn must be a whole number"),
    ("{id: a_x, name: Dark Hole, owner: A, zone: monster, slot: 1}", "a_x",
     "a Spell or Trap is in a Monster Zone"),
    ("{id: a_x, name: Celtic Guardian, owner: A, controller: B, zone: hand}", "a_x",
     "only cards on the field can be controlled by another player"),
    ("{id: a_x, name: Celtic Guardian, owner: A, zone: graveyard, position: attack}", "a_x",
     "only monsters in a Monster Zone have a battle position"),
    ("[a_x, Celtic Guardian]", "a_x", "must be a mapping"),
])
def test_bad_card_entries(bad: Any, entry: str, needle: str, phrase: str) -> None:
    bad(HEAD + f"  cards:\n    - {entry}\n", needle, phrase)


@pytest.mark.parametrize("state_line,needle,phrase", [
    ("  turn: three", "turn: three", "turn must be a whole number"),
    ("  turn: 0", "turn: 0", "turn is 0; it must be from 1"),
    ("  turn_player: C", "turn_player: C", "turn_player is 'C'; allowed: A, B"),
    ("  phase: main", "phase: main", "phase is 'main'; allowed: draw, standby, main1"),
    ("  lp: {A: 8000, B: -1}", "lp:", "B is -1"),
    ("  lp: {A: 8000, C: 8000}", "lp:", "unknown key 'C' in state.lp"),
    ("  lp: 8000", "lp:", "state.lp must be a mapping"),
    ("  events: [{event: exploded}]", "events:", "event is 'exploded'"),
    ("  events: [{event: sent_to_graveyard, card: a_celtic, from: Foo Bar}]", "events:",
     "from is 'Foo Bar'; allowed: unknown, deck, hand, monster"),
    ("  events: [{event: damage, player: B, amount: lots}]", "events:",
     "amount must be a whole number"),
    ("  events: [{event: activated, card: [a_celtic]}]", "events:", "which is not a card"),
    ("  events: [{event: activated, cards: a_celtic}]", "events:", "cards must be a list"),
    ("  chain: [{player: A, card: a_celtic, effect: 1, targets: 7}]", "chain:",
     "targets must be a list"),
    ("  chain: [{player: A, card: {id: a_celtic}}]", "chain:", "which is not a card"),
    ("  this_turn: {normal_summon_used: [C]}", "this_turn", "lists players (A, B)"),
    ("  this_turn: {normal_summon_used: [A, A]}", "this_turn", "lists a player twice"),
    ("  this_turn: {used: [{player: A, name: [Dark Hole], effect: 1}]}", "this_turn",
     "unknown card name"),
    ("  this_turn: {effects: [{player: B, kind: cannot_activate_name}]}", "this_turn",
     "the kind cannot_activate_name needs `name`, the card name it locks"),
    ("  this_turn: {effects: [{player: B, kind: cannot_attack, name: Sangan}]}", "this_turn",
     "`name` is read only for the kinds cannot_activate_name and name_negated, not for "
     "cannot_attack"),
    ("  this_turn: {summon_count: [{player: A, count: 2}, {player: A, count: 3}]}",
     "this_turn", "player A is given more than one count"),
    ("  this_turn: {summon_count: [{player: A, count: -1}]}", "this_turn", "count is -1"),
    ("  this_turn: {effects: [{player: A, kind: negate_spell_trap_column}]}", "this_turn",
     "the kind negate_spell_trap_column needs `column`"),
    ("  this_turn: {effects: [{player: A, kind: negate_spell_trap_column, column: 6}]}",
     "this_turn", "column is 6"),
    ("  pending: [{player: A, card: [a_celtic], effect: 1}]", "pending", "which is not a card"),
    ("  counts: {A: {deck: -1}}", "counts", "deck is -1"),
    ("  window: sometime", "window", "window is 'sometime'; allowed: open"),
    ("  result: {winner: C}", "result", "winner is 'C'"),
    ("  cards: {a_celtic: {name: Celtic Guardian}}", "cards:", "state.cards must be a list"),
])
def test_bad_state_values(bad: Any, state_line: str, needle: str, phrase: str) -> None:
    lines = HEAD.splitlines(keepends=True)
    key = state_line.split(":")[0]
    kept = [line for line in lines if not line.startswith(key + ":")]
    cards = "" if "cards:" in state_line else CARDS
    bad("".join(kept) + state_line + "\n" + cards, needle, phrase)


@pytest.mark.parametrize("text,phrase", [
    ("", "the snapshot must be a mapping"),
    ("- format: ygocheck/1\n", "the snapshot must be a mapping"),
    ("just some words\n", "the snapshot must be a mapping"),
    ("format: ygocheck/1\n", "missing the key 'state'"),
    ("format: ygocheck/1\nstate: [turn, 3]\n", "state must be a mapping"),
    ("format: ygocheck/1\nstate: &s {turn: *s}\n", "recursive"),
    ("format: ygocheck/1\nstate: !!python/object:os.system {}\n", "not valid YAML"),
    ("format: ygocheck/1\nstate: !!binary aGVsbG8=\n", "state must be a mapping"),
    ("format: ygocheck/1\nstate: !!set {a, b}\n", "state must be a mapping"),
    ("format: ygocheck/1\nstate:\n  turn: 2024-01-01\n  turn_player: A\n  phase: main1\n",
     "turn must be a whole number"),
    ("format: ygocheck/1\nstate:\n  turn: .inf\n  turn_player: A\n  phase: main1\n",
     "turn must be a whole number"),
    ("format: ygocheck/1\nstate:\n  turn: 99999999999999999999999\n  turn_player: A\n"
     "  phase: main1\n", "turn is 99999999999999999999999"),
    ("format: ygocheck/1\nstate:\n  ? [turn]\n  : 3\n", "a mapping key must be a plain value"),
    ("format: ygocheck/1\n<<: {state: 1}\n", "state must be a mapping"),
    ("\ufeffformat: ygocheck/1\nstate: {turn: 1, turn_player: A, phase: draw, "
     "cards: [{id: x, name: Nope, owner: A, zone: hand}]}\n", "unknown card name 'Nope'"),
    ("format: ygocheck/1\n---\nformat: ygocheck/1\n", "not valid YAML"),
])
def test_odd_yaml_documents(tmp_path: Path, text: str, phrase: str) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    result = invoke("check", str(path))
    assert_bad(result, path, None, phrase)


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes((HEAD + "title: caf\xe9\n").encode("latin-1"))
    assert_bad(invoke("check", str(path)), path, None, "not UTF-8 text")


def test_a_missing_file_and_a_directory(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    assert_bad(invoke("check", str(missing)), missing, None, "no such file")
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    result = invoke("check", str(folder))
    assert_clean(result)
    assert result.exit_code == 2


def test_json_output_of_check_for_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    text = HEAD + "  zzz: 1\n" + CARDS + "    - {id: a_x, name: Nope Card, owner: A, zone: hand}\n"
    path.write_text(text, encoding="utf-8")
    result = invoke("check", str(path), "--json")
    assert_clean(result)
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False
    lines = {error["line"] for error in data["errors"]}
    # the shape of the file first (an unknown key); its moment once the shape is right
    assert line_of(text, "zzz") in lines
    text = text.replace("  zzz: 1\n", "")
    path.write_text(text, encoding="utf-8")
    data = json.loads(invoke("check", str(path), "--json").stdout)
    assert line_of(text, "Nope Card") in {error["line"] for error in data["errors"]}
    for error in data["errors"]:
        assert isinstance(error["message"], str) and error["message"]
        assert error["line"] is None or isinstance(error["line"], int)


def test_json_output_of_check_for_a_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "  cards: [\n", encoding="utf-8")
    result = invoke("check", str(path), "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and "not valid YAML" in data["errors"][0]["message"]


@pytest.mark.parametrize("command", [["actions", "PATH"], ["actions", "PATH", "--json"],
                                     ["why", "PATH", "A pass"]])
def test_other_commands_refuse_bad_input_the_same_way(tmp_path: Path,
                                                      command: list[str]) -> None:
    path = tmp_path / "bad.yaml"
    text = HEAD + CARDS + "    - {id: a_celtic, name: Dark Hole, owner: A, zone: hand}\n"
    path.write_text(text, encoding="utf-8")
    result = invoke(*[str(path) if arg == "PATH" else arg for arg in command])
    assert_bad(result, path, line_of(text, "Dark Hole"), "is used twice")


# --- .lp input -------------------------------------------------------------------------------

LP_STATE = """% Main Phase 1 of turn 1: A holds Dark Hole (hand-written facts, asp/input.lp)
snapshot_state(turn,1). snapshot_state(turn_player,a). snapshot_state(phase,main1).
snapshot_card("a1",name,"Dark Hole"). snapshot_card("a1",owner,a). snapshot_card("a1",zone,hand).
snapshot_card("b1",name,"Celtic Guardian"). snapshot_card("b1",owner,b).
snapshot_card("b1",zone,monster). snapshot_card("b1",slot,1).
"""


def _definitions(*names: str) -> str:
    from ygocheck.cards import library
    from ygocheck.facts import definition_facts

    return "\n".join(line for name in names for line in definition_facts(name, library()[name]))


@pytest.mark.parametrize("with_definitions", [True, False])
def test_valid_lp_input_is_accepted(tmp_path: Path, with_definitions: bool) -> None:
    """A hand-written .lp snapshot is accepted; library definitions are added for the names it
    uses and does not define (ygocheck/pipeline.py library_facts_for)."""
    text = LP_STATE + (_definitions("Dark Hole", "Celtic Guardian") + "\n"
                       if with_definitions else "")
    path = tmp_path / "snapshot.lp"
    path.write_text(text, encoding="utf-8")
    result = invoke("check", str(path))
    assert result.exit_code == 0, crash_report(result)
    result = invoke("actions", str(path), "--json")
    assert result.exit_code == 0, crash_report(result)
    actions = json.loads(result.stdout)["actions"]
    assert {"player": "A", "action": "activate", "card": "a1", "effect": 1}.items() <= \
        next(a for a in actions if a.get("card") == "a1").items()


@pytest.mark.parametrize("text,line,phrase", [
    ('snapshot_state(turn,1).\n#script (python)\nimport os\n#end.\n', 2, "#script is not allowed"),
    ('snapshot_state(turn,1).\n#script(lua) os.exit() #end.\n', 2, "#script is not allowed"),
    ('#SCRIPT (python)\n#end.\n', 1, "#script is not allowed"),
    ('#include "other.lp".\n', 1, "#include is not allowed"),
    # a `%` in a string or a block comment before the directive must not hide it
    ('x("%"). #include "other.lp".\n', 1, "#include is not allowed"),
    ('%* c *% #script (python)\nprint(1)\n#end.\n', 1, "#script is not allowed"),
    ('x("%"). #script (python)\nprint(1)\n#end.\n', 1, "#script is not allowed"),
])
def test_lp_input_with_script_or_include_is_refused(tmp_path: Path, text: str, line: int,
                                                    phrase: str) -> None:
    (tmp_path / "other.lp").write_text(LP_STATE, encoding="utf-8")
    path = tmp_path / "evil.lp"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "actions"):
        assert_bad(invoke(command, str(path)), path, line, phrase)


@pytest.mark.parametrize("text,phrase", [
    ("snapshot_state(turn,1", "not valid ASP facts"),
    ("p(X) :- q(X", "not valid ASP facts"),
    ("snapshot_card(\"a1\",name,\"Dark Hole\").\n", "state, turn: is missing"),
    (LP_STATE.replace('snapshot_card("a1",zone,hand).', ""), "card 'a1', zone: is missing"),
    (LP_STATE.replace('"Dark Hole"', '"No Such Card"'), "unknown card name"),
    (LP_STATE + 'snapshot_card("a1",zone,graveyard).\n', "zone: is given twice"),
    (LP_STATE + 'snapshot_card("b2",name,"Celtic Guardian"). snapshot_card("b2",owner,b). '
     'snapshot_card("b2",zone,monster). snapshot_card("b2",slot,1).\n',
     "the slot is taken by 'b1'"),
    (LP_STATE.replace('snapshot_card("a1",owner,a)', 'snapshot_card("a1",owner,c)'),
     "owner: c is not a player (a or b)"),
    (LP_STATE.replace("snapshot_state(turn_player,a)", 'snapshot_state(turn_player,"A")'),
     "not a player (a or b)"),
    (LP_STATE + "snapshot_life(c,100).\n", "not a player (a or b)"),
    # issue 21: card ids, categories, kinds and effect numbers of hand-written facts
    (LP_STATE.replace('"a1"', "a1"), "is not a card id"),
    (LP_STATE + 'definition("Dark Hole",category,spell). definition("Dark Hole",category,trap). '
     'definition("Dark Hole",kind,normal).\n', "has two categories"),
    (LP_STATE + 'definition("Dark Hole",category,spell). definition("Dark Hole",kind,dance).\n',
     "a kind its category does not have"),
    (LP_STATE + 'definition("Dark Hole",category,spell). definition("Dark Hole",kind,normal). '
     'definition_effect("Dark Hole",0,kind,activation).\n', "numbers an effect below 1"),
    (LP_STATE + 'definition("Dark Hole",category,spell). definition("Dark Hole",kind,normal). '
     'definition_effect("Dark Hole",-1,kind,activation).\n', "numbers an effect below 1"),
])
def test_bad_lp_input(tmp_path: Path, text: str, phrase: str) -> None:
    path = tmp_path / "bad.lp"
    path.write_text(text, encoding="utf-8")
    assert_bad(invoke("check", str(path)), path, None, phrase)


@pytest.mark.parametrize("extra,phrase", [
    # internal predicates would change what the rules derive (or break the decoder)
    ("legal(fake).", "legal/1 is not a predicate of the snapshot fact vocabulary"),
    ("phase(end).", "phase/1 is not a predicate of the snapshot fact vocabulary"),
    # written by ygocheck beside a snapshot (docs/facts.md), never part of one
    ('hypothesis_option("a_x","Dark Hole").', "hypothesis_option/2 is not a predicate"),
    ("snapshot_viewer(a).", "snapshot_viewer/1 is not a predicate"),
    ("snapshot_state(turn).", "snapshot_state/1 is not a predicate"),
    ("p(X) :- snapshot_state(turn,X).", "only plain facts are allowed"),
    ("snapshot_state(phase,battle) :- snapshot_state(turn,1).", "only plain facts are allowed"),
    ("-snapshot_state(phase,main1).", "only plain facts are allowed"),
    ("{ snapshot_state(phase,battle) }.", "only plain facts are allowed"),
    (":- snapshot_state(turn,1).", "only plain facts are allowed"),
    ("#show legal/1.", "only plain facts are allowed"),
    ("#const n=2.", "only plain facts are allowed"),
    ("#external snapshot_state(phase,end).", "only plain facts are allowed"),
    ("#program other.", "#program is not allowed"),
])
def test_lp_input_holds_only_facts_of_the_vocabulary(tmp_path: Path, extra: str,
                                                     phrase: str) -> None:
    path = tmp_path / "odd.lp"
    text = LP_STATE + extra + "\n"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "actions"):
        assert_bad(invoke(command, str(path)), path, line_of(text, extra), phrase)


# --- part 2: mutations of every example -----------------------------------------------------

MUTATIONS = mutations.mutations()


def test_there_are_a_few_hundred_mutations_of_every_example() -> None:
    assert len(MUTATIONS) >= 300
    bases = {m.base for m in MUTATIONS}
    assert len(bases) == len(mutations.base_snapshots())
    assert sum(m.must_fail for m in MUTATIONS) >= 150


def test_every_base_snapshot_is_valid(tmp_path: Path) -> None:
    """The mutations start from valid snapshots (else 'must fail' would prove nothing): each,
    written as a file and read as `check` reads it, meets no objection of the one checker. The
    550 are judged in one grounding, one world each (pipeline.first_answers), not one by one;
    a few go through the command itself, to keep the two paths the same."""
    from ygocheck.pipeline import first_answers, load
    from ygocheck.problems import BadInput

    bases = mutations.base_snapshots()
    loaded, names = [], []
    for name, data in bases:
        path = tmp_path / f"{name.replace('#', '_')}.yaml"
        path.write_text(mutations.dump(data), encoding="utf-8")
        try:
            loaded.append(load(path))
        except BadInput as error:
            message = "; ".join(p.message for p in error.problems)
            raise AssertionError(f"{name}: {message}") from error
        names.append(name)
    refused = [f"{name}: " + "; ".join(p.message for p in answer.problems)
               for name, answer in zip(names, first_answers(loaded), strict=True)
               if isinstance(answer, BadInput)]
    assert not refused, refused
    for name, _ in bases[::300]:
        result = invoke("check", str(tmp_path / f"{name.replace('#', '_')}.yaml"))
        assert result.exit_code == 0, f"{name}: {result.output}"


@dataclass
class Outcome:
    """What `check` answered about one file: its exit code and what it printed, as the
    command run on that file alone prints them."""

    exit_code: int
    stdout: str
    stderr: str


def shown_as_json(mutation: mutations.Mutation) -> bool:
    return zlib.crc32(mutation.id.encode()) % 4 == 0  # some with --json, most for people


def checked_alone(mutation: mutations.Mutation) -> bool:
    """The sample that is also checked alone, to keep one file's answer and a batch's the
    same (a different hash from shown_as_json's, so both renderings are in it)."""
    return zlib.adler32(mutation.id.encode()) % 16 == 0


# A batch's outcomes (by node id), once per batch (ygocheck/batches.py; pyproject.toml names
# the batched test functions in ygocheck_batched).
CHECKED: dict[str, dict[str, tuple[Path, Outcome]]] = {}


def checked_in_batch(request: Any, folders: Any, text_of: Callable[[Any], tuple[str, bool]]
                     ) -> dict[str, tuple[Path, Outcome]]:
    """The files of this test's batch (`text_of(item)`: each item's text, and whether it is
    shown with --json), each written to a file of its own, given to one `check` command (the
    YAML ones judged in one grounding, pipeline.first_answers), once with --json and once for
    people; each file's outcome split out of the answer. A batch whose answer is not clean,
    or cannot be split by file, gives none: each of its tests then runs `check` alone."""
    from ygocheck.batches import batch_items, session_batches

    name = session_batches(request.session).get(request.node.nodeid, request.node.nodeid)
    if name not in CHECKED:
        folder = folders.mktemp("batch")
        written: list[tuple[str, Path, bool]] = []
        for number, item in enumerate(batch_items(request.node)):
            text, as_json = text_of(item)
            path = folder / f"{number:04d}.yaml"
            path.write_text(text, encoding="utf-8")
            written.append((item.nodeid, path, as_json))
        found: dict[str, tuple[Path, Outcome]] = {}
        for as_json in (True, False):
            group = [(nodeid, path) for nodeid, path, j in written if j == as_json]
            if group:
                result = invoke("check", *[str(path) for _, path in group],
                                *(["--json"] if as_json else []))
                found.update(split_outcomes(result, group, as_json))
        CHECKED[name] = found
    return CHECKED[name]


def checked_alone_as_well(request: Any, folders: Any, tmp_path: Path, text: str, as_json: bool,
                          text_of: Callable[[Any], tuple[str, bool]], alone: bool
                          ) -> tuple[Path, Outcome]:
    """This test's file and what `check` answered about it: from its batch
    (checked_in_batch), or from `check` run on it alone when the batch gave none or when the
    test is in the sample checked alone (`alone`), which must get the same answer as the
    batch."""
    found = checked_in_batch(request, folders, text_of).get(request.node.nodeid)
    if found is not None and not alone:
        return found
    path = found[0] if found is not None else tmp_path / "alone.yaml"
    if found is None:
        path.write_text(text, encoding="utf-8")
    result = invoke("check", str(path), *(["--json"] if as_json else []))
    assert_clean(result)
    single = Outcome(result.exit_code, result.stdout, result.stderr)
    if found is not None:
        batched = found[1]
        assert (batched.exit_code, batched.stderr) == (single.exit_code, single.stderr)
        assert (json.loads(batched.stdout) == json.loads(single.stdout) if as_json else
                batched.stdout == single.stdout), (batched, single)
    return path, single


def split_outcomes(result: Result, group: list[tuple[str, Path]],
                   as_json: bool) -> dict[str, tuple[Path, Outcome]]:
    """Each file's outcome in the answer of one `check` of several files; none at all when
    the answer is not clean or a line of it belongs to no file."""
    clean = (result.exception is None or isinstance(result.exception, SystemExit)) and \
        result.exit_code in (0, 2) and "Traceback" not in result.output and \
        "internal error" not in result.output
    if not clean:
        return {}
    found: dict[str, tuple[Path, Outcome]] = {}
    if as_json:
        data = json.loads(result.stdout)
        reports = data["files"] if len(group) > 1 else [{"file": str(group[0][1]), **data}]
        by_file = {report["file"]: report for report in reports}
        if data["ok"] != (result.exit_code == 0) or set(by_file) != {str(p) for _, p in group}:
            return {}
        for nodeid, path in group:
            report = by_file[str(path)]
            alone = {"ok": report["ok"], "errors": report["errors"]}
            found[nodeid] = (path, Outcome(0 if report["ok"] else 2, json.dumps(alone), ""))
        return found
    errors: dict[str, list[str]] = {str(path): [] for _, path in group}
    fine: set[str] = set()
    for line in result.stderr.splitlines():
        owner = line.removeprefix("ygocheck: ").split(":", 1)[0]
        if not line.startswith("ygocheck: ") or owner not in errors:
            return {}
        errors[owner].append(line)
    for line in result.stdout.splitlines():
        owner = line.removesuffix(": ok")
        if owner == line or owner not in errors:
            return {}
        fine.add(owner)
    if any(bool(errors[name]) == (name in fine) for name in errors) or \
            (result.exit_code == 2) != any(errors.values()):
        return {}
    for nodeid, path in group:
        lines = errors[str(path)]
        found[nodeid] = (path, Outcome(2 if lines else 0, "" if lines else f"{path}: ok\n",
                                       "".join(f"{line}\n" for line in lines)))
    return found


def mutated_text(item: Any) -> tuple[str, bool]:
    mutation = item.callspec.params["mutation"]
    return mutation.yaml_text(), shown_as_json(mutation)


@pytest.mark.parametrize("mutation", MUTATIONS, ids=[m.id for m in MUTATIONS])
def test_mutated_snapshot(request: Any, tmp_path_factory: Any, tmp_path: Path,
                          mutation: mutations.Mutation) -> None:
    """`check` on the mutated snapshot: 0 or 2, never a traceback; 2 for a mutation that
    must fail, with a message for a person (or JSON) that names the file. Most are answered
    in a batch (checked_in_batch); the sample checked alone must get the same answer."""
    as_json = shown_as_json(mutation)
    path, outcome = checked_alone_as_well(request, tmp_path_factory, tmp_path,
                                          mutation.yaml_text(), as_json, mutated_text,
                                          checked_alone(mutation))
    if mutation.must_fail:
        assert outcome.exit_code == 2, f"{mutation.id} was accepted:\n{mutation.yaml_text()}"
    if outcome.exit_code == 2:
        if as_json:
            data = json.loads(outcome.stdout)
            assert data["ok"] is False and data["errors"]
            assert all(isinstance(e["message"], str) and e["message"] for e in data["errors"])
        else:
            assert outcome.stdout == ""
            messages = outcome.stderr.strip().splitlines()
            assert messages and all(m.startswith(f"ygocheck: {path}") for m in messages), \
                outcome.stderr
    else:
        assert (json.loads(outcome.stdout)["ok"] if as_json else
                outcome.stdout.strip() == f"{path}: ok")


LP_MUTATIONS = mutations.lp_mutations()


@pytest.mark.parametrize("mutation", LP_MUTATIONS, ids=[m.id for m in LP_MUTATIONS])
def test_mutated_lp_snapshot(tmp_path: Path, mutation: mutations.Mutation) -> None:
    """Hand-written facts gone wrong: `actions` (which decodes the answer) exits 0 or 2."""
    path = tmp_path / "mutated.lp"
    path.write_text(mutation.yaml_text(), encoding="utf-8")
    result = invoke("actions", str(path), "--json")
    assert_clean(result)
    if result.exit_code == 2:
        assert result.stdout == "" and result.stderr.startswith(f"ygocheck: {path}")


def test_a_place_from_the_top_off_the_deck_or_shared(bad: Any) -> None:
    """ZONE-12: only a Deck card has a known place from the top, one card to a place."""
    elf = "    - {id: a_elf, name: Mystical Elf, owner: A, zone: %s, from_top: %d}\n"
    bad(HEAD + "  cards:\n" + elf % ("hand", 1), "a_elf", "from_top",
        "only a Deck card has a place from the top")
    celtic = "    - {id: a_celtic, name: Celtic Guardian, owner: A, zone: deck, from_top: 2}\n"
    bad(HEAD + "  cards:\n" + elf % ("deck", 2) + celtic, "a_celtic", "each place holds one card")


def test_a_procedure_cost_says_what_it_can(bad: Any) -> None:
    """A procedure's cost: a face-down one banishes, and a group's place is one of the cost's."""
    card = ("cards:\n  Test Summoner:\n    category: monster\n    kind: effect\n"
            "    level: 4\n    atk: 1000\n    def: 1000\n    cannot_normal_summon: true\n"
            "    inherent_summon:\n      from: hand\n      cost: %s\n")
    tail = HEAD + "  cards:\n    - {id: a_s, name: Test Summoner, owner: A, zone: hand}\n"
    bad(card % "{how: tribute, face: down, groups: [{count: 1}]}" + tail, "inherent_summon",
        "`face: down` is said of a cost that banishes")
    bad(card % "{how: banish, where: [hand], groups: [{count: 1, where: graveyard}]}" + tail,
        "inherent_summon", "groups[1].where is 'graveyard', not one of the cost's places (hand)")


def test_a_battle_destruction_record_names_cards_of_the_snapshot(bad: Any) -> None:
    """BATTLE-94: the turn's record of battle destructions names cards the snapshot lists."""
    bad(HEAD + "  this_turn: {destroyed_by_battle: [{card: nobody, by: a_celtic}]}\n" + CARDS,
        None, "destroyed_by_battle", "'nobody' is not a card of this snapshot")
