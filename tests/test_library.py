"""The built-in card library: complete for the foundation cases, and well-formed."""

from __future__ import annotations

import pytest

from ygocheck.cards import library

REQUIRED = [
    # named by the foundation issue for later cases
    "Mystical Space Typhoon", "Mirror Force", "Sakuretsu Armor", "Waboku", "Rush Recklessly",
    "Magic Jammer", "Seven Tools of the Bandit", "Trap Jammer", "Dark Hole", "Imperial Order",
    "Royal Decree", "Reinforcements", "Castle Walls", "Book of Moon", "Ring of Destruction",
    "Unending Nightmare", "Magician's Right Hand", "Kuriboh", "Man-Eater Bug",
    "Big Shield Gardna", "Call of the Haunted", "Monster Reborn", "Skill Drain",
    # Normal Monsters for test boards
    "Blue-Eyes White Dragon", "Dark Magician", "Summoned Skull", "Gemini Elf",
    "Celtic Guardian", "Mystical Elf",
    # named in the RULES.md cases of turn structure, summons, card types and chains
    "Torrential Tribute", "Silent Magician LV8", "Curse of Fiend", "Swords of Revealing Light",
    "Slifer the Sky Dragon", "Obelisk the Tormentor", "The Winged Dragon of Ra",
    "Command Knight", "Ryu Senshi", "Stumbling", "Breaker the Magical Warrior",
    "Cyber Jar", "Penguin Soldier", "Tribute to The Doomed", "Invader of the Throne",
]


@pytest.mark.parametrize("name", REQUIRED)
def test_card_is_in_the_library(name: str) -> None:
    assert name in library()


def test_spells_and_traps_start_with_their_card_activation() -> None:
    for name, card in library().items():
        if card["category"] in ("spell", "trap"):
            assert card["effects"][0]["kind"] == "activation", \
                f"{name}: effect 1 of a Spell/Trap is its card activation"


def test_monsters_have_stats() -> None:
    for name, card in library().items():
        if card["category"] == "monster":
            assert "atk" in card and "attribute" in card and "type" in card, name
            if card["kind"] not in ("xyz", "link"):
                assert "level" in card, name


def test_counter_traps_answer_a_chain_link_or_an_event() -> None:
    for name, card in library().items():
        if card["category"] == "trap" and card["kind"] == "counter":
            activation = card["effects"][0]
            assert "responds_to" in activation or "when" in activation, name


def test_library_files_are_strictly_well_formed() -> None:
    """Read with the strict loader (no duplicate keys), the library is the same."""
    assert library(strict=True) == library()


def test_the_shipped_compiled_library_is_current() -> None:
    """library/compiled.json is what `python -m ygocheck.library` writes from the YAML now."""
    from importlib import resources

    from ygocheck.cards import compiled_library, library_files

    shipped = resources.files("ygocheck.library").joinpath("compiled.json").read_text(
        encoding="utf-8")
    assert shipped == compiled_library(library_files()), \
        "run `python -m ygocheck.library` after editing the library"


def test_a_changed_compiled_library_is_never_trusted() -> None:
    import json

    from ygocheck.cards import compiled_library, library_files, trusted_compiled

    files = library_files()
    text = compiled_library(files)
    assert trusted_compiled(text, files) == library(strict=True)
    data = json.loads(text)
    data["cards"]["Mirror Force"]["effects"] = []          # a poisoned definition
    assert trusted_compiled(json.dumps(data), files) is None
    assert trusted_compiled(text[:-100], files) is None     # a truncated file
    edited = [(files[0][0], files[0][1] + "\n# edited\n")] + files[1:]
    assert trusted_compiled(text, edited) is None          # YAML edited since


# --- the library against the official card list (ygocheck/official/cards.tsv) ---------------

STATS = ("category", "kind", "attribute", "type", "level", "rank", "link", "atk", "def",
         "scale")


def test_every_library_card_has_its_official_name() -> None:
    from ygocheck.official import official

    listed = official()
    # but Tokens: the official data has no Token records (tests/test_tokens.py checks their
    # stats against the texts that create them)
    assert [name for name, card in library().items()
            if listed.get(name) is None and card["kind"] != "token"] == []


def test_library_stats_agree_with_the_official_list() -> None:
    """Category, kind and printed stats as the official data states them ("?" as 0)."""
    from ygocheck.official import official

    listed = official()
    wrong = []
    for name, card in library().items():
        official_card = listed.get(name)
        if official_card is None:
            continue
        expected = official_card.definition()
        for key in STATS:
            if card.get(key) != expected.get(key):
                wrong.append(f"{name}.{key}: library {card.get(key)!r}, official "
                             f"{expected.get(key)!r}")
    assert wrong == []


def test_library_passcodes_are_the_official_ones() -> None:
    """Every library card carries its passcode, one the official card was printed with; a
    card printed without one (the Egyptian Gods, in the official data) carries none."""
    from ygocheck.official import official

    listed = official()
    for name, card in library().items():
        official_card = listed.get(name)
        if official_card is None:
            continue
        if official_card.passcodes:
            assert card.get("passcode") in official_card.passcodes, name
        else:
            assert "passcode" not in card, name
    assert library()["Mystical Space Typhoon"]["passcode"] == 5318639
