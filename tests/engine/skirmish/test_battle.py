"""Every statement of the combat calculation (seed 002), on crafted cards."""

from __future__ import annotations

from .helpers import Scripted, battle, c, unit


def one_cycle(b):
    b.cycle = 1
    return b.fight_cycle()


# --- speed order ------------------------------------------------------------------------
def test_cards_act_in_order_of_speed():
    b = battle([c(1, speed=2, attack=2), c(2, speed=9, attack=2)], [c(3, speed=5, attack=2)])
    one_cycle(b)
    attackers = [e["text"].split(" (")[0] for e in b.events if e["kind"] == "attack"]
    assert attackers == ["Card 2", "Card 3", "Card 1"]


def test_speed_ties_are_broken_by_a_fresh_roll_each_cycle():
    # red card 1 rolls 0.9, blue card 2 rolls 0.1: the lower roll goes first
    b = battle([c(1, speed=5)], [c(2, speed=5)], rng=Scripted([0.9, 0.1]))
    one_cycle(b)
    first = next(e for e in b.events if e["kind"] == "attack")
    assert first["side"] == "blue"


# --- attack against defence -----------------------------------------------------------------
def test_greater_attack_is_a_point_of_damage():
    b = battle([c(1, attack=5, speed=9)], [c(2, defence=4, attack=0, speed=1)])
    one_cycle(b)
    assert unit(b, "blue", 2).damage == 1 and unit(b, "red", 1).dealt == 1


def test_lower_attack_does_no_damage():
    b = battle([c(1, attack=3, speed=9)], [c(2, defence=4, attack=0, speed=1)])
    one_cycle(b)
    assert unit(b, "blue", 2).damage == 0


def test_equal_values_a_card_that_has_yet_to_act_is_not_hit():
    b = battle([c(1, attack=4, speed=9)], [c(2, defence=4, attack=0, speed=1)])
    one_cycle(b)
    assert unit(b, "blue", 2).damage == 0
    assert "has yet to act" in b.events[0]["text"]


def test_equal_values_a_card_that_has_already_acted_is_hit():
    b = battle([c(1, attack=4, speed=1)], [c(2, defence=4, attack=0, speed=9)])
    one_cycle(b)
    assert unit(b, "blue", 2).damage == 1


# --- fatigue ------------------------------------------------------------------------------
def test_a_point_of_fatigue_to_attacker_and_defender_in_all_cases():
    # a miss: attack 1 against defence 5 (blue attacks nothing it can hurt either)
    b = battle([c(1, attack=1, speed=9)], [c(2, defence=5, attack=0, speed=1)])
    one_cycle(b)
    red, blue = unit(b, "red", 1), unit(b, "blue", 2)
    # red attacked blue (+1 each); blue attacked red (defence 1: +1 each)
    assert red.fatigue == 2 and blue.fatigue == 2


def test_no_fatigue_when_the_defender_has_zero_defence():
    b = battle([c(1, attack=2, speed=9)], [c(2, defence=0, attack=0, speed=1)])
    one_cycle(b)
    red, blue = unit(b, "red", 1), unit(b, "blue", 2)
    # red's attack on a 0-defence card tires nobody; blue's attack on red (defence 1) tires both
    assert blue.damage == 1
    assert red.fatigue == 1 and blue.fatigue == 1


def test_every_card_acts_once_per_cycle():
    b = battle([c(1), c(2)], [c(3), c(4), c(5)])
    one_cycle(b)
    assert [u.attacks for s in ("red", "blue") for u in b.units[s]] == [1, 1, 1, 1, 1]


# --- multi-attack -----------------------------------------------------------------------------
def test_multi_attack_attacks_again_after_everyone_has_acted():
    b = battle([c(1, attack=5, speed=9, multi=3)], [c(2, defence=2, attack=0, speed=1)])
    one_cycle(b)
    kinds = [(e["kind"], e["side"]) for e in b.events if "attack" in e["kind"]]
    assert kinds == [
        ("attack", "red"),
        ("attack", "blue"),
        ("extra_attack", "red"),
        ("extra_attack", "red"),
    ]
    red, blue = unit(b, "red", 1), unit(b, "blue", 2)
    assert blue.damage == 3 and red.attacks == 3


def test_defenders_gain_no_fatigue_from_additional_attacks():
    b = battle([c(1, attack=5, speed=9, multi=2, defence=0)], [c(2, defence=2, attack=0, speed=1)])
    one_cycle(b)
    red, blue = unit(b, "red", 1), unit(b, "blue", 2)
    # red: +1 for each of its two attacks; blue: +1 for the first only (its own attack
    # hits a 0-defence card: no fatigue)
    assert red.fatigue == 2 and blue.fatigue == 1


