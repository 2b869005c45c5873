"""Every rule the ASP cites is in the catalogue, and every catalogue entry names its source."""

from __future__ import annotations

import re
from pathlib import Path

from ygocheck.catalogue import catalogue
from ygocheck.resources import asp_folder

SEEDS = ("000_f3bcdfcd3a9e2466.txt", "001_f62649cfa8aaffc7.txt", "002_c6ae516fcfcb1c0f.txt",
         "004_3a77f853d916b3e2.txt")
RULE_ID = re.compile(r"\b([A-Z]+-\d{2})\b")


def asp_files() -> list[Path]:
    return sorted(asp_folder().rglob("*.lp"))


def test_every_blocking_rule_is_in_the_catalogue() -> None:
    known = catalogue()
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for rule in re.findall(r'(?:blocked|permitted)\([^%\n]*?"([A-Z]+-\d{2})"\)', text):
            assert rule in known, f"{path.name} cites {rule}, which is not in the catalogue"


def test_every_rule_named_in_a_comment_is_in_the_catalogue() -> None:
    known = catalogue()
    for path in asp_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "%" not in line:
                continue
            for rule in RULE_ID.findall(line.split("%", 1)[1]):
                assert rule in known, f"{path.name}:{number} cites {rule}, not in the catalogue"


def test_every_catalogue_entry_has_a_statement_and_a_seed_source() -> None:
    for rule, entry in catalogue().items():
        assert RULE_ID.fullmatch(rule), f"{rule} is not a rule ID like TURN-04"
        assert len(entry.get("statement", "")) > 20, f"{rule} has no statement"
        assert any(seed in entry.get("source", "") for seed in SEEDS), \
            f"{rule} does not name a seed file as its source"


def test_every_deciding_rule_carries_a_rule_id() -> None:
    """blocked/2 is how the rules forbid; each one must name a rule (not a variable)."""
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for head in re.findall(r"^blocked\(.*?\)\s*:-", text, flags=re.MULTILINE):
            assert re.search(r'"[A-Z]+-\d{2}"', head), f"{path.name}: {head} has no rule ID"


def test_the_rules_never_name_a_card() -> None:
    """What a card may do follows from its descriptors: no rule outside the card data names
    a particular card."""
    from ygocheck.cards import library

    names = list(library())
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert f'"{name}"' not in text, f"{path.name} names the card {name!r}"
