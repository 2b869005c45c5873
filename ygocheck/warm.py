"""The warm path: the rules parsed and the card library read once, then many requests
answered in one process (`ygocheck serve`, `ygocheck test`, `ygocheck explore`, and any
script: `Warm`).

A request is what a command line would be — a command, a snapshot, options — and its answer
is what the command would print with `--json`, with its exit code. Each request runs the very
command the CLI runs (cli.py), so the answers can never differ from the command line's; only
the start-up (Python, clingo, parsing the rules, reading the library) is paid once.

    warm = Warm()
    answer = warm.request({"command": "actions", "snapshot": "examples/main_phase.yaml"})
    answer["ok"], answer["exit"], answer["output"]

The format of requests and answers is in docs/format.md ("ygocheck serve").
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .limits import FILE_BYTES

# One request line: a snapshot given as text is at most a snapshot file's size, plus room
# for the request around it.
REQUEST_BYTES = FILE_BYTES + 100_000

# Each command, the options a request may give it, and how each becomes a command-line
# argument: a flag, a value, a list of values (one option each), or a positional argument.
COMMANDS: dict[str, dict[str, tuple[str, str]]] = {
    "actions": {"player": ("value", "--player"), "expand": ("flag", "--expand"),
                "as": ("value", "--as"), "hidden": ("value", "--hidden"),
                "blocked": ("flag", "--blocked")},
    "why": {"action": ("positional", "")},
    "play": {"do": ("values", "--do")},
    "resolve": {},
    "check": {},
    "view": {"as": ("value", "--as")},
    "test": {"jobs": ("value", "--jobs")},
}
# The commands with no --json (their output is the text they print: `view` writes YAML).
TEXT_OUTPUT = {"view"}
SNAPSHOT_FORMATS = {"yaml": ".yaml", "lp": ".lp"}


class RequestError(Exception):
    """A request that cannot be run: its message says what is wrong and what would be
    right."""


def prepare() -> None:
    """Parse the rules of every entry point, read what each rule needs and derives (for the
    pruning of rules, prune.py) and read the card library, once per process (a process
    forked after this inherits them: `ygocheck test --jobs N`)."""
    from .cards import library
    from .programs import written
    from .rule_shapes import shape_of
    from .solve import parsed
    from .vocabulary import values
    from .worlds import program

    for entry, extras in (("main.lp", ()), ("main.lp", ("show_reasons.lp",)),
                          ("question.lp", ()), ("question.lp", ("expand.lp",)),
                          ("step.lp", ()), ("step.lp", ("view.lp",))):
        parsed(entry, extras)
        if written(entry, extras) is None:   # the rules changed since programs.json
            for statement in parsed(entry, extras):
                shape_of(statement)
    for statement in program("step.lp"):
        shape_of(statement)
    library()
    values("zone")


class Warm:
    """Requests answered in this process, the rules and the library kept between them."""

    def __init__(self) -> None:
        prepare()
        self._folder = tempfile.TemporaryDirectory(prefix="ygocheck-serve-")

    def close(self) -> None:
        self._folder.cleanup()

    def serve(self, reader: Any, writer: Any) -> None:
        """Answer every request line of `reader` (a binary stream) on `writer` (text), one
        answer a line, until the end of the input. A line over REQUEST_BYTES is refused
        without being kept."""
        while True:
            raw = reader.readline(REQUEST_BYTES + 1)
            if not raw:
                return
            if len(raw) > REQUEST_BYTES and not raw.endswith(b"\n"):
                while raw and not raw.endswith(b"\n"):   # the rest of the line, dropped
                    raw = reader.readline(REQUEST_BYTES + 1)
                answer = json.dumps(error_answer(
                    f"the request line is over {REQUEST_BYTES} bytes (a snapshot is at most "
                    f"{FILE_BYTES}); give a path instead"))
            elif not raw.strip():
                continue
            else:
                try:
                    answer = self.line(raw.decode("utf-8"))
                except UnicodeDecodeError as error:
                    answer = json.dumps(error_answer(
                        f"the request line is not UTF-8 (byte {error.start + 1}); a request is "
                        "one JSON object a line, in UTF-8"))
            writer.write(answer + "\n")
            writer.flush()

    def line(self, text: str) -> str:
        """One request line (JSON) to one answer line (JSON, no newline)."""
        if len(text.encode("utf-8", "surrogatepass")) > REQUEST_BYTES:
            answer = error_answer(f"the request line is over {REQUEST_BYTES} bytes (a "
                                  f"snapshot is at most {FILE_BYTES}); give a path instead")
        else:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as error:
                answer = error_answer(f"not a JSON object: {error.msg} at column {error.colno}"
                                      "; a request is one JSON object a line, e.g. "
                                      '{"command": "actions", "snapshot": "FILE"}')
            else:
                answer = self.request(data)
        return json.dumps(answer, ensure_ascii=False)

    def request(self, data: Any) -> dict[str, Any]:
        """One request (a decoded JSON object) to its answer."""
        identity = data.get("id") if isinstance(data, dict) else None
        try:
            argv, temporary = self._argv(data)
        except RequestError as error:
            answer = error_answer(str(error))
        else:
            try:
                answer = run(argv, data["command"])
            except KeyboardInterrupt:
                raise
            except Exception as error:  # noqa: BLE001 - an answer, never a dead server
                kind = type(error).__name__
                answer = {"ok": False, "exit": 3, "error": f"internal error ({kind}: {error}); "
                          "this is a bug in ygocheck, please report it with this request"}
            finally:
                if temporary is not None:
                    Path(temporary).unlink(missing_ok=True)
            if "text" in data:
                answer = _renamed(answer, argv[1], "<text>")
        if identity is not None:
            answer = {"id": identity, **answer}
        return answer

    def _argv(self, data: Any) -> tuple[list[str], str | None]:
        """The command line a request stands for, and the temporary file holding a snapshot
        given as text (None for a path)."""
        if not isinstance(data, dict):
            raise RequestError("a request is a JSON object, e.g. "
                               '{"command": "actions", "snapshot": "FILE"}')
        unknown = sorted(set(data) - {"id", "command", "snapshot", "text", "format",
                                      "options"})
        if unknown:
            raise RequestError(f"unknown request key {unknown[0]!r}; a request has: command, "
                               "snapshot or text (with format), options, id")
        command = data.get("command")
        if command not in COMMANDS:
            raise RequestError(f"unknown command {command!r}; one of: "
                               + ", ".join(COMMANDS))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RequestError("options is a JSON object of the command's options, e.g. "
                               '{"player": "A"}')
        temporary: str | None = None
        if ("snapshot" in data) == ("text" in data):
            raise RequestError("give the snapshot either as a path (snapshot) or as its "
                               "contents (text), one of the two")
        if "snapshot" in data:
            if not isinstance(data["snapshot"], str) or not data["snapshot"]:
                raise RequestError("snapshot is the path of a file (a string)")
            if "format" in data:
                raise RequestError("format goes with text; a path's format is its ending")
            path = data["snapshot"]
        else:
            if command == "test":
                raise RequestError("test runs ruling files: give their path as snapshot")
            text, kind = data["text"], data.get("format", "yaml")
            if not isinstance(text, str):
                raise RequestError("text is the snapshot's contents (a string)")
            if kind not in SNAPSHOT_FORMATS:
                raise RequestError(f"unknown format {kind!r}; one of: yaml, lp")
            handle, path = tempfile.mkstemp(suffix=SNAPSHOT_FORMATS[kind],
                                            dir=self._folder.name)
            with os.fdopen(handle, "w", encoding="utf-8", errors="surrogateescape") as out:
                out.write(text)
            temporary = path
        try:
            argv = [command, path] + _options(command, options)
        except RequestError:
            if temporary is not None:
                Path(temporary).unlink(missing_ok=True)
            raise
        if command not in TEXT_OUTPUT:
            argv.append("--json")
        return argv, temporary


def _options(command: str, options: dict[str, Any]) -> list[str]:
    accepted = COMMANDS[command]
    argv: list[str] = []
    for key, given in options.items():
        if key not in accepted:
            raise RequestError(f"{command} has no option {key!r}"
                               + (f"; its options: {', '.join(accepted)}" if accepted else
                                  "; it takes none"))
        kind, flag = accepted[key]
        if kind == "flag":
            if not isinstance(given, bool):
                raise RequestError(f"option {key} is true or false")
            argv += [flag] if given else []
        elif kind == "values":
            if not isinstance(given, list) or not all(isinstance(v, str) for v in given):
                raise RequestError(f"option {key} is a list of strings, e.g. "
                                   '["A activate a_hole", "B pass"]')
            for item in given:
                argv += [flag, item]
        else:
            if not isinstance(given, (str, int)) or isinstance(given, bool):
                raise RequestError(f"option {key} is a string")
            argv += [flag, str(given)] if flag else [str(given)]
    return argv


def run(argv: list[str], command: str) -> dict[str, Any]:
    """Run one command line of the CLI in this process: its exit code and what it printed."""
    import click

    from .cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.main(argv, prog_name="ygocheck", standalone_mode=False)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
        except click.exceptions.Abort:
            raise KeyboardInterrupt from None
        except click.ClickException as error:
            err.write(f"ygocheck: {error.format_message()}\n")
            code = error.exit_code
    if code == 130:
        raise KeyboardInterrupt
    messages = [line.removeprefix("ygocheck: ") for line in err.getvalue().splitlines()
                if line.strip()]
    printed = out.getvalue()
    output: Any = printed
    if command not in TEXT_OUTPUT:
        try:
            output = json.loads(printed)
        except json.JSONDecodeError:
            output = printed
    if code >= 2:
        # `check --json` writes its problems on stdout: they are the error.
        problems = output.get("errors", []) if isinstance(output, dict) else []
        messages += [(f"{p['file']}:{p['line']}: " if p.get("line") else f"{p['file']}: ")
                     + p["message"] for p in problems if isinstance(p, dict)]
        return {"ok": False, "error": "; ".join(messages) or "failed", "exit": code}
    answer: dict[str, Any] = {"ok": True, "exit": code, "output": output}
    if messages:
        answer["messages"] = messages
    return answer


def error_answer(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message, "exit": 2}


def _renamed(answer: Any, path: str, name: str) -> Any:
    """The answer with the temporary file of a snapshot given as text named `name`."""
    if isinstance(answer, dict):
        return {k: _renamed(v, path, name) for k, v in answer.items()}
    if isinstance(answer, list):
        return [_renamed(v, path, name) for v in answer]
    if isinstance(answer, str):
        return answer.replace(path, name)
    return answer