# --- exhaustion -----------------------------------------------------------------------------
def test_exhausted_when_fatigue_plus_damage_exceeds_health():
    b = battle(
        [c(1, attack=5, speed=9)],
        [c(2, defence=2, attack=0, speed=1, health=2), c(3, defence=9, attack=0, speed=1)],
        red_aim=[2],
    )
    one_cycle(b)
    blue = unit(b, "blue", 2)
    # 1 damage + 1 fatigue (attacked) + 1 fatigue (its own attack on red, defence 1) = 3 > 2
    assert blue.fatigue + blue.damage == 3 and blue.exhausted and blue.exhausted_cycle == 1
    assert b.exhausts == {"red": 0, "blue": 1}


def test_equal_to_health_is_not_exhausted():
    b = battle([c(1, attack=5, speed=9)], [c(2, defence=2, attack=0, speed=1, health=3)])
    one_cycle(b)
    assert not unit(b, "blue", 2).exhausted


def test_exhausted_cards_are_removed_from_combat():
    b = battle(
        [c(1, attack=5, speed=9)],
        [c(2, defence=2, attack=0, speed=1, health=2), c(3, defence=1, attack=0, speed=1)],
        red_aim=[2],
    )
    one_cycle(b)
    b.cycle = 2
    b.fight_cycle()
    assert unit(b, "blue", 2).attacks == 1  # did not act in cycle 2
    assert all(
        e["text"].find("Card 2") < 0 for e in b.events if e["round"] == 2 and e["kind"] == "attack"
    )


def test_all_cards_of_a_side_exhausted_ends_the_battle():
    b = battle([c(1, attack=5, speed=9)], [c(2, defence=2, attack=0, speed=1, health=2)])
    assert b.fight() == ("red", "EXHAUSTION")
    both = battle(
        [c(1, attack=5, defence=2, speed=9, health=1)],
        [c(2, attack=5, defence=2, speed=1, health=1)],
    )
    assert both.fight() == (None, "EXHAUSTION")


# --- withdrawal and morale ------------------------------------------------------------------
def test_one_side_wants_to_withdraw_the_other_does_not():
    b = battle([c(1)], [c(2)], red_withdraw=True)
    assert one_cycle(b) == ("blue", "WITHDRAWAL")


def test_both_sides_withdraw_is_a_draw():
    b = battle([c(1)], [c(2)], red_withdraw=True, blue_withdraw=True)
    assert one_cycle(b) == (None, "WITHDRAWAL")


def morale_battle(trait, standing):
    """Blue loses two cards in cycle 1 and has ``standing`` left; red loses none."""
    blues = [c(10 + i, defence=2, attack=0, speed=1, health=1) for i in range(2)]
    blues += [c(20 + i, defence=9, attack=0, speed=1, health=9) for i in range(standing)]
    reds = [c(1, attack=5, speed=9), c(2, attack=5, speed=9)]
    return battle(reds, blues, red_aim=[10, 11], blue_trait=trait)


def test_morale_the_side_with_more_exhausts_must_withdraw_when_the_total_exceeds_cards_left():
    # 2 exhausts against 0; 1 card left: 2 > 1 -> withdraw
    b = morale_battle("none", 1)
    assert one_cycle(b) == ("red", "MORALE")
    assert b.morale == [{"cycle": 1, "side": "blue", "total": 2, "remaining": 1, "withdraw": True}]


def test_morale_holds_when_the_total_does_not_exceed_cards_left():
    b = morale_battle("none", 2)  # 2 > 2 is false
    assert one_cycle(b) is None
    assert b.morale[0]["withdraw"] is False


def test_humility_adds_one():
    b = morale_battle("humility", 2)  # 3 > 2
    assert one_cycle(b) == ("red", "MORALE")


def test_pride_deducts_one():
    b = morale_battle("pride", 1)  # 1 > 1 is false
    assert one_cycle(b) is None


def test_no_morale_check_when_exhausts_are_level():
    b = battle([c(1)], [c(2)])
    assert one_cycle(b) is None and b.morale == []


def test_no_morale_check_when_a_side_wants_to_withdraw():
    b = morale_battle("none", 1)
    b.policies["blue"].leave = True
    assert one_cycle(b) == ("red", "WITHDRAWAL") and b.morale == []


# --- the cycle limit -------------------------------------------------------------------------
def test_cycle_limit_more_cards_standing_wins():
    b = battle(
        [c(1, attack=0, defence=0), c(2, attack=0, defence=0)],
        [c(3, attack=0, defence=0)],
        cycles=3,
    )
    assert b.fight() == ("red", "CYCLES") and b.cycle == 3


def test_attack_zero_never_hurts_even_on_equal_values():
    b = battle([c(1, attack=0, defence=0, speed=9)], [c(2, attack=0, defence=0, speed=1)])
    one_cycle(b)
    assert unit(b, "red", 1).damage == 0 and unit(b, "blue", 2).damage == 0


def test_cycle_limit_level_is_a_draw():
    b = battle([c(1, attack=0, defence=0)], [c(2, attack=0, defence=0)], cycles=2)
    assert b.fight() == (None, "CYCLES")


def test_cycle_limit_then_margin():
    b = battle(
        [c(1, attack=0, defence=0, health=9)], [c(2, attack=0, defence=0, health=5)], cycles=2
    )
    assert b.fight() == ("red", "CYCLES")
