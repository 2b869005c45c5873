"""Write ASP facts: a snapshot whose shape is right, card definitions, and requests.

A plain serializer: it writes what the snapshot says, in the raw vocabulary that only
asp/input.lp reads (docs/facts.md). Defaults and every decision are left to the rules.
"""

from __future__ import annotations

from typing import Any

from .cards import CardDefinition
from .registry import registry
from .schema import Snapshot
from .vocabulary import PLAYER_CONSTANTS


def term(value: Any) -> str:
    """One Python value as an ASP term: ints stay, booleans and players become constants,
    everything else becomes a quoted string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text in PLAYER_CONSTANTS:
        return PLAYER_CONSTANTS[text]
    return quoted(text)


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def constant(value: Any) -> str:
    """A word of the vocabulary (zone, phase, event name ...) as an ASP constant; the shape
    checker has made sure it is one."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text in PLAYER_CONSTANTS:
        return PLAYER_CONSTANTS[text]
    return text


# The keys of a description whose values are texts (a Type, an Attribute, a name, an
# archetype), written as strings; every other value is a constant.
TEXT_KEYS = ("type", "attribute", "name", "archetype", "except_archetype", "types", "attributes",
             "summoned_by", "not_attribute", "token", "except_name", "by_your_type")


def described(key: str, value: Any) -> str:
    """The value of a description's key, as the rules read it."""
    return quoted(str(value)) if key in TEXT_KEYS else constant(value)


def target(value: Any) -> str:
    return "direct" if value == "direct" else term(value)


