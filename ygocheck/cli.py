"""The ygocheck command line (docs/format.md, "Commands", describes every command).

Exit codes: 0 success, 1 a ruling/check failed, 2 bad input or usage. Errors go to stderr as
one clear message, never a traceback. Heavy modules (PyYAML, clingo) are imported inside the
commands so that `ygocheck --help` is instant.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from . import __version__


def _fail(messages: list[str], code: int = 2) -> NoReturn:
    for message in messages:
        click.echo(f"ygocheck: {message}", err=True)
    sys.exit(code)


def _guarded(function: Callable[..., Any]) -> Callable[..., Any]:
    """Turn BadInput and internal errors into one message and the right exit code."""
    import functools

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from .actions import ActionError
        from .problems import BadInput, EncodingBug

        import os

        named = kwargs.get("snapshot") or kwargs.get("snapshots") or kwargs.get("paths") or \
            kwargs.get("deck_file")
        files = ", ".join(named) if isinstance(named, tuple) else str(named or "")
        where = f"{files}: " if files else ""
        try:
            return function(*args, **kwargs)
        except BadInput as error:
            _fail([p.render() for p in error.problems])
        except ActionError as error:
            _fail([str(error)])
        except EncodingBug as error:
            if os.environ.get("YGOCHECK_DEBUG"):
                raise
            _fail([f"{where}internal error: {error}; this is a bug in ygocheck, please report "
                   "it with this input"], code=3)
        except KeyboardInterrupt:
            _fail(["interrupted"], code=130)
        except BrokenPipeError:   # the reader of the output stopped (`| head`): not an error
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(141)
        except Exception as error:  # noqa: BLE001 - never a traceback for a person
            if os.environ.get("YGOCHECK_DEBUG"):   # for the people who fix it
                raise
            _fail([f"{where}internal error ({type(error).__name__}: {error}); this is a bug in "
                   "ygocheck, please report it with this input (YGOCHECK_DEBUG=1 shows where)"],
                  code=3)
    return wrapper


def _dump(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _echo_warnings(warnings: list[dict[str, Any]], prefix: str = "") -> None:
    """One line per unmodelled clause the answer rests on (asp/unmodelled.lp)."""
    for item in warnings:
        effect = "the card" if item["effect"] == "card" else f"effect {item['effect']}"
        ways = " and ".join(LEANS[w] for w in item.get("leans") or [])
        lean = f" (the answer {ways})" if ways else ""
        click.echo(f"{prefix}warning: {item['card']}, {effect}: not modelled: {item['text']}"
                   f"{lean}")


# How each way a warning leans (asp/unmodelled.lp) reads in the text output.
LEANS = {"allows_too_much": "may allow too much",
         "lists_too_little": "may list too little"}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ygocheck")
def main() -> None:
    """ygocheck: Yu-Gi-Oh! OCG rulings, derived by clingo from the rules in ASP.

    SNAPSHOT is a YAML file of one moment of a duel (or ASP facts, .lp); ACTION is a compact
    string such as 'B activate b_mirror' or a JSON object. The format, every command's output
    and the exit codes (0 ok, 1 a ruling or check failed, 2 bad input, 3 a bug): docs/format.md.
    Card definitions: docs/cards.md. The rules and their IDs: docs/rules.md."""


@main.command()
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.option("--player", type=click.Choice(["A", "B"]), help="List this player's actions "
              "(none unless they hold priority).")
@click.option("--json", "as_json", is_flag=True,
              help="Machine output (docs/format.md, \"ygocheck actions\").")
@click.option("--expand", is_flag=True, help="One action per choice of targets/tributes.")
@click.option("--as", "viewer", type=click.Choice(["A", "B"]),
              help="What the other player might do, given only what this player knows.")
@click.option("--hidden", "hidden_file", type=click.Path(dir_okay=False),
              help="With --as: the cards a hidden card may be (YAML list or one name a line; "
                   "default: the library).")
@click.option("--blocked", "show_blocked", is_flag=True,
              help="Also list the actions the rules block, with the rule IDs.")
@_guarded
def actions(snapshot: str, player: str | None, as_json: bool, expand: bool,
            viewer: str | None, hidden_file: str | None, show_blocked: bool) -> None:
    """Every legal action now, for the player with priority (or the one named).

    Choices of cards are listed as targets_from / tributes_from (docs/format.md, "Listed
    actions")."""
    from .decode import decode
    from .expand import expand_actions
    from .output import actions_table
    from .pipeline import first_answer, load

    loaded = load(snapshot)
    if viewer is not None:
        _actions_as(loaded, viewer, hidden_file, as_json)
        return
    if hidden_file is not None:
        _fail(["--hidden is for --as: the cards a hidden card may be"], code=2)
    extras = ("show_reasons.lp",) if show_blocked else ()
    decoded = decode(first_answer(loaded, "main.lp", extras)[0])
    listed = decoded.actions
    if player is not None:
        listed = [a for a in listed if a["player"] == player]
    if expand:
        listed = expand_actions(loaded, listed)
    state = loaded.snapshot.state if loaded.snapshot else {}
    if as_json:
        out: dict[str, Any] = {"priority": decoded.priority, "phase": state.get("phase"),
                               "step": state.get("step"), "timing": state.get("timing"),
                               "window": decoded.window, "actions": listed}
        if decoded.battle_result is not None:
            out["battle_result"] = decoded.battle_result
        if show_blocked:
            out["blocked"] = [dict(action, rules=rules) for action, rules in decoded.blocked]
        out["warnings"] = decoded.warnings
        _dump(out)
        return
    click.echo(actions_table(state, decoded, listed, show_blocked))
    _echo_warnings(decoded.warnings)


def _actions_as(loaded: Any, viewer: str, hidden_file: str | None, as_json: bool) -> None:
    from .hypotheses import actions_as

    found = actions_as(loaded, viewer, hidden_file)
    if as_json:
        _dump(found)
        return
    click.echo(f"# what {found['player']} might do, as {found['as']} knows the moment "
               f"({found['hypotheses']} hypotheses over {found['candidates']} candidate cards)")
    if "no_decision" in found:
        click.echo(f"# {found['player']} has no decision to make at this moment, whatever "
                   f"their hidden cards are ({found['no_decision']}): no hypothesis was tried")
    for action in found["actions"]:
        shown = {k: v for k, v in action.items() if k != "rests_on"}
        if action["rests_on"]:
            facts = "; ".join(f"if {f['card']} is {f['is']}"
                              + (" (resting on its unmodelled text)" if f.get("unmodelled")
                                 else "")
                              for f in action["rests_on"])
        else:
            facts = "whatever the hidden cards are"
        click.echo(f"{json.dumps(shown, ensure_ascii=False)}  # {facts}")
    _echo_warnings(found["warnings"])


@main.command()
@click.argument("snapshots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
def check(snapshots: tuple[str, ...], as_json: bool) -> None:
    """Validate snapshots; exit 0 when each is a possible moment of a duel, else 2.

    Several snapshots are checked with one start-up (and one grounding for the YAML ones).
    What is checked: docs/format.md, "Impossible snapshots"."""
    from .pipeline import first_answers, load
    from .problems import BadInput, EncodingBug

    try:
        loaded: list[Any] = []
        for path in snapshots:
            try:
                loaded.append(load(path))
            except BadInput as error:
                loaded.append(error)
        fine = [item for item in loaded if not isinstance(item, BadInput)]
        answers = iter(first_answers(fine))
        verdicts = [item if isinstance(item, BadInput) else next(answers) for item in loaded]
    except EncodingBug as error:
        _fail([f"internal error: {error}"], code=3)
    except Exception as error:  # noqa: BLE001 - never a traceback for a person
        _fail([f"internal error ({type(error).__name__}: {error}); this is a bug in "
               "ygocheck, please report it with the snapshot"], code=3)
    bad = [v for v in verdicts if isinstance(v, BadInput)]
    if as_json:
        reports = [{"file": path, "ok": not isinstance(v, BadInput),
                    "errors": [p.as_json() for p in v.problems] if isinstance(v, BadInput)
                    else []} for path, v in zip(snapshots, verdicts, strict=True)]
        if len(snapshots) == 1:
            _dump({"ok": reports[0]["ok"], "errors": reports[0]["errors"]})
        else:
            _dump({"ok": not bad, "files": reports})
        sys.exit(2 if bad else 0)
    for path, verdict in zip(snapshots, verdicts, strict=True):
        if isinstance(verdict, BadInput):
            for problem in verdict.problems:
                click.echo(f"ygocheck: {problem.render()}", err=True)
        else:
            click.echo(f"{path}: ok")
    sys.exit(2 if bad else 0)


@main.command()
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.argument("action")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@_guarded
def why(snapshot: str, action: str, as_json: bool) -> None:
    """Is ACTION legal now, and why not, citing the rules (exit 0 legal, 1 not legal).

    ACTION: 'B activate b_mirror', 'A attack a_dragon direct', or a JSON object
    (docs/format.md, "Actions"). The rule IDs cited are explained in docs/rules.md."""
    from .actions import check_cards, parse_action
    from .catalogue import reason
    from .decode import request_answer, warnings_of
    from .explain import reason_facts
    from .facts import request_facts
    from .pipeline import first_answer, load

    wanted = parse_action(action)
    loaded = load(snapshot)
    check_cards([wanted], loaded.card_ids(), loaded.file)
    answer = first_answer(loaded, "question.lp", requests=request_facts("why", wanted))[0]
    legal, rules = request_answer(answer, "why")
    facts = reason_facts(answer, "why", legal)
    reasons: list[dict[str, Any]] = [dict(reason(rule), facts=facts.get(rule, []))
                                     for rule in rules]
    warnings = warnings_of(answer)
    if as_json:
        _dump({"action": wanted, "legal": legal, "reasons": reasons, "warnings": warnings})
        sys.exit(0 if legal else 1)
    click.echo(("legal" if legal else "not legal") + f": {action}"
               + (" — allowed by:" if legal and reasons else ""))
    if not legal and not reasons:
        click.echo("  no such action exists here (no card or effect matches it)")
    for item in reasons:
        click.echo(f"  {item['rule']}: {item['text']}  [{item['source']}]")
        if item["facts"]:
            click.echo("    here: " + "; ".join(fact["text"] for fact in item["facts"]))
    _echo_warnings(warnings)
    sys.exit(0 if legal else 1)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes to share the cases among (default: the number of CPUs).")
@click.option("--coverage", is_flag=True,
              help="Also report, per rule ID, the cases that exercise it, and how the seed "
                   "documents' worked cases are encoded (docs/format.md, \"Coverage\").")
@click.option("--cases", "cases_file", type=click.Path(exists=True, dir_okay=False),
              help="The list of seed cases for --coverage (default: the project's "
                   "examples/seeds/seed_cases.yaml).")
def test(paths: tuple[str, ...], as_json: bool, jobs: int | None, coverage: bool,
         cases_file: str | None) -> None:
    """Run ruling files; exit 1 if any settled case fails (docs/format.md, "Ruling files").

    On a terminal a count of finished cases is shown on stderr as the run goes; a run that
    takes 10 seconds or more ends by naming its slowest cases."""
    import os
    import time

    from .output import slowest_report, test_report
    from .rulings import ruling_files, run_paths

    for path in paths:
        if not ruling_files([path]):   # a suite that runs nothing would pass vacuously
            _fail([f"{path}: no ruling files (.yaml, .yml) under this folder"])
    seeds = None
    if coverage:
        from .coverage import find_seed_cases
        from .problems import BadInput

        try:
            seeds = find_seed_cases(cases_file)
        except BadInput as error:
            _fail([p.render() for p in error.problems])
    if cases_file and not coverage:
        _fail(["--cases names the seed-case list of --coverage; give --coverage too"])
    shown = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        click.echo(f"\rygocheck test: {done}/{total} cases", nl=False, err=True)

    started = time.perf_counter()
    results = run_paths(list(paths), jobs or os.cpu_count() or 1, progress if shown else None)
    elapsed = time.perf_counter() - started
    if shown:
        click.echo("\r\033[K", nl=False, err=True)
    counted = [r for r in results if r.status == "settled" and not r.skipped]
    failed = [r for r in counted if not r.passed]
    report = None
    if coverage:
        from .coverage import coverage_report

        report = coverage_report(results, seeds)
    if as_json:
        out: dict[str, Any] = {"passed": sum(1 for r in counted if r.passed),
                               "failed": len(failed),
                               "skipped": sum(1 for r in results if r.skipped),
                               "resting_on_unmodelled": sum(1 for r in counted
                                                            if r.passed and r.unmodelled),
                               "seconds": round(elapsed, 3),
                               "cases": [r.as_json() for r in results]}
        if report is not None:
            out["coverage"] = report.as_json()
        _dump(out)
    else:
        extra = [report.text()] if report is not None else []
        if elapsed >= SLOW_RUN:
            extra.append(slowest_report(results, elapsed))
        click.echo(test_report(results, extra))
    sys.exit(1 if failed else 0)


# A run of `ygocheck test` this long (seconds) names its slowest cases.
SLOW_RUN = 10.0

KIND_WORDS = ("monster", "spell", "trap", "normal", "effect", "fusion", "ritual", "synchro",
              "xyz", "link", "token", "quick_play", "continuous", "equip", "field", "counter")


@main.command()
@click.argument("name", required=False)
@click.option("--list", "as_list", is_flag=True,
              help="List cards (NAME, if given, filters by a part of a name).")
@click.option("--kind", type=click.Choice(KIND_WORDS), help="With --list: only this kind "
              "(normal, quick_play, counter ...) or category (monster, spell, trap).")
@click.option("--category", type=click.Choice(("monster", "spell", "trap")),
              help="With --list: only this category.")
@click.option("--modelled/--unmodelled", "modelled", default=None,
              help="With --list: only cards whose effects the library models / does not.")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/official.md).")
@_guarded
def card(name: str | None, as_list: bool, kind: str | None, category: str | None,
         modelled: bool | None, as_json: bool) -> None:
    """A card's definition with its effect numbers, and whether its effects are modelled.

    NAME: an English, Japanese or Korean name (exact, or a part of one), or a passcode."""
    if as_list:
        _card_list(name, kind, category, modelled, as_json)
        return
    if name is None:
        _fail(["card needs a NAME (a name or a passcode), or --list"])
    if kind or category or modelled is not None:
        _fail(["--kind, --category and --modelled/--unmodelled go with --list"])
    from .known import find

    lookup = find(name)
    if lookup.found is None:
        _fail([lookup.problem])
    found = lookup.found
    numbered = dict(found.definition)
    numbered["effects"] = [dict(effect, number=i) for i, effect in
                           enumerate(found.definition.get("effects") or [], start=1)]
    if as_json:
        _dump({"name": found.name, **numbered, "modelled": found.modelled,
               "matched_by": found.how,
               "official": found.official.as_json() if found.official is not None else None})
        return
    import yaml

    for line in _card_notes(found):
        click.echo(f"# {line}")
    click.echo(yaml.safe_dump({found.name: numbered}, sort_keys=False, allow_unicode=True,
                              width=100))


def _card_notes(found: Any) -> list[str]:
    """The comment lines above a card's definition: its names and numbers, and whether its
    effects are modelled."""
    notes = []
    listed = found.official
    if listed is not None:
        names = " / ".join(n for n in (listed.ja, listed.ko) if n)
        codes = ", ".join(str(c) for c in listed.passcodes) or "none"
        notes.append(f"{listed.en}" + (f" ({names})" if names else "")
                     + f"; passcode{'s' if len(listed.passcodes) > 1 else ''} {codes}"
                     + (f"; Konami id {listed.konami_id}" if listed.konami_id else ""))
        printed = [f"{key.upper()} ?" for key, value in (("atk", listed.atk), ("def", listed.def_))
                   if value == "?"]
        if printed:
            notes.append(f"printed {' and '.join(printed)} (written as 0)")
    if found.modelled:
        notes.append("effects modelled: the library defines them (ygocheck/library)")
    else:
        notes.append("effects not modelled: known by its stats only (official card list)")
    if found.how != "name":
        notes.append(f"found by {found.how}")
    return notes


def _card_list(text: str | None, kind: str | None, category: str | None,
               modelled: bool | None, as_json: bool) -> None:
    from .known import every_card
    from .official import normal

    wanted = normal(text) if text else ""
    chosen = []
    for found in every_card():
        definition = found.definition
        if kind in ("monster", "spell", "trap"):
            if definition["category"] != kind:
                continue
        elif kind and definition["kind"] != kind:
            continue
        if category and definition["category"] != category:
            continue
        if modelled is not None and found.modelled != modelled:
            continue
        if wanted:
            names = [found.name] + ([found.official.ja, found.official.ko]
                                    if found.official is not None else [])
            if not any(wanted in normal(n) for n in names if n):
                continue
        chosen.append(found)
    if as_json:
        _dump({"count": len(chosen), "modelled": sum(1 for f in chosen if f.modelled),
               "cards": [{"name": f.name, "category": f.definition["category"],
                          "kind": f.definition["kind"],
                          "passcodes": list(f.official.passcodes) if f.official is not None
                          else ([f.definition["passcode"]] if "passcode" in f.definition
                                else []),
                          "modelled": f.modelled} for f in chosen]})
        return
    for found in chosen:
        definition = found.definition
        code = str(definition.get("passcode", "-"))
        click.echo(f"{'modelled' if found.modelled else 'stats-only'}\t{found.name}\t"
                   f"{definition['kind']} {definition['category']}\t{code}")


@main.command()
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--list", "list_file", metavar="LIST", type=click.Path(dir_okay=False),
              help="A Forbidden & Limited list (YAML: forbidden, limited, semi_limited).")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/decks.md).")
