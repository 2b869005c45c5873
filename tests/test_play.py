"""`play` and `resolve` as a user meets them (CONTRACT sections 3, 5)."""

from __future__ import annotations

import json

import yaml
from click.testing import CliRunner

from conftest import snapshot
from ygocheck.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


REBORN = snapshot([
    {"id": "a_reborn", "name": "Monster Reborn", "owner": "A", "zone": "hand"},
    {"id": "a_dm", "name": "Dark Magician", "owner": "A", "zone": "graveyard"},
])


def test_play_resolves_a_chain_and_writes_a_valid_snapshot(write, tmp_path) -> None:  # noqa: ANN001
    """Dark Hole resolves when both players pass (CONTRACT section 5): every monster is
    destroyed, Dark Hole goes to the GY, the turn player is back in Main Phase 1."""
    data = snapshot([
        {"id": "a_hole", "name": "Dark Hole", "owner": "A", "zone": "hand"},
        {"id": "a_celtic", "name": "Celtic Guardian", "owner": "A", "zone": "monster",
         "slot": 1, "since_turn": 2},
        {"id": "b_elf", "name": "Mystical Elf", "owner": "B", "zone": "monster", "slot": 2,
         "since_turn": 2}])
    code, out, _ = run("play", write(data), "--do", "A activate a_hole", "--do", "B pass",
                       "--do", "A pass", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["ok"] and result["stopped_at"] is None
    zones = {c["id"]: c["zone"] for c in result["snapshot"]["state"]["cards"]}
    assert zones == {"a_hole": "graveyard", "a_celtic": "graveyard", "b_elf": "graveyard"}
    assert [e["event"] for e in result["events"]][0] == "activated"
    assert result["events"][-1] == {"event": "chain_resolved"}
    again = tmp_path / "after.yaml"
    again.write_text(yaml.safe_dump(result["snapshot"]), encoding="utf-8")
    assert run("check", str(again))[0] == 0
    assert json.loads(run("actions", str(again), "--json")[1])["priority"] == "A"


def test_play_stops_at_an_illegal_action_with_the_rules(write) -> None:  # noqa: ANN001
    code, out, _ = run("play", write(REBORN), "--do", "B pass", "--json")
    assert code == 1
    stopped = json.loads(out)["stopped_at"]
    assert stopped["index"] == 0 and stopped["reason"] == "illegal"
    assert "PRIORITY-02" in {r["rule"] for r in stopped["reasons"]}


def test_play_asks_for_a_choice_left_open_and_choose_makes_it(write) -> None:  # noqa: ANN001
    path = write(REBORN)
    steps = ["--do", "A activate a_reborn", "--do", "B pass", "--do", "A pass"]
    code, out, _ = run("play", path, *steps, "--json")
    assert code == 1
    stopped = json.loads(out)["stopped_at"]
    assert stopped["reason"] == "choice_needed"
    # The battle position and the zone are both the summoning player's choice (ZONE-81): A's
    # five free Main Monster Zones, not the Extra Monster Zone (a Main Deck monster).
    pairs = {tuple(sorted((c["choice"], c["value"]) for c in o["choices"]))
             for o in stopped["options"]}
    assert pairs == {(("position", p), ("zone", f"monster_{z}"))
                     for p in ("attack", "defense") for z in range(1, 6)}
    code, out, _ = run("play", path, *steps, "--do", "A choose position a_dm defense", "--json")
    assert code == 1   # the zone is still open: it is asked, not picked
    stopped = json.loads(out)["stopped_at"]
    assert stopped["reason"] == "choice_needed" and len(stopped["options"]) == 5
    code, out, _ = run("play", path, *steps, "--do", "A choose position a_dm defense",
                       "--do", "A choose zone a_dm monster_3", "--json")
    assert code == 0
    dm = [c for c in json.loads(out)["snapshot"]["state"]["cards"] if c["id"] == "a_dm"][0]
    assert dm["zone"] == "monster" and dm["position"] == "defense" and dm["face"] == "up"
    assert dm["slot"] == 3
    assert dm["atk"] == 2500 and dm["def"] == 2100


def test_resolve_lists_every_outcome(write) -> None:  # noqa: ANN001
    data = snapshot([
        {"id": "a_reborn", "name": "Monster Reborn", "owner": "A", "zone": "spell_trap",
         "slot": 1, "since_turn": 3},
        {"id": "a_dm", "name": "Dark Magician", "owner": "A", "zone": "graveyard"}],
        chain=[{"player": "A", "card": "a_reborn", "effect": 1, "targets": ["a_dm"]}])
    code, out, _ = run("resolve", write(data), "--json")
    assert code == 0
    outcomes = json.loads(out)["outcomes"]
    # Two battle positions times A's five free Main Monster Zones (ZONE-81).
    assert len(outcomes) == 10
    placed = set()
    for outcome in outcomes:
        cards = {c["id"]: c for c in outcome["snapshot"]["state"]["cards"]}
        assert cards["a_reborn"]["zone"] == "graveyard"
        placed.add((cards["a_dm"]["position"], cards["a_dm"]["slot"]))
        assert outcome["choices"] and outcome["events"][-1] == {"event": "chain_resolved"}
    assert placed == {(p, z) for p in ("attack", "defense") for z in range(1, 6)}


def test_play_refuses_a_card_that_is_not_there(write) -> None:  # noqa: ANN001
    code, _, err = run("play", write(REBORN), "--do", "A activate a_nothing")
    assert code == 2 and "not a card of the snapshot" in err


def test_play_refuses_another_players_card(write) -> None:  # noqa: ANN001
    """MISC-07: the rules refuse it (an illegal action, exit 1), naming the rule."""
    code, out, err = run("play", write(REBORN), "--do", "B activate a_reborn", "--json")
    assert code == 1
    stopped = json.loads(out)["stopped_at"]
    assert stopped["reason"] == "illegal"
    assert "MISC-07" in {r["rule"] for r in stopped["reasons"]}


def test_play_refuses_a_malformed_action(write) -> None:  # noqa: ANN001
    code, _, err = run("play", write(REBORN), "--do", "A")
    assert code == 2 and "needs at least a player and an action" in err


def test_play_needs_a_yaml_snapshot(write) -> None:  # noqa: ANN001
    path = write('snapshot_state(turn,1). snapshot_state(turn_player,a). '
                 'snapshot_state(phase,main1).\n', "s.lp")
    code, _, err = run("play", path, "--do", "A next")
    assert code == 2 and "YAML" in err


def test_actions_may_follow_one_do(write) -> None:  # noqa: ANN001
    """CONTRACT section 3 writes `--do ACTION ...`: several actions after one --do."""
    path = write(REBORN)
    code, out, _ = run("play", path, "--do", "A activate a_reborn", "B pass", "--json")
    assert code == 0
    assert json.loads(out)["snapshot"]["state"]["priority"] == "A"
    code, _, err = run("play", path, "--do", "A activate a_reborn", "B pass", "--do", "A pass")
    assert code == 2 and "order" in err


def test_a_stat_an_effect_sets_is_written_with_its_modifier(write, tmp_path) -> None:  # noqa: ANN001
    """MISC-93: "its ATK becomes 0 until the end of this turn" (Daruma Dropper, official text:
    そのモンスターの攻撃力はターン終了時まで０になる) leaves a modifier that sets the ATK; the
    snapshot `play` writes keeps it (`set_atk: 0`), so the written moment is possible and the
    ATK it states is the one the rules compute. `explore` found it written without `set_atk`."""
    data = snapshot([
        {"id": "a_pearl", "name": "Gem-Knight Pearl", "owner": "A", "zone": "monster",
         "slot": 2, "face": "down", "position": "defense", "since_turn": 2},
        {"id": "a_m1", "name": "Celtic Guardian", "owner": "A", "zone": "material",
         "attached_to": "a_pearl"},
        {"id": "a_daruma", "name": "Daruma Dropper", "owner": "A", "zone": "monster",
         "slot": 1, "since_turn": 2},
        {"id": "b_dm", "name": "Dark Magician", "owner": "B", "zone": "monster", "slot": 1,
         "since_turn": 2}])
    code, out, _ = run("play", write(data), "--do", "A activate a_daruma 1 b_dm",
                       "--do", "B pass", "--do", "A pass", "--json")
    assert code == 0, out
    cards = {c["id"]: c for c in json.loads(out)["snapshot"]["state"]["cards"]}
    assert cards["b_dm"]["atk"] == 0
    assert [m.get("set_atk") for m in cards["b_dm"]["modifiers"]] == [0]
    again = tmp_path / "after.yaml"
    again.write_text(yaml.safe_dump(json.loads(out)["snapshot"]), encoding="utf-8")
    assert run("check", str(again))[0] == 0
