"""docs/format.md documents the whole format on its own: every key the shape checkers admit,
every word of the snapshot vocabulary, every action and command; the docs point only at files
that exist, and nothing in the project refers people to a contract they do not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ygocheck import shapes
from ygocheck.actions import ACTION_KEYS, ACTION_KINDS
from ygocheck.cli import main
from ygocheck.vocabulary import words

ROOT = Path(__file__).resolve().parent.parent
FORMAT = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
RECORDS = [shapes.STATE, shapes.CARD_ENTRY, shapes.LINK, shapes.EVENT, shapes.BATTLE,
           shapes.THIS_TURN, shapes.SUMMONED, shapes.TEMPORARY, shapes.CONTROL, shapes.MODIFIER,
           shapes.PENDING_TRIGGER, shapes.PLAYER_EFFECT, shapes.USED_BY_NAME, shapes.COST,
           shapes.RESULT, shapes.SNAPSHOT]


def documented(word: str) -> bool:
    return f"`{word}`" in FORMAT or \
        re.search(rf"[`{{ ]{re.escape(word)}[,:}}`]", FORMAT) is not None


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
def test_every_key_of_the_snapshot_format_is_documented(record: shapes.Record) -> None:
    missing = [key for key in record.keys if not documented(key)]
    assert not missing, f"docs/format.md does not document {record.name} keys {missing}"


@pytest.mark.parametrize("domain", ["zone", "phase", "step", "timing", "window", "event",
                                    "summon_method", "destroyed_by", "treated_as", "until",
                                    "player_effect", "result_reason", "link_kind", "negated"])
def test_every_word_of_the_vocabulary_is_documented(domain: str) -> None:
    missing = [word for word in words(domain) if not documented(word)]
    assert not missing, f"docs/format.md does not document the {domain} words {missing}"


def test_every_action_key_name_and_ruling_key_is_documented() -> None:
    keys = list(ACTION_KEYS) + list(ACTION_KINDS) + list(shapes.CASE_KEYS) \
        + list(shapes.FILE_KEYS) + list(shapes.EXPECT_KEYS) + list(shapes.STATUSES) \
        + list(shapes.OUTCOME_MODES)
    missing = [key for key in keys if not documented(key)]
    assert not missing, f"docs/format.md does not document {missing}"


def test_every_command_has_its_section() -> None:
    for name in main.commands:
        assert f"### `ygocheck {name}" in FORMAT, f"docs/format.md has no section for {name}"


def test_every_option_of_every_command_is_documented() -> None:
    for name, command in main.commands.items():
        for param in command.params:
            for option in getattr(param, "opts", []):
                if option.startswith("--") and option != "--help":
                    assert option in FORMAT, f"docs/format.md does not mention {name} {option}"


def test_doc_links_point_at_files_that_exist() -> None:
    for doc in list((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        text = doc.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if "://" in target:
                continue
            assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


def test_help_and_docs_point_into_the_project_docs_not_a_contract() -> None:
    for path in list((ROOT / "ygocheck").rglob("*.py")) + list((ROOT / "docs").glob("*.md")) \
            + [ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        assert "CONTRACT" not in text and "the contract" not in text.lower(), \
            f"{path.relative_to(ROOT)} refers to a contract"
        assert "snapshots.md" not in text, f"{path.relative_to(ROOT)} refers to snapshots.md"


def test_the_check_of_documentation_can_fail() -> None:
    assert documented("turn_player") and not documented("no_such_key_in_the_docs")
