"""The seed's formulas (formulas.py), on the seed's own fighters, and every card's damage
at once (damage.py)."""

import pytest

from bouts.engine.octagon.catalogue import TECHNIQUES
from bouts.engine.octagon.damage import strike_damages, submission_damages
from bouts.engine.octagon.formulas import (
    stamina_penalty,
    strike_damage,
    submission_damage,
    takedown_chance,
)

from .support import ISLAM, MERAB, OLIVEIRA, PEREIRA, VOLK


# --- strikes: Card Damage + Striking + Striking Bonus - Defense (+2 Striker)
#     - Defense Buffs, Ground and Pound +3, minimum 1
def test_strike_damage_card_plus_striking_minus_defense():
    # Volkanovski (balanced, S8) Power Cross (6) on Makhachev (D8): 6 + 8 - 8 = 6
    assert strike_damage(6, VOLK["striking"], ISLAM["defense"]) == 6


def test_striker_style_adds_two():
    # Pereira (striker, S10) Head Kick (10) on Volkanovski (D9): 10 + 10 - 9 + 2 = 13
    assert strike_damage(10, PEREIRA["striking"], VOLK["defense"], striker=True) == 13


def test_intense_training_adds_its_striking_bonus():
    assert strike_damage(6, 8, 8, training=3) == 9


def test_defence_buffs_are_taken_off():
    assert strike_damage(8, 8, 8, blocked=5) == 3  # Block
    assert strike_damage(8, 8, 8, blocked=3) == 5  # Parry
    assert strike_damage(8, 8, 8, blocked=8) == 1  # Slip Counter: 0 -> minimum 1


def test_ground_and_pound_bonus():
    # Makhachev G&P (6, +3) on Pereira (D6): 6 + 6 - 6 + 3 = 9
    assert strike_damage(6, ISLAM["striking"], PEREIRA["defense"], gnp_bonus=3) == 9


def test_strike_minimum_one_damage():
    assert strike_damage(3, 1, 20) == 1
    assert strike_damage(3, 1, 20, blocked=8) == 1


# --- takedowns: stamina penalties, 50 % + 10 % per point, clamped 10..90
@pytest.mark.parametrize(
    ("stamina", "penalty"),
    [(40, 0), (28, 0), (27, 1), (20, 1), (19, 2), (12, 2), (11, 3), (1, 3), (0, 3)],
)
def test_stamina_penalty_bands(stamina, penalty):
    # max 40: 70 % = 28, 50 % = 20, 30 % = 12 (a boundary belongs to the fresher band)
    assert stamina_penalty(stamina, 40) == penalty


def test_takedown_even_scores_are_fifty_percent():
    # Volkanovski (G8) Clinch (+2) = 10 vs a D10 fresh defender
    assert takedown_chance(8, 2, 10, 40, 40) == 50


def test_takedown_ten_percent_per_point():
    # Volkanovski Clinch (8 + 2 = 10) vs Makhachev (D8, fresh): 50 + 20 = 70
    assert takedown_chance(VOLK["grappling"], 2, ISLAM["defense"], 40, 40) == 70
    assert takedown_chance(8, 2, 9, 40, 40) == 60
    assert takedown_chance(8, 2, 11, 40, 40) == 40


def test_grappler_style_adds_two():
    # Merab (grappler, G9) Clinch on Volkanovski (D9): 9 + 2 + 2 = 13 vs 9 -> 90
    assert takedown_chance(MERAB["grappling"], 2, VOLK["defense"], 42, 42, grappler=True) == 90
    assert takedown_chance(5, 2, 9, 42, 42, grappler=True) == 50
    assert takedown_chance(5, 2, 9, 42, 42) == 30


def test_tired_defender_is_easier_to_take_down():
    # Pereira (G4, striker: no bonus) Single Leg (+2) = 6 vs Makhachev D8 at falling stamina
    assert takedown_chance(4, 2, 8, 40, 40) == 30
    assert takedown_chance(4, 2, 8, 27, 40) == 40  # below 70 %: -1 defense
    assert takedown_chance(4, 2, 8, 19, 40) == 50  # below 50 %: -2 defense
    assert takedown_chance(4, 2, 8, 11, 40) == 60  # below 30 %: -3 defense


def test_takedown_clamped_to_10_and_90():
    # Makhachev (grappler, G10) Double Leg (+3) on Pereira (D6): 15 vs 6 -> 140 -> 90
    assert takedown_chance(ISLAM["grappling"], 3, PEREIRA["defense"], 34, 34, grappler=True) == 90
    # Pereira (G4) Clinch on a coached Volkanovski (D12): 6 vs 12 -> -10 -> 10
    assert takedown_chance(PEREIRA["grappling"], 2, 12, 42, 42) == 10


# --- submissions: Card + Att Grappling / 2 - Def Grappling / 2 +-2 position, minimum 1
def test_submission_with_advantage():
    # Makhachev (G10) Armbar (12) from top on Oliveira (G10): 12 + 5 - 5 + 2 = 14
    assert submission_damage(12, ISLAM["grappling"], OLIVEIRA["grappling"], 1) == 14


def test_submission_off_the_back():
    # Oliveira (G10) Triangle (13) from his back on Makhachev (G10): 13 + 5 - 5 - 2 = 11
    assert submission_damage(13, OLIVEIRA["grappling"], ISLAM["grappling"], -1) == 11


def test_grappling_defends_submissions():
    # Rear Naked Choke (15) by Makhachev from top: on Pereira (G4) vs on Oliveira (G10)
    assert submission_damage(15, 10, PEREIRA["grappling"], 1) == 20  # 15 + 5 - 2 + 2
    assert submission_damage(15, 10, OLIVEIRA["grappling"], 1) == 17  # 15 + 5 - 5 + 2


def test_submission_halves_round_down_once():
    # Merab (G9) Guillotine (10) from top on Pereira (G4): 10 + 4.5 - 2 + 2 = 14.5 -> 14
    assert submission_damage(10, MERAB["grappling"], PEREIRA["grappling"], 1) == 14
    # 10 + 4.5 - 5 + 0 = 9.5 -> 9
    assert submission_damage(10, 9, 10, 0) == 9


def test_submission_minimum_one_damage():
    assert submission_damage(10, 1, 20, -1) == 1


# (striking, defense, striker, training, blocked): weak to strong, buffs and bonuses
STRIKE_LINES = ((1, 20, False, 0, 8), (6, 8, True, 3, 0), (12, 3, False, 3, 5), (20, 1, True, 0, 0))
# (attacker grappling, defender grappling, position)
SUBMISSION_LINES = ((1, 20, -1), (10, 7, 1), (5, 5, -1), (20, 1, 1))


def test_every_cards_damage_at_the_fighters_edge_is_the_formulas():
    """damage.py reads each card's damage from a table made from the formulas; a card
    of another kind does none there."""
    for card in TECHNIQUES:
        for striking, defense, striker, training, blocked in STRIKE_LINES:
            got = strike_damages(striking, defense, striker, training, blocked)[card.code]
            if card.kind != "strike":
                assert got == 0
                continue
            expected = strike_damage(
                card.damage,
                striking,
                defense,
                striker=striker,
                training=training,
                gnp_bonus=card.bonus,
                blocked=blocked,
            )
            assert got == expected
        for attacker, defender, position in SUBMISSION_LINES:
            got = submission_damages(attacker, defender, position)[card.code]
            if card.kind != "submission":
                assert got == 0
                continue
            assert got == submission_damage(card.damage, attacker, defender, position)
