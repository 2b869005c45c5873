"""Deck lists: read a `.ydk` file or a YAML deck list, and a Forbidden & Limited list, and
turn them into the facts of asp/deck.lp (docs/decks.md).

Nothing here says whether a deck may be used: the sizes, the copies, what goes in the Extra
Deck and the limits of a list are the rules' (asp/deck.lp). This module finds the card each
line names (its passcode or English name, in the library or the official card list), refuses
what it cannot read at its line, and writes what the file says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .checks import Checker, describe
from .known import Found, by_name, by_passcode, nearest, passcode_hint
from .limits import DECK_COPIES, DECK_ENTRIES, LIST_CARDS
from .problems import BadInput, Problem
from .vocabulary import words

SECTIONS = ("main", "extra", "side")
SECTION_NAMES = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
DECK_KEYS = ("title",) + SECTIONS
PASSCODE = re.compile(r"[0-9]{1,8}\Z")


@dataclass(frozen=True)
class Entry:
    """One line of a deck list: `count` copies of a card in a section."""

    section: str
    line: int
    card: Found
    count: int
    passcode: int | None

    def as_json(self) -> dict[str, Any]:
        return {"section": self.section, "line": self.line, "name": self.card.name,
                "passcode": self.passcode if self.passcode is not None
                else self.card.definition.get("passcode"),
                "count": self.count, "modelled": self.card.modelled}


@dataclass
class Deck:
    """A deck list whose every card is known: its entries and where each section begins."""

    file: str
    entries: list[Entry] = field(default_factory=list)
    headers: dict[str, int] = field(default_factory=dict)

    def lines_of(self, name: str, section: str | None = None) -> list[int]:
        return [entry.line for entry in self.entries if entry.card.name == name and
                section in (None, entry.section)]


@dataclass
class LimitList:
    """A Forbidden & Limited list: the status of each card it names, and the line."""

    file: str
    status: dict[str, tuple[str, int | None]] = field(default_factory=dict)


def read_deck(path: str) -> Deck:
    """A .ydk file or a YAML deck list (by its extension). Raises BadInput."""
    from .load import read_text

    text = read_text(path)
    if path.lower().endswith((".yaml", ".yml")):
        return _yaml_deck(text, path)
    if path.lower().endswith(".ydk"):
        return _ydk(text, path)
    raise BadInput([Problem(path, None, "a deck list is a .ydk file or a YAML deck list "
                            "(.yaml, .yml); see docs/decks.md")])


def _ydk(text: str, file: str) -> Deck:
    """`#main`, `#extra` and `!side` start the sections; every other `#` line is a comment
    (`#created by ...`); each other line is one card's passcode."""
    deck = Deck(file)
    problems: list[Problem] = []
    section: str | None = None
    cards = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        lowered = line.lower()
        if lowered in ("#main", "#extra", "!side"):
            section = lowered[1:]
            if section in deck.headers:
                problems.append(Problem(file, number, f"{line} is given twice (first at line "
                                        f"{deck.headers[section]})"))
            deck.headers.setdefault(section, number)
            continue
        if lowered == "#side":
            problems.append(Problem(file, number, "the Side Deck of a .ydk file begins with "
                                    "!side, not #side"))
            continue
        if line.startswith("#"):
            continue                      # a comment: "#created by ..."
        if line.startswith("!"):
            problems.append(Problem(file, number, f"unknown section {line!r}; a .ydk file has "
                                    "#main, #extra and !side"))
            continue
        if not PASSCODE.match(line):
            problems.append(Problem(file, number, f"{line!r} is not a passcode; each card of a "
                                    ".ydk file is one line with its passcode (up to 8 digits)"))
            continue
        if section is None:
            problems.append(Problem(file, number, "a passcode before any section; begin the "
                                    "list with #main"))
            continue
        cards += 1
        if cards > DECK_ENTRIES:
            raise BadInput([Problem(file, number, f"more than {DECK_ENTRIES} cards; a deck list "
                                    "holds far fewer")])
        code = int(line)
        found = by_passcode(code)
        if found is None:
            problems.append(Problem(file, number, f"unknown passcode {code}: "
                                    f"{passcode_hint(code)}"))
            continue
        deck.entries.append(Entry(section, number, found, 1, code))
    if problems:
        raise BadInput(problems)
    return deck


def _yaml_deck(text: str, file: str) -> Deck:
    """A mapping with `main`, `extra` and `side` (each a mapping of card -> copies, the card
    an English name or a passcode) and an optional `title`."""
    from .load import parse_yaml

    data = parse_yaml(text, file)
    checker = Checker(file)
    deck = Deck(file)
    if not checker.mapping(data, "a deck list", getattr(data, "line", 1)):
        raise BadInput(checker.problems)
    checker.known_keys(data, DECK_KEYS, "a deck list")
    checker.required(data, ("main",), "a deck list")
    if "title" in data:
        checker.text(data, "title", "a deck list")
    entries = 0
    for section in SECTIONS:
        if section not in data:
            continue
        deck.headers[section] = checker.line(data, section) or 1
        cards = data[section]
        if cards is None:
            continue
        if not checker.mapping(cards, section, checker.line(data, section), DECK_ENTRIES):
            continue
        entries += len(cards)
        if entries > DECK_ENTRIES:
            raise BadInput([Problem(file, checker.line(data, section), f"more than "
                                    f"{DECK_ENTRIES} entries; a deck list holds far fewer")])
        for key, count in cards.items():
            line = checker.line(cards, key)
            where = f"{section}: {key!r}"
            if isinstance(count, bool) or not isinstance(count, int) or \
                    not 1 <= count <= DECK_COPIES:
                checker.add(line, f"{where} gives {describe(count)} copies; give a whole "
                            f"number from 1 to {DECK_COPIES} (like `Pot of Greed: 1`)")
                continue
            found = _card(key, line, checker, where)
            if found is not None:
                deck.entries.append(Entry(section, line or 1, found, count,
                                          key if isinstance(key, int) else None))
    if checker.problems:
        raise BadInput(checker.problems)
    return deck