@_guarded
def deck(deck_file: str, list_file: str | None, as_json: bool) -> None:
    """May this deck be used? (.ydk or a YAML deck list; exit 0 legal, 1 not legal)

    The sizes of the Main, Extra and Side Decks, copies of a name, what goes in the Extra
    Deck and the limits of a Forbidden & Limited list, as the rules say."""
    from .deck import SECTION_NAMES, check_deck, read_deck, read_list

    cards = read_deck(deck_file)
    limits = read_list(list_file) if list_file else None
    verdict = check_deck(cards, limits)
    if as_json:
        _dump({"file": deck_file, "list": list_file, "legal": verdict.legal,
               "counts": verdict.sizes, "violations": verdict.violations,
               "cards": [entry.as_json() for entry in cards.entries]})
        sys.exit(0 if verdict.legal else 1)
    sizes = ", ".join(f"{SECTION_NAMES[s]} {n}" for s, n in verdict.sizes.items())
    modelled = len({e.card.name for e in cards.entries if e.card.modelled})
    names = len({e.card.name for e in cards.entries})
    click.echo(f"{deck_file}: {'legal' if verdict.legal else 'not legal'} ({sizes}; "
               f"{modelled} of {names} cards' effects modelled)")
    for item in verdict.violations:
        where = f"{deck_file}:{item['lines'][0]}" if item["lines"] else deck_file
        click.echo(f"{where}: {item['rule']}: {item['message']}  [{item['source']}]")
    sys.exit(0 if verdict.legal else 1)


