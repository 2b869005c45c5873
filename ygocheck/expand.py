"""`actions --expand`: one action per set of cards a legal action may choose, as the rules
enumerate them (asp/expand.lp)."""

from __future__ import annotations

from typing import Any

from .decode import action_object, sort_actions
from .pipeline import Loaded
from .problems import BadInput, Problem
from .registry import registry

# More combinations than this are not listed: the options (`targets_from`) say the same.
MAX_EXPANDED = 1000


def expand_actions(loaded: Loaded, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from .control import ground
    from .solve import parsed
    from .state_out import value

    control = ground(parsed("question.lp", ("expand.lp",)), loaded.facts, loaded.file,
                     [str(MAX_EXPANDED + 1), "--project=show"]).control
    found: list[dict[str, Any]] = []

    def keep(model: Any) -> None:
        action: dict[str, Any] | None = None
        chosen: dict[str, list[str]] = {}
        place: dict[str, Any] = {}
        for symbol in model.symbols(shown=True):
            if symbol.name == "expanded":
                action = action_object(symbol.arguments[0])
            elif symbol.name == "picked_card":
                chosen.setdefault(str(symbol.arguments[0]), []).append(value(symbol.arguments[1]))
            elif symbol.name == "expanded_zone":
                place = {"zone": str(symbol.arguments[0]), "slot": value(symbol.arguments[1])}
            elif symbol.name == "expanded_position":
                place["position"] = str(symbol.arguments[0])
        if action is None:
            return
        # Each kind of choice under the key that names its cards (asp/registry.lp).
        for kind, cards in chosen.items():
            key, _, sub = registry().choice(kind).named_by.partition(".")
            if sub:
                action.setdefault(key, {})[sub] = sorted(cards)
            else:
                action[key] = sorted(cards)
        action.update(place)
        found.append(action)

    control.solve(on_model=keep)
    if len(found) > MAX_EXPANDED:
        raise BadInput([Problem(loaded.file, None, f"--expand would list more than "
                                f"{MAX_EXPANDED} actions; use the options (targets_from and the "
                                "like) without --expand")])
    def identity(action: dict[str, Any]) -> tuple[Any, ...]:
        return (action["player"], action["action"], action.get("card"), action.get("effect"),
                action.get("target"), action.get("phase"))

    choosing = {identity(a) for a in listed if any(k.endswith("_from") for k in a)}
    plain = [a for a in listed if identity(a) not in choosing]
    return sort_actions(plain + [a for a in found if identity(a) in choosing])
