"""How much input ygocheck reads: every limit in one place (listed in docs/format.md).

A file beyond them is refused with a message (exit 2) before any work grows with it: nothing
a snapshot says should make ygocheck run for minutes or take gigabytes.
"""

from __future__ import annotations

from typing import Any

from .problems import BadInput, Problem

FILE_BYTES = 5_000_000          # a snapshot or ruling file
VALUES = 200_000                # values in one document, YAML aliases expanded
DEPTH = 40                      # nesting of mappings and lists
CARDS = 2_000                   # cards listed in one snapshot
EVENTS = 20_000                 # events listed in one snapshot
CHAIN_LINKS = 100               # links of one chain
PENDING = 100                   # triggers waiting
MODIFIERS = 100                 # lingering modifiers on one card
LIST_ITEMS = 200                # other lists (targets, used_this_turn, destroyed, ...)
COUNTERS = 50                   # kinds of counter on one card
ACTIONS = 1_000                 # actions of one `play` or one ruling case's `do:`
DEFINITIONS = 2_000             # card definitions declared in one file
TEXT = 10_000                   # characters of one text (a name, a title, a note)
DECK_ENTRIES = 500              # cards (.ydk lines) or entries (YAML) of one deck list
DECK_COPIES = 100               # copies one entry of a YAML deck list may count
LIST_CARDS = 5_000              # cards of one Forbidden & Limited list
LP_FACTS = 20_000               # facts of one .lp snapshot (50,000 took over 30 s to ground)


def check_document(value: Any, file: str) -> None:
    """Refuse a loaded document that nests too deep or expands beyond VALUES values: YAML
    aliases can make a small file stand for an enormous one ("billion laughs"). Each distinct
    object is counted once with what it expands to, so the check itself stays small."""
    sizes: dict[int, int] = {}

    def size(item: Any, depth: int) -> int:
        if depth > DEPTH:
            raise BadInput([Problem(file, getattr(item, "line", None), f"the document nests "
                                    f"deeper than {DEPTH} levels; a snapshot needs far fewer")])
        if not isinstance(item, (dict, list)):
            if isinstance(item, str) and len(item) > TEXT:
                raise BadInput([Problem(file, None, f"a text of {len(item)} characters; texts "
                                        f"are at most {TEXT}")])
            return 1
        known = sizes.get(id(item))
        if known is not None:
            return known
        children = list(item.keys()) + list(item.values()) if isinstance(item, dict) else item
        total = 1
        for child in children:
            total += size(child, depth + 1)
            if total > VALUES:
                raise BadInput([Problem(file, getattr(item, "line", None), f"the document "
                                        f"holds more than {VALUES} values (YAML aliases "
                                        "expanded); a snapshot needs far fewer")])
        sizes[id(item)] = total
        return total

    size(value, 0)


def check_count(items: Any, limit: int, what: str, file: str, line: int | None) -> None:
    if isinstance(items, (list, dict)) and len(items) > limit:
        raise BadInput([Problem(file, line, f"{len(items)} {what}; at most {limit} are read")])