@main.command()
@click.argument("rule_id", metavar="[ID]", required=False)
@click.option("--search", "words", metavar="WORDS",
              help="List the rules whose ID, statement or source contains every word.")
@click.option("--rulings", "rulings", multiple=True, type=click.Path(exists=True),
              help="Ruling files or folders to look in (repeatable; default: the project's "
                   "examples/rulings when the rules come from a checkout).")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@_guarded
def rule(rule_id: str | None, words: str | None, rulings: tuple[str, ...],
         as_json: bool) -> None:
    """A rule of the catalogue: its statement, seed source, the lines of asp/ that implement
    it and the ruling files that check or name it. With no ID, every rule (docs/rules.md)."""
    from pathlib import Path

    from .resources import asp_folder
    from .rule_index import default_rulings, entries, grouped_lines, near_ids, search

    if rule_id is not None and words is not None:
        _fail(["give a rule ID or --search WORDS, not both"])
    paths = [Path(p) for p in rulings] if rulings else default_rulings()
    root = asp_folder().parent if not rulings else None
    known = entries(paths, relative_to=root)
    if rule_id is None:
        found = search(words, known) if words is not None else known
        if as_json:
            _dump({"search": words, "rules": [{"rule": e.rule, "statement": e.statement,
                                               "source": e.source} for e in found]})
            return
        if not found:
            click.echo(f"no rule mentions {words!r}")
        for match in found:
            click.echo(f"{match.rule}: {match.statement}")
        return
    by_id = {entry.rule: entry for entry in known}
    entry = by_id.get(rule_id) or by_id.get(rule_id.upper())
    if entry is None:
        hints = near_ids(rule_id, list(by_id))
        _fail([f"unknown rule {rule_id!r}"
               + (f"; did you mean {', '.join(hints)}?" if hints else
                  "; `ygocheck rule` lists every rule, `ygocheck rule --search WORD` finds one")])
    if as_json:
        _dump(entry.as_json())
        return
    click.echo(f"{entry.rule}: {entry.statement}")
    click.echo(f"  source: {entry.source}")
    click.echo(f"  rules: {entry.profiles_text()}")
    click.echo("  implemented in:" if entry.lines else "  implemented in: no line of asp/")
    for file, numbers in grouped_lines(entry.lines):
        click.echo(f"    {file}: {', '.join(map(str, numbers))}")
    if not paths:
        click.echo("  ruling files: none looked at (give --rulings PATH)")
        return
    click.echo("  ruling files:" if entry.rulings else "  ruling files: none name it")
    for use in entry.rulings:
        click.echo(f"    {use.file}" + ("  (checked in expect.reasons)" if use.in_reasons
                                        else ""))


