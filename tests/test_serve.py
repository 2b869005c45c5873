"""`ygocheck serve`: one JSON request a line in, one JSON answer a line out; a bad request
gets an error answer and the server goes on (docs/format.md, "ygocheck serve")."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import EXAMPLES

from ygocheck.warm import REQUEST_BYTES

MAIN_PHASE = str(EXAMPLES / "main_phase.yaml")
SERVE = [sys.executable, "-c", "from ygocheck.cli import main; main()", "serve"]


def serve(lines: list[str]) -> list[dict]:
    done = subprocess.run(SERVE, check=False, input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_requests_and_bad_requests_in_one_session() -> None:
    empty = "format: ygocheck/1\nstate: {turn: 1, turn_player: A, phase: main1, cards: []}\n"
    answers = serve([
        json.dumps({"id": 1, "command": "actions", "snapshot": MAIN_PHASE}),
        "{not json",
        json.dumps({"command": "fly", "snapshot": MAIN_PHASE}),
        json.dumps({"command": "check", "text": "format: ygocheck/1\nstate: {turn: 0}\n"}),
        json.dumps({"command": "actions", "snapshot": MAIN_PHASE, "options": {"bogus": 1}}),
        "x" * (REQUEST_BYTES + 10),
        json.dumps({"id": "last", "command": "why", "snapshot": MAIN_PHASE,
                    "options": {"action": "A activate a_reborn"}}),
        json.dumps({"command": "check", "text": empty}),
    ])
    assert len(answers) == 8
    first, malformed, unknown, bad, option, huge, last, fine = answers
    # The answer is what `ygocheck actions --json` prints for the same snapshot.
    printed = subprocess.run([sys.executable, "-c", "from ygocheck.cli import main; main()",
                              "actions", MAIN_PHASE, "--json"], capture_output=True, text=True,
                             check=True).stdout
    assert first == {"id": 1, "ok": True, "exit": 0, "output": json.loads(printed)}
    # Main Phase 1 of A's turn, nothing on the chain: A, the turn player, has priority.
    assert first["output"]["priority"] == "A"
    for answer in (malformed, unknown, bad, option, huge):
        assert answer["ok"] is False and answer["exit"] == 2, answer
    assert "JSON" in malformed["error"]
    assert "unknown command 'fly'" in unknown["error"]
    # The snapshot given as text is named <text> in the messages, at the line of `state`.
    assert "<text>:2: " in bad["error"] and "turn_player" in bad["error"]
    assert "no option 'bogus'" in option["error"]
    assert f"over {REQUEST_BYTES} bytes" in huge["error"]
    # The server went on after every bad line: Monster Reborn may be activated in A's Main
    # Phase (a Normal Spell, its target Dark Magician in A's GY).
    assert last["id"] == "last" and last["ok"] and last["exit"] == 0
    assert last["output"]["legal"] is True
    assert fine == {"ok": True, "exit": 0, "output": {"ok": True, "errors": []}}

