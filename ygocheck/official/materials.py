"""Read an Extra Deck monster's material line, and the summon conditions of its text, into the
`materials` key of a card definition (docs/cards.md, docs/official.md).

The line is the first line of the card's English text ("1 Tuner + 1+ non-Tuner monsters").
It is read word by word into descriptions: a count, then filters (Level, Attribute, Type,
archetype, Tuner/non-Tuner, a kind of monster), then the noun ("monster", "Tuner", "Effect
Monster"), joined by " + ", with ", including ..." and ", except Tokens" after the last.
Anything the reader does not know ("with different names", "LIGHT or DARK", "in the hand")
makes the whole line unreadable: it is kept as it is and called unmodelled, never guessed.

Nothing here decides a game question: the Synchro Level total, the Xyz Level, the Link
Rating count are rules in asp/. This only says what the text says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# The Types of the official list, longest first so that "Beast-Warrior" is read before "Beast".
TYPES = tuple(sorted((
    "Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur", "Divine-Beast",
    "Dragon", "Fairy", "Fiend", "Fish", "Illusion", "Insect", "Machine", "Plant", "Psychic",
    "Pyro", "Reptile", "Rock", "Sea Serpent", "Spellcaster", "Thunder", "Warrior",
    "Winged Beast", "Wyrm", "Zombie"), key=len, reverse=True))
ATTRIBUTES = ("DARK", "DIVINE", "EARTH", "FIRE", "LIGHT", "WATER", "WIND")
# "X Monster(s)": the kinds of monster a line may name, as definition words.
KIND_WORDS: dict[str, tuple[str, Any]] = {
    "Normal": ("kind", "normal"), "Fusion": ("kind", "fusion"), "Synchro": ("kind", "synchro"),
    "Xyz": ("kind", "xyz"), "Link": ("kind", "link"), "Ritual": ("kind", "ritual"),
    "Effect": ("effect", True), "Pendulum": ("pendulum", True), "non-Link": ("not_kind", "link")}
# Where a kind of Extra Deck monster's procedure is named in its text ("Must be Xyz Summoned").
METHODS = {"Fusion": "fusion", "Synchro": "synchro", "Xyz": "xyz", "Link": "link",
           "Ritual": "ritual"}

_COUNT = re.compile(r"(\d+)(\+| or more)?(?: \(max\. (\d+)\))?\s+")
_QUOTED = re.compile(r'"([^"]+)"')
_LEVEL = re.compile(r"Level (\d+)(?: (or lower|or higher))?\s+")
_ATK = re.compile(r"\s+with (\d+) or (less|more) (ATK|DEF)$")
_INCLUDING = re.compile(r",? including (?:an? |(\d+) )?(.+)$")


class Unreadable(Exception):
    """A material line (or a part of one) the reader does not know."""


def read_line(line: str) -> dict[str, Any]:
    """The `groups` (and `including`) of a material line; raises Unreadable."""
    text = line.strip()
    if not text or text != line or "\n" in text:
        raise Unreadable(line)
    out: dict[str, Any] = {}
    found = _INCLUDING.search(text)
    if found:
        text = text[:found.start()]
        count, rest = found.groups()
        # "including a Cyberse monster": at least one of the chosen materials fits; "including
        # 2 ...": at least two
        entry: dict[str, Any] = {"min": int(count) if count else 1}
        named = _QUOTED.fullmatch(rest)
        if named and not count:        # 'including "Cyber Dragon"': that card
            entry["name"] = named.group(1)
        else:
            entry.update(_filters(rest, single=not count or count == "1"))
        out["including"] = [entry]
    except_tokens = False
    for tail in (", except Tokens", ", except a Token"):
        if text.endswith(tail):
            text = text[:-len(tail)]
            except_tokens = True
    groups = [_group(part) for part in text.split(" + ")]
    if except_tokens:              # said of the last part: "+ 1 Normal Monster, except a Token"
        if "not_kind" in groups[-1] or "kind" in groups[-1] and groups[-1]["kind"] == "token":
            raise Unreadable(line)
        groups[-1]["not_kind"] = "token"
    out = {"groups": groups, **out}
    return out


def _group(part: str) -> dict[str, Any]:
    """One part of a line between " + ": its size, then its filters."""
    text = part.strip()
    named = _QUOTED.fullmatch(text)
    if named:                      # "Elemental HERO Avian": that card, once
        return {"count": 1, "name": named.group(1)}
    found = _COUNT.match(text)
    if not found:
        raise Unreadable(part)
    number, more, most = int(found.group(1)), found.group(2), found.group(3)
    if number < 1 or (most and not more):
        raise Unreadable(part)
    rest = text[found.end():]
    named = _QUOTED.fullmatch(rest)
    if named:                      # 2 "Blue-Eyes White Dragon": that card, twice
        return {"min": number, "name": named.group(1)} if more else \
            {"count": number, "name": named.group(1)}
    group: dict[str, Any] = {"min": number} if more else {"count": number}
    if most:                       # "2 or more (max. 5)"
        group["max"] = int(most)
    group.update(_filters(rest, single=number == 1 and not more))
    return group


def _filters(text: str, single: bool) -> dict[str, Any]:
    """The filters of a description such as 'Level 4 or lower LIGHT "Blackwing" Dragon
    monster'; its noun must agree with its count (single: "monster", else "monsters")."""
    out: dict[str, Any] = {}

    def put(key: str, value: Any) -> None:
        if key in out:
            raise Unreadable(text)
        out[key] = value

    rest = text.strip()
    found = _ATK.search(rest)
    if found:
        amount, side, stat = found.groups()
        put(f"{'max' if side == 'less' else 'min'}_{stat.lower()}", int(amount))
        rest = rest[:found.start()]
    while True:
        listed = _listed(rest, TYPES) or _listed(rest, ATTRIBUTES)
        if listed:                 # "Beast, Beast-Warrior, and/or Winged Beast", "LIGHT or DARK"
            words, rest = listed
            put("attributes" if words[0] in ATTRIBUTES else "types", words)
            continue
        level = _LEVEL.match(rest)
        if level:
            value, side = int(level.group(1)), level.group(2)
            put({None: "level", "or lower": "max_level", "or higher": "min_level"}[side], value)
            rest = rest[level.end():]
            continue
        word = rest.split(" ", 1)[0]
        if word in ATTRIBUTES:
            put("attribute", word)
            rest = rest[len(word):].lstrip()
            continue
        quoted = _QUOTED.match(rest)
        if quoted:
            put("archetype", quoted.group(1))
            rest = rest[quoted.end():].lstrip()
            continue
        kind = next((t for t in TYPES if re.match(re.escape(t) + r"(?:-Type)?(?:\s|$)", rest)),
                    None)
        if kind is not None:
            put("type", kind)
            rest = re.sub(r"^" + re.escape(kind) + r"(?:-Type)?\s*", "", rest)
            continue
        after = rest.split(" ", 1)[1] if " " in rest else ""
        if word == "non-Link" and after and after not in ("Monster", "Monsters"):
            put("not_kind", "link")
            rest = after
            continue
        if word in ("Tuner", "non-Tuner") and after and after not in ("monster", "monsters"):
            # "Tuner Synchro Monster", 'non-Tuner "Blackwing" monsters': a filter; as the
            # last word ("1 Tuner") or before "monster(s)" it is the noun, below
            put("tuner", word == "Tuner")
            rest = after
            continue
        break
    nouns = {"monster": True, "monsters": False, "Tuner": True, "Tuners": False,
             "non-Tuner": True, "non-Tuners": False}
    words = rest.split(" ")
    if len(words) == 2 and words[0] in ("Tuner", "non-Tuner") and \
            words[1] in ("monster", "monsters"):
        put("tuner", words[0] == "Tuner")
        words = [words[1]]
    if len(words) == 1 and words[0] in ("Monster", "Monsters") and "type" in out:
        words = [words[0].lower()]  # older texts: "non-Tuner Psychic-Type Monsters"
    if len(words) == 1 and words[0] in ("Token", "Tokens"):
        put("kind", "token")
        words = ["monster" if words[0] == "Token" else "monsters"]
    if len(words) == 1 and words[0] in nouns:
        if words[0].startswith("non-Tuner"):
            put("tuner", False)
        elif words[0].startswith("Tuner"):
            put("tuner", True)
        if nouns[words[0]] != single:
            raise Unreadable(text)
        return out
    if len(words) == 2 and words[0] in KIND_WORDS and words[1] in ("Monster", "Monsters"):
        key, word = KIND_WORDS[words[0]]
        put(key, word)
        if (words[1] == "Monster") != single:
            raise Unreadable(text)
        return out
    raise Unreadable(text)


