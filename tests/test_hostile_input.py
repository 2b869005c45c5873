"""Hostile and impossible input: text clingo cannot take, input that would make the work grow
without end, moments no duel can reach, ruling cases that assert nothing. Each is refused with
one message (exit 2 naming the file), never a traceback, a hang or a silent "fine".

The impossible moments are those of the rules' own checker (asp/check.lp), each with the rule
it rests on.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from test_bad_input import (CARDS, HEAD, assert_bad, assert_clean, assert_refused,
                            checked_alone_as_well, invoke, line_of, sampled_alone)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def bad(tmp_path: Path) -> Any:
    """bad(text, needle, *phrases): `check` the text; exit 2 naming the line of `needle`."""
    def _bad(text: str, needle: str | None, *phrases: str, name: str = "s.yaml",
             command: str = "check") -> None:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = invoke(command, str(path))
        assert_bad(result, path, line_of(text, needle) if needle else None, *phrases)
    return _bad


def with_cards(*entries: str, state: str = "") -> str:
    return HEAD + state + "  cards:\n" + "".join(f"    - {e}\n" for e in entries)


# --- text that reaches clingo -------------------------------------------------------------------

def test_a_nul_in_a_yaml_text_is_refused(bad: Any) -> None:
    bad(with_cards('{id: a_x, name: "Dark\\0Hole", owner: A, zone: hand}'), "Dark", "NUL")


def test_a_lone_surrogate_is_refused(bad: Any) -> None:
    bad(with_cards('{id: a_x, name: "Dark\\ud800Hole", owner: A, zone: hand}'), "Dark",
        "lone surrogate")


def test_any_unicode_in_a_name_is_a_message_not_a_crash(bad: Any) -> None:
    bad(with_cards("{id: a_x, name: ブラック・ホール, owner: A, zone: hand}"), "a_x",
        "unknown card name")


@pytest.mark.parametrize("word", ["not", "_x", "Spell", "a-b"])
def test_a_counter_name_is_a_word_clingo_reads_as_a_constant(bad: Any, word: str) -> None:
    bad(with_cards("{id: a_m, name: Celtic Guardian, owner: A, zone: monster, slot: 1, "
                   f"counters: {{'{word}': 1}}}}"), "a_m", "counter's name")


def test_an_id_with_a_trailing_newline_is_refused(bad: Any) -> None:
    bad(with_cards('{id: "a_x\\n", name: Dark Hole, owner: A, zone: hand}'), "a_x", "id")


def test_a_non_ascii_constant_in_lp_input_has_its_line(bad: Any) -> None:
    text = ("snapshot_state(turn,3).\nsnapshot_state(turn_player,a).\n"
            "snapshot_state(phase,main1).\nsnapshot_card(\"a1\",zone,ハンド).\n")
    bad(text, "ハンド", "U+30CF", name="s.lp")


def test_a_yaml_file_named_lp_has_its_line(bad: Any) -> None:
    # `format: ygocheck/1` happens to parse as ASP; the next line does not
    bad(HEAD + "  lp: {A: 8000, B: 8000}\n", "state:", "not valid ASP facts", name="s.lp")


@pytest.mark.parametrize("fact, phrase", [
    ("snapshot_life(a,1..300000000).", "not a plain value"),
    ("snapshot_life((a;b),8000).", "not a plain value"),
    ("snapshot_life(a,X).", "not a plain value"),
    ("snapshot_life(a,4000+4000).", "not a plain value"),
    ("snapshot_life(a,99999999999).", "32-bit"),
])
def test_lp_facts_are_plain_values(bad: Any, fact: str, phrase: str) -> None:
    text = ("snapshot_state(turn,3).\nsnapshot_state(turn_player,a).\n"
            f"snapshot_state(phase,main1).\n{fact}\n")
    bad(text, fact, phrase, name="s.lp")


# --- bounded work -------------------------------------------------------------------------------

def test_a_file_beyond_the_size_limit_is_not_read(bad: Any) -> None:
    from ygocheck.limits import FILE_BYTES

    bad(HEAD + "#" + "x" * FILE_BYTES + "\n", None, "bytes")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_not_read() -> None:
    result = invoke("check", "/dev/zero")
    assert_bad(result, Path("/dev/zero"), None, "not a regular file")


def test_a_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)   # opening it for reading would wait for a writer for ever
    assert_bad(invoke("check", str(fifo)), fifo, None, "not a regular file")


def test_a_yaml_alias_bomb_is_refused(bad: Any) -> None:
    bomb = "x0: &x0 [a, a, a, a, a, a, a, a, a, a]\n" + "".join(
        f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 10) + "]\n" for i in range(1, 9))
    bad(bomb + HEAD + "  title: *x8\n", None, "aliases expanded")


def test_deep_nesting_is_refused(bad: Any) -> None:
    bad(HEAD + "  title: " + "[" * 60 + "]" * 60 + "\n", None, "nests deeper")


@pytest.mark.parametrize("key, limit_name, item", [
    ("cards", "CARDS", "{id: a_x, name: Dark Hole, owner: A, zone: graveyard}"),
    ("events", "EVENTS", "{event: drawn, player: A}"),
    ("chain", "CHAIN_LINKS", "{player: A, card: a_x}"),
    ("pending", "PENDING", "{player: A, card: a_x}"),
])
def test_long_lists_are_refused_whole(bad: Any, key: str, limit_name: str, item: str) -> None:
    from ygocheck import limits

    count = getattr(limits, limit_name) + 1
    text = HEAD + f"  {key}:\n" + f"    - {item}\n" * count
    bad(text, f"  {key}:", f"{count} items")


def test_more_actions_than_play_takes_are_refused(tmp_path: Path) -> None:
    from ygocheck.limits import ACTIONS

    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "  lp: {A: 8000, B: 8000}\n", encoding="utf-8")
    result = invoke("play", str(path), "--do", "A next", *(["A next"] * ACTIONS))
    assert_clean(result)
    assert result.exit_code == 2 and f"at most {ACTIONS}" in result.stderr


# --- moments no duel reaches ----------------------------------------------------------------------

MONSTER = "{id: a_m, name: Celtic Guardian, owner: A, zone: monster, slot: 1"
IMPOSSIBLE = [
    ("face-down attack", [MONSTER + ", face: down, position: attack}"], "", "a_m",
     "ZONE-02"),
    ("face-down in the GY", ["{id: a_x, name: Dark Hole, owner: A, zone: graveyard, "
                             "face: down}"], "", "a_x", "never face-down"),
    ("counters in the hand", ["{id: a_m, name: Celtic Guardian, owner: A, zone: hand, "
                              "counters: {spell: 1}}"], "", "a_m", "CARD-13"),
    ("modifier in the GY", ["{id: a_m, name: Celtic Guardian, owner: A, zone: graveyard, "
                            "modifiers: [{atk: 500, until: end_of_turn, source: a_m}]}"], "",
     "a_m", "RESET-03"),
    ("equip from the hand", [MONSTER + "}", "{id: a_e, name: Axe of Despair, owner: A, "
                             "zone: hand, equipped_to: a_m}"], "", "a_e", "CONT-17"),
    ("monster equipped", [MONSTER + "}", "{id: a_n, name: Mystical Elf, owner: A, "
                          "zone: monster, slot: 2, equipped_to: a_m}"], "", "a_n",
     "Spell & Trap Zone"),
    ("equipped to itself", ["{id: a_e, name: Axe of Despair, owner: A, zone: spell_trap, "
                            "slot: 1, equipped_to: a_e}"], "", "a_e", "itself"),
    ("bound to itself", [MONSTER + ", bound_to: a_m}"], "", "a_m", "RESET-13"),
    ("material under a non-Xyz", [MONSTER + "}", "{id: a_y, name: Mystical Elf, owner: A, "
                                  "zone: material, attached_to: a_m}"], "", "a_y",
     "only Xyz Monsters have materials"),
    ("non-Pendulum in a Pendulum Zone", ["{id: a_m, name: Celtic Guardian, owner: A, "
                                         "zone: pendulum, slot: left}"], "", "a_m",
     "Pendulum"),
    ("since a later turn", [MONSTER + ", since_turn: 9}"], "", "a_m", "after the current"),
    ("attacked in Main Phase 1", [MONSTER + ", attacked: true}"], "", "a_m", "BATTLE-04"),
    ("an effect the card lacks", [MONSTER + ", used_this_turn: [1]}"], "", "a_m",
     "has no effect"),
    ("the opponent's Normal Summon", [MONSTER + "}"], "  this_turn: {normal_summon_used: [B]}\n",
     "normal_summon_used", "SUMMON-03"),
    ("a result by LP at full LP", [MONSTER + "}"],
     "  lp: {A: 8000, B: 8000}\n  result: {winner: A, reason: lp}\n", None, "GAME-09"),
    ("0 LP and no result", [MONSTER + "}"], "  lp: {A: 0, B: 8000}\n", None, "GAME-09"),
    ("a Battle Phase in turn 1", [MONSTER + "}"], "  next_phase: battle\n", None, "TURN-07"),
    ("resolving with no chain", [MONSTER + "}"], "  window: resolving\n", None,
     "chain is empty"),
    ("after a summon with no summon", [MONSTER + "}"], "  window: after_summon\n", None,
     "last event"),
    # issue 21: moments the fuzzing found accepted
    ("a card activation still in the hand", ["{id: a_h, name: Dark Hole, owner: A, zone: hand}"],
     "  chain: [{player: A, card: a_h, effect: 1}]\n", "chain:", "CHAIN-14"),
    ("a pending trigger in the Deck", ["{id: a_s, name: Sangan, owner: A, zone: deck}"],
     "  pending: [{player: A, card: a_s, effect: 1}]\n", "pending", "CHAIN-07"),
    ("a chain window with no chain", [MONSTER + "}"], "  window: chain\n", None, "CHAIN-01"),
    ("a triggers window with nothing pending", [MONSTER + "}"], "  window: triggers\n", None,
     "CHAIN-08"),
    ("a next phase in an open game state", [MONSTER + "}"],
     "  window: open\n  next_phase: end\n", None, "TURN-05"),
    ("a resolved link below an unresolved one",
     ["{id: a_h, name: Dark Hole, owner: A, zone: spell_trap, slot: 1, face: up}",
      "{id: b_t, name: Mystical Space Typhoon, owner: B, zone: spell_trap, slot: 1, face: up}"],
     "  chain: [{player: A, card: a_h, effect: 1, resolved: true}, "
     "{player: B, card: b_t, effect: 1}]\n", "chain:", "CHAIN-02"),
    ("a Normal Summon by the opponent this turn",
     ["{id: b_m, name: Celtic Guardian, owner: B, zone: monster, slot: 1, since_turn: 3, "
      "summoned: {how: normal, turn: 3}}"], "", "b_m", "SUMMON-03"),
]


def impossible_moment(entries: list[str], state: str) -> str:
    text = with_cards(*entries, state=state)
    return text.replace("turn: 3", "turn: 1") if "next_phase" in state else text


def impossible_text(item: Any) -> tuple[str, bool]:
    return impossible_moment(item.callspec.params["entries"], item.callspec.params["state"]), \
        False


@pytest.mark.parametrize("entries, state, needle, phrase",
                         [case[1:] for case in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_an_impossible_moment_is_refused(request: Any, tmp_path_factory: Any, tmp_path: Path,
                                         entries: list[str], state: str, needle: str | None,
                                         phrase: str) -> None:
    """`check` refuses the moment: exit 2, the file and line named, the rule said. The
    moments are checked in batches of one `check` each (test_bad_input.checked_in_batch;
    pyproject.toml, ygocheck_batched), one in four alone as well, with the same answer."""
    text = impossible_moment(entries, state)
    path, outcome = checked_alone_as_well(request, tmp_path_factory, tmp_path, text, False,
                                          impossible_text, sampled_alone(request))
    assert_refused(outcome, path, line_of(text, needle) if needle else None, phrase)


@pytest.mark.parametrize("battle, phrase", [
    ("  step: end\n  battle: {destroyed: [a_m]}\n", "DSTEP-30"),
])
def test_a_battle_that_cannot_be(bad: Any, battle: str, phrase: str) -> None:
    text = with_cards(MONSTER + "}", state=battle).replace("phase: main1", "phase: battle")
    bad(text, None, phrase)


def test_a_deck_of_61_cards_is_refused(bad: Any) -> None:
    entries = [f"{{id: a_{n}, name: Dark Hole, owner: A, zone: deck}}" for n in range(61)]
    bad(with_cards(*entries), None, "GAME-02")


def test_one_card_activated_twice_in_a_chain(bad: Any) -> None:
    text = with_cards("{id: a_s, name: Mystical Space Typhoon, owner: A, zone: spell_trap, "
                      "slot: 1, since_turn: 2}", "{id: b_s, name: Mystical Space Typhoon, "
                      "owner: B, zone: spell_trap, slot: 1}", state=(
                          "  chain:\n    - {player: A, card: a_s, targets: [b_s]}\n"
                          "    - {player: B, card: b_s, targets: [a_s]}\n"
                          "    - {player: A, card: a_s, targets: [b_s]}\n"))
    bad(text, None, "twice in one chain")


def test_a_chain_link_of_a_card_its_player_does_not_use(bad: Any) -> None:
    text = with_cards("{id: b_s, name: Mystical Space Typhoon, owner: B, zone: spell_trap, "
                      "slot: 1}", "{id: a_s, name: Mystical Space Typhoon, owner: A, "
                      "zone: spell_trap, slot: 1, face: down}",
                      state="  chain:\n    - {player: A, card: b_s, targets: [a_s]}\n")
    bad(text, None, "MISC-07")


# --- ruling cases that would assert nothing -------------------------------------------------------

CASE = {"format": "ygocheck/1", "ruling": "A may Normal Summon a Level 4 monster",
        "source": "002_c6ae516fcfcb1c0f.txt 怪獸的召喚",
        "state": {"turn": 3, "turn_player": "A", "phase": "main1",
                  "cards": [{"id": "a_elf", "name": "Celtic Guardian", "owner": "A",
                             "zone": "hand"}]}}
LEGAL = [{"player": "A", "action": "normal_summon", "card": "a_elf"}]
VACUOUS = [
    ("empty legal", {"expect": {"legal": []}}, "checks nothing"),
    ("empty illegal", {"expect": {"illegal": []}}, "checks nothing"),
    ("empty state", {"expect": {"state": {}}}, "checks nothing"),
    ("empty events", {"expect": {"events": []}}, "checks nothing"),
    ("empty reasons", {"expect": {"legal": LEGAL, "reasons": []}}, "checks nothing"),
    ("outcomes alone", {"expect": {"outcomes": "some"}}, "alone it checks nothing"),
    ("unknown outcomes", {"expect": {"legal": LEGAL, "outcomes": "most"}}, "outcomes is one"),
    ("unknown status", {"status": "maybe", "expect": {"legal": LEGAL}}, "status is one"),
    ("unknown state field", {"expect": {"state": {"phaze": "main1"}}}, "unknown key 'phaze'"),
    ("unknown card field", {"expect": {"state": {"cards": {"a_elf": {"zon": "monster"}}}}},
     "unknown card field"),
    ("card with no keys", {"expect": {"state": {"cards": {"a_elf": {}}}}}, "no field"),
    ("illegal naming no card", {"expect": {"illegal": [{"player": "A", "action": "activate",
                                                        "card": "a_ghost"}]}}, "a_ghost"),
    ("illegal that no rule refuses", {"expect": {"illegal": [{"player": "A",
                                                              "action": "order"}]}},
     "no rule refuses it"),
    ("reason not in the catalogue", {"expect": {"legal": LEGAL, "reasons": ["SUMMON-99"]}},
     "not a rule ID"),
    ("empty event", {"expect": {"events": [{}]}}, "would match any event"),
    ("unknown event", {"expect": {"events": [{"event": "exploded"}]}}, "unknown event"),
    ("lp as a list", {"expect": {"state": {"lp": [8000]}}}, "maps players"),
    ("do as a text", {"do": "A next", "expect": {"legal": LEGAL}}, "do is a list"),
    ("empty view", {"expect": {"view": {}}}, "maps a player"),
    ("view of no player", {"expect": {"view": {"C": {"hides": ["a_elf"]}}}}, "no player"),
    ("view with nothing", {"expect": {"view": {"B": {}}}}, "gives nothing to check"),
    ("view with an unknown key", {"expect": {"view": {"B": {"sees": ["a_elf"]}}}},
     "unknown key 'sees'"),
    ("view hiding no card", {"expect": {"view": {"B": {"hides": ["a_ghost"]}}}}, "a_ghost"),
    ("view with empty hides", {"expect": {"view": {"B": {"hides": []}}}}, "non-empty list"),
    ("view showing a card with no field", {"expect": {"view": {"B": {"shows": {"a_elf": {}}}}}},
     "no field"),
    ("view counting no zone", {"expect": {"view": {"B": {"counts": {"A": {"hands": 1}}}}}},
     "as state.counts"),
]


@pytest.mark.parametrize("change, phrase", [c[1:] for c in VACUOUS],
                         ids=[c[0] for c in VACUOUS])
def test_a_case_that_asserts_nothing_fails(tmp_path: Path, change: dict, phrase: str) -> None:
    import json

    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump({**CASE, **change}, allow_unicode=True), encoding="utf-8")
    result = invoke("test", str(path), "--json", "--jobs", "1")
    assert_clean_test(result)
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["failed"] == 1, result.stdout
    assert any(phrase in f for f in report["cases"][0]["failures"]), report


def assert_clean_test(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output


def test_the_same_case_with_an_expectation_passes(tmp_path: Path) -> None:
    """The base of the cases above is sound: with a real expectation it passes."""
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump({**CASE, "expect": {"legal": LEGAL}}, allow_unicode=True),
                    encoding="utf-8")
    assert invoke("test", str(path), "--jobs", "1").exit_code == 0


def test_a_case_that_is_not_a_mapping_fails_alone(tmp_path: Path) -> None:
    import json

    path = tmp_path / "cases.yaml"
    good = {k: v for k, v in CASE.items() if k != "format"}
    path.write_text(yaml.safe_dump({"format": "ygocheck/1", "cases": [
        dict(good, expect={"legal": LEGAL}), 7, ["x"]]}, allow_unicode=True), encoding="utf-8")
    result = invoke("test", str(path), "--json", "--jobs", "1")
    assert_clean_test(result)
    report = json.loads(result.stdout)
    assert report["passed"] == 1 and report["failed"] == 2
    assert all("not a mapping" in c["failures"][0] for c in report["cases"] if not c["passed"])


def test_a_folder_with_no_ruling_files_is_bad_input(tmp_path: Path) -> None:
    result = invoke("test", str(tmp_path))
    assert_clean(result)
    assert result.exit_code == 2 and "no ruling files" in result.stderr


def test_resolve_with_no_chain_is_bad_input_citing_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + CARDS, encoding="utf-8")
    result = invoke("resolve", str(path))
    assert_clean(result)
    assert result.exit_code == 2 and "CHAIN-02" in result.stderr


# --- the last fuzz classes (issue 21): a message, never a traceback or exit 3 -------------------

@pytest.mark.parametrize("definition, phrase", [
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: [destroy], "
     "what: self}]}]}", ".op is ['destroy']"),
    ("{category: spell, kind: normal, effects: [{kind: activation, does: [{op: {a: destroy}, "
     "what: self}]}]}", ".op is {'a': 'destroy'}"),
    ("{category: trap, kind: normal, effects: [{kind: activation, responds_to: [[{what: spell}]],"
     " does: [{op: destroy, what: self}]}]}", "a list inside the list of alternatives"),
])
def test_a_malformed_definition_is_a_message(bad: Any, definition: str, phrase: str) -> None:
    text = (f"cards:\n  Test Thing: {definition}\n" + HEAD +
            "  cards:\n    - {id: a_t, name: Test Thing, owner: A, zone: hand}\n")
    bad(text, "Test Thing:", phrase)


def test_a_modifier_until_null_is_the_default(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(with_cards(MONSTER + ", modifiers: [{atk: 500, until: null}]}"),
                    encoding="utf-8")
    result = invoke("play", str(path), "--do", "A next end")
    assert_clean_test(result)
    assert result.exit_code == 0 and "atk: 500" in result.stdout


@pytest.mark.parametrize("action, phrase", [
    ("A activate a_m \u00b2", "not an effect number"),
    ('{"player": "A", "action": "activate", "targets": ' + "[" * 5000 + "]" * 5000 + "}",
     "nested too deep"),
])
def test_an_odd_action_is_a_message(tmp_path: Path, action: str, phrase: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(with_cards(MONSTER + "}"), encoding="utf-8")
    for command in (["why", str(path), action], ["play", str(path), "--do", action]):
        result = invoke(*command)
        assert_clean(result)
        assert result.exit_code == 2 and phrase in result.stderr, result.output


@pytest.mark.parametrize("cards", [["Dark Hole"], "Dark Hole"])
def test_shared_cards_that_are_not_a_mapping_fail_the_file(tmp_path: Path, cards: Any) -> None:
    path = tmp_path / "cases.yaml"
    good = {k: v for k, v in CASE.items() if k != "format"}
    path.write_text(yaml.safe_dump({"format": "ygocheck/1", "cards": cards, "cases": [
        dict(good, expect={"legal": LEGAL})]}), encoding="utf-8")
    result = invoke("test", str(path), "--jobs", "1")
    assert_clean_test(result)
    assert result.exit_code == 1 and "must be a mapping of card name" in result.stdout


def test_an_unknown_key_inside_expect_state_fails(tmp_path: Path) -> None:
    """`battle: {whatever: null}` compared with an absent value would always pass."""
    import json

    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump({**CASE, "expect": {"state": {"battle": {"whatever": None}}}}),
                    encoding="utf-8")
    result = invoke("test", str(path), "--json", "--jobs", "1")
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert "unknown key 'whatever' in expect.state.battle" in report["cases"][0]["failures"][0]


def test_lp_input_beyond_the_fact_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from ygocheck.limits import LP_FACTS

    path = tmp_path / "big.lp"
    path.write_text("snapshot_state(turn,1).\n" + "".join(
        f'snapshot_card("c{n}",zone,hand).\n' for n in range(LP_FACTS + 5)), encoding="utf-8")
    result = invoke("check", str(path))
    assert_bad(result, path, LP_FACTS + 1, f"more than {LP_FACTS:,} facts")
