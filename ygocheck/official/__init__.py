"""The official card list: every OCG/TCG card by its names, passcodes and stats, no card text
(cards.tsv, written by `python -m ygocheck.official`, format in docs/official.md).

Not to be confused with ygocheck/catalogue.py, the catalogue of the *rules*. The list is read
only when something needs it (a snapshot names a card neither the library nor the snapshot
defines, `ygocheck card`, `ygocheck deck`), so a snapshot of library cards never pays for it.
A card of the list that the library does not model is usable by its stats alone: its
definition says, under `unmodelled`, what of its text no descriptor expresses.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

# The format of cards.tsv (docs/official.md): its name, and its columns in order.
FORMAT = "ygocheck-official/1"
COLUMNS = ("en", "ja", "ko", "passcodes", "konami_id", "category", "kind", "type",
           "attribute", "level", "rank", "link_arrows", "atk", "def", "scale", "abilities",
           "text")
LIST_FILE = Path(__file__).resolve().parent / "cards.tsv"
# Beside it, the material lines and summon conditions read from the cards' texts.
MATERIALS_FORMAT = "ygocheck-official-materials/1"
MATERIAL_COLUMNS = ("en", "status", "line", "groups", "including", "revival_limit",
                    "summoned_only_by", "clauses")
MATERIALS_FILE = LIST_FILE.with_name("materials.tsv")
EXTRA_DECK = ("fusion", "synchro", "xyz", "link")


@dataclass(frozen=True)
class Summon:
    """A card's line of materials.tsv: its material line, whether the vocabulary expresses
    it (`expressed`), reads it but not the procedure the text prescribes (`condition`), or
    cannot read it (`unreadable`; "" for a Ritual Monster, which has none here); its
    descriptions; its revival limit as the text states it; and the clauses about its summon
    no descriptor expresses."""

    status: str
    line: str
    groups: tuple[Any, ...]
    including: tuple[Any, ...]
    revival_limit: str
    summoned_only_by: str
    clauses: tuple[str, ...]

    def materials(self) -> dict[str, Any] | None:
        """The definition's `materials` key (docs/cards.md), or None."""
        if not self.status:
            return None
        if self.status != "expressed":
            return {"line": self.line, "unmodelled": True}
        out: dict[str, Any] = {"line": self.line, "groups": [dict(g) for g in self.groups]}
        if self.including:
            out["including"] = [dict(entry) for entry in self.including]
        return out


def summon_of(line: str) -> tuple[str, Summon]:
    """One data line of materials.tsv: the card's name and its Summon."""
    en, status, text, groups, including, limit, only_by, clauses = line.split("\t")
    return en, Summon(status=status, line=text,
                      groups=tuple(json.loads(groups)) if groups else (),
                      including=tuple(json.loads(including)) if including else (),
                      revival_limit=limit, summoned_only_by=only_by,
                      clauses=tuple(json.loads(clauses)) if clauses else ())


