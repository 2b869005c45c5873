"""`ygocheck actions SNAPSHOT --as A|B`: what the other player might do, given only what this
player knows (004 §4-§5: a Set card is known only as a card of its zone, the hand only by its
number). Each possibility names the hidden fact it rests on."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from conftest import EXAMPLES
from ygocheck.cli import main

# A's Dark Magician attacks B's Mystical Elf; B holds priority at the attack declaration with a
# Set card (in truth Mirror Force) and one card in hand (in truth Book of Moon).
ATTACK = yaml.safe_load((EXAMPLES / "hidden_attack.yaml").read_text(encoding="utf-8"))


def run(tmp_path: Path, data: dict, *args: str, hidden: list[str] | None = None) -> \
        tuple[int, str]:
    path = tmp_path / "snapshot.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    extra: list[str] = []
    if hidden is not None:
        (tmp_path / "hidden.yaml").write_text(yaml.safe_dump(hidden), encoding="utf-8")
        extra = ["--hidden", str(tmp_path / "hidden.yaml")]
    result = CliRunner().invoke(main, ["actions", str(path), *args, *extra])
    return result.exit_code, result.output


def test_each_possibility_rests_on_a_hidden_fact(tmp_path: Path) -> None:
    """004 §5 (INFO-04): A does not know what B's Set card is; if it is Mirror Force, B can
    activate it now (a Trap Set before this turn); if it is Pot of Greed, nothing (a Normal
    Spell in the opponent's Battle Step). B's hand card might be Book of Moon only if Book of
    Moon were in the hand *and* could be used from there: a Quick-Play Spell cannot be
    activated from the hand in the opponent's turn, so no possibility rests on the hand."""
    code, out = run(tmp_path, ATTACK, "--as", "A", "--json",
                    hidden=["Mirror Force", "Pot of Greed", "Book of Moon"])
    assert code == 0, out
    found = json.loads(out)
    assert found["player"] == "B"
    rests = [(a.get("card"), [f["is"] for f in a["rests_on"]]) for a in found["actions"]]
    assert ("b_hidden_spell_trap_1", ["Mirror Force"]) in rests
    assert ("b_hidden_spell_trap_1", ["Book of Moon"]) in rests
    assert not any("Pot of Greed" in names for _, names in rests)
    assert not any(card == "b_hidden_hand" for card, _ in rests)
    assert (None, []) in rests   # pass, whatever the hidden cards are
    assert "b_set" not in out and "b_hand" not in out


def test_an_unknown_hidden_card_is_bad_input(tmp_path: Path) -> None:
    code, out = run(tmp_path, ATTACK, "--as", "A", hidden=["Mirror Forse"])
    assert code == 2 and "Mirror Forse" in out and "Mirror Force" in out


def test_as_must_name_a_player(tmp_path: Path) -> None:
    code, out = run(tmp_path, ATTACK, "--as", "C")
    assert code == 2


def test_a_hypothesis_rests_on_the_unmodelled_text_of_its_card_and_the_answer_warns(
        tmp_path: Path) -> None:
    """Reckless Greed is known from the official card list only: if B's Set card is it, B
    can activate it (a Normal Trap Set before this turn, 002 陷阱卡的分類), and that possibility
    is marked as resting on its unmodelled text, with the warnings of the answer (MISC-94).
    Last Turn's text (official: "This card can only be activated during your opponent's turn
    when your Life Points are 1000 or less"; OCG: 自分のライフポイントが１０００以下の場合) is a
    modelled condition: at B's 8000 LP that hypothesis gives no action, at 1000 LP it does."""
    hidden = ["Reckless Greed", "Last Turn"]
    code, out = run(tmp_path, ATTACK, "--as", "A", "--json", hidden=hidden)
    assert code == 0, out
    found = json.loads(out)
    rests = {f["is"]: f for a in found["actions"] for f in a["rests_on"]}
    assert set(rests) == {"Reckless Greed"}
    # The view's placeholder stands for any card (hidden_card): it has no card activation of
    # its own, so nothing but passing is certain.
    assert [a["action"] for a in found["actions"] if not a["rests_on"]] == ["pass"]
    assert [w["effect"] for w in rests["Reckless Greed"]["unmodelled"]] == [1, "card"]
    assert any(w["card"] == "b_hidden_spell_trap_1" and "card activation is offered" in w["text"]
               for w in found["warnings"])
    low = dict(ATTACK, state=dict(ATTACK["state"], lp={"A": 8000, "B": 1000}))
    code, out = run(tmp_path, low, "--as", "A", "--json", hidden=hidden)
    assert code == 0, out
    assert {f["is"] for a in json.loads(out)["actions"] for f in a["rests_on"]} == \
        {"Reckless Greed", "Last Turn"}


def test_a_face_down_extra_deck_card_is_a_hypothesis(tmp_path: Path) -> None:
    """004 §4 (INFO-03): B does not see A's face-down Extra Deck card. In A's Main Phase 2,
    after A's Xyz Monster battled this turn, that card might be Divine Arsenal AA-ZEUS - Sky
    Thunder, Xyz Summoned on top of A's Gem-Knight Pearl (its official text: Ｘモンスターが
    戦闘を行ったターンに１度、自分フィールドのＸモンスターの上に重ねてＸ召喚する事もできる,
    SUMMON-48); if it is Thousand-Eyes Restrict, nothing (A has no Fusion Summon here)."""
    moment = {"format": "ygocheck/1", "state": {
        "turn": 3, "turn_player": "A", "phase": "main2",
        "this_turn": {"battled_kinds": ["xyz"]},
        "cards": [
            {"id": "a_pearl", "name": "Gem-Knight Pearl", "owner": "A", "zone": "monster",
             "slot": 2, "since_turn": 3, "summoned": {"how": "xyz", "from": "extra",
                                                      "properly": True, "turn": 3}},
            {"id": "a_m1", "name": "Celtic Guardian", "owner": "A", "zone": "material",
             "attached_to": "a_pearl"},
            {"id": "a_zeus", "name": "Divine Arsenal AA-ZEUS - Sky Thunder", "owner": "A",
             "zone": "extra"}]}}
    code, out = run(tmp_path, moment, "--as", "B", "--json",
                    hidden=["Divine Arsenal AA-ZEUS - Sky Thunder", "Thousand-Eyes Restrict",
                            "Mirror Force"])
    assert code == 0, out
    found = json.loads(out)
    summons = [a for a in found["actions"] if a["action"] == "special_summon"]
    assert [(a["card"], a["method"], a["procedure"], [f["is"] for f in a["rests_on"]])
            for a in summons] == [("a_hidden_extra", "xyz", 2,
                                   ["Divine Arsenal AA-ZEUS - Sky Thunder"])]
    assert "a_zeus" not in out



# A's Main Phase 1 of turn 3: A has a Set card; B has one Set card (Set in turn 2) and one card
# in hand.
MAIN_PHASE = {"format": "ygocheck/1", "state": {
    "turn": 3, "turn_player": "A", "phase": "main1",
    "counts": {"B": {"hand": 1, "deck": 30}},
    "cards": [
        {"id": "a_set", "name": "Pot of Greed", "owner": "A", "zone": "spell_trap", "slot": 1,
         "face": "down", "since_turn": 3},
        {"id": "b_set", "name": "Mystical Space Typhoon", "owner": "B", "zone": "spell_trap",
         "slot": 1, "face": "down", "since_turn": 2}]}}


def test_a_player_with_no_decision_has_no_hypothesis_tried(tmp_path: Path) -> None:
    """PRIORITY-02 (002 回合玩家的優先權): in A's open game state only A acts, and with no
    trigger waiting and no event to meet one, that holds whatever B's hidden cards are: no
    hypothesis is tried, B has no action, and the answer says by which rule."""
    code, out = run(tmp_path, MAIN_PHASE, "--as", "A", "--json",
                    hidden=["Mystical Space Typhoon", "Pot of Greed"])
    assert code == 0, out
    found = json.loads(out)
    assert (found["hypotheses"], found["no_decision"], found["actions"]) == (0, "PRIORITY-02", [])
    code, out = run(tmp_path, MAIN_PHASE, "--as", "A",
                    hidden=["Mystical Space Typhoon", "Pot of Greed"])
    assert code == 0 and "no decision" in out and "PRIORITY-02" in out, out


def test_once_the_other_player_holds_priority_the_hypotheses_are_tried(tmp_path: Path) -> None:
    """PRIORITY-04, TURN-05 (002 回合玩家的優先權): once A has declared the end of the phase, B
    holds priority, for Quick Effects. B's Set card might be Mystical Space Typhoon, a Quick-Play
    Spell Set before this turn (002 速攻魔法卡): B might activate it, targeting A's Set card. If
    it is Pot of Greed (a Normal Spell), nothing; B's hand card might be either, and neither can
    be activated from the hand in A's turn."""
    moment = {**MAIN_PHASE, "state": {**MAIN_PHASE["state"], "priority": "B"}}
    code, out = run(tmp_path, moment, "--as", "A", "--json",
                    hidden=["Mystical Space Typhoon", "Pot of Greed"])
    assert code == 0, out
    found = json.loads(out)
    assert "no_decision" not in found
    assert found["hypotheses"] == 4
    assert [(a["action"], a.get("card"), a.get("targets_from"), [f["is"] for f in a["rests_on"]])
            for a in found["actions"]] == [
        ("pass", None, None, []),
        ("activate", "b_hidden_spell_trap_1", [["a_set"]], ["Mystical Space Typhoon"])]


def test_hypotheses_grounded_as_one_choice_answer_as_their_own_snapshots() -> None:
    """The hypotheses about one hidden card are grounded together, as the options of one choice
    (hypothesis_answers): each answer is exactly the one its own snapshot has alone (every shown
    atom), an objection included, also across the groups a choice is cut into."""
    from ygocheck import hypotheses as module
    from ygocheck.cards import library
    from ygocheck.pipeline import first_answers, from_mapping
    from ygocheck.problems import BadInput
    from ygocheck.view import view

    loaded = from_mapping(ATTACK, "<attack>")
    seen = view(loaded, "A")
    names = sorted(library())[::4]
    built = []
    for snapshot, fact in module.hypotheses(seen, "B", names):
        try:
            built.append((from_mapping(snapshot, "<attack>"), fact))
        except BadInput:
            continue
    group = module.GROUP
    module.GROUP = 16
    try:
        together = module.hypothesis_answers(from_mapping(seen, "<attack>"), built)
    finally:
        module.GROUP = group
    alone = first_answers([item for item, _ in built])

    def shown(answer: object) -> list[str]:
        assert not isinstance(answer, BadInput) and answer is not None
        return sorted(str(atom) for name, atoms in answer.atoms.items()  # type: ignore[attr-defined]
                      if name != "hypothesised" for atom in atoms)

    assert len({fact["card"] for _, fact in built}) == 2 and len(built) > 100
    refused = 0
    for (_, fact), mine, own in zip(built, together, alone, strict=True):
        if isinstance(own, BadInput):
            refused += 1
            assert mine is None, fact
        else:
            assert shown(mine) == shown(own), fact
    assert refused > 0


def test_a_hand_respect_play_reveals_is_no_hypothesis(tmp_path: Path) -> None:
    """INFO-02 (004 §4, fn[25]): under a face-up Respect Play the turn player's hand is public.
    In B's turn, A knows B's hand card is Pot of Greed: its activation is certain (it rests on
    no hidden fact) and no hypothesis is made about B's hand. With Respect Play Set, the hand
    is private again and its card is one hypothesis per candidate."""
    moment = {"format": "ygocheck/1", "state": {
        "turn": 4, "turn_player": "B", "phase": "main1",
        "counts": {"B": {"hand": 1, "deck": 30}},
        "cards": [
            {"id": "a_respect", "name": "Respect Play", "owner": "A", "zone": "spell_trap",
             "slot": 1, "face": "up", "since_turn": 3},
            {"id": "b_pot", "name": "Pot of Greed", "owner": "B", "zone": "hand"}]}}
    code, out = run(tmp_path, moment, "--as", "A", "--json", hidden=["Pot of Greed"])
    assert code == 0, out
    found = json.loads(out)
    activations = [(a["card"], a["rests_on"]) for a in found["actions"]
                   if a["action"] == "activate"]
    assert activations == [("b_pot", [])]
    assert found["hypotheses"] == 0
    cards = moment["state"]["cards"]
    cards[0] = dict(cards[0], face="down")
    code, out = run(tmp_path, moment, "--as", "A", "--json", hidden=["Pot of Greed"])
    assert code == 0, out
    found = json.loads(out)
    activations = [(a["card"], [f["is"] for f in a["rests_on"]]) for a in found["actions"]
                   if a["action"] == "activate"]
    assert activations == [("b_hidden_hand", ["Pot of Greed"])]
