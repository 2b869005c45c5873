"""`ygocheck test --coverage`: which ruling cases exercise each rule of the catalogue, and how
the seed documents' worked cases are encoded (the seed-case list,
examples/seeds/seed_cases.yaml).

A case exercises a rule when its `expect.reasons` names it, or when the rules cite it for one
of the case's expected legal or illegal actions, in any outcome: the requirements a legal
action meets, the rules that refuse an illegal one (what `ygocheck why` shows). The run
records these as each case is judged (CaseResult.rules). A rule no case exercises is listed
with the cases that only name it, in the comment lines right above the case: rules a case
means to check through the state or the events it expects, which the report cannot confirm.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .load import line_in
from .problems import BadInput, Problem

SEED_FORMAT = "ygocheck-seed-cases/1"
SEED_CASE = re.compile(r"CASE-\d{3}\Z")
SEED_KEYS = ("title", "source", "encoded_by", "not_encoded", "partly", "pending")


@dataclass
class SeedCase:
    """A worked case of the seeds: the ruling files that encode it (paths as the list's own
    folder joined with the paths it gives), or why none does."""

    case: str
    title: str
    source: str
    encoded_by: list[str] = field(default_factory=list)
    not_encoded: str | None = None
    partly: str | None = None
    pending: list[str] = field(default_factory=list)
    line: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {"case": self.case, "title": self.title, "source": self.source,
                "encoded_by": self.encoded_by, "not_encoded": self.not_encoded,
                "partly": self.partly, "pending": self.pending}


def default_seed_cases() -> Path | None:
    """The project's own list, when the rules come from a checkout of the project."""
    from .resources import asp_folder

    path = asp_folder().parent / "examples" / "seeds" / "seed_cases.yaml"
    return path if path.is_file() else None


def find_seed_cases(path: str | None) -> list[SeedCase] | None:
    """The seed cases of the list at `path`, or of the project's own list; None when there
    is none."""
    target = Path(path) if path else default_seed_cases()
    return read_seed_cases(target) if target is not None else None