def _card(key: Any, line: int | None, checker: Checker, where: str) -> Found | None:
    """The card a deck or list names: a passcode (a number) or an English name."""
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        checker.add(line, f"{where}: a card is named by its English name or its passcode, not "
                    f"{describe(key)}")
        return None
    if isinstance(key, int):
        found = by_passcode(key) if 0 < key < 10**8 else None
        if found is None:
            checker.add(line, f"unknown passcode {key}: {passcode_hint(key)}")
        return found
    found = by_name(key)
    if found is None:
        hint = " (a passcode is written as a number, without quotes)" \
            if PASSCODE.match(key.strip()) else nearest(key)
        checker.add(line, f"unknown card name {key!r}{hint}")
    return found


def read_list(path: str) -> LimitList:
    """A Forbidden & Limited list: a YAML mapping with `forbidden`, `limited` and
    `semi_limited`, each a list of English names or passcodes, and an optional `title`."""
    from .load import load_yaml_file

    data = load_yaml_file(path)
    checker = Checker(path)
    statuses = words("list_status")
    limits = LimitList(path)
    if not checker.mapping(data, "a Forbidden & Limited list", getattr(data, "line", 1)):
        raise BadInput(checker.problems)
    checker.known_keys(data, ("title",) + statuses, "a Forbidden & Limited list")
    if "title" in data:
        checker.text(data, "title", "a Forbidden & Limited list")
    if not any(status in data for status in statuses):
        checker.add(getattr(data, "line", 1), "a Forbidden & Limited list gives at least one "
                    f"of {', '.join(statuses)}")
    for status in [key for key in data if key in statuses]:     # in the file's order
        cards = data.get(status)
        if cards is None:
            continue
        line = checker.line(data, status)
        if not checker.listing(cards, status, line, LIST_CARDS):
            continue
        for index, key in enumerate(cards):
            at = cards.line_of(index) if hasattr(cards, "line_of") else line
            found = _card(key, at, checker, f"{status}[{index + 1}]")
            if found is None:
                continue
            if found.name in limits.status:
                first, first_line = limits.status[found.name]
                checker.add(at, f"{found.name!r} is listed twice (first as {first}, line "
                            f"{first_line}); a card has one status")
                continue
            limits.status[found.name] = (status, at)
    if checker.problems:
        raise BadInput(checker.problems)
    return limits


def deck_facts(deck: Deck, limits: LimitList | None) -> str:
    """The facts of asp/deck.lp: one deck_entry/4 per entry, the category and kind of each
    card named, and the list's status of the cards in the deck."""
    from .facts import constant, quoted

    lines: list[str] = []
    named: dict[str, Found] = {}
    for entry in deck.entries:
        lines.append(f"deck_entry({entry.section},{entry.line},{quoted(entry.card.name)},"
                     f"{entry.count}).")
        named.setdefault(entry.card.name, entry.card)
    for name, card in sorted(named.items()):
        for key in ("category", "kind"):
            lines.append(f"definition({quoted(name)},{key},{constant(card.definition[key])}).")
    if limits is not None:
        for name, (status, _) in sorted(limits.status.items()):
            if name in named:
                lines.append(f"deck_list({quoted(name)},{status}).")
    return "\n".join(lines) + "\n"


@dataclass
class Verdict:
    """What the rules say of a deck: whether it may be used, the size of each section, and
    each rule it breaks with where and the count."""

    legal: bool
    sizes: dict[str, int]
    violations: list[dict[str, Any]]


def check_deck(deck: Deck, limits: LimitList | None) -> Verdict:
    """Ask the rules (asp/decklist.lp) about the deck."""
    from .catalogue import reason
    from .pipeline import plain
    from .solve import solve

    answer = solve(deck_facts(deck, limits), "decklist.lp", file=deck.file)[0]
    found = {str(a.arguments[0]): a.arguments[1].number for a in answer.of("section_size")}
    sizes = {section: found[section] for section in SECTIONS if section in found}
    violations = []
    for atom in answer.of("deck_forbids"):
        rule, location, message, detail = atom.arguments
        item: dict[str, Any] = dict(reason(rule.string))
        shown = message.string.replace("@", str(plain(detail)))
        place = location.name
        value = plain(location.arguments[0])
        if place in ("card", "card_in"):
            section = plain(location.arguments[1]) if place == "card_in" else None
            item.update(card=value, message=f"{value}: {shown}",
                        lines=deck.lines_of(value, section))
            if section is not None:
                item["section"] = section
        else:
            header = deck.headers.get(value)
            item.update(section=value, message=shown, lines=[header] if header else [])
        violations.append(item)
    violations.sort(key=lambda v: (v["lines"][0] if v["lines"] else 0, v["rule"],
                                   v["message"]))
    return Verdict(legal=answer.has("deck_legal"), sizes=sizes, violations=violations)
