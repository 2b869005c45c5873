"""`ygocheck deck`: .ydk files and YAML deck lists, checked by the rules of asp/deck.lp
(the sizes of the Main, Extra and Side Decks, copies of a name, what goes in the Extra Deck,
a Forbidden & Limited list); bad input at its line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ygocheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "examples" / "decks"
STARTER_YDK = DECKS / "starter.ydk"
STARTER_YAML = DECKS / "starter.yaml"
LIST = DECKS / "forbidden_limited.yaml"

# Passcodes, as printed on the cards (and in the official card list).
MST, MIRROR, POT, HOLE, REBORN, BOOK = 5318639, 44095762, 55144522, 53129443, 83764718, 14087893
STARDUST, TALKER, CYLINDER, RAIGEKI = 44508094, 1861629, 62279055, 12580477


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["deck", *args])
    return result.exit_code, result.stdout, result.stderr


def verdict(*args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(*args, "--json")
    assert code in (0, 1), err
    return code, json.loads(out)


def ydk(tmp_path: Path, main: list[int], extra: list[int] = (), side: list[int] = (),
        name: str = "deck.ydk") -> str:
    lines = ["#created by a test", "#main", *map(str, main), "#extra", *map(str, extra),
             "!side", *map(str, side)]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def forty(*extra_cards: int) -> list[int]:
    """A Main Deck of 40 cards: 13 names three times and Pot of Greed, which the tests below
    leave alone; `extra_cards` replace that many of the copies from the end."""
    from ygocheck.known import by_name

    names = ["Blue-Eyes White Dragon", "Dark Magician", "Summoned Skull", "Celtic Guardian",
             "Mystical Elf", "Kuriboh", "Man-Eater Bug", "Big Shield Gardna", "Effect Veiler",
             "Book of Moon", "Torrential Tribute", "Call of the Haunted", "Solemn Judgment"]
    cards = [by_name(n).definition["passcode"] for n in names for _ in range(3)] + [POT]
    return cards[:40 - len(extra_cards)] + list(extra_cards)


def fourteen() -> list[int]:
    """Fourteen Side Deck cards of names neither forty() nor the tests' additions use."""
    from ygocheck.known import by_name

    names = ["Mirror Force", "Magic Cylinder", "Dark Hole", "Raigeki", "Twister"]
    return [by_name(n).definition.get("passcode") or by_name(n).official.passcode
            for n in names for _ in range(3)][:14]


