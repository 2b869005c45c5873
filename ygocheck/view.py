"""`ygocheck view SNAPSHOT --as A|B` (docs/format.md, "ygocheck view"): the snapshot as one
player may know it.

The rules decide what the player knows (asp/knowledge.lp) and write the moment as that player
sees it (asp/view.lp: view_* facts in the snapshot_* vocabulary, hidden cards already replaced
by placeholders). This module only gives those facts the names the snapshot writer reads,
turns the rules' place-made ids (hidden(Controller, Zone, Slot)) into strings, and keeps the
card definitions of the names that are still shown.
"""

from __future__ import annotations

from typing import Any

from .engine import describe_many
from .load import plain
from .pipeline import Loaded
from .solve import Answer
from .state_out import snapshot_mapping, value

# view_* predicate → the snapshot_* (or current-stat) predicate the snapshot writer reads.
RENAMED = {"view_state": "snapshot_state", "view_life": "snapshot_life",
           "view_count": "snapshot_count", "view_card": "snapshot_card",
           "view_modifier": "snapshot_modifier", "view_link": "snapshot_link",
           "view_event": "snapshot_event", "view_pending": "snapshot_pending",
           "view_this_turn": "snapshot_this_turn", "view_battle": "snapshot_battle"}
STATS = {"atk": "current_atk", "def": "current_def", "level": "current_level"}


def view(loaded: Loaded, player: str) -> dict[str, Any]:
    """The snapshot of `loaded` as `player` ("A" or "B") may know it."""
    return views([(loaded, player)])[0]


def views(asked: list[tuple[Loaded, str]]) -> list[dict[str, Any]]:
    """Each snapshot as its player may know it, the moments grounded together
    (engine.describe_many): the same views as `view` gives one at a time."""
    moments = [Loaded(loaded.file, loaded.state + f"snapshot_viewer({player.lower()}).\n",
                      loaded.definitions, loaded.lines, loaded.snapshot)
               for loaded, player in asked]
    answers = describe_many(moments, extras=("view.lp",))
    return [_written(loaded, answer) for (loaded, _), answer in zip(asked, answers, strict=True)]


def _written(loaded: Loaded, answer: Answer) -> dict[str, Any]:
    """The view the rules' answer describes, written as a snapshot."""
    seen = _as_snapshot_atoms(answer)
    before = plain(loaded.before())
    before.pop("title", None)   # a person's text: it may name any card
    snapshot = snapshot_mapping(seen, before, loaded.card_order())
    names = {card["name"] for card in snapshot["state"]["cards"]}
    definitions = {name: d for name, d in (before.get("cards") or {}).items() if name in names}
    placeholders: dict[str, dict[str, Any]] = {}
    for atom in sorted(answer.of("view_definition")):
        name, key, item = atom.arguments
        placeholders.setdefault(name.string, {})[str(key)] = value(item)
    for name, fields in placeholders.items():
        definitions[name] = {k: fields[k] for k in ("category", "kind", "unmodelled")
                             if k in fields} | {"effects": []}
        if fields.get("hidden_card") == "true":
            definitions[name]["hidden_card"] = True
    if definitions:
        snapshot["cards"] = definitions
    else:
        snapshot.pop("cards", None)
    return {k: snapshot[k] for k in ("format", "cards", "state") if k in snapshot}


def _as_snapshot_atoms(answer: Answer) -> Answer:
    import clingo

    def plain_id(symbol: Any) -> Any:
        if symbol.type == clingo.SymbolType.Function and symbol.name == "hidden" and \
                len(symbol.arguments) == 3:
            controller, zone, slot = (str(a) if a.type != clingo.SymbolType.Number
                                      else str(a.number) for a in symbol.arguments)
            parts = [controller, "hidden", zone] + ([] if slot == "none" else [slot])
            return clingo.String("_".join(parts))
        if symbol.type == clingo.SymbolType.Function and symbol.arguments:
            return clingo.Function(symbol.name, [plain_id(a) for a in symbol.arguments],
                                   symbol.positive)
        return symbol

    atoms: dict[str, list[Any]] = {}
    for source, target in RENAMED.items():
        atoms[target] = [clingo.Function(target, [plain_id(a) for a in atom.arguments])
                         for atom in answer.of(source)]
    for atom in answer.of("view_stat"):
        card, key, amount = (plain_id(a) for a in atom.arguments)
        atoms.setdefault(STATS[str(key)], []).append(clingo.Function(STATS[str(key)],
                                                                     [card, amount]))
    return Answer(atoms=atoms)
