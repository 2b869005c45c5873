"""The rule catalogue, published: docs/rules.md is current, and `ygocheck rule` finds where each
rule is implemented and which ruling files check it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ygocheck.catalogue import catalogue
from ygocheck.cli import main
from ygocheck.rule_index import asp_lines, entries, near_ids, ruling_uses, search
from ygocheck.rules_doc import rules_markdown

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_docs_rules_md_is_current() -> None:
    written = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    wanted = rules_markdown(entries([ROOT / "examples" / "rulings"], relative_to=ROOT))
    assert written == wanted, (
        "docs/rules.md is out of date (asp/catalogue.yaml, a rule ID in asp/ or a ruling file "
        "changed): run `python -m ygocheck.generate` from the project root and commit the result")


def test_every_catalogue_rule_is_in_docs_rules_md_once() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule, entry in catalogue().items():
        assert text.count(f"\n### {rule}\n") == 1, rule
        assert entry["statement"] in text


def test_the_lines_found_name_the_rule() -> None:
    found = asp_lines()
    assert found, "no rule ID found in asp/"
    for rule, lines in found.items():
        for place in lines:
            text = (ROOT / place.file).read_text(encoding="utf-8").splitlines()[place.line - 1]
            assert rule in text, f"{place.file}:{place.line} does not name {rule}"
    activation = [p for p in found["DSTEP-03"] if p.file == "asp/legality/activation.lp"]
    lines = (ROOT / "asp/legality/activation.lp").read_text(encoding="utf-8").splitlines()
    assert any('requires(A, "DSTEP-03")' in lines[p.line - 1] for p in activation)


def test_a_rule_id_inside_a_longer_word_is_not_taken() -> None:
    for rule in asp_lines():
        assert rule in catalogue() or rule.startswith("CASE-"), \
            f"asp/ names {rule}, which is no rule of the catalogue"


def test_ruling_uses_tell_reasons_from_mentions(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text(
        "# TURN-05 and CHAIN-02 are named here\nformat: ygocheck/1\nruling: x\nsource: y\n"
        "state: {turn: 1, turn_player: A, phase: main1}\n"
        "expect: {illegal: [{player: A, action: pass}], reasons: [PRIORITY-03]}\n",
        encoding="utf-8")
    (tmp_path / "two.yaml").write_text("format: ygocheck/1\n# only CHAIN-02\n", encoding="utf-8")
    uses = ruling_uses([tmp_path], relative_to=tmp_path)
    assert [(u.file, u.in_reasons) for u in uses["PRIORITY-03"]] == [("one.yaml", True)]
    assert [(u.file, u.in_reasons) for u in uses["CHAIN-02"]] == [("one.yaml", False),
                                                                  ("two.yaml", False)]
    assert [(u.file, u.in_reasons) for u in uses["TURN-05"]] == [("one.yaml", False)]


def test_near_ids_and_search() -> None:
    known = list(catalogue())
    assert near_ids("dstep-3", known)[0] == "DSTEP-03"
    assert near_ids("TRUN-05", known)[0] == "TURN-05"
    found = [e.rule for e in search("discards exactly", entries([]))]
    assert "TURN-10" in found and "DSTEP-03" not in found


def test_rule_command_shows_statement_source_lines_and_rulings() -> None:
    code, out, _ = run("rule", "DSTEP-03")
    assert code == 0
    assert catalogue()["DSTEP-03"]["statement"] in out
    assert catalogue()["DSTEP-03"]["source"] in out
    assert "asp/legality/activation.lp:" in out
    assert "examples/rulings/battle/case013_damage_calculation_by_an_effect.yaml  (checked" in out


def test_rule_command_json() -> None:
    code, out, _ = run("rule", "TURN-10", "--json")
    data = json.loads(out)
    assert code == 0 and data["rule"] == "TURN-10"
    assert data["statement"] == catalogue()["TURN-10"]["statement"]
    assert all(set(item) == {"file", "line"} for item in data["implemented"])
    assert any(u["file"].endswith("end_phase_hand_size.yaml") for u in data["rulings"])


def test_unknown_rule_suggests_near_ids() -> None:
    code, out, err = run("rule", "DSTEP-3")
    assert code == 2 and out == ""
    assert "unknown rule 'DSTEP-3'; did you mean DSTEP-03" in err


def test_rule_search_and_listing() -> None:
    code, out, _ = run("rule", "--search", "Counter Trap")
    assert code == 0 and "DSTEP-06:" in out and "TURN-10:" not in out
    code, out, _ = run("rule", "--search", "Counter Trap", "--json")
    assert {r["rule"] for r in json.loads(out)["rules"]} >= {"DSTEP-06", "CHAIN-12"}
    code, out, _ = run("rule")
    assert code == 0 and len(out.splitlines()) == len(catalogue())
    code, _, err = run("rule", "TURN-10", "--search", "x")
    assert code == 2 and "not both" in err


def test_rule_with_given_rulings(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("# about TURN-10\nformat: ygocheck/1\n",
                                        encoding="utf-8")
    code, out, _ = run("rule", "TURN-10", "--rulings", str(tmp_path))
    assert code == 0 and f"{tmp_path.as_posix()}/mine.yaml" in out
    assert "examples/rulings" not in out