def snapshot_facts(snapshot: Snapshot) -> str:
    """The facts of the snapshot's state (definitions apart: definitions_facts)."""
    lines: list[str] = []
    add = lines.append
    state = snapshot.state
    for key in ("rules", "turn", "turn_player", "first_player", "phase", "step", "timing",
                "priority", "window", "next_phase"):
        if key in state and state[key] is not None:
            add(f"snapshot_state({key},{constant(state[key])}).")
    result = state.get("result") or {}
    if "reason" in result:
        add(f"snapshot_state(result,{constant(result['reason'])}).")
    if "winner" in result:
        add(f"snapshot_state(winner,{constant(result['winner'])}).")
    for player, amount in (state.get("lp") or {}).items():
        add(f"snapshot_life({constant(player)},{amount}).")
    for player, totals in (state.get("counts") or {}).items():
        for zone, amount in (totals or {}).items():
            add(f"snapshot_count({constant(player)},{zone},{amount}).")
    for entry in state.get("cards") or []:
        _card_facts(entry, add)
    for number, link in enumerate(state.get("chain") or [], start=1):
        add(f"snapshot_link({number},player,{constant(link['player'])}).")
        add(f"snapshot_link({number},card,{term(link['card'])}).")
        if "effect" in link:
            add(f"snapshot_link({number},effect,{link['effect']}).")
        for key in ("kind", "from", "negated"):
            if key in link:
                add(f"snapshot_link({number},{key},{constant(link[key])}).")
        if link.get("by_effect_of"):
            add(f"snapshot_link({number},by_effect_of,{term(link['by_effect_of'])}).")
        if "declared" in link:
            add(f"snapshot_link({number},declared,{quoted(str(link['declared']))}).")
        if link.get("resolved"):
            add(f"snapshot_link({number},resolved,true).")
        if link.get("co_linked"):
            add(f"snapshot_link({number},co_linked,true).")
        if link.get("in_defense_position"):
            add(f"snapshot_link({number},in_defense_position,true).")
        for chosen in link.get("targets") or []:
            add(f"snapshot_link({number},target,{term(chosen)}).")
        for paid in (link.get("cost") or {}).get("banish") or []:
            add(f"snapshot_link({number},cost_banish,{term(paid)}).")
        for paid in (link.get("cost") or {}).get("send_to_graveyard") or []:
            add(f"snapshot_link({number},cost_send,{term(paid)}).")
        damage = link.get("damage_taken")
        if isinstance(damage, dict):
            add(f"snapshot_link({number},damage_taken,({constant(damage['kind'])},"
                f"{int(damage['amount'])})).")
    for index, event in enumerate(state.get("events") or [], start=1):
        add(f"snapshot_event({index},event,{constant(event['event'])}).")
        if "card" in event:
            add(f"snapshot_event({index},card,{term(event['card'])}).")
        for card_id in event.get("cards") or []:
            add(f"snapshot_event({index},card,{term(card_id)}).")
        for card_id in event.get("vanished") or []:
            add(f"snapshot_event({index},vanished,{term(card_id)}).")
        for card_id in event.get("pointed_by") or []:
            add(f"snapshot_event({index},pointed_by,{term(card_id)}).")
        for key in ("player", "how", "by", "from", "to", "kind", "phase", "step", "timing",
                    "face", "destroyer"):
            if key in event:
                add(f"snapshot_event({index},{key},{constant(event[key])}).")
        for key in ("amount", "effect", "link"):
            if key in event:
                add(f"snapshot_event({index},{key},{event[key]}).")
        if "target" in event:
            add(f"snapshot_event({index},target,{target(event['target'])}).")
        if event.get("followed"):
            add(f"snapshot_event({index},followed,true).")
    for index, item in enumerate(state.get("pending") or [], start=1):
        add(f"snapshot_pending({index},player,{constant(item['player'])}).")
        add(f"snapshot_pending({index},card,{term(item['card'])}).")
        add(f"snapshot_pending({index},effect,{item['effect']}).")
        for card_id in item.get("event_cards") or []:
            add(f"snapshot_pending({index},event_cards,{term(card_id)}).")
    this_turn = state.get("this_turn") or {}
    for key in ("normal_summon_used", "pendulum_summon_used", "summoned", "activated",
                "monster_effect_in_main_phase"):
        for player in this_turn.get(key) or []:
            add(f"snapshot_this_turn({key},{constant(player)}).")
    for item in this_turn.get("effects") or []:
        until = constant(item["until"]) if "until" in item else "none"
        source = term(item["source"]) if "source" in item else "none"
        name = f",{quoted(str(item['name']))}" if "name" in item else \
            f",{int(item['column'])}" if "column" in item else \
            f",{constant(item['monster_card_type'])}" if "monster_card_type" in item else ""
        if "attribute" in item:
            name += f",{quoted(str(item['attribute']))}"
        add(f"snapshot_this_turn(effect,({constant(item['player'])},{constant(item['kind'])},"
            f"{until},{source}{name})).")
    for card_id in this_turn.get("battle_phase_monsters") or []:
        add(f"snapshot_this_turn(battle_phase_monsters,{term(card_id)}).")
    for item in this_turn.get("summon_count") or []:
        add(f"snapshot_this_turn(summon_count,({constant(item['player'])},{int(item['count'])})).")
    for kind in this_turn.get("battled_kinds") or []:
        add(f"snapshot_this_turn(battled_kinds,{constant(kind)}).")
    for item in this_turn.get("procedures_used") or []:
        add(f"snapshot_this_turn(procedures_used,({constant(item['player'])},"
            f"{term(item['name'])},{int(item['procedure'])})).")
    for item in this_turn.get("destroyed_by_battle") or []:
        add(f"snapshot_this_turn(destroyed_by_battle,({term(item['card'])},{term(item['by'])})).")
    for item in this_turn.get("used") or []:
        add(f"snapshot_this_turn(used,({constant(item['player'])},{term(item['name'])},"
            f"{item['effect']})).")
    battle = state.get("battle") or {}
    if battle.get("attacker"):
        add(f"snapshot_battle(attacker,{term(battle['attacker'])}).")
    if battle.get("target"):
        add(f"snapshot_battle(target,{target(battle['target'])}).")
    for key in ("replay", "calculated"):
        if battle.get(key):
            add(f"snapshot_battle({key},true).")
    for card_id in battle.get("destroyed") or []:
        add(f"snapshot_battle(destroyed,{term(card_id)}).")
    return "\n".join(lines) + "\n"