def _listed(text: str, names: tuple[str, ...]) -> tuple[list[str], str] | None:
    """"A, B, and/or C", "A and/or B", "A, B, or C", "A or B" at the start of text, each a
    Type ("-Type" allowed) or each an Attribute: the names, and the text after; else None."""
    found: list[str] = []
    rest = text
    closing = False
    while True:
        name = next((n for n in names if re.match(re.escape(n) + r"(?:-Type)?(?:[\s,]|$)", rest)),
                    None)
        if name is None:
            return None
        found.append(name)
        rest = re.sub(r"^" + re.escape(name) + r"(?:-Type)?", "", rest)
        if closing:
            return found, rest.lstrip()
        joint = re.match(r"(, and/or |, or | and/or | or |, )", rest)
        if joint is None:
            return None
        closing = joint.group(1) != ", "
        rest = rest[joint.end():]


@dataclass
class Summoning:
    """What the generator reads of an Extra Deck (or Ritual) monster's text: its material
    line and what became of it, its revival limit as the text states it, and the clauses
    about its summon the vocabulary cannot express."""

    line: str = ""
    status: str = ""          # expressed, condition, unreadable; "" for a Ritual Monster
    groups: list[dict[str, Any]] = field(default_factory=list)
    including: list[dict[str, Any]] = field(default_factory=list)
    revival_limit: str = ""   # always, unless_properly_summoned, or ""
    summoned_only_by: str = ""
    clauses: list[str] = field(default_factory=list)

    def materials(self) -> dict[str, Any] | None:
        """The definition's `materials` (docs/cards.md), or None for a Ritual Monster."""
        if not self.status:
            return None
        if self.status != "expressed":
            return {"line": self.line, "unmodelled": True}
        out: dict[str, Any] = {"line": self.line, "groups": self.groups}
        if self.including:
            out["including"] = self.including
        return out


