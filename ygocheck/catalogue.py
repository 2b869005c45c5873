"""The rule catalogue (asp/catalogue.yaml): rule ID -> statement and seed source."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml

from .resources import asp_folder


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, Any]]:
    """Each rule's statement and source, and (`profiles`, a list) the rule profiles it belongs
    to when it does not belong to every one."""
    text = (asp_folder() / "catalogue.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return {str(rule): dict(entry) for rule, entry in data.items()}


def reason(rule: str) -> dict[str, str]:
    """A reason object for `why` (docs/format.md, "ygocheck why")."""
    entry = catalogue().get(rule, {})
    return {"rule": rule, "text": entry.get("statement", "(not in the catalogue)"),
            "source": entry.get("source", "")}
