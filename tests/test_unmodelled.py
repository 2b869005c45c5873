"""Nothing decides silently (docs/cards.md): a clause of card text the descriptors cannot
express is declared `unmodelled`, and every answer that may rest on it says so; free text
never stands where a rule would read a clause."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from ygocheck.cli import main

# A Quick-Play Spell whose second clause the vocabulary cannot say, and a monster known by its
# stats only (its effects are not described at all).
CARDS = {
    "Test Half Spell": {
        "category": "spell", "kind": "quick_play",
        "text": "Target 1 face-up monster; it gains 500 ATK, then if it is a Dragon, draw 1.",
        "effects": [{"kind": "activation",
                     "targets": [{"what": "monster", "where": "field", "face": "up"}],
                     "does": [{"op": "change_atk", "what": "targets", "amount": 500}],
                     "unmodelled": "then, if the target is a Dragon monster, draw 1 card"}]},
    "Test Stats Only": {"category": "monster", "kind": "effect", "attribute": "DARK",
                        "type": "Fiend", "level": 4, "atk": 1800, "def": 1000,
                        "unmodelled": "its effects: the card is known by its stats only"},
}


def snapshot(cards: list[dict[str, Any]], **state: Any) -> dict[str, Any]:
    return {"format": "ygocheck/1", "cards": CARDS,
            "state": {"turn": 3, "turn_player": "A", "phase": "main1", **state,
                      "cards": cards}}


def run(tmp_path: Path, data: Any, *args: str) -> tuple[int, Any, str]:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    out = json.loads(result.stdout) if "--json" in args and result.stdout.strip() else \
        result.stdout
    return result.exit_code, out, result.stderr


SPELL = {"id": "a_half", "name": "Test Half Spell", "owner": "A", "zone": "hand"}
ELF = {"id": "a_elf", "name": "Mystical Elf", "owner": "A", "zone": "monster", "slot": 1,
       "since_turn": 2}


def test_actions_warn_about_an_unmodelled_clause_of_a_card_that_can_act(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, snapshot([SPELL, ELF]), "actions", "--json")
    assert code == 0
    # A clause in free text may be a condition or an action: the answer may be wrong either
    # way (MISC-96).
    assert out["warnings"] == [{"card": "a_half", "effect": 1,
                                "text": "then, if the target is a Dragon monster, draw 1 card",
                                "leans": ["allows_too_much", "lists_too_little"]}]
    code, text, _ = run(tmp_path, snapshot([SPELL, ELF]), "actions")
    assert "warning: a_half, effect 1: not modelled" in text
    assert "(the answer may allow too much and may list too little)" in text


def test_a_card_in_the_deck_rests_nothing_on_its_unmodelled_clause(tmp_path: Path) -> None:
    deck = dict(SPELL, zone="deck")
    code, out, _ = run(tmp_path, snapshot([deck, ELF]), "actions", "--json")
    assert code == 0 and out["warnings"] == []


def test_a_card_known_by_its_stats_only_warns_as_a_whole(tmp_path: Path) -> None:
    fiend = {"id": "b_fiend", "name": "Test Stats Only", "owner": "B", "zone": "monster",
             "slot": 1, "since_turn": 2}
    code, out, _ = run(tmp_path, snapshot([ELF, fiend]), "why", "A change_position a_elf",
                       "--json")
    assert code == 0 and out["legal"] is True
    # Its effects, unknown, may do what no answer lists; face-up on the field its continuous
    # effects may also forbid what the answer allows (MISC-95, MISC-96).
    leans = ["allows_too_much", "lists_too_little"]
    assert out["warnings"] == [
        {"card": "b_fiend", "effect": "card", "text": "it may have effects usable from where it "
         "is (hand, field, GY, banishment) that this answer cannot list", "leans": leans},
        {"card": "b_fiend", "effect": "card",
         "text": "its effects: the card is known by its stats only", "leans": leans}]


def test_play_and_resolve_carry_the_warnings_of_the_line(tmp_path: Path) -> None:
    data = snapshot([SPELL, ELF])
    code, out, _ = run(tmp_path, data, "play", "--do", "A activate a_half 1 a_elf", "--do",
                       "B pass", "--do", "A pass", "--json")
    assert code == 0 and out["ok"]
    assert [w["card"] for w in out["warnings"]] == ["a_half"]
    chain = snapshot([dict(SPELL, zone="spell_trap", slot=1), ELF],
                     chain=[{"player": "A", "card": "a_half", "targets": ["a_elf"]}])
    code, out, _ = run(tmp_path, chain, "resolve", "--json")
    assert code == 0
    assert all([w["card"] for w in o["warnings"]] == ["a_half"] for o in out["outcomes"])


def test_an_operation_the_rules_do_not_carry_out_warns(tmp_path: Path) -> None:
    cards = {"Test Away": {"category": "spell", "kind": "normal", "effects": [
        {"kind": "activation",
         "does": [{"op": "negate_first_activation", "of": "spell", "player": "opponent"}]}]}}
    data = snapshot([{"id": "a_away", "name": "Test Away", "owner": "A", "zone": "hand"}, ELF])
    data["cards"] = cards
    code, out, _ = run(tmp_path, data, "actions", "--json")
    assert code == 0
    assert any("negate_first_activation" in w["text"] for w in out["warnings"])


def test_a_free_text_condition_is_refused_with_what_to_write(tmp_path: Path) -> None:
    data = snapshot([SPELL, ELF])
    data["cards"] = {"Test Half Spell": dict(CARDS["Test Half Spell"], effects=[
        dict(CARDS["Test Half Spell"]["effects"][0], condition="only a Dragon")])}
    del data["cards"]["Test Half Spell"]["effects"][0]["unmodelled"]
    code, _, err = run(tmp_path, data, "check")
    assert code == 2
    assert "condition: free text is not read by the rules" in err and "unmodelled" in err


def test_a_case_resting_on_an_unmodelled_clause_is_no_plain_pass(tmp_path: Path) -> None:
    case = dict(snapshot([SPELL, ELF]), ruling="the Spell can target Mystical Elf",
                source="002_c6ae516fcfcb1c0f.txt 規則用語 (對象指定效果)",
                expect={"legal": [{"player": "A", "action": "activate", "card": "a_half",
                                   "targets": ["a_elf"]}]})
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(path), "--json", "--jobs", "1"])
    report = json.loads(result.stdout)
    assert result.exit_code == 0 and report["resting_on_unmodelled"] == 1
    assert report["cases"][0]["unmodelled"][0]["card"] == "a_half"
    text = CliRunner().invoke(main, ["test", str(path), "--jobs", "1"]).stdout
    assert "PASS*" in text and "rests on an unmodelled clause" in text


# Cards of the official list the library does not model (their definitions say only their
# name, kind and stats): Reckless Greed, a Normal Trap, and Ghost Sister & Spooky Dogwood, a
# monster whose effect is used from the hand (official text: "During either turn, except the End
# Phase (Quick Effect): You can discard this card; apply this effect this turn. ...").
ROAR = {"id": "b_roar", "name": "Reckless Greed", "owner": "B", "zone": "spell_trap",
        "slot": 1, "face": "down", "since_turn": 2}
MOURNER = {"id": "b_mourner", "name": "Ghost Sister & Spooky Dogwood", "owner": "B",
           "zone": "hand"}


def official(cards: list[dict[str, Any]], **state: Any) -> dict[str, Any]:
    data = snapshot(cards, **state)
    del data["cards"]
    return data


def test_an_unmodelled_trap_is_activated_as_its_kind_allows_with_a_warning(
        tmp_path: Path) -> None:
    # MISC-94 (002 陷阱卡的分類): a Normal Trap Set on an earlier turn is activated in the
    # opponent's turn; what its text requires and does is unknown, so the answer may be wrong
    # both ways (MISC-96).
    code, out, _ = run(tmp_path, official([ROAR, ELF], priority="B"), "actions", "--json")
    assert code == 0
    assert {"player": "B", "action": "activate", "card": "b_roar", "effect": 1} in out["actions"]
    roar = [w for w in out["warnings"] if w["card"] == "b_roar" and w["effect"] == 1]
    assert len(roar) == 1 and "card activation is offered" in roar[0]["text"]
    assert roar[0]["leans"] == ["allows_too_much", "lists_too_little"]


def test_an_unmodelled_monster_where_it_can_act_is_named_and_why_says_so(
        tmp_path: Path) -> None:
    # MISC-95: Ghost Sister in the hand may have an effect to use (its official text has one);
    # the rules know none, so every answer names it, and `why` says its text is not modelled.
    data = official([MOURNER, ELF], priority="B")
    code, out, _ = run(tmp_path, data, "actions", "--json")
    mourner = [w for w in out["warnings"] if w["card"] == "b_mourner"]
    assert code == 0 and any("this answer cannot list" in w["text"] and
                             w["leans"] == ["lists_too_little"] for w in mourner)
    code, out, _ = run(tmp_path, data, "why", "B activate b_mourner", "--json")
    assert code == 1 and out["legal"] is False
    assert [r["rule"] for r in out["reasons"]] == ["MISC-95"]
    assert out["reasons"][0]["facts"][0]["fact"] == "text_not_modelled"
    # In the Deck it can use nothing: no answer rests on it.
    code, out, _ = run(tmp_path, official([dict(MOURNER, zone="deck"), ELF]), "actions", "--json")
    assert code == 0 and out["warnings"] == []


def test_a_condition_the_descriptors_cannot_say_leans_to_allowing_too_much(
        tmp_path: Path) -> None:
    # MISC-96: a condition treated as holding can only make the answer allow too much.
    data = snapshot([SPELL, ELF])
    effect = dict(CARDS["Test Half Spell"]["effects"][0])
    del effect["unmodelled"]
    effect["unmodelled_condition"] = "only while you control a Dragon monster"
    data["cards"] = {"Test Half Spell": dict(CARDS["Test Half Spell"], effects=[effect])}
    code, out, _ = run(tmp_path, data, "actions", "--json")
    assert code == 0
    assert out["warnings"] == [{"card": "a_half", "effect": 1,
                                "text": "only while you control a Dragon monster",
                                "leans": ["allows_too_much"]}]


def test_an_archetype_the_official_list_does_not_record_is_said(tmp_path: Path) -> None:
    # Altergeist Hexstia: "2 "Altergeist" monsters" (official text); Altergeist Marionetter and
    # Altergeist Meluseek are "Altergeist" cards by their names, but the official card list
    # records no archetype, so the rules cannot count them: the answer leaves the Link Summon
    # out and says that it rests on the archetypes (lists too little), never silently.
    cards = [{"id": "a_marionetter", "name": "Altergeist Marionetter", "owner": "A",
              "zone": "monster", "slot": 1, "since_turn": 2},
             {"id": "a_meluseek", "name": "Altergeist Meluseek", "owner": "A",
              "zone": "monster", "slot": 2, "since_turn": 2},
             {"id": "a_hexstia", "name": "Altergeist Hexstia", "owner": "A", "zone": "extra"}]
    code, answer, _ = run(tmp_path, {"format": "ygocheck/1",
                                     "state": {"turn": 3, "turn_player": "A", "phase": "main1",
                                               "cards": cards}}, "actions", "--json")
    assert code == 0
    assert not [a for a in answer["actions"] if a["action"] == "special_summon"]
    about_archetypes = [w for w in answer["warnings"] if "archetypes" in w["text"]]
    assert {w["card"] for w in about_archetypes} == {"a_marionetter", "a_meluseek"}
    assert all(set(w["leans"]) == {"allows_too_much", "lists_too_little"}
               for w in about_archetypes)
