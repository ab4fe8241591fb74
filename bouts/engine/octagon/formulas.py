"""The seed's three formulas, as pure functions of plain numbers.

- ``strike_damage``: "Strike Damage Formula"
- ``stamina_penalty`` and ``takedown_chance``: "Takedown Success (Probabilistic)"
- ``submission_damage``: "Submission Damage Formula"

Each damage formula is a card's share plus the fighters' share (``strike_edge``,
``submission_edge``), the same for every card they play: the game reads every
card's damage at the fighters' edge at once (``damage``), with a fighter's current
(coached) stats. The unit tests check every formula on the seed's own fighters.
"""

from __future__ import annotations

from .catalogue import (
    GRAPPLER_BONUS,
    MIN_DAMAGE,
    STRIKER_BONUS,
    SUBMISSION_POSITION,
    TAKEDOWN_BASE,
    TAKEDOWN_MAX,
    TAKEDOWN_MIN,
    TAKEDOWN_STEP,
)


def strike_edge(
    striking: int, defense: int, *, striker: bool = False, training: int = 0, blocked: int = 0
) -> int:
    """The fighters' share of the Strike Damage Formula, the same for every card they
    strike with: striking + striking bonus (Intense Training) - defense - defence
    buffs, + 2 if the striker is a Striker."""
    edge = striking + training - defense - blocked
    if striker:
        edge += STRIKER_BONUS
    return edge


def strike_damage_at(card_share: int, edge: int) -> int:
    """A strike's damage: the card's share (its damage, +3 for Ground and Pound) plus
    the fighters' ``strike_edge``, at least 1."""
    damage = card_share + edge
    return damage if damage > MIN_DAMAGE else MIN_DAMAGE


def strike_damage(
    card_damage: int,
    striking: int,
    defense: int,
    *,
    striker: bool = False,
    training: int = 0,
    gnp_bonus: int = 0,
    blocked: int = 0,
) -> int:
    """Card damage + striking + striking bonus (Intense Training) - defense
    + 2 if the striker is a Striker - defence buffs (+3 for Ground and Pound),
    at least 1."""
    edge = strike_edge(striking, defense, striker=striker, training=training, blocked=blocked)
    return strike_damage_at(card_damage + gnp_bonus, edge)


def stamina_penalty(stamina: int, max_stamina: int) -> int:
    """Defense lost against takedowns by a tired fighter.

    100-70 % stamina: 0; 70-50 %: 1; 50-30 %: 2; below 30 %: 3. A boundary value
    belongs to the fresher band (exactly 70 % -> 0, exactly 50 % -> 1, exactly
    30 % -> 2); integer arithmetic, no float rounding."""
    scaled = stamina * 100
    if scaled >= 70 * max_stamina:
        return 0
    if scaled >= 50 * max_stamina:
        return 1
    if scaled >= 30 * max_stamina:
        return 2
    return 3


def takedown_chance(
    grappling: int,
    card_bonus: int,
    defense: int,
    stamina: int,
    max_stamina: int,
    grappler: bool = False,
) -> int:
    """Success chance in whole percent: 50 + 10 x (attacker score - defender
    score), clamped to 10..90.

    attacker score = grappling + card bonus (+2 if Grappler);
    defender score = defense - stamina penalty."""
    attack = grappling + card_bonus + (GRAPPLER_BONUS if grappler else 0)
    guard = defense - stamina_penalty(stamina, max_stamina)
    chance = TAKEDOWN_BASE + TAKEDOWN_STEP * (attack - guard)
    if chance < TAKEDOWN_MIN:
        return TAKEDOWN_MIN
    if chance > TAKEDOWN_MAX:
        return TAKEDOWN_MAX
    return chance


def submission_edge(attacker_grappling: int, defender_grappling: int, position: int) -> int:
    """The fighters' share of the Submission Damage Formula in half points, the same
    for every submission: attacker grappling - defender grappling + 2 x position
    (+2 the attacker has the advantage, -2 the defender has it, 0 otherwise)."""
    return attacker_grappling - defender_grappling + 2 * SUBMISSION_POSITION * position


def submission_damage_at(card_damage: int, edge: int) -> int:
    """A submission's damage: the card's damage plus half the fighters'
    ``submission_edge``, halves exact and rounded down once, at least 1."""
    damage = (2 * card_damage + edge) // 2
    return damage if damage > MIN_DAMAGE else MIN_DAMAGE


def submission_damage(
    card_damage: int, attacker_grappling: int, defender_grappling: int, position: int
) -> int:
    """Card damage + attacker grappling / 2 - defender grappling / 2 + position
    (+2 attacker has the advantage, -2 the defender has it, 0 otherwise), at
    least 1. Halves are exact and the total is rounded down once at the end
    (``(2*card + att - def + 2*pos) // 2``), so 10 + 4.5 - 3 = 11.5 -> 11."""
    edge = submission_edge(attacker_grappling, defender_grappling, position)
    return submission_damage_at(card_damage, edge)
