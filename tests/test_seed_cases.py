"""The seed-case list (examples/seeds/seed_cases.yaml) accounts for every worked case of the
seeds, and `ygocheck test` reports progress, its slowest cases and the coverage of rules and
seed cases."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ygocheck.cli import main
from ygocheck.coverage import read_seed_cases
from ygocheck.output import slowest_report
from ygocheck.problems import BadInput
from ygocheck.rulings import ruling_files, run_paths

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "examples" / "seeds" / "seed_cases.yaml"
RULINGS = ROOT / "examples" / "rulings"
PENDING = ROOT / "examples" / "rulings-pending"

TWO_CASES = """format: ygocheck/1
cases:
  # PRIORITY-02 named here
  - ruling: B cannot activate Mirror Force while A holds priority in an open game state.
    source: "a seed"
    state:
      turn: 3
      turn_player: A
      phase: main1
      cards:
        - {id: b_mirror, name: Mirror Force, owner: B, zone: spell_trap, slot: 1, face: down,
           since_turn: 2}
    expect:
      illegal: [{player: B, action: activate, card: b_mirror}]
  # TURN-04 and CHAIN-02 named here
  - ruling: A may move on.
    source: "a seed"
    state: {turn: 3, turn_player: A, phase: main1}
    expect:
      legal: [{player: A, action: next}]
      reasons: [PRIORITY-02]
