"""Output for people: readable tables (colour only on a terminal)."""

from __future__ import annotations

import sys
from typing import Any

import click

from .decode import Decoded


def _colour() -> bool:
    return sys.stdout.isatty()


def _style(text: str, **style: Any) -> str:
    return click.style(text, **style) if _colour() else text


def describe_action(action: dict[str, Any]) -> str:
    parts = [action["action"]]
    if "card" in action:
        parts.append(str(action["card"]))
    if "method" in action:
        parts.append(str(action["method"]))
    if "procedure" in action:
        parts.append(f"procedure {action['procedure']}")
    if action["action"] == "special_summon" and "cards" in action:
        parts.append(" ".join(action["cards"]))
    if action["action"] == "activate" and action.get("effect", 1) != 1:
        parts.append(f"effect {action['effect']}")
    if "target" in action:
        parts.append(f"-> {action['target']}")
    if "to" in action:
        to = action["to"]
        where = to["phase"] + "".join(f" {to[k]}" for k in ("step", "timing") if k in to)
        parts.append(f"(to {where})")
    elif "phase" in action:
        parts.append(f"to {action['phase']}")
    if "targets" in action:
        parts.append("targets " + ", ".join(action["targets"]))
    if "tributes" in action:
        parts.append("tributing " + ", ".join(action["tributes"]))
    return " ".join(parts)


def _choices(action: dict[str, Any]) -> str:
    notes = []
    ranged = {"targets_from": "targets_up_to", "discards_from": "discards_up_to",
              "sent_from": "sent_up_to"}
    for key, word in (("targets_from", "target"), ("tributes_from", "tribute"),
                      ("discards_from", "discard"), ("sent_from", "cost card")):
        if key in action and (key not in ("discards_from", "sent_from")
                              or action.get(ranged[key])):
            count = len(action[key])
            options = sorted({card for group in action[key] for card in group})
            many = f"1 to {count}" if key in ranged and action.get(ranged[key]) else str(count)
            notes.append(f"{many} {word}{'s' if count > 1 else ''} from {', '.join(options)}")
    for key, word in (("materials_from", "materials"), ("cards_from", "cards")):
        if action["action"] == "special_summon" and key in action:
            notes.append(f"{word} from {', '.join(action[key])}")
    if "declares" in action:
        notes.append(f"declares a {action['declares'].replace('_', ' ')} (declare)")
    return "; ".join(notes)


def actions_table(state: dict[str, Any], decoded: Decoded, listed: list[dict[str, Any]],
                  show_blocked: bool) -> str:
    where = [f"turn {state.get('turn', '?')}", f"phase {state.get('phase', '?')}"]
    if state.get("step"):
        where.append(f"step {state['step']}")
    if state.get("timing"):
        where.append(f"timing {state['timing']}")
    header = ", ".join(where) + f"; priority: {decoded.priority or 'nobody (triggers waiting)'}" \
        + f"; window: {decoded.window or '-'}"
    lines = [_style(header, bold=True)]
    if not listed:
        lines.append("  (no legal action)")
    rows = [(a["player"], describe_action(a), _choices(a)) for a in listed]
    width = max((len(r[1]) for r in rows), default=0)
    for player, text, choices in rows:
        lines.append(f"  {player}  {text.ljust(width)}  {choices}".rstrip())
    if show_blocked and decoded.blocked:
        lines.append(_style("blocked:", bold=True))
        for action, rules in decoded.blocked:
            lines.append(f"  {action['player']}  {describe_action(action)}  "
                         + _style(", ".join(rules), fg="yellow"))
    return "\n".join(lines)


def test_report(results: list[Any], before_summary: list[str] | None = None) -> str:
    """A line per case (and its failures), then `before_summary` (the coverage, the slowest
    cases), then the summary line, last."""
    lines = []
    passed = failed = apart = skipped = resting = 0
    for result in results:
        mark = "PASS" if result.passed else "FAIL"
        if result.skipped:
            skipped += 1
            lines.append(f"{_style('SKIP', fg='yellow')}  {result.file}: {result.ruling}")
            lines.append(f"      {result.skipped}")
            continue
        if result.status != "settled":
            apart += 1
            mark = f"{mark} ({result.status}, not counted)"
        elif result.passed and result.unmodelled:
            resting += 1
            mark = "PASS*"
        elif result.passed:
            passed += 1
        else:
            failed += 1
        colour = "green" if result.passed else ("yellow" if result.status != "settled" else "red")
        lines.append(f"{_style(mark, fg=colour)}  {result.file}: {result.ruling}")
        for failure in result.failures:
            lines.append(f"      {failure}")
        for item in result.unmodelled:
            effect = "the card" if item["effect"] == "card" else f"effect {item['effect']}"
            lines.append(f"      rests on an unmodelled clause: {item['card']}, {effect}: "
                         f"{item['text']}")
    summary = f"{passed} passed, {failed} failed"
    if resting:
        summary += (f", {resting} passed resting on unmodelled clauses (PASS*: the answer may "
                    "change once they are modelled)")
    if skipped:
        summary += f", {skipped} skipped (cannot be decided yet)"
    if apart:
        summary += f" ({apart} unsettled or contested, reported apart)"
    lines.extend(before_summary or [])
    lines.append(summary)
    return "\n".join(lines)


def slowest_report(results: list[Any], elapsed: float, count: int = 5) -> str:
    """The cases that took the largest share of a run's time (CaseResult.seconds)."""
    slow = sorted(results, key=lambda r: -r.seconds)[:count]
    lines = [f"slowest cases (their share of the {elapsed:.1f} s run):"]
    for result in slow:
        where = f"{result.file}:{result.line}" if result.line else result.file
        lines.append(f"  {result.seconds:6.2f} s  {where}  {result.ruling}")
    return "\n".join(lines)