@dataclass(frozen=True)
class OfficialCard:
    """One card of the list, as the list states it ("?" ATK/DEF kept as "?")."""

    en: str
    ja: str
    ko: str
    passcodes: tuple[int, ...]
    konami_id: int | None
    category: str
    kind: str
    type: str
    attribute: str
    level: int | None
    rank: int | None
    link_arrows: tuple[str, ...]
    atk: int | str | None
    def_: int | str | None
    scale: int | None
    abilities: tuple[str, ...]
    text: str          # e: effects, p: a Pendulum Effect, m: summoning requirements only
    summon: Summon | None = None    # its line of materials.tsv, if it has one

    @property
    def passcode(self) -> int | None:
        return self.passcodes[0] if self.passcodes else None

    def unmodelled(self) -> str | None:
        """What of the card's text no descriptor expresses, when the card is known by its
        stats only; None for a card whose text is flavour (a Normal Monster) or none."""
        parts = []
        summon = self.summon
        expressed = summon is not None and summon.status == "expressed"
        if ("m" in self.text or self.kind in EXTRA_DECK) and not expressed:
            parts.append("its Summoning requirements (materials)")
        if "e" in self.text:
            parts.append("its effects")
        if "p" in self.text:
            parts.append("its Pendulum Effect")
        if summon is not None and summon.clauses:
            parts.append("its summon conditions "
                         + "; ".join(f'"{clause}"' for clause in summon.clauses))
        if not parts:
            return None
        what = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        known = "stats" if self.category == "monster" else "name and kind"
        return f"{what}: known by its {known} only (official card list)"

    def definition(self) -> dict[str, Any]:
        """The card definition (docs/cards.md) the rules read for this card: a printed "?"
        ATK/DEF is written as 0, as the definition format says."""
        out: dict[str, Any] = {"category": self.category, "kind": self.kind}
        if self.category == "monster":
            if self.attribute:
                out["attribute"] = self.attribute
            if self.type:
                out["type"] = self.type
            if self.level is not None:
                out["level"] = self.level
            if self.rank is not None:
                out["rank"] = self.rank
            if self.link_arrows:
                out["link"] = len(self.link_arrows)
                out["link_arrows"] = list(self.link_arrows)
            for key, value in (("atk", self.atk), ("def", self.def_)):
                if value is not None:
                    out[key] = 0 if value == "?" else value
            if self.scale is not None:
                out["scale"] = self.scale
            # The type line's words the definition records (docs/official.md): "Tuner", "Flip",
            # and "Effect" beside the frame of a Fusion, Synchro, Xyz, Link or Ritual Monster.
            if "Tuner" in self.abilities:
                out["tuner"] = True
            if "Flip" in self.abilities:
                out["flip"] = True
            if "e" in self.text and self.kind not in ("effect", "normal", "token"):
                out["effect_monster"] = True
            if self.summon is not None:
                materials = self.summon.materials()
                if materials is not None:
                    out["materials"] = materials
                if self.summon.revival_limit:
                    out["revival_limit"] = self.summon.revival_limit
                if self.summon.summoned_only_by:
                    out["summoned_only_by"] = self.summon.summoned_only_by
        if self.passcode is not None:
            out["passcode"] = self.passcode
        # The list records no archetype: a text asking for one cannot tell (docs/official.md).
        out["archetypes_unknown"] = True
        note = self.unmodelled()
        if note:
            out["unmodelled"] = note
        return out

    def as_json(self) -> dict[str, Any]:
        """The list's own record of the card, for people (`ygocheck card --json`)."""
        out: dict[str, Any] = {"names": {"en": self.en, "ja": self.ja or None,
                                         "ko": self.ko or None},
                               "passcodes": list(self.passcodes), "konami_id": self.konami_id,
                               "category": self.category, "kind": self.kind}
        if self.category == "monster":
            out.update({"type": self.type, "attribute": self.attribute,
                        "abilities": list(self.abilities)})
            for key, value in (("level", self.level), ("rank", self.rank),
                               ("atk", self.atk), ("def", self.def_), ("scale", self.scale)):
                if value is not None:
                    out[key] = value
            if self.link_arrows:
                out["link"] = len(self.link_arrows)
                out["link_arrows"] = list(self.link_arrows)
        return out


def _number(text: str) -> int | None:
    return int(text) if text else None


def _stat(text: str) -> int | str | None:
    if not text:
        return None
    return "?" if text == "?" else int(text)


def _data_lines(text: str, columns: tuple[str, ...], what: str) -> list[str]:
    """The data lines of one of the package's .tsv texts: after its comment lines and its
    header, without the empty lines at its end. The file is the package's own, checked by the
    tests; a file in another format is a bug in the installation, reported as such."""
    lines = text.split("\n")
    start = 0
    while start < len(lines) and lines[start].startswith("#"):
        start += 1
    if start == len(lines) or tuple(lines[start].split("\t")) != columns:
        raise RuntimeError(f"{what} (run `python -m ygocheck.official PATH` again)")
    data = lines[start + 1:]
    while data and not data[-1]:
        data.pop()
    return data


def rows(text: str) -> list[str]:
    """The data lines of a cards.tsv text."""
    return _data_lines(text, COLUMNS, f"the official card list is not in the {FORMAT} format")


def summon_rows(text: str) -> list[str]:
    """The data lines of a materials.tsv text."""
    return [line for line in _data_lines(text, MATERIAL_COLUMNS, "the official material lines "
                                         f"are not in the {MATERIALS_FORMAT} format") if line]