def rules(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    return sorted((v["rule"], v.get("card") or v.get("section")) for v in data["violations"])


# --- the example decks -----------------------------------------------------------------------

def test_the_example_ydk_is_legal() -> None:
    code, data = verdict(str(STARTER_YDK))
    assert code == 0 and data["legal"] is True and data["violations"] == []
    assert data["counts"] == {"main": 40, "extra": 5, "side": 15}


def test_the_yaml_deck_list_is_the_same_deck() -> None:
    _, from_ydk = verdict(str(STARTER_YDK))
    _, from_yaml = verdict(str(STARTER_YAML))
    assert from_yaml["counts"] == from_ydk["counts"]

    def copies(data: dict[str, Any]) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for card in data["cards"]:
            key = (card["section"], card["name"])
            out[key] = out.get(key, 0) + card["count"]
        return out

    assert copies(from_yaml) == copies(from_ydk)


def test_an_alternative_artworks_passcode_is_the_same_card() -> None:
    _, data = verdict(str(STARTER_YDK))
    magicians = [c for c in data["cards"] if c["name"] == "Dark Magician"]
    assert sorted(c["passcode"] for c in magicians) == [36996508, 46986414, 46986414]


def test_the_example_list_forbids_two_cards_of_the_example_deck() -> None:
    code, out, _ = run(str(STARTER_YAML), "--list", str(LIST))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{STARTER_YAML}: not legal (Main Deck 40, Extra Deck 5, "
                               "Side Deck 15")
    assert f"{STARTER_YAML}:17: GAME-92: Pot of Greed: is Forbidden" in out
    assert f"{STARTER_YAML}:33: GAME-92: Raigeki: is Forbidden" in out
    assert len(lines) == 3       # Dark Hole, Monster Reborn (1 each), Book of Moon (2): fine


def test_the_json_answer_names_rule_card_lines_and_counts(tmp_path: Path) -> None:
    code, data = verdict(ydk(tmp_path, forty()[:38]))
    assert code == 1 and data["legal"] is False
    assert data["counts"] == {"main": 38, "extra": 0, "side": 0}
    [violation] = data["violations"]
    assert violation["rule"] == "GAME-02" and violation["section"] == "main"
    assert violation["message"] == "the Main Deck holds 40 to 60 cards; it has 38"
    assert violation["lines"] == [2]                  # the #main line
    assert "卡片數量" in violation["source"] and violation["text"]


# --- each rule ----------------------------------------------------------------------------------

def test_a_deck_with_no_side_deck_is_legal(tmp_path: Path) -> None:
    assert verdict(ydk(tmp_path, forty(), [STARDUST]))[0] == 0


@pytest.mark.parametrize("main_count", [39, 61])
def test_the_main_deck_holds_40_to_60(tmp_path: Path, main_count: int) -> None:
    cards = (forty() + forty())[:main_count]          # 61: a few names four times
    code, data = verdict(ydk(tmp_path, cards))
    assert code == 1 and ("GAME-02", "main") in rules(data)
    assert data["counts"]["main"] == main_count


def passcode_of(name: str) -> int:
    from ygocheck.known import by_name

    found = by_name(name)
    return found.definition.get("passcode") or found.official.passcode


def test_sixty_cards_are_fine(tmp_path: Path) -> None:
    more = ["Mystical Space Typhoon", "Mirror Force", "Magic Cylinder", "Dark Hole",
            "Monster Reborn", "Raigeki", "Twister"]
    cards = forty() + [passcode_of(name) for name in more for _ in range(3)][:20]
    assert len(cards) == 60
    code, data = verdict(ydk(tmp_path, cards))
    assert code == 0 and data["counts"]["main"] == 60


def test_the_extra_deck_holds_at_most_15(tmp_path: Path) -> None:
    names = ["Stardust Dragon", "Decode Talker", "Red Dragon Archfiend", "Dark Paladin",
             "Baronne de Fleur", "Cosmic Blazar Dragon"]
    extra = [passcode_of(name) for name in names for _ in range(3)][:16]
    code, data = verdict(ydk(tmp_path, forty(), extra))
    assert data["counts"]["extra"] == 16
    assert rules(data) == [("GAME-04", "extra")]
    code, data = verdict(ydk(tmp_path, forty(), extra[:15]))
    assert code == 0


@pytest.mark.parametrize("side_count, legal", [(14, False), (15, True), (16, False)])
def test_a_side_deck_holds_exactly_15(tmp_path: Path, side_count: int, legal: bool) -> None:
    side = ([MST] * 3 + [MIRROR] * 3 + [CYLINDER] * 3 + [HOLE] * 3 + [REBORN] * 3 +
            [RAIGEKI])[:side_count]
    code, data = verdict(ydk(tmp_path, forty(), [], side))
    assert data["counts"]["side"] == side_count
    assert (code == 0) is legal
    if not legal:
        assert rules(data) == [("GAME-03", "side")]


def test_at_most_three_of_a_name_across_main_and_side(tmp_path: Path) -> None:
    code, data = verdict(ydk(tmp_path, forty(MST, MST, MST), [], [MST] + fourteen()))
    assert code == 1
    [violation] = [v for v in data["violations"] if v["card"] == "Mystical Space Typhoon"]
    assert violation["rule"] == "GAME-90" and violation["message"].endswith("the deck has 4")
    assert len(violation["lines"]) == 4


def test_extra_deck_monsters_never_go_in_the_main_deck(tmp_path: Path) -> None:
    code, data = verdict(ydk(tmp_path, forty(STARDUST)))
    assert rules(data) == [("GAME-91", "Stardust Dragon")]
    assert data["violations"][0]["section"] == "main"


def test_only_extra_deck_monsters_go_in_the_extra_deck(tmp_path: Path) -> None:
    code, data = verdict(ydk(tmp_path, forty(), [STARDUST, MST]))
    assert rules(data) == [("GAME-91", "Mystical Space Typhoon")]
    violation = data["violations"][0]
    assert violation["section"] == "extra" and "only they go in the Extra Deck" in \
        violation["message"]


def test_the_side_deck_may_hold_extra_deck_monsters(tmp_path: Path) -> None:
    side = [STARDUST] * 3 + [TALKER] * 3 + [MST] * 3 + [MIRROR] * 3 + [CYLINDER] * 3
    assert verdict(ydk(tmp_path, forty(), [], side))[0] == 0


def list_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("status, copies, legal", [
    ("forbidden", 1, False), ("limited", 1, True), ("limited", 2, False),
    ("semi_limited", 2, True), ("semi_limited", 3, False)])
def test_the_limits_of_a_forbidden_limited_list(tmp_path: Path, status: str, copies: int,
                                                legal: bool) -> None:
    deck = ydk(tmp_path, forty(*[MST] * copies))
    limits = list_file(tmp_path, f"{status}: [Mystical Space Typhoon]\n")
    code, data = verdict(deck, "--list", limits)
    assert (code == 0) is legal
    if not legal:
        assert rules(data) == [("GAME-92", "Mystical Space Typhoon")]


def test_a_list_counts_the_side_deck_too(tmp_path: Path) -> None:
    deck = ydk(tmp_path, forty(MST), [], [MST] + fourteen())
    code, data = verdict(deck, "--list", list_file(tmp_path, f"limited: [{MST}]\n"))
    assert rules(data) == [("GAME-92", "Mystical Space Typhoon")]


def test_a_token_is_never_in_a_deck() -> None:
    """No card of the library or the official list is a Token, so the rule is asked directly
    (the facts a deck list with a Token would give)."""
    from ygocheck.solve import solve

    facts = ('deck_entry(main, 3, "Sheep Token", 1).\n'
             'definition("Sheep Token", category, monster).\n'
             'definition("Sheep Token", kind, token).\n')
    answer = solve(facts, "decklist.lp")[0]
    found = {(str(a.arguments[0]), str(a.arguments[1])) for a in answer.of("deck_forbids")}
    assert ('"GAME-93"', 'card("Sheep Token")') in found
    assert not answer.has("deck_legal")


# --- bad input ---------------------------------------------------------------------------------

def bad(tmp_path: Path, name: str, text: str, *args: str) -> tuple[str, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, err = run(str(path), *args)
    assert code == 2 and out == "", (code, out, err)
    return str(path), err


@pytest.mark.parametrize("text, line, message", [
    ("#main\n5318639\nnot a card\n", 3, "'not a card' is not a passcode"),
    ("5318639\n#main\n", 1, "a passcode before any section; begin the list with #main"),
    ("#main\n5318639\n#side\n5318639\n", 3, "begins with !side, not #side"),
    ("#main\n!extra\n", 2, "unknown section '!extra'"),
    ("#main\n5318639\n99999999\n", 3, "unknown passcode 99999999"),
    ("#main\n5318639\n#main\n", 3, "#main is given twice (first at line 1)"),
    ("#main\n123456789\n", 2, "is not a passcode"),
])
def test_a_malformed_ydk_is_refused_at_its_line(tmp_path: Path, text: str, line: int,
                                                message: str) -> None:
    path, err = bad(tmp_path, "deck.ydk", text)
    assert f"{path}:{line}: " in err and message in err, err


def test_a_mistyped_passcode_is_refused_with_the_nearest_ones(tmp_path: Path) -> None:
    # 89631139 is Blue-Eyes White Dragon's passcode (reference.jsonl.gz); one digit off is
    # no card's, and the message names the passcode it is nearest to, with its card.
    path, err = bad(tmp_path, "deck.ydk", "#main\n89631138\n")
    assert f"{path}:2: unknown passcode 89631138" in err
    assert "the nearest: 89631139 ('Blue-Eyes White Dragon')" in err


def test_every_unknown_passcode_is_reported(tmp_path: Path) -> None:
    path, err = bad(tmp_path, "deck.ydk", "#main\n11111111\n5318639\n22222222\n")
    assert f"{path}:2: unknown passcode 11111111" in err
    assert f"{path}:4: unknown passcode 22222222" in err


@pytest.mark.parametrize("text, line, message", [
    ("main:\n  Mystical Space Typhon: 3\n", 2,
     "unknown card name 'Mystical Space Typhon'; did you mean 'Mystical Space Typhoon'"),
    ("main:\n  Mystical Space Typhoon: 0\n", 2, "gives the number 0 copies; give a whole number"),
    ("main:\n  Mystical Space Typhoon: three\n", 2, "gives the text 'three' copies"),
    ("main:\n  '5318639': 1\n", 2, "a passcode is written as a number, without quotes"),
    ("main:\n  99999999: 1\n", 2, "unknown passcode 99999999"),
    ("main: {}\nsidedeck: {}\n", 2, "unknown key 'sidedeck' in a deck list"),
    ("extra: {}\n", 1, "a deck list is missing the key 'main'"),
    ("main: [Mystical Space Typhoon]\n", 1, "main must be a mapping"),
    ("- Mystical Space Typhoon\n", 1, "a deck list must be a mapping"),
    ("main:\n  Mystical Space Typhoon: 1\n  Mystical Space Typhoon: 2\n", 3, "duplicate key"),
])
def test_a_yaml_deck_list_in_the_wrong_shape_is_refused_at_its_line(
        tmp_path: Path, text: str, line: int, message: str) -> None:
    path, err = bad(tmp_path, "deck.yaml", text)
    assert f"{path}:{line}: " in err and message in err, err


@pytest.mark.parametrize("text, line, message", [
    ("limited: [Mystical Space Typhon]\n", 1, "unknown card name 'Mystical Space Typhon'"),
    ("limited: [Dark Hole]\nforbidden:\n  - 53129443\n", 3,
     "'Dark Hole' is listed twice (first as limited, line 1)"),
    ("banned: [Dark Hole]\n", 1, "unknown key 'banned' in a Forbidden & Limited list"),
    ("title: nothing\n", 1, "gives at least one of forbidden, limited, semi_limited"),
    ("limited: Dark Hole\n", 1, "limited must be a list"),
    ("limited:\n  - {name: Dark Hole}\n", 2, "a card is named by its English name or its "
     "passcode, not a mapping"),
    ("[Dark Hole]\n", 1, "a Forbidden & Limited list must be a mapping"),
])
def test_a_list_file_in_the_wrong_format_is_refused_at_its_line(
        tmp_path: Path, text: str, line: int, message: str) -> None:
    limits = tmp_path / "list.yaml"
    limits.write_text(text, encoding="utf-8")
    code, out, err = run(str(STARTER_YDK), "--list", str(limits))
    assert code == 2 and out == "" and f"{limits}:{line}: " in err and message in err, err


@pytest.mark.parametrize("name, message", [
    ("deck.txt", "a deck list is a .ydk file or a YAML deck list"),
    ("missing.ydk", "no such file"),
])
def test_a_deck_file_that_cannot_be_read(tmp_path: Path, name: str, message: str) -> None:
    path = tmp_path / name
    if name != "missing.ydk":
        path.write_text("#main\n", encoding="utf-8")
    code, out, err = run(str(path))
    assert code == 2 and message in err


def test_a_deck_of_more_than_500_cards_is_refused(tmp_path: Path) -> None:
    path, err = bad(tmp_path, "deck.ydk", "#main\n" + f"{MST}\n" * 501)
    assert f"{path}:502: more than 500 cards" in err