def read_seed_cases(path: Path) -> list[SeedCase]:
    """The list's cases, in order; BadInput naming the line of everything wrong with it."""
    from .load import parse_yaml, read_text

    file = str(path)
    data = parse_yaml(read_text(path), file)
    problems: list[Problem] = []

    def add(line: int | None, message: str) -> None:
        problems.append(Problem(file, line, message))

    if not isinstance(data, dict) or data.get("format") != SEED_FORMAT or \
            not isinstance(data.get("cases"), dict):
        raise BadInput([Problem(file, getattr(data, "line", 1), "a seed-case list is a mapping "
                                f"with format: {SEED_FORMAT} and cases: (CASE-001: ...)")])
    folder = path.parent
    found: list[SeedCase] = []
    cases = data["cases"]
    for key, entry in cases.items():
        line = line_in(cases, key)
        if not isinstance(key, str) or not SEED_CASE.match(key):
            add(line, f"{key!r} is not a seed case like CASE-001")
            continue
        if not isinstance(entry, dict):
            add(line, f"{key} is a mapping with title, source and encoded_by or not_encoded")
            continue
        for name in entry:
            if name not in SEED_KEYS:
                add(line_in(entry, name), f"unknown key {name!r} in {key}; allowed: "
                    f"{', '.join(SEED_KEYS)}")
        texts = {}
        for name in ("title", "source", "not_encoded", "partly"):
            value = entry.get(name)
            if name in entry and not (isinstance(value, str) and value.strip()):
                add(line_in(entry, name), f"{key}.{name} must be a non-empty text")
            texts[name] = value if isinstance(value, str) else None
        for name in ("title", "source"):
            if name not in entry:
                add(line, f"{key} needs `{name}`")
        lists: dict[str, list[str]] = {}
        for name in ("encoded_by", "pending"):
            value = entry.get(name, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                add(line_in(entry, name), f"{key}.{name} is a list of file paths")
                value = []
            shown = [os.path.normpath(folder / v).replace(os.sep, "/") for v in value]
            for given, full in zip(value, shown, strict=True):
                if not Path(full).is_file():
                    add(line_in(entry, name), f"{key}.{name}: {given} is not a file (paths are "
                        f"relative to {folder})")
            lists[name] = shown
        if bool(lists["encoded_by"]) == bool(texts["not_encoded"]):
            add(line, f"{key} gives either encoded_by (the ruling files that encode it) or "
                "not_encoded (why none does), not both nor neither")
        if texts["partly"] and not lists["encoded_by"]:
            add(line_in(entry, "partly"), f"{key}.partly says what its encoded_by files leave "
                "out; without encoded_by, say it in not_encoded")
        found.append(SeedCase(key, texts["title"] or "", texts["source"] or "",
                              lists["encoded_by"], texts["not_encoded"], texts["partly"],
                              lists["pending"], line))
    if problems:
        raise BadInput(problems)
    return found


@dataclass
class Coverage:
    """Per rule ID of the catalogue, the cases that exercise it and those that only name it;
    and the seed cases."""

    rules: dict[str, list[Any]]
    named: dict[str, list[Any]]
    seeds: list[SeedCase] | None
    ran: set[str]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": {rule: [{"file": r.file, "line": r.line, "ruling": r.ruling,
                              "passed": r.passed} for r in cases]
                      for rule, cases in self.rules.items()},
            "not_exercised": [rule for rule, cases in self.rules.items() if not cases],
            "named": {rule: [{"file": r.file, "line": r.line} for r in cases]
                      for rule, cases in self.named.items()}}
        if self.seeds is not None:
            out["seed_cases"] = [dict(seed.as_json(), run=self._run(seed))
                                 for seed in self.seeds]
        return out

    def _run(self, seed: SeedCase) -> bool:
        return any(_same(f) in self.ran for f in seed.encoded_by)

    def text(self) -> str:
        exercised = [rule for rule, cases in self.rules.items() if cases]
        lines = [f"rule coverage: {len(exercised)} of {len(self.rules)} rules exercised"]
        for rule, cases in self.rules.items():
            if not cases:
                continue
            lines.append(f"  {rule}  {len(cases)} case{'s' if len(cases) > 1 else ''}")
            by_file: dict[str, list[str]] = {}
            for result in cases:
                mark = "" if result.passed else " (failed)"
                by_file.setdefault(result.file, []).append(f"{result.line}{mark}")
            for file, where in by_file.items():
                lines.append(f"    {file}: line{'s' if len(where) > 1 else ''} "
                             f"{', '.join(where)}")
        missing = [rule for rule, cases in self.rules.items() if not cases]
        lines.append(f"rules no case exercises: {len(missing)}"
                     + (" (with the cases whose comment names them)" if missing else ""))
        for rule in missing:
            named = self.named.get(rule, [])
            lines.append(f"  {rule}  " + (f"named by {len(named)} case"
                                          f"{'s' if len(named) > 1 else ''}" if named
                                          else "named by no case"))
            by_file = {}
            for result in named:
                by_file.setdefault(result.file, []).append(str(result.line))
            for file, where in by_file.items():
                lines.append(f"    {file}: line{'s' if len(where) > 1 else ''} "
                             f"{', '.join(where)}")
        if self.seeds is None:
            lines.append("seed cases: no seed-case list (give --cases FILE)")
            return "\n".join(lines)
        encoded = [s for s in self.seeds if s.encoded_by]
        partly = [s for s in encoded if s.partly]
        lines.append(f"seed cases: {len(encoded)} of {len(self.seeds)} encoded "
                     f"({len(partly)} of them partly), {len(self.seeds) - len(encoded)} not")
        for seed in self.seeds:
            if seed.encoded_by:
                note = "" if self._run(seed) else "  (not in this run)"
                lines.append(f"  {seed.case}  encoded by {', '.join(seed.encoded_by)}{note}")
                if seed.partly:
                    lines.append(f"            not encoded: {seed.partly}")
            else:
                lines.append(f"  {seed.case}  not encoded: {seed.not_encoded}")
            if seed.pending:
                lines.append(f"            pending: {', '.join(seed.pending)}")
        return "\n".join(lines)


def _same(path: str) -> str:
    return str(Path(path).resolve())


def coverage_report(results: list[Any], seeds: list[SeedCase] | None) -> Coverage:
    from .catalogue import catalogue
    from .rule_index import rule_sort_key

    order = sorted(catalogue(), key=rule_sort_key)
    rules: dict[str, list[Any]] = {rule: [] for rule in order}
    named: dict[str, list[Any]] = {rule: [] for rule in order}
    texts: dict[str, list[str]] = {}
    for result in results:
        for rule in result.rules:
            rules.setdefault(rule, []).append(result)
        for rule in named_above(result, texts):
            if rule in named:
                named[rule].append(result)
    return Coverage(rules, named, seeds, {_same(r.file) for r in results})


def named_above(result: Any, texts: dict[str, list[str]]) -> list[str]:
    """The rule IDs in the comment lines right above a case (its first line is result.line)."""
    from .load import read_text
    from .rule_index import RULE_ID

    if result.file not in texts:
        try:
            texts[result.file] = read_text(result.file).splitlines()
        except (BadInput, OSError):
            texts[result.file] = []
    lines = texts[result.file]
    found: list[str] = []
    number = (result.line or 1) - 2
    while 0 <= number < len(lines) and lines[number].strip().startswith("#"):
        found += RULE_ID.findall(lines[number])
        number -= 1
    return list(dict.fromkeys(found))
