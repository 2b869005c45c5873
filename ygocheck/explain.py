"""The facts a reason of `why` rests on (asp/reasons.lp, refusal_fact/3), read back and put
in words by a fixed table: one wording per kind of fact term. Nothing here decides anything;
which facts a reason rests on is the rules' to say (docs/format.md, "ygocheck why").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .pipeline import plain
from .solve import Answer

ZONE_WORDS = {"hand": "the hand", "graveyard": "the GY", "deck": "the Deck",
              "extra": "the Extra Deck", "banished": "banishment",
              "monster": "a Main Monster Zone", "extra_monster": "an Extra Monster Zone",
              "spell_trap": "a Spell & Trap Zone", "field": "the Field Zone",
              "pendulum": "a Pendulum Zone", "material": "an Xyz Monster's materials"}
PHASE_WORDS = {"draw": "the Draw Phase", "standby": "the Standby Phase",
               "main1": "Main Phase 1", "battle": "the Battle Phase", "main2": "Main Phase 2",
               "end": "the End Phase"}
STEP_WORDS = {"start": "the Start Step", "battle": "the Battle Step",
              "damage": "the Damage Step", "end": "the End Step"}
NEEDS_WORDS = {("face", "up"): "a face-up card", ("face", "down"): "a face-down card",
               ("position", "attack"): "an Attack Position monster",
               ("position", "defense"): "a Defense Position monster",
               ("controller", "you"): "a card its own player controls",
               ("controller", "opponent"): "a card the opponent controls",
               ("where", "field"): "a card on the field",
               ("where", "graveyard"): "a card in the GY",
               ("where", "banished"): "a face-up banished card",
               ("where", "hand"): "a card in the hand",
               ("what", "monster"): "a monster", ("what", "spell_trap"): "a Spell/Trap",
               ("what", "spell"): "a Spell", ("what", "trap"): "a Trap",
               ("what", "effect_monster"): "an Effect Monster"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _chain(n: int) -> str:
    return "there is no chain" if n == 0 else f"the chain has {_plural(n, 'link')}"


# One wording per kind of fact (its name and number of arguments).
WORDING: dict[tuple[str, int], Callable[..., str]] = {
    ("level", 2): lambda c, n: f"{c} is Level {n}",
    ("tributes_needed", 2): lambda c, n: (f"{c} needs no Tribute" if n == 0
                                          else f"{c} needs {_plural(n, 'Tribute')}"),
    ("tributes_named", 2): lambda c, n: f"{_plural(n, 'Tribute')} named for {c}",
    ("not_tribute_of", 2): lambda c, p: f"{c} is not a monster {p} controls",
    ("cannot_be_tributed", 1): lambda c: f"{c} cannot be Tributed (its continuous effect)",
    ("must_be_tributed", 1): lambda c: f"{c} must be among the Tributes (an effect says so)",
    ("monsters_controlled", 2): lambda p, n: f"{p} controls {_plural(n, 'monster')}",
    ("zone", 2): lambda c, z: f"{c} is in {ZONE_WORDS.get(z, z)}",
    ("face", 2): lambda c, f: f"{c} is face-{f}",
    ("position", 2): lambda c, p: f"{c} is in {p.capitalize()} Position",
    ("kind", 2): lambda c, k: f"{c} is a {k.capitalize()} Card",
    ("controller", 2): lambda c, p: f"{c} is controlled by {p}",
    ("owner", 2): lambda c, p: f"{c} belongs to {p}",
    ("turn_player", 1): lambda p: f"it is {p}'s turn",
    ("priority", 1): lambda p: f"{p} holds priority",
    ("triggers_waiting", 0): lambda: "triggers are waiting to go on the chain",
    ("phase", 1): lambda ph: f"it is {PHASE_WORDS.get(ph, ph)}",
    ("step", 1): lambda s: f"the step is {STEP_WORDS.get(s, s)}",
    ("window", 1): lambda w: f"the window is {w}",
    ("chain_links", 1): _chain,
    ("normal_summon_used", 1): lambda p: f"{p} has already Normal Summoned or Set this turn",
    ("placed_this_turn", 1): lambda c: f"{c} came to the field (was Set) this turn",
    ("summoned_this_turn", 1): lambda c: f"{c} was summoned this turn",
    ("position_changed", 1): lambda c: f"{c}'s battle position was already changed this turn",
    ("attacked", 1): lambda c: f"{c} has already declared an attack this turn",
    ("attack_in_progress", 1): lambda c: f"{c}'s attack is in progress",
    ("not_pending", 1): lambda c: f"no effect of {c} is waiting to go on the chain",
    ("used_this_turn", 1): lambda c: f"{c}'s effect was already used this turn",
    ("free_zones", 3): lambda p, k, n: (f"{p} has {'no' if n == 0 else n} free "
                                        + ("Main Monster Zone" if k == "monster"
                                           else "Spell & Trap Zone")
                                        + ("s" if n > 1 else "")),
    ("link_speed", 2): lambda n, s: f"chain link {n} is spell speed {s}",
    ("speed", 2): lambda c, s: f"{c}'s effect is spell speed {s}",
    ("link_activation", 3): lambda n, c, k: (f"chain link {n} is the activation of {c}"
                                             if k == "card" else
                                             f"chain link {n} is an effect of {c}, not a "
                                             "card activation"),
    ("mandatory", 2): lambda c, e: f"effect {e} of {c} is mandatory",
    ("continuous_effect", 2): lambda c, e: f"effect {e} of {c} is a continuous effect",
    ("leads_to", 1): lambda ph: f"the game moves on to {PHASE_WORDS.get(ph, ph)}",
    ("leads_to_step", 1): lambda s: f"the game moves on to {STEP_WORDS.get(s, s)}",
    ("leads_to_timing", 1): lambda t: f"the game moves on to the timing {t}",
    ("hand_size", 2): lambda p, n: f"{p} holds {_plural(n, 'card')}",
    ("no_replay", 0): lambda: "no replay has happened",
    ("zone_chosen_as_summoned", 0): lambda: ("a Pendulum Summon names no zone: each monster's "
                                             "zone is chosen as it is summoned"),
    ("life_points", 2): lambda p, n: f"{p} has {n} LP",
    ("legal_targets", 3): lambda c, k, n: (f"{c} needs {_plural(n, 'target')}; "
                                           f"{k} can be chosen"),
    ("targets_named", 3): lambda c, k, n: (f"{_plural(k, 'target')} named for {c}, which "
                                           f"takes {n}"),
    ("target_needs", 3): lambda c, k, v: (f"the text targets {NEEDS_WORDS.get((k, v), f'{k}: {v}')}"
                                          f", which {c} is not"),
    ("not_properly_summoned", 1): lambda c: f"{c} was not properly summoned",
    ("revival_limit", 1): lambda c: f"{c} cannot be Special Summoned by another card",
    ("itself", 1): lambda c: f"{c} is the card being activated",
    ("token", 1): lambda c: f"{c} is a Token",
    ("link_monster", 1): lambda c: f"{c} is a Link Monster",
    ("no_effect", 1): lambda c: f"{c} has no effect (a Normal Monster)",
    ("text_not_modelled", 1): lambda c: (f"the text of {c} is not modelled: whether it has an "
                                         "effect that could be activated here is not known"),
    ("condition_count", 5): lambda p, z, n, b, m: (
        f"{p} has {n} such {'card' if n == 1 else 'cards'} "
        + ("on the field" if z in ("monster", "spell_trap", "card")
           else f"in {ZONE_WORDS.get(z, z)}")
        + f"; the text asks for {'at most' if b == 'at_most' else 'at least'} {m}"),
    ("condition_lp", 2): lambda p, w: f"{p}'s LP are not {w} than the opponent's",
    ("condition_lp_amount", 4): lambda p, n, w, m: (
        f"{p} has {n} LP; the text asks for {'at most' if w == 'at_most' else 'at least'} {m}"),
    ("no_kind_battled", 1): lambda k: f"no {k} monster has battled this turn",
    ("procedure_used", 2): lambda p, c: (f"{p} has already summoned a monster of {c}'s name "
                                         "by this procedure this turn (once per turn)"),
    ("deck_size", 2): lambda p, n: f"{p}'s Deck holds {_plural(n, 'card')}",
    ("draws", 2): lambda c, n: f"{c} draws {_plural(n, 'card')}",
    ("pick_cards", 3): lambda c, k, n: (f"{c} must pick {_plural(n, 'card')} as it resolves; "
                                        f"{_plural(k, 'card')} fit"),
    ("no_level", 1): lambda c: f"{c} has no Level (an Xyz or Link Monster)",
    ("not_in_line", 2): lambda x, c: f"{x} fits no group of {c}'s material line",
    ("levels_total", 3): lambda c, t, n: f"the materials named for {c} total Level {t}; "
                                         f"{c} is Level {n}",
    ("link_total", 3): lambda c, k, n: f"{_plural(k, 'material')} named for {c}, which is "
                                       f"Link-{n}",
    ("same_name", 3): lambda x, y, n: f"{x} and {y} are both named {n}; the line asks for "
                                      "different names",
    ("materials_named", 2): lambda c, k: f"{_plural(k, 'material')} named for {c}",
    ("material_line", 3): lambda c, g, n: f"group {g} of {c}'s material line takes "
                                          f"at least {n}",
    ("zone_held", 3): lambda w, s, y: f"{y} is in {ZONE_WORDS.get(w, w)} {s}, and is no "
                                      "material",
    ("not_linked", 1): lambda s: f"no Link Arrow of a monster that stays points to Main "
                                 f"Monster Zone {s}",
    ("extra_zone_used", 2): lambda p, e: f"{p} already uses an Extra Monster Zone ({e}, no "
                                         "material)",
    ("procedure", 2): lambda c, m: f"{c} is summoned by its procedure: {m}",
    ("summoned_in", 2): lambda c, pos: f"{c}'s procedure summons it in {pos} position only",
    ("scales", 3): lambda p, lo, hi: f"{p}'s Pendulum Scales are {lo} and {hi}: Levels "
                                     f"{lo + 1} to {hi - 1} may be Pendulum Summoned",
    ("pendulum_zones", 2): lambda p, n: f"{p} has {_plural(n, 'Pendulum Monster')} in their "
                                        "Pendulum Zones, not 2",
    ("extra_deck_room", 3): lambda p, e, n: f"{_plural(e, 'monster')} named from the Extra Deck; "
                                            f"{p} has room for {n} there (an Extra Monster Zone "
                                            "or a free linked zone)",
    ("main_zones_free", 2): lambda p, n: f"{p} has {_plural(n, 'free Main Monster Zone')}",
    ("nothing_to_summon", 3): lambda s, m, k: (
        f"none of the {_plural(k, str(m).capitalize() + ' Monster')} {s} may summon has "
        + ("materials" if m == "fusion" else "Tributes")
        + " in the places it names, and a zone once they leave"),
}


def fact_object(symbol: Any) -> dict[str, Any]:
    """One fact term as {fact, args, text}."""
    args = [plain(a) for a in symbol.arguments]
    wording = WORDING.get((symbol.name, len(args)))
    text = wording(*args) if wording else f"{symbol.name}({', '.join(map(str, args))})"
    return {"fact": symbol.name, "args": args, "text": text}


def reason_facts(answer: Answer, request_id: str,
                 legal: bool = False) -> dict[str, list[dict[str, Any]]]:
    """The facts each rule that refuses a request (or, for a legal one, each requirement it
    meets) rests on, rule ID -> facts, in a stable order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for atom in answer.of("support_fact" if legal else "refusal_fact"):
        if str(atom.arguments[0]) != request_id:
            continue
        found.setdefault(atom.arguments[1].string, []).append(fact_object(atom.arguments[2]))
    order = [name for name, _ in WORDING]

    def key(fact: dict[str, Any]) -> tuple[int, str, list[str]]:
        rank = order.index(fact["fact"]) if fact["fact"] in order else len(order)
        return (rank, fact["fact"], [str(a) for a in fact["args"]])

    return {rule: sorted(facts, key=key) for rule, facts in found.items()}
