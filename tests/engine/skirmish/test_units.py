"""units.py: a card's margin follows its damage and fatigue; the smart target is the
rules' choice, its preferences compared one after the other; can_hurt is the rule."""

import itertools
import random

from bouts.engine.skirmish.policy import can_hurt, smart_target
from bouts.engine.skirmish.units import make_units


def card(n, attack, defence, health):
    return {
        "id": n,
        "name": f"C{n}",
        "attack": attack,
        "defence": defence,
        "speed": 1,
        "health": health,
        "multi_attack": 1,
    }


def test_the_margin_is_health_less_fatigue_and_damage_as_they_are_set():
    (unit,) = make_units("red", [card(1, 3, 2, 9)], None)
    assert unit.margin == 9
    unit.damage = 4
    unit.set_fatigue(3)
    assert unit.margin == 2 and unit.damage_taken == 4 and unit.fatigue == 3
    unit.damage = 12
    assert unit.margin == -6


def the_rules_choice(attacker, enemies):
    """The smart target by its rules, compared one after the other (the first wins a tie)."""
    return min(
        enemies,
        key=lambda e: (
            e.margin < 0,
            not can_hurt(attacker, e),
            e.defence == 0,
            e.margin,
            -e.attack,
        ),
    )


def test_the_smart_target_is_the_rules_choice_on_random_cards():
    rng = random.Random(7)
    for _ in range(3000):
        cards = [
            card(n, rng.randrange(10), rng.choice((0, 0, 1, 5, 9)), rng.randrange(1, 21))
            for n in range(rng.randrange(2, 8))
        ]
        attacker, *enemies = make_units("red", cards, None)
        for enemy in enemies:
            enemy.damage = rng.randrange(enemy.health + 30)
            enemy.set_fatigue(rng.randrange(20))
            enemy.acted = rng.random() < 0.5
        assert smart_target(attacker, enemies) is the_rules_choice(attacker, enemies)


def test_can_hurt_is_attack_above_defence_or_equal_on_a_card_that_has_acted():
    for attack, defence, acted in itertools.product(range(10), range(10), (False, True)):
        attacker, defender = make_units(
            "red", [card(1, attack, 0, 5), card(2, 0, defence, 5)], None
        )
        defender.acted = acted
        expected = attack > defence or (attack == defence and attack > 0 and acted)
        assert can_hurt(attacker, defender) == expected