def _card_facts(fields: dict[str, Any], add: Any) -> None:
    ident = term(fields["id"])
    add(f"snapshot_card({ident},name,{quoted(fields['name'])}).")
    for key in ("owner", "controller", "zone", "face", "position", "treated_as"):
        if fields.get(key) is not None:
            add(f"snapshot_card({ident},{key},{constant(fields[key])}).")
    if fields.get("slot") is not None:
        add(f"snapshot_card({ident},slot,{constant(fields['slot'])}).")
    for key in ("since_turn", "flipped_turn", "attacks", "atk", "def", "level", "from_top"):
        if fields.get(key) is not None:
            add(f"snapshot_card({ident},{key},{fields[key]}).")
    for key in ("attribute", "type"):
        if fields.get(key) is not None:
            add(f"snapshot_card({ident},{key},{quoted(str(fields[key]))}).")
    for key in ("attacked", "position_changed", "battled", "token", "revealed"):
        if fields.get(key) is True:
            add(f"snapshot_card({ident},{key},true).")
    summoned = fields.get("summoned") or {}
    if "how" in summoned:
        add(f"snapshot_card({ident},summoned_how,{constant(summoned['how'])}).")
    if "from" in summoned:
        add(f"snapshot_card({ident},summoned_from,{constant(summoned['from'])}).")
    if "turn" in summoned:
        add(f"snapshot_card({ident},summoned_turn,{summoned['turn']}).")
    if "by" in summoned:
        add(f"snapshot_card({ident},summoned_by,{quoted(summoned['by'])}).")
    for material in summoned.get("materials") or []:
        add(f"snapshot_card({ident},summoned_material,{term(material)}).")
    if "procedure" in summoned:
        add(f"snapshot_card({ident},summoned_procedure,{int(summoned['procedure'])}).")
    if summoned.get("properly") is True:
        add(f"snapshot_card({ident},properly_summoned,true).")
    damage = summoned.get("damage")
    if isinstance(damage, dict):
        add(f"snapshot_card({ident},summoned_damage,({constant(damage['kind'])},"
            f"{int(damage['amount'])})).")
    for number in fields.get("used_this_turn") or []:
        add(f"snapshot_card({ident},used_this_turn,{number}).")
    for key in ("equipped_to", "attached_to", "bound_to"):
        if fields.get(key):
            add(f"snapshot_card({ident},{key},{term(fields[key])}).")
    for chosen in fields.get("targets") or []:
        add(f"snapshot_card({ident},targets,{term(chosen)}).")
    for counter, amount in (fields.get("counters") or {}).items():
        add(f"snapshot_card({ident},counter,({counter},{amount})).")
    for key in ("temporary", "control"):
        for sub, value in (fields.get(key) or {}).items():
            shown = term(value) if sub in ("source", "by", "controller") else constant(value)
            add(f"snapshot_card({ident},{key},({sub},{shown})).")
    for index, modifier in enumerate(fields.get("modifiers") or [], start=1):
        for key, value in modifier.items():
            if value is None:   # null is the key left out (shapes.py: Until is nullable)
                continue
            if key == "source":
                shown = term(value)
            elif key == "until" and isinstance(value, dict):
                shown = f"turns({int(value.get('turns', 1))})"
            else:
                shown = constant(value)
            add(f"snapshot_modifier({ident},{index},{key},{shown}).")


def definitions_facts(definitions: dict[str, CardDefinition]) -> str:
    lines: list[str] = []
    for name in sorted(definitions):
        lines.extend(definition_facts(name, definitions[name]))
    return "\n".join(lines) + "\n"


