"""Read input files: YAML with a safe loader that remembers line numbers, or `.lp` facts.

Only plain YAML data is accepted (mappings, lists, strings, numbers, booleans, null): the
loader is PyYAML's SafeLoader with duplicate keys refused, since a repeated key would silently
replace the first one and change a ruling.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .problems import BadInput, Problem


class LineDict(dict[Any, Any]):
    """A mapping read from YAML, with the line of the mapping and of each key."""

    line: int | None = None
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int | None:
        return self.key_lines.get(key, self.line) if hasattr(self, "key_lines") else self.line


class LineList(list[Any]):
    """A list read from YAML, with the line of the list and of each item."""

    line: int | None = None
    item_lines: list[int]

    def line_of(self, index: int) -> int | None:
        if hasattr(self, "item_lines") and 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


def line_in(container: Any, key: Any) -> int | None:
    """The line of a key of a mapping, or of an item of a list, read from YAML; None for a
    container that was not read from a file."""
    if isinstance(container, (LineDict, LineList)):
        return container.line_of(key)
    return None


class _DuplicateKey(yaml.MarkedYAMLError):
    pass


class _LineLoader(yaml.SafeLoader):
    """SafeLoader whose mappings and lists carry line numbers (1-based)."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise _DuplicateKey(None, None, "a mapping key must be a plain value",
                                key_node.start_mark) from None
        if key in result:
            raise _DuplicateKey(None, None, f"duplicate key {key!r} (first at line "
                                f"{result.key_lines[key]})", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)

# libyaml's safe loader, where PyYAML has it: several times faster, the same values and lines.
# A document it refuses is read again by the pure-Python loader, whose messages are clearer.
_FastLoader: Any = None
if hasattr(yaml, "CSafeLoader"):
    class _FastLineLoader(yaml.CSafeLoader):
        """CSafeLoader whose mappings and lists carry line numbers (1-based)."""

    _FastLineLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
    _FastLineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)
    _FastLoader = _FastLineLoader


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text safely; a syntax error becomes a Problem with its line. The document
    is then checked for size (limits.py) and for text clingo cannot take (a NUL, a lone
    surrogate)."""
    from .limits import check_document

    data = _parse(text, file)
    check_document(data, file)
    _check_texts(data, file)
    return data


def _parse(text: str, file: str) -> Any:
    if _FastLoader is not None:
        try:
            return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a CSafeLoader
        except Exception:  # noqa: BLE001 - read again below for the message
            pass
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as error:
        # The line where the bad construct begins (an unclosed bracket), else where it broke.
        mark = error.context_mark or error.problem_mark
        line = mark.line + 1 if mark is not None else None
        what = error.problem or error.context or "not valid YAML"
        where = ""
        if error.context_mark is not None and error.problem_mark is not None and \
                error.problem_mark.line != error.context_mark.line:
            where = f" (noticed at line {error.problem_mark.line + 1})"
        raise BadInput([Problem(file, line, f"not valid YAML: {what}{where}")]) from None
    except RecursionError:
        raise BadInput([Problem(file, None, "not valid YAML: nested too deep")]) from None
    except yaml.reader.ReaderError as error:
        line = text[:error.position].count("\n") + 1 if error.position is not None else None
        character = error.character if isinstance(error.character, int) \
            else ord(error.character)
        raise BadInput([Problem(file, line, f"not valid YAML: the character #x{character:04x} "
                                "is not allowed in YAML text")]) from None
    except yaml.YAMLError as error:
        text_of_error = " ".join(str(error).split())
        raise BadInput([Problem(file, None, f"not valid YAML: {text_of_error}")]) from None


def _check_texts(value: Any, file: str, line: int | None = None, seen: set[int] | None = None) \
        -> None:
    """Every text must be one clingo can take: no NUL and no lone surrogate (YAML escapes can
    write both)."""
    seen = set() if seen is None else seen
    if isinstance(value, (dict, list)):
        if id(value) in seen:
            return
        seen.add(id(value))
        line = getattr(value, "line", line)
        items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        for key, item in items:
            at = value.line_of(key) if isinstance(value, (LineDict, LineList)) else line
            if isinstance(key, str):
                _check_texts(key, file, at, seen)
            _check_texts(item, file, at, seen)
        return
    if isinstance(value, str):
        if "\x00" in value:
            raise BadInput([Problem(file, line, "a text holds a NUL character (\\0), which no "
                                    "name or id may contain")])
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput([Problem(file, line, "a text holds a lone surrogate (an escape like "
                                    "\\ud800 with no pair), which is not a character")]) \
                from None


def read_text(path: str | Path) -> str:
    """Read a regular file of at most limits.FILE_BYTES as UTF-8 text; anything else (a
    device, a FIFO, a huge file) becomes a Problem, before it is read."""
    import os
    import stat

    from .limits import FILE_BYTES

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise BadInput([Problem(str(path), None, "no such file")]) from None
    except OSError as error:
        raise BadInput([Problem(str(path), None, f"cannot be read: {error.strerror}")]) from None
    if stat.S_ISDIR(info.st_mode):
        raise BadInput([Problem(str(path), None, "is a directory, expected a file")])
    if not stat.S_ISREG(info.st_mode):
        raise BadInput([Problem(str(path), None, "is not a regular file (a device, a pipe or a "
                                "socket); give a snapshot file")])
    if info.st_size > FILE_BYTES:
        raise BadInput([Problem(str(path), None, f"is {info.st_size} bytes; a snapshot file is "
                                f"at most {FILE_BYTES}")])
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(FILE_BYTES + 1)
        if len(text) > FILE_BYTES:
            raise BadInput([Problem(str(path), None, f"holds more than {FILE_BYTES} "
                                    "characters; a snapshot file is at most that")])
        return text
    except FileNotFoundError:
        raise BadInput([Problem(str(path), None, "no such file")]) from None
    except IsADirectoryError:
        raise BadInput([Problem(str(path), None, "is a directory, expected a file")]) from None
    except UnicodeDecodeError:
        raise BadInput([Problem(str(path), None, "not UTF-8 text")]) from None
    except OSError as error:
        raise BadInput([Problem(str(path), None, f"cannot be read: {error.strerror}")]) from None


def load_yaml_file(path: str | Path) -> Any:
    return parse_yaml(read_text(path), str(path))


def plain(value: Any) -> Any:
    """A loaded value with the line-tracking types turned into plain dicts and lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
