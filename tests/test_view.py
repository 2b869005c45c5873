"""`ygocheck view SNAPSHOT --as A|B`: the snapshot as one player may know it (004 §4-§5.1:
public and private information). Each test reads a snapshot a person can follow and checks
what the rules let that player know; the view is itself a valid snapshot."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from conftest import snapshot
from ygocheck.cli import main

# A's turn; B has a face-down Dark Magician, a Set Mystical Space Typhoon, two cards in hand
# (one revealed), a card banished face-down, a Deck, a card in the GY.
HIDDEN = snapshot([
    {"id": "a_elf", "name": "Mystical Elf", "owner": "A", "zone": "monster", "slot": 1,
     "since_turn": 2},
    {"id": "a_pot", "name": "Pot of Greed", "owner": "A", "zone": "hand"},
    {"id": "a_set", "name": "Celtic Guardian", "owner": "A", "zone": "monster", "slot": 2,
     "face": "down", "since_turn": 2, "summoned": {"how": "set", "from": "hand", "turn": 2}},
    {"id": "b_dm", "name": "Dark Magician", "owner": "B", "zone": "monster", "slot": 2,
     "face": "down", "since_turn": 2, "summoned": {"how": "set", "from": "hand", "turn": 2}},
    {"id": "b_mst", "name": "Mystical Space Typhoon", "owner": "B", "zone": "spell_trap",
     "slot": 1, "face": "down", "since_turn": 2},
    {"id": "b_reborn", "name": "Monster Reborn", "owner": "B", "zone": "hand"},
    {"id": "b_shown", "name": "Celtic Guardian", "owner": "B", "zone": "hand", "revealed": True},
    {"id": "b_skull", "name": "Summoned Skull", "owner": "B", "zone": "banished", "face": "down"},
    {"id": "b_hole", "name": "Dark Hole", "owner": "B", "zone": "graveyard"},
    {"id": "b_raigeki", "name": "Raigeki", "owner": "B", "zone": "deck"},
], counts={"B": {"deck": 30}},
   events=[{"event": "set", "card": "b_dm", "player": "B"},
           {"event": "drawn", "card": "b_reborn", "player": "B"}])
SECRETS_OF_B = ("Dark Magician", "Mystical Space Typhoon", "Monster Reborn", "Summoned Skull",
                "Raigeki", "b_dm", "b_mst", "b_reborn", "b_skull", "b_raigeki")


def view(tmp_path: Path, data: dict, player: str) -> tuple[int, str]:
    path = tmp_path / "snapshot.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["view", str(path), "--as", player])
    return result.exit_code, result.output


def cards_of(text: str) -> dict[str, dict]:
    return {c["id"]: c for c in yaml.safe_load(text)["state"]["cards"]}


def test_no_hidden_name_or_id_appears_anywhere_in_the_opponents_view(tmp_path: Path) -> None:
    """004 §4 (INFO-03): the hand, face-down field cards, face-down banished cards and the Deck
    are private; the text of the view (cards, ids, events) names none of them."""
    code, out = view(tmp_path, HIDDEN, "A")
    assert code == 0
    for secret in SECRETS_OF_B:
        assert secret not in out, secret


def test_a_face_down_card_on_the_field_is_a_card_of_its_zone(tmp_path: Path) -> None:
    """004 §5 (INFO-04, INFO-06): a Set monster is known as a monster in that zone, a Set card
    in the Spell & Trap Zone as a Spell/Trap; their place and position stay known."""
    code, out = view(tmp_path, HIDDEN, "A")
    cards = cards_of(out)
    monster, set_card = cards["b_hidden_monster_2"], cards["b_hidden_spell_trap_1"]
    assert (monster["name"], monster["zone"], monster["slot"], monster["face"],
            monster["position"]) == ("Hidden Monster", "monster", 2, "down", "defense")
    assert monster["summoned"] == {"how": "set", "from": "hand", "turn": 2}
    assert (set_card["name"], set_card["zone"]) == ("Hidden Set Card", "spell_trap")
    assert yaml.safe_load(out)["cards"]["Hidden Monster"]["category"] == "monster"


def test_public_cards_stay_and_hidden_ones_are_counted(tmp_path: Path) -> None:
    """002 公開情報, 004 §4 fn[24]-[25] (INFO-01, INFO-02): the GY, face-up cards and a revealed
    hand card are public; the hand, the Deck and face-down banished cards are known by number
    (004 §5.1, INFO-13: a face-down banished card is nothing but a card)."""
    code, out = view(tmp_path, HIDDEN, "A")
    cards = cards_of(out)
    assert {"b_hole", "b_shown", "a_elf"} <= set(cards)
    assert yaml.safe_load(out)["state"]["counts"]["B"] == {"deck": 30, "hand": 2, "banished": 1}


def test_the_owner_sees_their_own_hidden_cards(tmp_path: Path) -> None:
    """004 §4 (INFO-03): only the owner may see the front of a private card."""
    code, out = view(tmp_path, HIDDEN, "B")
    cards = cards_of(out)
    assert cards["b_dm"]["name"] == "Dark Magician"
    assert cards["b_skull"]["face"] == "down" and cards["b_reborn"]["zone"] == "hand"
    assert "a_pot" not in cards and "Pot of Greed" not in out
    assert cards["a_hidden_monster_2"]["name"] == "Hidden Monster"


def test_events_name_a_hidden_card_only_by_its_place(tmp_path: Path) -> None:
    """004 §4: B's draw is seen, not the card drawn; the Set is seen at its zone."""
    code, out = view(tmp_path, HIDDEN, "A")
    events = yaml.safe_load(out)["state"]["events"]
    assert events == [{"event": "set", "card": "b_hidden_monster_2", "player": "B"},
                      {"event": "drawn", "player": "B"}]


