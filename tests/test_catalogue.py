"""Every rule the ASP cites is in the catalogue, and every catalogue entry names its source."""

from __future__ import annotations

import re
from pathlib import Path

from ygocheck.catalogue import catalogue
from ygocheck.resources import asp_folder

SEEDS = ("000_f3bcdfcd3a9e2466.txt", "001_f62649cfa8aaffc7.txt", "002_c6ae516fcfcb1c0f.txt",
         "004_3a77f853d916b3e2.txt")
RULE_ID = re.compile(r"\b([A-Z]+-\d{2})\b")


def asp_files() -> list[Path]:
    return sorted(asp_folder().rglob("*.lp"))


def test_every_blocking_rule_is_in_the_catalogue() -> None:
    known = catalogue()
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for rule in re.findall(r'(?:requires|meets|forbids|refusal|blocked|permitted)\('
                               r'[^%\n]*?"([A-Z]+-\d{2})"\)', text) + \
                re.findall(r'deck_forbids\("([A-Z]+-\d{2})"', text):
            assert rule in known, f"{path.name} cites {rule}, which is not in the catalogue"


def test_every_rule_named_in_a_comment_is_in_the_catalogue() -> None:
    known = catalogue()
    for path in asp_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "%" not in line:
                continue
            for rule in RULE_ID.findall(line.split("%", 1)[1]):
                assert rule in known, f"{path.name}:{number} cites {rule}, not in the catalogue"


def test_every_catalogue_entry_has_a_statement_and_a_seed_source() -> None:
    for rule, entry in catalogue().items():
        assert RULE_ID.fullmatch(rule), f"{rule} is not a rule ID like TURN-04"
        assert len(entry.get("statement", "")) > 20, f"{rule} has no statement"
        assert any(seed in entry.get("source", "") for seed in SEEDS), \
            f"{rule} does not name a seed file as its source"


def test_every_deciding_rule_carries_a_rule_id() -> None:
    """requires/2 and forbids/2 are how the rules decide an action (legality/legal.lp turns
    them into blocked/2); each one must name a rule, not a variable, unless it takes the rule
    from a table that names them (place_rule/2, speed_one_rule/2, choice_rule/2 of
    asp/registry.lp) or passes on the rules that blocked an action or kept a target out
    (target_restriction_rule/1 the rule of a target's misfit of the text, legality/activation.lp;
    summon_rule/2 names the rule of each kind of summon an asked action is, part_decided_by/2
    the rule of each part of where a `next` goes, legality/turn.lp; precondition_fails/2, the
    rules that make an asked action no candidate, and request_fails/2, those a request fails
    whatever it means, each written with its ID in legality/; objection/2, the requirements
    and prohibitions of a candidate or an asked action, legality/legal.lp; procedure_rule/2
    and zone_rule/2 the rules of each summon procedure and of its zone, procedure_refuses/3
    the rule that keeps a material out, position_refused/3 the rule that keeps a position out,
    legality/special_summon.lp; pendulum_refuses/3 the rule that keeps a card out of a Pendulum
    Summon, legality/pendulum_summon.lp; resolution_refused/1, request.lp; clash_rule/1, the
    rules that keep a monster from coming face-up beside one it clashes with, filters.lp)."""
    tables = ("place_rule(A, R)", "speed_one_rule(A, R)", "choice_rule(K, R)", "blocked(A, R)",
              "target_refused_by(A, X, R)", "summon_rule(N, R)", "part_decided_by(K, R)",
              "precondition_fails(A, R)", "summon_rule(F, R)", "procedure_rule(M, R)",
              "zone_rule(M, R)", "procedure_refuses(A, X, R)", "request_fails(Id, R)",
              "objection(A, R)", "choice_rule(target, R)", "position_refused_as(Id, A, R)",
              "resolution_refused(R)", "target_restriction_rule(R)",
              "pendulum_refuses(A, X, R)", "clash_rule(R)")
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for head in re.findall(r"^(?:requires|forbids|refusal|deck_forbids|precondition_fails|"
                               r"request_fails)"
                               r"\(.*?:-[^.]*",
                               text,
                               flags=re.MULTILINE | re.DOTALL):
            assert re.search(r'"[A-Z]+-\d{2}"', head.split(":-")[0]) or \
                any(table in head for table in tables), f"{path.name}: {head} has no rule ID"


def test_the_rules_never_name_a_card() -> None:
    """What a card may do follows from its descriptors: no rule outside the card data names
    a particular card."""
    from ygocheck.cards import library

    names = list(library())
    for path in asp_files():
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert f'"{name}"' not in text, f"{path.name} names the card {name!r}"


def test_a_rule_of_one_profile_names_a_profile_the_rules_know_and_is_gated_on_it() -> None:
    """`profiles` (docs/design.md, "Rule profiles") lists values of the `rules` domain of
    asp/vocabulary.lp, and some line of asp/ that names the rule also reads the profile."""
    from ygocheck.rule_index import asp_lines
    from ygocheck.vocabulary import values

    known = {str(value) for value in values("rules")}
    lines = asp_lines()
    gated = 0
    for rule, entry in catalogue().items():
        profiles = entry.get("profiles")
        if profiles is None:
            continue
        assert isinstance(profiles, list) and profiles, f"{rule}: profiles must be a list"
        assert {str(p) for p in profiles} <= known, f"{rule}: profiles {profiles} not in {known}"
        for line in lines.get(rule, ()):
            text = (asp_folder().parent / line.file).read_text(encoding="utf-8")
            if "rules_profile(" in "\n".join(text.splitlines()[line.line - 1:line.line + 12]):
                gated += 1
                break
        else:
            raise AssertionError(f"{rule} belongs to {profiles}, but no rule near a line of "
                                 "asp/ that names it reads rules_profile/1")
    assert gated >= 4


def test_every_rule_id_is_defined_once() -> None:
    # YAML keeps the last of two equal keys silently: a second entry would hide the first.
    text = (asp_folder() / "catalogue.yaml").read_text(encoding="utf-8")
    ids = re.findall(r"^([A-Z]+-\d+):", text, flags=re.MULTILINE)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
