"""Which tests of a pytest session share a batch: work done once for all of them.

Two kinds of test are batched: the cases of the ruling files (the plugin plays a batch of
cases together, engine.run_many), and the parametrized cases of the test functions named by
the `ygocheck_batched` ini option (the test asks `batch_items` for its batch and does their
common work once, e.g. one `check` of many files). Run in one process, each kind is one
batch. Under pytest-xdist with `--dist loadgroup` (pytest_plugin.py gives the scheduler), a
kind is cut into as many batches as there are workers, and each batch runs whole on one
worker: no work is done twice, and the batches are spread over the workers. (More batches
balance better but share less: the 559 ruling cases cost 90 s of CPU in one batch and 97 s in
two; run by two workers in four batches, 133 s with the workers' start, against 170 s when
each worker played them all.)

The batches are a function of the collected node ids alone, so the xdist controller (which
sees only node ids) and every worker compute the same ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _function_of(nodeid: str) -> str:
    return nodeid.split("[", 1)[0]


def ruling_file(nodeid: str, roots: list[Path], rootpath: Path) -> bool:
    """Whether a node id is a case of a ruling file (a YAML file below a ruling root)."""
    file = _file_of(nodeid)
    if not file.endswith((".yaml", ".yml")):
        return False
    path = (rootpath / file).resolve()
    return any(path == root or root in path.parents for root in roots)


def batches(nodeids: list[str], roots: list[Path], rootpath: Path, batched: list[str],
            count: int) -> dict[str, str]:
    """The batch of each batched node id, by name. The ruling cases: each file in one batch,
    a file (the largest first) going to the batch with the fewest cases so far. A batched
    test function: its cases dealt out in turn, in collection order."""
    sizes: dict[str, int] = {}
    of_function: dict[str, list[str]] = {}
    for nodeid in nodeids:
        if ruling_file(nodeid, roots, rootpath):
            sizes[_file_of(nodeid)] = sizes.get(_file_of(nodeid), 0) + 1
        elif _function_of(nodeid) in batched and "[" in nodeid:
            of_function.setdefault(_function_of(nodeid), []).append(nodeid)
    load = [0] * count
    batch_of_file: dict[str, int] = {}
    for file, size in sorted(sizes.items(), key=lambda pair: (-pair[1], pair[0])):
        batch = load.index(min(load))
        batch_of_file[file] = batch
        load[batch] += size
    found: dict[str, str] = {}
    for nodeid in nodeids:
        file = _file_of(nodeid)
        if file in batch_of_file and ruling_file(nodeid, roots, rootpath):
            found[nodeid] = f"ygocheck-rulings-{batch_of_file[file]}"
    for function, members in of_function.items():
        for number, nodeid in enumerate(members):
            found[nodeid] = f"{function}-batch-{number % count}"
    return found


def batch_count(config: Any) -> int:
    """One batch a kind in one process; one a worker under xdist's loadgroup."""
    import os

    workers = os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    if workers is not None:                   # a worker: loadgroup is its controller's mode
        return max(1, int(workers)) if config.getoption("loadgroup", False) else 1
    nodes = len(config.getoption("tx", None) or [])   # the controller
    return nodes if nodes and config.getoption("dist", "no") == "loadgroup" else 1


def session_batches(session: Any) -> dict[str, str]:
    """The batches of this session's items (computed once)."""
    found = getattr(session, "_ygocheck_batches", None)
    if found is None:
        config = session.config
        roots = [Path(p).resolve() for p in config.getini("ygocheck_rulings")]
        found = batches([item.nodeid for item in session.items], roots, config.rootpath,
                        config.getini("ygocheck_batched"), batch_count(config))
        session._ygocheck_batches = found
    return found


def batch_items(item: Any) -> list[Any]:
    """The items of the session in the same batch as `item` (itself included), in
    collection order; only itself when it is in no batch."""
    found = session_batches(item.session)
    mine = found.get(item.nodeid)
    if mine is None:
        return [item]
    return [other for other in item.session.items if found.get(other.nodeid) == mine]