def test_the_view_is_a_valid_snapshot(tmp_path: Path) -> None:
    for player in ("A", "B"):
        code, out = view(tmp_path, HIDDEN, player)
        (tmp_path / "view.yaml").write_text(out, encoding="utf-8")
        result = CliRunner().invoke(main, ["check", str(tmp_path / "view.yaml")])
        assert code == 0 and result.exit_code == 0, result.output


def test_a_face_down_xyz_monsters_materials_are_public(tmp_path: Path) -> None:
    """004 §4 fn[28] (INFO-02): the number and identity of an Xyz Monster's materials are
    public, also when it is face-down."""
    data = snapshot([
        {"id": "b_xyz", "name": "Number 39: Utopia", "owner": "B", "zone": "monster", "slot": 1,
         "face": "down", "since_turn": 2, "summoned": {"how": "xyz", "from": "extra", "turn": 2}},
        {"id": "b_mat", "name": "Celtic Guardian", "owner": "B", "zone": "material",
         "attached_to": "b_xyz"}])
    code, out = view(tmp_path, data, "A")
    cards = cards_of(out)
    assert "Utopia" not in out
    assert cards["b_mat"]["attached_to"] == "b_hidden_monster_1"
    assert cards["b_hidden_monster_1"]["name"] == "Hidden Xyz Monster"
    (tmp_path / "view.yaml").write_text(out, encoding="utf-8")
    assert CliRunner().invoke(main, ["check", str(tmp_path / "view.yaml")]).exit_code == 0


def test_bad_input_is_refused_with_exit_2(tmp_path: Path) -> None:
    code, out = view(tmp_path, HIDDEN, "C")
    assert code == 2 and "--as" in out
    bad = snapshot([{"id": "a_x", "name": "Dark Magician", "owner": "A", "zone": "monster",
                     "slot": 9}])
    code, out = view(tmp_path, bad, "A")
    assert code == 2 and "slot" in out


def test_every_view_of_the_hidden_information_cases_is_a_valid_snapshot() -> None:
    """The moments of examples/rulings/information/hidden_information.yaml, seen by each
    player: each view is a snapshot the checker accepts (asp/check.lp), and no id of a card the
    player may not see is in it. The views are made in one grounding (view.views) and judged
    in another, one world each (pipeline.first_answers, as `check` judges several files)."""
    from conftest import EXAMPLES
    from ygocheck.pipeline import first_answers, from_mapping
    from ygocheck.problems import BadInput
    from ygocheck.view import view as view_of
    from ygocheck.view import views as views_of

    data = yaml.safe_load((EXAMPLES / "rulings" / "information" / "hidden_information.yaml")
                          .read_text(encoding="utf-8"))
    asked = []
    for number, case in enumerate(data["cases"], start=1):
        snap = {"format": "ygocheck/1", "state": case["state"]}
        # The cards the file declares for all its cases, and those of the case.
        cards = {**(data.get("cards") or {}), **(case.get("cards") or {})}
        if cards:
            snap["cards"] = cards
        loaded = from_mapping(snap, "<case>")
        asked += [(number, case, loaded, player) for player in ("A", "B")]
    # All the views in one grounding (view.views); the first two also one at a time, as
    # `ygocheck view` asks them: the same snapshots.
    seen_all = views_of([(loaded, player) for _, _, loaded, player in asked])
    assert seen_all[:2] == [view_of(loaded, player) for _, _, loaded, player in asked[:2]]
    views = []
    for (number, case, _, player), seen in zip(asked, seen_all, strict=True):
        views.append((f"case {number}, as {player}", from_mapping(seen, "<view>")))
        ids = {c["id"] for c in seen["state"]["cards"]}
        for card in case["state"]["cards"]:
            mine = card.get("controller", card["owner"]) == player
            if card.get("face") == "down" and card["zone"] in ("monster", "spell_trap") \
                    and not mine:
                assert card["id"] not in ids
    refused = [f"{name}: " + "; ".join(p.message for p in answer.problems)
               for (name, _), answer in zip(views, first_answers([v for _, v in views]),
                                            strict=True) if isinstance(answer, BadInput)]
    assert not refused, refused
