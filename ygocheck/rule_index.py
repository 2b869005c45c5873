"""Where each rule of the catalogue stands: the lines of asp/ that name its ID, and the ruling
files that check it (in `expect.reasons`) or name it.

Found by scanning the text, never by asking the rules: an ID on a line of asp/ is a rule that
decides with it or a comment that explains one. Used by `ygocheck rule` and by the generator
of docs/rules.md (`python -m ygocheck.generate`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .resources import asp_folder

# A rule ID: a family in capitals, a hyphen and a two-digit number.
RULE_ID = re.compile(r"(?<![A-Za-z0-9-])([A-Z]+-\d{2})(?![0-9])")

# What each family of rule IDs is about, in the order docs/rules.md lists them.
FAMILIES = {
    "GAME": "the duel: decks, players, winning",
    "ZONE": "the zones of the field",
    "CARD": "kinds of cards and their properties",
    "SUMMON": "summoning and Setting monsters",
    "TURN": "the turn and its phases",
    "PRIORITY": "priority: who may act",
    "BATTLE": "the Battle Phase: attacks, replays, damage calculation",
    "DSTEP": "the Damage Step and its timings",
    "CHAIN": "chains, spell speed and costs",
    "ACT": "card activations and effect activations",
    "CONT": "continuous cards",
    "INFO": "public and private information, face-down cards",
    "RESET": "information resets",
    "MISC": "terms and general principles",
}


@dataclass(frozen=True)
class Line:
    """A line of a file that names a rule ID; `file` is relative to the project
    (asp/legality/activation.lp, examples/rulings/...)."""

    file: str
    line: int


@dataclass
class RulingUse:
    """A ruling file that names a rule: in a case's `expect.reasons` (checked: the case fails
    unless the rules cite it), or only in its text (a comment, a ruling, a note)."""

    file: str
    in_reasons: bool

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "in_reasons": self.in_reasons}


@dataclass
class RuleEntry:
    rule: str
    statement: str
    source: str
    lines: list[Line] = field(default_factory=list)
    rulings: list[RulingUse] = field(default_factory=list)
    # The rule profiles the rule belongs to (catalogue `profiles`); empty: every profile.
    profiles: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "statement": self.statement, "source": self.source,
                "implemented": [{"file": item.file, "line": item.line} for item in self.lines],
                "rulings": [use.as_json() for use in self.rulings],
                "profiles": self.profiles}

    def profiles_text(self) -> str:
        """The rule profiles it belongs to, for people."""
        return ", ".join(self.profiles) + " only" if self.profiles else "every profile"


def rule_sort_key(rule: str) -> tuple[int, str, int]:
    family, _, number = rule.partition("-")
    rank = list(FAMILIES).index(family) if family in FAMILIES else len(FAMILIES)
    return (rank, family, int(number) if number.isdigit() else 0)


@lru_cache(maxsize=1)
def asp_lines() -> dict[str, tuple[Line, ...]]:
    """Every rule ID named in asp/*.lp (subfolders included), with its lines, in file order."""
    folder = asp_folder()
    found: dict[str, list[Line]] = {}
    for path in sorted(folder.rglob("*.lp"), key=lambda p: p.relative_to(folder).as_posix()):
        name = "asp/" + path.relative_to(folder).as_posix()
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for rule in dict.fromkeys(RULE_ID.findall(text)):
                found.setdefault(rule, []).append(Line(name, number))
    return {rule: tuple(lines) for rule, lines in found.items()}


def default_rulings() -> list[Path]:
    """The project's own ruling files (examples/rulings beside asp/), when the rules are read
    from a checkout of the project; none for an installed package."""
    folder = asp_folder().parent / "examples" / "rulings"
    return [folder] if folder.is_dir() else []


def ruling_uses(paths: list[Path], relative_to: Path | None = None) -> dict[str, list[RulingUse]]:
    """For each rule ID, the ruling files under `paths` that name it, in file order."""
    from .rulings import ruling_files

    uses: dict[str, list[RulingUse]] = {}
    for path in ruling_files([str(p) for p in paths]):
        text = _read(path)
        if text is None:
            continue
        checked = _reasons(text)
        shown = _shown(path, relative_to)
        for rule in dict.fromkeys(RULE_ID.findall(text)):
            uses.setdefault(rule, []).append(RulingUse(shown, rule in checked))
    return uses


def _shown(path: Path, relative_to: Path | None) -> str:
    if relative_to is not None:
        try:
            return path.resolve().relative_to(relative_to.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


def _read(path: Path) -> str | None:
    from .load import read_text
    from .problems import BadInput

    try:
        return read_text(path)
    except BadInput:
        return None


def _reasons(text: str) -> set[str]:
    """The rule IDs a ruling file's cases list under `expect.reasons`."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError:
        return set()
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list):
        cases = [data]
    found: set[str] = set()
    for case in cases:
        expect = case.get("expect") if isinstance(case, dict) else None
        reasons = expect.get("reasons") if isinstance(expect, dict) else None
        if isinstance(reasons, list):
            found.update(r for r in reasons if isinstance(r, str))
    return found


def entries(rulings: list[Path] | None = None, relative_to: Path | None = None) \
        -> list[RuleEntry]:
    """Every catalogue rule, in family order, with where it is implemented and the ruling files
    under `rulings` (default: the project's own) that name it."""
    from .catalogue import catalogue

    lines = asp_lines()
    uses = ruling_uses(default_rulings() if rulings is None else rulings, relative_to)
    return [RuleEntry(rule, entry.get("statement", ""), entry.get("source", ""),
                      list(lines.get(rule, ())), uses.get(rule, []),
                      [str(p) for p in entry.get("profiles", [])])
            for rule, entry in sorted(catalogue().items(), key=lambda item: rule_sort_key(item[0]))]


def near_ids(word: str, known: list[str]) -> list[str]:
    """Rule IDs that look like `word` (a typo, a missing leading zero, another case)."""
    upper = word.upper()
    family, _, number = upper.partition("-")
    padded = f"{family}-{int(number):02d}" if number.isdigit() else upper
    found = [padded] if padded in known and padded != word else []
    found += [rule for rule in difflib.get_close_matches(upper, known, n=4, cutoff=0.6)
              if rule not in found]
    return found[:4]


def search(words: str, rules: list[RuleEntry]) -> list[RuleEntry]:
    """The rules whose ID, statement or source contains every word (any case)."""
    wanted = [w.casefold() for w in words.split()]
    return [entry for entry in rules
            if all(w in f"{entry.rule} {entry.statement} {entry.source}".casefold()
                   for w in wanted)]


def grouped_lines(lines: list[Line]) -> list[tuple[str, list[int]]]:
    """Lines grouped by file, in order: [(file, [line, ...]), ...]."""
    groups: dict[str, list[int]] = {}
    for item in lines:
        groups.setdefault(item.file, []).append(item.line)
    return list(groups.items())