def _yaml_snapshot(path: str) -> Any:
    """A YAML snapshot, loaded and shape-checked (play and resolve write YAML snapshots)."""
    from .pipeline import load
    from .problems import BadInput, Problem

    if path.endswith(".lp"):
        raise BadInput([Problem(path, None, "play and resolve need a YAML snapshot: their "
                                "results are YAML snapshots")])
    return load(path)


def _dump_yaml(data: Any) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


@main.command()
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.argument("more", nargs=-1)
@click.option("--do", "actions", multiple=True,
              help="An action, applied in order (repeat --do, or list more actions after it).")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@_guarded
def play(snapshot: str, more: tuple[str, ...], actions: tuple[str, ...], as_json: bool) -> None:
    """Apply actions in order, resolving chains as the rules say; stop at an illegal one.

    `--do 'A activate a_hole' --do 'B pass'` and `--do 'A activate a_hole' 'B pass'` mean the
    same: the actions are applied in the order given. Prints the snapshot reached (YAML, valid
    input again) and the events; exit 1 when it stopped (docs/format.md, "Playing")."""
    from .actions import ActionError, check_cards, parse_action
    from .play import play as run_play

    if not actions and not more:
        raise ActionError("play needs at least one action: --do ACTION ...")
    if len(actions) > 1 and more:
        raise ActionError("give the actions either with one --do each, or all after a single "
                          "--do; mixing both would leave their order unclear")
    from .limits import ACTIONS

    if len(actions) + len(more) > ACTIONS:
        raise ActionError(f"{len(actions) + len(more)} actions given; play takes at most "
                          f"{ACTIONS} at a time")
    parsed = [parse_action(a) for a in list(actions) + list(more)]
    loaded = _yaml_snapshot(snapshot)
    check_cards(parsed, loaded.card_ids(), snapshot)
    result = run_play(loaded, parsed)
    if as_json:
        _dump(result.as_json())
    else:
        click.echo(_dump_yaml(result.snapshot), nl=False)
        click.echo("# events:")
        for event in result.events:
            click.echo(f"#   {json.dumps(event, ensure_ascii=False)}")
        _echo_warnings(result.warnings, "# ")
        if result.stopped_at:
            stop = result.stopped_at
            click.echo(f"# stopped at action {stop['index'] + 1}: {stop['message']}", err=True)
            for item in stop.get("reasons") or []:
                click.echo(f"#   {item['rule']}: {item['text']}  [{item['source']}]", err=True)
                if item.get("facts"):
                    click.echo("#     here: " + "; ".join(f["text"] for f in item["facts"]),
                               err=True)
            for option in stop.get("options") or []:
                click.echo(f"#   option: {json.dumps(option, ensure_ascii=False)}", err=True)
    sys.exit(0 if result.ok else 1)