# Summon conditions, in the order they are tried on each sentence of the text that speaks of
# how the card is Special Summoned. Each: a pattern, the revival limit, whether the
# procedure by the material line stays the card's own ("keeps"), and whether the rest of the
# sentence is a clause the vocabulary cannot express.
_MUST = r"(?:Must|This card must|This monster must|This face-down card in the Extra Deck must)"
_METHOD = r"(Fusion|Synchro|Xyz|Link|Ritual)"
_ABOVE = r"(?: with the above (?:Fusion |Synchro |Xyz |Link )?[Mm]aterials)?"
_OTHER_WAYS = r"(?:,? and cannot be Special Summoned by other ways)?"
CONDITIONS: tuple[tuple[re.Pattern[str], str, bool, bool, bool], ...] = (
    # "Must be Fusion Summoned.": only by its procedure, never revived (revival_limit: always,
    # docs/cards.md; the OCG text: 「融合召喚でしか特殊召喚できない」)
    (re.compile(_MUST + r" be " + _METHOD + r" Summoned" + _ABOVE + _OTHER_WAYS + r"\."),
     "always", True, False, True),
    (re.compile(r"(?:This card|This monster) (?:can|cannot) only be Special Summoned by "
                + _METHOD + r" Summon\."), "always", True, False, True),
    (re.compile(r"(?:This card|This monster) cannot be Special Summoned except by "
                + _METHOD + r" Summon\."), "always", True, False, True),
    # "This monster can only be Special Summoned by Fusion Summon (from the Extra Deck).":
    # only from the Extra Deck, so it may be revived once properly summoned (the OCG text:
    # 「融合召喚でのみＥＸデッキから特殊召喚できる」)
    (re.compile(r"(?:This card|This monster) can only be Special Summoned by " + _METHOD
                + r" Summon \(from the Extra Deck\)\."), "unless_properly_summoned", True,
     False, False),
    # "Must be Ritual Summoned, without using "Nekroz of Brionac".": by that procedure only
    # (「儀式召喚でしか特殊召喚できない」), with a restriction the vocabulary cannot say
    (re.compile(_MUST + r" be " + _METHOD + r" Summoned,? (?:using|without using) [^.]*\."),
     "always", False, True, True),
    (re.compile(_MUST + r" first be " + _METHOD + r" Summoned,? (?:using|without using) "
                r"[^.]*\."), "unless_properly_summoned", False, True, False),
    # "Must be Fusion Summoned with the above Fusion Materials or with "The Eye of Timaeus"":
    # the line's procedure, or a Spell's the vocabulary cannot say
    (re.compile(_MUST + r" be " + _METHOD + r" Summoned with the above [^.]* or with [^.]*\."),
     "always", True, True, False),
    # "Must be Fusion Summoned, and can then be Pendulum Summoned.": what that allows after is
    # not said here, so no revival limit is recorded
    (re.compile(_MUST + r" be " + _METHOD + r" Summoned, and can then be [^.]*\."), "", True,
     True, False),
    # "Must first be Xyz Summoned.": revived only once properly summoned
    (re.compile(_MUST + r" first be " + _METHOD + r" Summoned" + _ABOVE + r"\."),
     "unless_properly_summoned", True, False, False),
    # "Must be either Fusion Summoned, or Special Summoned by ...": the line's procedure, and
    # another one the vocabulary cannot say; "Must first be either Fusion Summoned using only
    # monsters in your hand and/or field, or ...": the line's procedure restricted as well
    (re.compile(_MUST + r" be either " + _METHOD + r" Summoned, or [^.]*\."), "always", True,
     True, False),
    (re.compile(_MUST + r" first be either " + _METHOD + r" Summoned, or [^.]*\."),
     "unless_properly_summoned", True, True, False),
    (re.compile(_MUST + r" be either " + _METHOD + r" Summoned [^,.]+, or [^.]*\."),
     "always", False, True, False),
    (re.compile(_MUST + r" first be either " + _METHOD + r" Summoned [^,.]+, or [^.]*\."),
     "unless_properly_summoned", False, True, False),
    # "Must first be Special Summoned (from your Extra Deck) by ..." and "Must be Special
    # Summoned with "Dark Fusion"": a procedure of the card's own, not the material line's
    (re.compile(_MUST + r" first be Special Summoned [^.]*\."), "unless_properly_summoned",
     False, True, False),
    (re.compile(_MUST + r" be Special Summoned [^.]*\."), "always", False, True, False),
    (re.compile(r"(?:This card|This monster) cannot be Special Summoned except [^.]*\."),
     "always", False, True, False),
    # "Cannot be Link Summoned unless you have 3 or more Resonance Counters ...": the line's
    # procedure under a condition the vocabulary cannot say
    (re.compile(r"Cannot be " + _METHOD + r" Summoned unless [^.]*\."), "", False, True,
     False),
)
# Sentences that add to or restrict the summon without changing the line's procedure: kept
# as clauses the vocabulary cannot express (the line stays expressed).
ADDITIONS = (
    re.compile(r"[^.\n]*\byou can also (?:Fusion|Synchro|Xyz|Link) Summon [^\n]*?\.(?=\s|$)",
               re.IGNORECASE),
    re.compile(r"[^.\n]*\bCannot be used as [^.\n]*?[Mm]aterial[^.\n]*\."),
    re.compile(r"[^.\n]*\bCannot be Special Summoned from the (?:GY|Graveyard)[^.\n]*\."),
    # 'You can only Special Summon "Sky Striker Ace - Azalea(s)" once per turn.'
    re.compile(r'You can only Special Summon "[^"\n]*"(?:\(s\))? once per turn[^.\n]*\.'),
    # "For this card's Synchro Summon, you can treat 1 ... as a Tuner."
    re.compile(r"For this card's (?:Fusion|Synchro|Xyz|Link) Summon, you can [^.\n]*\."),
)
# Any other sentence that says the card must be summoned some way: not understood, so the
# line's procedure is not trusted either.
_UNKNOWN_MUST = re.compile(r"(?:^|(?<=\. )|(?<=\n))(?:Must|This (?:card|monster|face-down card)"
                           r"[^.\n]*? must) (?:first )?be [^.\n]*Summoned[^.\n]*\.|"
                           r"(?:^|(?<=\. )|(?<=\n))This (?:card|monster) (?:can only be Special "
                           r"Summoned|cannot be Special Summoned except)[^.\n]*\.")


