"""The official card list: every OCG/TCG card by its names, passcodes and stats, no card text
(cards.tsv, written by `python -m ygocheck.official`, format in docs/official.md).

Not to be confused with ygocheck/catalogue.py, the catalogue of the *rules*. The list is read
only when something needs it (a snapshot names a card neither the library nor the snapshot
defines, `ygocheck card`, `ygocheck deck`), so a snapshot of library cards never pays for it.
A card of the list that the library does not model is usable by its stats alone: its
definition says, under `unmodelled`, what of its text no descriptor expresses.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

# The format of cards.tsv (docs/official.md): its name, and its columns in order.
FORMAT = "ygocheck-official/1"
COLUMNS = ("en", "ja", "ko", "passcodes", "konami_id", "category", "kind", "type",
           "attribute", "level", "rank", "link_arrows", "atk", "def", "scale", "abilities",
           "text")
LIST_FILE = Path(__file__).resolve().parent / "cards.tsv"


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

    @property
    def passcode(self) -> int | None:
        return self.passcodes[0] if self.passcodes else None

    def unmodelled(self) -> str | None:
        """What of the card's text no descriptor expresses, when the card is known by its
        stats only; None for a card whose text is flavour (a Normal Monster) or none."""
        parts = []
        if "m" in self.text:
            parts.append("its Summoning requirements (materials)")
        if "e" in self.text:
            parts.append("its effects")
        if "p" in self.text:
            parts.append("its Pendulum Effect")
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
        if self.passcode is not None:
            out["passcode"] = self.passcode
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


def rows(text: str) -> list[str]:
    """The data lines of a cards.tsv text (after its comment lines and its header). The file
    is the package's own, checked by the tests; a file in another format is a bug in the
    installation, reported as such."""
    lines = text.split("\n")
    start = 0
    while start < len(lines) and lines[start].startswith("#"):
        start += 1
    if start == len(lines) or tuple(lines[start].split("\t")) != COLUMNS:
        raise RuntimeError(f"the official card list is not in the {FORMAT} format "
                           "(run `python -m ygocheck.official PATH` again)")
    data = lines[start + 1:]
    while data and not data[-1]:
        data.pop()
    return data


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

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.index = {line[:line.index("\t")]: number for number, line in enumerate(lines)}
        self._by_passcode: dict[int, str] | None = None
        self._by_normal: dict[str, list[str]] | None = None

    def names(self) -> list[str]:
        """Every English name, in the list's order."""
        return list(self.index)

    def get(self, name: str) -> OfficialCard | None:
        """The card of this exact English name."""
        number = self.index.get(name)
        return None if number is None else card_of(self.lines[number])

    def cards(self) -> list[OfficialCard]:
        return [card_of(line) for line in self.lines]

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
    return OfficialList(rows(LIST_FILE.read_text(encoding="utf-8")))


def loaded() -> bool:
    """Whether this process has read the list (the benchmark and a test check that a
    snapshot of library cards never does)."""
    return official.cache_info().currsize > 0
