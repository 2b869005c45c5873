"""The official card list: its generator (on a fixture of a few cards in yaml-yugi's shape,
tests/fixtures/yaml_yugi/cards, written for these tests), the shipped list, and snapshots that
name cards the library does not model."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ygocheck.official import OfficialList, official, rows
from ygocheck.official.__main__ import main as generate
from ygocheck.official.build import build

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "yaml_yugi" / "cards"


@pytest.fixture(scope="module")
def fixture_list() -> OfficialList:
    text, _ = build(FIXTURE)
    return OfficialList(rows(text))


def test_the_generator_reads_a_data_cards_folder(fixture_list: OfficialList) -> None:
    _, report = build(FIXTURE)
    assert report.read == 12
    assert sorted(fixture_list.names()) == [
        "Attack Gainer", "Black Luster Soldier", "Dark Magician", "Decode Talker",
        "Flame Swordsman", "Igknight Cavalier", "Magic Cylinder", "Mystical Space Typhoon",
        "Slifer the Sky Dragon"]


def test_a_skill_card_is_skipped() -> None:
    _, report = build(FIXTURE)
    assert report.skipped == ["Destiny Draw (Skill)"]


def test_alternative_artworks_are_one_card_with_every_passcode(fixture_list: OfficialList) \
        -> None:
    magician = fixture_list.get("Dark Magician")
    assert magician is not None and magician.passcodes == (36996508, 46986414)
    assert fixture_list.by_passcode(46986414) == fixture_list.by_passcode(36996508) == magician


def test_of_two_cards_with_one_name_the_one_with_a_passcode_keeps_it(
        fixture_list: OfficialList) -> None:
    soldier = fixture_list.get("Black Luster Soldier")
    assert soldier is not None and soldier.kind == "ritual" and soldier.passcodes == (5405694,)
    _, report = build(FIXTURE)
    assert len(report.left_out) == 1 and "Konami id 19092" in report.left_out[0]
    text, _ = build(FIXTURE)
    assert "# left out: Black Luster Soldier" in text


def test_kinds_follow_card_type_property_and_type_line(fixture_list: OfficialList) -> None:
    kinds = {card.en: (card.category, card.kind) for card in fixture_list.cards()}
    assert kinds["Mystical Space Typhoon"] == ("spell", "quick_play")
    assert kinds["Magic Cylinder"] == ("trap", "normal")
    assert kinds["Decode Talker"] == ("monster", "link")
    assert kinds["Flame Swordsman"] == ("monster", "fusion")
    assert kinds["Dark Magician"] == ("monster", "normal")
    # "Warrior / Tuner" names neither Normal nor Effect: a Tuner is an Effect Monster's
    assert kinds["Attack Gainer"] == ("monster", "effect")
    # "Warrior / Pendulum" likewise: a Normal Pendulum Monster
    assert kinds["Igknight Cavalier"] == ("monster", "normal")


def test_japanese_names_lose_their_ruby_readings(fixture_list: OfficialList) -> None:
    assert fixture_list.get("Mystical Space Typhoon").ja == "サイクロン"
    assert fixture_list.get("Slifer the Sky Dragon").ja == "オシリスの天空竜"   # <rb> too


def test_a_link_monster_has_its_arrows_and_no_def(fixture_list: OfficialList) -> None:
    definition = fixture_list.get("Decode Talker").definition()
    assert definition["link"] == 3
    assert definition["link_arrows"] == ["top", "bottom_left", "bottom_right"]
    assert "def" not in definition and "level" not in definition


def test_a_question_mark_atk_is_kept_in_the_list_and_0_in_the_definition(
        fixture_list: OfficialList) -> None:
    slifer = fixture_list.get("Slifer the Sky Dragon")
    assert slifer.atk == "?" and slifer.def_ == "?"
    assert slifer.as_json()["atk"] == "?"
    definition = slifer.definition()
    assert definition["atk"] == 0 and definition["def"] == 0
    assert "passcode" not in definition            # the card has none in the data


def test_unmodelled_says_what_the_stats_leave_out(fixture_list: OfficialList) -> None:
    def note(name: str) -> str | None:
        return fixture_list.get(name).definition().get("unmodelled")

    assert note("Dark Magician") is None                    # a Normal Monster's flavour text
    assert "its effects" in note("Slifer the Sky Dragon")
    assert "its effects" in note("Magic Cylinder")
    assert note("Igknight Cavalier").startswith("its Pendulum Effect")
    assert note("Flame Swordsman").startswith("its Summoning requirements")
    assert note("Black Luster Soldier").startswith("its Summoning requirements")


def test_jsonl_gzip_and_a_cards_json_list_read_like_the_folder(tmp_path: Path) -> None:
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURE.glob("*.json"))]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    plain = tmp_path / "cards.jsonl"
    plain.write_text(lines, encoding="utf-8")
    packed = tmp_path / "cards.jsonl.gz"
    packed.write_bytes(gzip.compress(lines.encode("utf-8")))
    listed = tmp_path / "cards.json"
    listed.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")

    def body(path: Path) -> list[str]:
        return [line for line in build(path)[0].splitlines() if not line.startswith("#")]

    assert body(plain) == body(packed) == body(listed) == body(FIXTURE)


def run_generator(path: Path, tmp_path: Path, capsys: Any) -> tuple[int, str]:
    code = generate([str(path), "--output", str(tmp_path / "out.tsv")])
    return code, capsys.readouterr().err


def test_a_record_in_the_wrong_shape_is_located(tmp_path: Path, capsys: Any) -> None:
    lines = [json.dumps({"name": {"en": "Fine"}, "card_type": "Trap", "property": "Normal"}),
             json.dumps({"name": {"en": "Bad Stats"}, "card_type": "Monster",
                         "monster_type_line": "Warrior / Normal", "attribute": "EARTH",
                         "level": 4, "atk": "lots", "def": 100}),
             json.dumps({"name": {"en": "Odd"}, "card_type": "Trap", "property": "Quick-Play"})]
    data = tmp_path / "cards.jsonl"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, err = run_generator(data, tmp_path, capsys)
    assert code == 2
    assert f"{data}:2: 'Bad Stats': atk must be a whole number or '?', not 'lots'" in err
    assert f"{data}:3: 'Odd': property is 'Quick-Play'; a Trap is one of Normal, " \
        "Continuous, Counter" in err
    assert not (tmp_path / "out.tsv").exists()


@pytest.mark.parametrize("record, message", [
    ({"card_type": "Spell", "property": "Normal"}, "no English name"),
    ({"name": {"en": "X"}, "card_type": "Token"}, "card_type is 'Token'"),
    ({"name": {"en": "X"}, "card_type": "Monster", "attribute": "EARTH"},
     "needs its monster_type_line"),
    ({"name": {"en": "X"}, "card_type": "Monster", "monster_type_line": "Warrior / Sparkly",
      "attribute": "EARTH", "level": 4, "atk": 1, "def": 1}, "names 'Sparkly'"),
    ({"name": {"en": "X"}, "card_type": "Monster", "monster_type_line": "Cyberse / Link",
      "attribute": "DARK", "atk": 1, "link_arrows": ["⬆", "⬆"]}, "each once"),
    ({"name": {"en": "X"}, "card_type": "Monster", "monster_type_line": "Warrior / Xyz",
      "attribute": "DARK", "level": 4, "atk": 1, "def": 1}, "needs its rank"),
    ({"name": {"en": "X"}, "password": "123", "card_type": "Trap", "property": "Normal"},
     "password must be a whole number"),
    ([1, 2], "holds a list; a data/cards folder holds one card per file"),
    ("Dark Hole", "a card record must be a JSON object"),
])
def test_each_wrong_shape_says_what_is_wrong(tmp_path: Path, capsys: Any, record: Any,
                                             message: str) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "00000001.json").write_text(json.dumps(record), encoding="utf-8")
    code, err = run_generator(folder, tmp_path, capsys)
    assert code == 2 and message in err, err
    assert f"{folder / '00000001.json'}:1:" in err


def test_not_json_is_located_at_its_line(tmp_path: Path, capsys: Any) -> None:
    data = tmp_path / "cards.jsonl"
    data.write_text('{"name": {"en": "A"}, "card_type": "Trap", "property": "Normal"}\n'
                    '{"name": \n', encoding="utf-8")
    code, err = run_generator(data, tmp_path, capsys)
    assert code == 2 and f"{data}:2: not valid JSON" in err


@pytest.mark.parametrize("make, message", [
    (lambda p: p.mkdir(), "holds no .json files"),
    (lambda p: p.write_text("[]", encoding="utf-8"), "is neither a folder"),
    (lambda p: None, "no such file or folder"),
])
def test_a_path_of_the_wrong_kind_is_bad_input(tmp_path: Path, capsys: Any, make: Any,
                                               message: str) -> None:
    path = tmp_path / "data.txt"
    make(path)
    code, err = run_generator(path, tmp_path, capsys)
    assert code == 2 and message in err, err


def test_a_broken_gzip_file_is_bad_input(tmp_path: Path, capsys: Any) -> None:
    data = tmp_path / "cards.jsonl.gz"
    data.write_bytes(b"not gzip at all")
    code, err = run_generator(data, tmp_path, capsys)
    assert code == 2 and "cannot be read as gzip-compressed UTF-8 JSON lines" in err


# --- the shipped list ------------------------------------------------------------------------

def test_the_shipped_list_has_every_card_once() -> None:
    listed = official()
    assert len(listed.lines) > 14000
    assert len(listed.index) == len(listed.lines)          # one line per English name
    codes = [code for card in listed.cards() for code in card.passcodes]
    assert len(codes) == len(set(codes))


def test_every_definition_of_the_shipped_list_is_well_formed() -> None:
    from ygocheck.cards import check_card
    from ygocheck.checks import Checker

    checker = Checker("cards.tsv")
    for card in official().cards():
        check_card(card.en, card.definition(), checker, None)
    assert checker.problems == []


def test_well_known_cards_of_the_shipped_list() -> None:
    listed = official()
    typhoon = listed.get("Mystical Space Typhoon")
    assert (typhoon.category, typhoon.kind, typhoon.passcodes) == ("spell", "quick_play",
                                                                   (5318639,))
    assert listed.by_passcode(89631139).en == "Blue-Eyes White Dragon"
    talker = listed.get("Decode Talker")
    assert talker.definition()["link"] == 3 and talker.atk == 2300


# --- snapshots naming cards of the list --------------------------------------------------------

def snapshot_naming(name: str) -> dict[str, Any]:
    return {"format": "ygocheck/1", "state": {"turn": 3, "turn_player": "A", "phase": "main1",
                                              "cards": [{"id": "a_x", "name": name,
                                                         "owner": "A", "zone": "hand"}]}}


def test_a_snapshot_may_name_a_card_the_library_does_not_model() -> None:
    from ygocheck.pipeline import from_mapping

    loaded = from_mapping(snapshot_naming("Honeybot"), "<test>")
    definition = loaded.snapshot.definitions["Honeybot"]
    assert definition["kind"] == "link" and definition["atk"] == 1900
    assert definition["unmodelled"].startswith("its effects")
    assert 'definition("Honeybot",unmodelled,' in loaded.definitions
    assert 'definition("Honeybot",link_arrow,left).' in loaded.definitions


def test_an_lp_snapshot_may_name_a_card_of_the_list(tmp_path: Path) -> None:
    from ygocheck.pipeline import load

    path = tmp_path / "s.lp"
    path.write_text('snapshot_state(turn,3). snapshot_state(turn_player,a). '
                    'snapshot_state(phase,main1).\n'
                    'snapshot_card("a1",name,"Petit Moth"). snapshot_card("a1",owner,a). '
                    'snapshot_card("a1",zone,hand).\n', encoding="utf-8")
    loaded = load(path)
    assert 'definition("Petit Moth",kind,normal).' in loaded.definitions
    assert 'definition("Petit Moth",atk,300).' in loaded.definitions


def test_a_library_card_keeps_its_library_definition() -> None:
    from ygocheck.cards import library
    from ygocheck.pipeline import from_mapping

    loaded = from_mapping(snapshot_naming("Mystical Space Typhoon"), "<test>")
    assert loaded.snapshot.definitions["Mystical Space Typhoon"] == \
        library()["Mystical Space Typhoon"]


def test_the_library_overrides_the_list_by_passcode(monkeypatch: Any) -> None:
    """A library card under another name is still the card of its passcode."""
    from ygocheck import known
    from ygocheck.cards import library

    renamed = dict(library())
    renamed["Typhoon (our name)"] = renamed.pop("Mystical Space Typhoon")
    monkeypatch.setattr(known, "library", lambda: renamed)
    known.library_by_passcode.cache_clear()
    try:
        found = known.definitions_for(["Mystical Space Typhoon"], {})
        assert found["Mystical Space Typhoon"] is renamed["Typhoon (our name)"]
    finally:
        known.library_by_passcode.cache_clear()


def test_a_card_of_the_list_plays_by_its_stats() -> None:
    """An unmodelled Normal Monster of the list can be Normal Summoned like any other."""
    from conftest import legal, snapshot

    board = snapshot([{"id": "a_fly", "name": "Petit Moth", "owner": "A", "zone": "hand"}])
    assert legal(board, player="A", action="normal_summon", card="a_fly")


def test_an_unknown_name_suggests_names_of_the_list(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ygocheck.cli import main

    path = tmp_path / "s.yaml"
    path.write_text("format: ygocheck/1\nstate:\n  turn: 3\n  turn_player: A\n  phase: main1\n"
                    "  cards:\n    - {id: a_x, name: Decode Talkr, owner: A, zone: hand}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}:7:" in result.output and "did you mean 'Decode Talker'" in result.output


def test_a_snapshot_of_library_cards_never_reads_the_list() -> None:
    code = ("import sys\n"
            "from ygocheck.pipeline import first_answer, load\n"
            "from ygocheck import official\n"
            f"first_answer(load({str(ROOT / 'examples' / 'main_phase.yaml')!r}))\n"
            "print(official.loaded())\n"
            "first_answer(load(sys.argv[1]))\n"
            "print(official.loaded())\n")
    result = subprocess.run([sys.executable, "-c", code,
                             str(ROOT / "tests" / "fixtures" / "unmodelled_card.yaml")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]
