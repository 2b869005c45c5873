"""`ygocheck why` for every action a person can write (docs/format.md, "ygocheck why"): legal
or not, a candidate of the rules or not, each reason with its rule, its statement, its seed and
the facts of the snapshot it rests on; for an illegal action every rule that decides it and no
other. The moments are the readable snapshots in tests/fixtures/why/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ygocheck.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "why"
MAIN = str(FIXTURES / "main_phase.yaml")
SUMMONED = str(FIXTURES / "summoned.yaml")
CONDITIONS = str(FIXTURES / "conditions.yaml")


def why(snapshot: str, action: str, *extra: str) -> tuple[int, Any, str]:
    result = CliRunner().invoke(main, ["why", snapshot, action, "--json", *extra])
    return result.exit_code, json.loads(result.stdout) if result.stdout else None, result.stderr


def facts_of(answer: dict[str, Any]) -> dict[str, set[tuple[Any, ...]]]:
    return {r["rule"]: {(f["fact"], *f["args"]) for f in r["facts"]} for r in answer["reasons"]}


# (what, snapshot, action, the rules that refuse it (all of them, no other), facts some rule
# rests on (rule, fact, args...), the seed the ruling comes from)
REFUSED = [
    ("an effect whose text asks that you control no monsters", CONDITIONS,
     "A activate a_mummy 2", {"ACT-94"},
     {("ACT-94", "condition_count", "A", "monster", 1, "at_most", 0)},
     "002_c6ae516fcfcb1c0f.txt 效果怪獸 (即時誘發效果: 發動條件滿足時)"),
    ("activating a Normal Monster", CONDITIONS, "A activate a_zombie", {"CARD-07"},
     {("CARD-07", "no_effect", "a_zombie")}, "002_c6ae516fcfcb1c0f.txt 通常怪獸 (無特殊能力)"),
    ("Pot of Greed with 1 card in the Deck", CONDITIONS, "A activate a_pot", {"ACT-95"},
     {("ACT-95", "deck_size", "A", 1), ("ACT-95", "draws", "a_pot", 2)},
     "002_c6ae516fcfcb1c0f.txt 決勝條件"),
    ("Normal Summon of a Level 7", MAIN, "A normal_summon a_dm", {"SUMMON-01"},
     {("SUMMON-01", "level", "a_dm", 7), ("SUMMON-01", "tributes_needed", "a_dm", 2)},
     "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)"),
    ("Normal Summon of a Level 8", MAIN, "A normal_summon a_bewd", {"SUMMON-01"},
     {("SUMMON-01", "level", "a_bewd", 8), ("SUMMON-01", "tributes_needed", "a_bewd", 2)},
     "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)"),
    ("Tribute Summon of a Level 7 with one monster", MAIN, "A tribute_summon a_dm a_elf",
     {"SUMMON-01"},
     {("SUMMON-01", "level", "a_dm", 7), ("SUMMON-01", "tributes_needed", "a_dm", 2),
      ("SUMMON-01", "monsters_controlled", "A", 1)},
     "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)"),
    ("Tribute Summon of a Level 4", MAIN, "A tribute_summon a_celtic a_elf", {"SUMMON-01"},
     {("SUMMON-01", "tributes_needed", "a_celtic", 0)},
     "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)"),
    ("Normal Summon of a Spell", MAIN, "A normal_summon a_bom", {"SUMMON-01"},
     {("SUMMON-01", "kind", "a_bom", "spell")}, "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)"),
    ("Flip Summon of a face-up monster", MAIN, "A flip_summon a_elf", {"SUMMON-04"},
     {("SUMMON-04", "face", "a_elf", "up")}, "002_c6ae516fcfcb1c0f.txt 反轉召喚"),
    ("Flip Summon of a monster Set this turn", SUMMONED, "A flip_summon a_set", {"SUMMON-04"},
     {("SUMMON-04", "placed_this_turn", "a_set")}, "002_c6ae516fcfcb1c0f.txt 反轉召喚"),
    ("a second Normal Summon in a turn", SUMMONED, "A normal_summon a_celtic", {"SUMMON-03"},
     {("SUMMON-03", "normal_summon_used", "A")}, "002_c6ae516fcfcb1c0f.txt 主要階段1"),
    ("Book of Moon on a face-down monster", MAIN, "A activate a_bom 1 b_bug", {"CHAIN-15"},
     {("CHAIN-15", "target_needs", "b_bug", "face", "up"),
      ("CHAIN-15", "face", "b_bug", "down")},
     "002_c6ae516fcfcb1c0f.txt 規則用語 (對象指定效果)"),
    ("Book of Moon on two targets, one of them in the hand", MAIN,
     "A activate a_bom 1 a_elf a_dm", {"CHAIN-11", "CHAIN-15"},
     {("CHAIN-11", "targets_named", "a_bom", 2, 1), ("CHAIN-15", "zone", "a_dm", "hand"),
      ("CHAIN-15", "target_needs", "a_dm", "where", "field")},
     "002_c6ae516fcfcb1c0f.txt 規則用語 (對象指定效果)"),
    ("Monster Reborn on a monster never properly summoned", MAIN,
     "A activate a_reborn 1 b_bls", {"SUMMON-06"},
     {("SUMMON-06", "not_properly_summoned", "b_bls")},
     "002_c6ae516fcfcb1c0f.txt 特殊召喚 (根據卡的效果)"),
    ("an attack in Main Phase 1", MAIN, "A attack a_elf b_bug", {"BATTLE-01"},
     {("BATTLE-01", "phase", "main1")}, "002_c6ae516fcfcb1c0f.txt 戰鬥流程"),
    ("activating a Spell in the GY", MAIN, "A activate a_mst", {"CHAIN-07"},
     {("CHAIN-07", "zone", "a_mst", "graveyard")}, "004_3a77f853d916b3e2.txt §2.1"),
    ("activating a Spell in the Deck", MAIN, "A activate a_hole", {"CHAIN-07"},
     {("CHAIN-07", "zone", "a_hole", "deck")}, "004_3a77f853d916b3e2.txt §2.1"),
    ("a Counter Trap from the hand, with nothing to answer", MAIN, "A activate a_jammer",
     {"CARD-11", "ACT-91"},
     {("CARD-11", "zone", "a_jammer", "hand"), ("ACT-91", "chain_links", 0)},
     "002_c6ae516fcfcb1c0f.txt 陷阱卡的分類; 001_f62649cfa8aaffc7.txt ●バトルステップ"),
    ("activating a continuous effect", MAIN, "A activate a_knight", {"CARD-07"},
     {("CARD-07", "continuous_effect", "a_knight", 1)}, "002_c6ae516fcfcb1c0f.txt 效果怪獸"),
    ("the hand-size discard in Main Phase 1", MAIN, "A discard a_dm", {"TURN-10"},
     {("TURN-10", "phase", "main1"), ("TURN-10", "hand_size", "A", 7)},
     "000_f3bcdfcd3a9e2466.txt §9"),
    ("declining a trigger that does not wait", MAIN, "A decline a_elf", {"CHAIN-08"},
     {("CHAIN-08", "not_pending", "a_elf")}, "002_c6ae516fcfcb1c0f.txt 多效果發動"),
    ("cancelling an attack with no replay", MAIN, "A cancel_attack a_elf", {"BATTLE-14"},
     {("BATTLE-14", "no_replay")}, "002_c6ae516fcfcb1c0f.txt 戰鬥階段中的卷回"),
    ("moving on from Main Phase 1 to Main Phase 2", MAIN,
     '{"player": "A", "action": "next", "to": {"phase": "main2"}}', {"TURN-01"},
     {("TURN-01", "leads_to", "battle"), ("TURN-01", "leads_to", "end")},
     "002_c6ae516fcfcb1c0f.txt 決鬥進行; 主要階段2"),
    ("a face-down Flip effect declared at will, without priority", MAIN, "B activate b_bug 1",
     {"CHAIN-08", "PRIORITY-02"},
     {("CHAIN-08", "not_pending", "b_bug"), ("PRIORITY-02", "priority", "A")},
     "002_c6ae516fcfcb1c0f.txt 效果怪獸 (翻轉效果); 回合玩家的優先權"),
]


@pytest.mark.parametrize("snapshot, action, rules, facts, source",
                         [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_why_gives_every_deciding_rule_and_its_facts(snapshot: str, action: str,
                                                    rules: set[str], facts: set[tuple[Any, ...]],
                                                    source: str) -> None:
    code, answer, _ = why(snapshot, action)
    assert code == 1 and answer["legal"] is False
    assert {r["rule"] for r in answer["reasons"]} == rules, source
    found = facts_of(answer)
    for rule, *fact in facts:
        assert tuple(fact) in found.get(rule, set()), (rule, fact, found)
    for item in answer["reasons"]:
        assert item["text"] and ".txt" in item["source"]
        assert all(f["text"] for f in item["facts"])


def test_the_text_output_says_the_facts_in_words() -> None:
    result = CliRunner().invoke(main, ["why", MAIN, "A tribute_summon a_dm a_elf"])
    assert result.exit_code == 1
    assert "SUMMON-01:" in result.stdout
    assert "here: a_dm is Level 7; a_dm needs 2 Tributes; A controls 1 monster" in result.stdout


def test_a_legal_action_exits_0_with_the_rules_it_meets_and_their_facts() -> None:
    code, answer, _ = why(MAIN, "A normal_summon a_celtic")
    assert code == 0 and answer["legal"] is True
    found = facts_of(answer)
    assert {("phase", "main1"), ("turn_player", "A")} <= found["TURN-04"]
    assert ("priority", "A") in found["PRIORITY-02"]
    assert ("free_zones", "A", "monster", 4) in found["ZONE-01"]


@pytest.mark.parametrize("action, phrase", [
    ("A normal_summon a_nobody", "'a_nobody', which is not a card of the snapshot"),
    ("A summon a_dm", "unknown action 'summon'"),
])
def test_an_unknown_card_or_action_is_bad_input(action: str, phrase: str) -> None:
    result = CliRunner().invoke(main, ["why", MAIN, action])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and phrase in lines[0]


def test_why_agrees_with_actions_blocked() -> None:
    """Every action `actions --blocked` lists is refused by `why` with the same rules."""
    listed = json.loads(CliRunner().invoke(main, ["actions", MAIN, "--blocked", "--json"]).stdout)
    assert listed["blocked"]
    for item in listed["blocked"]:
        rules = set(item.pop("rules"))
        for key in ("targets_from", "tributes_from", "discards_from", "cards_from", "to"):
            item.pop(key, None)
        code, answer, _ = why(MAIN, json.dumps(item))
        assert code == 1 and {r["rule"] for r in answer["reasons"]} == rules, item


def test_every_kind_of_fact_has_its_words_and_its_row_in_the_format() -> None:
    """Each fact term the rules give a reason (asp/reasons.lp) is put in words by the table
    of ygocheck/explain.py and documented in docs/format.md ("ygocheck why")."""
    import re

    from ygocheck.explain import WORDING
    from ygocheck.resources import asp_folder

    text = (asp_folder() / "reasons.lp").read_text(encoding="utf-8")
    kinds = set(re.findall(r"^(?:refusal|support)_fact\([^,]+,\s*(?:\"[A-Z]+-\d+\"|R),\s*([a-z_]+)",
                           text,
                           flags=re.MULTILINE))
    assert {"level", "tributes_needed", "monsters_controlled", "zone", "face"} <= kinds
    worded = {name for name, _ in WORDING}
    doc = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text("utf-8")
    why_section = doc[doc.index("### `ygocheck why"):doc.index("### `ygocheck play")]
    for kind in sorted(kinds):
        assert kind in worded, f"{kind}: no wording in ygocheck/explain.py"
        assert f"`{kind}`" in why_section, f"{kind}: not in docs/format.md's why section"


def test_play_stops_at_an_illegal_action_with_the_same_reasons_and_facts() -> None:
    result = CliRunner().invoke(main, ["play", MAIN, "--do", "A normal_summon a_dm", "--json"])
    assert result.exit_code == 1
    stop = json.loads(result.stdout)["stopped_at"]
    assert [r["rule"] for r in stop["reasons"]] == ["SUMMON-01"]
    assert {"fact": "level", "args": ["a_dm", 7], "text": "a_dm is Level 7"} in \
        stop["reasons"][0]["facts"]


PROCESSING_DUE = """format: ygocheck/1
state:
  turn: 3
  turn_player: B
  phase: main1
  cards:
    - {id: b_nyan, name: Thunder Nyan Nyan, owner: B, zone: monster, slot: 1, since_turn: 2}
    - {id: b_celtic, name: Celtic Guardian, owner: B, zone: monster, slot: 2, since_turn: 2}
    - {id: b_pot, name: Pot of Greed, owner: B, zone: hand}
"""


def test_nobody_acts_while_rule_processing_is_due(tmp_path: Path) -> None:
    """PRIORITY-80 (000_f3bcdfcd3a9e2466.txt §6.3.4: a continuous self-destruction is applied
    first, with no chain block): with a face-up non-LIGHT monster beside it, Thunder Nyan Nyan
    ("If there is a non-LIGHT monster on your side of the field, destroy this face-up card") is
    destroyed before B acts, so the moment lists no action (before, it listed B's position
    change of Thunder Nyan Nyan itself); asked to, `play` does the processing, then the action."""
    path = tmp_path / "due.yaml"
    path.write_text(PROCESSING_DUE, encoding="utf-8")
    listed = CliRunner().invoke(main, ["actions", str(path), "--json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout)["actions"] == []
    code, answer, _ = why(str(path), "B change_position b_nyan")
    assert code == 1 and {r["rule"] for r in answer["reasons"]} == {"PRIORITY-80"}
    played = CliRunner().invoke(main, ["play", str(path), "--do", "B activate b_pot", "--json"])
    events = [(e["event"], e.get("card")) for e in json.loads(played.stdout)["events"]]
    assert events.index(("destroyed", "b_nyan")) < events.index(("activated", "b_pot"))
