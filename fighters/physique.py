"""Plausible bodies for a weight class: height, reach and weigh-in weight.

Typical heights follow the professional divisions (a flyweight is about 1.63 m,
a welterweight 1.78 m, a heavyweight 1.95 m); reach runs a few centimetres longer
than height. Pure functions fed by a ``random.Random``.
"""

from __future__ import annotations

import random

from .weight_classes import LIMIT_LB, lower_limit_lb

TYPICAL_HEIGHT_CM = {
    "minimumweight": 157,
    "light_flyweight": 160,
    "flyweight": 163,
    "super_flyweight": 165,
    "bantamweight": 167,
    "super_bantamweight": 169,
    "featherweight": 170,
    "super_featherweight": 172,
    "lightweight": 174,
    "super_lightweight": 176,
    "welterweight": 178,
    "super_welterweight": 180,
    "middleweight": 182,
    "super_middleweight": 184,
    "light_heavyweight": 186,
    "cruiserweight": 189,
    "heavyweight": 195,
}
HEIGHT_SPREAD_CM = 10  # the most a generated fighter differs from his class's typical height
HEAVYWEIGHT_MAX_LB = 260


def height_range(weight_class: str) -> tuple[int, int]:
    typical = TYPICAL_HEIGHT_CM[weight_class]
    return typical - HEIGHT_SPREAD_CM, typical + HEIGHT_SPREAD_CM


def reach_range(height_cm: int) -> tuple[int, int]:
    return height_cm - 6, height_cm + 14


def weight_range_lb(weight_class: str) -> tuple[float, float]:
    """(above the class below, up to this class's limit); heavyweights up to 260 lb."""
    high = LIMIT_LB[weight_class] or HEAVYWEIGHT_MAX_LB
    return lower_limit_lb(weight_class), float(high)


def draw_height_cm(rng: random.Random, weight_class: str) -> int:
    low, high = height_range(weight_class)
    return max(low, min(high, round(rng.gauss(TYPICAL_HEIGHT_CM[weight_class], 4.5))))


def draw_reach_cm(rng: random.Random, height_cm: int) -> int:
    low, high = reach_range(height_cm)
    return max(low, min(high, round(rng.gauss(height_cm + 3, 4))))


def draw_weight_lb(rng: random.Random, weight_class: str) -> int:
    """A weigh-in weight inside the class (whole pounds, above the class below)."""
    low, high = weight_range_lb(weight_class)
    return rng.randint(int(low) + 1, int(high))