def material_facts(ident: str, materials: Any) -> list[str]:
    """The material line as descriptions (docs/facts.md): one fact per key of each group
    (`group`) and each `including` entry; an unmodelled line is kept as its text."""
    if not isinstance(materials, dict):
        return []
    out: list[str] = []
    if materials.get("unmodelled") is True:
        out.append(f"definition({ident},materials_unmodelled,"
                   f"{quoted(str(materials.get('line', 'its material line')))}).")
    if materials.get("different_names") is True:
        out.append(f"definition({ident},materials_different_names,true).")
    for part, asp_part in (("groups", "group"), ("including", "including")):
        for index, group in enumerate(materials.get(part) or [], start=1):
            out.append(f"definition_material({ident},{asp_part},{index},any,any).")
            for key, value in group.items():
                # A list ("one of these Types") is one fact per value.
                for one in value if isinstance(value, list) else [value]:
                    shown = described(key, one)
                    out.append(f"definition_material({ident},{asp_part},{index},{key},{shown}).")
    # A further Xyz procedure on one monster (docs/cards.md `on_monster`): its group of one,
    # its once per turn and its conditions (those of the pseudo-effect procedure(2)).
    on_monster = materials.get("on_monster")
    if isinstance(on_monster, dict):
        out.append(f"definition_material({ident},on_monster,1,any,any).")
        out.append(f"definition_material({ident},on_monster,1,count,1).")
        for key, value in (on_monster.get("group") or {}).items():
            for one in value if isinstance(value, list) else [value]:
                out.append(f"definition_material({ident},on_monster,1,{key},"
                           f"{described(key, one)}).")
        if on_monster.get("once_per_turn"):
            out.append(f"definition({ident},on_monster_once_per_turn,true).")
        for index, condition in enumerate(on_monster.get("requires") or [], start=1):
            for key, value in condition.items():
                out.append(f"definition_requirement({ident},procedure(2),{index},{key},"
                           f"{described(key, value)}).")
    return out


