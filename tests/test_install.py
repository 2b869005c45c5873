"""The rules and the library ship with the package: a plain `pip install .` must work from any
directory (CI installs without -e)."""

from __future__ import annotations

import fnmatch
import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_package_data_covers_every_rule_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ygocheck.asp"]
    for path in (ROOT / "asp").rglob("*"):
        if path.suffix in (".lp", ".yaml"):
            relative = path.relative_to(ROOT / "asp").as_posix()
            assert any(fnmatch.fnmatch(relative, p) and relative.count("/") == p.count("/")
                       for p in patterns), f"asp/{relative} would not be installed"


def test_installed_ygocheck_runs_from_another_directory(tmp_path: Path) -> None:
    snapshot = ROOT / "examples" / "main_phase.yaml"
    result = subprocess.run([sys.executable, "-m", "ygocheck.cli", "actions", str(snapshot),
                             "--json"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["priority"] == "A"


def test_the_official_card_list_ships_with_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert "ygocheck.official" in setuptools["packages"]
    for name in ("cards.tsv", "materials.tsv"):     # the list, and its material lines
        assert name in setuptools["package-data"]["ygocheck.official"]
        assert (ROOT / "ygocheck" / "official" / name).is_file()


def test_ci_runs_the_readme_test_command() -> None:
    """README.md says `.ci/run` runs exactly its second command: the install, mypy, ruff and
    the suite; and the `test` extra installs the tools that command calls."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    command = block[1]
    for step in ("pip install '.[test]'", "mypy ygocheck", "ruff check ygocheck tests",
                 "pytest -n 2"):
        assert step in command, f"the README's test command does not run {step!r}"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = " ".join(config["project"]["optional-dependencies"]["test"])
    for tool in ("pytest", "pytest-xdist", "jsonschema", "mypy", "ruff"):
        assert tool in extra, f"the test extra does not install {tool}"
