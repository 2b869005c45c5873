"""The snapshot as plain data, after validation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import CardDefinition

FIELD_ZONES = ("monster", "extra_monster", "spell_trap", "field", "pendulum")
ZONES = FIELD_ZONES + ("deck", "hand", "graveyard", "banished", "extra", "material")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
STEPS = ("start", "battle", "damage", "end")
TIMINGS = ("start", "before_calc", "calc", "after_calc", "end")
WINDOWS = ("open", "after_event", "summon_negation", "after_summon", "end_of_phase", "chain",
           "resolving", "triggers")
PLAYERS = ("A", "B")


@dataclass
class CardEntry:
    """One physical card. `fields` holds every validated key as written in the snapshot."""

    id: str
    name: str
    owner: str
    controller: str
    zone: str
    fields: dict[str, Any]
    line: int | None = None

    @property
    def face(self) -> str:
        default = "down" if self.zone in ("deck", "extra") else "up"
        return str(self.fields.get("face", default))

    @property
    def on_field(self) -> bool:
        return self.zone in FIELD_ZONES


@dataclass
class Snapshot:
    """A validated snapshot: its file, the card definitions it uses, and its state."""

    file: str
    title: str | None
    definitions: dict[str, CardDefinition]
    state: dict[str, Any]
    cards: list[CardEntry]
    raw: dict[str, Any] = field(default_factory=dict)

    def card(self, card_id: str) -> CardEntry | None:
        for entry in self.cards:
            if entry.id == card_id:
                return entry
        return None

    @property
    def turn_player(self) -> str:
        return str(self.state["turn_player"])