"""


def mentions(path: Path, case: str) -> bool:
    """The file names the case in its text (CASE-024) or in its name (case024_027_...)."""
    number = case.split("-")[1]
    named = re.match(r"case((?:_?\d{3})+)_", path.name)
    return case in path.read_text(encoding="utf-8") or bool(
        named and number in re.findall(r"\d{3}", named.group(1)))


def test_the_list_accounts_for_all_196_seed_cases_in_order() -> None:
    seeds = read_seed_cases(LIST)
    assert [s.case for s in seeds] == [f"CASE-{n:03d}" for n in range(1, 197)]


def test_every_case_is_encoded_by_existing_files_or_says_why_not() -> None:
    for seed in read_seed_cases(LIST):
        assert seed.title and seed.source and any(
            s in seed.source for s in ("000_", "001_", "002_", "004_")), seed.case
        assert bool(seed.encoded_by) != bool(seed.not_encoded), seed.case
        if seed.not_encoded:
            assert len(seed.not_encoded) > 20, f"{seed.case}: say why it is not encoded"
        for file in seed.encoded_by:
            path = ROOT / file
            assert path.is_file() and RULINGS in path.parents, (seed.case, file)
            assert mentions(path, seed.case), f"{file} does not name {seed.case}"
        for file in seed.pending:
            path = ROOT / file
            assert path.is_file() and PENDING in path.parents, (seed.case, file)
            assert mentions(path, seed.case), f"{file} does not name {seed.case}"


def test_a_ruling_file_named_for_seed_cases_is_listed_for_each() -> None:
    listed = {s.case: {Path(f).name for f in s.encoded_by} for s in read_seed_cases(LIST)}
    for path in ruling_files([str(RULINGS)]):
        named = re.match(r"case((?:_?\d{3})+)_", path.name)
        for number in re.findall(r"\d{3}", named.group(1)) if named else []:
            assert path.name in listed[f"CASE-{number}"], \
                f"{path.name} is named for CASE-{number}; list it under its encoded_by"


@pytest.mark.parametrize("text, message", [
    ("format: other\ncases: {}\n", "a seed-case list is a mapping"),
    ("format: ygocheck-seed-cases/1\ncases:\n  CASE-1: {title: t, source: s, not_encoded: "
     "because}\n", "'CASE-1' is not a seed case"),
    ("format: ygocheck-seed-cases/1\ncases:\n  CASE-001: {title: t, source: s}\n",
     "either encoded_by"),
    ("format: ygocheck-seed-cases/1\ncases:\n  CASE-001: {title: t, source: s, not_encoded: x, "
     "encoded_by: [a.yaml]}\n", "a.yaml is not a file"),
    ("format: ygocheck-seed-cases/1\ncases:\n  CASE-001: {title: t, source: s, not_encoded: x, "
     "colour: red}\n", "unknown key 'colour' in CASE-001"),
    ("format: ygocheck-seed-cases/1\ncases:\n  CASE-001: {source: s, not_encoded: x}\n",
     "CASE-001 needs `title`"),
])
def test_a_bad_seed_case_list_is_refused_with_its_line(tmp_path: Path, text: str,
                                                       message: str) -> None:
    path = tmp_path / "seeds.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as error:
        read_seed_cases(path)
    assert any(message in p.message for p in error.value.problems), error.value
    assert all(p.line is not None for p in error.value.problems)


def test_progress_counts_every_case_once(tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("just text\n", encoding="utf-8")
    for jobs in (1, 2):
        seen: list[tuple[int, int]] = []
        results = run_paths([str(tmp_path)], jobs, lambda done, total, seen=seen:
                            seen.append((done, total)))
        assert len(results) == 3 and seen[-1] == (3, 3)
        assert [d for d, _ in seen] == sorted(d for d, _ in seen)
        assert {t for _, t in seen} == {3}
        if jobs == 1:
            assert [d for d, _ in seen] == [1, 2, 3]   # the broken file, then each case


def test_each_case_has_its_share_of_the_time_and_the_rules_it_exercises(
        tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    cases = json.loads(result.stdout)["cases"]
    assert all(case["seconds"] > 0 for case in cases)
    assert "PRIORITY-02" in cases[0]["rules"]   # the rules refuse B's activation with it
    assert "PRIORITY-02" in cases[1]["rules"]   # expect.reasons


def test_slowest_report_names_the_slowest_first(tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    results = run_paths([str(tmp_path)], 1)
    results[0].seconds, results[1].seconds = 0.5, 2.0
    lines = slowest_report(results, 12.3).splitlines()
    assert "12.3 s" in lines[0]
    assert lines[1].split()[0] == "2.00" and "A may move on." in lines[1]
    assert lines[2].split()[0] == "0.50"


def test_coverage_lists_the_cases_per_rule_and_every_seed_case(tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--coverage", "--json",
                                       "--jobs", "1"])
    assert result.exit_code == 0, result.output
    coverage = json.loads(result.stdout)["coverage"]
    assert [c["line"] for c in coverage["rules"]["PRIORITY-02"]] == [4, 16]
    assert "TURN-10" in coverage["not_exercised"]
    assert [c["line"] for c in coverage["named"]["TURN-04"]] == [16]
    assert coverage["named"]["CHAIN-02"] and not coverage["named"]["TURN-10"]
    seeds = coverage["seed_cases"]
    assert len(seeds) == 196 and not any(s["run"] for s in seeds)
    assert all(s["encoded_by"] or s["not_encoded"] for s in seeds)


def test_coverage_text_and_another_list(tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    (tmp_path / "seeds.yaml").write_text(
        "format: ygocheck-seed-cases/1\ncases:\n  CASE-001:\n    title: t\n    source: s\n"
        "    encoded_by: [two.yaml]\n  CASE-002: {title: u, source: s, not_encoded: no card}\n",
        encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path / "two.yaml"), "--coverage",
                                       "--cases", str(tmp_path / "seeds.yaml"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"  PRIORITY-02  2 cases\n    {tmp_path / 'two.yaml'}: lines 4, 16" in out
    assert "seed cases: 1 of 2 encoded (0 of them partly), 1 not" in out
    assert f"  CASE-001  encoded by {(tmp_path / 'two.yaml').as_posix()}\n" in out
    assert "  CASE-002  not encoded: no card" in out


def test_cases_without_coverage_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "two.yaml").write_text(TWO_CASES, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--cases", str(LIST)])
    assert result.exit_code == 2 and "give --coverage too" in result.stderr
