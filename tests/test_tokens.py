"""The library's Monster Tokens (ygocheck/library/tokens.yaml, CARD-12): each has the stats
the text of the card that creates it gives, and a card entry named for one is a Token, so
that the rules refuse it anywhere but the field, face-up (check.lp, CARD-12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ygocheck.cards import library
from ygocheck.cli import main

# The official English texts that create them (reference extract of yaml-yugi):
# Scapegoat: 'Special Summon 4 "Sheep Tokens" (Beast/EARTH/Level 1/ATK 0/DEF 0) ...'
# Ojama Trio: 'Special Summon 3 "Ojama Tokens" (Beast/LIGHT/Level 2/ATK 0/DEF 1000) ...'
# Black Garden: '... Special Summons 1 "Rose Token" (Plant/DARK/Level 2/ATK 800/DEF 800) ...'
# Pacifis, the Phantasm City: '... "Phantasm Spiral Token" (Wyrm-Type/WATER/Level 8/ATK
# 2000/DEF 2000).'
TOKENS = {"Sheep Token": ("Beast", "EARTH", 1, 0, 0),
          "Ojama Token": ("Beast", "LIGHT", 2, 0, 1000),
          "Rose Token": ("Plant", "DARK", 2, 800, 800),
          "Phantasm Spiral Token": ("Wyrm", "WATER", 8, 2000, 2000)}


@pytest.mark.parametrize("name", sorted(TOKENS))
def test_a_token_has_the_stats_its_creator_gives(name: str) -> None:
    card = library()[name]
    assert card["kind"] == "token"
    assert (card["type"], card["attribute"], card["level"], card["atk"], card["def"]) == \
        TOKENS[name]


def snapshot(tmp_path: Path, entry: str) -> str:
    path = tmp_path / "token.yaml"
    path.write_text("format: ygocheck/1\nstate:\n  turn: 3\n  turn_player: A\n"
                    "  phase: main1\n  cards:\n    - " + entry + "\n", encoding="utf-8")
    return str(path)


def test_a_card_named_for_a_token_is_a_token(tmp_path: Path) -> None:
    on_field = snapshot(tmp_path, "{id: a_sheep, name: Sheep Token, owner: A, zone: monster, "
                        "slot: 1, since_turn: 2, position: defense}")
    assert CliRunner().invoke(main, ["check", on_field]).exit_code == 0
    in_hand = snapshot(tmp_path, "{id: a_sheep, name: Sheep Token, owner: A, zone: hand}")
    result = CliRunner().invoke(main, ["check", in_hand])
    assert result.exit_code == 2
    assert "a Token is never in the hand" in result.output and "CARD-12" in result.output


def test_every_token_an_effect_makes_is_a_library_token() -> None:
    """`summon_tokens` names a Token the library defines (SUMMON-35; asp/check.lp checks only
    that it names one, as it sees the definitions a snapshot brings)."""
    cards = library()
    made = [operation["token"] for card in cards.values() for effect in card.get("effects") or []
            for operation in effect.get("does") or [] if "token" in operation]
    assert made
    for name in made:
        assert cards[name]["kind"] == "token", name
