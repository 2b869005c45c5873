"""pytest plugin: collect ruling files (docs/format.md, "Ruling files") as test items.

Registered through the `pytest11` entry point. It collects only YAML files below the paths
of the `ygocheck_rulings` ini option (default: none), so installing ygocheck never makes other
projects' YAML files into tests. Cases whose status is not `settled` are reported apart:
skipped when they fail, never failing the suite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: Any) -> None:
    parser.addini("ygocheck_rulings", "folders whose YAML files are ygocheck ruling files",
                  type="paths", default=[])


def _ruling_roots(config: Any) -> list[Path]:
    return [Path(p).resolve() for p in config.getini("ygocheck_rulings")]


def pytest_collect_file(parent: Any, file_path: Path) -> Any:
    if file_path.suffix not in (".yaml", ".yml"):
        return None
    resolved = file_path.resolve()
    for root in _ruling_roots(parent.config):
        if resolved == root or root in resolved.parents:
            return RulingFile.from_parent(parent, path=file_path)
    return None


class RulingFile(pytest.File):
    def collect(self) -> Any:
        from .rulings import read_cases

        cases, broken = read_cases(self.path)
        for result in broken:
            yield BrokenRulingItem.from_parent(self, name="file", result=result)
        for case in cases:
            yield RulingItem.from_parent(self, name=f"case{case.index + 1}: {case.ruling}",
                                         case=case)


class RulingFailed(Exception):
    pass


def _results(session: Any) -> dict[int, Any]:
    """The results of every ruling case of the session, played together the first time one
    is asked for (their steps grounded in rounds, engine.run_many): many times faster than
    one case at a time."""
    cached = getattr(session, "_ygocheck_results", None)
    if cached is None:
        from .rulings import run_cases

        items = [item for item in session.items if isinstance(item, RulingItem)]
        results = run_cases([i.case for i in items])
        cached = dict(zip((id(item) for item in items), results, strict=True))
        session._ygocheck_results = cached
    return cached


class UnmodelledClause(UserWarning):
    """A ruling case passed, but its answer rests on a clause of card text that is not
    modelled (asp/unmodelled.lp): not a plain pass."""


class RulingItem(pytest.Item):
    def __init__(self, *, case: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        from .rulings import run_case

        result = _results(self.session).get(id(self)) or run_case(self.case)
        if result.passed and result.unmodelled and result.status == "settled":
            import warnings

            clauses = "; ".join(f"{w['card']} ({w['effect']}): {w['text']}"
                                for w in result.unmodelled)
            warnings.warn(UnmodelledClause(f"{result.ruling} rests on unmodelled clauses: "
                                           f"{clauses}"), stacklevel=1)
            return
        if result.passed:
            return
        if result.skipped:
            pytest.skip(result.skipped)
        if result.status != "settled":
            pytest.skip(f"{result.status} ruling, not counted: " + "; ".join(result.failures))
        raise RulingFailed(result)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, RulingFailed):
            result = excinfo.value.args[0]
            lines = [f"ruling: {result.ruling}", f"file: {result.file}:{result.line}"]
            lines += [f"  - {failure}" for failure in result.failures]
            return "\n".join(lines)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, (self.case.line or 1) - 1, self.name


class BrokenRulingItem(pytest.Item):
    def __init__(self, *, result: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.result = result

    def runtest(self) -> None:
        raise RulingFailed(self.result)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        return "\n".join(self.result.failures)