def card_of(line: str) -> OfficialCard:
    """One data line as a card."""
    (en, ja, ko, passcodes, konami_id, category, kind, type_, attribute, level, rank,
     arrows, atk, def_, scale, abilities, flags) = line.split("\t")
    return OfficialCard(
        en=en, ja=ja, ko=ko,
        passcodes=tuple(int(p) for p in passcodes.split(",")) if passcodes else (),
        konami_id=_number(konami_id), category=category, kind=kind, type=type_,
        attribute=attribute, level=_number(level), rank=_number(rank),
        link_arrows=tuple(arrows.split(",")) if arrows else (), atk=_stat(atk),
        def_=_stat(def_), scale=_number(scale),
        abilities=tuple(abilities.split(",")) if abilities else (), text=flags)


def normal(text: str) -> str:
    """A name as a person may type it: full-width letters as ASCII (NFKC), case and spacing
    ignored."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


class OfficialList:
    """The cards of the list. Reading it keeps each card as its line and indexes only the
    English names; a card is parsed when asked for, and the other indexes are built on first
    use, so that naming one card costs little more than reading the file."""

    def __init__(self, lines: list[str], summons: list[str] | None = None):
        self.lines = lines
        # the lines of materials.tsv, by English name: parsed when a card is asked for
        self.summons = {line[:line.index("\t")]: line for line in summons or []}
        self.index = {line[:line.index("\t")]: number for number, line in enumerate(lines)}
        self._by_passcode: dict[int, str] | None = None
        self._by_normal: dict[str, list[str]] | None = None

    def names(self) -> list[str]:
        """Every English name, in the list's order."""
        return list(self.index)

    def get(self, name: str) -> OfficialCard | None:
        """The card of this exact English name."""
        number = self.index.get(name)
        if number is None:
            return None
        card = card_of(self.lines[number])
        summon = self.summons.get(name)
        return card if summon is None else replace(card, summon=summon_of(summon)[1])

    def cards(self) -> list[OfficialCard]:
        out = []
        for line in self.lines:
            card = card_of(line)
            summon = self.summons.get(card.en)
            out.append(card if summon is None else replace(card, summon=summon_of(summon)[1]))
        return out

    def by_passcode(self, passcode: int) -> OfficialCard | None:
        name = self.passcode_names().get(passcode)
        return None if name is None else self.get(name)

    def passcode_names(self) -> dict[int, str]:
        """Every passcode of the list, with the English name of its card."""
        if self._by_passcode is None:
            found: dict[int, str] = {}
            for line in self.lines:
                en, _, _, codes, _ = line.split("\t", 4)
                for code in codes.split(",") if codes else ():
                    found[int(code)] = en
            self._by_passcode = found
        return self._by_passcode

    def by_normal(self, text: str) -> list[OfficialCard]:
        """The cards with an English, Japanese or Korean name that is `text`, normalised
        (normal())."""
        return [c for c in (self.get(n) for n in self.normal_index().get(normal(text), []))
                if c is not None]

    def normal_index(self) -> dict[str, list[str]]:
        """Every English, Japanese and Korean name, normalised -> the English names."""
        if self._by_normal is None:
            found: dict[str, list[str]] = {}
            for line in self.lines:
                en, ja, ko, _ = line.split("\t", 3)
                for name in {normal(n) for n in (en, ja, ko) if n}:
                    found.setdefault(name, []).append(en)
            self._by_normal = found
        return self._by_normal


@lru_cache(maxsize=1)
def official() -> OfficialList:
    """The shipped list (read once per process, on first use)."""
    return OfficialList(rows(LIST_FILE.read_text(encoding="utf-8")), list(summons().values()))


@lru_cache(maxsize=1)
def summons() -> dict[str, str]:
    """The lines of the shipped materials.tsv by English name, read on first use without the
    card list (a library Extra Deck monster takes its materials from here, known.py)."""
    lines = summon_rows(MATERIALS_FILE.read_text(encoding="utf-8"))
    return {line[:line.index("\t")]: line for line in lines}


def summon_for(name: str) -> Summon | None:
    """The material line and summon conditions the list reads for the card of this name."""
    line = summons().get(name)
    return None if line is None else summon_of(line)[1]


def loaded() -> bool:
    """Whether this process has read the list (the benchmark and a test check that a
    snapshot of library cards never does)."""
    return official.cache_info().currsize > 0