def read_card(kind: str, text: str) -> Summoning:
    """What the generator keeps of the text of a monster of this kind (fusion, synchro, xyz,
    link: the material line and conditions; ritual: the revival limit alone)."""
    out = Summoning()
    body = text
    if kind != "ritual":
        line, _, body = text.partition("\n")
        # a note in brackets may come first ("(This card's original Level is always treated
        # as 12.)"): the material line is the next
        while line.startswith("(") and line.rstrip().endswith(")") and body:
            line, _, body = body.partition("\n")
        # In a few records the line break after the material line became " / " ("1 Tuner +
        # 1+ non-Tuner monsters / You can only control 1 ..."): the line ends there, and
        # only if what comes before reads as a whole line
        before, joined, after = line.partition(" / ")
        if joined and after[:1].isupper():
            try:
                read_line(before.strip())
            except Unreadable:
                pass
            else:
                line, body = before, after + "\n" + body
        out.line = line.strip()
        try:
            read = read_line(line.strip()) if line.strip() else None
        except Unreadable:
            read = None
        if read is None:
            out.status = "unreadable"
        else:
            out.status = "expressed"
            out.groups = read["groups"]
            out.including = read.get("including", [])
    taken: list[tuple[int, int]] = []
    for pattern, limit, keeps, clause, only_by in CONDITIONS:
        for found in pattern.finditer(body):
            if any(start <= found.start() < end for start, end in taken):
                continue
            taken.append((found.start(), found.end()))
            if limit and (not out.revival_limit or limit == "always"):
                out.revival_limit = limit
            if only_by:
                out.summoned_only_by = METHODS[found.group(1)]
            if clause:
                out.clauses.append(found.group(0).strip())
            if not keeps and out.status == "expressed":
                out.status = "condition"
    for pattern in ADDITIONS:
        for found in pattern.finditer(body):
            if any(start <= found.start() < end for start, end in taken):
                continue
            taken.append((found.start(), found.end()))
            out.clauses.append(found.group(0).strip(" )"))
    for found in _UNKNOWN_MUST.finditer(body):
        if any(found.start() < end and start < found.end() for start, end in taken):
            continue
        out.clauses.append(found.group(0).strip())
        if out.status == "expressed":
            out.status = "condition"
    return out
