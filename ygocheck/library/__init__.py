"""The built-in card library: YAML card definitions (see docs/cards.md)."""
