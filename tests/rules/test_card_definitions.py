"""What a card definition may say about the cards an operation acts on is decided by the rules
(asp/check.lp: which operations pick their cards, which cards an attack-redirecting operation
acts on, a group word the effect can never have), not by ygocheck's shape check. These run
check.lp on definition facts alone: every definition of the built-in library passes, and a
handwritten bad one is refused where it is wrong."""

from __future__ import annotations

from ygocheck.cards import library
from ygocheck.facts import definitions_facts

from .conftest import one

MODULES = ("vocabulary.lp", "input.lp", "filters.lp", "check.lp")


def definition_errors(facts: str) -> set[str]:
    """The definition and operation each error/4 about a definition names: "Name op(E,Part,I)"."""
    return {f"{s.arguments[0].arguments[0].string} {s.arguments[1]}"
            for s in one(MODULES, facts).atoms
            if s.name == "error" and s.arguments[0].name == "definition"}


def test_every_definition_of_the_library_acts_on_cards_it_can_have() -> None:
    assert definition_errors(definitions_facts(library())) == set()


def test_a_bad_operation_group_is_refused_at_its_operation() -> None:
    facts = """
    definition("Bad",category,trap). definition("Bad",kind,normal).
    definition_effect("Bad",1,kind,activation).
    definition_operation("Bad",1,does,1,op,change_atk).
    definition_operation("Bad",1,does,1,what,picked).
    definition_operation("Bad",1,does,2,op,destroy).
    definition_operation("Bad",1,does,2,what,summoned_monster).
    definition_operation("Bad",1,does,3,op,change_attack_target).
    definition_operation("Bad",1,does,3,what,self).
    """
    errors = definition_errors(facts)
    # A pick by an operation that picks nothing (MISC-91); a summoned monster a Trap's activation
    # that answers no summon never has. change_attack_target on itself is what its rule reads.
    assert errors == {"Bad operation(1,does,1)", "Bad operation(1,does,2)"}
    # Answering a summon, the same effect has that monster.
    facts += 'definition_event("Bad",1,when,event,summoned).'
    assert definition_errors(facts) == {"Bad operation(1,does,1)"}


def test_effect_monster_is_only_beside_another_frame() -> None:
    # CARD-17: "Effect" beside a Synchro frame is the card's information; a Normal Monster has
    # no effects and a kind `effect` card is an Effect Monster already.
    synchro = ('definition("Rose",category,monster). definition("Rose",kind,synchro). '
               'definition("Rose",effect_monster,true).')
    assert definition_errors(synchro) == set()
    normal = ('definition("Plain",category,monster). definition("Plain",kind,normal). '
              'definition("Plain",effect_monster,true).')
    assert definition_errors(normal) == {"Plain effect_monster"}


def test_archetypes_and_archetypes_unknown_exclude_each_other() -> None:
    both = ('definition("Ghost",category,monster). definition("Ghost",kind,effect). '
            'definition("Ghost",archetypes_unknown,true). '
            'definition("Ghost",archetype,"Altergeist").')
    assert definition_errors(both) == {"Ghost archetypes"}
    assert definition_errors(both.replace('definition("Ghost",archetype,"Altergeist").', "")) \
        == set()


def test_damage_equal_to_the_damage_before_needs_a_damage_before_it() -> None:
    # CHAIN-94: Ring of Destruction's "then inflict damage to your opponent equal to the damage
    # you took" reads the operation before it; on a gain of LP, or after no damage, it reads
    # nothing, and it names no monster.
    facts = """
    definition("Bad",category,trap). definition("Bad",kind,normal).
    definition_effect("Bad",1,kind,activation).
    definition_operation("Bad",1,does,1,op,destroy).
    definition_operation("Bad",1,does,1,what,self).
    definition_operation("Bad",1,does,2,op,damage).
    definition_operation("Bad",1,does,2,player,opponent).
    definition_operation("Bad",1,does,2,equal_to,damage_before).
    definition_operation("Bad",1,does,3,op,damage).
    definition_operation("Bad",1,does,3,player,you).
    definition_operation("Bad",1,does,3,equal_to,damage_before).
    definition_operation("Bad",1,does,3,what,self).
    """
    assert definition_errors(facts) == {"Bad operation(1,does,2)", "Bad operation(1,does,3)"}


def test_the_new_words_of_several_step_effects_are_read_where_they_belong() -> None:
    # CONT-95: `leaves_to` is said of a Special Summon; CHAIN-94: `all` is a discard's,
    # `as_many_as: discarded` a draw's right after a discard (Card Destruction).
    facts = """
    definition("Bad",category,spell). definition("Bad",kind,normal).
    definition_effect("Bad",1,kind,activation).
    definition_operation("Bad",1,does,1,op,draw).
    definition_operation("Bad",1,does,1,player,you).
    definition_operation("Bad",1,does,1,all,true).
    definition_operation("Bad",1,does,2,op,draw).
    definition_operation("Bad",1,does,2,player,you).
    definition_operation("Bad",1,does,2,as_many_as,discarded).
    definition_operation("Bad",1,does,3,op,destroy).
    definition_operation("Bad",1,does,3,what,self).
    definition_operation("Bad",1,does,3,leaves_to,banished).
    """
    assert definition_errors(facts) == {"Bad operation(1,does,1)", "Bad operation(1,does,2)",
                                        "Bad operation(1,does,3)"}
