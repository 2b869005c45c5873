"""Seeded fuzzing over every command, for tests/test_fuzz.py (and by hand:
`python tests/fuzz.py 5000` runs 5,000 inputs and prints the ones that misbehave).

An input is a command line with the files it names: a snapshot (a mutation of an example,
tests/mutations.py, or a leaf replaced by a hostile value: Unicode, NUL, a lone surrogate,
`not`, a huge number, a deep or aliased structure), an action (from a small grammar, naming
the snapshot's cards or not), a ruling file (the snapshot with random expectations), an
.lp file, or a deck list (.ydk or YAML) with or without a Forbidden & Limited list. What must
hold for every one: the exit code is 0, 1 or 2, there is no traceback, and the run ends (a
hang guard, not a speed claim).
"""

from __future__ import annotations

import copy
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mutations  # noqa: E402

SEED = 20261201
HOSTILE: list[Any] = [
    "ド", "Ωmega", "\x00", "a\x00b", "\ud800", "not", "_", "#include", "a\n", '"), x(', "x" * 300,
    "A", "B", "C", 2 ** 31, 2 ** 63, -(2 ** 31), -1, 0, 1.5, True, None, [], {}, [[[[]]]],
    {"a": {"b": {"c": {}}}}, "graveyard", "monster", "battle", "damage_calculation", "1..9",
    "a_x", "direct", "up", "down", "attack", "defense",
]
ACTION_NAMES = ["activate", "normal_summon", "tribute_summon", "set", "flip_summon",
                "change_position", "attack", "next", "pass", "discard", "choose",
                "special_summon", "decline", "cancel_attack", "dance", ""]
PHASES = ["draw", "standby", "main1", "battle", "main2", "end", "nowhere"]


@dataclass
class Input:
    name: str
    args: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)

    def command_line(self, folder: Path) -> list[str]:
        return [str(folder / a[1:]) if a.startswith("@") else a for a in self.args]


def _hostile_leaf(rng: random.Random, data: dict) -> dict:
    data = copy.deepcopy(data)
    paths = list(mutations.walk(data))
    if paths:
        mutations.put(data, rng.choice(paths), copy.deepcopy(rng.choice(HOSTILE)))
    return data


def _aliased(rng: random.Random, data: dict) -> str:
    """A snapshot where one value is an alias bomb (a few lines that stand for millions)."""
    data = copy.deepcopy(data)
    paths = [p for p in mutations.walk(data) if p]
    target = rng.choice(paths) if paths else ("title",)
    mutations.put(data, target, "BOMB")
    text = mutations.dump(data)
    bomb = ("x0: &x0 [a, a, a, a, a, a, a, a, a, a]\n" + "".join(
        f"x{i}: &x{i} [*x{i - 1}, *x{i - 1}, *x{i - 1}, *x{i - 1}, *x{i - 1}, *x{i - 1}, "
        f"*x{i - 1}, *x{i - 1}, *x{i - 1}, *x{i - 1}]\n" for i in range(1, 8)))
    return bomb + text.replace("BOMB", "*x7") + "\n"