def definition_facts(name: str, card: CardDefinition) -> list[str]:
    """The facts of one card definition (docs/facts.md)."""
    out: list[str] = []
    ident = quoted(name)
    for key in ("category", "kind", "revival_limit", "summoned_only_by"):
        if key in card:
            out.append(f"definition({ident},{key},{constant(card[key])}).")
    for key in ("level", "rank", "link", "scale", "atk", "def", "tributes", "passcode",
                "maintenance_lp", "maintenance_detach"):
        if key in card:
            out.append(f"definition({ident},{key},{card[key]}).")
    for key in ("attribute", "type"):
        if key in card:
            out.append(f"definition({ident},{key},{quoted(str(card[key]))}).")
    for key in ("cannot_normal_summon", "no_normal_summon_the_turn", "normal_set_only",
                "remains_on_field", "tuner", "flip",
                "effect_monster",
                "archetypes_unknown", "hidden_card"):
        if card.get(key):
            out.append(f"definition({ident},{key},true).")
    if "unmodelled" in card:
        out.append(f"definition({ident},unmodelled,{quoted(str(card['unmodelled']))}).")
    for arrow in card.get("link_arrows") or []:
        out.append(f"definition({ident},link_arrow,{constant(arrow)}).")
    out.extend(material_facts(ident, card.get("materials")))
    # A Trap Monster's stats (as_monster), read by the rules only while it is one.
    as_monster = card.get("as_monster")
    if isinstance(as_monster, dict):
        for key in ("kind", "level", "atk", "def"):
            if key in as_monster:
                out.append(f"definition({ident},as_monster_{key},{constant(as_monster[key])}).")
        for key in ("attribute", "type"):
            if key in as_monster:
                out.append(f"definition({ident},as_monster_{key},"
                           f"{quoted(str(as_monster[key]))}).")
    given = card.get("inherent_summon")
    procedures = given if isinstance(given, list) else [given]
    # The procedures after the first, numbered from 2 (they have no cost).
    for number, further in enumerate(procedures[1:], start=2):
        if not isinstance(further, dict):
            continue
        out.append(f"definition({ident},further_procedure,"
                   f"({number},{constant(further.get('from', 'hand'))})).")
        for index, condition in enumerate(further.get("requires") or [], start=1):
            for key, value in condition.items():
                shown = described(key, value)
                out.append(f"definition_requirement({ident},procedure({number}),{index},{key},"
                           f"{shown}).")
        for key in ("to", "position"):
            if key in further:
                out.append(f"definition({ident},further_procedure_{key},"
                           f"({number},{constant(further[key])})).")
    procedure = procedures[0]
    if isinstance(procedure, dict):
        place = constant(procedure.get("from", "hand"))
        out.append(f"definition({ident},inherent_summon,{place}).")
        for index, condition in enumerate(procedure.get("requires") or [], start=1):
            for key, value in condition.items():
                shown = described(key, value)
                out.append(f"definition_requirement({ident},procedure,{index},{key},{shown}).")
        for key in ("to", "position", "face", "leaves_to"):
            if key in procedure:
                out.append(f"definition({ident},inherent_{key},{constant(procedure[key])}).")
        cost = procedure.get("cost")
        if isinstance(cost, dict):
            out.append(f"definition({ident},inherent_cost,{constant(cost.get('how'))}).")
            for key in ("where", "controller", "what", "face"):  # defaults: asp/input.lp
                given_value = cost.get(key)
                # A list of places ("from your hand, field, and/or Extra Deck"): one fact each.
                for one in given_value if isinstance(given_value, list) else [given_value]:
                    if one is not None:
                        out.append(f"definition({ident},inherent_cost_{key},{constant(one)}).")
            # The cards it takes: groups like a material line's, under the part `cost`.
            for line in material_facts(ident, {"groups": cost.get("groups") or []}):
                out.append(line.replace(f"definition_material({ident},group,",
                                        f"definition_material({ident},cost,"))
    if "one_face_up_only" in card:
        out.append(f"definition({ident},one_face_up_only,{quoted(str(card['one_face_up_only']))}).")
    for archetype in card.get("archetypes") or []:
        out.append(f"definition({ident},archetype,{quoted(str(archetype))}).")
    for number, effect in enumerate(card.get("effects") or [], start=1):
        prefix = f"{ident},{number}"
        out.append(f"definition_effect({prefix},kind,{effect['kind']}).")
        for key in ("speed", "turn", "timing", "wording", "once_per_turn", "damage_step",
                    "pledge", "declares", "not_answered_by_player", "per_chain_up_to"):
            if key in effect:
                out.append(f"definition_effect({prefix},{key},{constant(effect[key])}).")
        for key in ("optional", "changes_stats", "pendulum_effect", "once_while_face_up",
                    "once_per_chain"):
            if effect.get(key) is True:
                out.append(f"definition_effect({prefix},{key},true).")
        for key in ("unmodelled", "unmodelled_condition"):
            if key in effect:
                out.append(f"definition_effect({prefix},{key},{quoted(str(effect[key]))}).")
        for key in ("from", "phase", "negates", "not_answered_by"):
            for value in effect.get(key) or []:
                out.append(f"definition_effect({prefix},{key},{constant(value)}).")
        for role in ("when", "trigger"):
            event = effect.get(role)
            if not event:
                continue
            for key in ("event", "player", "card", "on_field", "alone", "by", "kind", "activation",
                        "what", "from", "direct", "min_atk", "max_atk", "to_linked_zone",
                        "face_down_too", "sent_to_graveyard", "inflicted_by"):
                if key in event:
                    out.append(f"definition_event({prefix},{role},{key},{constant(event[key])}).")
            for key in ("name", "archetype"):
                if key in event:
                    out.append(f"definition_event({prefix},{role},{key},{quoted(str(event[key]))}).")
            for how in event.get("how") or []:
                out.append(f"definition_event({prefix},{role},how,{constant(how)}).")
        for key, value in (effect.get("battle") or {}).items():
            if isinstance(value, dict):     # your_monster: the description of that monster
                out.append(f"definition_event({prefix},battle,{key},true).")
                for inner, text in value.items():
                    out.append(f"definition_event({prefix},battle_{key},{inner},"
                               f"{quoted(str(text))}).")
                continue
            shown = quoted(str(value)) if key in ("attribute", "type") else constant(value)
            out.append(f"definition_event({prefix},battle,{key},{shown}).")
        responds = effect.get("responds_to") or []
        for alternative, spec in enumerate(responds if isinstance(responds, list)
                                           else [responds], start=1):
            out.append(f"definition_responds_to({prefix},{alternative},any,any).")
            for key, value in spec.items():
                if key == "includes":       # each an operation and the place it takes from
                    for included in value:
                        out.append(f"definition_responds_to({prefix},{alternative},includes,"
                                   f"({constant(included['op'])},"
                                   f"{constant(included.get('from', 'any'))})).")
                    continue
                out.append(f"definition_responds_to({prefix},{alternative},{key},"
                           f"{described(key, value)}).")
        for group, spec in enumerate(effect.get("targets") or [], start=1):
            for key, value in spec.items():
                # "on the field or in either GY": one fact per place.
                for item in value if isinstance(value, list) else [value]:
                    shown = described(key, item)
                    out.append(f"definition_target({prefix},{group},{key},{shown}).")
        for index, condition in enumerate(effect.get("requires") or [], start=1):
            for key, value in condition.items():
                for item in value if isinstance(value, list) else [value]:
                    shown = described(key, item)
                    out.append(f"definition_requirement({prefix},{index},{key},{shown}).")
        for index, cost in enumerate(effect.get("cost") or [], start=1):
            for key, value in cost.items():
                for item in value if isinstance(value, list) else [value]:
                    shown = quoted(str(item)) if key in ("tribute_type", "type", "archetypes") \
                        else constant(item)
                    out.append(f"definition_cost({prefix},{index},{key},{shown}).")
        for part in ("does", "applies"):
            for index, operation in enumerate(effect.get(part) or [], start=1):
                for key, value in operation.items():
                    if isinstance(value, list):      # a pick's places (`from`)
                        for item in value:
                            out.append(f"definition_operation({prefix},{part},{index},{key},"
                                       f"{constant(item)}).")
                        continue
                    if key in TEXT_KEYS:
                        shown = quoted(str(value))
                    elif isinstance(value, str) and not value.replace("_", "").isalnum():
                        shown = quoted(value)
                    else:
                        shown = constant(value)
                    out.append(f"definition_operation({prefix},{part},{index},{key},{shown}).")
    return out


