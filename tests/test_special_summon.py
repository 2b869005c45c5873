"""Summons by procedure (special_summon) as a user meets them: the choices `actions` lists,
`--expand` counted by hand against the rules (asp/legality/special_summon.lp), and malformed
actions refused with a located message (docs/format.md, "Actions")."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from ygocheck.cli import main

RULINGS = Path(__file__).resolve().parent.parent / "examples" / "rulings" / "summon"


def case_snapshot(tmp_path: Path, file: str, index: int) -> str:
    """The state of one case of a ruling file, as a snapshot file."""
    data = yaml.safe_load((RULINGS / file).read_text(encoding="utf-8"))
    case = data["cases"][index]
    snapshot = {"format": "ygocheck/1", "state": case["state"]}
    if data.get("cards"):
        snapshot["cards"] = data["cards"]
    path = tmp_path / "snapshot.yaml"
    path.write_text(yaml.safe_dump(snapshot), encoding="utf-8")
    return str(path)


def summons(args: list[str]) -> list[dict]:
    result = CliRunner().invoke(main, args + ["--json"])
    assert result.exit_code == 0, result.output
    return [a for a in json.loads(result.stdout)["actions"] if a["action"] == "special_summon"]


def test_link_summon_placements_counted_by_hand(tmp_path: Path) -> None:
    # link_summon.yaml case 3: A's Link Spider (left Extra Monster Zone) points to A's zone 2,
    # B's Decode Talker (right Extra Monster Zone) to A's zone 4. Proxy Dragon's sets of two
    # among Spider, Celtic Guardian and Mystical Elf: {Celtic, Elf} keeps Spider, so zones 2
    # and 4 (2 placements); {Spider, Celtic} and {Spider, Elf} free the left Extra Monster Zone
    # (the right one is B's) and zone 2 is no longer linked, but zone 4 still is (2 each):
    # 6 placements, all in Attack Position.
    path = case_snapshot(tmp_path, "link_summon.yaml", 2)
    listed = summons(["actions", path])
    assert listed == [{"player": "A", "action": "special_summon", "card": "a_proxy",
                       "method": "link", "materials_from": ["a_celtic", "a_elf", "a_spider"],
                       "zones_from": [{"zone": "extra_monster", "slot": "left"},
                                      {"zone": "monster", "slot": 2},
                                      {"zone": "monster", "slot": 4}]}]
    expanded = summons(["actions", path, "--expand"])
    found = sorted((tuple(a["materials"]), a["zone"], str(a["slot"]), a["position"])
                   for a in expanded)
    assert found == [(("a_celtic", "a_elf"), "monster", "2", "attack"),
                     (("a_celtic", "a_elf"), "monster", "4", "attack"),
                     (("a_celtic", "a_spider"), "extra_monster", "left", "attack"),
                     (("a_celtic", "a_spider"), "monster", "4", "attack"),
                     (("a_elf", "a_spider"), "extra_monster", "left", "attack"),
                     (("a_elf", "a_spider"), "monster", "4", "attack")]


def test_synchro_summon_placements_counted_by_hand(tmp_path: Path) -> None:
    # synchro_summon.yaml case 1: the one set {Effect Veiler, Dark Magician}; five Main
    # Monster Zones once they leave (Celtic Guardian stays in zone 3, so four) and two Extra
    # Monster Zones, each in Attack or Defense Position: (4 + 2) x 2 = 12.
    expanded = summons(["actions", case_snapshot(tmp_path, "synchro_summon.yaml", 0),
                        "--expand"])
    assert {tuple(a["materials"]) for a in expanded} == {("a_dm", "a_veiler")}
    assert len(expanded) == 12
    assert all((a["zone"], a["slot"]) != ("monster", 3) for a in expanded)


def test_pendulum_summon_sets_counted_by_hand(tmp_path: Path) -> None:
    # pendulum_summon.yaml case 1: Scales 1 and 8; Dark Magician (Level 7) and Cyber Dragon
    # (Level 5) in the hand, Odd-Eyes Pendulum Dragon (Level 7) face-up in the Extra Deck, not
    # Effect Veiler (Level 1). Two free Main Monster Zones and one Extra Monster Zone: every
    # non-empty set of the three fits, 7 sets; zones and positions are chosen as it happens.
    path = case_snapshot(tmp_path, "pendulum_summon.yaml", 0)
    assert summons(["actions", path]) == [{"player": "A", "action": "special_summon",
                                           "method": "pendulum",
                                           "cards_from": ["a_cyber", "a_dm", "a_odd"]}]
    expanded = summons(["actions", path, "--expand"])
    assert sorted(tuple(a["cards"]) for a in expanded) == [
        ("a_cyber",), ("a_cyber", "a_dm"), ("a_cyber", "a_dm", "a_odd"), ("a_cyber", "a_odd"),
        ("a_dm",), ("a_dm", "a_odd"), ("a_odd",)]


def test_inherent_procedures_with_a_cost_counted_by_hand(tmp_path: Path) -> None:
    # inherent_summon_cost.yaml case 1, counted in its header: Gameciel 2 Tributes x 4 of B's
    # zones (Attack Position only), Lava Golem 1 set x 5 zones x 2 positions, each Envoy 1 set
    # x 4 of A's zones x 2 positions.
    expanded = summons(["actions", case_snapshot(tmp_path, "inherent_summon_cost.yaml", 0),
                        "--expand"])
    counted: dict[tuple[str, tuple[str, ...]], int] = {}
    for action in expanded:
        key = (action["card"], tuple(action["materials"]))
        counted[key] = counted.get(key, 0) + 1
    assert counted == {("a_gameciel", ("b_dm",)): 4, ("a_gameciel", ("b_set",)): 4,
                       ("a_golem", ("b_dm", "b_set")): 10, ("a_bls", ("a_dark", "a_light")): 8,
                       ("a_ced", ("a_dark", "a_light")): 8}
    assert {a["position"] for a in expanded if a["card"] == "a_gameciel"} == {"attack"}


def test_malformed_special_summons_are_bad_input(tmp_path: Path) -> None:
    path = case_snapshot(tmp_path, "synchro_summon.yaml", 0)
    for action, words in [
        ('{"player": "A", "action": "special_summon", "card": "a_stardust", "method": "rune"}',
         "unknown method"),
        ('{"player": "A", "action": "special_summon", "card": "a_stardust", "zone": "monster", '
         '"slot": 6}', "not a slot of the monster zone"),
        ('{"player": "A", "action": "special_summon", "card": "a_stardust", "zone": "graveyard"}',
         "is not a zone a monster is summoned to"),
        ('{"player": "A", "action": "special_summon", "card": "a_stardust", "materials": '
         '["a_nobody"]}', "not a card of the snapshot"),
        ('{"player": "A", "action": "activate", "card": "a_veiler", "zone": "monster"}',
         "only go with special_summon"),
    ]:
        result = CliRunner().invoke(main, ["why", path, action])
        assert result.exit_code == 2, (action, result.output)
        assert words in result.output, (action, result.output)


def test_a_taken_zone_is_refused_by_its_rule(tmp_path: Path) -> None:
    path = case_snapshot(tmp_path, "synchro_summon.yaml", 0)
    action = ('{"player": "A", "action": "special_summon", "card": "a_stardust", '
              '"materials": ["a_veiler", "a_dm"], "zone": "monster", "slot": 3}')
    result = CliRunner().invoke(main, ["why", path, action, "--json"])
    assert result.exit_code == 1, result.output
    answer = json.loads(result.stdout)
    assert [r["rule"] for r in answer["reasons"]] == ["ZONE-01"]
