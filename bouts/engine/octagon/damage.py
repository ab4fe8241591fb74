"""Every card's damage at once: the seed's damage formulas (``formulas``) over the
catalogue, by card code, at the fighters' edge (``formulas.strike_edge``,
``formulas.submission_edge``). A strike or a submission reads its damage here
(``effects``), and the league's corner weighs a whole hand with one lookup
(``policy.HealthPolicy.best_plays``).

A table depends only on the edge, which takes a few dozen values in all, and is made
once per edge; the fighters' stats give the edge, cached by the stats, which a bout's
fighters bring to decision after decision and a league's to bout after bout.
"""

from __future__ import annotations

from functools import lru_cache

from .catalogue import CARD_BY_CODE, STRIKE, SUBMISSION
from .formulas import strike_damage_at, strike_edge, submission_damage_at, submission_edge


@lru_cache(maxsize=256)
def strike_damages_at(edge: int) -> tuple:
    """Every card's damage as a strike (Ground and Pound's +3 in) at the fighters'
    ``edge``, by card code; 0 for a card that is not a strike."""
    return tuple(
        strike_damage_at(card.damage + card.bonus, edge)
        if card is not None and card.kind is STRIKE
        else 0
        for card in CARD_BY_CODE
    )


@lru_cache(maxsize=4096)
def strike_damages(striking: int, defense: int, striker: bool, training: int, blocked: int):
    """``strike_damages_at`` the edge of an attacker with these stats (Intense
    Training's bonus in ``training``) on a defender with this defense and these
    defence buffs (``blocked``)."""
    edge = strike_edge(striking, defense, striker=striker, training=training, blocked=blocked)
    return strike_damages_at(edge)


@lru_cache(maxsize=256)
def submission_damages_at(edge: int) -> tuple:
    """Every card's damage as a submission at the fighters' ``edge``, by card code;
    0 for a card that is not a submission."""
    return tuple(
        submission_damage_at(card.damage, edge)
        if card is not None and card.kind is SUBMISSION
        else 0
        for card in CARD_BY_CODE
    )


@lru_cache(maxsize=4096)
def submission_damages(attacker_grappling: int, defender_grappling: int, position: int):
    """``submission_damages_at`` the edge of these grappling stats and position (+1
    the attacker has the advantage, -1 the defender has it)."""
    return submission_damages_at(submission_edge(attacker_grappling, defender_grappling, position))