@main.command()
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@_guarded
def resolve(snapshot: str, as_json: bool) -> None:
    """Resolve the current chain; every possible outcome where a choice remains
    (docs/format.md, "ygocheck resolve")."""
    from .play import resolve as run_resolve

    outcomes: list[dict[str, Any]] = [
        {"choices": o.choices, "snapshot": o.snapshot, "events": o.events,
         "warnings": o.warnings} for o in run_resolve(_yaml_snapshot(snapshot))]
    if as_json:
        _dump({"outcomes": outcomes})
        return
    for number, outcome in enumerate(outcomes, start=1):
        click.echo(f"# outcome {number} of {len(outcomes)}"
                   + (f"; choices: {json.dumps(outcome['choices'])}" if outcome["choices"] else ""))
        click.echo(_dump_yaml(outcome["snapshot"]), nl=False)
        click.echo("# events:")
        for event in outcome["events"]:
            click.echo(f"#   {json.dumps(event, ensure_ascii=False)}")
        _echo_warnings(outcome["warnings"], "# ")


@main.command()
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.option("--lines", type=int, default=1, show_default=True,
              help="Random lines to play (at most 200).")
@click.option("--depth", type=int, default=5, show_default=True,
              help="Actions per line (at most 20; with --all at most 4).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The seed of the random lines: the same seed plays the same lines.")
