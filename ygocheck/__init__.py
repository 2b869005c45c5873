"""ygocheck: a Yu-Gi-Oh! OCG ruling checker. The rules live in ASP (asp/); this package loads
snapshots, turns them into facts, runs clingo and presents the answers."""

__version__ = "0.1.0"
FORMAT = "ygocheck/1"
