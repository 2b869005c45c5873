"""pytest plugin: collect ruling files (docs/format.md, "Ruling files") as test items.

Registered through the `pytest11` entry point. It collects only YAML files below the paths
of the `ygocheck_rulings` ini option (default: none), so installing ygocheck never makes other
projects' YAML files into tests. Cases whose status is not `settled` are reported apart:
skipped when they fail, never failing the suite.

The cases are played in batches (batches.py; engine.run_many grounds the steps of many
cases together, many times faster than one case at a time). Under pytest-xdist with
`--dist loadgroup`, the scheduler given here keeps each batch on one worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: Any) -> None:
    parser.addini("ygocheck_rulings", "folders whose YAML files are ygocheck ruling files",
                  type="paths", default=[])
    parser.addini("ygocheck_batched", "test functions (node ids without parameters) whose "
                  "parametrized cases share batches (ygocheck/batches.py)", type="linelist",
                  default=[])


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


def _results(item: Any) -> dict[int, Any]:
    """The results of every ruling case of the item's batch (batches.py), played together
    the first time one of them is asked for (their steps grounded in rounds,
    engine.run_many): many times faster than one case at a time."""
    from .batches import batch_items, session_batches

    session = item.session
    cached: dict[str, dict[int, Any]] = getattr(session, "_ygocheck_results", {})
    session._ygocheck_results = cached
    batch = session_batches(session).get(item.nodeid, "")
    if batch not in cached:
        from .rulings import run_cases

        items = [i for i in batch_items(item) if isinstance(i, RulingItem)]
        results = run_cases([i.case for i in items])
        cached[batch] = dict(zip((id(i) for i in items), results, strict=True))
    return cached[batch]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    """Under `--dist loadgroup`, the scheduler that keeps each batch (batches.py) on one
    worker; any other mode is xdist's own."""
    if config.getoption("dist", "no") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    from .batches import batches, batch_count

    class BatchScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if not hasattr(self, "_ygocheck_batches"):
                self._ygocheck_batches = batches(
                    list(self.collection or []), _ruling_roots(config), config.rootpath,
                    config.getini("ygocheck_batched"), batch_count(config))
            found = self._ygocheck_batches.get(nodeid)
            return found if found is not None else str(super()._split_scope(nodeid))

    return BatchScheduling(config, log)


class UnmodelledClause(UserWarning):
    """A ruling case passed, but its answer rests on a clause of card text that is not
    modelled (asp/unmodelled.lp): not a plain pass."""


class RulingItem(pytest.Item):
    def __init__(self, *, case: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        from .rulings import run_case

        result = _results(self).get(id(self)) or run_case(self.case)
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