@click.option("--all", "every", is_flag=True, help="Every line to --depth instead of random "
              "lines (at most 400 moments).")
@click.option("--json", "as_json", is_flag=True, help="Machine output (docs/format.md).")
@_guarded
def explore(snapshot: str, lines: int, depth: int, seed: int, every: bool,
            as_json: bool) -> None:
    """Play legal lines from SNAPSHOT and check every moment reached: possible, not stuck,
    and actions, --expand, why, play, resolve and view agreeing; exit 1 on a violation,
    printed with the line that reaches it (docs/format.md, "ygocheck explore")."""
    from .explore import ExploreLimit, explore as run_explore

    loaded = _yaml_snapshot(snapshot)
    try:
        report = run_explore(loaded, lines=lines, depth=depth, seed=seed, every=every)
    except ExploreLimit as error:
        _fail([f"{snapshot}: {error}"])
        return
    if as_json:
        _dump(report.as_json())
        sys.exit(1 if report.violations else 0)
    click.echo(f"{snapshot}: {report.moments} moments checked over {report.lines} lines, "
               f"{len(report.violations)} violations")
    for item in report.violations:
        click.echo(f"violation ({item.check}): {item.message}")
        click.echo("  do:" + ("" if item.line else " []"))
        for action in item.line:
            click.echo(f"    - {action}")
    click.echo(f"distinct outcomes: {len(report.outcomes)}")
    for key, count in report.outcomes.most_common():
        described = report.described[key]
        lp = described["lp"] or {}
        result = described["result"]
        ended = f"; {result['winner']} wins ({result['reason']})" if result else ""
        zones = ", ".join(f"{card} {zone}" for card, zone in described["cards"].items())
        click.echo(f"  {count} x LP A {lp.get('A')} B {lp.get('B')}{ended}: {zones}")
    sys.exit(1 if report.violations else 0)


@main.command(name="view")
@click.argument("snapshot", type=click.Path(dir_okay=False))
@click.option("--as", "player", type=click.Choice(["A", "B"]), required=True,
              help="The player whose knowledge is shown.")
@_guarded
def view_command(snapshot: str, player: str) -> None:
    """The snapshot as one player may know it: a valid snapshot in its own right, hidden cards
    replaced by what is known of them (docs/format.md, "ygocheck view")."""
    from .pipeline import load
    from .view import view

    click.echo(_dump_yaml(view(load(snapshot), player)), nl=False)


@main.command()
def serve() -> None:
    """Answer requests, one JSON object a line on stdin, one JSON answer a line on stdout,
    the rules and the card library kept between them (docs/format.md, "ygocheck serve")."""
    from .warm import Warm

    warm = Warm()
    try:
        warm.serve(sys.stdin.buffer, sys.stdout)
    except KeyboardInterrupt:
        sys.exit(130)
    finally:
        warm.close()


if __name__ == "__main__":
    main()
