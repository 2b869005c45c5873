"""Write the official card list (ygocheck/official/cards.tsv) from yaml-yugi card data.

    python -m ygocheck.official PATH [--output FILE]

PATH is either a yaml-yugi `data/cards/` folder (one JSON object per `*.json` file), a JSON
file holding a list of such objects (yaml-yugi's aggregate `cards.json`), or a `.jsonl` /
`.jsonl.gz` file with one such object a line. Only the fields docs/official.md lists are
read, and no card text is written: a card's text is looked at only to know whether it has
effects (the Pendulum Effect, `pendulum_effect`, or a non-Normal monster's text) that the
definition must call unmodelled.

A record in the wrong shape stops the generator with its file and line (exit 2). Records that
are not OCG/TCG cards (Skill cards) are skipped, and of several cards with one English name
only one can keep it: the report says which were left out, and the file's header repeats it.
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass, field
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..problems import BadInput, Problem
from . import COLUMNS, FORMAT, MATERIAL_COLUMNS, MATERIALS_FORMAT
from .materials import Summoning, read_card


SPELL_KINDS = {"Normal": "normal", "Quick-Play": "quick_play", "Continuous": "continuous",
               "Equip": "equip", "Field": "field", "Ritual": "ritual"}
TRAP_KINDS = {"Normal": "normal", "Continuous": "continuous", "Counter": "counter"}
# The words of a monster_type_line after its Type: the card's kind where one names it (in this
# order of precedence), else an ability.
FRAME_KINDS = (("Link", "link"), ("Xyz", "xyz"), ("Synchro", "synchro"), ("Fusion", "fusion"),
               ("Ritual", "ritual"), ("Token", "token"))
ABILITIES = ("Tuner", "Flip", "Gemini", "Spirit", "Union", "Toon", "Pendulum")
# Abilities only Effect Monsters have: a type line that names one is an Effect Monster's.
EFFECT_ABILITIES = ("Flip", "Gemini", "Spirit", "Union", "Toon")
ARROWS = {"↖": "top_left", "⬆": "top", "↗": "top_right", "⬅": "left", "➡": "right",
          "↙": "bottom_left", "⬇": "bottom", "↘": "bottom_right"}
ATTRIBUTES = ("DARK", "EARTH", "FIRE", "LIGHT", "WATER", "WIND", "DIVINE")
SKIPPED_TYPES = ("Skill",)
# The kinds whose text the generator reads for their material line (Extra Deck monsters) or
# their revival limit alone (Ritual Monsters: their Ritual Spell names the rest).
EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")
SUMMONED_KINDS = EXTRA_DECK_KINDS + ("ritual",)
MAX_PROBLEMS = 20


@dataclass
class Record:
    """One card of the input, where it was read, and what the list keeps of it."""

    file: str
    line: int
    row: dict[str, str]
    passcode: int | None
    konami_id: int | None
    summoning: Summoning | None = None


@dataclass
class Report:
    """What the generator did: how many records it read, wrote, skipped and left out, and
    how many monsters it classified by the fallback rule (docs/official.md)."""

    read: int = 0
    written: int = 0
    skipped: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    fallback: list[str] = field(default_factory=list)
    materials: dict[str, dict[str, int]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = [f"read {self.read} records, wrote {self.written} cards"]
        if self.skipped:
            out.append(f"skipped {_count(len(self.skipped), 'record')}, not OCG/TCG cards: "
                       + ", ".join(self.skipped[:10])
                       + (" ..." if len(self.skipped) > 10 else ""))
        for item in self.left_out:
            out.append(f"left out: {item}")
        if self.fallback:
            out.append(f"{_count(len(self.fallback), 'monster')} with a type line that names "
                       "neither Normal nor Effect, classified by the fallback rule "
                       "(docs/official.md)")
        return out


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def strip_ruby(text: str) -> str:
    """The base text of a name with <ruby> markup: the readings (<rt>, <rp>) dropped, the
    ruby tags removed. Nothing else that looks like a tag is touched ("Maliss <P> ...")."""
    import re

    text = re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>", "", text, flags=re.DOTALL)
    return re.sub(r"</?(?:ruby|rb)>", "", text)


def records(path: Path) -> Iterator[tuple[str, int, Any]]:
    """(file, line, object) of every record under PATH; a file that is not JSON is a Problem
    at its line."""
    name = str(path)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix == ".json" and p.is_file())
        if not files:
            raise BadInput([Problem(name, None, "holds no .json files; give a yaml-yugi "
                                    "data/cards folder, a cards.json list or a .jsonl(.gz) "
                                    "extract")])
        for file in files:
            data = _json(file.read_text(encoding="utf-8"), str(file), 1)
            if isinstance(data, list):
                raise BadInput([Problem(str(file), 1, "holds a list; a data/cards folder holds "
                                        "one card per file")])
            yield str(file), 1, data
        return
    if not path.is_file():
        raise BadInput([Problem(name, None, "no such file or folder")])
    if name.endswith((".jsonl", ".jsonl.gz")):
        opener = gzip.open if name.endswith(".gz") else open
        try:
            with opener(path, "rt", encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    if line.strip():
                        yield name, number, _json(line, name, number, one_line=True)
        except (OSError, EOFError, UnicodeDecodeError) as error:
            raise BadInput([Problem(name, None, f"cannot be read as "
                                    f"{'gzip-compressed ' if name.endswith('.gz') else ''}"
                                    f"UTF-8 JSON lines: {error}")]) from None
        return
    if name.endswith(".json"):
        data = _json(path.read_text(encoding="utf-8"), name, 1)
        if not isinstance(data, list):
            raise BadInput([Problem(name, 1, "a .json file must hold a list of cards (like "
                                    "yaml-yugi's cards.json); for one card per file give "
                                    "the folder")])
        for item in data:
            yield name, 1, item
        return
    raise BadInput([Problem(name, None, "is neither a folder, a .json list nor a .jsonl(.gz) "
                            "file")])


def _json(text: str, file: str, line: int, one_line: bool = False) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        at = line if one_line else line + getattr(error, "lineno", 1) - 1
        raise BadInput([Problem(file, at, f"not valid JSON: {getattr(error, 'msg', error)}")]) \
            from None


def convert(file: str, line: int, data: Any, report: Report) -> Record | None:
    """One input object as a row of the list; None for a record the list skips. Raises
    BadInput for a record in the wrong shape."""
    problems: list[str] = []

    def bad(message: str) -> None:
        problems.append(message)

    if not isinstance(data, dict):
        raise BadInput([Problem(file, line, "a card record must be a JSON object")])
    names = data.get("name")
    en = names.get("en") if isinstance(names, dict) else None
    if not isinstance(names, dict) or not isinstance(en, str) or not en.strip():
        raise BadInput([Problem(file, line, "the record has no English name (name.en)")])
    card_type = data.get("card_type")
    if card_type in SKIPPED_TYPES:
        report.skipped.append(en)
        return None
    row = {column: "" for column in COLUMNS}
    row["en"] = en.strip()
    for language in ("ja", "ko"):
        value = names.get(language)
        if value is not None and not isinstance(value, str):
            bad(f"name.{language} must be a text or null")
        elif value:
            row[language] = strip_ruby(value).strip()
    passcode = _number(data, "password", bad, 1, 99999999)
    konami_id = _number(data, "konami_id", bad, 1, 10**9)
    row["passcodes"] = str(passcode) if passcode is not None else ""
    row["konami_id"] = str(konami_id) if konami_id is not None else ""
    if card_type in ("Spell", "Trap"):
        kinds = SPELL_KINDS if card_type == "Spell" else TRAP_KINDS
        prop = data.get("property")
        row["category"] = card_type.lower()
        if prop not in kinds:
            bad(f"property is {prop!r}; a {card_type} is one of {', '.join(kinds)}")
        else:
            row["kind"] = kinds[prop]
        row["text"] = "e"
    elif card_type == "Monster":
        row["category"] = "monster"
        _monster(data, row, bad, report)
    else:
        bad(f"card_type is {card_type!r}; allowed: Monster, Spell, Trap (Skill cards are "
            "skipped)")
    for value in row.values():
        if "\t" in value or "\n" in value or "\r" in value:
            bad("a name holds a tab or a line break, which the list cannot hold")
            break
    if problems:
        raise BadInput([Problem(file, line, f"{en!r}: {message}") for message in problems])
    summoning = None
    if row["category"] == "monster" and row["kind"] in SUMMONED_KINDS:
        text = data.get("text")
        english = text.get("en") if isinstance(text, dict) else None
        summoning = read_card(row["kind"], english if isinstance(english, str) else "")
        if row["kind"] == "ritual" and not (summoning.revival_limit or summoning.clauses):
            summoning = None
    return Record(file=file, line=line, row=row, passcode=passcode, konami_id=konami_id,
                  summoning=summoning)


def _number(data: dict, key: str, bad: Any, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        bad(f"{key} must be a whole number from {low} to {high} or null, not {value!r}")
        return None
    return value


def _monster(data: dict, row: dict[str, str], bad: Any, report: Report) -> None:
    line = data.get("monster_type_line")
    if not isinstance(line, str) or not line.strip():
        bad("a monster needs its monster_type_line (like 'Warrior / Effect')")
        return
    parts = [part.strip() for part in line.split("/")]
    row["type"] = parts[0]
    words = parts[1:]
    known = {word for word, _ in FRAME_KINDS} | set(ABILITIES) | {"Normal", "Effect"}
    for word in words:
        if word not in known:
            bad(f"monster_type_line {line!r} names {word!r}; known: "
                f"{', '.join(sorted(known))}")
    kind = next((kind for word, kind in FRAME_KINDS if word in words), None)
    effect = "Effect" in words or any(word in words for word in EFFECT_ABILITIES)
    if kind is None:
        if "Normal" in words:
            kind = "normal"
        elif effect:
            kind = "effect"
        else:   # neither Normal nor Effect: a Tuner is an Effect Monster's, else Normal
            kind = "effect" if "Tuner" in words else "normal"
            effect = kind == "effect"
            report.fallback.append(row["en"])
    row["kind"] = kind
    row["abilities"] = ",".join(word for word in ABILITIES if word in words)
    attribute = data.get("attribute")
    if attribute not in ATTRIBUTES:
        bad(f"attribute is {attribute!r}; allowed: {', '.join(ATTRIBUTES)}")
    else:
        row["attribute"] = attribute
    arrows = data.get("link_arrows")
    if kind == "link":
        if not isinstance(arrows, list) or not arrows or \
                any(arrow not in ARROWS for arrow in arrows) or len(set(arrows)) != len(arrows):
            bad(f"link_arrows is {arrows!r}; a Link Monster lists its arrows, each once, "
                f"from {' '.join(ARROWS)}")
        else:
            named = {ARROWS[arrow] for arrow in arrows}
            row["link_arrows"] = ",".join(a for a in ARROWS.values() if a in named)
    elif arrows is not None:
        bad("only a Link Monster has link_arrows")
    for key, column, wanted in (("level", "level", kind not in ("xyz", "link")),
                                ("rank", "rank", kind == "xyz")):
        value = data.get(key)
        if value is None:
            if wanted and kind != "token":
                bad(f"a {kind} monster needs its {key}")
            continue
        if not wanted:
            bad(f"a {kind} monster has no {key}")
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
            bad(f"{key} must be a whole number from 0 to 13, not {value!r}")
        else:
            row[column] = str(value)
    for key in ("atk", "def"):
        value = data.get(key)
        if key == "def" and kind == "link":
            if value is not None:
                bad("a Link Monster has no def")
            continue
        if value == "?":
            row[key] = "?"
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100000:
            bad(f"{key} must be a whole number or '?', not {value!r}")
        else:
            row[key] = str(value)
    scale = data.get("pendulum_scale")
    if scale is not None:
        if isinstance(scale, bool) or not isinstance(scale, int) or not 0 <= scale <= 13:
            bad(f"pendulum_scale must be a whole number from 0 to 13, not {scale!r}")
        else:
            row["scale"] = str(scale)
    pendulum_text = data.get("pendulum_effect")
    has_pendulum_effect = isinstance(pendulum_text, dict) and any(
        isinstance(text, str) and text.strip() for text in pendulum_text.values())
    flags = ""
    if effect:
        flags += "e"
    elif kind in ("fusion", "synchro", "xyz", "link", "ritual"):
        flags += "m"      # no effect, but a summoning requirement written on the card
    if has_pendulum_effect:
        flags += "p"
    row["text"] = flags


def choose(records_read: list[Record], report: Report) -> list[Record]:
    """One row per English name. Records of one Konami id are one card printed with several
    passcodes (alternative artworks): their passcodes are merged. Of different cards with one
    name, the one with a passcode keeps it (the lowest Konami id if several have one); the
    others are left out and reported. A passcode claimed by two names stays with the first."""
    by_name: dict[str, list[Record]] = {}
    for record in records_read:
        by_name.setdefault(record.row["en"], []).append(record)
    chosen: list[Record] = []
    for name, group in by_name.items():
        cards: dict[Any, list[Record]] = {}
        for record in group:
            key = record.konami_id if record.konami_id is not None else ("none", id(record))
            cards.setdefault(key, []).append(record)
        merged = []
        for same in cards.values():
            same.sort(key=lambda r: (r.passcode is None, r.passcode or 0))
            first = same[0]
            codes = sorted({r.passcode for r in same if r.passcode is not None})
            first.row["passcodes"] = ",".join(str(code) for code in codes)
            merged.append(first)
        merged.sort(key=lambda r: (not r.row["passcodes"], r.konami_id is None,
                                   r.konami_id or 0, r.file, r.line))
        chosen.append(merged[0])
        for other in merged[1:]:
            ids = (f"Konami id {other.konami_id}" if other.konami_id else "no Konami id") + \
                (f", passcodes {other.row['passcodes']}" if other.row["passcodes"]
                 else ", no passcode")
            where = f"{os.path.basename(other.file)}:{other.line}"
            report.left_out.append(f"{name} ({other.row['kind']} {other.row['category']}, "
                                   f"{ids}; {where}): another card of this name keeps it")
    seen: dict[str, str] = {}
    for record in chosen:
        kept = []
        for code in record.row["passcodes"].split(",") if record.row["passcodes"] else []:
            if code in seen:
                where = f"{os.path.basename(record.file)}:{record.line}"
                report.left_out.append(f"passcode {code} of {record.row['en']} ({where}): "
                                       f"{seen[code]} has it")
            else:
                seen[code] = record.row["en"]
                kept.append(code)
        record.row["passcodes"] = ",".join(kept)
    chosen.sort(key=lambda r: (r.row["en"].casefold(), r.row["en"]))
    return chosen


def build(path: Path) -> tuple[str, Report]:
    """The text of cards.tsv for the data at PATH, and the report. Raises BadInput."""
    cards, _, report = build_all(path)
    return cards, report


def build_all(path: Path) -> tuple[str, str, Report]:
    """The texts of cards.tsv and of materials.tsv for the data at PATH, and the report.
    Raises BadInput."""
    report = Report()
    found: list[Record] = []
    problems: list[Problem] = []
    for file, line, data in records(path):
        report.read += 1
        try:
            record = convert(file, line, data, report)
        except BadInput as error:
            problems.extend(error.problems)
            if len(problems) >= MAX_PROBLEMS:
                break
            continue
        if record is not None:
            found.append(record)
    if problems:
        raise BadInput(problems[:MAX_PROBLEMS])
    if not found:
        raise BadInput([Problem(str(path), None, "holds no OCG/TCG card")])
    rows = choose(found, report)
    report.written = len(rows)
    header = [f"# {FORMAT}: every OCG/TCG card, stats only (docs/official.md). Written by",
              f"# `python -m ygocheck.official` from {os.path.basename(str(path).rstrip('/'))}"
              f" ({report.read} records); do not edit by hand."]
    header += [f"# {line}" for line in report.lines()[1:]]
    body = ["\t".join(COLUMNS)] + ["\t".join(r.row[c] for c in COLUMNS) for r in rows]
    return "\n".join(header + body) + "\n", materials_text(rows, path, report), report


def counts(rows: list[Record]) -> dict[str, dict[str, int]]:
    """Per kind of Extra Deck monster: how many there are, how many have a material line of a
    generic shape (read into groups), how many of these the vocabulary expresses whole (no
    summon condition beside the line), and how many stay unmodelled (docs/official.md)."""
    out = {kind: {"monsters": 0, "generic": 0, "expressed": 0, "unmodelled": 0}
           for kind in EXTRA_DECK_KINDS}
    for record in rows:
        if record.row["kind"] not in out or record.summoning is None:
            continue
        figures = out[record.row["kind"]]
        figures["monsters"] += 1
        status = record.summoning.status
        figures["generic"] += status in ("expressed", "condition")
        figures["expressed"] += status == "expressed"
        figures["unmodelled"] += status != "expressed"
    return out


def materials_text(rows: list[Record], path: Path, report: Report) -> str:
    """materials.tsv: one line per Extra Deck monster (and per Ritual Monster whose text
    states a revival limit), in the order of cards.tsv (docs/official.md)."""
    figures = counts(rows)
    report.materials = figures
    header = [f"# {MATERIALS_FORMAT}: the material lines and summon conditions of the "
              "official list's cards (docs/official.md).",
              f"# Written by `python -m ygocheck.official` from "
              f"{os.path.basename(str(path).rstrip('/'))}; do not edit by hand."]
    header += [f"# {line}" for line in count_lines(figures)]
    body = ["\t".join(MATERIAL_COLUMNS)]
    for record in rows:
        summoning = record.summoning
        if summoning is None:
            continue
        body.append("\t".join((
            record.row["en"], summoning.status, summoning.line,
            _compact(summoning.groups) if summoning.status else "",
            _compact(summoning.including) if summoning.including else "",
            summoning.revival_limit, summoning.summoned_only_by,
            _compact(summoning.clauses) if summoning.clauses else "")))
    return "\n".join(header + body) + "\n"


def count_lines(figures: dict[str, dict[str, int]]) -> list[str]:
    """The counts as lines for people (the file's header, the generator's report)."""
    lines = []
    for kind, numbers in figures.items():
        lines.append(f"{kind}: {numbers['monsters']} monsters, {numbers['generic']} generic, "
                     f"{numbers['expressed']} expressed, {numbers['unmodelled']} unmodelled")
    total = {key: sum(numbers[key] for numbers in figures.values())
             for key in ("monsters", "generic", "expressed", "unmodelled")}
    lines.append(f"all: {total['monsters']} monsters, {total['generic']} generic, "
                 f"{total['expressed']} expressed, {total['unmodelled']} unmodelled")
    return lines


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
