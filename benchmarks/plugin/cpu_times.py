"""A pytest plugin that records the CPU time of every test, per test file.

    PYTHONPATH=benchmarks/plugin python -m pytest -p cpu_times -n 2 [--cpu-times out.json]

Each test's CPU time is `time.process_time()` around its setup, call and teardown, plus the
CPU time of the child processes it waited for (`getrusage(RUSAGE_CHILDREN)`: the CLI tests run
`ygocheck` as a subprocess). Each process (the controller and every xdist worker) also counts
what it spent outside the tests: its start, imports and collection. The figures are written as
JSON, one file per process (`out.json`, `out.gw0.json`, ...), and `summarise` (run this file)
adds them up per test file. CPU time, not wall time: on a shared machine wall time measures
the other work.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _own() -> float:
    """This process alone: the xdist controller's children are its workers, counted apart."""
    return time.process_time()


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--cpu-times", default="cpu_times.json",
                     help="where to write the CPU time of each test (JSON)")


_TIMES: dict[str, float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
    started = _cpu()
    yield
    _TIMES[item.nodeid] = _TIMES.get(item.nodeid, 0.0) + _cpu() - started


def pytest_sessionfinish(session: Any) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    out = Path(session.config.getoption("cpu_times"))
    if worker is not None:
        out = out.with_suffix(f".{worker}.json")
    controller = worker is None and bool(getattr(session.config.option, "numprocesses", 0))
    total = _own() if controller else _cpu()
    out.write_text(json.dumps({"process": total, "tests": _TIMES}, indent=0), encoding="utf-8")


def summarise(paths: list[str]) -> None:
    per_file: dict[str, float] = {}
    outside = 0.0
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        tests = data["tests"]
        outside += data["process"] - sum(tests.values())
        for nodeid, seconds in tests.items():
            file = nodeid.split("::", 1)[0]
            if file.startswith("examples/rulings/"):
                file = "examples/rulings/" + file.split("/")[2] + "/*"
            per_file[file] = per_file.get(file, 0.0) + seconds
    total = sum(per_file.values()) + outside
    for file, seconds in sorted(per_file.items(), key=lambda p: -p[1]):
        print(f"{seconds:8.1f} s  {file}")
    rulings = sum(s for f, s in per_file.items() if f.startswith("examples/rulings/"))
    print(f"{rulings:8.1f} s  (all ruling files)")
    print(f"{outside:8.1f} s  (outside the tests: start, imports, collection)")
    print(f"{total:8.1f} s  in all")


if __name__ == "__main__":
    summarise(sys.argv[1:])