# --- requests: an action someone asks about (asp/request.lp) ---------------------------------

def request_facts(request_id: str, action: dict[str, Any]) -> str:
    """The facts of one request: each key the action gives, as the registry says a request
    names it (asp/registry.lp, request_key/2), once for each card of a list. The action's
    shape was checked by actions.check_action."""
    found = registry()
    lines: list[str] = []
    for key in found.keys:
        if key.name not in action:
            continue
        given = action[key.name]
        entries = ([(f"{key.name}.{sub}", value) for sub, value in given.items()]
                   if key.value == "mapping" and isinstance(given, dict) else [(key.name, given)])
        for name, value in entries:
            asked = found.request_keys.get(name)
            if asked is None:
                continue
            kind = found.key(name).value
            for item in value if isinstance(value, list) else [value]:
                shown = term(item) if kind in ("card", "cards") else \
                    target(item) if kind.startswith("card_or") else \
                    quoted(str(item)) if kind == "text" else constant(item)
                lines.append(f"request({request_id},{asked},{shown}).")
    lines.extend(declared_card_facts(request_id, action.get("declare")))
    return "\n".join(lines) + "\n"


def declared_card_facts(request_id: str, declared: Any) -> list[str]:
    """What the library or the official list says of the card whose name a request declares
    (its kind: `request(Id, declared_kind, token)` for a Monster Token), so that the rules may
    judge whether that name may be declared (asp/request.lp); a word (a kind of monster card) or a
    name ygocheck does not know gives none (actions.py refuses an unknown name)."""
    from .checks import WORD
    from .known import by_name

    if not isinstance(declared, str) or WORD.match(declared):
        return []
    found = by_name(declared)
    kind = found.definition.get("kind") if found is not None else None
    return [f"request({request_id},declared_kind,{constant(kind)})."] if kind else []
