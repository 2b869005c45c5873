"""The command line as a user meets it (CONTRACT section 3)."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from conftest import EXAMPLES, snapshot
from ygocheck.cli import main

MAIN_PHASE = str(EXAMPLES / "main_phase.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_help_does_not_load_the_solver() -> None:
    code = ("import sys; from ygocheck.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('clingo' in sys.modules, 'yaml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith("False False")


def test_actions_json_lists_the_turn_players_actions() -> None:
    code, out, _ = run("actions", MAIN_PHASE, "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["priority"] == "A" and answer["phase"] == "main1"
    assert answer["step"] is None and answer["timing"] is None
    kinds = {(a["action"], a.get("card")) for a in answer["actions"]}
    # Monster Reborn may bring back Dark Magician, never Silent Magician LV8 (SUMMON-05).
    reborn = [a for a in answer["actions"] if a.get("card") == "a_reborn"][0]
    assert reborn["targets_from"] == [["a_magician"]]
    assert ("normal_summon", "a_celtic") in kinds
    assert ("next", None) in kinds
    assert all(a["player"] == "A" for a in answer["actions"])


def test_actions_are_in_a_stable_order() -> None:
    first = run("actions", MAIN_PHASE, "--json")[1]
    second = run("actions", MAIN_PHASE, "--json")[1]
    assert first == second
    actions = json.loads(first)["actions"]
    assert actions[-1]["action"] == "next"
    assert actions[0]["action"] == "activate"


def test_player_without_priority_gets_no_actions() -> None:
    code, out, _ = run("actions", MAIN_PHASE, "--json", "--player", "B")
    assert code == 0 and json.loads(out)["actions"] == []


def test_expand_gives_one_action_per_choice_of_target() -> None:
    out = run("actions", MAIN_PHASE, "--json", "--expand")[1]
    mst = [a for a in json.loads(out)["actions"]
           if a.get("card") == "a_mst" and a["action"] == "activate"]
    assert sorted(a["targets"][0] for a in mst) == ["a_mirror", "b_decree"]


def test_people_get_a_table() -> None:
    code, out, _ = run("actions", MAIN_PHASE)
    assert code == 0
    assert "priority: A" in out and "normal_summon a_celtic" in out


def test_why_cites_rules_with_their_sources() -> None:
    code, out, _ = run("why", MAIN_PHASE, "A activate a_mirror", "--json")
    assert code == 1  # not legal
    answer = json.loads(out)
    assert answer["legal"] is False
    rules = {r["rule"] for r in answer["reasons"]}
    assert "CARD-11" in rules  # Set this turn
    assert all(".txt" in r["source"] for r in answer["reasons"])


def test_why_for_a_legal_action() -> None:
    answer = json.loads(run("why", MAIN_PHASE, "A normal_summon a_celtic", "--json")[1])
    assert answer["legal"] is True


def test_why_refuses_a_malformed_action() -> None:
    code, _, err = run("why", MAIN_PHASE, "A dance a_celtic")
    assert code == 2 and "unknown action" in err


def test_check_takes_several_snapshots_with_one_start_up(tmp_path) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: ygocheck/1\nstate: {turn: 1, turn_player: A, phase: main1, cards: "
                   "[{id: a_t, name: Sheep Token, token: true, owner: A, zone: hand}]}\n",
                   encoding="utf-8")
    paths = [str(p) for p in sorted(EXAMPLES.glob("*.yaml"))] + [str(bad)]
    code, out, _ = run("check", *paths, "--json")
    assert code == 2
    answer = json.loads(out)
    assert answer["ok"] is False
    assert [f["ok"] for f in answer["files"]] == [True] * (len(paths) - 1) + [False]
    assert "a Token is never in the hand" in answer["files"][-1]["errors"][0]["message"]


def test_check_accepts_the_examples() -> None:
    for path in sorted(EXAMPLES.glob("*.yaml")):
        code, out, _ = run("check", str(path), "--json")
        assert code == 0, path
        assert json.loads(out) == {"ok": True, "errors": []}


def test_card_shows_effect_numbers() -> None:
    code, out, _ = run("card", "Unending Nightmare", "--json")
    assert code == 0
    card = json.loads(out)
    assert [e["number"] for e in card["effects"]] == [1, 2]


def test_card_unknown_name_is_bad_input() -> None:
    code, _, err = run("card", "Mystical Space Typhon")
    assert code == 2 and "Mystical Space Typhoon" in err


def test_ruling_file_pass_and_fail(write) -> None:  # noqa: ANN001
    state = snapshot([{"id": "a_elf", "name": "Celtic Guardian", "owner": "A", "zone": "hand"}])
    case = {**state, "ruling": "A may Normal Summon a Level 4 monster",
            "source": "002_c6ae516fcfcb1c0f.txt 怪獸的召喚 (召喚)",
            "expect": {"legal": [{"player": "A", "action": "normal_summon", "card": "a_elf"}]}}
    good = write(case, "good.yaml")
    code, out, _ = run("test", good, "--json")
    assert code == 0 and json.loads(out)["passed"] == 1
    wrong = dict(case, expect={"illegal": [{"player": "A", "action": "normal_summon"}]})
    bad = write(wrong, "bad.yaml")
    code, out, _ = run("test", bad, "--json")
    report = json.loads(out)
    assert code == 1 and report["failed"] == 1
    assert "expected illegal" in report["cases"][0]["failures"][0]
    # An unsettled case that fails does not fail the run, beside a settled case that passes;
    # a file of unsettled cases alone asserts nothing, and fails (issue 21).
    settled = {k: v for k, v in case.items() if k != "format"}
    unsettled = {k: v for k, v in dict(wrong, status="unsettled").items() if k != "format"}
    mixed = write({"format": case["format"], "cases": [settled, unsettled]}, "mixed.yaml")
    assert run("test", mixed)[0] == 0
    alone = write(dict(wrong, status="unsettled"), "unsettled.yaml")
    code, out, _ = run("test", alone)
    assert code == 1 and "every case is unsettled or contested" in out


def test_invalid_snapshot_in_a_ruling_file_fails_the_case(write) -> None:  # noqa: ANN001
    case = {**snapshot([{"id": "a_x", "name": "No Such Card", "owner": "A", "zone": "hand"}]),
            "ruling": "r", "source": "s", "expect": {"illegal": [{"player": "A",
                                                                  "action": "normal_summon"}]}}
    code, out, _ = run("test", write(case), "--json")
    assert code == 1
    assert "unknown card name" in json.loads(out)["cases"][0]["failures"][0]


def test_lp_snapshot_uses_the_library(write) -> None:  # noqa: ANN001
    facts = ('snapshot_state(turn,3). snapshot_state(turn_player,a). '
             'snapshot_state(phase,main1).\n'
             'snapshot_card("a1",name,"Dark Hole"). snapshot_card("a1",owner,a). '
             'snapshot_card("a1",zone,hand).\n')
    code, out, _ = run("actions", write(facts, "s.lp"), "--json")
    assert code == 0
    assert {"player": "A", "action": "activate", "card": "a1", "effect": 1} in \
        json.loads(out)["actions"]


def test_lp_snapshot_with_script_is_refused(write) -> None:  # noqa: ANN001
    path = write('snapshot_state(turn,1).\n#script (python)\nimport os\n#end.\n', "evil.lp")
    code, _, err = run("actions", path)
    assert code == 2 and "#script is not allowed" in err and "evil.lp:2" in err


def test_view_needs_the_player_whose_knowledge_it_shows() -> None:
    code, _, err = run("view", MAIN_PHASE)
    assert code == 2 and "--as" in err
    code, out, _ = run("view", MAIN_PHASE, "--as", "A")
    assert code == 0 and out.startswith("format: ygocheck/1")