def _card_ids(data: dict) -> list[str]:
    state = data.get("state") if isinstance(data, dict) else None
    cards = state.get("cards") if isinstance(state, dict) else None
    ids = [c.get("id") for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []
    return [i for i in ids if isinstance(i, str)] or ["a_x"]


def _action(rng: random.Random, ids: list[str]) -> str:
    words = [rng.choice(["A", "B", "A", "B", "C", "a"]), rng.choice(ACTION_NAMES)]
    if words[1] == "next" and rng.random() < 0.6:
        words.append(rng.choice(PHASES))
    else:
        for _ in range(rng.randrange(4)):
            words.append(rng.choice(ids + ["1", "2", "99", "direct", "position", "defense",
                                           "x" * 60, "ド"]))
    text = " ".join(words)
    if rng.random() < 0.1:
        return '{"player": "A", "action": "activate", "card": ' + \
            rng.choice(['"' + ids[0] + '"', "7", "null", "[]", '"a\\u0000"']) + "}"
    return text


def _expectation(rng: random.Random, ids: list[str]) -> dict[str, Any]:
    def action() -> dict[str, Any]:
        return {"player": rng.choice(["A", "B"]), "action": rng.choice(ACTION_NAMES[:8]),
                "card": rng.choice(ids)}

    choices: list[dict[str, Any]] = [
        {"legal": [action()]}, {"illegal": [action()]}, {"legal": []}, {"state": {}},
        {"state": {"cards": {rng.choice(ids): {"zone": "graveyard"}}}},
        {"state": {"lp": [8000]}}, {"state": {"phase": rng.choice(PHASES)}},
        {"events": [{"event": "destroyed", "card": rng.choice(ids)}]}, {"events": []},
        {"reasons": ["CHAIN-99"], "legal": [action()]}, {"outcomes": "some"},
        {"not_events": [{}]}, {"state": {"cards": {rng.choice(ids): {}}}}, {},
        {"legal": "A next"}, {"state": {"cards": [1]}},
    ]
    expect: dict[str, Any] = {}
    for _ in range(rng.randrange(1, 3)):
        expect.update(rng.choice(choices))
    return expect


def inputs(count: int, seed: int = SEED) -> list[Input]:
    rng = random.Random(seed)
    snapshots = [m.yaml_text() for m in mutations.mutations(count=max(40, count // 3),
                                                            text_count=10, seed=seed)]
    bases = [data for _, data in mutations.base_snapshots()]
    lp_texts = [m.yaml_text() for m in mutations.lp_mutations(count=20, seed=seed)]
    out: list[Input] = []
    for number in range(count):
        base = bases[rng.randrange(len(bases))]
        ids = _card_ids(base)
        how = rng.random()
        if how < 0.3:
            text = snapshots[rng.randrange(len(snapshots))]
        elif how < 0.6:
            text = mutations.dump(_hostile_leaf(rng, base))
        elif how < 0.65:
            text = _aliased(rng, base)
        else:
            text = mutations.dump(base)
        command = rng.choice(["check", "actions", "actions", "why", "why", "play", "play",
                              "resolve", "test", "card", "lp"])
        name = f"{number}:{command}"
        if command == "check":
            out.append(Input(name, ["check", "@s.yaml"] + rng.choice([[], ["--json"]]),
                             {"s.yaml": text}))
        elif command == "actions":
            options = rng.choice([[], ["--json"], ["--expand"], ["--blocked"],
                                  ["--player", rng.choice(["A", "B"])], ["--json", "--expand"]])
            out.append(Input(name, ["actions", "@s.yaml"] + options, {"s.yaml": text}))
        elif command == "why":
            out.append(Input(name, ["why", "@s.yaml", _action(rng, ids)]
                             + rng.choice([[], ["--json"]]), {"s.yaml": text}))
        elif command == "play":
            args = ["play", "@s.yaml"]
            for _ in range(rng.randrange(1, 4)):
                args += ["--do", _action(rng, ids)]
            out.append(Input(name, args + rng.choice([[], ["--json"]]), {"s.yaml": text}))
        elif command == "resolve":
            out.append(Input(name, ["resolve", "@s.yaml"] + rng.choice([[], ["--json"]]),
                             {"s.yaml": text}))
        elif command == "test":
            case = copy.deepcopy(base)
            case.update({"ruling": "fuzz", "source": "fuzz", "expect": _expectation(rng, ids)})
            if rng.random() < 0.3:
                case["do"] = [_action(rng, ids)] if rng.random() < 0.8 else "A next"
            if rng.random() < 0.2:
                case = {"format": "ygocheck/1", "cases": [case, rng.choice([7, [], "x", case])]}
            out.append(Input(name, ["test", "@r.yaml", "--jobs", "1"]
                             + rng.choice([[], ["--json"]]), {"r.yaml": mutations.dump(case)}))
        elif command == "card":
            out.append(Input(name, ["card", rng.choice(["Dark Hole", "dark hole", "ド", "",
                                                        "x" * 500, "Mirror Force"])]))
        else:
            lp = lp_texts[rng.randrange(len(lp_texts))]
            if rng.random() < 0.3:
                lp += rng.choice(["x(1..9).\n", "ド.\n", "a :- b.\n", "#const n=1.\n",
                                  'snapshot_state(turn,99999999999).\n', "\x00\n"])
            out.append(Input(name, [rng.choice(["check", "actions", "resolve"]), "@s.lp"],
                             {"s.lp": lp}))
    out.extend(_deck_inputs(random.Random(seed + 1), max(20, count // 10)))
    return out


DECK_LINES = ["5318639", "44095762", "44508094", "00000000", "99999999", "abc", "", "#extra",
              "!side", "#side", "!extra", "-1", "1" * 9, "ド", "\x00", "#created by fuzz",
              "\ufeff#main", "5318639 5318639", "5e6"]
YAML_DECKS = ["main: {Dark Hole: 3}\n", "main: [1, 2]\n", "main:\n  5318639: 999\n",
              "main: {Mirror Force: 3}\nside: {Dark Hole: 1}\nextra: {Stardust Dragon: 2}\n",
              "x: y\n", "main: {null: 1}\n", "main: {true: 1}\n", "main: {ド: 1}\n",
              "main:\n  Dark Hole: 1\n  53129443: 3\n", "main: {\"\\0\": 1}\n", "[main]\n",
              "main: {Dark Hole: &a 1}\nside: {Raigeki: *a}\n", "main:\n  [1]: 2\n", ""]
LISTS = ["limited: [Dark Hole]\n", "forbidden: [1]\n", "- a\n", "semi_limited: {a: b}\n",
         "title: x\n", "forbidden: [Dark Hole, 53129443]\n", "limited: [[x]]\n", ""]


def _deck_inputs(rng: random.Random, count: int) -> list[Input]:
    """`deck` on .ydk texts of passcodes, garbage, sections and comments; YAML deck lists and
    Forbidden & Limited lists of the right and the wrong shapes."""
    out: list[Input] = []
    for number in range(count):
        files: dict[str, str | bytes] = {}
        if rng.random() < 0.6:
            lines = ["#main"] + [rng.choice(DECK_LINES) for _ in range(rng.randrange(0, 70))]
            files["d.ydk"] = "\n".join(lines) if rng.random() < 0.9 else b"#main\n\xff\xfe"
            args = ["deck", "@d.ydk"]
        else:
            files["d.yaml"] = rng.choice(YAML_DECKS)
            args = ["deck", "@d.yaml"]
        if rng.random() < 0.4:
            files["l.yaml"] = rng.choice(LISTS)
            args += ["--list", "@l.yaml"]
        if rng.random() < 0.5:
            args.append("--json")
        out.append(Input(f"deck{number}:deck", args, files))
    return out


EXITS: dict[int, int] = {}


def run(item: Input, folder: Path, seconds: int = 60) -> str | None:
    """Run one input in this process; None when it behaved, else what went wrong."""
    import signal
    import traceback

    from click.testing import CliRunner

    from ygocheck.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    for file, content in item.files.items():
        if isinstance(content, bytes):
            (folder / file).write_bytes(content)
        else:
            (folder / file).write_text(content, encoding="utf-8", errors="surrogatepass")

    def hang(*_: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        result = CliRunner().invoke(main, item.command_line(folder))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    EXITS[result.exit_code] = EXITS.get(result.exit_code, 0) + 1
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "".join(traceback.format_exception(*result.exc_info))[-3000:]
    if result.exit_code not in (0, 1, 2):
        return f"exit {result.exit_code}: {result.output[-2000:]}"
    if "Traceback" in result.output:
        return f"traceback in the output: {result.output[-2000:]}"
    return None


if __name__ == "__main__":
    import tempfile

    total = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    bad = 0
    with tempfile.TemporaryDirectory() as folder:
        for item in inputs(total, seed):
            problem = run(item, Path(folder) / item.name.replace(":", "_"))
            if problem is not None:
                bad += 1
                print(f"=== {item.name} {item.args}\n{problem}\n")
    print(f"{bad} of {total} inputs misbehaved; exit codes: {dict(sorted(EXITS.items()))}")
