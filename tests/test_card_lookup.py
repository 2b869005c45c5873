"""`ygocheck card`: a card by name (English, Japanese, Korean; exact, a part, the nearest) or
passcode, and `--list`; the answer says whether the card's effects are modelled."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from ygocheck.cards import library
from ygocheck.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def card_json(*args: str) -> dict[str, Any]:
    code, out, err = run("card", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_library_card_is_modelled_and_keeps_its_effect_numbers() -> None:
    card = card_json("Mystical Space Typhoon")
    assert card["modelled"] is True and card["matched_by"] == "name"
    assert card["kind"] == "quick_play" and card["passcode"] == 5318639
    assert [e["number"] for e in card["effects"]] == [1]
    assert card["official"]["names"]["ja"] == "サイクロン"


def test_a_card_of_the_list_alone_is_known_by_its_stats() -> None:
    card = card_json("Honeybot")
    assert card["modelled"] is False
    assert (card["kind"], card["link"], card["atk"]) == ("link", 2, 1900)
    assert card["link_arrows"] == ["left", "right"]
    assert card["unmodelled"].startswith("its effects")
    assert card["effects"] == []


@pytest.mark.parametrize("query, name", [
    ("5318639", "Mystical Space Typhoon"),              # passcode
    ("46986414", "Dark Magician"),                      # both passcodes of one card
    ("36996508", "Dark Magician"),
    ("ブラック・マジシャン", "Dark Magician"),           # Japanese
    ("블랙 매지션", "Dark Magician"),                    # Korean
    ("mystical SPACE  typhoon", "Mystical Space Typhoon"),   # case and spacing
    ("デコード・トーカー", "Decode Talker"),
])
def test_a_card_by_passcode_or_by_any_of_its_names(query: str, name: str) -> None:
    assert card_json(query)["name"] == name


def test_a_part_of_a_name_that_fits_one_card_finds_it() -> None:
    card = card_json("Slifer the Sky")
    assert card["name"] == "Slifer the Sky Dragon" and card["matched_by"] == "part of its name"


def test_a_part_of_a_name_that_fits_several_cards_lists_them() -> None:
    code, out, err = run("card", "Decode Talker Ex")
    assert code == 0 and "Decode Talker Extended" in out      # one card: found
    code, out, err = run("card", "Decode Talk")
    assert code == 2 and out == ""
    assert "cards fit 'Decode Talk'" in err and "'Decode Talker Extended'" in err


def test_an_unknown_name_suggests_the_nearest() -> None:
    code, _, err = run("card", "Decode Tolker")
    assert code == 2 and "unknown card 'Decode Tolker'; did you mean 'Decode Talker'" in err


def test_an_unknown_passcode_is_bad_input() -> None:
    code, _, err = run("card", "12")
    assert code == 2 and "no card has the passcode 12" in err


def test_the_text_output_says_what_is_modelled() -> None:
    code, out, _ = run("card", "Slifer the Sky Dragon")
    assert code == 0
    assert "# printed ATK ? and DEF ? (written as 0)" in out
    assert "# effects modelled: the library defines them" in out
    code, out, _ = run("card", "Reckless Greed")
    assert "# effects not modelled: known by its stats only" in out
    assert "unmodelled: 'its effects: known by its name and kind only" in out


def test_list_filters_by_kind_and_says_what_is_modelled() -> None:
    code, out, _ = run("card", "--list", "--kind", "counter", "--modelled")
    assert code == 0
    listed = [line.split("\t") for line in out.splitlines()]
    expected = sorted(name for name, card in library().items()
                      if card["category"] == "trap" and card["kind"] == "counter")
    assert sorted(row[1] for row in listed) == expected
    assert all(row[0] == "modelled" and row[2] == "counter trap" for row in listed)


def test_list_by_category_and_by_a_part_of_a_name() -> None:
    code, out, _ = run("card", "--list", "--kind", "trap")
    rows = [line.split("\t") for line in out.splitlines()]
    assert code == 0 and len(rows) > 1500
    assert all(row[2].endswith(" trap") for row in rows)
    assert ["stats-only", "Reckless Greed", "normal trap", "37576645"] in rows
    data = json.loads(run("card", "--list", "reckless gr", "--json")[1])
    assert data == {"count": 1, "modelled": 0, "cards": [
        {"name": "Reckless Greed", "category": "trap", "kind": "normal",
         "passcodes": [37576645], "modelled": False}]}


def test_list_by_category_and_kind_together() -> None:
    data = json.loads(run("card", "--list", "--category", "spell", "--kind", "normal",
                          "--modelled", "--json")[1])
    expected = sorted(name for name, card in library().items()
                      if card["category"] == "spell" and card["kind"] == "normal")
    assert sorted(c["name"] for c in data["cards"]) == expected
    assert data["count"] == data["modelled"] == len(expected)


@pytest.mark.parametrize("args, message", [
    ((), "card needs a NAME"),
    (("Dark Hole", "--kind", "trap"), "go with --list"),
    (("--list", "--kind", "spellz"), "Invalid value for '--kind'"),
])
def test_card_usage_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("card", *args)
    assert code == 2 and message in err
